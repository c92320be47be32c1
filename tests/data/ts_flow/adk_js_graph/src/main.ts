import { Edge, JoinNode, Workflow } from '@google/adk';
import { reviewer, summarizer } from './agents.js';
import { decide, fetchCode, fetchTests } from './nodes.js';

export const agents = [reviewer, summarizer];

const both = new JoinNode({ name: 'both' });

// A nested workflow: its writes are done when the outer one moves on.
const gather = new Workflow({
  name: 'gather',
  edges: [['START', [fetchCode, fetchTests], both]],
});

export const rootAgent = new Workflow({
  name: 'review',
  edges: [['START', gather, reviewer], new Edge(reviewer as any, decide as any), [decide, summarizer]],
});
