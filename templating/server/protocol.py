"""The JSON-RPC and document-sync layer under the server: every request gets an answer.

pygls drops a message it cannot read without a word: malformed JSON, a request whose params
do not fit, a message that is not a JSON-RPC object. A client then waits forever. Here each
gets the error JSON-RPC 2.0 and LSP define (``-32700`` parse error, ``-32600`` invalid
request, ``-32602`` invalid params, ``-32002`` not initialized), with the request's id where
it has one and ``null`` where it has none.

The open documents live here too, in `Document`s that count lines as LSP does, in place of
pygls's store (which splits lines with ``str.splitlines``).
"""

from __future__ import annotations

import logging
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from lsprotocol import types
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcInvalidRequest,
    JsonRpcParseError,
    JsonRpcServerNotInitialized,
)
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.protocol.json_rpc import RPCNotification, RPCRequest, RPCResponse

from templating.server.documents import Codec, Document

__all__ = ["Protocol", "parse_error"]

_logger = logging.getLogger(__name__)
# Requests a client may send before ``initialize`` has been answered.
_BEFORE_INITIALIZE = frozenset({types.INITIALIZE, types.SHUTDOWN})


@dataclass(frozen=True, slots=True)
class _Rejected:
    """A message that could not be read into its LSP type: answered with ``error``."""

    id: Any
    method: Any
    error: JsonRpcException


class Protocol(LanguageServerProtocol):
    """pygls's protocol, answering every bad message and keeping LSP-exact documents."""

    def __init__(self, *arguments: Any) -> None:
        super().__init__(*arguments)
        # pygls logs each message it cannot read with its whole traceback (some 60 lines on
        # stderr for a hover at line -1); `reject` logs one line saying what did not fit.
        _PYGLS_LOGGER.addFilter(_without_deserializing_tracebacks)
        self.documents: dict[str, Document] = {}
        self.codec = Codec()
        self.initialized = False

    def structure_message(self, data: dict[str, Any]) -> Any:
        """Read one message; one that does not fit its type becomes a `_Rejected`."""
        if "jsonrpc" in data and "method" in data and "params" not in data:
            data = {**data, "params": None}  # params may be left out (JSON-RPC 2.0, 4.2)
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if "jsonrpc" not in data:
                raise
            return _Rejected(data.get("id"), data.get("method"), _classify(data, error))

    def handle_message(self, message: Any) -> None:
        """Answer a message that is not a valid request; hand the rest to pygls."""
        rejection = _rejection(message)
        if rejection is None and isinstance(message, RPCRequest) and not isinstance(message, RPCResponse):
            rejection = self._state_error(message)
        if rejection is None:
            super().handle_message(message)
            return
        identifier, error = rejection
        if identifier is _NOTIFICATION:
            _logger.warning("ignored a notification: %s", error.message)
        else:
            self.reject(identifier, error)

    def reject(self, identifier: int | str | None, error: JsonRpcException) -> None:
        """Answer request ``identifier`` (``None`` when it cannot be known) with ``error``."""
        _logger.warning("rejected a message: %s", error.message)
        if identifier is not None:
            self._send_response(identifier, None, error.to_response_error())
            return
        # pygls leaves out a field that is None, but JSON-RPC asks for an explicit `"id": null`.
        body = {"code": error.code, "message": error.message}
        self._send_data({"jsonrpc": self.VERSION, "id": None, "error": body})

    def _state_error(self, message: Any) -> tuple[Any, JsonRpcException] | None:
        if message.method == types.INITIALIZE:
            self.initialized = True
            return None
        if not self.initialized and message.method not in _BEFORE_INITIALIZE:
            return (message.id, JsonRpcServerNotInitialized(f"`{message.method}` before `initialize`"))
        if self._shutdown:
            return (message.id, JsonRpcInvalidRequest(f"`{message.method}` after `shutdown`"))
        return None

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Generator:
        item = params.text_document
        self.documents[item.uri] = Document(item.uri, item.text, item.version, item.language_id, self.codec)
        yield from self._user_handler(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Generator:
        document = self.documents.get(params.text_document.uri)
        if document is None:
            _logger.warning("didChange of %s, which is not open", params.text_document.uri)
            return
        for change in params.content_changes:
            document.apply(change)
        document.version = params.text_document.version
        yield from self._user_handler(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Generator:
        self.documents.pop(params.text_document.uri, None)
        yield from self._user_handler(types.TEXT_DOCUMENT_DID_CLOSE, params)

    def _user_handler(self, method: str, params: Any) -> Generator:
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None


_NOTIFICATION = object()


def parse_error(error: Exception) -> JsonRpcParseError:
    """The error answering a message body that is not JSON."""
    reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
    return JsonRpcParseError(f"the message is not valid JSON: {reason}")


def _rejection(message: Any) -> tuple[Any, JsonRpcException] | None:
    """The id to answer and the error for a message that is not a valid JSON-RPC message."""
    if isinstance(message, _Rejected):
        is_request = message.id is not None and message.method is not None
        identifier = message.id if _is_id(message.id) else None
        return (identifier if is_request else _NOTIFICATION, message.error)
    if isinstance(message, (RPCRequest, RPCNotification, RPCResponse)) or _is_error_response(message):
        if message.jsonrpc == "2.0":
            return None
        return (getattr(message, "id", None), JsonRpcInvalidRequest('`jsonrpc` must be "2.0"'))
    identifier = message.get("id") if isinstance(message, dict) and _is_id(message.get("id")) else None
    return (identifier, JsonRpcInvalidRequest("the message is not a JSON-RPC 2.0 request object"))


def _classify(data: dict[str, Any], error: JsonRpcException) -> JsonRpcException:
    """Invalid request when the envelope is wrong, invalid params when only the params are
    (saying which value did not fit, as the validator words it)."""
    if not _is_id(data.get("id", 0)) or not isinstance(data.get("method", ""), str):
        return JsonRpcInvalidRequest("`id` must be a number or a string and `method` a string")
    if isinstance(error, JsonRpcInvalidParams):
        method = data.get("method")
        reasons = "; ".join(dict.fromkeys(_reasons(error.__cause__)))[:500]
        return JsonRpcInvalidParams(
            (f"the params do not fit `{method}`" if method else "the message does not fit its type")
            + (f": {reasons}" if reasons else "")
        )
    return error


def _reasons(error: BaseException | None) -> list[str]:
    """The messages of the innermost errors of a validation error (a tree of exception groups)."""
    if isinstance(error, BaseExceptionGroup):
        return [reason for inner in error.exceptions for reason in _reasons(inner)]
    if isinstance(error, KeyError) and error.args:
        return [f"`{error.args[0]}` is missing"]
    return [" ".join(str(error).split())] if error is not None and str(error) else []


_PYGLS_LOGGER = logging.getLogger("pygls.protocol.json_rpc")


def _without_deserializing_tracebacks(record: logging.LogRecord) -> bool:
    """Drop pygls's record of a message it could not read: `Protocol.reject` says it in one line."""
    return not str(record.msg).startswith("Unable to deserialize message")


def _is_id(value: Any) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _is_error_response(message: Any) -> bool:
    return isinstance(message, types.ResponseErrorMessage)
