"""``templating render`` prints through the library's stream: memory bounded by the input.

[`CompiledTemplate.stream`][templating.CompiledTemplate.stream] checks the whole render first
(it raises what ``render_async`` raises, in the same order) and only then yields the output,
piece by piece, read from the template text again (`templating.stream`): the command line
prints nothing before an error, and holds neither the template's tree nor the output,
whatever their size.

The command line has no artifact service, so a template with artifact placeholders fails at
the first one (or, in Kotlin, renders an optional one empty) through ``stream_async``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from templating.compiler import compile_template
from templating.context import ReadonlyContext

__all__ = ["render_to"]


def render_to(
    text: str, state: Mapping[str, Any], write: Callable[[str], object], *, dialect: str = "adk", agent_name: str = ""
) -> None:
    """Render ``text`` against ``state`` (no artifact service) into ``write``, piece by piece.

    Raises what ``compile_template(text, dialect=dialect).render_async(context)`` raises,
    before anything is written; otherwise writes exactly what it returns.
    """
    compiled = compile_template(text, dialect=dialect)
    if not compiled.artifact_names:
        for piece in compiled.stream(state, agent_name=agent_name):
            write(piece)
        return
    import asyncio  # here, not at the top: only a template with artifacts needs an event loop

    async def write_pieces() -> None:
        async for piece in compiled.stream_async(ReadonlyContext(state, agent_name=agent_name)):
            write(piece)

    asyncio.run(write_pieces())
