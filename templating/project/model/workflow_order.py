"""Which keys are written in time for each read of a graph workflow, as google-adk 2.13.0 runs it.

A node runs when any one of its predecessors completes (a ``JoinNode`` when all have), and
every state write of a node is applied before its successors start. So a key is written in
time for a read in node ``N`` when some node that writes it has surely run before ``N``: it
is in ``before(N)``, the nodes on *every* path from START to ``N`` (the intersection over
its predecessors; the union at a join), found as a fixpoint, so that a loop's first
iteration, where the back edge has not fired yet, counts. A nested workflow has surely
written what it writes on every path to each of its end points. Inside one agent, only its
``before_agent_callback`` writes are seen by its first instruction; its tools,
``before_model_callback`` and ``output_key`` write after its first model call.

Reads are placeholders of agent nodes and the parameters ADK binds from state for function
nodes; a dynamic node's ``ctx.run_node`` children read in program order. A read is judged
only when every writer of its key is in the workflow (or seeds the session): a writer
elsewhere, an unknown writer or an edge shape we cannot read leaves it alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from templating.project.model.apps import AppScopes
from templating.project.model.bit_sets import Numbering
from templating.project.model.facts import Read, Writer, may_write_any
from templating.project.model.workflow_calls import Orchestrators, gathered_writers
from templating.project.model.workflow_facts import Parameter, WorkflowEdge
from templating.project.model.workflow_misses import Misses
from templating.project.model.workflow_model import Node, Workflow, member_writes, sure_writes
from templating.project.model.workflow_paths import LISTED, Graph, listed
from templating.project.model.writes import is_shared

__all__ = ["MAX_DEPTH", "FanIn", "LateNodeRead", "WorkflowOrder", "order_workflows"]

#: How deeply nested workflows are followed: each level is a pass inside the one around
#: it, and a deeper one is taken to write anything (its reads are not judged).
MAX_DEPTH = 64


@dataclass(frozen=True, slots=True)
class LateNodeRead:
    """A required read that may fail: ``unwritten`` (nothing writes it), ``late`` (written,
    but not surely before), ``own`` (written only by the reading node itself, after its first
    model call) or ``race`` (a concurrent sibling writes it)."""

    workflow: Workflow
    node: Node
    key: str
    kind: str
    why: str
    read: Read | None = None
    parameter: Parameter | None = None


@dataclass(frozen=True, slots=True)
class FanIn:
    """A node with concurrent predecessors and no join (TPL018), or a join that a route can
    keep from firing (TPL019, ``join=True``)."""

    workflow: Workflow
    node: Node
    why: str
    join: bool = False


@dataclass
class WorkflowOrder:
    """What the order of every workflow of a project gives the rules."""

    reads: list[LateNodeRead]
    fan_ins: list[FanIn]


@dataclass(frozen=True, slots=True)
class _Known:
    """The keys surely written at some point: ``keys`` is a set of their numbers in ``names``
    (one numbering for a whole run of `order_workflows`; see `bit_sets`)."""

    names: Numbering[str] = field(compare=False, repr=False)
    keys: int = 0
    unbounded: bool = False
    #: The constant prefixes of f-string keys written: any key that starts with one may be.
    prefixes: frozenset[str] = frozenset()

    def plus(self, writers) -> _Known:
        keys = self.names.mask(w.key for w in writers if w.key is not None)
        prefixes = frozenset(w.prefix for w in writers if w.key is None and w.prefix)
        return _Known(self.names, self.keys | keys, self.unbounded or any(may_write_any(w) for w in writers),
                      self.prefixes | prefixes)  # fmt: skip

    def union(self, other: _Known) -> _Known:
        return _Known(self.names, self.keys | other.keys, self.unbounded or other.unbounded,
                      self.prefixes | other.prefixes)  # fmt: skip

    def anything(self, prefixes: frozenset[str] = frozenset()) -> _Known:
        """The same keys, and any other key may have been written too."""
        return _Known(self.names, self.keys, True, prefixes)

    def covers(self, key: str) -> bool:
        """Whether ``key`` may have been written."""
        return self.names.has(self.keys, key) or self.unbounded or any(key.startswith(p) for p in self.prefixes)

    @staticmethod
    def merge(known: list[_Known], every: bool) -> _Known:
        """What is known after all of ``known`` (``every``) or after any one of them."""
        keys = known[0].keys
        for other in known[1:]:
            keys = keys | other.keys if every else keys & other.keys
        return _Known(known[0].names, keys, any(k.unbounded for k in known),
                      frozenset.union(*(k.prefixes for k in known)))  # fmt: skip


def order_workflows(
    model, known_keys: frozenset[str] | None = None, seed_keys: frozenset[str] = frozenset()
) -> WorkflowOrder:
    """The reads that may fail and the fan-ins of every top-level workflow of ``model``.

    ``seed_keys`` are the keys of the initial state: there before anything runs.
    ``known_keys`` are a sample state's: they write nothing, but a key nothing writes and
    the sample lacks is TPL011's to report, not this order's."""
    result = WorkflowOrder([], [])
    names: Numbering[str] = Numbering()
    apps = AppScopes(model)
    # A workflow an app starts is judged with that app's seeds, against its writers only.
    runs: dict[int, list[tuple[_Known, frozenset[int]]]] = {}
    for index, start in enumerate(model.starts):
        if isinstance(start.root, Workflow):
            seeds = _Known(names, names.mask(seed_keys | start.seeded_keys), start.seeds_any_key)
            runs.setdefault(id(start.root), []).append((seeds, frozenset({index})))
    # One no app starts: every literal key of an initial state seeds it; one that is not a
    # literal only when it is created in its folder or above; every writer may write for it.
    literal = _Known(names, names.mask(seed_keys)).plus([w for w in model.writers if w.via == "initial" and w.key])
    for workflow in model.workflows:
        if not workflow.nested:
            members = member_writes(workflow)
            unknown = [(_Known(names, literal.keys, model.seeds_any_key(workflow.path)), frozenset[int]())]
            for seeds, starts in runs.get(id(workflow), unknown):
                _Pass(model, workflow, members, result, declared=known_keys, app=(apps, starts)).run(seeds)
    return WorkflowOrder(_once(result.reads), _once(result.fan_ins))


def _once(found: list) -> list:
    """``found`` without repeats (a workflow that two apps start is judged in each): one per
    node, key and kind."""
    kept: dict[tuple, object] = {}
    for item in found:
        key = getattr(item, "key", None)
        kept.setdefault((id(item.workflow), id(item.node), key, getattr(item, "kind", None), item.why), item)
    return list(kept.values())


class _Pass:
    """One workflow (and the workflows nested in it) under what is known when it starts."""

    def __init__(self, model, workflow: Workflow, members: set[Writer], result: WorkflowOrder,
                 declared: frozenset[str] | None = None, outer: tuple[int, ...] = (),
                 app: tuple[AppScopes, frozenset[int]] | None = None, completed: dict | None = None) -> None:  # fmt: skip
        self.declared = declared
        self.app = app  # the project's apps and the starts of this workflow's app
        # The workflows this one is nested in (a cycle of names is not followed) and what each
        # nested workflow has written on completion, by what was known when it started.
        self.outer = (*outer, id(workflow))
        # Shared by the passes of nested workflows: each is worked out once per start.
        self.completed: dict[tuple[int, _Known], _Known] = completed if completed is not None else {}
        # The `ctx.run_node` children gathered with the reader, by the keys they write, and the reader.
        self.siblings: tuple[dict[str, list[Node]], Node] | None = None
        self.orchestrators = Orchestrators()
        self.model = model
        self.workflow = workflow
        self.members = members
        self.result = result
        self.graph = Graph(workflow)
        self.misses = Misses(self.graph)

    def run(self, start: _Known, report: bool = True) -> _Known:
        """Judge every read (when ``report``); what the workflow has surely written when it
        completes."""
        if self.workflow.reason or len(self.outer) > MAX_DEPTH:
            # Too large or too deeply nested to follow: nothing is concluded, and what it
            # writes may be anything.
            return start.anything()
        # An edge list this module cannot read leaves the order unknown: nothing is concluded.
        known = self._flow(start.anything() if self.workflow.unknown else start)
        if report:
            for key, node in self.workflow.nodes.items():
                self._node(node, known[key])
            self._fan_ins()
        done = [self._done(self.workflow.nodes[e], known[e]) for e in self.graph.end_points()]
        if not done:
            return start
        return _Known.merge(done, every=False)

    def _flow(self, start: _Known) -> dict[str, _Known]:
        """The keys surely written when each node starts: those written on every path to it
        (at a join, on any path to any of its predecessors), as a fixpoint from "every key"."""
        nodes = self.workflow.nodes
        known: dict[str, _Known | None] = dict.fromkeys(nodes)
        known["START"] = start
        changed, rounds = True, 0
        while changed and rounds < 4 * len(nodes) + 8:  # a join inside a loop could otherwise swing
            changed, rounds = False, rounds + 1
            for key in self.graph.order:
                node = nodes[key]
                if key == "START":
                    continue
                after = [self._after(nodes[e.source], known[e.source], e) for e in self.graph.incoming[key]]
                arriving = [a for a in after if a is not None]
                if not arriving:
                    continue
                new = _Known.merge(arriving, every=node.kind == "join")
                if new != known[key]:
                    known[key], changed = new, True
        return {key: value or start for key, value in known.items()}

    def _after(self, node: Node, before: _Known | None, edge: WorkflowEdge) -> _Known | None:
        if before is None:
            return None  # not reached yet in the fixpoint: it constrains nothing
        after = self._done(node, before, edge)
        return after.anything(after.prefixes) if node.unknown else after

    def _done(self, node: Node, known: _Known, edge: WorkflowEdge | None = None) -> _Known:
        """What is surely written when ``node`` completes (and follows ``edge``), ``known``
        when it started."""
        if node.workflow is not None:
            return known.union(self._completed(node.workflow, known))
        return known.plus([
            *sure_writes(node, edge, self.graph.specific_routes(node.key)),
            *(w for _, child, _ in node.calls for w in sure_writes(child, None)),
        ])  # fmt: skip

    def _completed(self, inner: Workflow, known: _Known) -> _Known:
        """What the nested workflow ``inner`` has surely written when it completes."""
        if id(inner) in self.outer:
            return known.anything()  # nested in itself through names: anything
        if (id(inner), known) not in self.completed:
            inner_pass = _Pass(self.model, inner, self.members, self.result, self.declared, self.outer, self.app,
                               self.completed)  # fmt: skip
            self.completed[(id(inner), known)] = inner_pass.run(known, report=False)
        return self.completed[(id(inner), known)]

    def _node(self, node: Node, known: _Known) -> None:
        if node.workflow is not None and id(node.workflow) not in self.outer:
            _Pass(self.model, node.workflow, self.members, self.result, self.declared, self.outer, self.app,
                  self.completed).run(known)  # fmt: skip
            return
        self._reads(node, node, known)
        if node.function is not None and node.calls:
            self._calls(node, known)

    def _calls(self, node: Node, known: _Known) -> None:
        """The ``ctx.run_node`` children of ``node`` in program order: each sees what the
        orchestrator wrote before its call and what earlier children wrote, but not what a
        child gathered with it writes (they run concurrently). One pass over the calls and the
        orchestrator's writes (thousands of calls took seconds when each looked at all of them)."""
        current, group = known, 0
        pending: list[Writer] = []
        own = sorted(node.writes, key=lambda writer: writer.line)
        written = 0  # how many of the orchestrator's writes come before the current call
        gathered = gathered_writers(node)
        for line, child, together in node.calls:
            if not together or together != group:
                current = current.plus(pending)
                pending = []
            group = together
            start = written
            while written < len(own) and own[written].line < line:
                written += 1
            current = current.plus(own[start:written])
            self.siblings = (gathered.get(together, {}), child)
            self._reads(child, node, current)
            self.siblings = None
            if together:
                pending.extend(sure_writes(child, None))
            else:
                current = current.plus(sure_writes(child, None))
        # What the orchestrator writes after its calls is its own business: not read here.

    def _reads(self, node: Node, owner: Node, known: _Known) -> None:
        agent = node.agent
        if agent is not None and getattr(agent, "kind", "") == "llm":
            # Its own later writes of an `app:`/`user:` key may have happened in an earlier session.
            own_early = known.plus([*agent.early_writes, *(w for w in node.writes if is_shared(w.key))])
            for read in agent.reads:
                if not read.optional:
                    self._judge(owner, node, read.key, own_early, read=read)
        elif node.function is not None and node.kind == "function":
            # A tool node's arguments come from its input first and from state only when
            # missing there: not judged (the graph still lists them).
            for parameter in node.function.parameters:
                if not parameter.optional:
                    self._judge(owner, node, parameter.name, known, parameter=parameter)

    def _judge(self, owner: Node, node: Node, key: str, known: _Known, **where) -> None:
        if known.covers(key):
            return
        writers = self.model.writers_of(key)
        if self.app is not None:
            apps, home = self.app
            writers = tuple(w for w in writers if w in self.members or apps.serves(w, home))
        if not writers and self.declared is not None and key not in self.declared:
            return  # TPL011 reports it against the sample state
        if not writers:
            why = self._output_hint(owner, key)
            self.result.reads.append(LateNodeRead(self.workflow, node, key, "unwritten", why, **where))
            return
        if not all(w in self.members or w.via == "initial" for w in writers):
            return  # written elsewhere too: the order there is not known
        racing = self.graph.racing_writer(owner.key, key)
        gathered = self._gathered_writer(key)
        if racing is not None or gathered is not None:
            how = "a fan-in without a `JoinNode`" if racing is not None else "they are gathered with `asyncio.gather`"
            why = f"`{racing or gathered}` writes it concurrently ({how})"
            self.result.reads.append(LateNodeRead(self.workflow, node, key, "race", why, **where))
            return
        dynamic = self._dynamic_miss(owner, node, key, writers)
        own = not dynamic and self.misses.written_by_itself(owner.key, writers)
        why = dynamic or self.misses.describe(owner.key, node, key, writers)
        self.result.reads.append(LateNodeRead(self.workflow, node, key, "own" if own else "late", why, **where))

    def _gathered_writer(self, key: str) -> str | None:
        """The name of a ``ctx.run_node`` child gathered with the one being read that writes ``key``."""
        if self.siblings is None:
            return None
        by_key, reader = self.siblings
        return next((child.name for child in by_key.get(key, ()) if child is not reader), None)

    def _dynamic_miss(self, owner: Node, node: Node, key: str, writers: tuple[Writer, ...]) -> str:
        """For a node run with ``ctx.run_node``: its orchestrator writes the key only after."""
        lines, writes = self.orchestrators.of(owner)
        line = lines.get(id(node))
        later = [*writes.get(key, ()), *writes.get(None, ())]
        if line is not None and any(w.line > line and w in writers for w in later):
            return f"`{owner.name}` writes it only after it runs `{node.name}` (line {line})"
        return ""

    def _output_hint(self, reader: Node, key: str) -> str:
        """A function node before ``reader`` whose output (not state) holds ``key``."""
        for name, source in self.workflow.nodes.items():
            if source.function is not None and key in source.function.outputs and self.graph.leads_to(name, reader.key):
                return source.name
        return ""

    def _fan_ins(self) -> None:
        if self.workflow.unknown:
            return  # some edges are not known: who precedes whom is not either
        for key, node in self.workflow.nodes.items():
            concurrent = self.graph.concurrent_predecessors(key)
            if node.kind != "join" and len(concurrent) > 1:
                names = listed([f"`{self.workflow.nodes[p].name}`" for p in concurrent[: LISTED + 1]], len(concurrent))
                self.result.fan_ins.append(FanIn(self.workflow, node, names))
            elif node.kind == "join":
                skipped = self.graph.join_blocker(key)
                if skipped is not None:
                    self.result.fan_ins.append(FanIn(self.workflow, node, skipped, join=True))
