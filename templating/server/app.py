"""The pygls server: document handlers, debounced linting, and a guard around every handler.

Diagnostics are published on open and save at once, and on change after a pause. By default
the pause adapts to the file: twice as long as its last lint took, at least 5 ms and at most
100 ms, so a small file is checked almost as you type and a slow one is not re-linted on every
keystroke; ``debounceMs`` in the client's initialization options fixes it instead. Only open
documents get diagnostics. A handler that raises is logged to the client
(``window/logMessage``) and answers as if it found nothing: the server goes on.
"""

from __future__ import annotations

import asyncio
import time

from lsprotocol import types

from templating.server import requests
from templating.server.configuration import client_settings
from templating.server.diagnostics import to_diagnostic
from templating.server.documents import Codec
from templating.server.language_server import (
    TemplatingServer,
    buffers,
    client_folders,
    folder_path,
    guarded,
    path_of,
)
from templating.server.workspace import Workspace, is_linted

__all__ = ["create_server", "publish", "serve"]


def serve(project: Workspace | None = None) -> None:
    """Run the server on stdin and stdout until the client says ``exit``."""
    create_server(project).start_io()


def create_server(project: Workspace | None = None) -> TemplatingServer:
    """A server with every handler registered; ``project`` stands in for the default workspace."""
    server = TemplatingServer(project or Workspace())
    _document_handlers(server)
    requests.register(server)
    return server


def _document_handlers(server: TemplatingServer) -> None:
    @server.feature(types.INITIALIZE)
    @guarded(server)
    def initialize(params: types.InitializeParams) -> None:
        server.protocol.codec = Codec(server.workspace.position_encoding or types.PositionEncodingKind.Utf16)  # type: ignore[attr-defined]
        server.project.folders = client_folders(params)
        options = params.initialization_options if isinstance(params.initialization_options, dict) else {}
        debounce = options.get("debounceMs")
        if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and 0 <= debounce <= 10_000:
            server.debounce = debounce / 1000
        _use_settings(server, options.get("settings"))

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    @guarded(server)
    def configuration_changed(params: types.DidChangeConfigurationParams) -> None:
        _use_settings(server, params.settings)
        for uri in list(server.documents):
            guarded(server)(publish)(server, uri)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded(server)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        publish(server, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded(server)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        _schedule(server, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    @guarded(server)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        if is_linted(path_of(params.text_document.uri)):
            publish(server, params.text_document.uri)  # the buffer was already the truth
            return
        # A `pyproject.toml` or a sample state file: the settings of every open file may change.
        server.project.forget_settings()
        for uri in list(server.documents):
            guarded(server)(publish)(server, uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded(server)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        if uri in server.pending:
            server.pending.pop(uri).cancel()
        server.lint_seconds.pop(uri, None)
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
        if uri.startswith("file:"):
            server.project.close(path_of(uri), buffers(server))
            server.real_paths = {key: value for key, value in server.real_paths.items() if value != uri}

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    @guarded(server)
    def folders_changed(params: types.DidChangeWorkspaceFoldersParams) -> None:
        removed = {folder_path(folder.uri) for folder in params.event.removed}
        kept = [folder for folder in server.project.folders if folder not in removed]
        server.project.folders = kept + [folder_path(folder.uri) for folder in params.event.added]
        server.project.forget_project()


def _use_settings(server: TemplatingServer, sent: object) -> None:
    """Lint with the editor's settings ``sent`` from now on; say once what is wrong with them."""
    chosen = client_settings(sent)
    problem = chosen.describe()
    if problem and problem not in server.config_errors:
        server.config_errors.add(problem)
        server.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=problem))
    if chosen != server.project.client:
        server.project.client = chosen
        server.project.forget_settings()


def _schedule(server: TemplatingServer, uri: str) -> None:
    """Lint ``uri`` once typing pauses: each change restarts the wait."""
    if uri in server.pending:
        server.pending.pop(uri).cancel()

    async def later() -> None:
        await asyncio.sleep(server.pause(uri))
        server.pending.pop(uri, None)
        guarded(server)(publish)(server, uri)

    server.pending[uri] = asyncio.ensure_future(later())


def publish(server: TemplatingServer, uri: str) -> None:
    """Lint the open document ``uri`` and publish its diagnostics (nothing if it is not open)."""
    document = server.documents.get(uri)
    if document is None:
        return
    started = time.perf_counter()
    path = path_of(uri)
    _, error = server.project.settings_for(path)
    if error and error not in server.config_errors:
        server.config_errors.add(error)  # say it once, not on every keystroke
        server.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=error))
    findings = server.project.findings(path, document.text, buffers(server))
    for failure in server.project.take_failures():
        server.log(f"templating: not read, the rest goes on: {failure}")
    diagnostics = [to_diagnostic(finding, document.client_range) for finding in findings]
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=document.version)
    )
    server.lint_seconds[uri] = time.perf_counter() - started
