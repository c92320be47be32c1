import type { CallbackContext } from '@iqai/adk';

export function rememberPlan(callbackContext: CallbackContext) {
  callbackContext.state['plan'] = 'pro';
  return undefined;
}
