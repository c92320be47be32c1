"""What each ADK port renders a value as, and the ports grouped by equal text: what lint's
port check (TPL017) and ``templating render --explain`` both show."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from templating.dialects import PORT_DIALECTS, get_dialect
from templating.dialects.dialect import MISSING, Dialect

__all__ = ["group_ports", "port_dialect", "port_texts"]


def port_dialect(port: str) -> Dialect:
    """The dialect of the port called ``port`` (``python``, ``js``, ``go``...)."""
    return get_dialect(PORT_DIALECTS[port])


def port_texts(value: Any, ports: tuple[str, ...], path: tuple[str | int, ...] = ()) -> dict[str, str]:
    """What each port renders ``value`` as (or the error it raises, in brackets), following
    ``path`` into it the way each port follows one."""
    texts = {}
    for port in ports:
        dialect = port_dialect(port)
        found = dialect.follow_path(value, path) if path else value
        if found is MISSING:
            texts[port] = "[missing]"
            continue
        try:
            texts[port] = dialect.format_value(found)
        except (TypeError, ValueError) as error:
            texts[port] = f"[error: {str(error).splitlines()[0]}]"
    return texts


def group_ports(texts: Mapping[str, str]) -> list[tuple[list[str], str]]:
    """The ports grouped by equal text, the smallest groups first (ties in port order)."""
    groups: dict[str, list[str]] = {}
    for port, text in texts.items():
        groups.setdefault(text, []).append(port)
    return sorted(((ports, text) for text, ports in groups.items()), key=lambda group: len(group[0]))
