import { LlmAgent } from '@google/adk';

export const drafter = new LlmAgent({
  name: 'drafter',
  model: 'scripted',
  instruction: 'Draft from the {facts} about {topic}.',
  outputKey: 'draft',
});

export const checker = new LlmAgent({
  name: 'checker',
  model: 'scripted',
  instruction: 'Check {draft} against {facts}.',
});
