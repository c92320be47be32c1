import { createTool } from '@iqai/adk';

export const findInvoice = createTool({
  name: 'find_invoice',
  description: "Finds the customer's last invoice.",
  fn: async (_args: unknown, toolContext: any) => {
    toolContext.state['invoice'] = 'INV-7';
    return { invoice: 'INV-7' };
  },
});

export const lookupTicket = createTool({
  name: 'lookup_ticket',
  description: "Finds the customer's open ticket.",
  fn: async (_args: unknown, toolContext: any) => {
    toolContext.state['ticket'] = 'T-42';
    return { ticket: 'T-42' };
  },
});
