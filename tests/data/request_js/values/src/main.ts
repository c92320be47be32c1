// Values render as adk-js renders them (JavaScript's String()), a parent that is no LlmAgent,
// and a missing key, which adk-js throws.
import { LlmAgent, SequentialAgent } from '@google/adk';

const shown = new LlmAgent({
  name: 'shown',
  model: 'gemini-2.5-flash',
  description: 'Shows values.',
  instruction: 'List {items}, flag {flag}, map {mapping}, none {nothing}, number {number}, {maybe?}end.',
});
const failing = new LlmAgent({ name: 'failing', model: 'gemini-2.5-flash', instruction: 'Hello {absent_key}.' });

export const rootAgent = new SequentialAgent({ name: 'pipeline', subAgents: [shown, failing] });
