import { createTool } from '@iqai/adk';

export const saveSources = createTool({
  name: 'save_sources',
  description: 'Saves the sources found.',
  fn: async (_args: unknown, toolContext: any) => {
    toolContext.state['sources'] = ['a', 'b'];
    return { saved: true };
  },
});
