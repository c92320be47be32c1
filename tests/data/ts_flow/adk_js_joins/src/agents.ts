import { LlmAgent } from '@google/adk';

// Two predecessors and no JoinNode: it answers once per predecessor.
export const overview = new LlmAgent({ name: 'overview', model: 'scripted', instruction: 'Give an overview of {topic}.' });

// After a JoinNode one of whose predecessors only the `full` route runs.
export const report = new LlmAgent({ name: 'report', model: 'scripted', instruction: 'Report on {topic} and {missing}.' });
