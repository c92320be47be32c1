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

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.budget import file_budget
from templating.project.encoding import decode_source
from templating.project.files import collect_files
from templating.project.frontend import Problem, ProblemKind
from templating.project.model.assembly import ProjectModel, assemble, with_reads
from templating.project.model.facts import FileFacts
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.roots import rest_of_projects
from templating.project.skills import SKILL_FILES, SkillError, skill_body
from templating.project.sources import SourceCache
from templating.project.surfaces import surface_for
from templating.regular_file import read_regular

if TYPE_CHECKING:
    from templating.project.python.evaluate import Evaluated

__all__ = [
    "SKILL_FILES", "Reading", "SkillError", "SourceCache", "lent_instructions", "module_file", "read_constant",
    "read_file", "read_files", "read_project", "read_text", "skill_body",
]  # fmt: skip

# Python's parser and PyYAML's composer recurse once per nesting level, so a file nested deeply
# enough (a `+` chain of 20,000 strings, thousands of brackets) exhausts the stack or memory:
# that is the file's problem, reported as unparseable like any other.
EXHAUSTED = {RecursionError: "it nests too deeply", MemoryError: "it is too large"}
# A file-level directive (`templating.project.noqa.file_noqa`) names this word in every
# encoding that keeps ASCII: bytes without it hold none.
_DIRECTIVE_WORD = b"templating"


@dataclass(frozen=True, slots=True)
class Reading:
    """What one file gives: ``file`` as findings show it (relative to the working folder),
    its instructions, its facts for the model (placeholders already read), the resolved
    paths of the other files its instructions came from (a prompt constant in a sibling
    module: editing one changes this reading), the problem that kept it from being read, and
    whether it may hold a file-level ``templating: noqa`` directive (``False`` when its bytes
    were read and never name ``templating``: nothing to read again for it)."""

    file: str
    instructions: tuple[Instruction, ...] = ()
    facts: tuple[FileFacts, ...] = ()
    dependencies: tuple[str, ...] = ()
    problem: Problem | None = None
    may_exempt: bool = True


def read_project(
    paths: Sequence[Path], *, root: Path, include: Sequence[str] = (), exclude: Sequence[str] = (), dialect: str = "adk",
    base: Path | None = None, whole: bool = False,
) -> ProjectModel:  # fmt: skip
    """The project model of every file under ``paths``, placeholders read in ``dialect``;
    files that cannot be read are left out. ``root`` is the project's root, ``include`` and
    ``exclude`` the config's globs, relative to its folder ``base`` (default: ``root``).
    ``whole`` reads the rest of the projects of ``paths`` too, as lint does for a file named
    alone (`templating.project.roots.rest_of_projects`). Raises ``FileNotFoundError`` for a
    path that does not exist."""
    files = collect_files(paths, root, include, exclude, base=base)
    if whole:
        files += rest_of_projects(paths, files, root=root, include=include, exclude=exclude, base=base)
    readings = read_files(files, dialect, project=root)
    return assemble([fact for reading in readings for fact in reading.facts], dialect)


def read_files(files: Sequence[Path], dialect: str, *, project: Path | None = None) -> list[Reading]:
    """Read ``files`` in order, sharing one cache of parsed files (what a worker runs); no
    file out of ``project`` (default: the working folder) is read for an instruction."""
    cache = SourceCache(Path.cwd(), project=project)
    return [read_file(file, dialect, cache) for file in files]


def read_file(file: Path, dialect: str, cache: SourceCache) -> Reading:
    """Read one file from disk; ``cache`` holds the files the run parsed so far. The
    file's static evaluation spends its own budget (see `templating.project.budget`), opened
    by `read_text`."""
    return _read_file(file, dialect, cache)


def _read_file(file: Path, dialect: str, cache: SourceCache) -> Reading:
    display = cache.display(file)
    cache.looked_up.clear()
    surface = surface_for(file.name)
    try:
        data = read_regular(file)  # a FIFO swapped in after listing never blocks the run
        may_exempt = _DIRECTIVE_WORD in data
        if data.isascii() and not surface.may_hold(file.name, data):
            # ASCII is valid in every encoding Python accepts: nothing to decode
            passed = (FileFacts(cache.key(file), display),) if surface.passed_over_writes_nothing else ()
            return Reading(display, facts=passed, may_exempt=may_exempt)
        text = decode_source(data, coding_line=surface.coding_line)
        del data  # a large file's bytes would be held beside its text and syntax tree
    except UnicodeDecodeError as error:
        return _problem(display, "unreadable", f"not {_encoding_name(error.encoding)} text (byte {error.start})")
    except SyntaxError as error:  # a Python coding line naming an unknown encoding
        return _problem(display, "unreadable", f"invalid Python: {error.msg}")
    except OSError as error:
        if file.is_symlink() and not file.exists():
            return _problem(display, "unreadable", "a symbolic link to a missing file")
        return _problem(display, "unreadable", f"cannot read the file ({error.strerror})")
    reading = read_text(text, file, display, cache, dialect=dialect)
    dependencies = cache.looked_up - {cache.key(file)} if cache.looked_up else ()
    return Reading(
        reading.file, reading.instructions, reading.facts, tuple(sorted(dependencies)), reading.problem, may_exempt
    )


def read_text(
    text: str, file: Path, display: str, cache: SourceCache | None = None, *, dialect: str | None = None
) -> Reading:
    """Read ``text`` (decoded, line breaks as ``\\n``) as the file at ``file``, shown as
    ``display``: a file on disk or an editor's unsaved buffer. With ``dialect`` the facts'
    placeholders are read in it (else when the model is assembled), unless the file's own
    imports name its dialect (`Found.dialect`): then its instructions are read in that one too. The surface reports what keeps its language from being read;
    only running out of stack or memory is caught here, for any language. The file's static
    evaluation spends a budget of its own (see `templating.project.budget`): one hostile file
    never costs its neighbours' time, through any door."""
    cache = SourceCache(Path.cwd()) if cache is None else cache
    try:
        with file_budget():  # one hostile file never costs its neighbours' time
            found = surface_for(Path(display).name).read(SourceFile(display, text), file, cache)
    except (RecursionError, MemoryError) as error:
        return _problem(display, "invalid", f"cannot parse the file: {EXHAUSTED[type(error)]}")
    if isinstance(found, Problem):
        return Reading(display, problem=found)
    dialect = found.dialect or dialect
    facts = tuple(with_reads(facts, dialect) for facts in found.facts) if dialect is not None else found.facts
    return Reading(display, _in_dialect(found.instructions, found.dialect), facts)


def _in_dialect(instructions: tuple[Instruction, ...], dialect: str | None) -> tuple[Instruction, ...]:
    """``instructions``, each read in ``dialect`` (the one its front end found for the file)
    unless the code that uses it names its own; lint reads each in the dialect it carries."""
    if dialect is None or all(instruction.dialect is not None for instruction in instructions):
        return instructions
    return tuple(i if i.dialect is not None else dataclasses.replace(i, dialect=dialect) for i in instructions)


def _problem(display: str, kind: ProblemKind, message: str, line: int | None = 1, column: int | None = 1) -> Reading:
    return Reading(display, problem=Problem(kind, message, line or 1, column or 1))


def _encoding_name(encoding: str) -> str:
    return "UTF-8" if encoding in ("utf-8", "utf-8-sig") else encoding


def lent_instructions(path: Path, text: str, cache: SourceCache) -> list[Instruction]:
    """The instructions the file at ``path`` (its text ``text``, an editor's buffer perhaps)
    lends to the files that import it, as its surface finds them: a constants module of
    prompts has none of its own. A file of a language without imports lends none."""
    lend = surface_for(path.name).lend
    if lend is None:
        return []
    with file_budget():
        return lend(path, text, cache)


def read_constant(path: Path, text: str, name: str) -> tuple[list[Evaluated] | None, list[str]]:
    """The texts the module-level constant ``name`` of the Python module at ``path`` (now
    ``text``) can hold, read as the linter reads an instruction (constants followed across
    modules, string methods applied), with every constant's name; ``None`` when the module has
    no ``name``. Raises ``SyntaxError`` or ``ValueError`` for a module that cannot be parsed."""
    from templating.project.python.definitions import Namespace
    from templating.project.python.evaluate import evaluate
    from templating.project.python.module import load_module

    cache = SourceCache(Path.cwd())
    module = load_module(path, text, cache.display(path), cache)
    value = module.constants.get(name)
    names = sorted(module.constants)
    return (evaluate(value, Namespace(module, cache)) if value is not None else None), names


def module_file(module: str, folder: Path) -> Path | None:
    """The file of the Python module named ``package.module`` under ``folder`` (a module or a
    package's ``__init__``), as an import from ``folder`` finds it; ``None`` if there is none."""
    from templating.project.python.modules import module_file as find

    return find(folder, module.split("."))
