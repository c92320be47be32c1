"""Finding instructions in ADK Agent Config YAML with exact positions."""

import pytest
import yaml

from templating.project.agent_config.yaml_source import _walk, find_yaml_instructions
from templating.project.model.instruction import SourceFile


def _positions(text: str) -> list[tuple[str, list[tuple[int, int]]]]:
    found = find_yaml_instructions(SourceFile("a.yaml", text))
    return [(i.text, [i.position(k) for k, c in enumerate(i.text) if c == "{"]) for i in found]


def test_yaml_source_literal_block_positions():
    assert _positions("instruction: |\n  Hi {a}\n    and {b}\n") == [("Hi {a}\n  and {b}\n", [(2, 6), (3, 9)])]


def test_yaml_source_folded_and_plain_multiline_positions():
    text = "instruction: >\n  one {a}\n  two {b}\nglobal_instruction: plain {c}\n  more {d}\n"
    assert _positions(text) == [("one {a} two {b}\n", [(2, 7), (3, 7)]), ("plain {c} more {d}", [(4, 27), (5, 8)])]


def test_yaml_source_double_quoted_escapes_and_single_quote_doubling():
    text = "instruction: \"a\\\"b\\n {x}\"\nstatic_instruction: 'it''s {y}'\n"
    assert _positions(text) == [('a"b\n {x}', [(1, 22)]), ("it's {y}", [(2, 28)])]


def test_yaml_source_nested_agents_and_noqa():
    found = find_yaml_instructions(SourceFile("a.yaml", "sub_agents:\n  - instruction: x  # noqa: TPL005\n"))
    assert [(i.text, i.suppressed) for i in found] == [("x", frozenset({"TPL005"}))]


def test_yaml_source_invalid_yaml_raises():
    with pytest.raises(yaml.YAMLError):
        find_yaml_instructions(SourceFile("a.yaml", "instruction: [\n"))


def _laughs() -> str:
    """A "billion laughs" file: nine anchors of nine aliases each, 9**9 scalars if expanded."""
    lines = ["a: &a [" + ", ".join(["lol"] * 9) + "]"]
    for previous, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    return "\n".join([*lines, "instruction: Hi {k}", ""])


def test_yaml_source_walk_visits_each_aliased_node_once():
    document = yaml.compose(_laughs(), Loader=yaml.SafeLoader)
    # The root, 9 sequences, 9 scalars under `a`, 8 x 9 alias items (not walked into), the instruction.
    assert len(list(_walk(document))) == 1 + 9 + 9 + 8 * 9 + 1


def test_yaml_source_billion_laughs_finds_the_instruction():
    found = find_yaml_instructions(SourceFile("a.yaml", _laughs()))
    assert [(i.text, i.position(3)) for i in found] == [("Hi {k}", (10, 17))]


def test_yaml_source_double_quoted_escaped_line_break_produces_nothing():
    text = 'instruction: "ab\\\n  {{x}} cd\\\r\n\t{y}"\n'
    assert _positions(text) == [("ab{{x}} cd{y}", [(2, 3), (2, 4), (3, 2)])]


def test_yaml_source_double_quoted_folded_line_break_is_a_space():
    assert _positions('instruction: "ab\n  {{x}} cd"\n') == [("ab {{x}} cd", [(2, 3), (2, 4)])]
