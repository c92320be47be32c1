import type { NodeContext } from '@google/adk';
import { nextRoute } from './scenario.js';

export async function classify(ctx: NodeContext, input: unknown) {
  ctx.state.set('kind', 'question');
  ctx.route = nextRoute('classify');
}

export async function research(ctx: NodeContext, input: unknown) {
  ctx.state.set('notes', 'tides follow the moon');
  return { summary: 'a summary that is node output, never state' };
}

export function skipResearch(ctx: NodeContext, input: unknown) {
  return 'nothing to research';
}
