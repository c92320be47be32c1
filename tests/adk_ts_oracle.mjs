// Test support: answer render requests with the real ADK-TS (`@iqai/adk`) `injectSessionState`.
// Reads one JSON request per line on stdin, writes one JSON answer per line on stdout.
// Request: {template, state, artifacts: null | {name: value}}. Answer: {output} or {error: message}.
// The context is built as ADK-TS's own unit tests build it: a session object and an artifact
// service (or null) inside the package's own ReadonlyContext.
import {createInterface} from 'node:readline';
import {createRequire} from 'node:module';

const [packageDirectory] = process.argv.slice(2);
const require = createRequire(packageDirectory + '/');
const {injectSessionState, ReadonlyContext} = require(packageDirectory);

function makeContext(request) {
  const artifacts = request.artifacts;
  const artifactService = artifacts === null ? null : {
    loadArtifact: async ({filename}) => (Object.hasOwn(artifacts, filename) ? artifacts[filename] : undefined),
  };
  const invocationContext = {
    session: {id: 'session', appName: 'app', userId: 'user', state: request.state},
    artifactService,
  };
  return new ReadonlyContext(invocationContext);
}

const lines = createInterface({input: process.stdin});
for await (const line of lines) {
  const request = JSON.parse(line);
  let answer;
  try {
    answer = {output: await injectSessionState(request.template, makeContext(request))};
  } catch (error) {
    answer = {error: error instanceof Error ? error.message : String(error)};
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
}
