"""The record that describes one instruction surface, and what reading a file gives.

An instruction surface is a kind of file an agent's instructions or state live in (Python
source, an ADK Agent Config, an evaluation's session file, a prompt file). Each is one
frozen `Surface`: data and plain functions, no class to subclass. The front door
(`templating.project.reading`) asks the registry which surface claims a file and calls it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from templating.project.frontend import (
    ADK_SPELLING,
    CommentElsewhere,
    Found,
    Lender,
    Problem,
    ProblemKind,
    Reader,
    Spelling,
    StrictFix,
)

if TYPE_CHECKING:
    from templating.project.model.instruction import Instruction, SourceFile

# `Found`, `Problem` and `ProblemKind` are the contract's (`templating.project.frontend`); they
# are named here too for the code that imports them with the registry.
__all__ = ["Found", "Problem", "ProblemKind", "Surface"]


@dataclass(frozen=True, slots=True)
class Surface:
    """One kind of instruction file.

    - ``name``: how documentation and tests call it (``python``, ``agent-config``...);
    - ``suffixes`` and ``names``: the file suffixes (lower-case, with the dot) and exact file
      names it claims; a file name is claimed by the first surface of the registry listing it;
    - ``walked``: whether walking a folder finds its files (prompt files are read only when
      named or matched by the ``include`` globs);
    - ``may_hold``: the byte pre-filter, called with the file name and its bytes when they
      are ASCII: ``False`` means the file holds nothing to read and is never decoded;
    - ``read``: reads the decoded text (see `Reader`);
    - ``noqa_line``: the 1-based line where a ``# noqa`` for an instruction of the file goes,
      given the instruction and the file's source; ``None`` where none can (prompt text
      reaches the model, so it holds no comments);
    - ``is_valid``: whether a fixed file's text still parses, before it is written;
    - ``coding_line``: whether a PEP 263 ``# coding:`` line picks the file's encoding;
    - ``import_hint``: bytes that mark a file whose instructions can be imported from
      sibling modules (so the listing of its folder matters to a cache), if the surface has
      imports at all;
    - ``comment``: how the language starts a comment (``#``, ``//``): the ``noqa`` grammar and
      the language server's quick fix take it from here;
    - ``spelling``: how findings about its files spell ADK's words (`Spelling`);
    - ``lend``: the instructions a file lends to the files that import it (a prompts module),
      if the language has imports (see `templating.project.frontend.Lender`);
    - ``comment_elsewhere``: where a ``noqa`` goes when ``noqa_line`` has no line for it;
    - ``passed_over_writes_nothing``: whether a file the pre-filter passes over is known to
      hold no state write (a Python module naming no agent, state or event): it then still
      counts as read, so a tool an agent imports from it writes nothing rather than anything;
    - ``literal_braces``: how an instruction in such a file keeps ``{name}`` as text, ADK's
      injector past (the remedy a finding names for braces meant literally);
    - ``strict_fix``: the edits that make an instruction of the file a strict-dialect template,
      if its language can hold one (see `StrictFix`).
    """

    name: str
    suffixes: frozenset[str]
    names: frozenset[str]
    walked: bool
    may_hold: Callable[[str, bytes], bool]
    read: Reader
    noqa_line: Callable[[Instruction, SourceFile], int | None]
    is_valid: Callable[[str], bool]
    coding_line: bool = False
    import_hint: re.Pattern[bytes] | None = None
    comment: str = "#"
    spelling: Spelling = ADK_SPELLING
    lend: Lender | None = None
    comment_elsewhere: CommentElsewhere | None = None
    passed_over_writes_nothing: bool = False
    literal_braces: str = ""
    strict_fix: StrictFix | None = None

    def claims(self, name: str) -> bool:
        """Whether this surface lists the file called ``name`` (a base name)."""
        return name in self.names or _suffix(name) in self.suffixes


def _suffix(name: str) -> str:
    """The suffix as `pathlib.PurePath.suffix` has it, lower-cased."""
    dot = name.rfind(".")
    return name[dot:].lower() if 0 < dot < len(name) - 1 else ""
