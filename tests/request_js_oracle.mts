// Test support: record the first model request of each agent of an adk-js program.
//
// Usage (from a folder whose node_modules holds @google/adk 2.0.0): tsx request_js_oracle.mts ENTRY STATE
// ENTRY exports `rootAgent`, and `plugins` when its runner registers some. Every model name
// goes to a recording model (registered for `gemini-.*` before the program loads, so each
// agent's own model name is kept: adk-js decides on it whether to add its output-schema
// sentence). Each agent of the tree runs as the root of its own runner, with the program's
// plugins (its parent stays set); a program whose root is a Workflow exports its `agents` and
// runs once as a whole. The request's `config.systemInstruction` is recorded, or the message of
// the error the run threw. Prints one JSON object: agent name -> record.
import { pathToFileURL } from 'node:url';

const [entry, stateJson] = process.argv.slice(2);
const adk: any = await import('@google/adk');
const records: Record<string, any> = {};
let current = '';

class Recorder extends (adk.BaseLlm as any) {
  async *generateContentAsync(request: any) {
    if (!(current in records)) records[current] = { systemInstruction: request.config?.systemInstruction ?? null };
    yield { content: { role: 'model', parts: [{ text: 'ok' }] }, turnComplete: true };
  }
  async connect(): Promise<any> { throw new Error('no live connection'); }
}
// Gemini's patterns are RegExp keys: the recorder takes over the one for `gemini-.*` names.
for (const key of adk.LLMRegistry.llmRegistryDict.keys()) {
  if ((key instanceof RegExp ? key.source : key) === 'gemini-.*') adk.LLMRegistry.llmRegistryDict.set(key, Recorder);
}

const program: any = await import(pathToFileURL(entry).href);

function tree(root: any, found: any[] = []): any[] {
  found.push(root);
  for (const child of root.subAgents ?? []) tree(child, found);
  return found;
}

// The agent running now: a workflow's nodes run through their `runAsync`.
const agents = [...tree(program.rootAgent), ...(program.agents ?? [])];
for (const agent of agents.filter((agent) => typeof agent.runAsync === 'function')) {
  const run = agent.runAsync.bind(agent);
  agent.runAsync = async function* (context: any) { current = agent.name; yield* run(context); };
}
// A workflow (it exports its `agents`) runs once as a whole: its nodes run as it runs them.
const roots = program.agents ? [program.rootAgent] : agents.filter((agent) => 'instruction' in agent);
for (const agent of roots) {
  current = agent.name;
  const runner = new adk.InMemoryRunner({ agent, appName: 'oracle', plugins: program.plugins ?? [] });
  const session = await runner.sessionService.createSession({ appName: 'oracle', userId: 'user', state: JSON.parse(stateJson) });
  const message = { role: 'user', parts: [{ text: 'go' }] };
  try {
    for await (const event of runner.runAsync({ userId: 'user', sessionId: session.id, newMessage: message })) {
      if (event.errorMessage && !(current in records)) records[current] = { error: event.errorMessage };
    }
  } catch (error: any) {
    if (!(current in records)) records[current] = { error: String(error?.message ?? error) };
  }
}
process.stdout.write(JSON.stringify(records) + '\n');
