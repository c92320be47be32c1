import { LlmAgent } from '@google/adk';

export const writer = new LlmAgent({
  name: 'writer',
  model: 'scripted',
  instruction: 'Answer the {kind}. Use the notes: {notes}. Summary: {summary}.',
  outputKey: 'draft',
});

export const reviewer = new LlmAgent({
  name: 'reviewer',
  model: 'scripted',
  instruction: 'Review {draft} for a {kind}, in the tone {tone}. Optional: {style?}.',
});
