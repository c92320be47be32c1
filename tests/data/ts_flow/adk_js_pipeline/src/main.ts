import { KEYS } from './keys.js';

export { rootAgent } from './agents.js';

export async function start(service: any, appName: string, userId: string) {
  return service.createSession({ appName, userId, state: { [KEYS.topic]: 'tides' } });
}
