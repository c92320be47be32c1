"""The rules, with their documentation. Codes are never reused: retire a rule, never renumber."""

from __future__ import annotations

from templating.lint.rule import Rule, Severity

__all__ = ["RULES"]

RULES: tuple[Rule, ...] = (
    Rule(
        "TPL001", "doubled-brace-placeholder", Severity.ERROR,
        "`{{name}}` is substituted, not escaped",
        "Finds `{{name}}` in a plain (non-f) string: a placeholder written with doubled braces.",
        "ADK has no brace escape: `{{name}}` is substituted exactly like `{name}` and all four braces "
        "are eaten. If the key is missing, every model call fails with `KeyError`. Authors who expect "
        "`str.format`-style escaping get a lookup instead of literal text.",
        'instruction="Answer in the form {{answer}}."',
        'instruction="Answer in the form {answer}."  # if the state key is meant\n'
        '# or, for the text {answer}: the strict dialect, where {{answer}} is an escape\n'
        'instruction=compile_template("Answer in the form {{answer}}.", dialect="strict")',
        fixable=True, fix_safety=(
            "Which text the author meant is not in the code: the value of the key, or the braces. "
            "Both readings are offered as unsafe fixes, never applied by `--fix` (the editor offers "
            "both): `{name}` for the value (what ADK does today, with the sign of the mistake gone), "
            "and, for a Python instruction that is one string literal, "
            '`compile_template(TEXT, dialect="strict")` with `from templating import compile_template`, '
            "which the linter reads in the strict dialect and which an agent takes as its "
            "`instruction`: the model sees `{name}`. Elsewhere the help names what keeps braces as "
            "text in that language (an instruction provider in TypeScript, Go and Java, "
            "`staticInstruction` in Kotlin)."
        ), dialects=("adk",), dialect_note=(
            "In `strict`, `{{name}}` is an escape that renders the text `{name}`, which is what "
            "the author meant, so there is nothing to report. In `adk-js` and `adk-java`, where "
            "doubled braces substitute as in `adk`, authors write `{{name}}` for the value: the "
            "rule reports it only where the agent's app does not write the key, or where the "
            "instruction doubles braces elsewhere (literal braces were meant)."
        ),
    ),
    Rule(
        "TPL002", "doubled-brace-literal", Severity.WARNING,
        "`{{` reaches the model as two braces",
        "Finds `{{` in a plain (non-f) string where ADK leaves the text alone, typically JSON written "
        "with `str.format`-style escaping.",
        "Only `str.format` and f-strings turn `{{` into `{`. In a plain string the model is shown the "
        "doubled braces, so an example meant to be JSON is not JSON.",
        'instruction="Reply with {{ \\"seats\\": [] }}"',
        'instruction="Reply with { \\"seats\\": [] }"',
    dialect_note=(
            "In `strict`, an escape `{{name}}` renders `{name}` and is not reported; any other `{{` "
            "(`{{ \"a\": 1 }}`, `{{name}`, `{{{x}}}`) is kept as written, so the model still sees "
            "doubled braces, and is reported."
        ),
    ),
    Rule(
        "TPL003", "greedy-brace-run", Severity.ERROR,
        "A placeholder eats a neighbouring brace",
        "Finds a placeholder with more braces on one side than the other, such as the `{name}}` in "
        '`{"name": {name}}`.',
        "ADK's pattern takes every adjacent brace into the placeholder, so the closing brace of a JSON "
        "object or code block disappears from the prompt.",
        'instruction=\'Reply as {"name": {name}}\'',
        'instruction=\'Reply as {"name": "{name}" }\'',
        dialects=("adk",), dialect_note=(
            "In `strict`, brace runs are never eaten: `{name}}` is the value followed by `}`."
        ),
    ),
    Rule(
        "TPL004", "whitespace-in-placeholder", Severity.WARNING,
        "Whitespace or a line break inside a placeholder",
        "Finds placeholders with whitespace around the name: `{ name }`, or a name on its own line "
        "between braces.",
        "ADK strips the whitespace and substitutes the key, so `{ x }` and a code block such as "
        "`{\\n  value\\n}` are both looked up in state. Other ADK ports strip different characters.",
        'instruction="Hello { user_name }"',
        'instruction="Hello {user_name}"',
        fixable=True, dialects=("adk",), dialect_note=(
            "In `strict`, whitespace inside braces makes the group literal text by design: it is "
            "how `async ({ page }) =>` and `{ \"a\": 1 }` stay safe. Reporting it would flag exactly "
            "the code and JSON `strict` promises to keep, so the rule does not run. To find the `adk` "
            "placeholders that become text when a template moves to `strict`, run "
            "`templating lint --dialect adk --select TPL004` (with `--fix`) before switching."
        ),
    ),
    Rule(
        "TPL005", "silent-literal", Severity.WARNING,
        "A placeholder-like group that ADK leaves literal",
        "Finds brace groups that look like placeholders but are not valid names: a nested path "
        "`{user.name}`, an unknown scope `{session:x}`, `{user: x}`, `{title ?}`, `{my-key}`.",
        "ADK neither substitutes nor warns: the model receives the braces and the name verbatim, and "
        "the value the author meant to show is missing.",
        'instruction="Greet {user.name} ({session:locale})"',
        'instruction="Greet {user_name} ({user:locale})"',
    dialect_note=(
            "In `strict`, nested paths (`{user.name}`) are placeholders and are not reported, and "
            "neither are groups with whitespace (literal by design, see TPL004). An unknown scope "
            "(`{session:x}`), `-` in a key and malformed paths (`{items[0}`, `{items.0}`, `{a..b}`) "
            "are reported with a corrected spelling checked against the strict grammar."
        ),
    ),
    Rule(
        "TPL006", "placeholder-in-code", Severity.WARNING,
        "A placeholder that is probably code",
        "Finds placeholders named like a keyword (`{return}`, `{null}`), inside a fenced code block, "
        "or in the value position of JSON-looking text.",
        "ADK treats any `{identifier}` as a state key, wherever it is. Pasted code or JSON then raises "
        "`KeyError: Context variable not found` on every model call.",
        'instruction="Example: if (ok) { return }"',
        "# serve text that contains code through an InstructionProvider, which ADK does not scan\n"
        "instruction=lambda context: CODE_EXAMPLE",
    dialect_note=(
            "In `strict`, keywords and fenced code blocks are reported, but a placeholder in the value "
            "position of JSON is not: `{\"name\": {name}}` is how `strict` fills JSON, since it never "
            "eats the closing brace."
        ),
    ),
    Rule(
        "TPL007", "skipped-placeholder", Severity.WARNING,
        "`${name}` or `\\{name}` differs between ADK ports",
        "Finds `${name}` and `\\{name}`.",
        "ADK Python skips a brace group right after `$` or `\\` (and keeps the backslash), while "
        "adk-js, adk-go, adk-java and adk-kotlin substitute it and keep the `$` or `\\` before the "
        "value. The same instruction renders differently per port, and in Python the intended value "
        "never appears. In Kotlin, `${name}` is the compiler's own template: only `\\${name}` or "
        "`${'$'}{name}` reach ADK, which then substitutes `{name}` after the `$`.",
        'instruction="Budget: ${budget}"',
        'instruction="Budget: $ {budget}"  # or "Budget: {budget} dollars"',
    dialect_note=(
            "`strict` leaves `${name}` and `\\{name}` as written, as ADK Python does, so the portability "
            "hazard is the same; names are read with the strict rules, so `${user.name}` is reported. "
            "TPL017 (port-divergence) reports the other differences between ports and leaves these "
            "two forms to this rule."
        ), version_note=(
            "Depends on `adk-version`. ADK Python 1.x had no lookbehind in its pattern: it "
            "substituted `${name}` (keeping the `$`) and `\\{name}` (keeping the backslash), as the "
            "other ports do. With `adk-version = \"1.x\"` (or `--adk-version 1.x`) such groups are "
            "placeholders for every rule (TPL001, TPL004, TPL011...) and this rule does not fire."
        ),
    ),
    Rule(
        "TPL008", "non-ascii-placeholder", Severity.INFO,
        "A placeholder name with non-ASCII characters",
        "Finds placeholder names that are not plain ASCII identifiers, such as `{café}`.",
        "ADK Python accepts any Unicode identifier without normalising it; adk-js accepts only ASCII "
        "and leaves the group literal, and other ports differ again.",
        'instruction="Order for {café}"',
        'instruction="Order for {cafe}"',
    dialect_note=(
            "`strict` reads names like ADK Python (`str.isidentifier()`, no normalisation), so the "
            "rule applies unchanged, to every step of a path."
        ),
    ),
    Rule(
        "TPL009", "static-instruction-placeholder", Severity.WARNING,
        "A placeholder in `static_instruction`",
        "Finds placeholders in a `static_instruction`.",
        "ADK never injects state into `static_instruction` (it is cached as is), so the model sees "
        "`{name}` verbatim.",
        'static_instruction="You serve {user_name}."',
        'static_instruction="You are a support agent."\ninstruction="You serve {user_name}."',
    dialect_note="ADK never fills `static_instruction`, whatever the dialect.",
    ),
    Rule(
        "TPL010", "fstring-runtime-value", Severity.WARNING,
        "An f-string inserts a value that ADK scans again",
        "Finds values inserted into an instruction when the module is imported (f-string values, "
        "`.format` arguments, names and calls the linter cannot resolve in a `+` concatenation) "
        "that can carry braces: function results, `json.dumps` output, file reads, parameters. "
        "A value whose kind cannot hold a `{name}` is not reported: a literal without braces, a "
        "number (a count, `len(...)`, `int(...)`, an index of `enumerate` or `range`, a value "
        "formatted as a number, `{total:,.2f}`), a boolean or a comparison, a date, an "
        "environment setting such as `os.getenv(\"PROJECT_ID\")`, a path (the working folder, "
        "one built from such parts), an enum's members and values, a text a function reduces to "
        "a few characters (`re.sub(r\"[^a-z0-9-]+\", \"-\", text)`), a join or a piece of such "
        "texts, a name bound to one or a parameter every call gives one, the text of a project "
        "file beside the module. A constant is spliced into the text and linted where it is "
        "written. The message says why the value can carry braces. In Go, Java and Kotlin the "
        "same holds of values spliced in at run time: numbers and booleans (a `%d` verb, "
        "`strconv.Itoa`, `len`, a loop index, a parameter declared `int`), dates "
        "(`time.Now().Format(...)`), settings and paths (`os.Getenv`, `os.Getwd`, "
        "`filepath.Join`), a text reduced to a class of characters without braces, the JSON of a "
        "schema the file builds from brace-free texts (adk-go's `genai.Schema`, adk-java's "
        "`Schema.builder()`), and an instruction the program passes on whole "
        "(`Instruction: doc.LLM.Instruction`, checked where it is written) are not reported. "
        "Its default severity, `warning`, is set by its precision on the judged public code of every "
        "language: 19 of its 21 findings true (see the Test bed page).",
        "The value is frozen when the module is imported, and ADK then scans it for placeholders: any "
        "`{word}` in it (JSON, user input) becomes a state lookup that can fail or leak state.",
        'instruction=f"The profile: {profile.to_json()}"',
        'instruction="The profile: {profile}"  # with the JSON stored in state',
    dialect_note="In `strict`, too, the inserted value becomes template text and is scanned.",
    ),
    Rule(
        "TPL011", "undefined-key", Severity.ERROR,
        "A placeholder names a key the state schema does not have",
        "With `--state` (a sample state or a JSON Schema), finds required placeholders whose key is "
        "not declared, and in `strict` paths whose steps the state shows cannot exist.",
        "A missing required key raises `KeyError` (`MissingKeyError` in `strict`) on every model call.",
        'instruction="Hi {user_nme}"  # the state has `user_name`',
        'instruction="Hi {user_name}"',
    dialect_note=(
            "In `strict`, the root key of a path is checked (`user:profile` in `{user:profile.name}`); "
            "with a sample state, or a JSON Schema with nested `properties`, each step of the path is "
            "checked too. A sample list stands for every length: only the shape of its first item is "
            "checked, never the index."
        ),
    ),
    Rule(
        "TPL012", "strict-syntax-error", Severity.ERROR,
        "The template is invalid in the `strict` dialect",
        "With `dialect = \"strict\"`, reports what the strict dialect rejects: an artifact name "
        "that is empty, absolute, has whitespace or braces, or a `..` segment.",
        "`compile_template` raises `TemplateSyntaxError` for such a template, so the agent fails "
        "before any model call. Other brace groups never fail: they are literal text.",
        'instruction="Notes: {artifact.../secrets.txt}"',
        'instruction="Notes: {artifact.notes/today.txt}"',
        dialects=("strict",), dialect_note=(
            "`adk` has no syntax errors: every brace group it cannot read is literal text."
        ),
    ),
    Rule(
        "TPL013", "unreadable-file", Severity.ERROR,
        "A file cannot be read or parsed",
        "Reports files that are not UTF-8, are not valid Python or YAML, or cannot be opened. A "
        "Python file that uses a grammar newer than the interpreter running the linter (Python "
        "3.12 f-strings with nested quotes, backslashes or comments; `type` statements; type "
        "parameters) is reported at `info` as `needs Python 3.12 to parse`, not as an error: the "
        "file is valid for its project, and the result must not depend on the linter's Python. A "
        "`SKILL.md` google-adk would refuse (no frontmatter, invalid YAML, a name that is not "
        "kebab-case...) is reported where a `SkillToolset` of the project loads it (by its folder, "
        "its parent folder, or a folder named only at run time): google-adk stops the program when "
        "it loads it, and never reads a skill folder nothing loads.",
        "Instructions in such a file cannot be checked.",
        "instruction=(  # a syntax error",
        'instruction="Hello"',
    ),
    Rule(
        "TPL014", "unwritten-key", Severity.ERROR,
        "An agent reads a key that nothing in the project writes",
        "Finds required placeholders of an agent's instruction whose key no writer in the linted "
        "project writes: no `output_key`, no `state[...]` write in a tool, callback or workflow "
        "function node, no `Event(state=...)` or `EventActions(state_delta=...)`, no initial "
        "`create_session(state=...)`, `run_async(state_delta=...)` or `state` of an evaluation's "
        "`initial.session.json`, and no `--initial-state` file or `initial-state` setting holds it "
        "(a sample state, `--state`, writes nothing: a key it lacks is TPL011's). Keys are judged "
        "per app: a key only another app (a root in an unrelated folder) writes is not written. A workflow "
        "function node's parameters are read from state too; a key a node only returns is node "
        "output, not state, and the message says so. Instructions that belong to no agent (prompt files, "
        "`inject_session_state` literals) are not checked, and an agent whose own tools or callbacks "
        "write a key that is not a literal is not reported.",
        "ADK raises `KeyError: Context variable not found` on the agent's first model call.",
        'critic = LlmAgent(name="critic", instruction="Review {findngs}.")\n'
        'researcher = LlmAgent(name="researcher", output_key="findings")',
        'critic = LlmAgent(name="critic", instruction="Review {findings}.")',
    dialect_note="In `strict`, the root key of a path is checked (`user:profile` in `{user:profile.name}`).",
    ),
    Rule(
        "TPL015", "read-before-write", Severity.ERROR,
        "An agent reads a key before the agent that writes it has run",
        "Finds a required placeholder whose key is not surely written before the agent's first "
        "model call.\n\n"
        "- **Agents run in order.** Within one run of a `SequentialAgent` (or the first iteration "
        "of a `LoopAgent`), a key only agents after it write, or the agent itself through its own "
        "`output_key`, tools or model callbacks (they write after its first model call), and "
        "nothing earlier does (initial state, an earlier sibling, its `before_agent_callback`, an "
        "ancestor's earlier siblings). A key written only by a `ParallelAgent` sibling is reported "
        "too: parallel siblings give no order.\n"
        "- **Graph workflows.** In a `Workflow`, a read whose writer does not run before it on "
        "every path from START: a route that skips it, a later node, a loop's first iteration (see "
        "the Graph workflows page).\n"
        "- **Custom agents.** One whose own code runs its sub-agents one after the other "
        "(`runAsyncImpl` in adk-js, `child.Run(ctx)` in an adk-go `Run`, "
        "`Flowable.concatArray(a.runAsync(ctx), ...)` or `emitAll(a.runAsync(context))` in the JVM "
        "ports) is read as a sequence in the order of those calls; one whose calls may run side by "
        "side (`Promise.all`, a goroutine, `merge`, `launch`) is not ordered.\n"
        "- **Not judged.** Sub-agents an `LlmAgent` transfers to are not ordered, and an unknown "
        "writer earlier in the run stops the rule.\n"
        "- **Java and Kotlin.** A `temp:` output key or event delta of an earlier sibling counts as "
        "never written: adk-java and adk-kotlin drop `temp:` keys when they append the event.\n\n"
        "The help names what works for the case: when the agent writes the key itself, only a value "
        "before its first model call (the initial state, an agent or node that runs before it, its "
        "`before_agent_callback`) or an optional read helps, never a join.",
        "The first run fails with `KeyError: Context variable not found`: the critic placed before "
        "the writer, the loop whose first iteration reads what its last step writes.",
        'SequentialAgent(name="pipeline", sub_agents=[critic, writer])  # critic reads {draft}, writer has output_key="draft"',
        'SequentialAgent(name="pipeline", sub_agents=[writer, critic])',
    dialect_note="In `strict`, the root key of a path is checked.",
    ),
    Rule(
        "TPL016", "session-state-write", Severity.WARNING,
        "A direct write to the state of a session from a session service",
        "Finds `session.state[key] = value`, `session.state.update(...)` and `setdefault` on a session "
        "returned by `get_session` or `create_session`, outside a tool or callback; and "
        "`ctx.session.state[key] = value` through the context of a workflow node, tool or callback. "
        "In Go, Java and Kotlin: adk-go's `resp.Session.State().Set(k, v)` on what a service's "
        "`Create` or `Get` returned and `ctx.Session().State().Set(k, v)` in a run; adk-java's "
        "`session.state().put(k, v)` (`putAll`, `remove`, `putIfAbsent`) and adk-kotlin's "
        "`session.state[k] = v` on a session from `createSession` or `getSession`. A session the "
        "code hands on itself (an argument, an assignment) is not reported: the code it goes to "
        "sees the write, nor is a Go run's write of a key the package also puts in the state delta "
        "of an event it yields (the event records it). Writes through a context's session in Java "
        "and Kotlin are not reported yet.",
        "The write bypasses events: ADK's session services apply state only from an event's "
        "`state_delta`, so the value is lost by persistent services (and by the in-memory one, which "
        "returns a copy). Written through a context, it is seen for the rest of the invocation and "
        "lost afterwards.",
        'session = await session_service.get_session(app_name=APP, user_id=USER, session_id=SID)\n'
        'session.state["topic"] = "tides"',
        'await session_service.create_session(app_name=APP, user_id=USER, state={"topic": "tides"})\n'
        '# or, during a run: tool_context.state["topic"] = "tides"',
    dialect_note=(
        "The rule reads code, not templates: the dialect does not matter. It holds in every port "
        "because each in-memory session service hands out a copy and a run reads the stored "
        "session by its id (adk-go `session/inmemory.go`: `maps.Clone`; adk-java "
        "`InMemorySessionService.java`: `copySession`; adk-kotlin `InMemorySessionService.kt`). "
        "Use `session.CreateRequest{State: ...}` or `ctx.State().Set(k, v)` in Go, "
        "`createSession(app, user, state, id)` or `toolContext.state().put(k, v)` in Java."
    ),
    ),
    Rule(
        "TPL017", "port-divergence", Severity.WARNING,
        "A placeholder renders differently in the ADK ports the project targets",
        "With `target-ports` naming two or more ADK ports (`python`, `js`, `go`, `java`, `kotlin`, "
        "`adk-ts`; or `--target-ports python,go`), reports each placeholder the targeted ports would "
        "render differently, in one finding that groups the ports by what they give, the smallest "
        "groups first: the text of the sample state's value (`--state`), e.g. "
        "`python: {'k': 1}; js: {\"k\":1}; go: map[k:1]; java, kotlin: {k=1}`, or, with a JSON "
        "Schema, of a sample of the value's type; a brace group the ports read differently (ADK-TS "
        "reads `{{x}}` as `{` + `x` + `}` and `{a.b}` as a path, Java reads `{$x}` and keeps a "
        "no-break space); a key the JavaScript ports find on every object (`{toString}`, "
        "`{constructor}`); and an artifact, whose Part each port writes as its text, its JSON or "
        "`[object Object]`. `${name}` and `\\{name}` are reported by TPL007 and non-ASCII names by "
        "TPL008, not again here.",
        "Teams run the same agents on several ADK ports. The same instruction and state give the "
        "model `True` in one and `true` in another, a Python `repr`, JSON or `map[k:1]`, the text of "
        "an artifact or `[object Object]`, or fail in one and not the others.",
        'instruction="Preferences: {prefs}"  # state: {"prefs": {"seat": "aisle", "meal": null}}',
        'instruction="Preferences: {prefs_text}"  # store the text each port should show',
        dialects=("adk",), dialect_note=(
            "`strict` renders values as JSON in every port that runs it (it is this library's own "
            "dialect), so there is no port to diverge from. Each port's rendering is its dialect "
            "(see the ports page), checked against that port's own tests, and against the real "
            "adk-js and ADK-TS packages. Not covered: InstructionProvider output, which only "
            "adk-kotlin injects (the project model does not yet know which instructions a provider "
            "returns)."
        ),
    ),
)  # fmt: skip
