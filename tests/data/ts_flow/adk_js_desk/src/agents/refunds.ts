import { LlmAgent } from '@google/adk';

import { findInvoice } from '../tools.js';

export const refunds = new LlmAgent({
  name: 'refunds',
  model: 'gemini-2.5-flash',
  instruction: 'Refund {invoice} to {customer} on the {plan} plan.',
  tools: [findInvoice],
});
