import { Workflow } from '@google/adk';
import type { NodeContext } from '@google/adk';
import { checker, drafter } from './agents.js';

export const agents = [drafter, checker];

// The facts are written only after the drafter has run.
async function orchestrate(ctx: NodeContext, input: unknown) {
  await ctx.runNode(drafter, input);
  ctx.state.set('facts', 'the moon pulls the sea');
  await ctx.runNode(checker, input);
}

export const rootAgent = new Workflow({ name: 'writing', dynamicEntry: orchestrate });

export async function start(service: any, appName: string, userId: string) {
  return service.createSession({ appName, userId, state: { topic: 'tides' } });
}
