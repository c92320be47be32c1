"""Find the instructions in ADK Agent Config YAML files.

The file is composed (not constructed) with PyYAML, so every scalar keeps its start and end
marks. Each ``instruction``, ``global_instruction`` or ``static_instruction`` scalar, in any
mapping of any document, is an instruction. Each character of the scalar's value is mapped
back to the source by walking the scalar's source text alongside the value: indentation,
line folding, quote doubling and escapes are skipped over.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import yaml

from templating.project.agent_config.yaml_documents import compose_documents
from templating.project.model.instruction import MAX_INSTRUCTION, Instruction, SourceFile
from templating.project.model.kinds import INSTRUCTION_FIELDS
from templating.project.noqa import NOQA, noqa_codes

__all__ = ["find_yaml_instructions"]

_ESCAPE_LENGTHS = {"x": 4, "u": 6, "U": 10}


def find_yaml_instructions(
    source: SourceFile, documents: Sequence[yaml.Node | None] | None = None
) -> list[Instruction]:
    """Every instruction scalar in the YAML ``source``, whose ``documents`` are composed here if
    not given (`compose_documents`); raises ``yaml.YAMLError`` if invalid."""
    found = []
    for document in compose_documents(source.text) if documents is None else documents:
        for key, value in _instruction_scalars(document):
            offsets = _map_scalar(source.text, value)
            found.append(Instruction(source, value.value, offsets, key.value, (), _noqa(source, key)))
    return found


def _instruction_scalars(root: yaml.Node | None) -> Iterator[tuple[yaml.ScalarNode, yaml.ScalarNode]]:
    for key, value in _walk(root):
        if isinstance(key, yaml.ScalarNode) and key.value in INSTRUCTION_FIELDS and isinstance(value, yaml.ScalarNode):
            yield key, value


def _walk(root: yaml.Node | None) -> Iterator[tuple[yaml.Node | None, yaml.Node]]:
    """Every node under ``root`` in document order, with the mapping key it is the value of.

    An alias is the very node its anchor names, so a mapping or sequence is walked into only
    the first time it is met: nine anchors of nine aliases each (a "billion laughs" file)
    then cost 81 steps, not 9**9. A stack, not recursion, so deep nesting cannot overflow.
    """
    entered: set[int] = set()
    stack: list[tuple[yaml.Node | None, yaml.Node | None]] = [(None, root)]
    while stack:
        key, node = stack.pop()
        if node is None:
            continue
        yield key, node
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and id(node) not in entered:
            entered.add(id(node))
            children = node.value if isinstance(node, yaml.MappingNode) else [(None, item) for item in node.value]
            stack.extend(reversed(children))


def _noqa(source: SourceFile, key: yaml.ScalarNode) -> frozenset[str]:
    match = NOQA.search(source.line_text(key.start_mark.line + 1))
    return noqa_codes(match) if match else frozenset()


def _map_scalar(text: str, node: yaml.ScalarNode) -> tuple[int, ...] | range:
    """The source offset of each character of ``node.value``, plus one for its end. A value
    longer than `MAX_INSTRUCTION` is one TPL013 finding, its keys unknown to the model: its
    offsets run on from its first character (a 30 MB scalar mapped a character at a time took
    20 s and 3 GB)."""
    position, end = node.start_mark.index, node.end_mark.index
    if node.style in ("|", ">"):
        position = text.find("\n", position, end) + 1 or end
    elif node.style in ("'", '"'):
        position += 1
    if len(node.value) > MAX_INSTRUCTION:
        first = min(_find(text, position, end, node.value[0], node.style), end)
        return range(first, first + len(node.value) + 1)
    offsets = []
    for character in node.value:
        position = _find(text, position, end, character, node.style)
        offsets.append(min(position, max(end - 1, 0)))
        position += _length(text, position, node.style)
    offsets.append(min(position, end))
    return tuple(offsets)


def _find(text: str, position: int, end: int, character: str, style: str | None) -> int:
    """The next source offset at or after ``position`` that produces ``character``."""
    while position < end:
        source = text[position]
        if source == character or (character == " " and source == "\n"):
            return position
        if style == '"' and source == "\\":
            if text[position + 1 : position + 2] not in ("\n", "\r"):
                return position
            position = _skip_escaped_line_break(text, position)
            continue
        position += 1
    return position


def _skip_escaped_line_break(text: str, position: int) -> int:
    """The offset after a ``\\`` at ``position`` that ends a line in a double-quoted scalar.

    YAML joins the lines without a character: the backslash, the line break and the next
    line's leading spaces and tabs all produce nothing.
    """
    position += 3 if text[position + 1 : position + 3] == "\r\n" else 2
    while text[position : position + 1] in (" ", "\t"):
        position += 1
    return position


def _length(text: str, position: int, style: str | None) -> int:
    """How many source characters produced the value character at ``position``."""
    if style == '"' and text[position : position + 1] == "\\":
        return _ESCAPE_LENGTHS.get(text[position + 1 : position + 2], 2)
    return 1
