"""TPL017: where the ADK ports a project targets would render one placeholder differently.

Each port is a dialect of the compiler: ``python`` is google-adk (the ``adk`` dialect) and
``js`` is adk-js (the ``adk-js`` dialect). A placeholder diverges when the ports read its
brace group differently (one substitutes it, the other keeps it literal, or they read other
keys), when a key missing from the state is still found by one port (adk-js finds the members
every JavaScript object inherits), or when the value the sample state gives it turns into
different text. ``${name}`` and ``\\{name}`` are TPL007's and non-ASCII names TPL008's: they
are not reported again here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from templating.lint.hazard import Hazard, shorten
from templating.lint.state_shape import is_schema
from templating.nodes import LiteralGroup, Node, Placeholder, Template
from templating.parser import read_group
from templating.dialects import ADK, ADK_JS, Dialect

if TYPE_CHECKING:
    from templating.lint.checks import Context

__all__ = ["PORTS", "check_port_divergence", "port_texts"]

#: The ports TPL017 compares, by the name `target-ports` uses, and the dialect of each.
PORTS: dict[str, Dialect] = {"python": ADK, "js": ADK_JS}

# JSON Schema types whose values every port writes differently (`True`/`true`, repr/JSON).
_DIVERGENT_TYPES = {
    "object": "an object renders as a Python `repr` in python and as JSON in js",
    "array": "a list renders as a Python `repr` in python and as JSON in js",
    "boolean": "a boolean renders `True` in python and `true` in js",
    "null": "`null` renders as empty text in python and `null` in js",
    "number": "a number may render differently (`1.0` in python, `1` in js)",
}


def port_texts(value: Any, ports: tuple[str, ...]) -> dict[str, str]:
    """What each port renders ``value`` as (or the error it raises, in brackets)."""
    texts = {}
    for port in ports:
        try:
            texts[port] = PORTS[port].format_value(value)
        except (TypeError, ValueError) as error:
            texts[port] = f"[error: {str(error).splitlines()[0]}]"
    return texts


def check_port_divergence(template: Template, context: Context) -> Iterator[Hazard]:
    """TPL017: a placeholder the targeted ports would render differently."""
    ports = tuple(port for port in context.target_ports if port in PORTS)
    if len(ports) < 2:
        return
    for node in template.nodes:
        if not isinstance(node, (Placeholder, LiteralGroup)) or _reported_elsewhere(template.text, node):
            continue
        message = _form_divergence(node, ports) or _value_divergence(node, ports, context.state)
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


def _form_divergence(node: Node, ports: tuple[str, ...]) -> str | None:
    readings = {port: _reading(read_group(node.source, PORTS[port])) for port in ports}
    if len(set(readings.values())) > 1:
        shown = "  ".join(f"{port}: {reading}" for port, reading in readings.items())
        return f"`{shorten(node.source)}` is read differently by the ADK ports: {shown}"
    return None


def _reading(node: Node) -> str:
    if isinstance(node, Placeholder):
        kind = "artifact" if node.artifact else "state key"
        return f"{kind} `{shorten(node.key)}`"
    return "literal text"


def _value_divergence(node: Node, ports: tuple[str, ...], state: Mapping[str, Any] | None) -> str | None:
    if not isinstance(node, Placeholder) or node.artifact:
        return None
    if state is None or node.key not in _state_keys(state):
        return _inherited_divergence(node, ports)
    if is_schema(state):
        reason = _DIVERGENT_TYPES.get(state["properties"][node.key].get("type"))
        return f"`{shorten(node.source)}` renders differently per port: {reason}" if reason else None
    texts = port_texts(state[node.key], ports)
    if len(set(texts.values())) > 1:
        shown = "  ".join(f"{port}: {shorten(text)}" for port, text in texts.items())
        return f"`{shorten(node.source)}` renders differently per port for the sample value: {shown}"
    return None


def _inherited_divergence(node: Placeholder, ports: tuple[str, ...]) -> str | None:
    """A key no state holds that a port still finds (adk-js: `toString`, `constructor`...)."""
    finders = [port for port in ports if node.key in PORTS[port].inherited_values]
    if not finders:
        return None
    return (
        f"`{shorten(node.source)}` is found by {', '.join(finders)} even when the state lacks it "
        f"(every JavaScript object has a `{node.key}`), while the other ports miss it"
    )


def _state_keys(state: Mapping[str, Any]) -> Mapping[str, Any]:
    return state["properties"] if is_schema(state) else state
