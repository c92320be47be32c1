import { LlmAgent, ParallelAgent, SequentialAgent } from '@iqai/adk';

import { CHECK, SEARCH, STATE_KEYS, SUMMARY } from './prompts.js';
import { saveSources } from './tools.js';

const search = new LlmAgent({
  name: 'search',
  description: 'Searches.',
  instruction: SEARCH,
  tools: [saveSources],
  outputKey: STATE_KEYS.findings,
});

const check = new LlmAgent({ name: 'check', description: 'Checks.', instruction: CHECK });

const summary = new LlmAgent({
  name: 'summary',
  description: 'Summarises.',
  instruction: SUMMARY,
  outputKey: STATE_KEYS.summary,
  beforeAgentCallback: (callbackContext: any) => {
    callbackContext.state['mood'] = 'calm';
    return undefined;
  },
});

export const rootAgent = new SequentialAgent({
  name: 'research',
  description: 'Research pipeline.',
  subAgents: [search, new ParallelAgent({ name: 'both', description: 'Both.', subAgents: [check, summary] })],
});
