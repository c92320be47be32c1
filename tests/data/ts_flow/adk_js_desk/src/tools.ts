import { FunctionTool } from '@google/adk';

export const lookupTicket = new FunctionTool({
  name: 'lookup_ticket',
  description: "Finds the customer's open ticket.",
  execute: async (_input: unknown, context?: any) => {
    context.state['ticket'] = 'T-42';
    return { ticket: 'T-42' };
  },
});

export const findInvoice = new FunctionTool({
  name: 'find_invoice',
  description: "Finds the customer's last invoice.",
  execute: async (_input: unknown, context?: any) => {
    context.state.set('invoice', 'INV-7');
    return { invoice: 'INV-7' };
  },
});
