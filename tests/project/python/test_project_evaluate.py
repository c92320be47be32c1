"""Static evaluation of instruction expressions: each form, with exact source positions."""

import ast
from pathlib import Path

import pytest

from templating.project.model.instruction import RUNTIME_VALUE
from templating.project.python.definitions import Namespace
from templating.project.python.evaluate import evaluate
from templating.project.python.python_source import find_python_instructions, load_module
from templating.project.sources import SourceCache


def _instructions(source: str, tmp_path: Path):
    cache = SourceCache(tmp_path)
    module = load_module(tmp_path / "agent.py", source, "agent.py", cache)
    return find_python_instructions(module, cache)


def _texts(source: str, tmp_path: Path) -> list[str]:
    return [instruction.text for instruction in _instructions(source, tmp_path)]


def _at(instruction, needle: str) -> tuple[int, int]:
    """The source line and column of ``needle``'s first character in the instruction."""
    return instruction.position(instruction.text.index(needle))


@pytest.mark.parametrize(
    ("expression", "text"),
    [
        ('"a {k} "  "b"', "a {k} b"),
        ('"a " + "{k}"', "a {k}"),
        ('"""\n  Hi {k}\n""".strip()', "Hi {k}"),
        ('"  x{k}".lstrip()', "x{k}"),
        ('"x{k}..".rstrip(".")', "x{k}"),
        ('"Hi NAME".replace("NAME", "{k}")', "Hi {k}"),
        ('"{{x}} {who}".format(who="{k}")', "{x} {k}"),
        ('"{} and {}".format("a", 1)', "a and 1"),
        ('"{who}".format(**{"who": "me"})', "me"),
        ('textwrap.dedent("""\n    Hi {k}\n      more\n""")', "\nHi {k}\n  more\n"),
        ('"\\n".join(["a", "{k}", B])', "a\n{k}\nb"),
        ('f"{B} {{k}}"', "b {k}"),
    ],
)
def test_evaluate_resolves_each_form(expression, text, tmp_path):
    source = f'import textwrap\nB = "b"\na = Agent(instruction={expression})\n'
    assert _texts(source, tmp_path) == [text]


def test_evaluate_positions_after_strip_and_concatenation(tmp_path):
    source = 'P = """\n    Hi {k}\n"""\na = Agent(instruction=P.strip() + " and {m}")\n'
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text == "Hi {k} and {m}"
    assert _at(instruction, "{k}") == (2, 8)
    assert _at(instruction, "{m}") == (4, 41)


def test_evaluate_conditional_lints_both_branches(tmp_path):
    source = 'a = Agent(instruction="one {a}" if flag else "two {b}")\n'
    assert _texts(source, tmp_path) == ["one {a}", "two {b}"]


def test_evaluate_function_returning_text(tmp_path):
    source = (
        "def root_prompt():\n"
        '    header = "Hello"\n'
        '    return header + " {user}"\n'
        "a = Agent(instruction=root_prompt())\n"
    )
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text == "Hello {user}"
    assert _at(instruction, "{user}") == (3, 23)


def test_evaluate_function_with_unresolved_return_is_not_an_instruction(tmp_path):
    source = "def build(x):\n    return x\na = Agent(instruction=build(1))\n"
    assert _instructions(source, tmp_path) == []


def test_evaluate_function_imported_from_sibling_module(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompts.py").write_text('def return_instructions_root():\n    return """Use {{x=}}."""\n')
    source = "from .prompts import return_instructions_root\na = Agent(instruction=return_instructions_root())\n"
    (instruction,) = _instructions(source, tmp_path)
    assert (instruction.source.path, instruction.text) == ("prompts.py", "Use {{x=}}.")
    assert _at(instruction, "{{") == (2, 19)


def test_evaluate_sibling_text_inside_local_concatenation_points_at_the_reference(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompts.py").write_text('ROOT = "root {a}"\n')
    source = 'from . import prompts\na = Agent(instruction="x {b} " + prompts.ROOT)\n'
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.source.path == "agent.py"
    assert _at(instruction, "{b}") == (2, 26)
    assert _at(instruction, "{a}") == (2, 34)  # the `prompts.ROOT` that brought it in


def test_evaluate_attribute_assignment_is_a_site(tmp_path):
    source = 'agent = Agent(name="a")\nagent.instruction = "Hi {k}".strip()\n'
    assert [(i.field, i.text) for i in _instructions(source, tmp_path)] == [("instruction", "Hi {k}")]


def test_evaluate_function_local_constant(tmp_path):
    source = 'def make():\n    text = "Hi {k}"\n    return Agent(instruction=text)\n'
    assert _texts(source, tmp_path) == ["Hi {k}"]


def test_evaluate_name_bound_twice_in_a_function_is_a_hole(tmp_path):
    source = (
        'def make(flag):\n    text = "a"\n    if flag:\n        text = "b"\n    return Agent(instruction="x" + text)\n'
    )
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text == "x" + RUNTIME_VALUE
    assert instruction.interpolations[0].expression == "text"


def test_evaluate_text_built_with_plus_equals_is_its_pieces_in_place(tmp_path):
    source = 'def make(flag):\n    text = "a {k}"\n    text += " b {m}"\n    return Agent(instruction="x" + text)\n'
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text == "xa {k} b {m}"
    assert (_at(instruction, "{k}"), _at(instruction, "{m}")) == ((2, 15), (3, 17))


def test_evaluate_unknown_part_is_a_hole_with_exact_positions_around_it(tmp_path):
    source = 'a = Agent(instruction=load() + f"""{schema} {{k}}""")\n'
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text == RUNTIME_VALUE + RUNTIME_VALUE + " {k}"
    assert [i.expression for i in instruction.interpolations] == ["load()", "schema"]
    assert _at(instruction, "{k}") == (1, 45)


def test_evaluate_provider_function_is_not_an_instruction(tmp_path):
    source = "def provider(context):\n    return 'Hi'\na = Agent(instruction=provider)\n"
    assert _instructions(source, tmp_path) == []


def test_evaluate_recursive_function_stops(tmp_path):
    source = "def loop():\n    return loop() + 'x'\na = Agent(instruction=loop())\n"
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text.endswith("x")


def test_evaluate_api_returns_alternatives_with_offsets(tmp_path):
    cache = SourceCache(tmp_path)
    module = load_module(tmp_path / "m.py", 'X = "ab" if c else "cd"\n', "m.py", cache)
    (statement,) = module.tree.body
    texts = evaluate(statement.value, Namespace(module, cache))  # type: ignore[attr-defined]
    assert [(t.text, t.offsets) for t in texts] == [("ab", (5, 6)), ("cd", (20, 21))]
    assert all(t.is_known for t in texts)


def test_evaluate_format_with_unknown_field_is_unknown(tmp_path):
    assert _instructions('a = Agent(instruction="{x}".format(y=1))\n', tmp_path) == []
    assert isinstance(ast.parse("x"), ast.Module)


def test_evaluate_unresolved_function_of_a_short_sibling_is_a_hole_at_the_call(tmp_path):
    # The sibling's function returns a runtime value: the hole sits at the call, in agent.py,
    # even when that line does not exist in the (shorter) sibling module.
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompts.py").write_text("def build(name):\n    return name\n")
    source = 'from .prompts import build\n\n\n\n\na = Agent(instruction="Hi " + build(user))\n'
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.source.path == "agent.py"
    assert instruction.text == "Hi " + RUNTIME_VALUE
    assert instruction.position(3) == (6, 31)
