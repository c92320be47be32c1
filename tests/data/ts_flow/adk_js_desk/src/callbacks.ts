import type { Context } from '@google/adk';

export function rememberPlan(context: Context) {
  context.state.set('plan', 'pro');
  return undefined;
}
