"""Lint instructions, files and folders: discovery, then the checks, then suppressions.

`lint_paths` is the entry point the command line uses: each file is linted on its own by
`lint_file` into a picklable [`FileResult`][templating.lint.file_result.FileResult] (what
worker processes return and the cache keeps), holding the per-file rules' findings and the
project model's facts about the file; the project rules (TPL014-TPL016) then run once on the
model assembled from every file's facts. `lint_text` lints one file's text (a Python module,
a YAML agent config or a prompt file, chosen by suffix) with the per-file rules only; an
evaluation's ``initial.session.json`` holds no instruction, only facts (the state it seeds).

A file's bytes are searched for a hint before anything else (`PYTHON_HINT`): most modules of
a project hold no instruction, agent or state write and are never decoded or parsed.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from templating.errors import TemplateSyntaxError
from templating.lint.cache import LintCache
from templating.lint.checks import CHECKS, Context
from templating.lint.file_result import FileResult
from templating.lint.finding import Finding, Fix
from templating.lint.hazard import Hazard, shorten
from templating.lint.newer_syntax import newer_grammar
from templating.lint.registry import find_rule, rules_for_dialect, select_rules
from templating.lint.rule import Severity
from templating.lint.settings import Settings
from templating.lint.workers import default_jobs, map_chunks
from templating.nodes import Template
from templating.project.agents import python_facts
from templating.project.encoding import decode_source
from templating.project.facts import FileFacts
from templating.project.files import PYTHON_SUFFIXES, SESSION_FILE, YAML_SUFFIXES, collect_files, compile_globs
from templating.project.instruction import Instruction, SourceFile, parse_instruction_text, plain_instruction
from templating.project.model import ProjectModel, assemble, with_reads
from templating.project.python_source import INSTRUCTION_HINT, ModuleCache, find_python_instructions, load_module
from templating.project.session_file import session_facts

if TYPE_CHECKING:
    import pathspec

__all__ = [
    "PYTHON_HINT", "LintResult", "Scan", "finding_for", "lint_file", "lint_files", "lint_instruction", "lint_paths",
    "lint_text", "read_project", "scan_text", "silenced",
]  # fmt: skip

# What a module the project model needs says somewhere: an agent, a state write or read, a
# session, a graph workflow; an `__init__.py` is always read, for the names it re-exports.
_FACT_HINT = r"Agent|state|sub_agents|Workflow|run_node"
#: A Python file without a match is neither an instruction site nor a fact of the project.
PYTHON_HINT = f"{INSTRUCTION_HINT}|{_FACT_HINT}"
_INSTRUCTIONS = re.compile(INSTRUCTION_HINT)
_FACTS = re.compile(_FACT_HINT)
_PYTHON_BYTES = re.compile(PYTHON_HINT.encode())
_YAML_HINTS = ("instruction", "agent_class", "sub_agents")
# Where two rules report the same span, the first in this order is kept: the rule that
# names the cause (a syntax error, an escape that is not one, an eaten brace) before the
# rules that describe a symptom.
_SPECIFICITY = {
    code: rank
    for rank, code in enumerate((
        "TPL012", "TPL009", "TPL001", "TPL003", "TPL006", "TPL005", "TPL007", "TPL017", "TPL004",
        "TPL011", "TPL002", "TPL008", "TPL010", "TPL013",
    ))
}  # fmt: skip
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
    """The findings of one run, sorted, how many files were read, and the paths given that
    held nothing to lint."""

    findings: tuple[Finding, ...]
    files: int
    empty: tuple[Path, ...] = ()


@dataclass(frozen=True, slots=True)
class Scan:
    """What one file's text gives a lint run: its findings and the project model's facts."""

    findings: list[Finding]
    facts: tuple[FileFacts, ...] = ()


def lint_paths(
    paths: Sequence[Path], settings: Settings, *, jobs: int | None = None, cache: bool = False
) -> LintResult:
    """Lint every file under ``paths`` (``FileNotFoundError`` for a path that does not exist),
    in up to ``jobs`` worker processes (default: one per CPU, when there are enough files),
    reusing the results ``.templating_cache/`` holds for unchanged files when ``cache`` is set,
    then run the project rules on the model assembled from every file's facts (or reuse their
    stored findings when no file changed)."""
    from templating.lint.project_lint import PROJECT_CODES  # it builds on this module's helpers

    files, empty = _collect(paths, settings)
    jobs = jobs or default_jobs()
    lint_cache = LintCache(settings) if cache else None
    results = _file_results(files, settings, jobs, lint_cache)
    findings: dict[tuple, Finding] = {}
    for result in results:
        for finding in result.findings:
            findings.setdefault((finding.sort_key, finding.message), finding)
    if PROJECT_CODES & settings.enabled:
        # Project-wide rules run here, over every file's result (cached or not); their findings
        # are reused only when no file changed. They are reported in the files linted, not in
        # the rest of the project read for them.
        linted = {result.path for result in results}
        project = results + _rest_of_project(paths, files, settings, jobs, lint_cache)
        for finding in _project_findings(project, settings, lint_cache):
            if finding.path in linted:
                findings.setdefault((finding.sort_key, finding.message), finding)
    if lint_cache is not None:
        lint_cache.save()  # once, after the files and the project rules are stored
    return LintResult(tuple(sorted(findings.values(), key=lambda f: f.sort_key)), len(files), empty)


def _project_findings(project: list[FileResult], settings: Settings, cache: LintCache | None) -> Sequence[Finding]:
    """The project rules' findings, from the cache when no file of the project has changed."""
    from templating.lint.project_lint import lint_project

    files = tuple(result.path for result in project)
    stored = cache.project_findings(files) if cache is not None else None
    if stored is not None:
        return stored
    found = lint_project([facts for result in project for facts in result.facts or ()], settings)
    if cache is not None:
        cache.store_project(files, found)
    return found


def _rest_of_project(
    paths: Sequence[Path], files: list[Path], settings: Settings, jobs: int, cache: LintCache | None
) -> list[FileResult]:
    """The results of the project files not linted, when single files were named.

    pre-commit and editors name only the files that changed: a key written in a file that was
    not named is still written. The project is the settings' root when it holds a
    ``pyproject.toml`` or ``.git`` (else each named file's folder); folders named on the command
    line are the whole project themselves.
    """
    named_files = [path for path in paths if str(path) != "-" and path.is_file()]
    if not named_files:
        return []
    roots = {_project_root(path, settings.root) for path in named_files}
    linted = {os.path.realpath(file) for file in files}
    rest = [
        file for file in collect_files(sorted(roots), settings.root, settings.include, settings.exclude)
        if os.path.realpath(file) not in linted
    ]  # fmt: skip
    return _file_results(rest, settings, jobs, cache) if rest else []


def _project_root(file: Path, root: Path) -> Path:
    inside = os.path.realpath(file).startswith(os.path.join(os.path.realpath(root), ""))
    if inside and ((root / "pyproject.toml").is_file() or (root / ".git").exists()):
        return root
    return file.parent


def _file_results(files: list[Path], settings: Settings, jobs: int, cache: LintCache | None) -> list[FileResult]:
    """Each file's result: from the cache when it is still valid, else linted afresh."""
    cached = {file: cache.lookup(file) for file in files} if cache is not None else {}
    missing = [file for file in files if cached.get(file) is None]
    fresh = dict(zip(missing, map_chunks(lint_files, missing, settings, jobs)))
    if cache is not None:
        for file, result in fresh.items():
            cache.store(file, result)
    return [cached.get(file) or fresh[file] for file in files]


def read_project(paths: Sequence[Path], settings: Settings) -> ProjectModel:
    """The project model of every file under ``paths`` (for ``templating graph`` and
    ``render --explain``); files that cannot be read are left out."""
    files = collect_files(paths, settings.root, settings.include, settings.exclude)
    facts = [facts for result in lint_files(files, settings) for facts in result.facts or ()]
    return assemble(facts, settings.dialect)


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
    scan = _lint_file(file, display, settings, modules)
    dependencies = modules.looked_up - {modules.key(file)} if modules.looked_up else ()
    facts = tuple(with_reads(facts, settings.dialect) for facts in scan.facts) if scan.facts else None
    return FileResult(display, tuple(scan.findings), facts, tuple(sorted(dependencies)))


def _lint_file(file: Path, display: str, settings: Settings, modules: ModuleCache) -> Scan:
    try:
        with open(file, "rb") as stream:
            data = stream.read()
        if data.isascii() and not _may_hold_instructions(display, data):
            return Scan([])  # ASCII is valid in every encoding Python accepts: nothing to decode
        text = decode_source(file, data)
    except UnicodeDecodeError as error:
        return Scan(_unreadable(display, f"not {_encoding_name(error.encoding)} text (byte {error.start})", settings))
    except SyntaxError as error:  # a Python coding line naming an unknown encoding
        return Scan(_unreadable(display, f"invalid Python: {error.msg}", settings))
    except OSError as error:
        if file.is_symlink() and not file.exists():
            return Scan(_unreadable(display, "a symbolic link to a missing file", settings))
        return Scan(_unreadable(display, f"cannot read the file ({error.strerror})", settings))
    return scan_text(text, display, settings, path=file, cache=modules)


def _may_hold_instructions(display: str, data: bytes) -> bool:
    """The byte-level pre-filter: whether a file could hold an instruction or a fact at all."""
    name = display.rpartition("/")[2]
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    if suffix in PYTHON_SUFFIXES:
        return name == "__init__.py" or _PYTHON_BYTES.search(data) is not None
    if suffix in YAML_SUFFIXES:
        return any(hint.encode() in data for hint in _YAML_HINTS)
    return True


def _encoding_name(encoding: str) -> str:
    return "UTF-8" if encoding in ("utf-8", "utf-8-sig") else encoding


def lint_text(
    text: str, display: str, settings: Settings, *, path: Path | None = None, cache: ModuleCache | None = None
) -> list[Finding]:
    """Lint one file's ``text``; the suffix of ``display`` picks Python, YAML or prompt text.

    Only the per-file rules run: the project rules need every file (see `lint_paths`).
    """
    return scan_text(text, display, settings, path=path, cache=cache).findings


def scan_text(
    text: str, display: str, settings: Settings, *, path: Path | None = None, cache: ModuleCache | None = None
) -> Scan:
    """Lint one file's ``text`` and collect its facts for the project model."""
    suffix = Path(display).suffix.lower()
    cache = ModuleCache(Path.cwd()) if cache is None else cache
    try:
        if Path(display).name == SESSION_FILE:
            return _scan_session(SourceFile(display, text), settings, cache.key(path or Path(display)))
        if suffix in PYTHON_SUFFIXES:
            return _scan_python(text, display, settings, path or Path(display), cache)
        if suffix in YAML_SUFFIXES:
            return _scan_yaml(SourceFile(display, text), settings, path or Path(display), cache)
        return Scan(_lint_all([plain_instruction(SourceFile(display, text))], settings))
    except SyntaxError as error:
        newer = newer_grammar(error, text)
        if newer is not None:
            return Scan(_needs_newer_python(display, newer, error, settings))
        return Scan(_unreadable(display, f"invalid Python: {error.msg}", settings, error.lineno, error.offset))
    except (RecursionError, MemoryError) as error:
        return Scan(_unreadable(display, f"cannot parse the file: {_EXHAUSTED[type(error)]}", settings))


def _scan_python(text: str, display: str, settings: Settings, path: Path, cache: ModuleCache) -> Scan:
    has_instructions = _INSTRUCTIONS.search(text) is not None
    wants_facts = path.name == "__init__.py" or has_instructions or _FACTS.search(text) is not None
    if not wants_facts:
        return Scan([])
    module = load_module(path, text, display, cache)
    findings = _lint_all(find_python_instructions(module, cache), settings) if has_instructions else []
    return Scan(findings, (python_facts(module, cache),))


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


def _scan_session(source: SourceFile, settings: Settings, key: str) -> Scan:
    """An evaluation's session file: no instruction to lint, only the initial state it seeds."""
    try:
        facts = session_facts(source, key)
    except json.JSONDecodeError as error:
        return Scan(_unreadable(source.path, f"invalid JSON: {error.msg}", settings, error.lineno, error.colno))
    return Scan([], (facts,) if facts is not None else ())


def silenced(path: str, suppressed: frozenset[str], settings: Settings) -> frozenset[str]:
    """The codes per-file ignores turn off at ``path`` and ``# noqa`` codes ``suppressed`` name."""
    return _ignored_for(path, settings) | select_rules(suppressed, ()) if suppressed else _ignored_for(path, settings)


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
    hazards = [hazard for hazard in _remembered_hazards(instruction, dialect, settings) if hazard.code in enabled]
    return [finding_for(instruction, hazard) for hazard in _most_specific(hazards)]


def _most_specific(hazards: list[Hazard]) -> list[Hazard]:
    best: dict[tuple[int, int], Hazard] = {}
    for hazard in hazards:
        span = (hazard.start, hazard.end)
        if span not in best or _rank(hazard.code) < _rank(best[span].code):
            best[span] = hazard
    return [hazard for hazard in hazards if best[(hazard.start, hazard.end)] is hazard]


# The hazards of recently linted texts: an editor lints every unchanged instruction of a module
# again on each keystroke. Hazards are positions in the text, so they depend only on what the
# key holds; the settings object is kept to check that it is the same one, not a new one that
# happens to get the same id.
_HAZARD_MEMORY: dict[tuple, tuple[Settings, tuple[Hazard, ...]]] = {}
_HAZARD_MEMORY_SIZE = 4096


def _remembered_hazards(instruction: Instruction, dialect: str, settings: Settings) -> tuple[Hazard, ...]:
    key = (instruction.text, instruction.injected, instruction.interpolations, dialect, id(settings))
    remembered = _HAZARD_MEMORY.get(key)
    if remembered is not None and remembered[0] is settings:
        return remembered[1]
    hazards = tuple(_hazards(instruction, dialect, settings))
    if len(_HAZARD_MEMORY) >= _HAZARD_MEMORY_SIZE:
        _HAZARD_MEMORY.clear()
    _HAZARD_MEMORY[key] = (settings, hazards)
    return hazards


def _rank(code: str) -> int:
    return _SPECIFICITY.get(code, len(_SPECIFICITY))


def _hazards(instruction: Instruction, dialect: str, settings: Settings) -> Iterable[Hazard]:
    text = instruction.text
    if dialect == "adk" and settings.adk_version == "1.x":
        # ADK Python 1.x had no lookbehind: `${x}` and `\{x}` were placeholders. Masking the
        # mark with a space (same length, offsets hold) lets every rule read them as 1.x did.
        text = _OLD_SKIP_MARK.sub(" ", text)
    template, errors = _parse_checked(text, dialect)
    yield from errors
    context = Context(instruction, settings.known_keys, settings.state, settings.target_ports)
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
            return parse_instruction_text(text, dialect), errors
        except TemplateSyntaxError as error:
            start = error.span.start if error.span else 0
            end = error.span.end if error.span else start
            errors.append(Hazard("TPL012", start, end, error.message, _SYNTAX_HELP.get(error.code, _GRAMMAR_HELP)))
            opening = text.rfind("{", 0, start + 1)
            if opening < 0:
                raise  # a syntax error always sits inside a brace group
            text = text[:opening] + " " + text[opening + 1 :]


def finding_for(instruction: Instruction, hazard: Hazard) -> Finding:
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
