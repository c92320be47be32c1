import { LlmAgent, SequentialAgent } from '@google/adk';

// A `let` given another text before the agent is built: the first text never reaches ADK.
function rebound(): LlmAgent {
  let instruction = 'Use {topic}.';
  instruction = 'Summarise the request.';
  return new LlmAgent({ name: 'rebound', description: 'Rebound.', instruction });
}

// A text built up with `+=` in straight-line code: ADK reads every piece.
function accumulated(): LlmAgent {
  let instruction = 'Answer plainly.';
  instruction += ' Then follow {missing_plan}.';
  instruction += ` Mind {tone}.`;
  return new LlmAgent({ name: 'accumulated', description: 'Accumulated.', instruction });
}

// A piece added in a branch: the text depends on the run, so it is not read.
function branched(verbose: boolean): LlmAgent {
  let instruction = 'Be brief.';
  if (verbose) {
    instruction += ' Quote {sources}.';
  }
  return new LlmAgent({ name: 'branched', description: 'Branched.', instruction });
}

let shared = 'Greet {user_name}.';
shared = 'Greet the user.';
const greeter = new LlmAgent({ name: 'greeter', description: 'Greets.', instruction: shared });

export const rootAgent = new SequentialAgent({
  name: 'root',
  description: 'Root.',
  subAgents: [rebound(), accumulated(), branched(false), greeter],
});

export async function start(service: any, appName: string, userId: string) {
  return service.createSession({ appName, userId, state: { tone: 'warm' } });
}
