// The state keys the agents share, and their instructions.
export const KEYS = {
  topic: 'topic',
  draft: 'draft',
  initialTopic: 'initial_topic',
} as const;

export const WRITER_PROMPT = `You write a short article about {${KEYS.topic}}.
Keep the reader's level in mind: {reader_level?}.`;

// JavaScript substitutes first: ADK receives {{initial_topic}}, a placeholder nothing writes.
export const CRITIC_PROMPT = `Compare the draft {${KEYS.draft}} with the first topic {{${KEYS.initialTopic}}}.`;
