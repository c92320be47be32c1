// The documents the server is started for: every file the linter reads, and nothing else.

/** A filter both VS Code and the language client accept (a glob pattern as a string). */
export interface Filter {
  scheme: string;
  language?: string;
  pattern?: string;
}

/** VS Code's language ids of the files the linter reads: Python, TypeScript and JavaScript
 * (with their React forms), Go, Java, Kotlin, YAML agent configs and Markdown prompt files,
 * with the ids VS Code gives some Markdown files (`.prompt.md`, `.instructions.md`,
 * `.agent.md`, `SKILL.md`). VS Code has no Kotlin of its own: this extension declares the
 * `kotlin` id for `.kt` and `.kts` (a Kotlin extension's declaration merges with it). */
export const LANGUAGES = [
  "python",
  "typescript",
  "typescriptreact",
  "javascript",
  "javascriptreact",
  "go",
  "java",
  "kotlin",
  "yaml",
  "markdown",
  "prompt",
  "instructions",
  "chatagent",
  "skill",
];

/** The files read by name or suffix whatever language VS Code gives them: Kotlin (should
 * another extension name its language otherwise), an evaluation's session (JSON; other JSON
 * files are not read), plain-text prompt files, and `pyproject.toml`, whose save makes the
 * server read the settings again. */
export const PATTERNS = ["**/*.{kt,kts}", "**/initial.session.json", "**/*.{txt,prompt}", "**/pyproject.toml"];

export const SELECTOR: Filter[] = [
  ...LANGUAGES.map((language) => ({ scheme: "file", language })),
  ...PATTERNS.map((pattern) => ({ scheme: "file", pattern })),
];
