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


def test_tpl010_is_silent_on_values_whose_kind_cannot_hold_a_name(tmp_path: Path) -> None:
    # Built from input that holds braces everywhere, the instruction has one placeholder for
    # ADK: the one the parameter `query` brings, which TPL010 reports, and no other.
    assert _adk_placeholders("value_kinds") == {"evil"}
    assert _tpl010(tmp_path, "value_kinds") == ["query"]


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


HELPER = """\
import pathlib

from google.adk.agents import LlmAgent


def _prompt(name):
    return (pathlib.Path(__file__).parent / "prompts" / f"{name}.md").read_text(encoding="utf-8")


root_agent = LlmAgent(name="architect", instruction=_prompt("architect") + "\\n\\nSpec:\\n{spec?}")
"""


def test_a_helper_that_reads_a_prompt_file_beside_its_module_gives_the_files_own_text(tmp_path: Path) -> None:
    # A public ADK 2.x repository builds each agent's instruction this way, from prompt files
    # whose braces are JSON examples and optional placeholders: google-adk 2.13.0 renders the
    # instruction it builds with an empty state, so nothing the file holds is a hazard TPL010
    # could name. Without the folder the text is unknown and TPL010 stays.
    assert _tpl010(tmp_path, "helper", HELPER) == ["_prompt('architect')"]
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "architect.md").write_text(
        'Answer with {"api": {"path": "/x", "errors": [{"status": 422}]}} and read {spec?}.\n', encoding="utf-8"
    )
    assert _tpl010(tmp_path, "helper", HELPER) == []
    assert _adk_renders_with_empty_state(tmp_path / "helper.py")
    # A helper whose result is not only the file's text still reports: the file is read (the
    # loader is called with a constant), so the finding names the part that can carry braces.
    dumped = HELPER.replace('.read_text(encoding="utf-8")', '.read_text(encoding="utf-8") + json.dumps(name)')
    assert _tpl010(tmp_path, "helper", "import json\n" + dumped) == ["json.dumps(name)"]


def test_a_prompt_file_named_at_run_time_in_a_folder_without_such_files_stays_unknown(tmp_path: Path) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "architect.txt").write_text("Plan.\n", encoding="utf-8")
    assert _tpl010(tmp_path, "helper", HELPER) == ["_prompt('architect')"]


def _adk_renders_with_empty_state(path: Path) -> bool:
    """Whether google-adk 2.13.0 injects the instruction the module at ``path`` builds into an
    empty session state without an error."""
    import asyncio
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from adk_oracle import adk_outcome

    spec = importlib.util.spec_from_file_location("helper_fixture", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kind, _ = asyncio.run(adk_outcome(module.root_agent.instruction, {}, None))
    return kind == "output"


OPENED = """\
import pathlib

from google.adk.agents import LlmAgent


def load_instruction(filename: str) -> str:
    path = pathlib.Path(__file__).parent / "instructions" / filename
    with open(path, encoding="utf-8") as f:
        return f.read()


root_agent = LlmAgent(name="profile", instruction=load_instruction("profile.md") + "\\nBe brief.")
"""


def test_a_helper_that_opens_a_prompt_file_beside_its_module_gives_the_files_own_text(tmp_path: Path) -> None:
    # The same helper written with `open(...)` and `f.read()` (another public ADK 2.x repository).
    assert _tpl010(tmp_path, "opened", OPENED) == ["load_instruction('profile.md')"]
    (tmp_path / "instructions").mkdir()
    (tmp_path / "instructions" / "profile.md").write_text('Profile {company?} as {"name": "..."}.\n', encoding="utf-8")
    assert _tpl010(tmp_path, "opened", OPENED) == []
    assert _adk_renders_with_empty_state(tmp_path / "opened.py")
    # A file opened from a path known only at run time is unknown text.
    assert _tpl010(tmp_path, "opened", OPENED.replace("open(path,", "open(input(),")) == [
        "load_instruction('profile.md')"
    ]


SKILLS = """\
from pathlib import Path

from google.adk.agents import LlmAgent

SKILLS = Path(__file__).parent / "skills"


def _skill_body(skill: str) -> str:
    text = (SKILLS / skill / "SKILL.md").read_text(encoding="utf-8")
    if text.startswith("---"):
        pieces = text.split("---", 2)
        if len(pieces) == 3:
            text = pieces[2]
    return text.strip()


root_agent = LlmAgent(name="sorter", instruction=_skill_body("sorter") + " Answer in one word.")
"""


def test_a_helper_that_cuts_the_front_matter_of_a_committed_skill_gives_the_files_own_text(tmp_path: Path) -> None:
    # A public ADK 2.x repository keeps each agent's instruction as the body of a SKILL.md in a
    # folder per skill: a piece of a file's text (split, indexed, stripped, bound again to the
    # same local) holds no brace the file does not. Without such files the text is unknown.
    assert _tpl010(tmp_path, "skills", SKILLS) == ["_skill_body('sorter')"]
    (tmp_path / "skills" / "sorter").mkdir(parents=True)
    (tmp_path / "skills" / "sorter" / "SKILL.md").write_text(
        "---\nname: sorter\ndescription: Sorts.\n---\nSort {items?} by date.\n", encoding="utf-8"
    )
    assert _tpl010(tmp_path, "skills", SKILLS) == []
    assert _adk_renders_with_empty_state(tmp_path / "skills.py")
    # A piece of a value known only at run time stays unknown.
    assert _tpl010(tmp_path, "skills", SKILLS.replace("text = pieces[2]", "text = input().split()[0]")) == [
        "_skill_body('sorter')"
    ]
