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
import functools
import os
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from templating import __version__
from templating.server.diagnostics import to_diagnostic
from templating.server.documents import Codec, Document
from templating.server.protocol import Protocol, parse_error
from templating.server.workspace import Workspace, is_linted, normalize

__all__ = ["TemplatingServer", "buffers", "client_folders", "create_server", "guarded", "path_of", "serve"]

#: The longest pause after a change before linting, in seconds, when the client sets none.
MAX_DEBOUNCE = 0.1
_MIN_DEBOUNCE = 0.005
Handler = TypeVar("Handler", bound=Callable[..., Any])


class TemplatingServer(LanguageServer):
    """A language server with a `Workspace`, the open documents and the pending lints."""

    def __init__(self, project: Workspace) -> None:
        super().__init__(
            "templating", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental, protocol_cls=Protocol
        )
        self.project = project
        self.debounce: float | None = None  # None: adapt to each file's lint time
        self.lint_seconds: dict[str, float] = {}
        self.pending: dict[str, asyncio.Task] = {}
        #: The URI of each open file by its real path (worked out once per file).
        self.real_paths: dict[str, str] = {}
        self.config_errors: set[str] = set()

    @property
    def documents(self) -> dict[str, Document]:
        """The open documents by URI."""
        return self.protocol.documents  # type: ignore[attr-defined]

    def log(self, message: str, kind: types.MessageType = types.MessageType.Error) -> None:
        """Send ``message`` to the client's log."""
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def report_server_error(self, error: Exception, source: Any) -> None:
        """A message body that is not JSON gets a parse error, as JSON-RPC asks."""
        if source is JsonRpcException and isinstance(error, (ValueError, RecursionError)):
            self.protocol.reject(None, parse_error(error))  # type: ignore[attr-defined]
            return
        super().report_server_error(error, source)

    def pause(self, uri: str) -> float:
        """How long to wait after a change of ``uri`` before linting it."""
        if self.debounce is not None:
            return self.debounce
        return min(MAX_DEBOUNCE, max(_MIN_DEBOUNCE, 2 * self.lint_seconds.get(uri, MAX_DEBOUNCE)))


def serve(project: Workspace | None = None) -> None:
    """Run the server on stdin and stdout until the client says ``exit``."""
    create_server(project).start_io()


def create_server(project: Workspace | None = None) -> TemplatingServer:
    """A server with every handler registered; ``project`` stands in for the default workspace."""
    from templating.server import requests

    server = TemplatingServer(project or Workspace())
    _document_handlers(server)
    requests.register(server)
    return server


def guarded(server: TemplatingServer, default: Any = None) -> Callable[[Handler], Handler]:
    """Log a handler's exception to the client and answer ``default`` instead of failing."""

    def decorate(handler: Handler) -> Handler:
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
        server.protocol.codec = Codec(server.workspace.position_encoding or types.PositionEncodingKind.Utf16)  # type: ignore[attr-defined]
        server.project.folders = client_folders(params)
        options = params.initialization_options if isinstance(params.initialization_options, dict) else {}
        debounce = options.get("debounceMs")
        if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and 0 <= debounce <= 10_000:
            server.debounce = debounce / 1000

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
        removed = {_folder_path(folder.uri) for folder in params.event.removed}
        kept = [folder for folder in server.project.folders if folder not in removed]
        server.project.folders = kept + [_folder_path(folder.uri) for folder in params.event.added]
        server.project.forget_project()


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
    diagnostics = [to_diagnostic(finding, document.client_range) for finding in findings]
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=document.version)
    )
    server.lint_seconds[uri] = time.perf_counter() - started


class Buffers(Mapping[str, str]):
    """The texts of the open files by real path, line breaks read as ``\\n`` when asked for
    (most are never asked for: a keystroke reads one or two of them)."""

    def __init__(self, documents: dict[str, Document], uris: dict[str, str]) -> None:
        self.documents, self.uris = documents, uris

    def __getitem__(self, key: str) -> str:
        return normalize(self.documents[self.uris[key]].text)

    def __contains__(self, key: object) -> bool:
        return key in self.uris and self.uris[key] in self.documents  # type: ignore[index]

    def __iter__(self) -> Iterator[str]:
        return (key for key in self.uris if self.uris[key] in self.documents)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def buffers(server: TemplatingServer) -> Buffers:
    """The texts of the open files (not of unsaved ``untitled:`` buffers), by real path."""
    known = set(server.real_paths.values())
    for uri in server.documents:
        if uri.startswith("file:") and uri not in known:
            server.real_paths[os.path.realpath(path_of(uri))] = uri
    return Buffers(server.documents, server.real_paths)


def client_folders(params: types.InitializeParams) -> list[Path]:
    """The project folders the client names: its workspace folders, else its root."""
    if params.workspace_folders:
        return [_folder_path(folder.uri) for folder in params.workspace_folders if folder.uri.startswith("file:")]
    if params.root_uri and params.root_uri.startswith("file:"):
        return [_folder_path(params.root_uri)]
    return [Path(params.root_path).resolve()] if params.root_path else []


def _folder_path(uri: str) -> Path:
    return Path(os.path.realpath(to_fs_path(uri) or "."))


def path_of(uri: str) -> Path:
    """The file of ``uri``; an unsaved buffer (``untitled:...``) is linted as if it were a
    file of the working folder."""
    path = to_fs_path(uri)
    return Path(path) if path and uri.startswith("file:") else Path.cwd() / Path(uri.rsplit("/", 1)[-1])
