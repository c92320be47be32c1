"""TPL021/TPL022 against the truth of a canary run under google-adk 2.13.0.

Each program of ``tests/data/untrusted/`` runs with `tests.untrusted_oracle` (every network
call and third-party tool returns a canary, the model repeats what it read); a read is truly
third-party iff google-adk injects a canary for it. The linter's reads (TPL021 or TPL022) are
compared with that truth, program by program, and the judged set is pinned in
``judged.json`` (with what each program's flow is modelled on), so a change in either shows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from templating.lint.settings import Settings
from templating.lint.untrusted_rules import find_untrusted_reads
from templating.project.reading import read_project
from tests.untrusted_oracle import FIXTURES, run_program

JUDGED = json.loads((FIXTURES / "judged.json").read_text(encoding="utf-8"))


def flagged_reads(path: Path) -> set[tuple[str, str]]:
    """``(agent, key)`` of each read TPL021 or TPL022 reports in ``path``."""
    model = read_project([path], root=FIXTURES)
    hazards = {(id(instruction), hazard.start) for instruction, hazard in find_untrusted_reads(model, Settings())}
    return {
        (agent.name, read.key)
        for agent in model.agents
        for read in agent.reads
        if (id(read.instruction), read.start) in hazards
    }


def judge(path: Path) -> dict[str, list[list[str]]]:
    truth, _ = run_program(path)
    flagged = flagged_reads(path)
    return {
        "true_positives": sorted(map(list, flagged & truth)),
        "false_positives": sorted(map(list, flagged - truth)),
        "false_negatives": sorted(map(list, truth - flagged)),
    }


@pytest.mark.parametrize("program", sorted(JUDGED["programs"]))
def test_untrusted_truth_matches_the_judged_set(program):
    judged = JUDGED["programs"][program]
    outcome = judge(FIXTURES / program)
    assert outcome == {kind: judged[kind] for kind in outcome}


def test_untrusted_truth_precision_and_recall():
    programs = JUDGED["programs"].values()
    true = sum(len(p["true_positives"]) for p in programs)
    false = sum(len(p["false_positives"]) for p in programs)
    missed = sum(len(p["false_negatives"]) for p in programs)
    assert len(JUDGED["programs"]) >= 15
    assert (true, false, missed) == (13, 1, 2)
    assert JUDGED["precision"] == round(true / (true + false), 3)
    assert JUDGED["recall"] == round(true / (true + missed), 3)


def test_untrusted_real_programs_judged_set_is_consistent():
    real = json.loads((FIXTURES / "real-programs.json").read_text(encoding="utf-8"))["programs"]
    assert len(real) >= 15
    for program in real:
        assert program["repository"].count("/") == 1 and len(program["commit"]) >= 7
        assert program["true_findings"] <= program["findings"]
        assert set(program["found"]) <= set(program["third_party_instructions"])
    found = sum(len(program["found"]) for program in real)
    third_party = sum(len(program["third_party_instructions"]) for program in real)
    assert (sum(p["true_findings"] for p in real), sum(p["findings"] for p in real), found, third_party) == (
        13,
        13,
        3,
        6,
    )
