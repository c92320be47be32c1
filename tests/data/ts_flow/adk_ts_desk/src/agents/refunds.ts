import { LlmAgent } from '@iqai/adk';

import { findInvoice } from '../tools.js';

export const refunds = new LlmAgent({
  name: 'refunds',
  description: 'Refunds an invoice.',
  model: 'gemini-2.5-flash',
  instruction: 'Refund {invoice} to {customer} on the {plan} plan.',
  tools: [findInvoice],
});
