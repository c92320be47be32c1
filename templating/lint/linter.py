"""Lint instructions, files and folders: discovery, then the checks, then suppressions.

:func:`lint_paths` is the entry point the command line uses; :func:`lint_file` lints one file
into a picklable :class:`~templating.lint.file_result.FileResult` (what worker processes
return); :func:`lint_text` lints one file's text (a Python module, a YAML agent config or a
prompt file, chosen by suffix).

A Python file's bytes are searched for :data:`~templating.project.python_source.INSTRUCTION_HINT`
before anything else: most modules of a project hold no instruction and are never decoded or
parsed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from templating.errors import TemplateSyntaxError
from templating.lint.cache import LintCache
from templating.lint.checks import CHECKS, Context
from templating.project.encoding import decode_source
from templating.project.files import PYTHON_SUFFIXES, YAML_SUFFIXES, collect_files, compile_globs
from templating.lint.file_result import FileResult
from templating.lint.finding import Finding, Fix
from templating.lint.hazard import Hazard, shorten
from templating.project.instruction import Instruction, SourceFile, plain_instruction
from templating.project.python_source import INSTRUCTION_HINT, ModuleCache, find_python_instructions, load_module
from templating.lint.registry import find_rule, rules_for_dialect, select_rules
from templating.lint.settings import Settings
from templating.lint.workers import default_jobs, map_chunks
from templating.nodes import Template
from templating.parser import parse

if TYPE_CHECKING:
    import pathspec

__all__ = ["LintResult", "lint_file", "lint_files", "lint_instruction", "lint_paths", "lint_text"]

_PYTHON_HINT = re.compile(INSTRUCTION_HINT)
_PYTHON_HINT_BYTES = re.compile(INSTRUCTION_HINT.encode())
_YAML_HINT = "instruction"
# The help line of a TPL012 finding, by the syntax error's code.
_SYNTAX_HELP = {"artifact-name": "write a relative file name without whitespace, braces or `..` segments"}
_GRAMMAR_HELP = "see docs/grammar-strict.md"
# Python's parser and PyYAML's composer recurse once per nesting level, so a file nested deeply
# enough (a `+` chain of 20,000 strings, thousands of brackets) exhausts the stack or memory:
# that is the file's problem, reported as unparseable like any other.
_EXHAUSTED = {RecursionError: "it nests too deeply", MemoryError: "it is too large"}


@dataclass(frozen=True, slots=True)
class LintResult:
    """The findings of one run, sorted, how many files were read, and the paths given that
    held nothing to lint."""

    findings: tuple[Finding, ...]
    files: int
    empty: tuple[Path, ...] = ()


def lint_paths(
    paths: Sequence[Path], settings: Settings, *, jobs: int | None = None, cache: bool = False
) -> LintResult:
    """Lint every file under ``paths`` (``FileNotFoundError`` for a path that does not exist),
    in up to ``jobs`` worker processes (default: one per CPU, when there are enough files),
    reusing the results ``.templating_cache/`` holds for unchanged files when ``cache`` is set."""
    files, empty = _collect(paths, settings)
    results = _file_results(files, settings, jobs or default_jobs(), LintCache(settings) if cache else None)
    # Project-wide rules run here, over every file's result (cached or not), never cached.
    findings: dict[tuple, Finding] = {}
    for result in results:
        for finding in result.findings:
            findings.setdefault((finding.sort_key, finding.message), finding)
    return LintResult(tuple(sorted(findings.values(), key=lambda f: f.sort_key)), len(files), empty)


def _file_results(files: list[Path], settings: Settings, jobs: int, cache: LintCache | None) -> list[FileResult]:
    """Each file's result: from the cache when it is still valid, else linted afresh."""
    cached = {file: cache.lookup(file) for file in files} if cache is not None else {}
    missing = [file for file in files if cached.get(file) is None]
    fresh = dict(zip(missing, map_chunks(lint_files, missing, settings, jobs)))
    if cache is not None:
        for file, result in fresh.items():
            cache.store(file, result)
        cache.save()
    return [cached.get(file) or fresh[file] for file in files]


def lint_files(files: list[Path], settings: Settings) -> list[FileResult]:
    """Lint ``files`` in order, sharing one cache of parsed modules: what a worker runs."""
    modules = ModuleCache(Path.cwd())
    return [lint_file(file, settings, modules) for file in files]


def _collect(paths: Sequence[Path], settings: Settings) -> tuple[list[Path], tuple[Path, ...]]:
    """The files under ``paths``, and the paths under which there are none. A file named but
    dropped by ``force_exclude`` is not one of those: pre-commit names excluded files too."""
    found: dict[Path, None] = {}
    empty = []
    for path in paths:
        files = collect_files([path], settings.root, settings.include, settings.exclude, force_exclude=settings.force_exclude)
        if not files and not (settings.force_exclude and path.is_file()):
            empty.append(path)
        found.update(dict.fromkeys(files))
    return list(found), tuple(empty)


def lint_file(file: Path, settings: Settings, modules: ModuleCache) -> FileResult:
    """Lint one file on its own; ``modules`` caches the modules parsed so far."""
    display = modules.display(file)
    modules.looked_up.clear()
    findings = _lint_file(file, display, settings, modules)
    dependencies = modules.looked_up - {modules.key(file)} if modules.looked_up else ()
    return FileResult(display, tuple(findings), None, tuple(sorted(dependencies)))


def _lint_file(file: Path, display: str, settings: Settings, modules: ModuleCache) -> list[Finding]:
    try:
        with open(file, "rb") as stream:
            data = stream.read()
        if data.isascii() and not _may_hold_instructions(display, data):
            return []  # ASCII is valid in every encoding Python accepts: nothing to decode
        text = decode_source(file, data)
    except UnicodeDecodeError as error:
        return _unreadable(display, f"not {_encoding_name(error.encoding)} text (byte {error.start})", settings)
    except SyntaxError as error:  # a Python coding line naming an unknown encoding
        return _unreadable(display, f"invalid Python: {error.msg}", settings)
    except OSError as error:
        if file.is_symlink() and not file.exists():
            return _unreadable(display, "a symbolic link to a missing file", settings)
        return _unreadable(display, f"cannot read the file ({error.strerror})", settings)
    return lint_text(text, display, settings, path=file, cache=modules)


def _may_hold_instructions(display: str, data: bytes) -> bool:
    """The byte-level pre-filter: whether a file could hold an instruction at all."""
    suffix = display[display.rfind(".") :].lower() if "." in display.rpartition("/")[2] else ""
    if suffix in PYTHON_SUFFIXES:
        return _PYTHON_HINT_BYTES.search(data) is not None
    if suffix in YAML_SUFFIXES:
        return _YAML_HINT.encode() in data
    return True


def _encoding_name(encoding: str) -> str:
    return "UTF-8" if encoding in ("utf-8", "utf-8-sig") else encoding


def lint_text(
    text: str, display: str, settings: Settings, *, path: Path | None = None, cache: ModuleCache | None = None
) -> list[Finding]:
    """Lint one file's ``text``; the suffix of ``display`` picks Python, YAML or prompt text."""
    suffix = Path(display).suffix.lower()
    try:
        if suffix in PYTHON_SUFFIXES:
            if _PYTHON_HINT.search(text) is None:
                return []
            cache = ModuleCache(Path.cwd()) if cache is None else cache
            module = load_module(path or Path(display), text, display, cache)
            instructions = find_python_instructions(module, cache)
        elif suffix in YAML_SUFFIXES:
            return _lint_yaml(SourceFile(display, text), settings) if _YAML_HINT in text else []
        else:
            instructions = [plain_instruction(SourceFile(display, text))]
    except SyntaxError as error:
        return _unreadable(display, f"invalid Python: {error.msg}", settings, error.lineno, error.offset)
    except (RecursionError, MemoryError) as error:
        return _unreadable(display, f"cannot parse the file: {_EXHAUSTED[type(error)]}", settings)
    return _lint_all(instructions, settings)


def _lint_yaml(source: SourceFile, settings: Settings) -> list[Finding]:
    # Imported here so that a tree without YAML instructions never loads PyYAML.
    import yaml

    from templating.project.yaml_source import find_yaml_instructions

    try:
        instructions = find_yaml_instructions(source)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = f"invalid YAML: {getattr(error, 'problem', None) or error}"
        return _unreadable(source.path, message, settings, line, column)
    return _lint_all(instructions, settings)


def _lint_all(instructions: Iterable[Instruction], settings: Settings) -> list[Finding]:
    return [finding for instruction in instructions for finding in lint_instruction(instruction, settings)]


def lint_instruction(instruction: Instruction, settings: Settings) -> list[Finding]:
    """The findings for one instruction, after rule selection, per-file ignores and ``# noqa``."""
    enabled = settings.enabled & rules_for_dialect(settings.dialect)
    enabled = enabled - _ignored_for(instruction.source.path, settings) - _suppressed(instruction)
    if not enabled:
        return []
    hazards = list(_hazards(instruction, settings))
    return [_to_finding(instruction, hazard) for hazard in hazards if hazard.code in enabled]


def _hazards(instruction: Instruction, settings: Settings) -> Iterable[Hazard]:
    template, errors = _parse_checked(instruction.text, settings.dialect)
    yield from errors
    context = Context(instruction, settings.known_keys, settings.state)
    for check in CHECKS:
        yield from check(template, context)


def _parse_checked(text: str, dialect: str) -> tuple[Template, list[Hazard]]:
    """Parse ``text`` in ``dialect``; each syntax error becomes a TPL012 hazard.

    The brace opening the offending group is masked with a space (same length, so offsets
    hold) and the text parsed again: the rest of the template is still checked, and every
    syntax error is reported, not only the first. Each round removes one brace.
    """
    errors: list[Hazard] = []
    while True:
        try:
            return parse(text, dialect=dialect), errors
        except TemplateSyntaxError as error:
            start = error.span.start if error.span else 0
            end = error.span.end if error.span else start
            errors.append(Hazard("TPL012", start, end, error.message, _SYNTAX_HELP.get(error.code, _GRAMMAR_HELP)))
            opening = text.rfind("{", 0, start + 1)
            if opening < 0:
                raise  # a syntax error always sits inside a brace group
            text = text[:opening] + " " + text[opening + 1 :]


def _to_finding(instruction: Instruction, hazard: Hazard) -> Finding:
    rule = find_rule(hazard.code)
    assert rule is not None, hazard.code
    line, column = instruction.position(hazard.start)
    end_line, end_column = instruction.end_position(hazard.end)
    fix = None
    if hazard.replacement is not None and instruction.is_verbatim(hazard.start, hazard.end):
        start, end = instruction.source_offset(hazard.start), instruction.source_offset(hazard.end - 1) + 1
        fix = Fix(f"Replace with `{shorten(hazard.replacement)}`", hazard.replacement, start, end)
    return Finding(
        instruction.source.path, rule.code, rule.name, rule.severity, hazard.message, hazard.help,
        line, column, end_line, end_column, instruction.source.line_text(line), fix,
    )  # fmt: skip


def _suppressed(instruction: Instruction) -> frozenset[str]:
    if not instruction.suppressed:
        return frozenset()
    return select_rules(instruction.suppressed, ())


def _ignored_for(path: str, settings: Settings) -> frozenset[str]:
    ignored: set[str] = set()
    for pattern, codes in settings.per_file_ignores:
        spec = _glob(pattern)
        if spec is not None and spec.match_file(path):
            ignored |= codes
    return frozenset(ignored)


@functools.lru_cache(maxsize=256)
def _glob(pattern: str) -> pathspec.PathSpec | None:
    return compile_globs([pattern])


def _unreadable(
    display: str, message: str, settings: Settings, line: int | None = 1, column: int | None = 1
) -> list[Finding]:
    rule = find_rule("TPL013")
    assert rule is not None
    if not settings.is_enabled(rule.code):
        return []
    line, column = line or 1, column or 1
    return [Finding(display, rule.code, rule.name, rule.severity, message, "fix the file so it can be read",
                    line, column, line, column)]  # fmt: skip

