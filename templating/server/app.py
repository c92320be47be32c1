"""The pygls server: document handlers, debounced linting, and a guard around every handler.

Diagnostics are published on open and save at once, and on change after a short pause
(``debounceMs`` in the client's initialization options, 100 by default), so a burst of
keystrokes is linted once. A handler that raises is logged to the client
(``window/logMessage``) and answers as if it found nothing: the server goes on.
"""

from __future__ import annotations

import asyncio
import functools
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from templating import __version__
from templating.project.instruction import SourceFile
from templating.server import actions, navigation
from templating.server.diagnostics import Encode, to_diagnostic
from templating.server.positions import find_placeholder, offset_of, partial_name
from templating.server.workspace import Workspace, normalize

__all__ = ["TemplatingServer", "create_server", "serve"]

_DEFAULT_DEBOUNCE = 0.1
Handler = TypeVar("Handler", bound=Callable[..., Any])


class TemplatingServer(LanguageServer):
    """A language server with a `Workspace` and the pending debounced lints."""

    def __init__(self, project: Workspace) -> None:
        super().__init__("templating", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.project = project
        self.debounce = _DEFAULT_DEBOUNCE
        self.pending: dict[str, asyncio.Task] = {}
        self.config_errors: set[str] = set()

    def log(self, message: str, kind: types.MessageType = types.MessageType.Error) -> None:
        """Send ``message`` to the client's log."""
        self.window_log_message(types.LogMessageParams(type=kind, message=message))


def serve(project: Workspace | None = None) -> None:
    """Run the server on stdin and stdout until the client says ``exit``."""
    create_server(project).start_io()


def create_server(project: Workspace | None = None) -> TemplatingServer:
    """A server with every handler registered; ``project`` stands in for the default workspace."""
    server = TemplatingServer(project or Workspace())
    for register in (_document_handlers, _code_actions, _navigation):
        register(server)
    return server


def guarded(server: TemplatingServer, default: Any = None) -> Callable[[Handler], Handler]:
    """Log a handler's exception to the client and answer ``default`` instead of failing."""

    def decorate(handler: Handler) -> Handler:
        if asyncio.iscoroutinefunction(handler):

            @functools.wraps(handler)
            async def run_async(*arguments: Any) -> Any:
                try:
                    return await handler(*arguments)
                except Exception:  # noqa: BLE001 - one bad handler must not stop the server
                    server.log(f"templating: {handler.__name__} failed:\n{traceback.format_exc()}")
                    return default

            return run_async  # type: ignore[return-value]

        @functools.wraps(handler)
        def run(*arguments: Any) -> Any:
            try:
                return handler(*arguments)
            except Exception:  # noqa: BLE001 - one bad handler must not stop the server
                server.log(f"templating: {handler.__name__} failed:\n{traceback.format_exc()}")
                return default

        return run  # type: ignore[return-value]

    return decorate


def _document_handlers(server: TemplatingServer) -> None:
    @server.feature(types.INITIALIZE)
    @guarded(server)
    def initialize(params: types.InitializeParams) -> None:
        options = params.initialization_options if isinstance(params.initialization_options, dict) else {}
        if isinstance(options.get("debounceMs"), (int, float)) and options["debounceMs"] >= 0:
            server.debounce = options["debounceMs"] / 1000

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded(server)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        _publish(server, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded(server)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        _schedule(server, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    @guarded(server)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        if Path(to_fs_path(params.text_document.uri) or "").name == "pyproject.toml":
            server.project.forget_settings()
        server.project.forget_project()  # other files may hold writers the saved text changed
        _publish(server, params.text_document.uri)
        _relint_neighbours(server, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded(server)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        if uri in server.pending:
            server.pending.pop(uri).cancel()
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def _schedule(server: TemplatingServer, uri: str) -> None:
    """Lint ``uri`` once typing pauses: each change restarts the wait."""
    if uri in server.pending:
        server.pending.pop(uri).cancel()

    async def later() -> None:
        await asyncio.sleep(server.debounce)
        server.pending.pop(uri, None)
        guarded(server)(_publish)(server, uri)

    server.pending[uri] = asyncio.ensure_future(later())


def _publish(server: TemplatingServer, uri: str) -> None:
    document = server.workspace.get_text_document(uri)
    path = _path_of(uri)
    _, error = server.project.settings_for(path)
    if error and error not in server.config_errors:
        server.config_errors.add(error)  # say it once, not on every keystroke
        server.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=error))
    encode = _encoder(server, document.source)
    findings = server.project.findings(path, document.source)
    diagnostics = [to_diagnostic(finding, encode) for finding in findings]
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=document.version)
    )


def _relint_neighbours(server: TemplatingServer, uri: str) -> None:
    """Saving ``agent.py`` can change the findings of an open ``prompt.py`` beside it."""
    folder = _path_of(uri).parent
    for other in list(server.workspace.text_documents):
        if other != uri and _path_of(other).parent == folder:
            guarded(server)(_publish)(server, other)


def _code_actions(server: TemplatingServer) -> None:
    kinds = [types.CodeActionKind.QuickFix, actions.FIX_ALL_KIND]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=kinds))
    @guarded(server, default=[])
    def code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        document = server.workspace.get_text_document(params.text_document.uri)
        path, text = _path_of(document.uri), document.source
        source = SourceFile(path.name, normalize(text))
        encode = _encoder(server, text)
        findings = server.project.findings(path, text)
        wanted = params.context.only
        found: list[types.CodeAction | None] = []
        if not wanted or types.CodeActionKind.QuickFix in wanted:
            first, last = params.range.start.line + 1, params.range.end.line + 1
            touched = [f for f in findings if f.line <= last and f.end_line >= first]
            instructions = server.project.instructions(path, text) if touched else []
            for finding in touched:
                found.append(actions.quick_fix_action(finding, document.uri, source, encode))
                found.append(actions.noqa_action(finding, instructions, document.uri, source, encode))
        if not wanted or any(actions.FIX_ALL_KIND.startswith(kind) for kind in wanted):
            found.append(actions.fix_all_action(findings, document.uri, text, encode))
        return [action for action in found if action is not None]


def _navigation(server: TemplatingServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded(server)
    def hover(params: types.HoverParams) -> types.Hover | None:
        found = _placeholder_at(server, params.text_document.uri, params.position)
        if found is None:
            return None
        at, settings = found
        text = navigation.describe(at.placeholder, settings, server.project.writers_of(at.placeholder.key))
        document = server.workspace.get_text_document(params.text_document.uri)
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
            range=_encoder(server, document.source)(at.start, at.end),
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
        document = server.workspace.get_text_document(params.text_document.uri)
        lines = normalize(document.source).split("\n")
        position = server.workspace.position_codec.position_from_client_units(lines, params.position)
        typed = partial_name(lines[position.line], position.character) if position.line < len(lines) else None
        if typed is None:
            return []
        settings, _ = server.project.settings_for(_path_of(document.uri))
        keys = [(key, "written in the project") for key in server.project.written_keys() or ()]
        keys += [(key, "in the sample state") for key in settings.known_keys or ()]
        replace = _encoder(server, document.source)((position.line, typed[0]), (position.line, position.character))
        return navigation.complete_keys(keys, typed[1], replace)


def _placeholder_at(server: TemplatingServer, uri: str, position: types.Position):
    document = server.workspace.get_text_document(uri)
    path, text = _path_of(uri), normalize(document.source)
    lines = text.split("\n")
    point = server.workspace.position_codec.position_from_client_units(lines, position)
    settings, _ = server.project.settings_for(path)
    instructions = server.project.instructions(path, document.source)
    offset = offset_of(SourceFile(path.name, text), point.line, point.character)
    at = find_placeholder(instructions, offset, settings.dialect)
    return None if at is None else (at, settings)


def _encoder(server: TemplatingServer, text: str) -> Encode:
    lines = normalize(text).split("\n")
    codec = server.workspace.position_codec

    def encode(start: tuple[int, int], end: tuple[int, int]) -> types.Range:
        server_range = ServerTextRange(ServerTextPosition(*start), ServerTextPosition(*end))
        return codec.range_to_client_units(lines, server_range)

    return encode


def _path_of(uri: str) -> Path:
    path = to_fs_path(uri)
    # An unsaved buffer (untitled:...) is linted as if it were a file of the working folder.
    return Path(path) if path and uri.startswith("file:") else Path.cwd() / Path(uri.rsplit("/", 1)[-1])
