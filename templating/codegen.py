"""Fast render functions built once per compiled template, for a plain ``dict`` state.

`build_renderer` turns the N+1 static strings and the N keys of a template whose
placeholders all read state into a function ``render(state) -> str``:

- no placeholder: a function returning the one static string;
- up to `SOURCE_LIMIT` placeholders: generated Python source, one local lookup per
  placeholder and f-strings of up to `GROUP_SIZE` placeholders, which CPython builds
  in one step each, joined once;
- more: a gather that looks every distinct key up in C (``itemgetter`` or ``map``), turns
  the values into text in C when their types allow it, and joins a prebuilt list, because
  compiling source for thousands of placeholders costs more than many renders.

Generated source never contains template text as code: every static string and key is
embedded with `repr`, so it is a string literal whatever it holds.

A fast function only covers the happy path. It raises on a missing required key (``KeyError``)
or a failing value, and the caller then takes the generic path, which raises the exact error
with the key and its position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from templating.dialects.adk import format_adk_value

__all__ = ["SOURCE_LIMIT", "Renderer", "build_renderer", "generate_source"]

#: Above this many placeholders a template renders through the gather, not generated source.
SOURCE_LIMIT = 100

#: Placeholders per f-string in generated source. CPython 3.11 builds an f-string of more
#: than 30 pieces through a list and ``''.join``; groups of 14 placeholders (29 pieces) are
#: each one BUILD_STRING, joined once: M (20 placeholders) 4.9x -> 4.7x join, a template
#: of 100 placeholders 4.8x -> 4.5x (interleaved medians).
GROUP_SIZE = 14

#: A fast render function: a plain ``dict`` state in, the rendered text out.
Renderer = Callable[[dict[str, Any]], str]


class _Missing:
    """The type of `_MISSING`, so that a set of value types can tell it apart."""


# Stands for a missing key when the dialect formats values itself.
_MISSING = _Missing()


def build_renderer(
    statics: tuple[str, ...],
    keys: tuple[str, ...],
    optional: tuple[bool, ...],
    format_value: Callable[[Any], str],
    *,
    source_limit: int = SOURCE_LIMIT,
) -> Renderer:
    """Return the fastest render function for these chunks (see the module docstring).

    Templates with more than ``source_limit`` placeholders get the gather.
    """
    if not keys:
        return _constant_renderer(statics[0])
    if len(keys) <= source_limit:
        source = generate_source(keys, optional, statics, format_value is format_adk_value)
        namespace: dict[str, Any] = {
            "_format": format_value, "_missing": _MISSING, "_numbers": _NUMBERS, "_text": _exact_text,
        }  # fmt: skip
        exec(compile(source, "<templating render>", "exec"), namespace)  # noqa: S102 - literals only, see generate_source
        return namespace["render"]
    return _gather_renderer(statics, keys, optional, format_value)


def generate_source(
    keys: tuple[str, ...], optional: tuple[bool, ...], statics: tuple[str, ...], adk_values: bool
) -> str:
    """The Python source of ``render(state)``: a lookup per key, then f-strings.

    With ``adk_values`` a value is formatted inline as google-adk does (``None`` is empty,
    anything else ``str()``); otherwise the dialect's ``_format`` is called. The source
    refers to the names ``_format``, ``_missing``, ``_numbers`` and ``_text`` of the
    namespace `build_renderer` runs it in.
    """
    lines = ["def render(state):"]
    if any(optional):
        lines.append("    get = state.get")
    groups = [[repr(statics[0])]]
    for index, (key, is_optional) in enumerate(zip(keys, optional)):
        # Keys are looked up outside the f-string: before Python 3.12 an f-string's
        # expressions cannot hold the backslashes that repr() may write.
        lines.append(f"    v{index} = {_lookup(key, is_optional, adk_values)}")
        if index and index % GROUP_SIZE == 0:
            groups.append([])
        groups[-1].append(_adk_formatted(f"v{index}") if adk_values else _formatted(f"v{index}", is_optional))
        groups[-1].append(repr(statics[index + 1]))
    # Adjacent literals, plain and f-, are one string to the compiler: one BUILD_STRING.
    strings = ["(" + " ".join(group) + ")" for group in groups]
    if len(strings) == 1:
        lines.append(f"    return {strings[0]}")
    else:
        lines.append("    return ''.join((" + ", ".join(strings) + "))")
    return "\n".join(lines) + "\n"


def _lookup(key: str, is_optional: bool, adk_values: bool) -> str:
    if not is_optional:
        return f"state[{key!r}]"
    # For google-adk a missing optional key and a None value both render as ''.
    return f"get({key!r})" if adk_values else f"get({key!r}, _missing)"


def _adk_formatted(name: str) -> str:
    # google-adk's rule, inline: None is empty, anything else str(). A str is inserted as it
    # is (tested first: the common case costs one identity test); a built-in number goes
    # through `!s` in a nested f-string, whose result is an exact str. Anything else takes
    # `_text`: `!s` alone would hand a str subclass returned by `__str__` to its own
    # `__format__`, where google-adk joins the text str() returned. No truth test: google-adk
    # never calls bool() on a value, and some values (NumPy arrays) raise on it.
    return (
        f"f\"{{{name} if {name}.__class__ is str else f'{{{name}!s}}' if {name}.__class__ in _numbers "
        f"else '' if {name} is None else _text({name})}}\""
    )


def _exact_text(value: Any) -> str:
    """``str(value)`` as an exact ``str``: the text a str subclass holds, not its ``__format__``."""
    return str.__str__(str(value))


#: Built-in types whose ``!s`` in an f-string is exactly ``str()``.
_NUMBERS = frozenset({int, float, bool})


def _formatted(name: str, is_optional: bool) -> str:
    if is_optional:
        return f"f\"{{'' if {name} is _missing else _format({name})}}\""
    return f'f"{{_format({name})}}"'


def _constant_renderer(static: str) -> Renderer:
    def render(state: dict[str, Any]) -> str:
        return static

    return render


def _gather_renderer(
    statics: tuple[str, ...],
    keys: tuple[str, ...],
    optional: tuple[bool, ...],
    format_value: Callable[[Any], str],
) -> Renderer:
    adk_values = format_value is format_adk_value
    gather, expand = _lookups(keys, optional, adk_values)
    skeleton: list[Any] = [None] * (2 * len(keys) + 1)
    skeleton[0::2] = statics
    join = "".join

    def render(state: dict[str, Any]) -> str:
        values = gather(state)
        texts: Sequence[Any] | None = _adk_texts(values) if adk_values else None
        if texts is None:
            texts = _format_values(expand(values), keys, optional, format_value)
        else:
            texts = expand(texts)
        parts = skeleton.copy()
        parts[1::2] = texts
        return join(parts)

    return render


#: Exact types whose ``format(value, "")`` is ``str(value)`` (built-ins: no override).
_FORMAT_IS_STR = frozenset({str, int, float, bool})
_NoneType = type(None)


def _adk_texts(values: Sequence[Any]) -> list[str] | None:
    """google-adk's text of every value, computed in C; ``None`` if a ``None`` or a missing
    key needs the Python pass."""
    # The set of the values' exact types, built in C, says which pass is exact without
    # calling anything on a value (L, 10,000 values: about 2x join, where trying a join
    # that fails on the first int and then testing identities cost 5x join).
    types = set(map(type, values))
    if types <= _FORMAT_IS_STR:
        return list(map(format, values))  # returns a str as it is: 3x cheaper than str()
    if _NoneType in types or _Missing in types:
        return None
    return list(map(str, values))


def _lookups(
    keys: tuple[str, ...], optional: tuple[bool, ...], adk_values: bool
) -> tuple[Callable[[dict[str, Any]], Sequence[Any]], Callable[[Sequence[Any]], Sequence[Any]]]:
    """A gather of the values and an expander from them to one item per placeholder.

    When keys repeat, each distinct key is looked up, typed and formatted once, and the
    expander copies its text to every placeholder of that key.
    """
    distinct = tuple(dict.fromkeys(keys))
    # Worth it once at least one key in five repeats: a repeated placeholder then costs
    # an index (about 8 ns) instead of a lookup, a type and a format (about 45 ns). On L
    # (10,000 placeholders over 1,000 keys) render went from 6.7x to 3.0x join.
    if len(distinct) * 5 > len(keys) * 4:
        return _gatherer(keys, optional, adk_values), _same
    # A missing key may read as None (google-adk's text for it) only where every
    # occurrence of the key is optional.
    everywhere_optional = dict.fromkeys(distinct, True)
    for key, is_optional in zip(keys, optional):
        everywhere_optional[key] = everywhere_optional[key] and is_optional
    # itemgetter raises for the first missing distinct key, which is the first missing
    # placeholder in template order only when no placeholder is optional.
    gather = _gatherer(distinct, tuple(everywhere_optional.values()), adk_values, allow_itemgetter=not any(optional))
    position = {key: index for index, key in enumerate(distinct)}
    return gather, itemgetter(*(position[key] for key in keys))


def _gatherer(
    keys: tuple[str, ...], optional: tuple[bool, ...], adk_values: bool, *, allow_itemgetter: bool = True
) -> Callable[[dict[str, Any]], Sequence[Any]]:
    """A function looking every key up in C: the values in order, `_MISSING` (or,
    for google-adk, ``None``) for an absent optional key; ``KeyError`` for a required one."""
    if allow_itemgetter and len(keys) > 1 and not any(optional):
        # A KeyError names the first missing key, as `state[key]` would; twice as fast
        # as mapping `state.get` (measured on L).
        return itemgetter(*keys)
    defaults = tuple(None if is_optional and adk_values else _MISSING for is_optional in optional)
    return lambda state: list(map(state.get, keys, defaults))


def _same(items: Sequence[Any]) -> Sequence[Any]:
    return items


def _format_values(
    values: Sequence[Any], keys: tuple[str, ...], optional: tuple[bool, ...], format_value: Callable[[Any], str]
) -> list[str]:
    texts = []
    for key, value, is_optional in zip(keys, values, optional):
        if value is not _MISSING:
            texts.append(format_value(value))
        elif is_optional:
            texts.append("")
        else:
            raise KeyError(key)
    return texts
