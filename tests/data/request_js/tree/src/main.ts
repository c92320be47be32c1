// Identity, transfer (sub-agents, parent, peers, the disallow flags), the output-schema
// sentence, a global instruction on the root and a GlobalInstructionPlugin on the runner.
import { GlobalInstructionPlugin, InMemoryRunner, LlmAgent } from '@google/adk';
import { z } from 'zod';

const MODEL = 'gemini-2.5-flash';

const billing = new LlmAgent({
  name: 'billing',
  model: MODEL,
  description: 'Answers billing questions.',
  instruction: 'You handle billing for {user_name}.',
});
const shipping = new LlmAgent({
  name: 'shipping',
  model: MODEL,
  description: 'Tracks parcels.',
  instruction: 'Track the parcels of {user_name}.',
  disallowTransferToPeers: true,
});
const quiet = new LlmAgent({
  name: 'quiet',
  model: MODEL,
  instruction: 'Say little.',
  disallowTransferToParent: true,
  disallowTransferToPeers: true,
});
const lookUp = {
  name: 'look_up',
  description: 'Look an order up.',
};
const structured = new LlmAgent({
  name: 'structured',
  model: MODEL,
  instruction: 'Answer in the schema.',
  outputSchema: z.object({ text: z.string() }),
  disallowTransferToParent: true,
  disallowTransferToPeers: true,
  tools: [new (await import('@google/adk')).FunctionTool({ ...lookUp, execute: () => 'ok' })],
});
function provide(): string {
  return 'Provided {not_filled}.';
}
const provided = new LlmAgent({ name: 'provided', model: MODEL, description: 'Provides.', instruction: provide });

export const rootAgent = new LlmAgent({
  name: 'desk',
  model: MODEL,
  description: 'The front desk',
  globalInstruction: 'Company: {company}.',
  instruction: 'Greet {user_name}.',
  subAgents: [billing, shipping, quiet, structured, provided],
});

export const plugins = [new GlobalInstructionPlugin('Be kind to {user_name}.')];
export const runner = new InMemoryRunner({ agent: rootAgent, appName: 'shop', plugins });
