"""Did-you-mean: say why a placeholder-like group is literal, and what was probably meant.

The diagnosis depends on the dialect: ``adk`` names are a key after an optional scope, while
``strict`` names may also be a path into the value (``user:profile.name``, ``items[0]``).

Finding the closest key compares a name with every known key, so 20,000 unknown placeholders
against a state of 5,000 keys would be a hundred million comparisons. Within a
`suggestion_budget` (one instruction, one run of the project rules) at most
`COMPARISONS` are made; past them a finding still says what is wrong, without a did-you-mean.
"""

from __future__ import annotations

import contextlib
import contextvars
import difflib
import re
from collections.abc import Callable, Collection, Iterator

from templating.dialects import ARTIFACT_PREFIX, STATE_PREFIXES
from templating.dialects.adk import is_adk_state_name
from templating.dialects.strict import read_strict_name

__all__ = ["COMPARISONS", "suggest_key", "suggest_literal_fix", "suggestion_budget"]

#: The most name comparisons one `suggestion_budget` pays for.
COMPARISONS = 2_000_000
_LEFT: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar("templating_suggestions", default=None)


@contextlib.contextmanager
def suggestion_budget(comparisons: int = COMPARISONS) -> Iterator[None]:
    """Bound the comparisons `suggest_key` makes until the block ends."""
    token = _LEFT.set([comparisons])
    try:
        yield
    finally:
        _LEFT.reset(token)


# A name with separators someone may have meant as a key: `a.b`, `user: x`, `my-key`, `x ?`.
_LOOKALIKE = re.compile(r"[^\W\d]\w*(?:(?:\s*:\s*|\.|-)\w+)*(?:\s*\?+)?")
# The same in `strict`, where paths may also hold (possibly broken) list indexes: `items[0`.
# The steps repeat possessively (`*+`): `\.+\w*` may match empty words, and backtracking
# over every way to split a run of dots among steps doubled the time per dot.
_STRICT_LOOKALIKE = re.compile(r"[^\W\d]\w*(?::\w+)?(?:\.+\w*|\[\w*\]?|-\w+)*+\?*")
# Repairs of likely path typos, tried in order: `a.0` -> `a[0]`, `a..b` -> `a.b`, `a.` -> `a`,
# `a[0` -> `a[0]`.
_PATH_REPAIRS = (
    (re.compile(r"\.([0-9]+)"), r"[\1]"),
    (re.compile(r"\.{2,}"), "."),
    (re.compile(r"\.$"), ""),
    (re.compile(r"\[([0-9]+)(?!\])"), r"[\1]"),
)


def suggest_key(key: str, known_keys: Collection[str] | None) -> str | None:
    """The known key closest to ``key``, if one is close enough."""
    if not known_keys:
        return None
    left = _LEFT.get()
    if left is not None:
        if left[0] < len(known_keys):
            return None
        left[0] -= len(known_keys)
    matches = difflib.get_close_matches(key, list(known_keys), n=1, cutoff=0.6)
    return matches[0] if matches else None


def suggest_literal_fix(
    source: str, known_keys: Collection[str] | None, dialect: str = "adk"
) -> tuple[str, str | None] | None:
    """For a literal group that looks like a placeholder: why it is literal and a corrected
    group (or ``None`` if there is no good guess); ``None`` if it does not look like one."""
    opening = len(source) - len(source.lstrip("{"))
    closing = len(source) - len(source.rstrip("}"))
    body = source[opening : len(source) - closing].strip()
    lookalike = _STRICT_LOOKALIKE if dialect == "strict" else _LOOKALIKE
    if not body or not lookalike.fullmatch(body):
        return None
    name, marks = body.rstrip("?").rstrip(), len(body) - len(body.rstrip("?"))
    optional = "?" if marks else ""
    diagnosis = _diagnose(name, marks, known_keys, dialect)
    if diagnosis is None:
        return None
    problem, fixed = diagnosis
    return problem, (f"{{{fixed}{optional}}}" if fixed else None)


def _is_name(dialect: str) -> Callable[[str], bool]:
    if dialect == "strict":
        return lambda name: read_strict_name(name) is not None
    return is_adk_state_name


def _diagnose(name: str, marks: int, known_keys: Collection[str] | None, dialect: str) -> tuple[str, str | None] | None:
    is_name = _is_name(dialect)
    squeezed = _squeeze_colons(name)
    if is_name(squeezed) and squeezed != name:
        return "whitespace around `:` makes the name invalid", squeezed
    if is_name(name):
        reason = "more than one `?`" if marks > 1 else "a space before `?`"
        return f"{reason} makes the name invalid", name
    if ":" in name:
        return None if re.search(r"\s", name) else _diagnose_prefix(name, known_keys, is_name)
    if dialect == "strict" and ("." in name or "[" in name):
        return _diagnose_strict_path(name)
    if "." in name:
        return _diagnose_path(name, known_keys, dialect)
    underscored = name.replace("-", "_")
    return "`-` is not allowed in a key", suggest_key(underscored, known_keys) or underscored


def _diagnose_prefix(
    name: str, known_keys: Collection[str] | None, is_name: Callable[[str], bool]
) -> tuple[str, str | None] | None:
    """An unknown scope prefix written like one (``session:x``, ``usr:x``, ``User:x``)."""
    prefix, _, rest = name.partition(":")
    problem = f"`{prefix}:` is not a scope prefix (valid: {', '.join(f'`{p}`' for p in STATE_PREFIXES)})"
    if prefix.lower() in ("state", "session"):
        return problem, _fix_key(rest, known_keys, is_name)
    close = difflib.get_close_matches(prefix.lower() + ":", STATE_PREFIXES, n=1, cutoff=0.6)
    if not close or not is_name(close[0] + rest):
        return None
    return problem, close[0] + rest


def _diagnose_path(name: str, known_keys: Collection[str] | None, dialect: str) -> tuple[str, str | None]:
    head, _, rest = name.partition(".")
    if head.lower() + "." == ARTIFACT_PREFIX:
        return "the artifact prefix is the lower-case `artifact.`", ARTIFACT_PREFIX + rest
    problem = f"the `{dialect}` dialect has no nested paths; store the value under its own key"
    if head.lower() in ("state", "session") and rest.isidentifier():
        return problem, rest  # `{state.draft}`: the key is `draft`, state is where it lives
    underscored = name.replace(".", "_")
    fixed = suggest_key(underscored, known_keys) or (head if known_keys and head in known_keys else None)
    return problem, fixed or (underscored if underscored.isidentifier() else None)


def _diagnose_strict_path(name: str) -> tuple[str, str | None]:
    """A malformed ``strict`` path: ``items[0``, ``a.0``, ``a..b``, ``a.``, ``a.first-name``."""
    repaired = name.replace("-", "_")
    for pattern, replacement in _PATH_REPAIRS:
        repaired = pattern.sub(replacement, repaired)
    problem = "the path is malformed (steps are `.key` and `[index]`)"
    if "-" in name:
        problem = "`-` is not allowed in a key"
    return problem, repaired if read_strict_name(repaired) is not None else None


def _fix_key(rest: str, known_keys: Collection[str] | None, is_name: Callable[[str], bool]) -> str | None:
    if not is_name(rest):
        return None
    return suggest_key(rest, known_keys) or rest


def _squeeze_colons(name: str) -> str:
    """``name`` without the whitespace around each ``:`` (what ``re.sub(r"\\s*:\\s*", ":")``
    does, in linear time: that pattern tries every start in a long run of blanks)."""
    parts = name.split(":")
    if len(parts) == 1:
        return name
    last = len(parts) - 1
    return ":".join(
        (part if index == 0 else part.lstrip()) if index == last else (part if index == 0 else part.lstrip()).rstrip()
        for index, part in enumerate(parts)
    )
