"""What an agent's first model call sends, assembled from the project model without running it.

`assemble_request` takes an agent, a session state and the environment, and gives the
`Request` google-adk 2.13.0 (or ``@google/adk`` 2.0.0, for an adk-js agent) builds: the exact
``system_instruction`` (pieces joined as ADK joins them, a ``GlobalInstructionPlugin``'s text
put first), the ``instruction_contents`` (the instruction ADK moves into ``contents`` next to a
``static_instruction``, wrapped as ADK wraps it), each piece with its source, and the cacheable
prefix: the characters at the start of the system instruction that are the same whatever the
state. A missing key is the error ADK raises, in ADK's order. What the code does not show (an
InstructionProvider, a value known only at run time) is never guessed: the piece is marked
unknown (its text holds `RUNTIME_VALUE` where unknown) and the request is not ``complete``.

`templating request`, `templating snapshot`, `templating cache-report` and the cache rules all
read requests from here; the language server can call `request_for`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from templating.chunks import split_chunks
from templating.dialects import get_dialect
from templating.errors import TemplateError
from templating.project.model.instruction import RUNTIME_VALUE
from templating.project.model.project_model import Agent, ProjectModel
from templating.project.model.request_facts import Unread
from templating.project.model.request_layout import Layout, system_pieces
from templating.project.model.request_plan import RUNTIMES, AdkPlan, NotModeledError, Piece, Plan, Tree
from templating.project.model.request_plan_js import JsPlan
from templating.project.model.request_texts import label_dynamic_instruction

if TYPE_CHECKING:
    from templating.compiled import CompiledTemplate

__all__ = [
    "RUNTIMES", "Layout", "NotModeledError", "Part", "Piece", "Plan", "Request", "RequestError", "Unread", "agents_named", "assemble_request",
    "plan_request", "request_for", "system_layout", "system_pieces", "vertex_selected",
]  # fmt: skip

_SEPARATOR = "\n\n"


@dataclass(frozen=True, slots=True)
class Part:
    """A piece as it is sent: its text (with `RUNTIME_VALUE` where the code does not show
    it), where it starts in the system instruction (its index in ``instruction_contents`` for
    a piece placed in ``contents``), and whether its text is known."""

    piece: Piece
    text: str
    start: int
    known: bool


@dataclass(frozen=True, slots=True)
class RequestError:
    """What ADK raises before sending the request: its message, the key or artifact it names,
    and the piece that raised it (``None`` for a refusal of the agent itself)."""

    message: str
    key: str = ""
    piece: Piece | None = None


@dataclass(frozen=True, slots=True)
class Request:
    """An agent's first model request (see the module docstring). ``system_instruction`` is
    ``None`` when the request has none; ``parts`` are the system instruction's pieces in their
    final order, then those in ``contents``; ``unread`` is what the code does not show; ``plan``
    the pieces before the state is filled in (what a request that raises would have held)."""

    plan: Plan
    agent: Agent
    runtime: str
    vertex: bool
    system_instruction: str | None
    instruction_contents: tuple[str, ...]
    parts: tuple[Part, ...]
    cacheable_prefix: int
    unread: tuple[Unread, ...]
    error: RequestError | None = None

    @property
    def cacheable_text(self) -> str:
        """The cacheable prefix's text: the same for every state, so known even when the runtime
        raises (then read from the pieces before the state is filled in)."""
        if self.system_instruction is not None:
            return self.system_instruction[: self.cacheable_prefix]
        templates = (piece.template or "" for piece in system_pieces(self.plan))
        return _SEPARATOR.join(templates)[: self.cacheable_prefix]

    @property
    def complete(self) -> bool:
        """Whether every byte shown is what ADK sends."""
        return self.error is None and not self.unread and all(part.known for part in self.parts)


def vertex_selected(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the environment selects Vertex AI as google-adk and adk-js read it:
    ``GOOGLE_GENAI_USE_ENTERPRISE`` when set, else the deprecated ``GOOGLE_GENAI_USE_VERTEXAI``,
    each true when ``true`` or ``1`` (any case)."""
    environ = os.environ if environ is None else environ
    for name in ("GOOGLE_GENAI_USE_ENTERPRISE", "GOOGLE_GENAI_USE_VERTEXAI"):
        if name in environ:
            return environ[name].lower() in ("true", "1")
    return False


def agents_named(model: ProjectModel, name: str) -> list[Agent]:
    """The agents called ``name`` whose requests can be assembled (model-calling agents)."""
    return [agent for agent in model.agents if agent.name == name and agent.kind == "llm"]


def request_for(
    model: ProjectModel, agent: Agent, state: Mapping[str, Any], environ: Mapping[str, str] | None = None
) -> Request:
    """The request of ``agent`` at ``state``, for the backend ``environ`` selects: the one call
    an editor or a command needs. Raises `NotModeledError` for an agent of another ADK port."""
    return assemble_request(plan_request(model, agent, vertex=vertex_selected(environ)), state)


def plan_request(model: ProjectModel, agent: Agent, *, vertex: bool = False) -> Plan:
    """The pieces of ``agent``'s first model call, in the order its ADK adds them (no state
    yet); ``vertex``: the environment selects Vertex AI. Raises `NotModeledError` for an agent
    of another ADK port."""
    facts = agent.request
    if facts is None or facts.port not in RUNTIMES:
        port = f"the `{facts.port}` port" if facts is not None else "another ADK port"
        raise NotModeledError(
            f"agent `{agent.name}` ({agent.path}:{agent.line}) is built with {port}: requests are assembled as "
            f"{' and '.join(RUNTIMES.values())} build them"
        )
    builder = JsPlan if facts.port == "adk-js" else AdkPlan
    return builder(model, agent, facts, Tree(model), vertex).build()


def system_layout(model: ProjectModel, agent: Agent) -> Layout | None:
    """The agent's system instruction as its ADK assembles it; ``None`` for a port whose
    request is not modeled."""
    try:
        return Layout.of(model, plan_request(model, agent))
    except NotModeledError:
        return None


def assemble_request(plan: Plan, state: Mapping[str, Any]) -> Request:
    """Fill ``plan``'s pieces with ``state`` and join them as its runtime does."""
    rendered: list[tuple[Piece, str, bool]] = []
    error = RequestError(plan.error) if plan.error is not None else None
    for piece in plan.pieces:
        if error is not None:
            break
        text, known, error = _render(piece, state, plan.agent.name)
        rendered.append((piece, text, known))
    unread = tuple(dict.fromkeys([*plan.unread, *(p.unread for p in plan.pieces if p.unread is not None)]))
    runtime = RUNTIMES[plan.port]
    if error is not None:
        return Request(plan, plan.agent, runtime, plan.vertex, None, (), (), _cacheable(plan), unread, error)
    system, parts = _join(rendered)
    contents = [part for part in parts if part.piece.placement == "contents"]
    texts = tuple(part.text for part in contents)
    return Request(plan, plan.agent, runtime, plan.vertex, system, texts, tuple(parts), _cacheable(plan), unread)


def _render(piece: Piece, state: Mapping[str, Any], agent: str) -> tuple[str, bool, RequestError | None]:
    """A piece's text at ``state``, whether it is known, and the error ADK raises for it."""
    if piece.template is None:
        return RUNTIME_VALUE, False, None
    known = RUNTIME_VALUE not in piece.template
    if not piece.injected:
        return piece.template, known, None
    from templating.compiler import compile_template

    try:
        template = compile_template(piece.template, dialect=piece.dialect)
        if not template.artifact_names:
            return template.render(state, agent_name=agent), known, None
        return _with_artifacts(template, state, agent), known, None
    except TemplateError as error:
        return "", known, RequestError(error.message, error.key, piece)


def _with_artifacts(template: CompiledTemplate, state: Mapping[str, Any], agent: str) -> str:
    """A template reading artifacts, rendered as ADK renders it with no artifact saved."""
    # Here: the lint rules ask this module for plans, and a lint must not load asyncio.
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from templating.context import ReadonlyContext

    context = ReadonlyContext(state, agent_name=agent, artifacts={})
    # In a thread: the language server asks for requests from inside its own event loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, template.render_async(context)).result()


def _join(rendered: Sequence[tuple[Piece, str, bool]]) -> tuple[str | None, list[Part]]:
    """The system instruction and the parts, as ADK appends (and a plugin prepends) them:
    a text after a non-empty one follows a blank line; an empty one is skipped by a plugin."""
    system: str | None = None
    placed: list[Part] = []
    contents: list[Part] = []
    for piece, text, known in rendered:
        if piece.placement == "contents":
            wrapped = label_dynamic_instruction(text) if piece.dialect != "adk-js" else text
            contents.append(Part(piece, wrapped, len(contents), known))
        elif piece.prepend:
            if not text:
                continue
            shift = len(text) + len(_SEPARATOR) if system else 0
            placed = [Part(p.piece, p.text, p.start + shift, p.known) for p in placed]
            placed.insert(0, Part(piece, text, 0, known))
            system = f"{text}{_SEPARATOR}{system}" if system else text
        elif not system:
            placed = [p for p in placed if p.text]  # an empty text is replaced, as ADK does
            placed.append(Part(piece, text, 0, known))
            system = text
        else:
            placed.append(Part(piece, text, len(system) + len(_SEPARATOR), known))
            system = f"{system}{_SEPARATOR}{text}"
    return system, [*placed, *contents]


def _cacheable(plan: Plan) -> int:
    """The characters at the start of the system instruction the same for every state."""

    def head(piece: Piece) -> tuple[str, bool]:
        if piece.template is None:
            return "", True
        if not piece.injected:
            return piece.template, RUNTIME_VALUE in piece.template
        statics, placeholders = split_chunks(piece.template, get_dialect(piece.dialect))
        stable = statics[0].split(RUNTIME_VALUE, 1)[0]
        return stable, bool(placeholders) or stable != piece.template

    try:
        return _stable_prefix(plan, head)
    except TemplateError:
        return 0  # a template ADK cannot read (the adk dialects accept any text)


def _stable_prefix(plan: Plan, head: Callable[[Piece], tuple[str, bool]]) -> int:
    """How many characters of the system instruction stay the same, where ``head`` gives each
    piece's stable start and whether anything after it may differ: the first piece that may
    differ ends the prefix after its stable start."""
    prefix = 0  # the prefix of what the processors appended
    settled = False  # whether the prefix has ended
    sure = False  # whether the system instruction is surely non-empty
    for piece, (stable, moving) in _heads(plan, head):
        if piece.prepend:  # a plugin's text, put before all the rest (after a blank line if any)
            prefix = len(stable) if moving else len(stable) + (len(_SEPARATOR) + prefix if sure else 0)
            sure = sure or bool(stable)
            continue
        if not settled:
            start = prefix + len(_SEPARATOR) if sure else 0
            prefix = start + len(stable)
            settled = moving
        sure = sure or bool(stable)
    return prefix


def _heads(plan: Plan, head: Callable[[Piece], tuple[str, bool]]) -> Iterator[tuple[Piece, tuple[str, bool]]]:
    for piece in plan.pieces:
        if piece.placement == "system_instruction":
            yield piece, head(piece)
