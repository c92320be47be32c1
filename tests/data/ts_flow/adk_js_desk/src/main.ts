import { InMemoryRunner } from '@google/adk';

import { helpDesk } from './agents/helpDesk.js';

const APP = 'help_desk';

export const runner = new InMemoryRunner({ agent: helpDesk, appName: APP });

export async function start(service = runner.sessionService, appName = APP, userId = 'user') {
  return service.createSession({ appName, userId, state: { customer: 'Lin' } });
}

export { helpDesk };
