"""What the subcommands share: exit codes, the usage error and reading input files."""

from __future__ import annotations

import sys
from pathlib import Path

from templating.regular_file import read_regular

__all__ = ["EXIT_FAILURE", "EXIT_OK", "EXIT_USAGE", "UsageError", "read_text"]

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """A problem with the command line, the config or an input file; exits with status 2."""


def read_text(path: Path) -> str:
    """Read a UTF-8 file (``-`` for stdin); raise `UsageError` if that fails."""
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return read_regular(path).decode("utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except UnicodeDecodeError as error:
        raise UsageError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read ({error.strerror})") from None
