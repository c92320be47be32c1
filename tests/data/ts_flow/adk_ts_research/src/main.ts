export { rootAgent } from './agents/index.js';

export async function start(service: any, appName: string, userId: string) {
  return service.createSession(appName, userId, { topic: 'tides', user_name: 'Ada', style: 'prose' });
}
