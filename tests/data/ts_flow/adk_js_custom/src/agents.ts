import { LlmAgent } from '@google/adk';

export const outline = new LlmAgent({
  name: 'outline',
  model: 'scripted',
  instruction: 'Outline an essay on {topic}, after the {draft}.',
  outputKey: 'plan',
});

export const writer = new LlmAgent({
  name: 'writer',
  model: 'scripted',
  instruction: 'Write an essay on {topic} following {plan}.',
  outputKey: 'draft',
});

export const editor = new LlmAgent({
  name: 'editor',
  model: 'scripted',
  instruction: 'Edit {draft} against {plan}.',
});
