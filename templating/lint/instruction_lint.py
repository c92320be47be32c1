"""Lint one instruction: parse it, run the checks, then apply rule selection and suppressions.

`lint_instruction` is what every entry point runs per instruction (the run over files, the
language server); `problem_findings` turns a file the front door could not read into its one
``TPL013`` finding; `finding_for` places a hazard at its line and column in the source file.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from templating.errors import TemplateSyntaxError
from templating.lint.checks import CHECKS, Context
from templating.lint.finding import Edit, Finding, Fix
from templating.lint.hazard import Hazard, shorten
from templating.lint.limits import limit_hazards
from templating.lint.registry import find_rule, rules_for_dialect, select_rules
from templating.lint.rule import Severity
from templating.lint.settings import Settings
from templating.lint.suggestions import suggestion_budget
from templating.memo import Memo
from templating.nodes import Template
from templating.project.files import compile_globs
from templating.project.model.instruction import MAX_INSTRUCTION, Instruction, parse_instruction_text
from templating.project.reading import EXHAUSTED
from templating.project.surfaces import Problem, surface_for

if TYPE_CHECKING:
    import pathspec

__all__ = ["finding_for", "lint_instruction", "lint_instructions", "problem_findings", "silenced"]

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
# The help line of a TPL013 finding, by the kind of problem.
_PROBLEM_HELP = {
    "unreadable": "fix the file so it can be read",
    "invalid": "fix the file so it can be read",
    "needs-newer-python": "run the linter on Python {version} or later to check this file",
    "too-large": "run `templating lint` on it",
}


def _too_large(instruction: Instruction, settings: Settings) -> list[Finding]:
    line, column = instruction.position(0)
    message = (f"the instruction has {len(instruction.text):,} characters: "
               f"the linter checks instructions of at most {MAX_INSTRUCTION:,}")  # fmt: skip
    problem = Problem("invalid", message, line, column)
    return problem_findings(instruction.source.path, problem, settings)


def silenced(path: str, suppressed: frozenset[str], settings: Settings) -> frozenset[str]:
    """The codes per-file ignores turn off at ``path`` and ``# noqa`` codes ``suppressed`` name."""
    if not suppressed or not settings.respect_noqa:
        return ignored_codes(path, settings)
    return ignored_codes(path, settings) | select_rules(suppressed, ())


def lint_instructions(instructions: Iterable[Instruction], display: str, settings: Settings) -> list[Finding]:
    """The findings of every instruction of the file ``display``; a text nested too deeply for
    the parser is the file's problem, one ``TPL013`` finding as for a file that cannot be read."""
    try:
        return [finding for instruction in instructions for finding in lint_instruction(instruction, settings)]
    except (RecursionError, MemoryError) as error:
        return problem_findings(
            display, Problem("invalid", f"cannot parse the file: {EXHAUSTED[type(error)]}"), settings
        )


def lint_instruction(instruction: Instruction, settings: Settings) -> list[Finding]:
    """The findings for one instruction, after rule selection, per-file ignores and ``# noqa``.

    The instruction is read in the dialect it carries (the one its code names, else the one its
    front end found for the file: `templating.project.reading.read_text`), else the configured
    one. One span gets one finding: where several rules fire on the same text, the most specific
    wins.
    """
    dialect = instruction.dialect or settings.dialect
    enabled = settings.enabled & rules_for_dialect(dialect)
    enabled = enabled - silenced(instruction.source.path, instruction.suppressed, settings)
    if not enabled:
        return []
    if len(instruction.text) > MAX_INSTRUCTION:
        return _too_large(instruction, settings)
    with suggestion_budget():  # did-you-means cost a comparison per known key: bounded per instruction
        hazards = [hazard for hazard in _remembered_hazards(instruction, dialect, settings) if hazard.code in enabled]
    if settings.respect_noqa:  # else every hazard: TPL100 asks which a noqa could be silencing
        hazards = limit_hazards(_most_specific(hazards))
    return [finding_for(instruction, hazard) for hazard in hazards]


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
# Bounded by the characters of the texts remembered, not by a count (see `templating.memo`).
_HAZARD_MEMORY: Memo[tuple[Settings, tuple[Hazard, ...]]] = Memo(4_000_000)


def _remembered_hazards(instruction: Instruction, dialect: str, settings: Settings) -> tuple[Hazard, ...]:
    key = (instruction.text, instruction.injected, instruction.interpolations, dialect, id(settings))
    remembered = _HAZARD_MEMORY.get(
        key,
        lambda: (settings, tuple(_hazards(instruction, dialect, settings))),
        lambda entry: _weight(instruction, entry[1]),
    )
    if remembered[0] is settings:
        return remembered[1]
    return tuple(_hazards(instruction, dialect, settings))  # another settings object got its id


def _weight(instruction: Instruction, hazards: tuple[Hazard, ...]) -> int:
    # A hazard holds a message of a hundred characters or so, and its own few objects.
    return len(instruction.text) + 200 * len(hazards)


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
    verbatim = instruction.is_verbatim(hazard.start, hazard.end)
    start, end = instruction.source_offset(hazard.start), instruction.source_offset(hazard.end - 1) + 1
    if hazard.replacement is not None and verbatim:
        fix = Fix(f"Replace with `{shorten(hazard.replacement)}`", hazard.replacement, start, end)
    readings = tuple(
        Fix(f"Replace with `{shorten(replacement)}`: {meaning}", replacement, start, end, safe=False)
        for meaning, replacement in hazard.readings if verbatim
    )  # fmt: skip
    return Finding(
        instruction.source.path, rule.code, rule.name, rule.severity, hazard.message, hazard.help,
        line, column, end_line, end_column, instruction.source.line_text(line), fix,
        readings + _strict_reading(instruction, hazard),
    )  # fmt: skip


def _strict_reading(instruction: Instruction, hazard: Hazard) -> tuple[Fix, ...]:
    """The unsafe fix compiling the instruction in the strict dialect, where the file's
    language allows it (`Surface.strict_fix`)."""
    strict_fix = surface_for(instruction.source.path.rpartition("/")[2]).strict_fix
    edits = strict_fix(instruction) if hazard.strict_reading and strict_fix is not None else None
    if not edits:
        return ()
    (start, end, content), *extra = edits
    message = f"Compile the instruction in the strict dialect: {hazard.strict_reading}"
    return (Fix(message, content, start, end, safe=False, extra=tuple(Edit(text, at, to) for at, to, text in extra)),)


def ignored_codes(path: str, settings: Settings) -> frozenset[str]:
    """The codes the per-file ignores turn off at ``path``."""
    if not settings.per_file_ignores:
        return frozenset()
    return _ignored_at(path, settings.per_file_ignores)


# One answer per file and table: a file's instructions and findings ask again and again, and a
# table of many globs (each compiled once, below) is matched against each file only once.
@functools.lru_cache(maxsize=4096)
def _ignored_at(path: str, table: tuple[tuple[str, frozenset[str]], ...]) -> frozenset[str]:
    any_glob = _any_glob(table)
    if any_glob is not None and any_glob.match(_normalized(path)) is None:
        return frozenset()  # most files match no glob: one regex says so, not one per glob
    ignored: set[str] = set()
    for spec, codes in _compiled(table):
        if spec.match_file(path):
            ignored |= codes
    return frozenset(ignored)


@functools.lru_cache(maxsize=8)
def _any_glob(table: tuple[tuple[str, frozenset[str]], ...]) -> re.Pattern[str] | None:
    """One regex matching the paths any glob of ``table`` matches (the union of the globs'
    own regexes); ``None`` when a glob is not a plain positive one (``!negated``)."""
    expressions = []
    for spec, _ in _compiled(table):
        for pattern in spec.patterns:
            regex = getattr(pattern, "regex", None)
            if pattern.include is not True or regex is None or not isinstance(regex.pattern, str):
                return None
            # Each glob's regex names its directory group alike: unnamed in the union.
            expressions.append(f"(?:{regex.pattern.replace('(?P<ps_d>', '(?:')})")
    return re.compile("|".join(expressions)) if expressions else None


def _normalized(path: str) -> str:
    from pathspec.util import normalize_file

    return normalize_file(path)


@functools.lru_cache(maxsize=8)
def _compiled(table: tuple[tuple[str, frozenset[str]], ...]) -> list[tuple[pathspec.PathSpec, frozenset[str]]]:
    """Each glob of a per-file-ignores table compiled once (a wild one left out: `compile_globs`)."""
    return [(spec, codes) for pattern, codes in table if (spec := compile_globs([pattern])) is not None]


def problem_findings(display: str, problem: Problem, settings: Settings) -> list[Finding]:
    """The ``TPL013`` finding of a file the front door could not read (none if it is off):
    an error, except for a file that needs a newer Python than this one (``info``)."""
    rule = find_rule("TPL013")
    assert rule is not None
    if not settings.is_enabled(rule.code):
        return []
    severity, help_line = rule.severity, _PROBLEM_HELP[problem.kind]
    if problem.kind == "needs-newer-python":
        severity, help_line = Severity.INFO, help_line.format(version=problem.version)
    line, column = problem.line, problem.column
    return [Finding(display, rule.code, rule.name, severity, problem.message, help_line, line, column, line, column)]
