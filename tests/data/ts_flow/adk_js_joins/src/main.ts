import { JoinNode, Workflow } from '@google/adk';
import { overview, report } from './agents.js';
import { fetchCode, fetchTests, lint, quiet, route, silent } from './nodes.js';

export const agents = [overview, report];
export const scenarios = [{ route: ['full'] }, { route: ['quick'] }];

const done = new JoinNode({ name: 'done' });

export const rootAgent = new Workflow({
  name: 'checks',
  edges: [
    ['START', [fetchCode, fetchTests], overview, quiet],
    ['START', route, { full: lint }],
    [[lint, fetchCode], done, report, silent],
  ],
});

export async function start(service: any, appName: string, userId: string) {
  return service.createSession({ appName, userId, state: { topic: 'tides' } });
}
