"""The rules about the state a run needs (TPL028 to TPL033): the state contract, eval files,
ADK 2.x typed state and values that reach the model as Python's repr."""

from __future__ import annotations

from templating.lint.rule import Rule, Severity

__all__ = ["STATE_RULES"]

_CODE_ONLY = "The rule reads code and eval files, not templates: the dialect does not matter."

STATE_RULES: tuple[Rule, ...] = (
    Rule(
        "TPL028",
        "run-state-missing",
        Severity.ERROR,
        "An eval case or session file starts a run without a key the app requires",
        "Checks every state a run starts with from outside the code against the app's state "
        "contract (`templating contract`): each case of an ADK eval file (`*.evalset.json`, "
        "`*.test.json` in the eval set format: its `session_input.state`, or no state when it has no "
        "`session_input`) and the `state` of an `initial.session.json`. A key the app requires (a "
        "required placeholder or a function-node parameter reads it before anything in the program "
        "writes it, on some path) that the state lacks is reported at the state (a `temp:` key in it "
        "counts as lacking: a new session drops it). The app is the one in "
        "the nearest folder at or above the file (narrowed by `app_name`, or found by it when no "
        "folder holds one); with several, only the keys every one of them requires. A sample state "
        "(`--state`) is never taken for a run's state.",
        "The eval case fails when it runs: `adk eval`, `adk web` and `AgentEvaluator` create its "
        "session with exactly that state, and the first read raises `KeyError: Context variable not "
        "found` (or `WorkflowDataError` for a function-node parameter). The eval then measures a crash.",
        '{"eval_set_id": "greet", "eval_cases": [{"eval_id": "hello", "conversation": [],\n'
        '  "session_input": {"app_name": "greeter", "user_id": "u", "state": {}}}]}',
        '{"eval_set_id": "greet", "eval_cases": [{"eval_id": "hello", "conversation": [],\n'
        '  "session_input": {"app_name": "greeter", "user_id": "u", "state": {"user_name": "Ada"}}}]}',
        dialect_note=_CODE_ONLY,
        language="json",
    ),
    Rule(
        "TPL029",
        "undeclared-state-write",
        Severity.ERROR,
        "A workflow with a `state_schema` writes a key the schema does not declare",
        "In a `Workflow(state_schema=Model)` whose model is a pydantic class of the project, finds "
        "each write of a key without a `:` that is not a field of the model: `ctx.state[...]` (and "
        "`update`, `setdefault`), `Event(state=...)` and `EventActions(state_delta=...)` in a function "
        "node or a node it runs with `ctx.run_node`, and an agent node's own `output_key`, tools, "
        "callbacks and `AgentTool` agents. A nested workflow without a schema of its own is checked "
        "against the outer one, as ADK does (a node's context takes its parent's schema). Writes of "
        "the sub-agents an agent node transfers to are not reported.",
        "google-adk 2.13.0 validates every such write and raises `StateSchemaError: Key '...' is not "
        "declared in state schema` in the middle of the run. Keys with a prefix (`temp:`, `app:`, "
        "`user:`) are not validated.",
        "class TripState(BaseModel):\n    destination: str\n\n"
        'def draft(ctx):\n    ctx.state["scratch"] = "..."\n\n'
        'Workflow(name="trip", state_schema=TripState, edges=[("START", draft)])',
        'class TripState(BaseModel):\n    destination: str\n    scratch: str = ""\n\n'
        'def draft(ctx):\n    ctx.state["scratch"] = "..."  # or ctx.state["temp:scratch"]\n\n'
        'Workflow(name="trip", state_schema=TripState, edges=[("START", draft)])',
        dialect_note=_CODE_ONLY,
    ),
    Rule(
        "TPL030",
        "undeclared-node-parameter",
        Severity.ERROR,
        "A function node's parameter is not a field of its workflow's `state_schema`",
        "In a `Workflow(state_schema=Model)`, finds each parameter of a function node that is not a "
        "field of the model, other than `ctx`, `node_input` and `self`. google-adk's check goes by "
        "name only: a context parameter named `context` or `tool_context`, a parameter with a "
        "default, `*args`, and a parameter the node binds from its input "
        '(`@node(parameter_binding="node_input")`) are all refused.',
        "Building the workflow raises `StateSchemaError: FunctionNode '...' parameter '...' is not "
        "declared in state_schema`: the module that builds it cannot even be imported, so `adk web`, "
        "`adk run` and every test that imports it fail.",
        "class TripState(BaseModel):\n    destination: str\n\n"
        "def check(context: Context, budget: int):\n    ...\n\n"
        'Workflow(name="trip", state_schema=TripState, edges=[("START", check)])',
        "class TripState(BaseModel):\n    destination: str\n    budget: int = 0\n\n"
        "def check(ctx: Context, budget: int):\n    ...\n\n"
        'Workflow(name="trip", state_schema=TripState, edges=[("START", check)])',
        dialect_note=_CODE_ONLY,
    ),
    Rule(
        "TPL031",
        "undeclared-state-read",
        Severity.WARNING,
        "An agent node reads a key its workflow's `state_schema` does not declare",
        "In a `Workflow(state_schema=Model)`, finds a placeholder of an agent node whose key (without a "
        "`:`) is not a field of the model, and, in the `strict` dialect, a path into a field whose "
        "model has no such field (`{plan.dayz}` when the field `plan` is a `Plan` without `dayz`). A "
        "key a seed (`create_session(state=...)`, `initial.session.json`) or a write the schema does "
        "not check (a sub-agent's) may hold is not reported.",
        "No node of the workflow can write an undeclared key (the write raises `StateSchemaError`), so "
        "only the session's initial state, which ADK does not check against the schema, can hold it: "
        "usually a typo or a field the schema forgot. A path into a field that does not exist is "
        "missing in every run.",
        "class TripState(BaseModel):\n    destination: str\n\n"
        'writer = Agent(name="writer", instruction="Plan a trip to {destinaton}.")',
        'writer = Agent(name="writer", instruction="Plan a trip to {destination}.")',
        dialect_note="In `strict`, paths (`{plan.days}`) are followed through the schema's models too.",
    ),
    Rule(
        "TPL032",
        "repr-rendered-value",
        Severity.WARNING,
        "A placeholder's value is a dict or list that reaches the model as Python's repr",
        "Finds a `{key}` in the `adk` dialect whose key a writer of its app fills with a dict or a "
        "list: the `output_key` of an agent whose `output_schema` is a pydantic model (stored as its "
        "`model_dump()` dict), a `list[...]` or a `dict`, or code that writes a dict or list literal "
        "(`ctx.state[...] = {...}`, `Event(state=...)`, a seed). The message shows what the model will "
        "read.",
        "google-adk fills a placeholder with `str(value)`: the model reads "
        "`{'title': 'Rome', 'days': 3}`, with single quotes, `True` and `None`, which is not JSON, and a "
        "model asked to reason over structured data or to echo it as JSON gets it wrong.",
        'planner = Agent(name="planner", output_schema=Plan, output_key="plan")\n'
        'presenter = Agent(name="presenter", instruction="Present this plan: {plan}")',
        "# render JSON yourself: the strict dialect writes dicts and lists as JSON\n"
        'presenter = Agent(name="presenter", instruction=compile_template("Present this plan: {plan|json}", '
        'dialect="strict"))\n'
        "# or an instruction provider: lambda ctx: f\"Present this plan: {json.dumps(ctx.state['plan'])}\"\n"
        "# or keep the output text: no output_schema (or output_schema=str) on the planner",
        dialects=("adk",),
        dialect_note="In `strict`, a dict or list is written as JSON, so there is nothing to report.",
    ),
    Rule(
        "TPL033",
        "eval-with-state-schema",
        Severity.ERROR,
        "An eval runs a `state_schema` workflow that calls a model",
        "Finds an eval case or `initial.session.json` whose app is a `Workflow(state_schema=...)` that "
        "runs a model-calling agent as a node.",
        "ADK's eval runner adds its own plugin, which writes the unprefixed key "
        "`__llm_request_key__` before every model call; the schema refuses it, so the case fails with "
        "`StateSchemaError` whatever its state (google/adk-python#6346, checked under google-adk "
        "2.13.0). A pydantic model cannot declare a field with that name.",
        'root_agent = Workflow(name="trip", state_schema=TripState, edges=[("START", planner)])\n'
        "# trip/rome.evalset.json runs it: the case fails with StateSchemaError",
        "# evaluate the workflow built without a state_schema until google/adk-python#6346 is fixed\n"
        'root_agent = Workflow(name="trip", edges=[("START", planner)])',
        dialect_note=_CODE_ONLY,
    ),
)
