"""Which skills each ``SkillToolset(...)`` of a Python module holds, named as code names them.

google-adk 2.13.0 hands skills to an agent through ``SkillToolset(skills=[...])``, the skills
loaded from their folders with ``load_skill_from_dir(folder)`` (one skill) or
``load_skills_from_dir(parent)`` (every skill folder in ``parent``), usually with paths built
from ``pathlib``: ``load_skill_from_dir(SKILLS / "greeter")``. Statically, the last literal
segment of the path a loader is given names the skill folder (or the parent folder); a name
bound at module level is followed to its value. A loader whose path has no literal segment
names nothing: its skills stay unknown, and the model gives their reads to no agent rather
than guess.
"""

from __future__ import annotations

import ast
import os

from templating.project.model.facts import ToolsetFacts
from templating.project.python.module import PythonModule
from templating.project.python.syntax_tree import called_name

__all__ = ["TOOLSET_CLASS", "find_toolsets", "toolset_variable"]

#: The class that holds skills as tools.
TOOLSET_CLASS = "SkillToolset"
_LOAD_ONE = ("load_skill_from_dir", "load_skill_from_dir_async")
_LOAD_MANY = ("load_skills_from_dir", "load_skills_from_dir_async")
#: The calls that build a path from their arguments (``Path(ROOT, "skills")``, ``os.path.join``).
_PATH_CALLS = frozenset(
    {
        "Path",
        "PurePath",
        "PosixPath",
        "PurePosixPath",
        "join",
        "joinpath",
        "resolve",
        "absolute",
        "expanduser",
        "dirname",
        "abspath",
        "realpath",
        "fspath",
        "str",
    }
)
# How deep module-level names are followed (``SKILLS = ROOT / "skills"``, ``ROOT = ...``).
_MAX_DEPTH = 8


def find_toolsets(module: PythonModule, bound: dict[int, str]) -> dict[str, ToolsetFacts]:
    """Every ``SkillToolset(...)`` of ``module`` by `toolset_variable`; ``bound`` maps a call's
    id to the module-level name it is assigned to."""
    toolsets = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Call) and called_name(node) == TOOLSET_CLASS:
            skills: set[str] = set()
            folders: set[str] = set()
            _collect(node, module.constants, skills, folders, 0)
            key = toolset_variable(node, bound)
            toolsets[key] = ToolsetFacts(module.source.path, frozenset(skills), frozenset(folders))
    return toolsets


def toolset_variable(call: ast.Call, bound: dict[int, str]) -> str:
    """The name a toolset is known by: the module-level variable it is assigned to, or
    ``<toolset line:column>`` for one built inline."""
    return bound.get(id(call)) or f"<toolset {call.lineno}:{call.col_offset + 1}>"


def _collect(node: ast.AST, constants: dict[str, ast.expr], skills: set[str], folders: set[str], depth: int) -> None:
    """Add the skill and parent folder names the loaders under ``node`` are given."""
    if depth > _MAX_DEPTH:
        return
    for child in ast.walk(node):
        if isinstance(child, ast.Call) and called_name(child) in _LOAD_ONE + _LOAD_MANY:
            segment = _last_segment(child.args[0] if child.args else None, constants, depth)
            if segment is not None:
                (skills if called_name(child) in _LOAD_ONE else folders).add(segment)
        elif isinstance(child, ast.Name) and child.id in constants:
            others = {name: value for name, value in constants.items() if name != child.id}  # no cycles
            _collect(constants[child.id], others, skills, folders, depth + 1)


def _last_segment(path: ast.expr | None, constants: dict[str, ast.expr], depth: int) -> str | None:
    """The last literal path segment of ``path``: the rightmost string in it (``ROOT /
    "skills" / "greeter"``, ``os.path.join(ROOT, "greeter")``, ``"skills/greeter"``), following
    a module-level name; ``None`` when it has none."""
    if path is None or depth > _MAX_DEPTH:
        return None
    if isinstance(path, ast.Name):
        value = constants.get(path.id)
        return _last_segment(value, {k: v for k, v in constants.items() if k != path.id}, depth + 1)
    pieces = _path_parts(path)
    strings = [node for node in pieces if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    names = [node for node in pieces if isinstance(node, ast.Name) and node.id in constants]
    if strings:
        last = max(strings, key=lambda node: (node.lineno, node.col_offset))
        text = str(last.value)  # a str: `strings` holds only string constants
        parts = [part for part in text.replace(os.sep, "/").split("/") if part not in ("", ".")]
        return parts[-1] if parts else None
    return next((s for s in (_last_segment(n, constants, depth + 1) for n in names) if s is not None), None)


def _path_parts(path: ast.expr) -> list[ast.expr]:
    """The nodes of ``path`` that are pieces of the path: not an environment variable's name
    (``os.environ["SKILLS"]``, ``os.getenv("SKILLS")``) nor any other argument of a call that
    is not a path's: what those give is known only at run time."""
    found: list[ast.expr] = []
    stack: list[ast.AST] = [path]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Subscript) or (isinstance(node, ast.Call) and called_name(node) not in _PATH_CALLS):
            continue
        if isinstance(node, (ast.Constant, ast.Name)):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found
