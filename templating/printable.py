"""Text as a terminal may safely show it: control characters escaped, never obeyed.

File names, agent names, state keys and source lines come from the repository being read. Sent
raw to a terminal, an escape sequence in one can clear the screen, retitle the window or write
the clipboard (OSC 52), a newline in a file name can forge a line of the report, and a
bidirectional override can show code in another order than it runs. `printable` writes each
such character as a Python-style escape (``\\x1b``, ``\\n``, ``\\u202e``), as does a lone
surrogate, which no output encoding can write.
"""

from __future__ import annotations

import re

__all__ = ["escape_surrogates", "printable"]

# C0 controls but the tab, DEL and the C1 controls (U+009B is a one-character CSI), the
# bidirectional marks, embeddings, overrides and isolates, line and paragraph separators,
# and lone surrogates.
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every character a terminal would obey escaped (``keep_newlines``: the
    line feed stays, for text that is shown on several lines)."""
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(_escape_newline if keep_newlines else _escape, text)


_NAMED = {"\n": "\\n", "\r": "\\r"}


_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_surrogates(text: str) -> str:
    """``text`` with only its lone surrogates escaped: what can be written to any UTF-8 file."""
    return _SURROGATE.sub(_escape, text) if _SURROGATE.search(text) else text


def _escape(match: re.Match[str]) -> str:
    character = match.group()
    if character in _NAMED:
        return _NAMED[character]
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _escape_newline(match: re.Match[str]) -> str:
    return "\n" if match.group() == "\n" else _escape(match)
