"""The front door of the project layer: paths (or one file's unsaved text) in, readings and
the project model out.

Everything that reads agent code goes through here: ``templating lint`` (per file, in worker
processes), ``templating graph``, ``render --explain`` and the language server. A file is
read by the surface the registry (`templating.project.surfaces`) picks for its name:

1. its bytes are searched for the surface's hint (most modules of a project hold no
   instruction, agent or state write and are never decoded or parsed);
2. the text is decoded (a Python coding line is honoured) with every line break as ``\\n``;
3. the surface reads it into a `Reading`: the instructions, the facts for the model, the
   other files it depended on, or the `Problem` that kept it from being read.

Reading never raises for a bad file: lint turns a problem into one ``TPL013`` finding.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from templating.project.budget import file_budget
from templating.project.encoding import decode_source
from templating.project.files import collect_files
from templating.project.model.assembly import ProjectModel, assemble, with_reads
from templating.project.model.facts import FileFacts
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.python.newer_syntax import newer_grammar
from templating.project.python.python_source import (
    ModuleCache,
    find_python_instructions,
    load_module,
)
from templating.project.python.suppression import call_line
from templating.project.skills import SKILL_FILES, SkillError, skill_body
from templating.project.surfaces import Problem, ProblemKind, surface_for
from templating.regular_file import read_regular

__all__ = [
    "SKILL_FILES", "ModuleCache", "Reading", "SkillError", "borrowed_instructions", "call_line", "read_file",
    "read_files", "read_project", "read_text", "skill_body",
]  # fmt: skip

# Python's parser and PyYAML's composer recurse once per nesting level, so a file nested deeply
# enough (a `+` chain of 20,000 strings, thousands of brackets) exhausts the stack or memory:
# that is the file's problem, reported as unparseable like any other.
EXHAUSTED = {RecursionError: "it nests too deeply", MemoryError: "it is too large"}
# Siblings are read to find the instructions of a constants module; a package folder with more
# Python files than this is not searched (each change would read them all).
_MAX_SIBLINGS = 50


@dataclass(frozen=True, slots=True)
class Reading:
    """What one file gives: ``file`` as findings show it (relative to the working folder),
    its instructions, its facts for the model (placeholders already read), the resolved
    paths of the other files its instructions came from (a prompt constant in a sibling
    module: editing one changes this reading), and the problem that kept it from being read."""

    file: str
    instructions: tuple[Instruction, ...] = ()
    facts: tuple[FileFacts, ...] = ()
    dependencies: tuple[str, ...] = ()
    problem: Problem | None = None


def read_project(
    paths: Sequence[Path], *, root: Path, include: Sequence[str] = (), exclude: Sequence[str] = (), dialect: str = "adk"
) -> ProjectModel:
    """The project model of every file under ``paths``, placeholders read in ``dialect``;
    files that cannot be read are left out. ``include`` and ``exclude`` are the config's
    globs, relative to its folder ``root``. Raises ``FileNotFoundError`` for a path that does
    not exist."""
    files = collect_files(paths, root, include, exclude)
    return assemble([fact for reading in read_files(files, dialect) for fact in reading.facts], dialect)


def read_files(files: Sequence[Path], dialect: str) -> list[Reading]:
    """Read ``files`` in order, sharing one cache of parsed modules (what a worker runs)."""
    modules = ModuleCache(Path.cwd())
    return [read_file(file, dialect, modules) for file in files]


def read_file(file: Path, dialect: str, modules: ModuleCache) -> Reading:
    """Read one file from disk; ``modules`` caches the Python modules parsed so far. The
    file's static evaluation spends its own budget (see `templating.project.budget`): one
    hostile file never costs its neighbours' time."""
    with file_budget():
        return _read_file(file, dialect, modules)


def _read_file(file: Path, dialect: str, modules: ModuleCache) -> Reading:
    display = modules.display(file)
    modules.looked_up.clear()
    surface = surface_for(file.name)
    try:
        data = read_regular(file)  # a FIFO swapped in after listing never blocks the run
        if data.isascii() and not surface.may_hold(file.name, data):
            return Reading(display)  # ASCII is valid in every encoding Python accepts: nothing to decode
        text = decode_source(data, coding_line=surface.coding_line)
    except UnicodeDecodeError as error:
        return _problem(display, "unreadable", f"not {_encoding_name(error.encoding)} text (byte {error.start})")
    except SyntaxError as error:  # a Python coding line naming an unknown encoding
        return _problem(display, "unreadable", f"invalid Python: {error.msg}")
    except OSError as error:
        if file.is_symlink() and not file.exists():
            return _problem(display, "unreadable", "a symbolic link to a missing file")
        return _problem(display, "unreadable", f"cannot read the file ({error.strerror})")
    reading = read_text(text, file, display, modules, dialect=dialect)
    dependencies = modules.looked_up - {modules.key(file)} if modules.looked_up else ()
    return Reading(reading.file, reading.instructions, reading.facts, tuple(sorted(dependencies)), reading.problem)


def read_text(
    text: str, file: Path, display: str, modules: ModuleCache | None = None, *, dialect: str | None = None
) -> Reading:
    """Read ``text`` (decoded, line breaks as ``\\n``) as the file at ``file``, shown as
    ``display``: a file on disk or an editor's unsaved buffer. With ``dialect`` the facts'
    placeholders are read in it (else when the model is assembled)."""
    modules = ModuleCache(Path.cwd()) if modules is None else modules
    try:
        found = surface_for(Path(display).name).read(SourceFile(display, text), file, modules)
    except SyntaxError as error:
        newer = newer_grammar(error, text)
        if newer is not None:
            return _newer_python(display, newer, error)
        return _problem(display, "invalid", f"invalid Python: {error.msg}", error.lineno, error.offset)
    except (RecursionError, MemoryError) as error:
        return _problem(display, "invalid", f"cannot parse the file: {EXHAUSTED[type(error)]}")
    if isinstance(found, Problem):
        return Reading(display, problem=found)
    facts = tuple(with_reads(facts, dialect) for facts in found.facts) if dialect is not None else found.facts
    return Reading(display, found.instructions, facts)


def _problem(display: str, kind: ProblemKind, message: str, line: int | None = 1, column: int | None = 1) -> Reading:
    return Reading(display, problem=Problem(kind, message, line or 1, column or 1))


def _newer_python(display: str, version: str, error: SyntaxError) -> Reading:
    """The file uses a grammar newer than the running interpreter's."""
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    message = f"needs Python {version} to parse: Python {running} reads `{error.msg}` here"
    problem = Problem("needs-newer-python", message, error.lineno or 1, error.offset or 1, version)
    return Reading(display, problem=problem)


def _encoding_name(encoding: str) -> str:
    return "UTF-8" if encoding in ("utf-8", "utf-8-sig") else encoding


def borrowed_instructions(path: Path, text: str, display: str, cache: ModuleCache) -> list[Instruction]:
    """The instructions in the Python module ``path`` (its text ``text``, an editor's buffer
    perhaps) that sibling modules pass to agents (``prompt.ROOT``): a constants module alone
    has none. Siblings that do not name the module are not read."""
    if surface_for(path.name).import_hint is None or path.stem == "__init__":
        return []  # only Python modules import instructions from each other
    loaded = cache.modules.get(cache.key(path))
    if loaded is None or loaded.source.text != text:
        try:
            load_module(path, text, display, cache)  # the buffer stands in for the file on disk
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return []
    found: list[Instruction] = []
    for sibling in _siblings_naming(path):
        key = cache.key(sibling)
        module = cache.modules.get(key)
        try:
            if module is None:
                # An editor's unsaved text stands in for the file; else it is read from disk,
                # a regular file only, never a FIFO or a device.
                source = cache.buffers.get(key)
                if source is None:
                    source = _normalize(read_regular(sibling).decode("utf-8"))
                module = load_module(sibling, source, cache.display(sibling), cache)
            instructions = find_python_instructions(module, cache)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        found.extend(instruction for instruction in instructions if instruction.source.path == display)
    return found


def _siblings_naming(path: Path) -> list[Path]:
    try:
        siblings = sorted(path.parent.glob("*.py"))
    except OSError:
        return []
    if len(siblings) > _MAX_SIBLINGS:
        return []
    return [sibling for sibling in siblings if sibling != path and _names(sibling, path.stem)]


def _names(sibling: Path, stem: str) -> bool:
    try:
        text = read_regular(sibling).decode("utf-8", errors="replace")
    except OSError:
        return False
    return stem in text and "instruction" in text


def _normalize(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")
