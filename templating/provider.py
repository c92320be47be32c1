"""Instruction providers and google-adk's rule for resolving an instruction.

An agent's instruction is either a template string, which is filled from session state, or
an [`InstructionProvider`][templating.InstructionProvider], a callable that builds the text itself and whose output is
used as is. [`resolve_instruction`][templating.resolve_instruction] applies that rule exactly as google-adk's
``LlmAgent.canonical_instruction`` and instruction processor do.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable
from typing import Any, Protocol, runtime_checkable

from templating.injection import inject_session_state

__all__ = ["InstructionProvider", "resolve_instruction"]


@runtime_checkable
class InstructionProvider(Protocol):
    """A callable that takes a context and returns the instruction, or an awaitable of it.

    The context is a [`ReadonlyContext`][templating.ReadonlyContext] or google-adk's
    ``ReadonlyContext``. A [`CompiledTemplate`][templating.CompiledTemplate] is one.
    """

    def __call__(self, context: Any) -> str | Awaitable[str]:
        """Return the instruction for ``context``."""


async def resolve_instruction(instruction: str | InstructionProvider, context: object) -> str:
    """Return the text of ``instruction`` for ``context``.

    A ``str`` is filled with [`inject_session_state`][templating.inject_session_state]; a provider is
    called (and awaited if it returns an awaitable) and its output returned unchanged, as
    google-adk bypasses state injection for providers. Anything else raises ``TypeError``.
    """
    if isinstance(instruction, str):
        return await inject_session_state(instruction, context)
    if not callable(instruction):
        raise TypeError(
            "instruction must be a str or an InstructionProvider (a callable taking a context "
            f"and returning a str or an awaitable of str), got {type(instruction).__name__}"
        )
    text = instruction(context)
    if inspect.isawaitable(text):
        text = await text
    return text
