import { KEYS } from './keys.js';

export const WRITER = `Write about {${KEYS.topic}} for {audience}. Earlier review: {${KEYS.review}}.`;
export const CRITIC = `Compare {${KEYS.draft}} with the first topic {{${KEYS.initialTopic}}}.`;
