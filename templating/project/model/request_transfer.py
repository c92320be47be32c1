"""The transfer text of an agent: the agents it may hand the conversation to, built only when
read, its length worked out without building it.

google-adk lists the agent's sub-agents (not those it runs as tools: ``single_turn``,
``task``), then its parent and its peers when its parent is an ``LlmAgent``
(``extensions/_agent_transfer.py``); adk-js lists them all (``agent_transfer_llm_request_processor.js``).
In a tree where one agent has many sub-agents, each of them lists all the others: the texts
together grow as the square of the agents. So the lint rules ask only the length, summed per
parent once (`Transfer.length`), and the text is built for the agents a command shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from templating.project.model.project_model import Agent, ProjectModel
from templating.project.model.request_facts import RequestFacts
from templating.project.model.request_texts import adk_transfer, js_transfer, target_entry

__all__ = ["Transfer", "eligible"]

_DELEGATED = ("task", "single_turn")


def eligible(agent: Agent, port: str) -> bool:
    """Whether google-adk lists ``agent`` as a transfer target (adk-js lists every agent):
    not an agent it runs as a tool (``single_turn``, ``task``)."""
    facts = agent.request or RequestFacts()
    return port == "adk-js" or agent.kind != "llm" or facts.mode not in _DELEGATED


@dataclass(frozen=True, slots=True)
class _Family:
    """The transfer targets among one agent's sub-agents: their entries' total length and
    names' length, and those whose description is not known."""

    targets: tuple[Agent, ...]
    entries: int
    names: int
    unknown: tuple[Agent, ...]


@dataclass(frozen=True, slots=True)
class Transfer:
    """An agent's transfer text: ``children`` (its own sub-agent targets), ``parent`` (the
    parent it may transfer back to) and ``peers_of`` (the parent whose other sub-agents it may
    transfer to), in ``port``'s order and words."""

    model: ProjectModel
    agent: Agent
    port: str
    children: tuple[Agent, ...]
    parent: Agent | None
    peers_of: Agent | None
    _text: list[str] = field(default_factory=list, compare=False, repr=False)

    def targets(self) -> Iterator[Agent]:
        """The targets in the order the text lists them."""
        yield from self.children
        if self.parent is not None:
            yield self.parent
        if self.peers_of is not None:
            yield from (
                peer for peer in _family(self.model, self.peers_of, self.port).targets if peer.name != self.agent.name
            )

    def unknown(self) -> Agent | None:
        """A target whose description the code does not show (the text is then not known)."""
        own = _family_of(self.children, self.port).unknown
        if own:
            return own[0]
        if self.parent is not None and not _known(self.parent):
            return self.parent
        if self.peers_of is not None:
            peers = _family(self.model, self.peers_of, self.port).unknown
            return next((peer for peer in peers if peer.name != self.agent.name), None)
        return None

    def text(self) -> str:
        """The text, built once."""
        if not self._text:
            listed = [(target.name, _description(target)) for target in self.targets()]
            back = self.parent.name if self.parent is not None else None
            self._text.append(adk_transfer(listed, back) if self.port != "adk-js" else js_transfer(listed, back))
        return self._text[0]

    def length(self) -> int:
        """The text's length, without building it."""
        return len(self._text[0]) if self._text else self.size(len)

    def size(self, measure: Callable[[str], int]) -> int:
        """The text measured part by part (its length with `len`, about its tokens with a
        tokenizer), without building it: each family's parts are measured and summed once."""
        own = _family_of(self.children, self.port, measure)
        count, entries, names = len(own.targets), own.entries, own.names
        if self.parent is not None:
            count += 1
            entries += measure(_entry_text(self.parent))
            names += measure(_name_text(self.parent))
        if self.peers_of is not None:
            family = _family(self.model, self.peers_of, self.port, measure)
            mine = [peer for peer in family.targets if peer.name == self.agent.name]
            count += len(family.targets) - len(mine)
            entries += family.entries - sum(measure(_entry_text(peer)) for peer in mine)
            names += family.names - sum(measure(_name_text(peer)) for peer in mine)
        back = self.parent.name if self.parent is not None else None
        joints = max(count - 1, 0) * measure("\n")  # the line break between two entries
        if self.port == "adk-js":
            return measure(js_transfer([], back)) + entries + joints
        # Each name is measured with the ", " after it, which the last one has not.
        return measure(adk_transfer([], back)) + entries + joints + (names - measure(", ") if count else 0)


def _family(model: ProjectModel, parent: Agent, port: str, measure: Callable[[str], int] = len) -> _Family:
    """The transfer targets among ``parent``'s sub-agents, measured once per model."""
    families = model.memo(f"transfer families {port} {id(measure)}")
    found = families.get(id(parent))
    if found is None:
        children = tuple(c for c in parent.sub_agents if c not in parent.run_order and eligible(c, port))
        found = families[id(parent)] = _family_of(children, port, measure)
    return found


def _family_of(targets: tuple[Agent, ...], port: str, measure: Callable[[str], int] = len) -> _Family:
    return _Family(
        targets, sum(measure(_entry_text(t)) for t in targets), sum(measure(_name_text(t)) for t in targets),
        tuple(t for t in targets if not _known(t)),
    )  # fmt: skip


def _known(agent: Agent) -> bool:
    """Whether the agent's description is known: a front end read it and it is a text."""
    facts = agent.request
    if facts is None or "RemoteA2aAgent" in agent.sources:  # its card gives its description
        return False
    return not any(unread.piece == "description" for unread in facts.unread)


def _description(agent: Agent) -> str:
    return agent.request.description if agent.request is not None else ""


def _entry_text(agent: Agent) -> str:
    return target_entry(agent.name, _description(agent))


def _name_text(agent: Agent) -> str:
    """A target's part of google-adk's closing list of names (with the ", " after it)."""
    return f"`{agent.name}`, "
