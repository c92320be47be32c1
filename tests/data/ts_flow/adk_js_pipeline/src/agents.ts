import { FunctionTool, LlmAgent, SequentialAgent } from '@google/adk';

import { KEYS } from './keys.js';
import { CRITIC, WRITER } from './prompts.js';

const note = new FunctionTool({
  name: 'note',
  description: 'Notes the audience.',
  execute: async (_input: unknown, context?: any) => {
    context.state['audience'] = 'children';
    return { ok: true };
  },
});

export const writer = new LlmAgent({ name: 'writer', instruction: WRITER, tools: [note], outputKey: KEYS.draft });
const critic = new LlmAgent({ name: 'critic', instruction: CRITIC, outputKey: KEYS.review });

export const rootAgent = new SequentialAgent({ name: 'pipeline', subAgents: [writer, critic] });
