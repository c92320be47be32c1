"""Finding instructions in Python source, with exact positions and no code executed."""

from pathlib import Path

from templating.project.python.python_source import find_python_instructions, load_module
from templating.project.sources import SourceCache


def _instructions(source: str, tmp_path: Path):
    cache = SourceCache(tmp_path)
    module = load_module(tmp_path / "agent.py", source, "agent.py", cache)
    return find_python_instructions(module, cache)


def test_python_source_finds_every_instruction_keyword(tmp_path):
    found = _instructions(
        'a = Agent(instruction="i", global_instruction="g", static_instruction="s", description="d")\n', tmp_path
    )
    assert [(i.field, i.text) for i in found] == [
        ("instruction", "i"),
        ("global_instruction", "g"),
        ("static_instruction", "s"),
    ]


def test_python_source_finds_inject_session_state_first_argument(tmp_path):
    found = _instructions("await inject_session_state('Hi {name}', context)\n", tmp_path)
    assert [(i.field, i.text) for i in found] == [("inject_session_state", "Hi {name}")]


def test_python_source_implicit_concatenation_positions(tmp_path):
    source = 'a = Agent(\n    instruction=("x"  # comment\n                 "{k}"),\n)\n'
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text == "x{k}"
    assert instruction.position(1) == (3, 19)


def test_python_source_column_counts_characters_not_bytes(tmp_path):
    (instruction,) = _instructions('a = Agent(name="café", instruction="é {k}")\n', tmp_path)
    assert instruction.position(2) == (1, 39)


def test_python_source_resolves_local_constant(tmp_path):
    (instruction,) = _instructions('ROOT = "Hi {k}"\na = Agent(instruction=ROOT)\n', tmp_path)
    assert instruction.text == "Hi {k}"
    assert instruction.position(3) == (1, 12)


def test_python_source_resolves_sibling_module_constants(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompts.py").write_text('A = "from module"\nB = """from\nname {k}"""\n')
    source = "from . import prompts\nfrom .prompts import B as C\nx = Agent(instruction=prompts.A)\ny = Agent(instruction=C)\n"
    found = _instructions(source, tmp_path)
    assert [(i.source.path, i.text) for i in found] == [("prompts.py", "from module"), ("prompts.py", "from\nname {k}")]
    assert found[1].position(10) == (3, 6)


def test_python_source_ignores_calls_and_unknown_names(tmp_path):
    source = "from os import environ\na = Agent(instruction=build())\nb = Agent(instruction=environ)\nc = Agent(instruction=missing)\n"
    assert _instructions(source, tmp_path) == []


def test_python_source_noqa_on_keyword_or_assignment_line(tmp_path):
    source = 'A = "x"  # noqa: TPL001\nb = Agent(instruction=A)\nc = Agent(instruction="y")  # noqa\n'
    found = _instructions(source, tmp_path)
    assert [i.suppressed for i in found] == [frozenset({"TPL001"}), frozenset({"ALL"})]


def test_python_source_positions_with_crlf_and_backslash_continuation(tmp_path):
    source = 'a = Agent(instruction="p" \\\r\n    f"t {z!r:>{w}} {{u}}")\r\n'
    (instruction,) = _instructions(source, tmp_path)
    assert instruction.text.startswith("pt ")
    assert instruction.position(1) == (2, 7)


def test_python_source_import_cycle_is_an_unresolved_name(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "c2.py").write_text("from .c3 import X\n")
    (tmp_path / "c3.py").write_text("from .c2 import X\n")
    source = 'from .c2 import X\nfrom .c3 import Y\na = Agent(instruction=X)\nb = Agent(instruction="{k}")\n'
    found = _instructions(source, tmp_path)
    assert [i.text for i in found] == ["{k}"]
