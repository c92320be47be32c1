import { pipeline } from './agents.js';

export const rootAgent = pipeline;

export async function start(service: any, appName: string, userId: string) {
  return service.createSession(appName, userId, { topic: 'tides' });
}
