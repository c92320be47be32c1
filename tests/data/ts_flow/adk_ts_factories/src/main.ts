import { AgentBuilder } from '@iqai/adk';
import { createBuyer } from './agents/buyer.js';
import { createNotifier } from './agents/notifier.js';

// Agents built by awaited factories in another module, held in locals, listed in `asSequential`;
// the buyer's tools are an array held in a name. The buyer reads `notice` before the notifier
// writes it; `budget` is written by nothing; `history` by the buyer's tool, before the notifier.
async function createPipeline() {
  const buyer = await createBuyer();
  const notifier = await createNotifier();
  const { agent } = await AgentBuilder.create('pipeline').asSequential([buyer, notifier]).build();
  return agent;
}

export const rootAgent = await createPipeline();
