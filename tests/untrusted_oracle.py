"""Test support: which placeholders really carry a third party's text, by running the program
under google-adk 2.13.0 with canaries.

Every source of outside text returns a canary: the network (``requests``, ``httpx``,
``urllib``), and every third-party tool an agent holds (google-adk's search and web tools, MCP
and other toolsets), which is swapped for a function tool of the same name returning one. The
model is scripted (`CanaryLlm`): it calls each of its tools once, then answers with every
canary its request holds, so text a model read flows on through ``output_key`` as it would.
The user's message holds no canary: the user's own words are not a third party's.

A read ``(agent, key)`` is *truly third-party* iff the value google-adk injects for ``{key}``
into that agent's instruction holds a canary. Missing keys are injected as empty text and
recorded apart, so that one run sees every read.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import io
import re
import sys
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import httpx
import requests
from google.adk.agents import BaseAgent, LlmAgent
from google.adk.flows.llm_flows.prompt import _instructions_utils
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import InMemoryRunner
from google.adk.tools import FunctionTool
from google.genai import types

from templating.project.python.third_party import THIRD_PARTY_TOOLS

FIXTURES = Path(__file__).resolve().parent / "data" / "untrusted"
CANARY = "CANARY"
_CANARIES = re.compile(r"CANARY-[\w.-]+")


class CanaryLlm(BaseLlm):
    """Calls each tool of the request once, in order, then answers with the request's canaries."""

    model: str = "canary"

    async def generate_content_async(self, llm_request: Any, stream: bool = False) -> Any:
        called = {part.function_response.name for content in llm_request.contents for part in content.parts or ()
                  if part.function_response is not None}  # fmt: skip
        pending = [name for name in (llm_request.tools_dict or {}) if name not in called]
        if pending:
            call = types.FunctionCall(name=pending[0], args=_arguments(llm_request.tools_dict[pending[0]]))
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(function_call=call)]))
            return
        seen = " ".join(sorted(set(_CANARIES.findall(_request_text(llm_request))))) or "ok"
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text=seen)]))


def _arguments(tool: Any) -> dict[str, str]:
    """A plain value for every parameter the tool declares (the model's own words: no canary)."""
    declaration = tool._get_declaration()
    if declaration is None:
        return {}
    if declaration.parameters is not None and declaration.parameters.properties:
        return dict.fromkeys(declaration.parameters.properties, "value")
    schema = declaration.parameters_json_schema or {}
    return dict.fromkeys(schema.get("properties", {}) if isinstance(schema, dict) else {}, "value")


def _request_text(llm_request: Any) -> str:
    texts = [str(llm_request.config.system_instruction or "")]
    for content in llm_request.contents:
        for part in content.parts or ():
            texts.append(part.text or "")
            if part.function_response is not None:
                texts.append(str(part.function_response.response))
    return "\n".join(texts)


def run_program(path: Path) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """Run the fixture at ``path`` (it binds ``root``); return the reads that carried a canary
    and the reads of missing keys, each as ``(agent, key)``."""
    carried: set[tuple[str, str]] = set()
    missing: set[tuple[str, str]] = set()
    with _canaries(), _recording(carried, missing), warnings.catch_warnings():
        # google-adk 2.x deprecates the 1.x composites the programs use.
        warnings.simplefilter("ignore")
        module = _load(path)
        _prepare(module.root, set())
        asyncio.run(_run(module.root))
    return carried, missing


async def _run(root: BaseAgent) -> None:
    runner = InMemoryRunner(agent=root, app_name="canary")
    session = await runner.session_service.create_session(app_name="canary", user_id="user")
    message = types.Content(role="user", parts=[types.Part.from_text(text="Please start.")])
    async for _ in runner.run_async(user_id="user", session_id=session.id, new_message=message):
        pass


def _prepare(agent: BaseAgent, seen: set[int]) -> None:
    """Give every LLM agent the canary model and swap its third-party tools for canary tools."""
    if id(agent) in seen:
        return
    seen.add(id(agent))
    if isinstance(agent, LlmAgent):
        agent.model = CanaryLlm()
        agent.tools = [_canary_tool(tool) for tool in agent.tools]
        for tool in agent.tools:
            wrapped = getattr(tool, "agent", None)
            if isinstance(wrapped, BaseAgent):
                _prepare(wrapped, seen)
    for child in agent.sub_agents:
        _prepare(child, seen)


def _canary_tool(tool: Any) -> Any:
    name = getattr(tool, "__name__", None) or type(tool).__name__
    if name not in THIRD_PARTY_TOOLS and type(tool).__name__ not in THIRD_PARTY_TOOLS:
        return tool
    label = re.sub(r"\W", "_", name)

    def fetch(query: str) -> str:
        return f"{CANARY}-{label} result text"

    fetch.__name__ = f"{label}_canary"
    return FunctionTool(fetch)


@contextlib.contextmanager
def _recording(carried: set[tuple[str, str]], missing: set[tuple[str, str]]) -> Iterator[None]:
    render = _instructions_utils._render_with_regex

    async def recording_render(template: str, readonly_context: Any) -> str:
        state = readonly_context._invocation_context.session.state
        agent = readonly_context.agent_name

        def note(match: re.Match[str]) -> str:
            name = match.group().lstrip("{").rstrip("}").strip().removesuffix("?")
            if name.startswith("artifact.") or not _instructions_utils._is_valid_state_name(name):
                return match.group()
            if name not in state:
                missing.add((agent, name))
                return "{" + name + "?}"
            if CANARY in str(state[name]):
                carried.add((agent, name))
            return match.group()

        return await render(_instructions_utils._TEMPLATE_VAR_PATTERN.sub(note, template), readonly_context)

    _instructions_utils._render_with_regex = recording_render
    try:
        yield
    finally:
        _instructions_utils._render_with_regex = render


class _Response:
    """What a patched network call returns: a page holding a canary, in every common shape."""

    status_code = 200
    ok = True
    text = f"<html>{CANARY}-network page</html>"
    content = text.encode()
    headers: ClassVar[dict[str, str]] = {}

    def json(self) -> dict[str, str]:
        return {"text": self.text}

    def raise_for_status(self) -> None:
        return None

    def read(self) -> bytes:
        return self.content

    def __enter__(self) -> _Response:
        return self

    def __exit__(self, *exc_info: object) -> None:
        return None


@contextlib.contextmanager
def _canaries() -> Iterator[None]:
    """Patch the network calls to return `_Response`, never touching the network."""

    def answer(*args: Any, **kwargs: Any) -> _Response:
        return _Response()

    async def answer_async(*args: Any, **kwargs: Any) -> _Response:
        return _Response()

    patches = [
        (requests, "get"), (requests, "post"), (requests, "request"), (requests.Session, "request"),
        (httpx, "get"), (httpx, "post"), (httpx.Client, "request"), (urllib.request, "urlopen"),
    ]  # fmt: skip
    saved = [(owner, name, getattr(owner, name)) for owner, name in patches]
    saved.append((httpx.AsyncClient, "request", httpx.AsyncClient.request))
    for owner, name in patches:
        setattr(owner, name, answer)
    httpx.AsyncClient.request = answer_async  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)


def _load(path: Path) -> ModuleType:
    name = f"untrusted_fixture_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    with contextlib.redirect_stdout(io.StringIO()):
        spec.loader.exec_module(module)
    return module
