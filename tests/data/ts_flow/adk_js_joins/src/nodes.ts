import type { NodeContext } from '@google/adk';
import { nextRoute } from './scenario.js';

export async function route(ctx: NodeContext, input: unknown) {
  ctx.route = nextRoute('route');
}

export async function fetchCode(ctx: NodeContext, input: unknown) {
  ctx.state.set('code', 'def f(): pass');
}

export async function fetchTests(ctx: NodeContext, input: unknown) {
  ctx.state.set('tests', 'assert f() is None');
}

export async function lint(ctx: NodeContext, input: unknown) {
  ctx.state.set('lint', 'clean');
}

// Terminal nodes that give no output: a workflow may end with at most one output.
export function quiet(ctx: NodeContext, input: unknown) {}

export function silent(ctx: NodeContext, input: unknown) {}
