"""Lint every instruction of the real ADK corpus (486 texts): no crash, and the known hazards are found."""

import collections
import json
from pathlib import Path

from templating.lint.instruction_lint import lint_instruction
from templating.lint.settings import Settings
from templating.project.model.instruction import RUNTIME_VALUE, Instruction, Interpolation, SourceFile

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus" / "adk-samples-instructions.jsonl"


def _findings():
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    found = []
    for row in rows:
        if "provider" in row["kind"]:
            continue  # an InstructionProvider's text is never injected
        text = row.get("adk_sees") or row["text"]
        values = tuple(Interpolation(i, "value") for i, c in enumerate(text) if c == RUNTIME_VALUE)
        offsets = tuple(range(len(text) + 1))
        instruction = Instruction(SourceFile(row["path"], text), text, offsets, row["field"], values)
        found.extend((row, finding) for finding in lint_instruction(instruction, Settings()))
    return rows, found


def test_corpus_lints_every_instruction_without_crashing():
    rows, found = _findings()
    assert len(rows) == 486
    counts = collections.Counter(finding.code for _, finding in found)
    # The two `{CityTime...}` groups of adk-docs' graph example are the ADK 2 `input_schema`
    # idiom: judged by TPL020 against the agent, not TPL005.
    assert counts == {"TPL002": 52, "TPL010": 17, "TPL001": 3, "TPL007": 2}


def test_corpus_known_hazards_are_pinned():
    _, found = _findings()
    pinned = {(row["path"].rsplit("/", 1)[-1], row["line"], finding.code) for row, finding in found}
    assert ("storyflow_agent.py", 182, "TPL001") in pinned  # {{current_story}} in a plain string
    assert ("prompt.py", 198, "TPL002") in pinned  # travel-concierge seat JSON written as {{ }}
    assert ("index.md", 85, "TPL005") not in pinned  # {CityTime.time_info}: the input_schema idiom
    assert ("conditional-routing.py", 67, "TPL007") in pinned  # ${weekend_budget.budget}
    assert ("prompts.py", 19, "TPL010") in pinned  # customer-service to_json() in an f-string
