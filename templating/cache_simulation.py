"""Replay sessions of one agent through google-adk's own context-cache manager, offline.

For `templating cache-report` and the caching page: google-adk 2.13.0 (needed, imported only
here) runs an agent under ``InMemoryRunner`` in an ``App`` with a ``ContextCacheConfig``. A
scripted model does what ``Gemini.generate_content_async`` does around the network call: it
runs ``GeminiContextCacheManager.handle_context_caching`` on the request (against a stand-in
cache service that always succeeds) and copies the cache metadata into its reply. A request
sent with an active cache is a hit.

Keys the instruction reads get values the way a run gives them: a *changing* key a new value
every turn (a ``before_agent_callback`` writes it), a *session* key one value per user, set
when the session is created. Nothing here calls a model or the network.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import warnings
from dataclasses import dataclass
from typing import Any

__all__ = ["Layout", "Simulation", "simulate"]


@dataclass(frozen=True, slots=True)
class Layout:
    """One way to lay an agent's instructions out: ``instruction`` (injected every call),
    ``static_instruction`` (never injected) and the text of a ``GlobalInstructionPlugin``."""

    name: str
    instruction: str
    static_instruction: str | None = None
    global_instruction: str | None = None


@dataclass(frozen=True, slots=True)
class Simulation:
    """What the replay measured: ``requests`` sent, how many with an active explicit cache
    (``hits``), caches created, and the characters of each request shared with the previous
    request of its session (``stable_prefix``) out of all of them (``total``)."""

    requests: int
    hits: int
    caches: int
    stable_prefix: int
    total: int


def simulate(
    layout: Layout,
    *,
    changing_keys: tuple[str, ...] = (),
    session_keys: tuple[str, ...] = (),
    sessions: int = 3,
    turns: int = 8,
    model: str = "gemini-2.5-flash",
) -> Simulation:
    """Run ``sessions`` sessions of ``turns`` turns of one agent laid out as ``layout``."""
    with warnings.catch_warnings():
        # google-adk marks its cache manager experimental, on every use.
        warnings.filterwarnings("ignore", message=r"\[EXPERIMENTAL\]")
        return asyncio.run(_simulate(layout, changing_keys, session_keys, sessions, turns, model))


async def _simulate(
    layout: Layout, changing: tuple[str, ...], constant: tuple[str, ...], sessions: int, turns: int, model: str
) -> Simulation:
    os.environ.setdefault("OTEL_SDK_DISABLED", "true")
    # google-adk logs a failing run with its traceback; the caller reports the exception itself.
    logging.getLogger("google_adk").setLevel(logging.CRITICAL)
    from google.adk.agents.context_cache_config import ContextCacheConfig
    from google.adk.apps import App
    from google.adk.runners import InMemoryRunner
    from google.genai import types

    recorder = _recorder_class()(model=model)
    counter = itertools.count()

    def write_changing_keys(callback_context: Any) -> None:
        turn = next(counter)
        for key in changing:
            callback_context.state[key] = f"{key} value {turn}"

    agent = _agent(layout, recorder, write_changing_keys)
    plugins = [_global_plugin(layout.global_instruction)] if layout.global_instruction else []
    app = App(
        name="simulation", root_agent=agent, plugins=plugins, context_cache_config=ContextCacheConfig(min_tokens=0)
    )
    runner = InMemoryRunner(app=app)
    for user in range(sessions):
        state = {key: f"{key} of user {user}" for key in constant}
        session = await runner.session_service.create_session(app_name="simulation", user_id=f"u{user}", state=state)
        recorder.start_session()
        for turn in range(turns):
            message = types.Content(role="user", parts=[types.Part(text=f"Question {turn} from user {user}.")])
            async for _ in runner.run_async(user_id=f"u{user}", session_id=session.id, new_message=message):
                pass
    return recorder.result()


def _agent(layout: Layout, recorder: Any, callback: Any) -> Any:
    from google.adk.agents import LlmAgent

    def look_up_order(order_id: str) -> dict:
        """Look an order up by its id."""
        return {"order": order_id, "status": "shipped"}

    def list_products(category: str) -> dict:
        """List the products of a category."""
        return {"category": category, "products": ["a", "b"]}

    def open_ticket(summary: str) -> dict:
        """Open a support ticket."""
        return {"ticket": 1, "summary": summary}

    return LlmAgent(
        name=layout.name if layout.name.isidentifier() else "assistant",
        model=recorder,
        instruction=layout.instruction,
        static_instruction=layout.static_instruction,
        tools=[look_up_order, list_products, open_ticket],
        before_agent_callback=callback,
    )


def _global_plugin(text: str) -> Any:
    from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin

    return GlobalInstructionPlugin(global_instruction=text)


def _recorder_class() -> Any:
    """The scripted model class, built on first use so that google-adk loads only here."""
    from google.adk.models.base_llm import BaseLlm
    from google.adk.models.gemini_context_cache_manager import GeminiContextCacheManager
    from google.adk.models.llm_response import LlmResponse
    from google.genai import types

    class Recorder(BaseLlm):
        """Does what google-adk's Gemini class does around the call, and records."""

        model: str = "gemini-2.5-flash"
        previous: str | None = None
        requests: int = 0
        hits: int = 0
        caches: int = 0
        stable_prefix: int = 0
        total: int = 0

        def start_session(self) -> None:
            self.previous = None

        async def generate_content_async(self, llm_request: Any, stream: bool = False) -> Any:
            text = _serialized(llm_request)
            self._record_prefix(text)
            manager = metadata = None
            if llm_request.cache_config:
                manager = GeminiContextCacheManager(_CacheService())  # type: ignore[arg-type]
                metadata = await manager.handle_context_caching(llm_request)
            self.requests += 1
            if llm_request.config.cached_content:
                self.hits += 1
            reply = "Here is a careful answer to the question, with the reasons for it. " * 20
            response = LlmResponse(
                content=types.Content(role="model", parts=[types.Part(text=reply)]),
                usage_metadata=types.GenerateContentResponseUsageMetadata(prompt_token_count=len(text) // 4),
            )
            if manager is not None and metadata is not None:
                manager.populate_cache_metadata_in_response(response, metadata)
            yield response

        def _record_prefix(self, text: str) -> None:
            if self.previous is not None:
                self.stable_prefix += _common_prefix(self.previous, text)
            self.total += len(text)
            self.previous = text

        def result(self) -> Simulation:
            return Simulation(self.requests, self.hits, _CacheService.created, self.stable_prefix, self.total)

    _CacheService.created = 0
    return Recorder


def _common_prefix(first: str, second: str) -> int:
    """How many characters two texts share at their start."""
    length = min(len(first), len(second))
    return next((index for index in range(length) if first[index] != second[index]), length)


def _serialized(llm_request: Any) -> str:
    """The request as a provider reads it: system instruction, tools, then contents."""
    config = llm_request.config
    tools = [declaration.name for tool in config.tools or [] for declaration in tool.function_declarations or []]
    contents = [
        f"{content.role}: {part.text or ''}" for content in llm_request.contents for part in content.parts or []
    ]
    return "\n".join([str(config.system_instruction or ""), *tools, *contents])


class _CacheService:
    """Stands in for the genai client's cache service: every ``create`` succeeds."""

    created = 0

    vertexai = False

    def __init__(self) -> None:
        self.aio = self
        self.caches = self

    async def create(self, *, model: str, config: Any) -> Any:
        _CacheService.created += 1
        return _Cache(f"cachedContents/{_CacheService.created}")

    async def delete(self, *, name: str) -> None:
        return None


@dataclass
class _Cache:
    name: str
    expire_time: Any = None
