import { FunctionTool, LlmAgent, SequentialAgent } from '@google/adk';
import { z } from 'zod';

import { CRITIC_PROMPT, KEYS, WRITER_PROMPT } from './prompts.js';

const remember = new FunctionTool({
  name: 'remember_topic',
  description: 'Remembers the topic.',
  parameters: z.object({ topic: z.string() }),
  execute: async ({ topic }, context) => {
    context!.state[KEYS.topic] = topic; // adk-js writes nothing here (TPL025)
    return { ok: true };
  },
});

export const writer = new LlmAgent({
  name: 'writer',
  model: 'gemini-2.5-flash',
  instruction: WRITER_PROMPT,
  tools: [remember],
  outputKey: KEYS.draft,
});

export const critic = new LlmAgent({
  name: 'critic',
  model: 'gemini-2.5-flash',
  instruction: CRITIC_PROMPT,
});

export const rootAgent = new SequentialAgent({
  name: 'pipeline',
  subAgents: [writer, critic],
});
