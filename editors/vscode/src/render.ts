// The preview as HTML (no script): each section's text, every placeholder marked with where
// its text came from, and missing and unwritten keys set apart. Plain TypeScript (no `vscode`
// import), tested with node's test runner.

/** One piece of a section's text, as the server's `templating/preview` sends it. */
export interface Part {
  kind: "text" | "placeholder" | "runtime";
  text: string;
  key?: string;
  source?: string;
  /** Where a placeholder's text came from: the state, ADK itself, nowhere (optional: empty;
   * required: the render fails), or the artifact service at run time. */
  outcome?: "state" | "adk" | "empty" | "missing" | "artifact";
  unwritten?: boolean;
  codes?: string[];
  error?: string;
}

export interface Section {
  title: string;
  uri: string;
  line: number;
  character?: number;
  /** Who adds a piece of the request (a parameter, the plugin, an ADK processor). */
  source?: string;
  /** Where the request carries it: the system instruction or `contents`. */
  placement?: "system_instruction" | "contents";
  note?: string;
  parts: Part[];
}

/** The agent's first model call, assembled as `templating request` assembles it. */
export interface RequestSummary {
  runtime?: string;
  backend?: string;
  characters?: number | null;
  cacheable_prefix?: number;
  complete?: boolean;
  unknown?: string[];
  error?: string | null;
  /** Why there is no request: an agent of another ADK port. */
  note?: string;
}

export interface PreviewResult {
  agent?: string | null;
  dialect?: string;
  state?: string;
  sections: Section[];
  missing?: string[];
  unwritten?: string[];
  note?: string;
  request?: RequestSummary;
}

const WHY: Record<string, string> = {
  state: "from the sample state",
  adk: "filled by ADK itself",
  empty: "optional and missing: renders empty",
  missing: "missing from the sample state: the run stops here",
  artifact: "an artifact: loaded at run time, not previewed",
};

export function escape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The whole page for ``result``; ``file`` names the file the preview was asked from. */
export function render(result: PreviewResult, file: string): string {
  const body: string[] = [];
  const title = result.agent ? `Instruction of agent <code>${escape(result.agent)}</code>` : "Instruction preview";
  body.push(`<h1>${title}</h1>`);
  const meta = [result.dialect ? `dialect ${escape(result.dialect)}` : "", result.state ? `rendered at ${escape(result.state)}` : ""];
  body.push(`<p class="meta">${meta.filter((item) => item !== "").join(" · ")}</p>`);
  if (result.note) {
    body.push(`<p class="note">${escape(result.note)}</p>`);
  }
  if (result.request) {
    body.push(renderRequest(result.request));
  }
  const summary = [
    keys("missing", "Missing from the sample state (the run stops)", result.missing),
    keys("unwritten", "Written nowhere in the project", result.unwritten),
  ].filter((item) => item !== "");
  if (summary.length > 0) {
    body.push(`<ul class="summary">${summary.join("")}</ul>`);
  }
  for (const section of result.sections) {
    body.push(renderSection(section));
  }
  if (result.sections.length === 0 && !result.note) {
    body.push(`<p class="note">No instruction at the cursor in ${escape(file)}.</p>`);
  }
  return page(body.join("\n"));
}

function keys(kind: string, label: string, found: string[] | undefined): string {
  if (found === undefined || found.length === 0) {
    return "";
  }
  const names = found.map((key) => `<code>${escape(key)}</code>`).join(", ");
  return `<li class="${kind}">${label}: ${names}</li>`;
}

function renderRequest(request: RequestSummary): string {
  if (request.note) {
    return `<p class="request note">${escape(request.note)}</p>`;
  }
  const sizes = [
    typeof request.characters === "number" ? `system instruction of ${request.characters} characters` : "",
    typeof request.cacheable_prefix === "number" ? `cacheable prefix ${request.cacheable_prefix}` : "",
  ].filter((item) => item !== "");
  const call = [`The model call under ${request.runtime ?? "ADK"}, ${request.backend ?? ""} backend`, ...sizes];
  const lines = [`<p class="request">${escape(call.join(" · "))}</p>`];
  if (request.error) {
    lines.push(`<p class="request error">Nothing is sent: ${escape(request.error)}</p>`);
  }
  for (const unknown of request.unknown ?? []) {
    lines.push(`<p class="note">Not shown by the code: ${escape(unknown)}</p>`);
  }
  return lines.join("\n");
}

function renderSection(section: Section): string {
  const place = `${escape(fileName(section.uri))}:${section.line + 1}`;
  const where = [
    section.source ? escape(section.source) : "",
    section.placement === "contents" ? "in contents" : "",
    place,
  ].filter((item) => item !== "").join(" · ");
  const note = section.note ? `<p class="note">${escape(section.note)}</p>` : "";
  const text = section.parts.map(renderPart).join("");
  return `<section data-title="${escape(section.title)}"><h2>${escape(section.title)} <span class="where">${where}</span></h2>${note}<pre class="text">${text}</pre></section>`;
}

function renderPart(part: Part): string {
  if (part.kind === "text") {
    return escape(part.text);
  }
  if (part.kind === "runtime") {
    return `<span class="part runtime" title="a value inserted at run time">${escape(part.text)}</span>`;
  }
  const outcome = part.outcome ?? "state";
  const classes = ["part", outcome, ...(part.unwritten ? ["unwritten"] : [])];
  const why = [WHY[outcome] ?? outcome];
  if (part.unwritten) {
    why.push("nothing in the project writes it");
  }
  if (part.codes && part.codes.length > 0) {
    why.push(part.codes.join(", "));
  }
  if (part.error) {
    why.push(part.error);
  }
  const shown = outcome === "state" || outcome === "adk" ? part.text : (part.source ?? part.text);
  const labels = [
    ...(outcome === "missing" ? ['<sup class="label">missing</sup>'] : []),
    ...(part.unwritten ? ['<sup class="label">unwritten</sup>'] : []),
  ].join("");
  const title = `${part.source ?? ""}: ${why.join("; ")}`;
  return `<span class="${classes.join(" ")}" data-key="${escape(part.key ?? "")}" title="${escape(title)}">${escape(shown)}${labels}</span>`;
}

function fileName(uri: string): string {
  const last = uri.split("/").pop() ?? uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function page(body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1em; }
h1 { font-size: 1.2em; } h2 { font-size: 1em; margin-top: 1.5em; }
.where, .meta { color: var(--vscode-descriptionForeground); font-weight: normal; }
.note { font-style: italic; }
pre.text { font-family: var(--vscode-editor-font-family); white-space: pre-wrap; word-break: break-word;
  background: var(--vscode-textCodeBlock-background); padding: 0.8em; border-radius: 4px; }
.part { border-radius: 3px; padding: 0 1px; }
.part.state, .part.adk { background: var(--vscode-editor-findMatchHighlightBackground); }
.part.missing { color: var(--vscode-errorForeground); text-decoration: underline wavy var(--vscode-errorForeground); }
.part.unwritten { outline: 1px dashed var(--vscode-editorWarning-foreground); }
.part.empty, .part.artifact, .part.runtime { color: var(--vscode-descriptionForeground); font-style: italic; }
.summary .missing, .request.error { color: var(--vscode-errorForeground); }
.label { font-family: var(--vscode-font-family); font-size: 0.7em; margin-left: 2px; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}
