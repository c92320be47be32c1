import { LlmAgent, SequentialAgent } from '@iqai/adk';

import { rememberPlan } from '../callbacks.js';
import { findInvoice } from '../tools.js';

const clerk = new LlmAgent({
  name: 'clerk',
  description: 'Finds the invoice.',
  model: 'gemini-2.5-flash',
  instruction: 'Find the last invoice of {customer}.',
  tools: [findInvoice],
  beforeAgentCallback: rememberPlan,
});

const explainer = new LlmAgent({
  name: 'explainer',
  description: 'Explains the invoice.',
  model: 'gemini-2.5-flash',
  instruction: 'Explain invoice {invoice} on the {plan} plan.',
});

export const billingDesk = new SequentialAgent({ name: 'billing_desk', description: 'Billing.', subAgents: [clerk, explainer] });
