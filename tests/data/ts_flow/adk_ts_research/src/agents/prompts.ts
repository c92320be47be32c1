import dedent from 'dedent';

export const STATE_KEYS = { findings: 'findings', summary: 'summary', user: 'user_name' } as const;

export const SEARCH = dedent`
  Search the web about {topic} for {${STATE_KEYS.user}}.
  Known sources: {sources}.
`;
export const CHECK = `Check the facts of {${STATE_KEYS.findings}?} against {summary}.`;
export const SUMMARY = `Summarise {${STATE_KEYS.findings}} in {{style}} for {mood}.`;
