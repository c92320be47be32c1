import { LlmAgent, SequentialAgent } from '@iqai/adk';

import { rememberPlan } from '../callbacks.js';
import { lookupTicket } from '../tools.js';

const triage = new LlmAgent({
  name: 'triage',
  description: 'Greets the customer.',
  model: 'gemini-2.5-flash',
  instruction: 'Greet {customer} on the {plan} plan and look up their ticket.',
  tools: [lookupTicket],
  beforeAgentCallback: rememberPlan,
});

const resolver = new LlmAgent({
  name: 'resolver',
  description: 'Resolves the ticket.',
  model: 'gemini-2.5-flash',
  instruction: 'Resolve ticket {ticket} for {customer}; escalate to {manager} if needed.',
});

export const helpDesk = new SequentialAgent({ name: 'help_desk', description: 'Help desk.', subAgents: [triage, resolver] });
