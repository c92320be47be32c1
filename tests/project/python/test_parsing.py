"""`parse_python` parses a large module a run of top-level statements at a time: the tree it
gives must be the tree `ast.parse` gives, positions included, and a module that does not parse
must raise the error `ast.parse` raises."""

import ast
import copy
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from templating.project.python import parsing
from templating.project.python.parsing import parse_python

STATEMENTS = [
    "def f{i}(ctx):\n    return Event(state={{'k{i}': 1}})\n",
    "@node(name='n{i}')\ndef g{i}():\n    pass\n",
    "class C{i}:\n    x = 1\n\n    def m(self):\n        return self.x\n",
    'PROMPT{i} = """\nYou are agent {i}.\nelse: not code\n"""\n',
    "value{i} = (\n1,\n2)\n",
    "if x{i}:\n    pass\nelse:\n    y = 1\n",
    "try:\n    a = {i}\nexcept Exception:\n    pass\nfinally:\n    b = 2\n",
    "total{i} = 1 + \\\n2\n",
    "# a comment at column 0\n\n",
    "async def h{i}():\n    async with x as y:\n        await y\n",
    "items{i} = [\n    'a',\n]\n",
    "text{i} = f'{{x}}' + 'é{i}'\n",
    # Longer than the chunks below: parsed before the rest, or (in a string) read in its run.
    "edges{i} = [" + ", ".join(f"node{n}" for n in range(60)) + "]\n",
    'LONG{i} = """\n' + "steps = [" + ", ".join(f"s{n}" for n in range(60)) + "]\n" + '"""\n',
    'LOOSE{i} = """\n' + "take (" + "x " * 150 + '\n"""\n',
]


def _same(text: str) -> None:
    expected = ast.dump(ast.parse(text, filename="m.py"), include_attributes=True)
    # A copy is made of plain `ast` nodes: `ast.dump` leaves out a field that is None only
    # where the class says None is its default, which a compact class's slot does not.
    assert ast.dump(copy.deepcopy(parse_python(text, "m.py")), include_attributes=True) == expected


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    # Chunks of a few hundred characters, so that every test cuts a module many times.
    monkeypatch.setattr(parsing, "WHOLE", 0)
    monkeypatch.setattr(parsing, "CHUNK", 200)


def test_a_module_of_many_statements_gives_the_tree_of_one_parse() -> None:
    _same("".join(template.format(i=i) for i in range(20) for template in STATEMENTS))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(STATEMENTS), st.integers(0, 999)), max_size=60))
def test_any_mix_of_statements_gives_the_tree_of_one_parse(parts: list[tuple[str, int]]) -> None:
    _same("".join(template.format(i=i) for template, i in parts))


@pytest.mark.parametrize(
    "text",
    [
        "x = 1\n" * 100 + "def f(:\n    pass\n" + "y = 2\n" * 100,
        "x = 1\n" * 100 + "else:\n    pass\n",
        "x = 1\n" * 100 + "s = '''\n" + "line\n" * 100,
        "x = 1\n" * 100 + "def f():\n    return 1\n  y = 2\n" + "z = 3\n" * 100,
        "x = 1\n" * 100 + "edges = [" + ", ".join(f"n{i}" for i in range(100)) + ",,]\n" + "y = 2\n" * 100,
    ],
    ids=["invalid", "a stray else", "an unterminated string", "a bad dedent", "a long invalid statement"],
)
def test_a_module_that_does_not_parse_raises_what_one_parse_raises(text: str) -> None:
    with pytest.raises(SyntaxError) as expected:
        ast.parse(text, filename="m.py")
    with pytest.raises(SyntaxError) as found:
        parse_python(text, "m.py")
    assert (found.value.msg, found.value.lineno, found.value.offset) == (
        expected.value.msg,
        expected.value.lineno,
        expected.value.offset,
    )


def test_a_long_statement_is_parsed_before_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    parse = ast.parse
    recording = types.SimpleNamespace(
        **{**vars(ast), "parse": lambda text, **options: parsed.append(text) or parse(text, **options)}
    )
    monkeypatch.setattr(parsing, "ast", recording)  # `parsing`'s `ast` only: pytest parses too
    edges = "edges = [" + ", ".join(f"node{n}" for n in range(100)) + "]\n"
    longer = "routes = {" + ", ".join(f"'r{n}': node{n}" for n in range(100)) + "}\n"
    text = "x = 1\n" * 100 + edges + "y = 2\n" * 100 + longer + "z = 3\n" * 100
    _same(text)
    assert parsed[:2] == [longer, edges]  # the longest first, while the tree is empty


def test_a_long_stretch_inside_a_string_is_read_in_its_run() -> None:
    code_like = "steps = [" + ", ".join(f"s{n}" for n in range(100)) + "]\n"
    _same("x = 1\n" * 100 + 'PROMPT = """\n' + code_like + '"""\n' + "y = 2\n" * 100)
    _same("x = 1\n" * 100 + 'PROMPT = """\n' + "take (" + "x " * 300 + '\n"""\n' + "y = 2\n" * 100)


def test_a_late_future_import_is_kept_where_it_is() -> None:
    _same("x = 1\n" * 100 + "from __future__ import annotations\n" + "y = 2\n" * 100)


def test_lone_carriage_returns_end_lines_too() -> None:
    _same("x = 1\r" * 200 + "y = (\r1)\r" * 200)


def test_a_decorator_stays_with_its_function() -> None:
    text = "".join(f"@decorator\n\ndef f{i}():\n    pass\n" for i in range(50))
    _same(text)


def test_a_small_module_is_parsed_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsing, "WHOLE", 10_000)
    calls: list[str] = []
    real = ast.parse
    monkeypatch.setattr(parsing.ast, "parse", lambda text, **options: calls.append(text) or real(text, **options))
    parse_python("x = 1\n" * 100, "m.py")
    assert len(calls) == 1


def test_a_large_module_is_parsed_in_runs_of_statements(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = ast.parse
    monkeypatch.setattr(parsing.ast, "parse", lambda text, **options: calls.append(text) or real(text, **options))
    text = "".join(f"def f{i}():\n    return {i}\n" for i in range(1_000))
    parse_python(text, "m.py")
    assert len(calls) > 50 and "".join(calls) == text
