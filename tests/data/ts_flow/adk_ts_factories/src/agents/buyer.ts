import { LlmAgent } from '@iqai/adk';
import { saveHistory } from './tools.js';

export async function createBuyer() {
  const allTools = [saveHistory];
  return new LlmAgent({
    name: 'buyer',
    description: 'Buys and records it.',
    instruction: ['You buy one token.', 'The notifier said: {notice}.'].join('\n'),
    tools: allTools,
    outputKey: 'purchase',
  });
}
