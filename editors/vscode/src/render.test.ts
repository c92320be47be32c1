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
