"""Apps: one state namespace each, as ADK keeps them.

An app is one start of a run (`templating.project.model.starts`): a root that a runner of the
project starts, with the seeds of its sessions, or one that ``adk web``, ``adk run`` or
devtools starts, with none (but for the seeds of files that start no run, near it). ADK gives
each app its own sessions, so a key one app writes is not in another app's state: a writer
serves the apps whose run holds it (its agent tree, its workflow's nodes, its seeds). A writer
no start runs (a helper no root reaches, code the model does not follow) serves every app, and
an agent no start runs may be run by code the model does not follow: it sees every writer and
every seed. Which other files exist changes none of this: a ``main.ts`` that starts one agent
is that agent's runner, and every other root is still started as a loader starts it.

Session services keep ``app:`` keys per app name and ``user:`` keys per app name and user
(google-adk 2.13.0's ``InMemorySessionService`` merges ``app_state[app_name]`` and
``user_state[app_name][user_id]`` into every session it gives out; the database services
do the same). So an ``app:`` or ``user:`` key one app writes is in the state of another app
known to run under the same name: a name written as a literal (``App(name=...)``,
``Runner(app_name=...)``) or the folder's own name, which ``adk web`` and ``adk run`` use.
Unprefixed and ``temp:`` keys stay in their session, which runners of the project may
continue: runners given one session service object (a parameter of one function, one
module-level or imported name) and one app name are taken to run one session in turn (a review
phase then an outcome phase, each an ``App`` of that name), so a key one writes, ``temp:`` aside,
is in the other's state. Runners with services of their own start sessions of their own.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from templating.project.model.facts import Writer
from templating.project.model.project_model import Agent, iter_tree
from templating.project.model.workflow_model import member_writes
from templating.project.model.writes import is_shared, is_temporary

if TYPE_CHECKING:
    from templating.project.model.project_model import ProjectModel, Workflow

__all__ = ["App", "AppScopes", "apps_of", "run_of"]


@dataclass(frozen=True, slots=True, eq=False)
class App:
    """An app: the ``root`` one start runs (an agent tree or a top-level workflow), the folder
    ``adk web`` would load it from, every agent it runs, the writes of its workflow's nodes
    (none for an agent tree: its agents' writes are theirs), the names it may run under (its
    folder's, and those written for it) and the ``scope`` `AppScopes` judges it in (its start)."""

    root: Agent | Workflow
    folder: str
    agents: tuple[Agent, ...]
    node_writes: frozenset[Writer] = frozenset()
    names: frozenset[str] = frozenset()
    scope: frozenset[int] = frozenset()


def apps_of(model: ProjectModel) -> list[App]:
    """The apps of ``model``, one per start (`templating.project.model.starts`), as TPL014 and
    TPL015 judge them and ``templating contract`` lists them."""
    apps = []
    for index, start in enumerate(model.starts):
        agents, writes = run_of(start.root)
        folder = posixpath.dirname(start.root.path)
        # `adk web` names an app by its folder: the real one, when the path shown is relative.
        names = frozenset({os.path.basename(os.path.abspath(folder)), *start.names})
        apps.append(App(start.root, folder, tuple(agents), frozenset(writes), names, frozenset({index})))
    return apps


class AppScopes:
    """Which starts (by their place in ``model.starts``) run each writer and each agent of a
    model, worked out once. A set of starts is what an agent is judged in; the empty set is
    "no known start": every writer serves it."""

    def __init__(self, model: ProjectModel) -> None:
        self.model = model
        self.starts = model.starts
        self._owners: dict[Writer, set[int]] = {}
        self._agents: dict[int, set[int]] = {}
        for index, start in enumerate(self.starts):
            agents, writes = run_of(start.root)
            for agent in agents:
                self._agents.setdefault(id(agent), set()).add(index)
                for writer in (*agent.writes, *agent.early_writes):
                    self._owners.setdefault(writer, set()).add(index)
            for writer in (*writes, *start.seeds):
                self._owners.setdefault(writer, set()).add(index)
        self._named: dict[str, set[int]] = {}  # the starts under each app name
        self._continued: dict[int, frozenset[int]] = {}  # the starts that continue each one's session
        sessions: dict[str, set[int]] = {}
        for index, start in enumerate(self.starts):
            for name in start.names:
                self._named.setdefault(name, set()).add(index)
            if start.session is not None:
                sessions.setdefault(start.session, set()).add(index)
        for group in sessions.values():
            for index in group:
                self._continued[index] = frozenset(group)
        self._keys: dict[frozenset[int], frozenset[str]] = {}
        self._by_owner: tuple[set[str], dict[int, set[str]]] | None = None
        self._prefixes: dict[frozenset[int], tuple[str, ...]] = {}
        self._prefixed: list[Writer] | None = None
        self._shared: dict[str, set[str]] = {}

    def agent_starts(self, agent: Agent) -> frozenset[int]:
        """The starts whose run holds ``agent`` (none: it is in no run we know)."""
        return frozenset(self._agents.get(id(agent), ()))

    def groups(self, agent: Agent) -> list[frozenset[int]]:
        """The apps ``agent`` is judged in, one at a time (a read must be written in each of
        them); one empty set for an agent no start runs."""
        return [frozenset({index}) for index in sorted(self._agents.get(id(agent), ()))] or [frozenset()]

    def seeds_any_key(self, starts: frozenset[int]) -> bool:
        """Whether the sessions of one of ``starts`` begin with a state that is not a literal."""
        return any(self.starts[index].seeds_any_key for index in starts)

    def serves(self, writer: Writer, starts: frozenset[int]) -> bool:
        """Whether ``writer`` may write into the state of one of ``starts``."""
        if not starts:
            return True
        owners = self._owners.get(writer)
        if owners is None:
            return writer.via != "initial"  # a seed no start begins with is no run's state here
        if not owners.isdisjoint(starts):
            return True
        key = writer.key or writer.prefix
        if not is_temporary(key) and not owners.isdisjoint(self._sessions_of(starts)):
            return True  # a run that continues the session the writer's run wrote
        return is_shared(key) and not self._names_of(owners).isdisjoint(self._names_of(starts))

    def _sessions_of(self, starts: Iterable[int]) -> set[int]:
        """The starts that continue one of ``starts``' sessions (their runners share a session
        service and an app name), ``starts`` among them."""
        return {other for index in starts for other in self._continued.get(index, (index,))}

    def _names_of(self, starts: Iterable[int]) -> set[str]:
        """The app names ``starts`` run under (never the empty name)."""
        return {name for index in starts for name in self.starts[index].names if name}

    def written_keys(self, starts: frozenset[int]) -> frozenset[str]:
        """Every key a writer that serves one of ``starts`` writes (unknown writers aside)."""
        if starts not in self._keys:
            if not starts:
                keys = {w.key for w in self.model.writers if w.key is not None}
            else:
                # From the keys of each start's writers, not by asking every writer of the
                # project: 4,000 apps would each ask the 28,000 writers of all.
                unowned, by_owner = self._keys_by_owner()
                keys = set(unowned)
                for index in starts:
                    keys.update(by_owner.get(index, ()))
                for index in self._sessions_of(starts) - starts:  # the session a runner continues
                    keys.update(key for key in by_owner.get(index, ()) if not is_temporary(key))
                # `app:` and `user:` keys of the apps that run under one of these apps' names.
                for name in self._names_of(starts):
                    keys.update(self._shared_keys(name, by_owner))
            self._keys[starts] = frozenset(keys)
        return self._keys[starts]

    def _shared_keys(self, name: str, by_owner: dict[int, set[str]]) -> set[str]:
        """The ``app:`` and ``user:`` keys the apps named ``name`` write, gathered once per name."""
        if name not in self._shared:
            self._shared[name] = {
                key for index in self._named.get(name, ()) for key in by_owner.get(index, ()) if is_shared(key)
            }
        return self._shared[name]

    def _keys_by_owner(self) -> tuple[set[str], dict[int, set[str]]]:
        """The keys of the writers no start runs (seeds aside), and the keys of each start's."""
        if self._by_owner is None:
            unowned: set[str] = set()
            by_owner: dict[int, set[str]] = {}
            for writer in self.model.writers:
                if writer.key is None:
                    continue
                owners = self._owners.get(writer)
                if owners is None and writer.via != "initial":
                    unowned.add(writer.key)
                for owner in owners or ():
                    by_owner.setdefault(owner, set()).add(writer.key)
            self._by_owner = (unowned, by_owner)
        return self._by_owner

    def written_prefixes(self, starts: frozenset[int]) -> tuple[str, ...]:
        """The constant prefixes of f-string keys a writer that serves ``starts`` writes."""
        if starts not in self._prefixes:
            if self._prefixed is None:  # the writers of a prefix, found once: most have none
                self._prefixed = [w for w in self.model.writers if w.key is None and w.prefix]
            self._prefixes[starts] = tuple(
                sorted({w.prefix for w in self._prefixed if w.prefix and self.serves(w, starts)})
            )
        return self._prefixes[starts]


def run_of(root: Agent | Workflow) -> tuple[list[Agent], set[Writer]]:
    """The agents a run of ``root`` may run, and the writes of its workflow's nodes (none for
    an agent tree: its agents' writes are theirs)."""
    if isinstance(root, Agent):
        return list(iter_tree(root)), set()
    return [a for node in _agent_nodes(root) for a in iter_tree(node)], member_writes(root)


def _agent_nodes(workflow: Workflow) -> list[Agent]:
    """The agents ``workflow`` runs as nodes or ``ctx.run_node`` children, nested workflows'
    too, in the order of a depth-first walk; without recursion (workflows can nest thousands
    deep in one module)."""
    seen = {id(workflow)}
    agents: list[Agent] = []
    stack = [iter(workflow.nodes.values())]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            continue
        for each in (node, *(child for _, child, _ in node.calls)):
            if each.agent is not None:
                agents.append(each.agent)
        if node.workflow is not None and id(node.workflow) not in seen:
            seen.add(id(node.workflow))
            stack.append(iter(node.workflow.nodes.values()))
    return agents
