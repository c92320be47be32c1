"""Values as the JVM ports (adk-java, adk-kotlin) write them: ``String.valueOf`` / ``toString``,
and a ``Part`` artifact as JSON (Jackson in Java, Gson in Kotlin).

Python values stand for the Java objects a session holds: an ``int`` an ``Integer``/``Long``
(``BigInteger`` beyond), a ``float`` a ``Double``, a ``dict`` a ``LinkedHashMap`` (entries in
insertion order), a ``list`` or ``tuple`` a ``List``. ``None`` inside a collection is
``null``; as a state value it cannot be stored (both ports' state maps reject null), which is
a ``ValueError``.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Mapping
from typing import Any

from templating.dialects.dialect import compiled
from templating.dialects.values import Layout, plain, scalar_text, shortest_digits, write_nested

__all__ = [
    "JAVA_WHITESPACE",
    "KOTLIN_WHITESPACE",
    "format_jvm_value",
    "gson_part_json",
    "is_java_identifier",
    "is_kotlin_identifier",
    "jackson_part_json",
    "java_double",
]

#: Java's `String.trim()` removes every character up to U+0020, and nothing else (so a
#: no-break space stays).
JAVA_WHITESPACE = "".join(map(chr, range(0x21)))

#: Kotlin's `trim()`: `Char.isWhitespace()`, which on the JVM is `Character.isWhitespace`
#: (ASCII spaces, U+001C-U+001F, separators other than no-break ones) or
#: `Character.isSpaceChar` (every separator, no-break ones included).
KOTLIN_WHITESPACE = (
    "\t\n\v\f\r\x1c\x1d\x1e\x1f \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)

# `Character.isJavaIdentifierStart`: letters, letter numbers, currency symbols (`$`) and
# connector punctuation (`_`). `isJavaIdentifierPart` adds digits, combining marks, format
# characters and the "ignorable" controls.
_JAVA_START = ("Lu", "Ll", "Lt", "Lm", "Lo", "Nl", "Sc", "Pc")
_JAVA_PART = (*_JAVA_START, "Nd", "Mn", "Mc", "Cf")


def _is_ignorable(character: str) -> bool:
    code = ord(character)
    return code <= 0x08 or 0x0E <= code <= 0x1B or 0x7F <= code <= 0x9F


def is_java_identifier(name: str) -> bool:
    """adk-java's ``isValidIdentifier``: ``Character.isJavaIdentifierStart/Part`` on each
    UTF-16 unit, so ``$`` is accepted and a letter beyond U+FFFF (two surrogates) is not."""
    if not name or any(ord(character) > 0xFFFF for character in name):
        return False
    if unicodedata.category(name[0]) not in _JAVA_START:
        return False
    return all(unicodedata.category(c) in _JAVA_PART or _is_ignorable(c) for c in name[1:])


def is_kotlin_identifier(name: str) -> bool:
    """adk-kotlin's ``isValidIdentifier``: a letter (``Char.isLetter``) or ``_``, then letters,
    digits or ``_``, on UTF-16 units: no ``$``, no letter beyond U+FFFF."""
    if not name or any(ord(character) > 0xFFFF for character in name):
        return False
    if not (unicodedata.category(name[0]).startswith("L") or name[0] == "_"):
        return False
    return all(c == "_" or unicodedata.category(c)[0] == "L" or unicodedata.category(c) == "Nd" for c in name)


def java_double(number: float) -> str:
    """``Double.toString``: plain from 0.001 up to 10,000,000 with at least one decimal
    (``2.0``, ``1000000.0``), otherwise ``1.0E21``, ``1.5E-4``; ``NaN``, ``Infinity``."""
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    if number == 0:
        return "-0.0" if math.copysign(1, number) < 0 else "0.0"
    sign = "-" if number < 0 else ""
    digits, exponent = _java_digits(abs(number))
    point = exponent + len(digits)
    if 1e-3 <= abs(number) < 1e7:
        if point <= 0:
            return f"{sign}0.{'0' * -point}{digits}"
        whole, fraction = digits[:point].ljust(point, "0"), digits[point:]
        return f"{sign}{whole}.{fraction or '0'}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{point - 1}"


def _java_digits(number: float) -> tuple[str, int]:
    """The digits Java writes: the shortest that read back as ``number``, but never fewer
    than two where two can be closer to its exact value (``Double.MIN_VALUE`` is
    ``4.9E-324``, not ``5.0E-324``; checked against JDK 25 on 11,000 doubles)."""
    digits, exponent = shortest_digits(number)
    if len(digits) > 1:
        return digits, exponent
    from decimal import Decimal  # here: only a one-digit double needs it

    two = f"{Decimal(number):.1e}"  # the exact value, rounded to two digits
    if float(two) != number:
        return digits, exponent
    mantissa, _, power = two.partition("e")
    candidate = mantissa.replace(".", "").rstrip("0") or "0"
    if len(candidate) < 2:
        return digits, exponent
    return candidate, int(power) - 1


def _leaf(value: Any) -> str:
    return scalar_text(value, null="null", float_text=java_double, language="Java")


def _circular(cycle: list[tuple[Any, str]]) -> str:
    return "the value contains itself: `toString` would recurse until a StackOverflowError"


_LAYOUT = Layout(
    leaf=_leaf,
    entries=lambda mapping: [(_leaf(key), item) for key, item in mapping.items()],
    key=lambda key: key + "=",
    opening=("{", "["),
    closing=("}", "]"),
    separator=", ",
    circular=_circular,
)


def format_jvm_value(value: Any, port: str) -> str:
    """The text adk-java's ``String.valueOf`` and adk-kotlin's ``toString()`` give a state
    value (``{k=1, s=v}``, ``[1, a, true, null]``, ``2.0``, ``1.0E21``). ``None`` raises
    ``ValueError``: ``port``'s state cannot hold null."""
    if value is None:
        raise ValueError(f"{port} state cannot hold null (its state map rejects null values)")
    if isinstance(value, str):
        return value
    return write_nested(plain(value), _LAYOUT)


def _part(artifact: Any) -> Any:
    """A loaded artifact as the Part object a JVM port holds: a ``str`` is a text Part."""
    if isinstance(artifact, str):
        return {"text": artifact}
    value = plain(artifact)
    if isinstance(value, Mapping):
        return {key: item for key, item in value.items() if item is not None}
    return value


def jackson_part_json(artifact: Any) -> str:
    """adk-java's ``Part::toJson``: Jackson, compact, no null fields, no HTML escaping; a
    control character is ``\\n``-style or ``\\u00XX`` with capital hex digits."""
    text = json.dumps(_part(artifact), ensure_ascii=False, separators=(",", ":"))
    return compiled(r"\\u00[0-9a-f]{2}").sub(lambda match: match.group().upper().replace("\\U", "\\u"), text)


# Gson escapes these for HTML by default, and U+2028/U+2029 for JavaScript.
_GSON_ESCAPES = {ord(character): f"\\u{ord(character):04x}" for character in "<>&='\u2028\u2029"}


def gson_part_json(artifact: Any) -> str:
    """adk-kotlin's ``Json.toJsonString`` on the JVM: ``Gson().toJson(part)``, compact, no
    null fields, with Gson's HTML-safe escaping (``<`` is ``\\u003c``, ``'`` is ``\\u0027``)."""
    text = json.dumps(_part(artifact), ensure_ascii=False, separators=(",", ":"))
    return text.translate(_GSON_ESCAPES)
