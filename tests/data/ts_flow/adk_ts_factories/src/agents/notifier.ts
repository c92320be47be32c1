import { LlmAgent } from '@iqai/adk';

export async function createNotifier() {
  return new LlmAgent({
    name: 'notifier',
    description: 'Tells the user.',
    instruction: ['Tell the user about {purchase}.', 'History so far: {history}.', 'Budget: {budget}.'].join('\n'),
    outputKey: 'notice',
  });
}
