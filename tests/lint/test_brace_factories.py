"""TPL010 on factory parameters: only where a value with braces can really reach the text.

The oracle is google-adk 2.13.0's own placeholder scan, run on the instructions the fixture
modules really build (tests/data/brace_factories/)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from google.adk.agents import LlmAgent
from google.adk.flows.llm_flows.prompt import _instructions_utils

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "brace_factories"


def _adk_placeholders(name: str) -> set[str]:
    """The state names ADK would look up in the instructions fixture ``name`` builds."""
    spec = importlib.util.spec_from_file_location(f"brace_factory_{name}", FIXTURES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    agents = [v for v in vars(module).values() if isinstance(v, LlmAgent)]
    agents += [a for v in vars(module).values() if isinstance(v, list) for a in v if isinstance(a, LlmAgent)]
    found = set()
    for agent in agents:
        for match in _instructions_utils._TEMPLATE_VAR_PATTERN.finditer(agent.instruction):
            name_in = match.group().lstrip("{").rstrip("}").strip().removesuffix("?")
            if _instructions_utils._is_valid_state_name(name_in):
                found.add(name_in)
    return found


def _tpl010(tmp_path: Path, name: str, text: str | None = None) -> list[str]:
    target = tmp_path / f"{name}.py"
    if text is None:
        shutil.copyfile(FIXTURES / f"{name}.py", target)
    else:
        target.write_text(text, encoding="utf-8")
    return [
        f.message.split("`")[1] for f in lint_paths([target], Settings(root=tmp_path)).findings if f.code == "TPL010"
    ]


@pytest.mark.parametrize(("name", "reported"), [("constant_factory", []), ("brace_factory", ["focus"])])
def test_tpl010_on_factory_parameters_is_what_adk_sees(tmp_path: Path, name: str, reported: list[str]) -> None:
    assert bool(_adk_placeholders(name)) == bool(reported)
    assert _tpl010(tmp_path, name) == reported


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("_specialist", "specialist"),  # public: other modules may call it
        ("team = [", "helpers = list(map(_specialist, SPECS))\nteam = ["),  # passed as a value
        ('_specialist("gear", "shoes", tone="brief")', "_specialist(input(), input())"),  # read at run time
    ],
)
def test_a_parameter_not_known_at_every_call_stays_unknown(tmp_path: Path, old: str, new: str) -> None:
    text = (FIXTURES / "constant_factory.py").read_text(encoding="utf-8").replace(old, new)
    assert {"domain", "focus"} & set(_tpl010(tmp_path, "changed", text))


COMMITTED = """\
from pathlib import Path

from google.adk.agents import LlmAgent

HERE = Path(__file__).parent
INSTRUCTION = (HERE / "instructions" / "planner.md").read_text()
root_agent = LlmAgent(name="planner", instruction=f"Plan well. {INSTRUCTION}")
"""


def test_an_instruction_read_from_a_file_beside_the_module_is_the_instructions_own_text(tmp_path: Path) -> None:
    # Its braces are the author's placeholders, not a value's: no TPL010. Without the file
    # (or from a path known only at run time) the text is unknown, and TPL010 stays.
    assert _tpl010(tmp_path, "committed", COMMITTED) == ["INSTRUCTION"]
    (tmp_path / "instructions").mkdir()
    (tmp_path / "instructions" / "planner.md").write_text("Plan for {destination}.\n", encoding="utf-8")
    assert _tpl010(tmp_path, "committed", COMMITTED) == []
    assert _tpl010(tmp_path, "committed", COMMITTED.replace('HERE / "instructions"', "Path(input())")) == [
        "INSTRUCTION"
    ]
