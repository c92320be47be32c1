import { createTool } from '@iqai/adk';
import { z } from 'zod';

export const saveHistory = createTool({
  name: 'save_history',
  description: 'Record what was bought.',
  schema: z.object({}),
  fn: (_params: unknown, context: any) => {
    context.state.set('history', 'bought one');
    return { saved: true };
  },
});
