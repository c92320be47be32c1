"""The language server itself: its state, the guard around handlers, and where files are.

`TemplatingServer` holds the `Workspace`, the open documents (kept by the `Protocol`), the
pending lints and how long each file took to lint; `guarded` keeps one failing handler from
taking the server down; `path_of`, `buffers` and `client_folders` turn what the client says
into paths. The handlers are registered by `app` (documents) and `requests`.
"""

from __future__ import annotations

import asyncio
import functools
import os
import traceback
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from templating import __version__
from templating.server.documents import Document
from templating.server.protocol import Protocol, parse_error
from templating.server.workspace import Workspace, normalize

__all__ = [
    "MAX_DEBOUNCE",
    "Buffers",
    "TemplatingServer",
    "buffers",
    "client_folders",
    "folder_path",
    "guarded",
    "path_of",
]

#: The longest pause after a change before linting, in seconds, when the client sets none.
MAX_DEBOUNCE = 0.1
_MIN_DEBOUNCE = 0.005
Handler = TypeVar("Handler", bound=Callable[..., Any])


class TemplatingServer(LanguageServer):
    """A language server with a `Workspace`, the open documents and the pending lints."""

    def __init__(self, project: Workspace) -> None:
        super().__init__(
            "templating",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=Protocol,
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


class Buffers(Mapping[str, str]):
    """The texts of the open files by real path, line breaks read as ``\\n`` when asked for
    (most are never asked for: a keystroke reads one or two of them)."""

    def __init__(self, documents: dict[str, Document], uris: dict[str, str]) -> None:
        self.documents, self.uris = documents, uris

    def __getitem__(self, key: str) -> str:
        return normalize(self.documents[self.uris[key]].text)

    def __contains__(self, key: object) -> bool:
        return key in self.uris and self.uris[key] in self.documents

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
        return [folder_path(folder.uri) for folder in params.workspace_folders if folder.uri.startswith("file:")]
    if params.root_uri and params.root_uri.startswith("file:"):
        return [folder_path(params.root_uri)]
    return [Path(params.root_path).resolve()] if params.root_path else []


def folder_path(uri: str) -> Path:
    """The resolved folder of a ``file:`` URI."""
    return Path(os.path.realpath(to_fs_path(uri) or "."))


def path_of(uri: str) -> Path:
    """The file of ``uri``; an unsaved buffer (``untitled:...``) is linted as if it were a
    file of the working folder."""
    path = to_fs_path(uri)
    return Path(path) if path and uri.startswith("file:") else Path.cwd() / Path(uri.rsplit("/", 1)[-1])
