"""Which roots start runs, and with which state: the runs the project rules judge agents in.

An ADK run starts at a root (an agent tree, or a top-level graph workflow) in one of two ways,
in every language:

- a **runner** of the project starts it (``Runner(agent=...)``, ``InMemoryRunner(app=app)``,
  adk-js ``new InMemoryRunner({agent})``, adk-go ``runner.New(runner.Config{Agent: ...})``,
  adk-java ``new InMemoryRunner(agent)``). Its sessions start with the state seeded in the
  runner's own file (``create_session(state=...)``, ``run_async(state_delta=...)``), and with
  the seeds of files that start no run, in the root's folder, above or below it (a ``main.ts``
  that seeds a session for a runner built elsewhere);
- a **loader** starts it (``adk web``, ``adk run``, adk-js devtools, adk-java's dev server)
  when no runner of the project does: a root it can load (a folder's ``root_agent``, however
  it is built; an Agent Config ``root_agent.yaml``; an ``App``'s root; a TypeScript module's
  exported agent; adk-java's ``ROOT_AGENT`` field). Its sessions start empty, but for the
  seeds of files that start no run, in its folder, above or below it.

Every run starts with the state a file of nothing but a state declares (an evaluation's
``initial.session.json``), wherever it lies.

Each start is one app: its own session state, which no other start's writers reach (an
``app:`` or ``user:`` key aside, shared by app name, and the state of runners that continue one
session: `templating.project.model.apps`). A root
that no runner or loader starts (a helper agent, one built by code the model does not follow)
is in no known run: it is judged against every writer and seed of the project, since that code
may run it anywhere. `find_starts` is the one place that says which roots start and how.
"""

from __future__ import annotations

import posixpath

from templating.project.model.facts import AppFacts, FileFacts, Ref, Writer
from templating.project.model.project_model import Agent, Start, Workflow

__all__ = ["find_starts", "is_related"]

#: The files of languages whose runners the model does not follow (their seeds serve every run).
_UNFOLLOWED = (".go", ".java", ".kt", ".kts")
#: The name a root is bound to that ``adk web`` and ``adk run`` load from a folder.
_LOADED = "root_agent"


def find_starts(assembler, workflows: tuple[Workflow, ...]) -> tuple[Start, ...]:
    """Every start of the project ``assembler`` (the model's `_Assembler`) holds: its runners'
    roots, then the roots a loader starts that no runner does, in file order."""
    found = _Starts(assembler, workflows)
    return (*found.runners(), *found.loaded())


class _Starts:
    def __init__(self, assembler, workflows: tuple[Workflow, ...]) -> None:
        self.assembler = assembler
        self.index = assembler.index
        self.workflows = {(w.path, w.line, w.column): w for w in workflows if not w.nested}
        self.seeds = [w for file in self.index.values() for w in file.writers if w.via == "initial"]
        self.started: set[int] = set()
        self.runs = [
            (app, *run) for file in self.index.values() for app in file.apps
            if app.runner and (run := self._runner_root(app)) is not None
        ]  # fmt: skip
        # A runner's file seeds its runs; a seed in a file that starts no run is anyone's near it.
        seeding = {app.path for app, _, _ in self.runs}
        self.loose = [w for w in self.seeds if w.path not in seeding]
        # A file of nothing but a state (an evaluation's `initial.session.json`) declares it for
        # every run of the project.
        declaring = {file.path for file in self.index.values() if _only_seeds(file)}
        # Go, Java and Kotlin runners are not followed yet: a session they seed may start any run.
        self.declared = [w for w in self.loose if w.path in declaring or w.path.endswith(_UNFOLLOWED)]
        # The app names written for each root (`App(name=...)`, `Runner(app_name=...)`).
        self.named: dict[int, set[str]] = {}
        for app in (app for file in self.index.values() for app in file.apps if app.name and app.root is not None):
            named = self._root(app.root)
            if named is not None:
                self.named.setdefault(id(named), set()).add(app.name)

    def runners(self) -> list[Start]:
        found = []
        for app, root, name in self.runs:
            self.started.add(id(root))
            own = [w for w in self.seeds if w.path == app.path]
            names = {name} if name else set()
            session = f"{app.session}|{name}" if app.session and name else None
            found.append(Start(root, False, app.path, app.line, (*own, *self._near(root.path)),
                               self._names(root, names), session))  # fmt: skip
        return found

    def loaded(self) -> list[Start]:
        roots: list[Agent | Workflow | None] = [
            agent for agent in self.assembler.agents.values()
            if agent.entry and not agent.is_sub_agent and not agent.workflow_node
        ]  # fmt: skip
        for file in self.index.values():
            roots.extend(root for ref in file.entries if (root := self._root(ref)) is not None)
            roots.extend(self._workflow(Ref(file.key, w.variable)) for w in file.workflows if w.variable == _LOADED)
            roots.extend(root for app in file.apps if not app.runner and app.root and (root := self._root(app.root)))
        found = []
        for root in roots:
            if root is None or id(root) in self.started or _runs_inside(root):
                continue
            self.started.add(id(root))
            found.append(
                Start(root, True, root.path, root.line, tuple(self._near(root.path)), self._names(root, set()))
            )
        return found

    def _runner_root(self, runner: AppFacts) -> tuple[Agent | Workflow, str | None] | None:
        """What a runner runs and the app name it runs under: its own root, or its ``App``'s."""
        app, name = runner, runner.name
        if runner.app is not None:
            run = self._app(runner.app)
            if run is None or run.root is None:
                return None
            app, name = run, name or run.name
        root = self._root(app.root) if app.root is not None else None
        return (root, name) if root is not None else None

    def _app(self, ref: Ref) -> AppFacts | None:
        """The ``App(...)`` bound to the name ``ref`` names."""
        file = self.index.get(self.assembler._home(ref))
        return next((app for app in file.apps if app.variable == ref.name), None) if file is not None else None

    def _root(self, ref: Ref) -> Agent | Workflow | None:
        resolved = self.assembler._resolve(ref)
        return resolved if isinstance(resolved, Agent) else self._workflow(ref)

    def _workflow(self, ref: Ref) -> Workflow | None:
        file = self.index.get(self.assembler._home(ref))
        built = next((w for w in file.workflows if w.variable == ref.name), None) if file is not None else None
        return self.workflows.get((built.path, built.line, built.column)) if built is not None else None

    def _near(self, path: str) -> list[Writer]:
        """The seeds of files that start no run, in the folder of ``path``, above or below it."""
        folder = posixpath.dirname(path)
        return [w for w in self.loose if w in self.declared or is_related(posixpath.dirname(w.path), folder)]

    def _names(self, root: Agent | Workflow, names: set[str]) -> frozenset[str]:
        """The app names a start runs under: those written for it (``App(name=...)``,
        ``Runner(app_name=...)``, on any app of its root), and its folder's (``adk web``'s)."""
        names |= self.named.get(id(root), set())
        folder = posixpath.basename(posixpath.dirname(root.path))
        return frozenset({*names, folder} if folder else names)


def _only_seeds(file: FileFacts) -> bool:
    """Whether ``file`` holds nothing but seeds: no code that could start or run anything."""
    return not (file.agents or file.functions or file.apps or file.workflows or file.classes or file.node_functions)


def _runs_inside(root: Agent | Workflow) -> bool:
    """Whether ``root`` runs inside another root (a sub-agent, a workflow's node or a nested
    workflow): then it starts no run of its own."""
    if isinstance(root, Agent):
        return root.is_sub_agent or root.workflow_node
    return root.nested


def is_related(folder: str, other: str) -> bool:
    """Whether two folders (paths as findings show them) are one, or one holds the other."""
    return folder == other or _holds(folder, other) or _holds(other, folder)


def _holds(folder: str, other: str) -> bool:
    """Whether ``folder`` is above ``other`` (``""`` is the working folder: above every
    relative path)."""
    if not folder:
        return not posixpath.isabs(other)
    return other.startswith(folder.rstrip("/") + "/")
