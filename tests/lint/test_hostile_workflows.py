"""Hostile ADK 2.x workflows (Python and Agent Config YAML): long chains, wide fan-outs and
fan-ins, many routes and writers, cross products, deep nesting and alias bombs. Each is read
in a child process bounded in time and memory (see ``bounded``): linear work, or past the
documented bounds an *unknown* workflow (nothing concluded), never a traceback."""

import itertools
from pathlib import Path

import pytest

from tests.bounded import run_templating

HEAD = "from google.adk import Agent, Event, Workflow\nfrom google.adk.workflow import START, Edge\n\n"
READER = 'reader = Agent(name="reader", model="m", instruction="{kf0} {missing}")\n'


def _functions(prefix: str, count: int) -> str:
    return "".join(f"def {prefix}{i}():\n    return Event(state={{'k{prefix}{i}': 1}})\n\n" for i in range(count))


def _names(prefix: str, count: int) -> str:
    return ", ".join(f"{prefix}{i}" for i in range(count))


def _routes(count: int, back: bool = False) -> str:
    routes = ", ".join(f"'r{i}': f{i}" for i in range(count))
    after = "{'back': router, 'on': reader}" if back else "reader"
    tails = ", ".join(f"(f{i}, {after})" for i in range(count))
    router = "def router():\n    return Event(route='r0')\n\n"
    return (
        _functions("f", count)
        + router
        + READER
        + f"root = Workflow(name='w', edges=[(START, router, {{{routes}}}), {tails}])\n"
    )


def _reversed_chain(count: int) -> str:
    edges = ", ".join(f"Edge(from_node=f{i}, to_node=f{i + 1})" for i in reversed(range(count - 1)))
    last = f"Edge(from_node=START, to_node=f0), Edge(from_node=f{count - 1}, to_node=reader)"
    return _functions("f", count) + READER + f"root = Workflow(name='w', edges=[{edges}, {last}])\n"


def _nested(depth: int) -> str:
    text = _functions("f", 1) + READER + "w0 = Workflow(name='w0', edges=[(START, f0)])\n"
    text += "".join(f"w{i} = Workflow(name='w{i}', edges=[(START, w{i - 1})])\n" for i in range(1, depth))
    return text + f"root = Workflow(name='root', edges=[(START, w{depth - 1}, reader)])\n"


CASES = {
    "1,000 routes": (lambda: _routes(1_000), "route `r1` of `router` skips its writer `f0`"),
    "1,000 routed back edges": (lambda: _routes(1_000, back=True), "TPL015 agent `reader`"),
    "a reversed 1,000-step chain": (lambda: _reversed_chain(1_000), "TPL014 `missing`"),
    "a fan-in diamond of 2,000": (
        lambda: _functions("f", 2_000) + _functions("a", 1) + READER
        + f"root = Workflow(name='w', edges=[(START, a0, ({_names('f', 2_000)}), reader)])\n",
        "and 1,990 more): its reads of their keys race",
    ),
    "a 1,000 x 1,000 cross product": (
        lambda: _functions("f", 1_000) + _functions("g", 1_000) + READER
        + f"root = Workflow(name='w', edges=[(START, ({_names('f', 1_000)}), ({_names('g', 1_000)}), reader)])\n",
        "Found",
    ),
    "a chain of 10,000": (
        lambda: _functions("f", 10_000) + READER + f"root = Workflow(name='w', edges=[(START, {_names('f', 10_000)}, reader)])\n",
        "Found",
    ),
    "a fan-out of 10,000": (
        lambda: _functions("f", 10_000) + READER + f"root = Workflow(name='w', edges=[(START, ({_names('f', 10_000)}))])\n",
        "Found",
    ),
    "workflows nested 300 deep": (lambda: _nested(300), "checked"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_hostile_workflow_is_read_in_linear_time(tmp_path: Path, case: str) -> None:
    build, expected = CASES[case]
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "agent.py").write_text(HEAD + build(), encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "agent.py"], tmp_path, seconds=30, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode in (0, 1), outcome.stderr[-2000:]
    assert expected in outcome.stdout, outcome.stdout[-2000:]


@pytest.mark.parametrize(
    ("functions", "megabytes"),
    [(_functions("f", 100_000), 380), ("".join(f"def f{i}():\n    pass\n" for i in range(100_000)), 260)],
    ids=["writing nodes", "empty nodes"],
)
def test_hostile_chain_of_100000_nodes_in_bounded_memory(tmp_path: Path, functions: str, megabytes: int) -> None:
    # A 6 MB module parsed whole peaked at 1.1 GB (the parser's C tree and its Python
    # objects at once); parsed a run of statements at a time it took 650 MB of address space
    # (400 MB without writes); held in compact nodes, the edges' 800 KB statement parsed
    # first, it is read in 320 MB (200 MB).
    names = ", ".join(f"f{i}" for i in range(100_000))
    text = HEAD + functions + READER + f"root = Workflow(name='w', edges=[(START, {names}, reader)])\n"
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "agent.py").write_text(text, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "agent.py"], tmp_path, seconds=60, megabytes=megabytes)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode == 1
    assert "TPL013" not in outcome.stdout and "TPL014 `missing` is read by agent `reader`" in outcome.stdout


def _yaml_project(folder: Path, edges: str, steps: str = "def a():\n    return 1\n") -> None:
    (folder / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    app = folder / "app"
    app.mkdir()
    (app / "__init__.py").write_text("", encoding="utf-8")
    (app / "steps.py").write_text(steps, encoding="utf-8")
    (app / "root.yaml").write_text(f"agent_class: Workflow\nname: w\n{edges}", encoding="utf-8")


def test_hostile_yaml_route_alias_bomb(tmp_path: Path) -> None:
    # Nine levels of lists of ten aliases name 10^9 routes in a few hundred bytes.
    levels = ["r0: &r0 [a, b, c, d, e, f, g, h, i, j]"]
    levels += [f"r{n}: &r{n} [{', '.join([f'*r{n - 1}'] * 10)}]" for n in range(1, 10)]
    anchors = "anchors:\n" + "".join(f"  {line}\n" for line in levels)
    edges = "edges:\n  - from_node: START\n    to_node: app.steps.a\n    route: *r9\n"
    _yaml_project(tmp_path, anchors + edges)
    for command in (["lint", "--no-cache", "app"], ["graph", "app"]):
        outcome = run_templating(command, tmp_path, seconds=30, megabytes=600)
        assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
        assert outcome.returncode in (0, 1), (command, outcome.stderr[-2000:])


def test_hostile_yaml_workflow_of_1000_routes(tmp_path: Path) -> None:
    routes = "".join(f"      r{i}: app.steps.f{i}\n" for i in range(1_000))
    _yaml_project(tmp_path, "edges:\n  - - START\n    - app.steps.a\n    -\n" + routes)
    outcome = run_templating(["lint", "--no-cache", "app"], tmp_path, seconds=30, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode in (0, 1)


# Workflows just under the 2,500-node bound, followed whole: the order's sets per node (keys
# written, nodes run before, routes on every path) grew with the square of a chain's length
# (170 MB for a chain of 2,400 steps, 320 MB with routed back edges). `late` writes `klate`
# after the reader, so the finding shows the order was followed, not given up.
STEPS = 2_400
LATE = "def late():\n    return Event(state={'klate': 1})\n\n"
LATE_READER = 'reader = Agent(name="reader", model="m", instruction="{kf0} {klate}")\n'


def _routed_loops(count: int) -> str:
    # Each step goes on to the next or back to the one before it.
    functions = "".join(f"def f{i}():\n    return Event(state={{'kf{i}': 1}}, route='on')\n\n" for i in range(count))
    loops = ", ".join(f"(f{i}, {{'on': f{i + 1}, 'back': f{max(i - 1, 0)}}})" for i in range(count - 1))
    edges = f"(START, f0), {loops}, (f{count - 1}, reader, late)"
    return functions + LATE + LATE_READER + f"root = Workflow(name='w', edges=[{edges}])\n"


def _diamonds(count: int) -> str:
    # A chain of fan-outs of two into the next step (no `JoinNode`: each is a fan-in).
    steps = ", ".join(f"f{i}, (b{i}, c{i})" for i in range(count))
    functions = _functions("f", count + 1) + _functions("b", count) + _functions("c", count)
    return (
        functions
        + LATE
        + LATE_READER
        + f"root = Workflow(name='w', edges=[(START, {steps}, f{count}, reader, late)])\n"
    )


STEP_CASES = {
    "a chain": lambda: _functions("f", STEPS) + LATE + LATE_READER
    + f"root = Workflow(name='w', edges=[(START, {_names('f', STEPS)}, reader, late)])\n",
    "a chain of routed loops": lambda: _routed_loops(STEPS),
    "a chain of diamonds": lambda: _diamonds(STEPS // 3),
}  # fmt: skip


@pytest.mark.parametrize("case", list(STEP_CASES))
def test_hostile_workflow_of_2400_steps_in_small_memory(tmp_path: Path, case: str) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "agent.py").write_text(HEAD + STEP_CASES[case](), encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "agent.py"], tmp_path, seconds=30, megabytes=130)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert "may read `klate` before it is written: it is written by `late`" in outcome.stdout, outcome.stdout[-2000:]
    assert "kf0" not in outcome.stdout


YAML_STEP_CASES = {
    "a chain": lambda names: f"  - [START, {', '.join(names)}, reader.yaml, app.steps.late]\n",
    "a chain of routed loops": lambda names: "".join(
        [f"  - [START, {names[0]}]\n", f"  - [{names[-1]}, reader.yaml, app.steps.late]\n"]
        + [f"  - [{step}, {{on: {after}, back: {names[max(i - 1, 0)]}}}]\n"
           for i, (step, after) in enumerate(itertools.pairwise(names))]
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(YAML_STEP_CASES))
def test_hostile_yaml_workflow_of_2400_steps_in_small_memory(tmp_path: Path, case: str) -> None:
    steps = "from google.adk import Event\n\n" + _functions("f", STEPS) + LATE
    _yaml_project(tmp_path, "edges:\n" + YAML_STEP_CASES[case]([f"app.steps.f{i}" for i in range(STEPS)]), steps)
    reader = 'agent_class: LlmAgent\nname: reader\nmodel: m\ninstruction: "{kf0} {klate}"\n'
    (tmp_path / "app" / "reader.yaml").write_text(reader, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "app"], tmp_path, seconds=30, megabytes=130)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert "may read `klate` before it is written: it is written by `late`" in outcome.stdout, outcome.stdout[-2000:]
    assert "kf0" not in outcome.stdout


def _readers(count: int) -> str:
    return "".join(f'r{i} = Agent(name="r{i}", model="m", instruction="{{k}}")\n' for i in range(count))


def _route_chain(count: int) -> tuple[str, str]:
    # Steps each taking route `on` to the next (their functions, their edges): every node
    # after them is behind all of those routes.
    functions = "".join(f"def f{i}():\n    return Event(state={{'kf{i}': 1}}, route='on')\n\n" for i in range(count))
    return functions, ", ".join(f"(f{i}, {{'on': f{i + 1}}})" for i in range(count - 1))


def _late_readers_in_a_loop(count: int) -> str:
    writer = "def w():\n    return Event(state={'k': 1}, route='back')\n\n"
    edges = f"(START, {_names('r', count)}, w), (w, {{'back': r0}})"
    return writer + _readers(count) + f"root = Workflow(name='w', edges=[{edges}])\n"


def _readers_behind_a_skipping_route(count: int) -> str:
    steps = "def router():\n    return Event(route='a')\n\ndef w():\n    return Event(state={'k': 1})\n\ndef skip():\n    pass\n\n"
    edges = f"(START, router, {{'a': w, 'b': skip}}), (w, r0), (skip, {_names('r', count)})"
    return steps + _readers(count) + f"root = Workflow(name='w', edges=[{edges}])\n"


def _routes_into_a_fan_in(count: int, join: bool) -> str:
    functions, edges = _route_chain(count)
    last, fanned = f"f{count - 1}", f"({_names('g', count)})"
    if join:  # a route that skips the join's predecessors: the join may never fire
        functions += "from google.adk.workflow import JoinNode\nboth = JoinNode(name='both')\n"
        edges += f", ({last}, {fanned}, both, reader), ({last}, {{'skip': both}})"
    else:
        edges += f", ({last}, {fanned}, reader)"
    return functions + _functions("g", count) + READER + f"root = Workflow(name='w', edges=[(START, f0), {edges}])\n"


# Neighbours of the cases above, each quadratic (or worse) in time or memory on the way to a
# message: 2,400 late readers of one key (each walked the graph again), and predecessors
# behind one chain of 1,200 routes (every pair of their route sets compared edge by edge; a
# `JoinNode` after them took 166 s at 300).
NEIGHBOUR_CASES = {
    "2,400 readers late in a loop": (lambda: _late_readers_in_a_loop(STEPS), "later in the loop"),
    "2,400 readers behind a skipping route": (lambda: _readers_behind_a_skipping_route(STEPS), "route `b` of `router` skips"),
    "1,200 routes into a fan-in of 1,200": (lambda: _routes_into_a_fan_in(1_200, join=False), "and 1,190 more"),
    "1,200 routes into a join of 1,200": (lambda: _routes_into_a_fan_in(1_200, join=True), "runs only on route `skip`"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NEIGHBOUR_CASES))
def test_hostile_workflow_messages_in_linear_time(tmp_path: Path, case: str) -> None:
    build, expected = NEIGHBOUR_CASES[case]
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "agent.py").write_text(HEAD + build(), encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "agent.py"], tmp_path, seconds=30, megabytes=130)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert expected in outcome.stdout, outcome.stdout[-2000:]


# Agent Config YAML at the size of the Python chain above: 100,000 steps (5 MB in block style).
# PyYAML's pure-Python scanner took 19 s and 370 MB for it, composing the file twice.
YAML_CHAINS = {
    "block style": lambda names: "".join(f"  - from_node: {a}\n    to_node: {b}\n" for a, b in itertools.pairwise(names)),
    "flow style": lambda names: f"  - [{', '.join(names)}]\n",
    "a fan-out of 10,000": lambda names: f"  - [START, [{', '.join(names[1:10_001])}]]\n",
}  # fmt: skip


@pytest.mark.parametrize("case", list(YAML_CHAINS))
def test_hostile_yaml_workflow_of_100000_steps(tmp_path: Path, case: str) -> None:
    steps = "from google.adk import Event\n\n" + _functions("f", 100)
    names = ["START", *(f"app.steps.f{i % 100}" for i in range(100_000)), "reader.yaml"]
    _yaml_project(tmp_path, "edges:\n" + YAML_CHAINS[case](names), steps)
    reader = 'agent_class: LlmAgent\nname: reader\nmodel: m\ninstruction: "{kf0} {missing}"\n'
    (tmp_path / "app" / "reader.yaml").write_text(reader, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "app"], tmp_path, seconds=12, megabytes=450)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert "TPL014 `missing` is read by agent `reader`" in outcome.stdout, outcome.stdout[-2000:]
    assert "kf0" not in outcome.stdout
    graph = run_templating(["graph", "--format", "json", "app"], tmp_path, seconds=12, megabytes=450)
    assert graph.returncode == 0 and '"reader"' in graph.stdout, graph.stderr[-2000:]


def _orchestrator(steps: int, body, gathered: bool) -> str:
    """A module whose one function node runs ``steps`` children with ``ctx.run_node``."""
    lines = [
        "import asyncio", "from google.adk import Agent, Event, Workflow", "from google.adk.workflow import node", "",
        'worker = Agent(name="worker", model="m", instruction="Do {step} of {plan}, then {verdict}.")',
        *(['helper = Agent(name="helper", model="m", instruction="Help.", output_key="verdict")'] if gathered else []),
        "",
        "@node(rerun_on_resume=True)", "async def orchestrate(ctx):", '    yield Event(state={"plan": "p"})',
        *(line for index in range(steps) for line in body(index)),
        *([] if gathered else ['    ctx.state["verdict"] = "done"']), "", 'root = Workflow(name="loop", edges=[("START", orchestrate)])', "",
    ]  # fmt: skip
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("case", "body", "expected"),
    [
        ("in sequence", lambda i: [f'    ctx.state["step"] = {i}', "    await ctx.run_node(worker)"],
         "`orchestrate` writes it only after it runs `worker`"),
        ("gathered in pairs", lambda i: [f'    ctx.state["step"] = {i}',
                                         "    await asyncio.gather(ctx.run_node(worker), ctx.run_node(helper))"],
         "`helper` writes it concurrently (they are gathered with `asyncio.gather`)"),
    ],
)  # fmt: skip
def test_hostile_orchestrator_of_8000_run_node_steps(tmp_path: Path, case: str, body, expected: str) -> None:
    # Each child's reads looked at every call and every write of the orchestrator: 8,000 steps
    # took 25 s of CPU (2,000: 1.9 s).
    (tmp_path / "agent.py").write_text(_orchestrator(8_000, body, case.startswith("gathered")), encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "--select", "TPL015,TPL018", "agent.py"], tmp_path, seconds=20)
    assert outcome.returncode == 1, outcome.stderr
    assert expected in outcome.stdout, outcome.stdout[-2000:]
