import { InMemoryRunner } from '@iqai/adk';

import { helpDesk } from './agents/helpDesk.js';

const APP = 'help_desk';

export const runner = new InMemoryRunner(helpDesk, { appName: APP });

export async function start(service = runner.sessionService, appName = APP, userId = 'user') {
  return service.createSession(appName, userId, { customer: 'Lin' });
}

export { helpDesk };
