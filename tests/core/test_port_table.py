"""The port table: for each behaviour the ADK ports differ in, a template on which the dialects
differ exactly as the table in `docs/ports.md` says (the ports' sources, read at the commits
the vectors name, and the real adk-js and ADK-TS where they run)."""

from __future__ import annotations

import asyncio

import pytest
from google.genai import types

import templating

PORT_DIALECTS = {
    "python": "adk",
    "js": "adk-js",
    "go": "adk-go",
    "java": "adk-java",
    "kotlin": "adk-kotlin",
    "adk-ts": "adk-ts",
}
JS_MISSING = "Context variable not found: `k`."
OBJECT = "function Object() { [native code] }"


def _error(message):
    return ("error", message)


ROWS = {
    "brace runs": ("{{x}}", {"x": "X"}, {"adk-ts": "{X}", "*": "X"}),
    "dollar before a brace": ("${x}", {"x": "X"}, {"python": "${x}", "*": "$X"}),
    "backslash before a brace": ("\\{x}", {"x": "X"}, {"python": "\\{x}", "*": "\\X"}),
    "a non-ASCII letter": ("{café}", {"café": "1"}, {"js": "{café}", "adk-ts": "{café}", "*": "1"}),
    "a letter beyond U+FFFF": ("{\U0001d4b3}", {"\U0001d4b3": "1"}, {"python": "1", "go": "1", "*": "{\U0001d4b3}"}),
    "a dollar in a name": ("{$x}", {"$x": "1"}, {"java": "1", "adk-ts": "1", "*": "{$x}"}),
    "a no-break space around a name": ("{\u00a0x\u00a0}", {"x": "X"}, {"java": "{\u00a0x\u00a0}", "*": "X"}),
    "a nested path": ("{a.b}", {"a": {"b": "B"}}, {"adk-ts": "B", "*": "{a.b}"}),
    "null": (
        "[{n}]",
        {"n": None},
        {
            "python": "[]",
            "go": "[]",
            "js": "[null]",
            "adk-ts": "[null]",
            "java": _error(
                "Value of `n` cannot be rendered: adk-java state cannot hold null (its state map rejects null values)"
            ),
            "kotlin": _error(
                "Value of `n` cannot be rendered: adk-kotlin state cannot hold null (its state map rejects null values)"
            ),
        },
    ),
    "a dict": (
        "{d}",
        {"d": {"k": 1, "s": "v"}},
        {
            "python": "{'k': 1, 's': 'v'}",
            "js": '{"k":1,"s":"v"}',
            "go": "map[k:1 s:v]",
            "java": "{k=1, s=v}",
            "kotlin": "{k=1, s=v}",
            "adk-ts": '{\n  "k": 1,\n  "s": "v"\n}',
        },
    ),
    "a list": (
        "{l}",
        {"l": [1, "a", True, None]},
        {
            "python": "[1, 'a', True, None]",
            "js": '[1,"a",true,null]',
            "go": "[1 a true <nil>]",
            "java": "[1, a, true, null]",
            "kotlin": "[1, a, true, null]",
            "adk-ts": '[\n  1,\n  "a",\n  true,\n  null\n]',
        },
    ),
    "a boolean": ("{t}", {"t": True}, {"python": "True", "*": "true"}),
    "floats": (
        "{a} {b} {c}",
        {"a": 2.0, "b": 1e6, "c": 1e21},
        {
            "python": "2.0 1000000.0 1e+21",
            "js": "2 1000000 1e+21",
            "adk-ts": "2 1000000 1e+21",
            "go": "2 1e+06 1e+21",
            "java": "2.0 1000000.0 1.0E21",
            "kotlin": "2.0 1000000.0 1.0E21",
        },
    ),
    "an artifact": (
        "{artifact.f}",
        {},
        {
            "java": '{"text":"a<b"}',
            "kotlin": '{"text":"a\\u003cb"}',
            "adk-ts": "[object Object]",
            "*": "a<b",
        },
    ),
    "no artifact service, optional": (
        "[{artifact.f?}]",
        None,
        {
            "python": _error("Artifact service is not initialized."),
            "js": _error("Artifact service is not initialized."),
            "adk-ts": _error("Artifact service is not initialized."),
            "go": _error("artifact service is not initialized"),
            "java": _error("NullPointerException: the invocation context has no artifact service"),
            "kotlin": "[]",
        },
    ),
    "a missing key": (
        "{k}",
        {},
        {
            "python": _error("Context variable not found: `k` in agent 'a'."),
            "go": _error("state key does not exist"),
            "*": _error(JS_MISSING),
        },
    ),
    "a key every JavaScript object has": (
        "{constructor}",
        {},
        {
            "js": OBJECT,
            "adk-ts": OBJECT,
            "python": _error("Context variable not found: `constructor` in agent 'a'."),
            "go": _error("state key does not exist"),
            "*": _error("Context variable not found: `constructor`."),
        },
    ),
}


async def _render(template, state, dialect):
    artifacts = None if state is None else {"f": types.Part(text="a<b")}
    context = templating.ReadonlyContext(state or {}, agent_name="a", artifacts=artifacts)
    try:
        return await templating.inject_session_state(template, context, dialect=dialect)
    except templating.TemplateError as error:
        return _error(error.args[0])


@pytest.mark.parametrize("row", ROWS, ids=list(ROWS))
def test_port_table_each_behaviour_differs_as_the_table_says(row):
    template, state, expected = ROWS[row]
    rendered = {port: asyncio.run(_render(template, state, dialect)) for port, dialect in PORT_DIALECTS.items()}
    assert rendered == {port: expected.get(port, expected.get("*")) for port in PORT_DIALECTS}
