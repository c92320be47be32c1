"""The ``adk-js`` dialect: @google/adk 2.0.0's ``injectSessionState``. See ``docs/grammar-adk-js.md``."""

from __future__ import annotations

from templating.dialects.dialect import BRACE_RUN_PATTERN, Dialect, Path, is_scoped_name
from templating.dialects.javascript import (
    JS_INHERITED_VALUES,
    format_js_artifact,
    format_js_value,
    is_js_missing_artifact,
    js_format_error_message,
    js_missing_artifact_message,
    js_missing_key_message,
)

__all__ = ["ADK_JS", "JS_WHITESPACE", "is_ascii_identifier", "is_js_state_name", "read_js_name"]

# What JavaScript's `String.prototype.trim` removes: its WhiteSpace (tab, vertical tab, form
# feed, no-break space, the byte order mark and every space separator) and LineTerminator
# characters. Python's `str.strip()` differs: it also removes U+001C-U+001F and U+0085, and
# keeps U+FEFF.
JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def is_ascii_identifier(name: str) -> bool:
    """``[A-Za-z_][A-Za-z0-9_]*``: an identifier of ASCII characters only (no regex needed:
    Python's identifiers restricted to ASCII are exactly these)."""
    return name.isascii() and name.isidentifier()


def is_js_state_name(name: str) -> bool:
    """Whether adk-js accepts ``name`` as a state key: an ASCII identifier, or one scope
    prefix followed by one."""
    return is_scoped_name(name, is_ascii_identifier)


def read_js_name(name: str) -> tuple[str, Path] | None:
    """Read a state name the ``adk-js`` way: the key itself; ``None`` if invalid."""
    return (name, ()) if is_js_state_name(name) else None


ADK_JS = Dialect(
    name="adk-js",
    port="js",
    implementation="@google/adk 2.0.0 (adk-js)",
    pattern=BRACE_RUN_PATTERN,
    strips_whitespace=True,
    whitespace=JS_WHITESPACE,
    format_value=format_js_value,
    read_name=read_js_name,
    format_errors=(TypeError, ValueError),
    format_error_message=js_format_error_message,
    missing_key_message=js_missing_key_message,
    missing_artifact_message=js_missing_artifact_message,
    format_artifact=format_js_artifact,
    is_missing_artifact=is_js_missing_artifact,
    concurrent_artifacts=True,
    state_errors_first=True,
    inherited_values=JS_INHERITED_VALUES,
)
