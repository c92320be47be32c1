import type { NodeContext } from '@google/adk';

export async function fetchCode(ctx: NodeContext, input: unknown) {
  ctx.state.set('code', 'def f(): pass');
}

export const fetchTests = async (ctx: NodeContext, input: unknown) => {
  ctx.state.set('tests', 'assert f() is None');
};

export function decide(ctx: NodeContext, input: unknown) {
  ctx.state.set('verdict', 'approved');
}
