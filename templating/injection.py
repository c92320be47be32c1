"""The drop-in for google-adk's ``inject_session_state``."""

from __future__ import annotations

from templating.compiler import compile_template
from templating.jinja import render_jinja
from templating.policy import ValuePolicy

__all__ = ["inject_session_state"]


async def inject_session_state(
    template: str, context: object, use_jinja2: bool = False, *, dialect: str = "adk", policy: ValuePolicy | None = None
) -> str:
    """Fill ``template``'s placeholders from ``context``, as google-adk does.

    ``context`` is a [`ReadonlyContext`][templating.ReadonlyContext] or google-adk's
    ``ReadonlyContext`` / ``ToolContext`` / ``CallbackContext``. In the default ``adk``
    dialect the output and errors are byte-for-byte those of google-adk 2.13.0's
    ``inject_session_state``; the template is compiled once and cached. ``dialect="strict"``
    uses the literal-safe dialect (see the strict grammar), and ``dialect="adk-js"`` renders
    as adk-js 2.x's ``injectSessionState`` (see the adk-js page).

    ``policy`` writes the keys a [`ValuePolicy`][templating.ValuePolicy] covers under its data
    markers, an opt-in byte difference confined to their placeholders.

    ``use_jinja2=True`` renders with Jinja2 as google-adk's Jinja2 mode does (sandboxed,
    ``StrictUndefined``, state as variables and as ``state``, ``await artifact(name)``),
    compiled once and cached; it needs the ``agent-templating[jinja]`` extra and ignores no
    option silently: combining it with a dialect other than ``adk`` is a ``ValueError``.
    """
    if not isinstance(template, str):
        raise TypeError(f"template must be a str, got {type(template).__name__}")
    if use_jinja2:
        if dialect != "adk":
            raise ValueError(
                f"`use_jinja2=True` renders Jinja2 syntax, got `dialect={dialect!r}` too: expected one of them"
            )
        if policy is not None:
            raise ValueError("`use_jinja2=True` renders Jinja2 syntax, got a `policy` too: expected one of them")
        return await render_jinja(template, context)
    if "{" not in template and dialect == "adk":
        # google-adk returns such a template before it reads the context at all: so do we,
        # whatever the context is.
        return template
    compiled = compile_template(template, dialect=dialect, policy=policy)
    # Rendered here without a second coroutine: most calls take the fast path.
    rendered = compiled._render_fast(context)
    if rendered is not None:
        return rendered
    return await compiled._render_generic_async(context)
