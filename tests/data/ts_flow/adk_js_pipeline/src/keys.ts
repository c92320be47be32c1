export const KEYS = { topic: 'topic', draft: 'draft', initialTopic: 'initial_topic', review: 'review' } as const;
