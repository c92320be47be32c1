"""Lint instructions, files and folders: discovery, then the checks, then suppressions.

:func:`lint_paths` is the entry point the command line uses; :func:`lint_text` lints one
file's text (a Python module, a YAML agent config or a prompt file, chosen by suffix).
"""

from __future__ import annotations

import functools
import re
import sys
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
from templating.lint.newer_syntax import newer_grammar
from templating.lint.rule import Severity
from templating.project.instruction import Instruction, SourceFile, plain_instruction
from templating.project.python_source import ModuleCache, find_python_instructions, load_module
from templating.lint.registry import find_rule, rules_for_dialect, select_rules
from templating.lint.settings import Settings
from templating.nodes import Template
from templating.parser import parse

if TYPE_CHECKING:
    import pathspec

__all__ = ["LintResult", "lint_instruction", "lint_paths", "lint_text"]

_HINTS = ("instruction", "inject_session_state", "compile_template")
# Where two rules report the same span, the first in this order is kept: the rule that
# names the cause (a syntax error, an escape that is not one, an eaten brace) before the
# rules that describe a symptom.
_SPECIFICITY = (
    "TPL012", "TPL009", "TPL001", "TPL003", "TPL006", "TPL005", "TPL007", "TPL004",
    "TPL011", "TPL002", "TPL008", "TPL010", "TPL013",
)  # fmt: skip
_OLD_SKIP_MARK = re.compile(r"[$\\](?=\{)")
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
    """Lint every file under ``paths`` (``FileNotFoundError`` for a path that does not exist)."""
    files = collect_files(paths, settings.root, settings.include, settings.exclude)
    cache = ModuleCache(Path.cwd())
    findings: dict[tuple, Finding] = {}
    for file in files:
        for finding in _lint_file(file, settings, cache):
            findings.setdefault((finding.sort_key, finding.message), finding)
    return LintResult(tuple(sorted(findings.values(), key=lambda f: f.sort_key)), len(files))


def _lint_file(file: Path, settings: Settings, cache: ModuleCache) -> list[Finding]:
    display = cache.display(file)
    try:
        text = read_source(file)
    except UnicodeDecodeError as error:
        return _unreadable(display, f"not {_encoding_name(error.encoding)} text (byte {error.start})", settings)
    except SyntaxError as error:  # a Python coding line naming an unknown encoding
        return _unreadable(display, f"invalid Python: {error.msg}", settings)
    except OSError as error:
        return _unreadable(display, f"cannot read the file ({error.strerror})", settings)
    return lint_text(text, display, settings, path=file, cache=cache)


def _encoding_name(encoding: str) -> str:
    return "UTF-8" if encoding in ("utf-8", "utf-8-sig") else encoding


def lint_text(
    text: str, display: str, settings: Settings, *, path: Path | None = None, cache: ModuleCache | None = None
) -> list[Finding]:
    """Lint one file's ``text``; the suffix of ``display`` picks Python, YAML or prompt text."""
    suffix = Path(display).suffix.lower()
    try:
        if suffix in PYTHON_SUFFIXES:
            if not any(hint in text for hint in _HINTS):
                return []
            cache = ModuleCache(Path.cwd()) if cache is None else cache
            module = load_module(path or Path(display), text, display, cache)
            instructions = find_python_instructions(module, cache)
        elif suffix in YAML_SUFFIXES:
            return _lint_yaml(SourceFile(display, text), settings) if "instruction" in text else []
        else:
            instructions = [plain_instruction(SourceFile(display, text))]
    except SyntaxError as error:
        newer = newer_grammar(error, text)
        if newer is not None:
            return _needs_newer_python(display, newer, error, settings)
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
    """The findings for one instruction, after rule selection, per-file ignores and ``# noqa``.

    The instruction is read in the dialect its code names, else the configured one. One span
    gets one finding: where several rules fire on the same text, the most specific wins.
    """
    dialect = instruction.dialect or settings.dialect
    enabled = settings.enabled & rules_for_dialect(dialect)
    enabled = enabled - _ignored_for(instruction.source.path, settings) - _suppressed(instruction)
    if not enabled:
        return []
    hazards = [hazard for hazard in _hazards(instruction, dialect, settings) if hazard.code in enabled]
    return [_to_finding(instruction, hazard) for hazard in _most_specific(hazards)]


def _most_specific(hazards: list[Hazard]) -> list[Hazard]:
    best: dict[tuple[int, int], Hazard] = {}
    for hazard in hazards:
        span = (hazard.start, hazard.end)
        if span not in best or _SPECIFICITY.index(hazard.code) < _SPECIFICITY.index(best[span].code):
            best[span] = hazard
    return [hazard for hazard in hazards if best[(hazard.start, hazard.end)] is hazard]


def _hazards(instruction: Instruction, dialect: str, settings: Settings) -> Iterable[Hazard]:
    text = instruction.text
    if dialect == "adk" and settings.adk_version == "1.x":
        # ADK Python 1.x had no lookbehind: `${x}` and `\{x}` were placeholders. Masking the
        # mark with a space (same length, offsets hold) lets every rule read them as 1.x did.
        text = _OLD_SKIP_MARK.sub(" ", text)
    template, errors = _parse_checked(text, dialect)
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



def _needs_newer_python(display: str, version: str, error: SyntaxError, settings: Settings) -> list[Finding]:
    """TPL013 at ``info``: the file uses a grammar newer than the running interpreter's."""
    rule = find_rule("TPL013")
    assert rule is not None
    if not settings.is_enabled(rule.code):
        return []
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    line, column = error.lineno or 1, error.offset or 1
    message = f"needs Python {version} to parse: Python {running} reads `{error.msg}` here"
    help_line = f"run the linter on Python {version} or later to check this file"
    return [Finding(display, rule.code, rule.name, Severity.INFO, message, help_line, line, column, line, column)]
