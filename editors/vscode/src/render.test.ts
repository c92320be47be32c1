// The preview page: values set apart, missing and unwritten keys marked, text escaped.
import assert from "node:assert/strict";
import { test } from "node:test";
import { render } from "./render.ts";

const RESULT = {
  agent: "helper",
  dialect: "adk",
  state: "the sample state (1 keys)",
  missing: ["plan"],
  unwritten: ["plan"],
  sections: [
    {
      title: "instruction",
      uri: "file:///work/app/agent.py",
      line: 3,
      parts: [
        { kind: "text" as const, text: "Hi <b>" },
        { kind: "placeholder" as const, text: "Ada", key: "user:name", source: "{user:name}", outcome: "state" as const, unwritten: false, codes: [] },
        { kind: "text" as const, text: ", plan " },
        { kind: "placeholder" as const, text: "", key: "plan", source: "{plan}", outcome: "missing" as const, unwritten: true, codes: ["TPL014"] },
      ],
    },
  ],
};

test("a value shows its text, a missing key its placeholder marked", () => {
  const html = render(RESULT, "agent.py");
  assert.match(html, /Instruction of agent <code>helper<\/code>/);
  assert.match(html, /<h2>instruction <span class="where">agent\.py:4<\/span><\/h2>/);
  assert.match(html, /Hi &lt;b&gt;<span class="part state" data-key="user:name" title="\{user:name\}: from the sample state">Ada<\/span>/);
  assert.match(html, /<span class="part missing unwritten" data-key="plan"[^>]*>\{plan\}<sup class="label">missing<\/sup><sup class="label">unwritten<\/sup><\/span>/);
  assert.match(html, /<li class="missing">Missing from the sample state \(the run stops\): <code>plan<\/code><\/li>/);
  assert.match(html, /<li class="unwritten">Written nowhere in the project: <code>plan<\/code><\/li>/);
});

test("no instruction: the server's note", () => {
  const html = render({ sections: [], note: "no instruction here" }, "agent.py");
  assert.match(html, /<p class="note">no instruction here<\/p>/);
  assert.doesNotMatch(html, /<section/);
});

test("the rest of the request: each piece's source and placement, the call's summary", () => {
  const html = render(
    {
      agent: "orders",
      sections: [
        { title: "plugin", source: "GlobalInstructionPlugin", placement: "system_instruction", uri: "file:///app/agent.py", line: 30, parts: [{ kind: "text", text: "You speak for <Tea>." }] },
        { title: "instruction", source: "`instruction`", placement: "contents", uri: "file:///app/agent.py", line: 4, note: "sent in `contents`", parts: [{ kind: "runtime", text: "shop" }] },
      ],
      request: { runtime: "google-adk 2.13.0", backend: "Gemini API", characters: 120, cacheable_prefix: 14, unknown: ["`shop` is known only at run time"], error: null },
    },
    "agent.py",
  );
  assert.match(html, /<h2>plugin <span class="where">GlobalInstructionPlugin · agent\.py:31<\/span><\/h2>/);
  assert.match(html, /<h2>instruction <span class="where">`instruction` · in contents · agent\.py:5<\/span><\/h2>/);
  assert.match(html, /You speak for &lt;Tea&gt;\./);
  assert.match(html, /<p class="request">The model call under google-adk 2\.13\.0, Gemini API backend · system instruction of 120 characters · cacheable prefix 14<\/p>/);
  assert.match(html, /<p class="note">Not shown by the code: `shop` is known only at run time<\/p>/);
  assert.doesNotMatch(html, /Nothing is sent/);
});

test("a request ADK refuses, and an agent of another port", () => {
  const refused = render({ sections: [], request: { runtime: "google-adk 2.13.0", backend: "Vertex AI", error: "Context variable not found: `plan`" } }, "agent.py");
  assert.match(refused, /<p class="request error">Nothing is sent: Context variable not found: `plan`<\/p>/);
  const other = render({ sections: [], request: { note: "agent `a` is built with the `adk-ts` port" } }, "agent.ts");
  assert.match(other, /<p class="request note">agent `a` is built with the `adk-ts` port<\/p>/);
});
