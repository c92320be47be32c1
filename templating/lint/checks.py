"""The checks that look at one parsed instruction and report hazards.

Each check takes the parsed [`Template`][templating.Template] and a `Context` and
yields `Hazard` objects. Checks read the AST the compiler
builds, in the template's dialect; they never re-implement a grammar. Which rules run in
which dialect is the rulebook's business; a check only words its message for the dialect.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from templating.dialects import ARTIFACT_PREFIX, get_dialect
from templating.lint.check import Context
from templating.lint.hazard import Hazard, shorten
from templating.lint.port_words import words_for
from templating.lint.ports import check_port_divergence
from templating.lint.remedies import CODE_WORDS, fence_around, fenced_ranges, literal_braces
from templating.lint.suggestions import suggest_key, suggest_literal_fix
from templating.nodes import Escape, LiteralGroup, Placeholder, Template
from templating.project.model.instruction import RUNTIME_VALUE, Instruction
from templating.state_shape import find_missing_step

__all__ = ["CHECKS", "DOUBLED_BY_PROJECT", "Context", "doubled_brace_hazard"]

# `{Model.field}`: a reference to a field of the agent's `input_schema` (capitalized class name).
_SCHEMA_REFERENCE = re.compile(r"\{\s*[A-Z]\w*\.[A-Za-z_]\w*\s*\}")
#: What adk-js 2.x fills from a workflow node's input (`instructions.js` `WORKFLOW_FIELD_KEY`).
_NAME = re.compile(r"[A-Za-z_]\w*")

_STRICT_CODE_HELP = "for the text `{{{name}}}` write `{{{{{name}}}}}`; braces with a space inside also stay as written"
_SKIPPED_GROUP = re.compile(r"(?P<mark>[$\\])(?P<group>\{+(?P<body>[^{}]*)\}+)")


def check_doubled_braces(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL001: ``{{name}}`` in a plain string is a placeholder, not an escape. In adk-js and
    adk-java it is a project rule (`templating.lint.doubled_rules`): whether the key is written decides it."""
    if template.dialect in DOUBLED_BY_PROJECT:
        return
    for node in _placeholders(template, context):
        opening, closing = _brace_runs(node.source)
        if opening > 1 and closing > 1:
            name = node.expression + ("?" if node.optional else "")
            yield doubled_brace_hazard(node.span.start, node.span.end, node.source, node.key, name, context.instruction)


#: The dialects whose TPL001 the project rules decide (see `templating.lint.doubled_rules`).
DOUBLED_BY_PROJECT = frozenset({"adk-js", "adk-java"})


def doubled_brace_hazard(start: int, end: int, source: str, key: str, name: str, instruction: Instruction) -> Hazard:
    """TPL001 on the doubled group ``source`` at ``[start, end)`` of ``instruction``'s text,
    reading ``key`` (``name``: the key as written, ``?`` included).

    Two readings, neither safe to pick for the author: the value (``{name}``), or the text
    ``{name}`` (through the strict dialect, where ``{{name}}`` is an escape)."""
    value = f"{{{name}}}"
    return Hazard(
        "TPL001", start, end,
        f"`{shorten(source)}` is not an escape: ADK substitutes the state key `{shorten(key)}`",
        f"for the value write `{shorten(value)}`; for the text, {literal_braces(instruction)}",
        readings=((f"the value of `{shorten(key)}`", value),),
        strict_reading=f"`{shorten(source)}` is then the text `{shorten(value)}`",
    )  # fmt: skip


def check_doubled_literal(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL002: ``{{`` that ADK leaves alone reaches the model doubled."""
    # The nodes are in text order and never overlap: one search per run finds its node.
    covered = [n.span for n in template.nodes if isinstance(n, (Placeholder, Escape))]
    starts = [span.start for span in covered]
    for match in re.finditer(r"\{\{+", template.text):
        index = bisect.bisect_right(starts, match.start()) - 1
        if index < 0 or match.start() >= covered[index].end:
            # A dialect that reads single braces only (adk-ts) starts a placeholder inside the run.
            following = index + 1 if index + 1 < len(covered) else None
            inner = following is not None and covered[following].start < match.end()
            end = covered[following].start if following is not None and inner else match.end()
            message = f"`{shorten(match.group())}` is not `str.format`: the model sees {end - match.start()} braces"
            if inner and following is not None:
                group = shorten(template.text[covered[following].start : covered[following].end])
                literal = template.text[match.start() : end]
                message = (
                    f"`{literal}{group}` is not an escape in the {template.dialect} dialect, which reads single "
                    f"braces: the model sees `{literal}`, then the value of `{group}`"
                )
            yield Hazard(
                "TPL002", match.start(), end, message,
                "write single braces; only f-strings and `str.format` turn `{{` into `{`",
            )  # fmt: skip


def check_greedy_run(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL003: a placeholder with unequal brace runs eats a structural brace."""
    for node in _placeholders(template, context):
        opening, closing = _brace_runs(node.source)
        if opening != closing:
            side, extra = ("}", closing - 1) if closing > opening else ("{", opening - 1)
            yield Hazard(
                "TPL003", node.span.start, node.span.end,
                f"`{shorten(node.source)}` eats {extra} `{side}`: ADK substitutes `{shorten(node.key)}` and drops the brace",
                f"separate the brace from the placeholder, for example `{{{shorten(node.expression)}}} {side}`",
            )  # fmt: skip


def check_whitespace(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL004: whitespace or a line break between the braces and the name."""
    for node in _placeholders(template, context):
        opening, closing = _brace_runs(node.source)
        body = node.source[opening : len(node.source) - closing]
        if body == body.strip():
            continue
        # Only a balanced group can be fixed here: trimming `{{name  }` would leave it eating a brace.
        fixable = "\n" not in body and opening == closing
        where = "a line break" if "\n" in body else "whitespace"
        name = node.expression + ("?" if node.optional else "")
        yield Hazard(
            "TPL004", node.span.start, node.span.end,
            f"`{shorten(node.source)}` has {where} inside the braces: ADK still substitutes `{shorten(node.key)}`",
            f"write `{{{shorten(name)}}}` if the key is meant, or keep the braces out of the instruction",
            "{" * opening + name + "}" * closing if fixable else None,
        )  # fmt: skip


def check_silent_literal(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL005: a group that looks like a placeholder but is left literal."""
    if not context.instruction.injected:
        return
    for node in template.nodes:
        # In `strict`, whitespace inside braces is how literal braces are written: not a slip.
        if isinstance(node, LiteralGroup) and RUNTIME_VALUE not in node.source and node.reason != "whitespace":
            if template.dialect == "adk" and _SCHEMA_REFERENCE.fullmatch(node.source):
                continue  # `{Model.field}`: the ADK 2 `input_schema` idiom, judged by TPL020
            if template.dialect == "adk-js" and _is_node_field(node.source):
                continue  # in a `Workflow`, adk-js fills `{Node.field}` from the node's input: cannot tell
            suggestion = suggest_literal_fix(node.source, context.known_keys, template.dialect)
            if suggestion is not None:
                problem, fixed = suggestion
                yield Hazard(
                    "TPL005", node.span.start, node.span.end,
                    f"`{shorten(node.source)}` is left literal: {problem}",
                    f"did you mean `{shorten(fixed)}`?" if fixed else "rename the key to a plain identifier",
                )  # fmt: skip


def _is_node_field(source: str) -> bool:
    """Whether adk-js reads the brace group ``source`` as ``Node.field`` (its key, braces
    stripped, trimmed, less one trailing ``?``, as ``injectSessionState`` takes it)."""
    key = source.lstrip("{").rstrip("}").strip()
    parts = key.removesuffix("?").split(".")
    return len(parts) == 2 and all(_NAME.fullmatch(part) is not None for part in parts)


def check_code(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL006: a placeholder that is probably code: a keyword, a fenced block, JSON."""
    fences = fenced_ranges(template.text)
    starts = [fence[0] for fence in fences]
    for node in _placeholders(template, context):
        fence = fence_around(fences, starts, node.span.start)
        reason = _code_reason(template.text, node, fence, json_values=template.dialect == "adk")
        if reason:
            yield Hazard(
                "TPL006", node.span.start, node.span.end,
                f"`{shorten(node.source)}` {reason}: {_reader(template)} looks up the state key `{shorten(node.key)}`",
                _STRICT_CODE_HELP.format(name=shorten(node.expression)) if template.dialect == "strict"
                else f"to keep the code's braces as text, {literal_braces(context.instruction)}",
            )  # fmt: skip


def check_skipped(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL007: ``${name}`` and ``\\{name}``, skipped by ADK Python, substituted elsewhere."""
    if not context.instruction.injected:
        return
    read_name = get_dialect(template.dialect).read_name
    who = "ADK Python leaves" if template.dialect == "adk" else "the strict dialect, like ADK Python, leaves"
    for match in _SKIPPED_GROUP.finditer(template.text):
        body, mark = match.group("body").strip(), match.group("mark")
        start = match.start()
        name = body.removesuffix("?")
        if (read_name(name) is not None or name.startswith(ARTIFACT_PREFIX)) and template.dialect not in (
            "adk",
            "strict",
        ):
            yield Hazard(
                "TPL007", start, match.end(),
                f"`{shorten(match.group())}` keeps its `{mark}`: {_reader(template)} substitutes `{shorten(name)}` "
                f"and leaves the `{mark}` before the value (ADK Python leaves the whole group literal)",
                f"write `{{{shorten(body)}}}` alone unless the `{mark}` is meant to stay",
            )  # fmt: skip
        elif read_name(name) is not None or name.startswith(ARTIFACT_PREFIX):
            yield Hazard(
                "TPL007", start, match.end(),
                f"{who} `{shorten(match.group())}` literal"
                f"{' with its backslash' if mark == chr(92) else ''}; adk-js, adk-go and adk-java substitute `{shorten(name)}`",
                f"write `{{{shorten(body)}}}` to substitute everywhere, or drop the braces to keep the text",
            )  # fmt: skip
        elif suggest_literal_fix(match.group("group"), context.known_keys, template.dialect):
            yield Hazard(
                "TPL007", start, match.end(),
                f"`{shorten(match.group())}` is never substituted: {_reader(template)} skips a group after `{mark}`, "
                f"and `{shorten(body)}` is not a key",
                "write a plain `{key}` placeholder for a top-level state key",
            )  # fmt: skip


def check_non_ascii(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL008: a non-ASCII placeholder name."""
    for node in _placeholders(template, context):
        if not node.expression.isascii():
            yield Hazard(
                "TPL008", node.name_span.start, node.name_span.end,
                f"`{shorten(node.expression)}` is not ASCII: {_reader(template, python=True)} substitutes it "
                "but adk-js leaves it literal",
                "use an ASCII identifier for keys shared across ADK ports",
            )  # fmt: skip


def check_static(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL009: placeholders in ``static_instruction`` are never filled."""
    if context.instruction.injected:
        return
    for node in template.placeholders:
        yield Hazard(
            "TPL009", node.span.start, node.span.end,
            f"`{shorten(node.source)}` is in `static_instruction`, which ADK never fills: the model sees it verbatim",
            "move the placeholder to `instruction`",
        )  # fmt: skip


def check_fstring_values(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL010: an inserted value that can carry braces, which ADK then scans."""
    if not context.instruction.injected:
        return
    for value in context.instruction.interpolations:
        if value.reason is None:
            continue  # statically brace-free: a literal without braces, a number, a date
        yield Hazard(
            "TPL010", value.offset, value.offset + 1,
            f"`{shorten(value.expression)}` is inserted into the instruction and can carry braces ({value.reason}); "
            f"{_reader(template)} then scans it for placeholders",
            "pass the value through session state and write `{key}`, or use an InstructionProvider",
        )  # fmt: skip


def check_undefined(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL011: a required placeholder whose key (or, in ``strict``, path) the state lacks."""
    if context.known_keys is None:
        return
    for node in _placeholders(template, context):
        if node.optional or node.artifact:
            continue
        if node.key not in context.known_keys:
            close = suggest_key(node.key, context.known_keys)
            yield Hazard(
                "TPL011", node.name_span.start, node.name_span.start + len(node.key),
                f"`{shorten(node.key)}` is not in the state schema: {_reader(template)} "
                f"{words_for(template.dialect).raises} when it is missing",
                f"did you mean `{shorten(close)}`?" if close
                else f"add `{shorten(node.key)}` to the state, or write `{{{shorten(node.key)}?}}`",
            )  # fmt: skip
        elif node.path and context.state is not None:
            yield from _check_path(node, context.state)


def _check_path(node: Placeholder, state: Mapping[str, Any]) -> Iterator[Hazard]:
    """TPL011 for a ``strict`` path whose step the sample state or schema shows is missing."""
    missing = find_missing_step(state, node.key, node.path)
    if missing is None:
        return
    index, present = missing
    step = node.path[index]
    prefix = node.key + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in node.path[:index])
    close = suggest_key(str(step), present)
    quoted_prefix, quoted_step = shorten(prefix), shorten(str(step))
    where = f"`{quoted_prefix}` has no key `{quoted_step}`"
    if not present:
        where = f"`{quoted_prefix}` holds no mapping with `{quoted_step}`"
    yield Hazard(
        "TPL011", node.name_span.start, node.name_span.end,
        f"`{shorten(node.expression)}` is not in the state schema: {where}, so rendering raises `MissingKeyError`",
        f"did you mean `{quoted_prefix}.{shorten(close)}`?" if close
        else f"add it to the state, or write `{{{shorten(node.expression)}?}}`",
    )  # fmt: skip


def _placeholders(template: Template, context: Context) -> Iterator[Placeholder]:
    """The placeholders ADK will fill (none in ``static_instruction``)."""
    if context.instruction.injected:
        yield from template.placeholders


def _brace_runs(source: str) -> tuple[int, int]:
    return len(source) - len(source.lstrip("{")), len(source) - len(source.rstrip("}"))


def _is_json_value(text: str, start: int) -> bool:
    """Whether ``text`` before ``start`` ends, on the same line, with a quote, a colon and
    optional blanks (``"name": {name}``). Scans back over those few characters only, never
    the whole line, so checking every placeholder of a long line stays linear."""
    index = _skip_blanks_back(text, start)
    if index < 0 or text[index] != ":":
        return False
    index = _skip_blanks_back(text, index)
    return index >= 0 and text[index] in "\"'"


def _skip_blanks_back(text: str, end: int) -> int:
    index = end - 1
    while index >= 0 and text[index] != "\n" and text[index].isspace():
        index -= 1
    return index


def _reader(template: Template, python: bool = False) -> str:
    """Who reads the template, for messages: ADK's own injection or the strict dialect."""
    if template.dialect == "adk":
        return "ADK Python" if python else "ADK"
    return f"the {template.dialect} dialect"


def _code_reason(text: str, node: Placeholder, fence: tuple[int, int, str] | None, json_values: bool) -> str | None:
    if node.key in CODE_WORDS:
        return "names a keyword, so it is probably code"
    if fence is not None and fence[0] < node.span.start and fence[2] != node.source:
        return "is inside a fenced code block"
    # `{"name": {name}}` is how `strict` fills JSON, so only `adk` reports JSON values.
    if json_values and _is_json_value(text, node.span.start):
        return "is a value in JSON-looking text"
    return None


#: Every check, in rule-code order.
CHECKS: tuple[Callable[[Template, Context], Iterator[Hazard]], ...] = (
    check_doubled_braces, check_doubled_literal, check_greedy_run, check_whitespace,
    check_silent_literal, check_code, check_skipped, check_non_ascii, check_static,
    check_fstring_values, check_undefined, check_port_divergence,
)  # fmt: skip
