"""Whether a path or an opened file the code reads is one of the project's files beside the
module, with parts of its name known only at run time.

``(skills / name / "SKILL.md").read_text()`` or ``with open(f"{name}.md") as f: f.read()``
reads one of the files that match the pattern the path leaves (``skills/*/SKILL.md``); when
every match is a file of the project, its text is the author's, checked where it is written,
and no evidence for TPL010 (`brace_risk`).
"""

from __future__ import annotations

import ast
import glob
import os
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.python.committed_files import RUN_TIME_PART, loose_path
from templating.project.python.syntax_tree import dotted_name, own_nodes

if TYPE_CHECKING:
    from templating.project.python.definitions import Namespace

__all__ = ["is_committed_file", "opened_committed_file"]


def opened_committed_file(node: ast.expr, scope: Namespace) -> bool:
    """Whether ``node`` is the name a ``with open(path) as name:`` of the function around it
    binds, ``path`` a file beside the module."""
    if not isinstance(node, ast.Name) or scope.function is None:
        return False
    items = [item for n in own_nodes(scope.function) if isinstance(n, (ast.With, ast.AsyncWith)) for item in n.items]
    opened = [item.context_expr for item in items
              if isinstance(item.optional_vars, ast.Name) and item.optional_vars.id == node.id]  # fmt: skip
    return len(opened) == 1 and _is_open_of_committed(opened[0], scope)


def _is_open_of_committed(call: ast.expr, scope: Namespace) -> bool:
    return (isinstance(call, ast.Call) and dotted_name(call.func) == "open" and bool(call.args)
            and is_committed_file(call.args[0], scope))  # fmt: skip


def is_committed_file(node: ast.expr, scope: Namespace) -> bool:
    """Whether ``node`` is a path to a file of the project, beside the module
    (`committed_files.loose_path`); a part known only at run time (``f"{name}.md"``,
    ``skills / name / "SKILL.md"``) names one of the files that match it, if there are some."""
    path = loose_path(node, scope)
    if path is None:
        return False
    parts = Path(path).parts
    first = next((index for index, part in enumerate(parts) if RUN_TIME_PART in part), len(parts))
    folder, pattern = Path(*parts[:first]), "/".join(_glob_part(part) for part in parts[first:])
    project = os.path.join(scope.cache.project, "")
    matches = folder.glob(pattern) if pattern else [folder]
    return any(os.path.realpath(match).startswith(project) and match.is_file() for match in matches)


def _glob_part(part: str) -> str:
    """A part of a path as a glob pattern: what is known only at run time matches anything."""
    return "*".join(glob.escape(piece) for piece in part.split(RUN_TIME_PART))
