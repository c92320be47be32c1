"""TPL017: where the ADK ports a project targets would render one placeholder differently.

Each port is a dialect of the compiler (`templating.dialects.PORT_DIALECTS`): ``python`` is google-adk,
``js`` adk-js, ``go``, ``java``, ``kotlin`` the Google ports, ``adk-ts`` IQAI's TypeScript
port. A brace group diverges when the ports read it differently: one substitutes it and
another keeps it literal, they read other keys or paths, or they split it into other groups
(ADK-TS matches single braces only, so ``{{x}}`` is ``{`` + ``x`` + ``}`` there). A state
placeholder diverges when a key missing from the state is still found by some ports (the
JavaScript ports find the members every object inherits), or when the value the sample state
gives it turns into different text (``True``/``true``, a ``repr``, JSON, ``map[k:1]``,
``{k=1}``). An artifact placeholder diverges when the ports write a Part differently (its
text, the Part's JSON, ``[object Object]``).

One finding per placeholder lists the ports grouped by what they give, the smallest groups
first, so the odd ones out lead. ``${name}`` and ``\\{name}`` are TPL007's and non-ASCII names
TPL008's: they are not reported again here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from templating.dialects import PORT_DIALECTS, Dialect
from templating.dialects.ports import group_ports, port_dialect, port_texts
from templating.lexer import TokenKind, tokenize
from templating.lint.check import Context
from templating.lint.hazard import Hazard, shorten
from templating.nodes import LiteralGroup, Node, Placeholder, Template
from templating.parser import read_group
from templating.state_shape import is_schema

__all__ = ["check_port_divergence", "form_divergence", "group_ports", "port_dialect", "port_texts"]

# A value of each JSON Schema type, to show what each port writes for that type.
_SAMPLES: dict[str, Any] = {
    "object": {"k": 1, "s": "v"},
    "array": [1, "a", True, None],
    "boolean": True,
    "null": None,
    "number": 1e6,
}

# The Part an artifact placeholder is shown with.
_SAMPLE_PART = {"text": "<notes>"}


def _shown(texts: Mapping[str, str]) -> str:
    return "; ".join(f"{', '.join(ports)}: {shorten(text)}" for ports, text in group_ports(texts))


def check_port_divergence(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL017: a placeholder the targeted ports would render differently."""
    ports = tuple(port for port in context.target_ports if port in PORT_DIALECTS)
    if len(ports) < 2:
        return
    for node in template.nodes:
        if not isinstance(node, (Placeholder, LiteralGroup)) or _reported_elsewhere(template.text, node):
            continue
        message = form_divergence(node, ports) or _value_divergence(node, ports, context.state)
        if message is not None:
            yield Hazard(
                "TPL017", node.span.start, node.span.end, message,
                "use a value and a form every targeted port renders alike, such as text or a whole number",
            )  # fmt: skip


def _reported_elsewhere(text: str, node: Node) -> bool:
    """Whether another rule reports this group's divergence: TPL007 a group after `$` or
    `\\`, TPL008 a placeholder with a non-ASCII name (one span, one finding)."""
    start = node.span.start
    if start > 0 and text[start - 1] in "$\\":
        return True
    return isinstance(node, Placeholder) and not node.key.isascii()


def form_divergence(node: Node, ports: tuple[str, ...]) -> str | None:
    """The message when ``ports`` read the brace group ``node`` differently, else ``None``."""
    readings = {port: _reading(node.source, port_dialect(port)) for port in ports}
    if len(set(readings.values())) > 1:
        return f"`{shorten(node.source)}` is read differently by the ADK ports: {_shown(readings)}"
    return None


def _reading(source: str, dialect: Dialect) -> str:
    """What a port makes of a brace group: the groups it cuts it into, each read."""
    pieces = []
    for token in tokenize(source, dialect):
        text = token.span.slice(source)
        node = read_group(text, dialect) if token.kind is TokenKind.GROUP else None
        pieces.append(_describe(node) if isinstance(node, Placeholder) else None)
    if all(piece is None for piece in pieces):
        return "literal text"
    return " + ".join(piece or "text" for piece in pieces)


def _describe(node: Placeholder) -> str:
    if node.artifact:
        return f"artifact `{shorten(node.key)}`"
    steps = "".join(f".{step}" for step in node.path)
    return f"state key `{shorten(node.key + steps)}`"


def _value_divergence(node: Node, ports: tuple[str, ...], state: Mapping[str, Any] | None) -> str | None:
    if not isinstance(node, Placeholder):
        return None
    if node.artifact:
        return _artifact_divergence(node, ports)
    if state is None or node.key not in _state_keys(state):
        return _inherited_divergence(node, ports)
    if is_schema(state):
        kind = _schema_type(state["properties"][node.key])
        if kind not in _SAMPLES:
            return None
        texts = port_texts(_SAMPLES[kind], ports)
        sample = f"a value of type `{kind}`"
    else:
        texts = port_texts(state[node.key], ports, node.path)
        sample = "the sample value"
    if len(set(texts.values())) > 1:
        return f"`{shorten(node.source)}` renders differently per port for {sample}: {_shown(texts)}"
    return None


def _schema_type(property_schema: Any) -> str | None:
    """The one type a schema's property declares (``["string", "null"]`` is a string);
    ``None`` for a property that is not an object or declares none or several."""
    if not isinstance(property_schema, dict):
        return None
    declared = property_schema.get("type")
    if isinstance(declared, list):
        named = [kind for kind in declared if isinstance(kind, str) and kind != "null"]
        return named[0] if len(named) == 1 else None
    return declared if isinstance(declared, str) else None


def _artifact_divergence(node: Placeholder, ports: tuple[str, ...]) -> str | None:
    texts = {}
    for port in ports:
        write = port_dialect(port).format_artifact
        texts[port] = _SAMPLE_PART["text"] if write is None else write(_SAMPLE_PART)
    if len(set(texts.values())) > 1:
        return f"`{shorten(node.source)}` renders a text Part differently per port: {_shown(texts)}"
    return None


def _inherited_divergence(node: Placeholder, ports: tuple[str, ...]) -> str | None:
    """A key no state holds that some ports still find (JavaScript's `toString`...)."""
    if node.path:
        return None
    finders = [port for port in ports if node.key in port_dialect(port).inherited_values]
    if not finders or len(finders) == len(ports):
        return None
    return (
        f"`{shorten(node.source)}` is found by {', '.join(finders)} even when the state lacks it "
        f"(every JavaScript object has a `{node.key}`), while the other ports miss it"
    )


def _state_keys(state: Mapping[str, Any]) -> Mapping[str, Any]:
    return state["properties"] if is_schema(state) else state
