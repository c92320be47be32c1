"""The rules about traps of one ADK port's code (TPL025 on), with their documentation."""

from __future__ import annotations

from templating.lint.rule import Rule, Severity

__all__ = ["PORT_RULES"]

PORT_RULES: tuple[Rule, ...] = (
    Rule(
        "TPL025",
        "state-assignment-not-written",
        Severity.WARNING,
        "`context.state['key'] = value` in adk-js writes nothing",
        "Finds an assignment through brackets to the `state` of a context (`context.state['draft'] = "
        "text`) in a TypeScript or JavaScript file that imports `@google/adk`.",
        "adk-js's `State` is a class that records a change only through `set` or `update` (into its "
        "`delta`, which the event carries): the assignment adds a property to the `State` object "
        "itself, records no state change and is lost; a placeholder that reads the key fails with "
        "`Context variable not found`. The same line writes state in IQAI's ADK-TS, whose state is a "
        "Proxy, so code ported from it breaks without an error.",
        "beforeAgentCallback: (context) => { context.state['topic'] = 'tides'; return undefined; }",
        "beforeAgentCallback: (context) => { context.state.set('topic', 'tides'); return undefined; }",
        dialects=("adk-js",),
        language="typescript",
        dialect_note="The rule reads adk-js code: ADK-TS honours the assignment.",
    ),
    Rule(
        "TPL026",
        "dropped-builder-instruction",
        Severity.WARNING,
        "IQAI's `AgentBuilder` drops `withInstruction` when `asSequential`, `asParallel` or `asLoop` follows",
        "Finds an `AgentBuilder` chain that gives an instruction (`withInstruction`) and then makes a "
        "workflow agent with `asSequential`, `asParallel` or `asLoop`.",
        "ADK-TS 0.5.9 builds a `SequentialAgent` (or `ParallelAgent`, `LoopAgent`) from such a chain: "
        "the instruction is never rendered and no model ever sees it, without a warning.",
        "AgentBuilder.create('flights').withInstruction(PROMPT).asSequential([search, book]).build()",
        "AgentBuilder.create('flights').withInstruction(PROMPT).withSubAgents([search, book]).build()\n"
        "// or give the instruction to the sub-agents that need it",
        dialects=("adk-ts",),
        language="typescript",
        dialect_note="The rule reads ADK-TS builder chains: adk-js has no `AgentBuilder`.",
    ),
)
