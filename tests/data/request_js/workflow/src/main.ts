// LlmAgents as the nodes of an adk-js Workflow.
import { LlmAgent, Workflow } from '@google/adk';

const draft = new LlmAgent({
  name: 'draft',
  model: 'gemini-2.5-flash',
  description: 'Drafts.',
  instruction: 'Draft about {topic}.',
});
const polish = new LlmAgent({ name: 'polish', model: 'gemini-2.5-flash', instruction: 'Polish the draft on {topic}.' });

export const agents = [draft, polish];
export const rootAgent = new Workflow({ name: 'writing', edges: [['START', draft, polish]] });
