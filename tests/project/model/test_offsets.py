"""`Offsets` holds a long instruction's source offsets as machine integers and stands for the
tuple of them: read, compared, hashed and pickled alike."""

import pickle
import sys

from templating.project.model.instruction import Instruction, SourceFile
from templating.project.model.offsets import COMPACT_FROM, Offsets

SOURCE = SourceFile("p.md", "x" * (2 * COMPACT_FROM))


def test_offsets_read_compare_hash_and_pickle_as_their_tuple() -> None:
    values = tuple(range(3, 3 + 2 * COMPACT_FROM, 2))
    offsets = Offsets(values)
    assert len(offsets) == len(values) and list(offsets) == list(values)
    assert (offsets[0], offsets[-1], offsets[5], offsets[1:4]) == (values[0], values[-1], values[5], values[1:4])
    assert offsets == values and values == offsets and offsets == Offsets(values) and offsets != values[:-1]
    assert offsets != range(3, 3 + 2 * COMPACT_FROM, 2) and values != range(3, 3 + 2 * COMPACT_FROM, 2)
    assert hash(offsets) == hash(values) and {values: 1}[offsets] == 1
    assert pickle.loads(pickle.dumps(offsets)) == offsets
    assert values.index(values[7]) == offsets.index(values[7]) and values[7] in offsets


def test_a_long_instruction_holds_its_offsets_in_a_tenth_of_the_memory() -> None:
    text = "y" * (2 * COMPACT_FROM)
    offsets = tuple(range(1_000_000, 1_000_000 + len(text) + 1))
    instruction = Instruction(SOURCE, text, offsets, "instruction")
    assert isinstance(instruction.offsets, Offsets) and instruction.offsets == offsets
    held = sys.getsizeof(instruction.offsets._values)  # type: ignore[union-attr]
    assert held * 4 < sys.getsizeof(offsets) + sum(sys.getsizeof(offset) for offset in offsets)
    assert instruction == Instruction(SOURCE, text, offsets, "instruction")  # equal to one made from the tuple
    assert pickle.loads(pickle.dumps(instruction)) == instruction
    assert instruction.position(len(text)) == SOURCE.position(offsets[-1])


def test_a_short_instruction_keeps_its_tuple() -> None:
    instruction = Instruction(SOURCE, "ab", (4, 5, 6), "instruction")
    assert type(instruction.offsets) is tuple
