"""How the linter and ``--fix`` turn a file's bytes into text, and text back into bytes.

A Python file is in the encoding PEP 263 gives it: UTF-8 (a byte order mark allowed) unless
a coding line in its first two lines names another, such as ``# -*- coding: latin-1 -*-``.
YAML and prompt files are UTF-8. A fixed file is written back in the encoding it was read in.
"""

from __future__ import annotations

import codecs
import io
import tokenize
from pathlib import Path

from templating.regular_file import read_regular

__all__ = ["decode_source", "file_encoding", "python_text", "read_source"]


def file_encoding(data: bytes, *, coding_line: bool) -> str:
    """The encoding of ``data``: UTF-8, or what a PEP 263 coding line says where the file's
    surface has one (``coding_line``, Python source).

    Raises ``UnicodeDecodeError`` (naming the first bad byte) for a Python file whose first
    lines are not UTF-8 and have no coding line, and ``SyntaxError`` for a coding line naming
    an unknown encoding or one that contradicts the byte order mark, as Python itself does.
    """
    if not coding_line:
        return "utf-8"
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        data.decode("utf-8")  # no coding line and bytes that are not UTF-8: report the byte
        raise
    if not _is_text_encoding(encoding):
        raise SyntaxError(f"unknown encoding: {encoding}")
    return encoding


def read_source(path: Path) -> str:
    """The text of the Python module ``path`` as the linter reads it: decoded, every line
    break read as ``\\n``. Only a regular file is read, and a bounded amount of it."""
    return decode_source(read_regular(path), coding_line=True)


def python_text(data: bytes) -> str:
    """``data`` decoded as a Python module's text (its coding line honoured)."""
    return decode_source(data, coding_line=True)


def decode_source(data: bytes, *, coding_line: bool) -> str:
    """``data`` decoded as `read_source` reads a file (see `file_encoding`)."""
    text = data.decode(file_encoding(data, coding_line=coding_line))
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _is_text_encoding(encoding: str) -> bool:
    # `# coding: rot13` names a codec that maps text to text, which cannot decode bytes.
    return getattr(codecs.lookup(encoding), "_is_text_encoding", True)
