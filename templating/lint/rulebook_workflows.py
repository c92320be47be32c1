"""The rules about graph workflows (TPL018 on), with their documentation."""

from __future__ import annotations

from templating.lint.rule import Rule, Severity

__all__ = ["WORKFLOW_RULES"]

WORKFLOW_RULES: tuple[Rule, ...] = (
    Rule(
        "TPL018",
        "fan-in-without-join",
        Severity.WARNING,
        "A workflow node has several concurrent predecessors and no `JoinNode` before it",
        "Finds a node of a `Workflow` that two or more predecessors can trigger in the same run (a "
        'fan-out tuple such as `("START", (a, b), c)`, or edges from nodes that are not on '
        "different routes of one router) when the node is not a `JoinNode`. The reads of keys that "
        "those siblings write are reported here, not as TPL015, and so are reads of a key that a "
        "`ctx.run_node` child gathered with the reader (`asyncio.gather`) writes. adk-js's "
        "`new Workflow({edges})` is read the same way: `['START', [a, b], c]` is a fan-out, "
        "`ctx.runNode` calls inside one `Promise.all` are gathered.",
        "ADK runs such a node once per predecessor that completes: an agent node makes one model "
        "call per predecessor, and its first run may start before a sibling has written the key it "
        "reads, so `KeyError: Context variable not found` comes and goes with timing.",
        'Workflow(name="review", edges=[("START", (fetch_code, fetch_tests), reviewer)])',
        'Workflow(name="review", edges=[("START", (fetch_code, fetch_tests), JoinNode(name="both"), reviewer)])',
        dialect_note="The rule reads the workflow's edges, not templates: the dialect does not matter.",
    ),
    Rule(
        "TPL019",
        "join-never-fires",
        Severity.WARNING,
        "A `JoinNode` waits for a predecessor that a route can skip",
        "Finds a `JoinNode` one of whose predecessors runs only on a route of a router that the "
        "other predecessors do not need: when the router takes another route, that predecessor "
        "never runs. A route is no skip when every other route of its router only runs the router "
        "again (a retry loop): the router takes it in the end, and the join fires. adk-js's "
        "`new JoinNode({name})` and routing maps (`{full: lint}`) and adk-go's "
        "`workflow.NewJoinNode` are read the same way.",
        "A `JoinNode` fires only when every predecessor has completed. When one never runs, the "
        "join never fires and nothing after it runs; the workflow ends without an error, and the "
        "missing step is easy to miss.",
        'Workflow(name="w", edges=[("START", router), (router, {"A": a}), (router, c), ((a, c), join, after)])',
        'Workflow(name="w", edges=[("START", router), (router, {"A": a, "B": skip_a}), (router, c),\n'
        "                           ((a, skip_a), merge_a), ((merge_a, c), join, after)])",
        dialect_note="The rule reads the workflow's edges, not templates: the dialect does not matter.",
    ),
    Rule(
        "TPL020",
        "unknown-schema-field",
        Severity.WARNING,
        "A `{Model.field}` reference the agent's `input_schema` does not define",
        "Finds a `{Model.field}` placeholder in an agent's instruction when the agent has no "
        "`input_schema=Model`, or when the project's `Model` (a pydantic model) has no such field. "
        "With `input_schema=Model` and an existing field it is the ADK 2 idiom and is not reported "
        "(nor as TPL005): ADK leaves it as written and the model fills it from the node's input.",
        "ADK never substitutes `{Model.field}`: the model is meant to read the value from its input, "
        "which is validated against `input_schema`. Without that schema, or for a field the model "
        "lacks, nothing in the input matches and the model sees a stray brace group.",
        'Agent(name="report", instruction="It is {CityTime.time} in {CityTime.city}.")  # no input_schema',
        'Agent(name="report", input_schema=CityTime, instruction="It is {CityTime.time_info} in {CityTime.city}.")',
        dialect_note="Applies to both dialects: in `adk` the reference is a literal brace group.",
    ),
)
