"""The registry of instruction surfaces: each claims exactly its files, in one place."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from templating.project.surfaces import (
    FALLBACK,
    SURFACES,
    Surface,
    claiming,
    is_walked,
    surface_for,
)
from templating.project.surfaces.agent_config import AGENT_CONFIG
from templating.project.surfaces.evaluation import EVALUATION
from templating.project.surfaces.go import GO
from templating.project.surfaces.java import JAVA
from templating.project.surfaces.kotlin import KOTLIN
from templating.project.surfaces.prompt import PROMPT
from templating.project.surfaces.python import PYTHON
from templating.project.surfaces.session import SESSION
from templating.project.surfaces.skill import SKILL
from templating.project.surfaces.typescript import TYPESCRIPT

PACKAGE = Path(__file__).resolve().parents[3] / "templating"

CLAIMS = {
    "agent.py": PYTHON, "stubs.pyi": PYTHON, "__init__.py": PYTHON, "AGENT.PY": PYTHON,
    "root_agent.yaml": AGENT_CONFIG, "intake.yml": AGENT_CONFIG, "Config.YAML": AGENT_CONFIG,
    "initial.session.json": SESSION, "main.go": GO, "agent_test.go": GO,
    "Agent.java": JAVA, "Agent.kt": KOTLIN, "build.gradle.kts": KOTLIN,
    "agent.ts": TYPESCRIPT, "App.tsx": TYPESCRIPT, "x.mts": TYPESCRIPT, "x.cts": TYPESCRIPT,
    "index.js": TYPESCRIPT, "view.jsx": TYPESCRIPT, "main.mjs": TYPESCRIPT, "config.cjs": TYPESCRIPT,
    "welcome.prompt": PROMPT, "instruction.txt": PROMPT, "README.md": PROMPT,
    "trip.evalset.json": EVALUATION, "simple.test.json": EVALUATION, "Cases.EvalSet.JSON": EVALUATION,
}  # fmt: skip
#: Exact file names a surface claims before a later surface's suffix would.
SHADOWING = {"SKILL.md": (SKILL, PROMPT), "skill.md": (SKILL, PROMPT)}
UNCLAIMED = [
    "pyproject.toml", "state.json", "other.session.json", "Makefile", ".py", "agent.", "notes.rst", "evalset.json",
    ".evalset.json", "test.json", "x.result.json",
]  # fmt: skip


@pytest.mark.parametrize(("name", "surface"), CLAIMS.items())
def test_surfaces_each_file_is_claimed_by_exactly_its_surface(name, surface):
    assert [candidate.name for candidate in SURFACES if candidate.claims(name)] == [surface.name]
    assert claiming(name) is surface and surface_for(name) is surface


@pytest.mark.parametrize(("name", "claimants"), SHADOWING.items())
def test_surfaces_an_exact_name_is_claimed_before_a_suffix(name, claimants):
    assert [candidate.name for candidate in SURFACES if candidate.claims(name)] == [s.name for s in claimants]
    assert claiming(name) is claimants[0] and is_walked(name)
    assert not SKILL.claims("Skill.md") and not SKILL.claims("README.md")


@pytest.mark.parametrize("name", UNCLAIMED)
def test_surfaces_other_files_are_unclaimed_and_read_as_prompt_text_when_named(name):
    assert claiming(name) is None and not is_walked(name)
    assert surface_for(name) is FALLBACK is PROMPT


def test_surfaces_walked_are_python_yaml_and_the_session_not_prompt_files():
    assert {name for name in CLAIMS if is_walked(name)} == {name for name, s in CLAIMS.items() if s is not PROMPT}


def test_surfaces_names_are_unique_and_every_surface_module_is_registered():
    assert len({surface.name for surface in SURFACES}) == len(SURFACES)
    defined = []
    for file in sorted((PACKAGE / "project" / "surfaces").glob("*.py")):
        if file.stem not in ("__init__", "surface"):
            module = importlib.import_module(f"templating.project.surfaces.{file.stem}")
            defined += [value for value in vars(module).values() if isinstance(value, Surface)]
    assert sorted(surface.name for surface in defined) == sorted(surface.name for surface in SURFACES)
    assert all(any(surface is registered for registered in SURFACES) for surface in defined)


def test_surfaces_pre_filters_skip_files_without_a_hint():
    assert not PYTHON.may_hold("util.py", b"def add(a, b):\n    return a + b\n")
    assert PYTHON.may_hold("__init__.py", b"")
    assert PYTHON.may_hold("agent.py", b"root = Agent(name='a')\n")
    assert not AGENT_CONFIG.may_hold("ci.yaml", b"on: push\n")
    assert AGENT_CONFIG.may_hold("root_agent.yaml", b"agent_class: LlmAgent\n")
    assert not JAVA.may_hold("Util.java", b"class Util {}\n")
    assert JAVA.may_hold("Agent.java", b"import com.google.adk.agents.LlmAgent;\n")
    assert not KOTLIN.may_hold("Util.kt", b"fun main() {}\n")
    assert KOTLIN.may_hold("Agent.kt", b"import com.google.adk.kt.agents.LlmAgent\n")
    assert not EVALUATION.may_hold("button.test.json", b'{"snapshot": 1}')
    assert EVALUATION.may_hold("trip.evalset.json", b'{"eval_set_id": "s", "eval_cases": []}')


def test_surfaces_fixed_text_is_revalidated_by_its_surface():
    assert PYTHON.is_valid("x = 1\n") and not PYTHON.is_valid("x = (\n")
    assert AGENT_CONFIG.is_valid("instruction: hi\n") and not AGENT_CONFIG.is_valid("a: [\n")
    assert PROMPT.is_valid("{unbalanced")
    assert GO.is_valid("package main\n") and not GO.is_valid("package main\nfunc (\n")


def test_surfaces_no_module_outside_the_registry_tests_a_file_suffix():
    testing = []
    for file in PACKAGE.rglob("*.py"):
        if "surfaces" in file.parts:
            continue
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("suffix", "suffixes"):
                testing.append(f"{file.relative_to(PACKAGE)}:{node.lineno}")
    assert testing == []


@pytest.mark.parametrize(
    "name",
    ["agent.py", "A.PY", "initial.session.json", "x.session.json", "SKILL.md", "skill.md", "c.yaml", "d.YML",
     "p.prompt", "notes.txt", "README.md", ".py", "py.", "noext", "a.b.c.json", "tool.pyi", "a.evalset.json",
     "a..test.json", "a.test.json.", "x.evalset_result.json"],
)  # fmt: skip
def test_claiming_is_the_first_surface_of_the_registry_that_claims_the_name(name):
    first = next((surface for surface in SURFACES if surface.claims(name)), None)
    assert claiming(name) is first


@pytest.mark.parametrize(
    "text",
    ["instruction =", "instruction\n\t= x", "instructions = 1", "instruction", "GlobalInstructionPlugin()",
     "the state", "Agen t", "run_node", "run node", "sub_agents", "Workflow", "inject_session_stat",
     "compile_template", "INSTRUCTION=", "", "no instructions here"],
)  # fmt: skip
def test_the_python_hints_match_as_their_regular_expressions_do(text):
    # The pre-filter looks for each word on its own (a substring search); it must agree with
    # the hints read as one regular expression.
    import re

    from templating.project.python.adk_vocabulary import FACT_HINT, INSTRUCTION_HINT
    from templating.project.surfaces.python import _BYTES, _FACTS, _INSTRUCTIONS

    assert _INSTRUCTIONS(text) == (re.search(INSTRUCTION_HINT, text) is not None)
    assert _FACTS(text) == (re.search(FACT_HINT, text) is not None)
    assert _BYTES(text.encode()) == (re.search(f"{INSTRUCTION_HINT}|{FACT_HINT}".encode(), text.encode()) is not None)
