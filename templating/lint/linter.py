"""Lint instructions, files and folders: discovery, then the checks, then suppressions.

:func:`lint_paths` is the entry point the command line uses; :func:`lint_text` lints one
file's text (a Python module, a YAML agent config or a prompt file, chosen by suffix).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from templating.errors import TemplateSyntaxError
from templating.lint.checks import CHECKS, Context
from templating.project.encoding import read_source
from templating.project.files import PYTHON_SUFFIXES, YAML_SUFFIXES, collect_files, compile_globs
from templating.lint.finding import Finding, Fix
from templating.lint.hazard import Hazard, shorten
from templating.project.instruction import Instruction, SourceFile, plain_instruction
from templating.project.agents import python_facts
from templating.project.facts import FileFacts
from templating.project.model import ProjectModel, assemble
from templating.project.python_source import ModuleCache, find_python_instructions, load_module
from templating.lint.registry import find_rule, rules_for_dialect, select_rules
from templating.lint.settings import Settings
from templating.nodes import Template
from templating.parser import parse

if TYPE_CHECKING:
    import pathspec

__all__ = ["LintResult", "Scan", "finding_for", "lint_instruction", "lint_paths", "lint_text", "read_project", "scan_text", "silenced"]

_HINTS = ("instruction", "inject_session_state")
# What a module the project model needs says somewhere (agents, tools, callbacks, sessions).
_FACT_HINTS = ("instruction", "Agent", "state", "sub_agents")
_YAML_HINTS = ("instruction", "agent_class", "sub_agents")
# The help line of a TPL012 finding, by the syntax error's code.
_SYNTAX_HELP = {"artifact-name": "write a relative file name without whitespace, braces or `..` segments"}
_GRAMMAR_HELP = "see docs/grammar-strict.md"
# Python's parser and PyYAML's composer recurse once per nesting level, so a file nested deeply
# enough (a `+` chain of 20,000 strings, thousands of brackets) exhausts the stack or memory:
# that is the file's problem, reported as unparseable like any other.
_EXHAUSTED = {RecursionError: "it nests too deeply", MemoryError: "it is too large"}


@dataclass(frozen=True, slots=True)
class LintResult:
    """The findings of one run, sorted, and how many files were read."""

    findings: tuple[Finding, ...]
    files: int


def lint_paths(paths: Sequence[Path], settings: Settings) -> LintResult:
    """Lint every file under ``paths`` (``FileNotFoundError`` for a path that does not exist).

    Each file is linted alone and yields its facts; the project model is then assembled
    from all facts and the project rules (TPL014-TPL016) run once on it.
    """
    files = collect_files(paths, settings.root, settings.include, settings.exclude)
    cache = ModuleCache(Path.cwd())
    findings: dict[tuple, Finding] = {}
    facts: list[FileFacts] = []
    for file in files:
        scan = _lint_file(file, settings, cache)
        facts.extend(scan.facts)
        for finding in scan.findings:
            findings.setdefault((finding.sort_key, finding.message), finding)
    from templating.lint.project_lint import lint_project  # it builds on this module's helpers

    for finding in lint_project(facts, settings):
        findings.setdefault((finding.sort_key, finding.message), finding)
    return LintResult(tuple(sorted(findings.values(), key=lambda f: f.sort_key)), len(files))


def read_project(paths: Sequence[Path], settings: Settings) -> ProjectModel:
    """The project model of every file under ``paths`` (for ``templating graph`` and
    ``render --explain``); files that cannot be read are left out."""
    files = collect_files(paths, settings.root, settings.include, settings.exclude)
    cache = ModuleCache(Path.cwd())
    return assemble([facts for file in files for facts in _lint_file(file, settings, cache).facts], settings.dialect)


def _lint_file(file: Path, settings: Settings, cache: ModuleCache) -> Scan:
    display = cache.display(file)
    try:
        text = read_source(file)
    except UnicodeDecodeError as error:
        return Scan(_unreadable(display, f"not {_encoding_name(error.encoding)} text (byte {error.start})", settings))
    except SyntaxError as error:  # a Python coding line naming an unknown encoding
        return Scan(_unreadable(display, f"invalid Python: {error.msg}", settings))
    except OSError as error:
        return Scan(_unreadable(display, f"cannot read the file ({error.strerror})", settings))
    return scan_text(text, display, settings, path=file, cache=cache)


def _encoding_name(encoding: str) -> str:
    return "UTF-8" if encoding in ("utf-8", "utf-8-sig") else encoding


@dataclass(frozen=True, slots=True)
class Scan:
    """What one file gives a lint run: its findings and the project model's facts about it."""

    findings: list[Finding]
    facts: tuple[FileFacts, ...] = ()


def lint_text(
    text: str, display: str, settings: Settings, *, path: Path | None = None, cache: ModuleCache | None = None
) -> list[Finding]:
    """Lint one file's ``text``; the suffix of ``display`` picks Python, YAML or prompt text.

    Only the per-file rules run: the project rules need every file (see :func:`lint_paths`).
    """
    return scan_text(text, display, settings, path=path, cache=cache).findings


def scan_text(
    text: str, display: str, settings: Settings, *, path: Path | None = None, cache: ModuleCache | None = None
) -> Scan:
    """Lint one file's ``text`` and collect its facts for the project model."""
    suffix = Path(display).suffix.lower()
    cache = ModuleCache(Path.cwd()) if cache is None else cache
    try:
        if suffix in PYTHON_SUFFIXES:
            return _scan_python(text, display, settings, path or Path(display), cache)
        if suffix in YAML_SUFFIXES:
            return _scan_yaml(SourceFile(display, text), settings, path or Path(display), cache)
        return Scan(_lint_all([plain_instruction(SourceFile(display, text))], settings))
    except SyntaxError as error:
        return Scan(_unreadable(display, f"invalid Python: {error.msg}", settings, error.lineno, error.offset))
    except (RecursionError, MemoryError) as error:
        return Scan(_unreadable(display, f"cannot parse the file: {_EXHAUSTED[type(error)]}", settings))


def _scan_python(text: str, display: str, settings: Settings, path: Path, cache: ModuleCache) -> Scan:
    wants_facts = path.name == "__init__.py" or any(hint in text for hint in _FACT_HINTS)
    if not wants_facts and not any(hint in text for hint in _HINTS):
        return Scan([])
    module = load_module(path, text, display, cache)
    findings = _lint_all(find_python_instructions(module, cache), settings)
    return Scan(findings, (python_facts(module, cache),) if wants_facts else ())


def _scan_yaml(source: SourceFile, settings: Settings, path: Path, cache: ModuleCache) -> Scan:
    if not any(hint in source.text for hint in _YAML_HINTS):
        return Scan([])
    # Imported here so that a tree without YAML instructions never loads PyYAML.
    import yaml

    from templating.project.yaml_agents import yaml_facts
    from templating.project.yaml_source import find_yaml_instructions

    try:
        instructions = find_yaml_instructions(source)
        facts = yaml_facts(source, path, cache.key(path))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = f"invalid YAML: {getattr(error, 'problem', None) or error}"
        return Scan(_unreadable(source.path, message, settings, line, column))
    return Scan(_lint_all(instructions, settings), (facts,))


def silenced(path: str, suppressed: frozenset[str], settings: Settings) -> frozenset[str]:
    """The codes per-file ignores turn off at ``path`` and ``# noqa`` codes ``suppressed`` name."""
    return _ignored_for(path, settings) | select_rules(suppressed, ()) if suppressed else _ignored_for(path, settings)


def _lint_all(instructions: Iterable[Instruction], settings: Settings) -> list[Finding]:
    return [finding for instruction in instructions for finding in lint_instruction(instruction, settings)]


def lint_instruction(instruction: Instruction, settings: Settings) -> list[Finding]:
    """The findings for one instruction, after rule selection, per-file ignores and ``# noqa``."""
    enabled = settings.enabled & rules_for_dialect(settings.dialect)
    enabled = enabled - _ignored_for(instruction.source.path, settings) - _suppressed(instruction)
    if not enabled:
        return []
    hazards = list(_hazards(instruction, settings))
    return [finding_for(instruction, hazard) for hazard in hazards if hazard.code in enabled]


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


def finding_for(instruction: Instruction, hazard: Hazard) -> Finding:
    """The finding ``hazard`` makes at its position in ``instruction``'s source file."""
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

