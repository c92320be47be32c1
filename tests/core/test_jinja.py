"""Jinja2 mode: the same output or error as google-adk's own `use_jinja2=True`, compiled once."""

import subprocess
import sys

import jinja2
import pytest
from adk_oracle import make_adk_context, make_part
from google.adk.flows.llm_flows.prompt import inject_session_state as adk_inject

import templating
from templating import jinja

STATE = {
    "name": "Ada",
    "none": None,
    "n": 1.5,
    "flag": True,
    "items": ["x", "y"],
    "d": {"k": [1, None]},
    "user:name": "U",
}
ARTIFACTS = {"f.txt": "file text", "data.json": '{"a": 1}'}

TEMPLATES = [
    "Hello {{ name }}!",
    "no braces at all",
    "{single} and {{ name }}",
    "{{ none }}|{{ n }}|{{ flag }}|{{ d }}|{{ items }}",
    "{% if flag %}yes{% else %}no{% endif %}",
    "{% for item in items %}{{ loop.index }}={{ item }};{% endfor %}",
    "{{ state['user:name'] }} {{ state.name }}",
    "{{ items | join(', ') | upper }}",
    "{{ d['k'][0] + 1 }}",
    "{{ missing }}",
    "{{ missing | default('fallback') }}",
    "{{ d.missing }}",
    "{{ name.__class__ }}",
    "{{ name.__class__.__mro__ }}",
    "{{ state.update }}",
    "{{ artifact('f.txt') }} / {{ artifact('data.json') }}",
    "{{ artifact('gone') }}",
    "{% if %}",
    "{{ name }",
    "{% raw %}{{ name }}{% endraw %}",
    "{{ '<b>' ~ name }}",
    "{# comment #}{{ name|length }}",
]


async def _outcome(coroutine):
    try:
        return ("output", await coroutine)
    except (KeyError, ValueError) as error:
        builtin = KeyError if isinstance(error, KeyError) else ValueError
        if isinstance(error, jinja2.TemplateError):
            return (type(error).__name__, str(error))
        return (builtin.__name__, error.args[0])
    except jinja2.TemplateError as error:
        return (type(error).__name__, str(error))


@pytest.mark.parametrize("artifacts", [ARTIFACTS, None], ids=["artifacts", "no-service"])
@pytest.mark.parametrize("template", TEMPLATES)
async def test_jinja_matches_google_adk_jinja_mode(template, artifacts):
    adk_context = await make_adk_context(dict(STATE), artifacts)
    expected = await _outcome(adk_inject(template, adk_context, use_jinja2=True))
    assert await _outcome(templating.inject_session_state(template, adk_context, use_jinja2=True)) == expected
    parts = None if artifacts is None else {name: make_part(text) for name, text in artifacts.items()}
    ours = templating.ReadonlyContext(STATE, agent_name="agent", artifacts=parts)
    assert await _outcome(templating.inject_session_state(template, ours, use_jinja2=True)) == expected


async def test_jinja_compiles_each_template_once():
    context = templating.ReadonlyContext({"name": "Ada"})
    text = "Once {{ name }} {{ 'cached' }}"
    await templating.inject_session_state(text, context, use_jinja2=True)
    before = jinja._compile.cache_info()
    assert await templating.inject_session_state(text, context, use_jinja2=True) == "Once Ada cached"
    after = jinja._compile.cache_info()
    assert (after.hits, after.misses) == (before.hits + 1, before.misses)
    assert after.maxsize == jinja.CACHE_SIZE


async def test_jinja_cannot_mutate_state_values():
    # google-adk's plain sandbox lets `append` mutate the live session state; ours refuses.
    items = ["a"]
    context = templating.ReadonlyContext({"items": items})
    with pytest.raises(jinja2.exceptions.SecurityError):
        await templating.inject_session_state("{{ items.append('b') }}", context, use_jinja2=True)
    assert items == ["a"]


async def test_jinja_rejects_a_dialect_too():
    with pytest.raises(ValueError, match="`use_jinja2=True` renders Jinja2 syntax"):
        await templating.inject_session_state("x", templating.ReadonlyContext({}), use_jinja2=True, dialect="strict")


async def test_jinja_missing_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "jinja2", None)
    jinja._environment.cache_clear()
    jinja._compile.cache_clear()
    try:
        with pytest.raises(ImportError, match=r"install it with `pip install 'agent-templating\[jinja\]'`"):
            await templating.inject_session_state("{{ x }}", templating.ReadonlyContext({}), use_jinja2=True)
    finally:
        monkeypatch.undo()
        jinja._environment.cache_clear()


def test_jinja_is_not_imported_by_the_regex_path():
    code = (
        "import asyncio, sys, templating\n"
        "context = templating.ReadonlyContext({'a': 1})\n"
        "assert asyncio.run(templating.inject_session_state('{a}', context)) == '1'\n"
        "assert asyncio.run(templating.inject_session_state('{a}', context, dialect='strict')) == '1'\n"
        "assert 'jinja2' not in sys.modules, 'jinja2 was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
