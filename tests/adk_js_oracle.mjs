// Test support: answer render requests with the real adk-js `injectSessionState`.
// Reads one JSON request per line on stdin, writes one JSON answer per line on stdout.
// Request: {template, state, artifacts: null | {name: value}, circular: [state keys]}.
// Answer: {output} or {error: message}.
import {createInterface} from 'node:readline';
import {pathToFileURL} from 'node:url';

const [modulePath] = process.argv.slice(2);
const {injectSessionState} = await import(pathToFileURL(modulePath).href);

function makeContext(request) {
  const state = request.state;
  for (const key of request.circular ?? []) {
    state[key] = {};
    state[key].self = state[key];
  }
  const artifacts = request.artifacts;
  const artifactService = artifacts === null ? undefined : {
    loadArtifact: async ({filename}) => (Object.hasOwn(artifacts, filename) ? artifacts[filename] : undefined),
  };
  return {invocationContext: {session: {id: 'session', appName: 'app', userId: 'user', state}, artifactService}};
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
