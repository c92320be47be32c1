// Test support: run a TypeScript agent program under the real adk-js or ADK-TS with a scripted
// model and print, as JSON, the (agent, key) placeholders that fail.
//
// Usage (from a folder whose node_modules holds the port): tsx ts_flow_oracle.mts PORT ENTRY [ROOT]
// PORT is "adk-js" or "adk-ts"; ENTRY is the program's module. It exports the root agent as ROOT
// (`rootAgent` unless named: a module of several exported agents is run once per root), and may
// export `start(sessionService, appName, userId)`, which creates the session its own way (so
// that the linter sees the seed in the code) and returns it. A program whose root is an adk-js
// `Workflow` also exports `agents` (its agents, which no `subAgents` list reaches) and
// `scenarios`, the route plans: each run sets `globalThis.oracleScenario` to one plan, and the
// program's routers read their routes from it. The failures of every plan are gathered.
// The line before the last is what the workflow rules need: the agents that answered more than
// once in one run (`repeated`), and for each plan the agents that answered at all (`ran`).
//
// The model calls each tool of the agent once, then answers "ok". The first placeholder that
// fails in a run is recorded and made optional in that agent's instruction, and the program is
// run again from a new session, until a run has no failure: the union is what the linter must
// report. Only the first failure of a run counts: in ADK-TS the run goes on after it, and an
// agent that failed never writes its outputKey, so later failures may be its consequence.
import { pathToFileURL } from 'node:url';

const [port, entry, rootName = 'rootAgent'] = process.argv.slice(2);
const adk: any = port === 'adk-js' ? await import('@google/adk') : await import('@iqai/adk');
const program: any = await import(pathToFileURL(entry).href);
const MISSING = /Context variable not found: `([^`]+)`/;
const APP = 'oracle';
const USER = 'user';

function answer(request: any): any {
  const tools = Object.keys(request.toolsDict ?? {});
  const last = request.contents?.[request.contents.length - 1];
  const answered = (last?.parts ?? []).some((part: any) => part.functionResponse);
  const parts = tools.length && !answered
    ? tools.map((name) => ({ functionCall: { name, args: {}, id: `call-${name}` } }))
    : [{ text: 'ok' }];
  return { content: { role: 'model', parts }, turnComplete: true };
}

class JsModel extends (adk.BaseLlm as any) {
  constructor() { super(port === 'adk-js' ? { model: 'scripted' } : 'scripted'); }
  async *generateContentAsync(request: any) { yield answer(request); }
  async *generateContentAsyncImpl(request: any) { yield new adk.LlmResponse(answer(request)); }
  async connect(): Promise<any> { throw new Error('no live connection'); }
}
if (port === 'adk-ts') delete (JsModel.prototype as any).generateContentAsync;

function agents(root: any, found: Map<string, any> = new Map()): Map<string, any> {
  found.set(root.name, root);
  for (const child of root.subAgents ?? []) agents(child, found);
  return found;
}

const byName = new Map<string, any>();
for (const root of program.agents ?? [program[rootName]]) agents(root, byName);
let current = '';
for (const agent of byName.values()) {
  if ('instruction' in agent) agent.model = new JsModel();
  const run = agent.runAsync.bind(agent);
  agent.runAsync = async function* (context: any) { current = agent.name; yield* run(context); };
}

async function runOnce(): Promise<Array<[string, string]>> {
  (globalThis as any).oracleTaken = {};
  const runner = port === 'adk-js'
    ? new adk.InMemoryRunner({ agent: program[rootName], appName: APP })
    : new adk.InMemoryRunner(program[rootName], { appName: APP });
  const service = runner.sessionService;
  const session = program.start
    ? await program.start(service, APP, USER)
    : port === 'adk-js'
      ? await service.createSession({ appName: APP, userId: USER })
      : await service.createSession(APP, USER);
  const failed: Array<[string, string]> = [];
  const answers = new Map<string, number>();
  const message = { role: 'user', parts: [{ text: 'go' }] };
  try {
    for await (const event of runner.runAsync({ userId: USER, sessionId: session.id, newMessage: message })) {
      const found = MISSING.exec(event.errorMessage ?? '');
      if (found) failed.push([event.author ?? current, found[1]]);
      if ((event.content?.parts ?? []).some((part: any) => part.text === 'ok') && event.author) {
        answers.set(event.author, (answers.get(event.author) ?? 0) + 1);
      }
    }
  } catch (error: any) {
    const found = MISSING.exec(String(error?.message ?? error));
    if (!found) throw error;
    failed.push([current, found[1]]);
  }
  for (const [author, count] of answers) {
    ran.add(author);
    if (count > 1) repeated.add(author);
  }
  return failed;
}

const repeated = new Set<string>();
let ran = new Set<string>();
const ranByPlan: string[][] = [];

const failures = new Map<string, [string, string]>();
for (const scenario of program.scenarios ?? [{}]) {
  (globalThis as any).oracleScenario = scenario;
  ran = new Set<string>();
  for (let attempt = 0; attempt < 50; attempt++) {
    const failed = (await runOnce()).filter(([agent, key]) => !failures.has(`${agent}\u0000${key}`));
    if (!failed.length) break;
    for (const [agent, key] of failed.slice(0, 1)) {
      failures.set(`${agent}\u0000${key}`, [agent, key]);
      const target = byName.get(agent);
      if (target && typeof target.instruction === 'string') {
        target.instruction = target.instruction.split(`{${key}}`).join(`{${key}?}`);
      }
    }
  }
  ranByPlan.push([...ran].sort());
}
process.stdout.write(JSON.stringify({ repeated: [...repeated].sort(), ran: ranByPlan }) + '\n');
process.stdout.write(JSON.stringify([...failures.values()]) + '\n');
