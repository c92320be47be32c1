"""Apps: one state namespace each, as ADK keeps them.

An app is what one root reaches: an agent tree whose root ``adk web`` would load (bound to
``root_agent``, an ``App``'s root, an Agent Config ``root_agent.yaml``), or a top-level graph
workflow (with its nodes' agent trees and ``ctx.run_node`` children). An agent no app is
known to reach may be run by code the model does not follow: it belongs to no app, sees
every writer, and its writers serve every app. ADK gives each app its
own sessions, so a key one app writes is not in another app's state. The apps of a
repository are told apart by folder, as ``adk web`` and ``adk run`` load them (one folder per
app): two roots in one folder, or in a folder and one below it, are one app, whose writers
serve each other; a writer that only apps in unrelated folders run serves none of the
others. A writer no app runs (a seed, a helper no root reaches) serves every app, as before.

Session services keep ``app:`` keys per app name and ``user:`` keys per app name and user
(google-adk 2.13.0's ``InMemorySessionService`` merges ``app_state[app_name]`` and
``user_state[app_name][user_id]`` into every session it gives out; the database services
do the same). So an ``app:`` or ``user:`` key one app writes is in the state of another app
known to run under the same name: a name written as a literal (``App(name=...)``,
``Runner(app_name=...)``) or the folder's own name, which ``adk web`` and ``adk run`` use.
Unprefixed and ``temp:`` keys stay in their session.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from templating.project.model.facts import Writer
from templating.project.model.project_model import iter_tree
from templating.project.model.workflow_model import member_writes
from templating.project.model.writes import is_shared

if TYPE_CHECKING:
    from templating.project.model.project_model import Agent, ProjectModel, Workflow

__all__ = ["App", "AppScopes", "apps_of"]


@dataclass(frozen=True, slots=True, eq=False)
class App:
    """An app: the ``root`` a run starts (an agent tree or a top-level workflow), the folder
    ``adk web`` would load it from, every agent it runs, the writes of its workflow's nodes
    (none for an agent tree: its agents' writes are theirs), the names it may run under (its
    folder's, and those written for it) and the ``scope`` `AppScopes` judges it in."""

    root: Agent | Workflow
    folder: str
    agents: tuple[Agent, ...]
    node_writes: frozenset[Writer] = frozenset()
    names: frozenset[str] = frozenset()
    scope: frozenset[str] = frozenset()


def apps_of(model: ProjectModel) -> list[App]:
    """The apps of ``model``: every root a run starts, as TPL014 and TPL015 judge them and
    ``templating contract`` lists them. The one place that says which roots start runs."""
    runs: list[tuple[Agent | Workflow, tuple[Agent, ...], frozenset[Writer]]] = [
        (root, tuple(iter_tree(root)), frozenset())
        for root in model.roots if root.entry and not root.workflow_node
    ]  # fmt: skip
    for workflow in model.workflows:
        if not workflow.nested:
            agents = tuple(a for node in _agent_nodes(workflow) for a in iter_tree(node))
            runs.append((workflow, agents, frozenset(member_writes(workflow))))
    written: dict[str, set[str]] = {}
    for folder, name in model.app_names:
        written.setdefault(folder, set()).add(name)
    apps = []
    for root, agents, writes in runs:
        folder = posixpath.dirname(root.path)
        # `adk web` names an app by its folder: the real one, when the path shown is relative.
        names = frozenset({os.path.basename(os.path.abspath(folder)), *written.get(folder, ())})
        apps.append(App(root, folder, agents, writes, names, frozenset({folder})))
    return apps


class AppScopes:
    """Which app folders run each writer and each agent of a model, worked out once."""

    def __init__(self, model: ProjectModel) -> None:

        self.model = model
        self._owners: dict[Writer, set[str]] = {}
        self._agents: dict[int, set[str]] = {}
        for app in apps_of(model):
            self._add(app.folder, app.agents, app.node_writes)
        # The owner folders under each folder, to find the folders related to one without
        # comparing it with every other.
        self._below: dict[str, set[str]] = {}
        for folder in {f for owners in self._owners.values() for f in owners}:
            for above in _ancestors(folder):
                self._below.setdefault(above, set()).add(folder)
        self._keys: dict[frozenset[str], frozenset[str]] = {}
        self._by_owner: tuple[set[str], dict[str, set[str]]] | None = None
        self._prefixes: dict[frozenset[str], tuple[str, ...]] = {}
        self._prefixed: list[Writer] | None = None
        # The names each app folder may run under: its own (`adk web`), and those written.
        self._names: dict[str, set[str]] = {}
        homes = {f for owners in (*self._owners.values(), *self._agents.values()) for f in owners}
        for folder in homes | {f for f, _ in model.app_names}:
            self._names.setdefault(folder, set()).add(posixpath.basename(folder))
        for folder, name in model.app_names:
            self._names[folder].add(name)
        self._shared: dict[str, set[str]] = {}
        self._named: dict[str, set[str]] = {}  # the folders under each name
        for folder, names in self._names.items():
            for name in names:
                self._named.setdefault(name, set()).add(folder)

    def _add(self, folder: str, agents: Iterable[Agent], writes: Iterable[Writer]) -> None:
        for agent in agents:
            self._agents.setdefault(id(agent), set()).add(folder)
            for writer in (*agent.writes, *agent.early_writes):
                self._owners.setdefault(writer, set()).add(folder)
        for writer in writes:
            self._owners.setdefault(writer, set()).add(folder)

    def agent_folders(self, agent: Agent) -> frozenset[str]:
        """The folders of the apps that run ``agent`` (none: it is in no app we know)."""
        return frozenset(self._agents.get(id(agent), ()))

    def serves(self, writer: Writer, folders: frozenset[str]) -> bool:
        """Whether ``writer`` may write into the state of an app in one of ``folders``."""
        owners = self._owners.get(writer)
        if not owners or not folders:
            return True
        related = self._related(folders)
        if any(owner in related for owner in owners):
            return True
        return is_shared(writer.key or writer.prefix) and not self._names_of(owners).isdisjoint(self._names_of(folders))

    def _names_of(self, folders: Iterable[str]) -> set[str]:
        """The app names the apps in ``folders`` may run under (never the empty name)."""
        return {name for folder in folders for name in self._names.get(folder, ()) if name}

    def written_keys(self, folders: frozenset[str]) -> frozenset[str]:
        """Every key a writer that serves an app in ``folders`` writes (unknown writers aside)."""
        if folders not in self._keys:
            if not folders:
                keys = {w.key for w in self.model.writers if w.key is not None}
            else:
                # From the keys of the writers of each related folder, not by asking every
                # writer of the project: 4,000 apps would each ask the 28,000 writers of all.
                unowned, by_owner = self._keys_by_owner()
                keys = set(unowned)
                for folder in self._related(folders):
                    keys.update(by_owner.get(folder, ()))
                # `app:` and `user:` keys of the apps that run under one of these apps' names.
                for name in self._names_of(folders):
                    keys.update(self._shared_keys(name, by_owner))
            self._keys[folders] = frozenset(keys)
        return self._keys[folders]

    def _shared_keys(self, name: str, by_owner: dict[str, set[str]]) -> set[str]:
        """The ``app:`` and ``user:`` keys the apps named ``name`` write, gathered once per name
        (4,000 app folders of one name would otherwise each gather all the others')."""
        if name not in self._shared:
            self._shared[name] = {
                key for folder in self._named.get(name, ()) for key in by_owner.get(folder, ()) if is_shared(key)
            }
        return self._shared[name]

    def _keys_by_owner(self) -> tuple[set[str], dict[str, set[str]]]:
        """The keys of the writers no app runs, and the keys of the writers of each app folder."""
        if self._by_owner is None:
            unowned: set[str] = set()
            by_owner: dict[str, set[str]] = {}
            for writer in self.model.writers:
                if writer.key is None:
                    continue
                owners = self._owners.get(writer)
                if not owners:
                    unowned.add(writer.key)
                for owner in owners or ():
                    by_owner.setdefault(owner, set()).add(writer.key)
            self._by_owner = (unowned, by_owner)
        return self._by_owner

    def written_prefixes(self, folders: frozenset[str]) -> tuple[str, ...]:
        """The constant prefixes of f-string keys a writer that serves ``folders`` writes."""
        if folders not in self._prefixes:
            if self._prefixed is None:  # the writers of a prefix, found once: most have none
                self._prefixed = [w for w in self.model.writers if w.key is None and w.prefix]
            self._prefixes[folders] = tuple(
                sorted({w.prefix for w in self._prefixed if w.prefix and self.serves(w, folders)})
            )
        return self._prefixes[folders]

    def _related(self, folders: frozenset[str]) -> set[str]:
        """The owner folders at, above or below one of ``folders``."""
        related: set[str] = set()
        for folder in folders:
            related.update(_ancestors(folder))
            related.update(self._below.get(folder, ()))
        return related


def _ancestors(folder: str) -> list[str]:
    """``folder`` and every folder above it, up to the project's (``""``)."""
    found = [folder]
    parent = posixpath.dirname(folder)
    while parent != found[-1]:
        found.append(parent)
        parent = posixpath.dirname(parent)
    if found[-1]:
        found.append("")  # the project itself, for a relative path
    return found


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
