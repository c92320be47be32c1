import { LlmAgent } from '@google/adk';

export const reviewer = new LlmAgent({
  name: 'reviewer',
  model: 'scripted',
  instruction: 'Review {code} against {tests}; the verdict so far: {verdict}.',
  outputKey: 'review',
});

export const summarizer = new LlmAgent({
  name: 'summarizer',
  model: 'scripted',
  instruction: 'Summarize {review} and {verdict} for {audience}.',
});
