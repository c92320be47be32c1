"""The request handlers: code actions, hover, go to definition, completion and the preview.

Each reads the open document's unsaved text; a request about a document that is not open
answers nothing rather than reading the file from disk behind the editor's back.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams

from templating.lint.finding import Finding
from templating.project.model.assembly import ProjectModel
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.reading import SourceCache
from templating.project.surfaces import surface_for
from templating.server import actions, navigation, preview, preview_request
from templating.server.documents import Document
from templating.server.language_server import (
    TemplatingServer,
    buffers,
    guarded,
    path_of,
)
from templating.server.positions import PlaceholderAt, find_placeholder, partial_name
from templating.server.workspace import normalize

__all__ = ["PREVIEW", "register"]

#: The preview request: ``{"textDocument": {"uri"}, "position"}`` to `preview.instruction_preview`'s answer.
PREVIEW = "templating/preview"


def register(server: TemplatingServer) -> None:
    """Register the request handlers on ``server``."""
    _code_actions(server)
    _navigation(server)
    _preview(server)


def _code_actions(server: TemplatingServer) -> None:
    kinds = [types.CodeActionKind.QuickFix, actions.FIX_ALL_KIND]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=kinds))
    @guarded(server, default=[])
    def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        document = server.documents.get(params.text_document.uri)
        if document is None:
            return []
        path = path_of(document.uri)
        findings = server.project.findings(path, document.text, buffers(server))
        wanted = params.context.only
        found: list[types.CodeAction | None] = []
        if not wanted or types.CodeActionKind.QuickFix in wanted:
            first, last = params.range.start.line + 1, params.range.end.line + 1
            touched = [f for f in findings if f.line <= last and f.end_line >= first]
            instructions = server.project.instructions(path, document.text, buffers(server)) if touched else []
            source = SourceFile(path.name, normalize(document.text))
            for finding in touched:
                found.append(actions.quick_fix_action(finding, document.uri, source, document.client_range))
                found.extend(actions.reading_actions(finding, document.uri, source, document.client_range))
                noqa = actions.noqa_action(finding, instructions, document.uri, source, document.client_range)
                found.append(noqa or _noqa_on_the_call(server, finding, instructions, document, source))
        if not wanted or any(actions.FIX_ALL_KIND.startswith(kind) for kind in wanted):
            found.append(actions.fix_all_action(findings, document.uri, document.text, document.client_range))
        return actions.unique(action for action in found if action is not None)


def _noqa_on_the_call(
    server: TemplatingServer, finding: Finding, instructions: list[Instruction], document: Document, source: SourceFile
) -> types.CodeAction | None:
    """The ``# noqa`` action for a triple-quoted instruction, in the file shown: on the line of
    the call passing it, else after its closing quotes (a constant another module passes). It
    never edits another file: the editor would change a buffer it does not show, and the
    diagnostic here would stay until that file is saved."""
    path = path_of(document.uri)
    instruction = actions.instruction_of(finding, instructions, source)
    elsewhere = surface_for(path.name).comment_elsewhere
    if instruction is None or elsewhere is None:
        return None
    settings, _ = server.project.settings_for(path)
    place = elsewhere(instruction, path, source.text, SourceCache(settings.root, buffers(server)))
    if place is None:
        return None
    target, text, line = place
    if target == path:
        return actions.noqa_at(finding, document.uri, source, line, document.client_range, document.client_range)
    other = Document(target.as_uri(), text, codec=document.codec)
    return actions.noqa_at(
        finding, other.uri, SourceFile(target.name, text), line, other.client_range, document.client_range
    )


def _navigation(server: TemplatingServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded(server)
    def hover(params: types.HoverParams) -> types.Hover | None:
        found = _placeholder_at(server, params.text_document.uri, params.position)
        if found is None:
            return None
        at, document = found
        settings, _ = server.project.settings_for(path_of(document.uri))
        writers = server.project.writers_of(at.placeholder.key)
        text = navigation.describe(at.placeholder, settings, writers, at.instruction.dialect)
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
            range=document.client_range(at.start, at.end),
        )

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @guarded(server, default=[])
    def definition(params: types.DefinitionParams) -> list[types.Location]:
        found = _placeholder_at(server, params.text_document.uri, params.position)
        if found is None or found[0].placeholder.artifact:
            return []
        return navigation.writer_locations(server.project.writers_of(found[0].placeholder.key) or ())

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["{"]))
    @guarded(server, default=[])
    def completion(params: types.CompletionParams) -> list[types.CompletionItem]:
        document = server.documents.get(params.text_document.uri)
        if document is None:
            return []
        line = params.position.line
        column = document.column(line, params.position.character)
        typed = partial_name(document.line(line), column)
        path = path_of(document.uri)
        offset = document.line_starts[min(line, len(document.line_starts) - 1)] + column
        if typed is None or not _inside_instruction(
            server.project.instructions(path, document.text, buffers(server)), document, offset
        ):
            return []
        settings, _ = server.project.settings_for(path)
        keys = [(key, "written in the project") for key in server.project.written_keys() or ()]
        keys += [(key, "in the sample state") for key in settings.known_keys or ()]
        replace = document.client_range((line, typed[0]), (line, column))
        return navigation.complete_keys(keys, typed[1], replace)


def _placeholder_at(
    server: TemplatingServer, uri: str, position: types.Position
) -> tuple[PlaceholderAt, Document] | None:
    document = server.documents.get(uri)
    if document is None:
        return None
    path = path_of(uri)
    settings, _ = server.project.settings_for(path)
    instructions = server.project.instructions(path, document.text, buffers(server))
    at = find_placeholder(instructions, _normalized_offset(document, position), settings.dialect)
    return None if at is None else (at, document)


def _inside_instruction(instructions: list[Instruction], document: Document, raw_offset: int) -> bool:
    """Whether the cursor is inside an instruction's text (not a dict literal or a comment)."""
    offset = raw_offset - document.text.count("\r\n", 0, raw_offset)
    return any(item.offsets and item.offsets[0] <= offset <= item.offsets[-1] for item in instructions)


def _normalized_offset(document: Document, position: types.Position) -> int:
    """The offset of ``position`` in the normalized text (each line break one character)."""
    raw = document.offset(position)
    return raw - document.text.count("\r\n", 0, raw)


def _preview(server: TemplatingServer) -> None:
    @server.feature(PREVIEW)
    def instruction_preview(params: Any) -> dict[str, Any] | None:
        uri, position = _uri_and_position(params)  # bad params are the client's error: answered as one
        return guarded(server)(_preview_at)(server, uri, position)


def _preview_at(server: TemplatingServer, uri: str, position: types.Position) -> dict[str, Any]:
    """The preview of the instruction at ``position`` of the open document ``uri``."""
    document = server.documents.get(uri)
    if document is None:
        return {"sections": [], "note": "the file is not open in the editor"}
    path = path_of(uri)
    settings, _ = server.project.settings_for(path)
    # Linting first brings the project model up to the buffer's text.
    findings = server.project.findings(path, document.text, buffers(server))
    instructions = server.project.instructions(path, document.text, buffers(server))
    model = server.project.model_of(path)
    shown = SourceCache(settings.root, {}).display(path)
    chosen = _instruction_at(instructions, _normalized_offset(document, position))
    if chosen is None and model is not None:
        chosen = _agent_instruction(model, shown, position.line + 1)
    if chosen is None:
        return {"sections": [], "note": "no instruction here: put the cursor in an instruction or on its agent"}
    if chosen.source.path != shown:  # the agent's instruction is a constant of another file
        uri = (settings.root / chosen.source.path).resolve().as_uri()
        findings = server.project.findings(path_of(uri), chosen.source.text, buffers(server))
    agent = model.agent_of(chosen) if model is not None else None
    unwritten = preview.unwritten_reads(model, chosen, settings) if model is not None else ()
    answer = preview.instruction_preview(chosen, uri, settings, agent.name if agent else None, findings, unwritten)
    if model is not None and agent is not None:
        preview_request.add_request(answer, model, agent, chosen, settings)
    return answer


def _uri_and_position(params: Any) -> tuple[str, types.Position]:
    """The document and position a custom request names (pygls hands its params over as
    named tuples of the JSON, so a missing field is found here)."""
    try:
        place = params.position
        return str(params.textDocument.uri), types.Position(line=int(place.line), character=int(place.character))
    except (AttributeError, TypeError, ValueError):
        raise JsonRpcInvalidParams(f"`{PREVIEW}` takes a `textDocument` and a `position`") from None


def _instruction_at(instructions: list[Instruction], offset: int) -> Instruction | None:
    """The innermost instruction whose text holds ``offset`` (a normalized offset)."""
    holding = [item for item in instructions if item.offsets and item.offsets[0] <= offset <= item.offsets[-1]]
    return min(holding, key=lambda item: item.offsets[-1] - item.offsets[0], default=None)


def _agent_instruction(model: ProjectModel, shown: str, line: int) -> Instruction | None:
    """The instruction of the agent defined in the file ``shown`` nearest above ``line``."""
    agents = [agent for agent in model.agents if agent.path == shown and agent.line <= line and agent.instructions]
    if not agents:
        return None
    nearest = max(agents, key=lambda agent: (agent.line, agent.column))
    injected = [item for item in nearest.instructions if item.field == "instruction"]
    return (injected or list(nearest.instructions))[0]
