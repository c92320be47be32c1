"""An instruction built up with ``+=`` in a factory is read as the text it holds.

google-adk 2.13.0 is the oracle: each module is imported, its agent's instruction taken as
built, and ADK's own placeholder scan says which keys it looks up. Lint reports each of those
(nothing writes them: TPL014) at its place in the ``+=`` piece that wrote it, and nothing
where the text depends on the run (a piece in a branch, a read before the last piece).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from google.adk.agents import LlmAgent
from google.adk.flows.llm_flows.prompt import _instructions_utils

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

_HEADER = """\
from textwrap import dedent

from google.adk.agents import LlmAgent

TODAY = "Monday"

"""
#: Each module's ``build`` and the keys lint reports (``None``: the instruction is not read).
MODULES = {
    "straight-line pieces": (
        """\
def build():
    instruction = "Use {topic}."
    instruction += f" Today is {TODAY}."
    instruction += dedent('''
        Then {missing_key}.
        Keep {style?} as is.''')
    return LlmAgent(name="writer", model="gemini-2.5-flash", instruction=instruction)
""",
        ["missing_key", "topic"],
    ),
    "an annotated first value": (
        """\
def build():
    instruction: str = "Use {topic}."
    instruction += " Then {missing_key}."
    return LlmAgent(name="writer", model="gemini-2.5-flash", instruction=instruction)
""",
        ["missing_key", "topic"],
    ),
    "a piece in a branch": (
        """\
def build(verbose=True):
    instruction = "Use {topic}."
    if verbose:
        instruction += " Then {missing_key}."
    return LlmAgent(name="writer", model="gemini-2.5-flash", instruction=instruction)
""",
        None,
    ),
    "a piece in a loop": (
        """\
def build():
    instruction = "Use {topic}."
    for step in ("a", "b"):
        instruction += " Then {missing_key}."
    return LlmAgent(name="writer", model="gemini-2.5-flash", instruction=instruction)
""",
        None,
    ),
    "read before the last piece": (
        """\
def build():
    instruction = "Use {topic}."
    agent = LlmAgent(name="writer", model="gemini-2.5-flash", instruction=instruction)
    instruction += " Then {missing_key}."
    return agent
""",
        None,
    ),
}


def _module(tmp_path: Path, name: str, body: str):
    path = tmp_path / f"{name.replace(' ', '_').replace('-', '_')}.py"
    path.write_text(_HEADER + body + "\n\nroot_agent = build()\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return path, module


def _adk_keys(instruction: str) -> set[str]:
    """The state keys google-adk looks up when it fills ``instruction`` (optional ones too)."""
    found = set()
    for match in _instructions_utils._TEMPLATE_VAR_PATTERN.finditer(instruction):
        name = match.group().lstrip("{").rstrip("}").strip()
        if _instructions_utils._is_valid_state_name(name.removesuffix("?")) and not name.endswith("?"):
            found.add(name)
    return found


@pytest.mark.parametrize("shape", list(MODULES))
def test_an_accumulated_instruction_reads_what_google_adk_fills(tmp_path: Path, shape: str) -> None:
    body, reported = MODULES[shape]
    path, module = _module(tmp_path, shape, body)
    agent = module.root_agent
    assert isinstance(agent, LlmAgent) and isinstance(agent.instruction, str)
    findings = [f for f in lint_paths([path], Settings(root=tmp_path)).findings if f.code == "TPL014"]
    if reported is None:  # the text depends on the run: nothing is said of it
        assert findings == []
        return
    assert sorted(_adk_keys(agent.instruction)) == reported
    lines = path.read_text(encoding="utf-8").splitlines()
    assert sorted(f.message.split("`")[1] for f in findings) == reported
    for finding in findings:  # each at its `{key` in the piece that wrote it
        key = finding.message.split("`")[1]
        assert lines[finding.line - 1][finding.column - 2 :].startswith("{" + key), finding


def test_a_piece_with_a_value_known_only_at_run_time_is_tpl010(tmp_path: Path) -> None:
    body = """\
def build(request: str = "{evil}"):
    instruction = "Answer the user."
    instruction += f" They asked: {request}"
    return LlmAgent(name="writer", model="gemini-2.5-flash", instruction=instruction)
"""
    path, module = _module(tmp_path, "run_time_piece", body)
    assert _adk_keys(module.root_agent.instruction) == {"evil"}  # the value's braces are scanned
    found = [f for f in lint_paths([path], Settings(root=tmp_path)).findings if f.code == "TPL010"]
    assert [f.message.split("`")[1] for f in found] == ["request"]


def test_many_pieces_are_read_in_one_pass(tmp_path: Path) -> None:
    from templating.project.python.accumulated import MAX_PIECES

    pieces = "".join(f'    instruction += " Step {{key_{n}}}."\n' for n in range(MAX_PIECES - 1))
    body = f'def build():\n    instruction = "Start."\n{pieces}    return LlmAgent(name="w", instruction=instruction)\n'
    path, module = _module(tmp_path, "many", body)
    assert len(_adk_keys(module.root_agent.instruction)) == MAX_PIECES - 1
    findings = [f for f in lint_paths([path], Settings(root=tmp_path)).findings if f.code == "TPL014"]
    assert len(findings) > 0  # read whole (how many are shown per instruction is TPL014's limit)
    over = f'def build():\n    instruction = "Start."\n{pieces * 2}    return LlmAgent(name="w", instruction=instruction)\n'
    path, _ = _module(tmp_path, "too_many", over)
    assert [f for f in lint_paths([path], Settings(root=tmp_path)).findings if f.code == "TPL014"] == []
