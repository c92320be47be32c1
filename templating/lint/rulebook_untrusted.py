"""The rules about third-party text and prompt caching (TPL021 on), with their documentation."""

from __future__ import annotations

from templating.lint.rule import Rule, Severity

__all__ = ["UNTRUSTED_RULES"]

_MARKER_NOTE = (
    "A placeholder with a data marker (`{page|data}`, `{page|json}`, `strict` only) or a key the "
    "`untrusted` setting covers is treated, and not reported."
)

UNTRUSTED_RULES: tuple[Rule, ...] = (
    Rule(
        "TPL021", "untrusted-value-in-instruction", Severity.WARNING,
        "An instruction reads a key that can hold a third party's text, unfenced",
        "Finds a placeholder of an injected instruction (`instruction`, `global_instruction`, a "
        "`GlobalInstructionPlugin`) whose key can hold a third party's text, as the project model "
        "sees it: a tool, callback or custom agent writes it after calling out to the network "
        "(`urlopen`, `requests`, `httpx`, `aiohttp`), or it is the `output_key` of an agent that "
        "holds google-adk's search or web tools, an MCP, OpenAPI or Google API toolset, "
        "`load_artifacts` or a memory tool, wraps such an agent in an `AgentTool`, is a "
        "`RemoteA2aAgent`, or reads such a key in its own instruction (transitively). In Go, Java "
        "and Kotlin: adk-go's `geminitool.GoogleSearch`, MCP toolsets and artifact or memory "
        "loaders and a tool calling `net/http`; adk-java's and adk-kotlin's `GoogleSearchTool`, "
        "`GoogleMapsTool`, `UrlContextTool`, Vertex AI search, MCP tools and toolsets, artifact and "
        "memory tools, a `RemoteA2AAgent`, and a tool method calling an HTTP client. The message "
        "names the chain of writers. What it cannot see: a fetch in a helper of another module, "
        "file reads and uploads, databases, subprocesses (`git clone`), keys written through a "
        "non-literal name, and the user's own words, which it never counts. A clean run means no "
        "third-party source the code shows, not a safe instruction; and no rule here prevents "
        "prompt injection.",
        "google-adk fences another agent's turn and tool results in `contents` as data "
        "(`<<<BEGIN_QUOTED_AGENT_CONTENT>>>`), but inserts a `{key}` value into the system "
        "instruction as is: a fetched page that says `</page>` or forges ADK's end marker is read "
        "as the developer's own instruction. See the Third-party text page.",
        'reader = LlmAgent(name="reader", tools=[google_search], output_key="results")\n'
        'writer = LlmAgent(name="writer", instruction="Write a report from these results: {results}")',
        'writer = LlmAgent(name="writer", instruction="Write a report from the search results above.")\n'
        '# or, in strict: instruction="Write a report from these results: {results|data}"',
        dialect_note=_MARKER_NOTE,
    ),
    Rule(
        "TPL022", "breakable-delimiter", Severity.WARNING,
        "A third-party value sits between delimiters it can close",
        "Finds a placeholder that TPL021 would report (a key that can hold a third party's text) "
        "between a pair of delimiters the developer wrote around it: a tag pair (`<page>{page}</page>`), "
        "quotes right around it (`'{page}'`, `\"{page}\"`), a code fence, or `BEGIN` ... `END` "
        "lines. It is reported instead of TPL021 for that placeholder. What it cannot see: what "
        "TPL021 cannot, and delimiters built at run time.",
        "The value can contain the closing delimiter (`</page>`, a quote, a fence) and write "
        "whatever follows it as the developer's own instruction text: the boundary the developer "
        "meant is not one.",
        'instruction="Extract the figures.\\n<PAGE>\\n{page_contents}\\n</PAGE>"',
        'instruction="Extract the figures.\\n{page_contents|data}"  # strict: a fence the value cannot close',
        dialect_note=_MARKER_NOTE,
    ),
    Rule(
        "TPL023", "changing-value-defeats-cache", Severity.WARNING,
        "An app with a context cache puts a value that changes during a run into a system instruction",
        "In an app built with `App(..., context_cache_config=...)`, finds a placeholder in an agent's "
        "system instruction, as google-adk assembles it (`templating request` shows it): its "
        "`instruction` (when the agent has no `static_instruction`), the root agent's "
        "`global_instruction` or a `GlobalInstructionPlugin`, whose key changes during a run: something writes it after the "
        "session starts (an `output_key`, a tool, a callback, an event's `state_delta`, a custom "
        "agent), or an unknown writer (a non-literal key) may. Keys written only as initial state "
        "(`create_session(state=...)`) are session constants and not reported. What it cannot see: "
        "apps configured outside the linted code, caching configured per model, and providers' "
        "implicit prefix caching (see TPL024).",
        "google-adk fingerprints the whole system instruction for its explicit context cache: a "
        "value that changes every turn changes the fingerprint, so no cache is ever created. In a "
        "3-session x 8-turn replay through ADK's own cache manager, 0 of 24 requests hit the cache, "
        "with the value at the top or the bottom of the instruction; a `GlobalInstructionPlugin` "
        "with such a value breaks every agent of the app.",
        'App(name="shop", root_agent=LlmAgent(name="assistant", instruction=POLICY + "Time: {_time}."),\n'
        "    context_cache_config=ContextCacheConfig())",
        'LlmAgent(name="assistant", static_instruction=POLICY, instruction="Time: {_time}.")\n'
        "# templating.split_static(text) makes the two parts",
        dialect_note="Reads every dialect's placeholders; the split (`split_static`) is the same.",
    ),
    Rule(
        "TPL024", "static-text-after-changing-placeholder", Severity.INFO,
        "About 1,024 tokens or more of fixed text follow a value that changes during a run",
        "Finds the first placeholder whose key changes during a run (as TPL023 judges it) in an "
        "agent's system instruction, as google-adk assembles it (a `GlobalInstructionPlugin`'s text, "
        "the root's `global_instruction`, the agent's own instructions, then ADK's identity and "
        "transfer texts: `templating request` shows it), when at least 1,024 tokens (by google-adk's "
        "own estimate, characters / 4) of text without placeholders follow it. What it cannot see: "
        "the tools and history that follow the system instruction, which a changing value also "
        "keeps out of the reusable prefix.",
        "Providers cache exact prefixes (OpenAI from 1,024 tokens; Gemini and Claude from 1,024 to "
        "4,096): everything after the first changed token is sent, and billed, in full on every "
        "call, although it never changes.",
        'instruction="Today is {_date}.\\n" + LONG_POLICY',
        'static_instruction=LONG_POLICY, instruction="Today is {_date}."  # or move the line to the end',
        dialect_note="Reads every dialect's placeholders.",
    ),
)  # fmt: skip
