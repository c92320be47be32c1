import { DEFAULT_ROUTE, Workflow } from '@google/adk';
import { reviewer, writer } from './agents.js';
import { classify, research, skipResearch } from './nodes.js';

export const agents = [writer, reviewer];
export const scenarios = [{ classify: ['research'] }, { classify: ['other'] }];

export const rootAgent = new Workflow({
  name: 'pipeline',
  edges: [
    ['START', classify, { research: research, [DEFAULT_ROUTE]: skipResearch }],
    [[research, skipResearch], writer, reviewer],
  ],
});
