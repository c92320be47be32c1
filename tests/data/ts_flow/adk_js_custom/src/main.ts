export { essay as rootAgent } from './essay.js';

export async function start(service: any, appName: string, userId: string) {
  return service.createSession({ appName, userId, state: { topic: 'tides' } });
}
