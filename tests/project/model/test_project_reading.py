"""The front door: a file or an unsaved text in, one `Reading` out, never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from templating.project.model.facts import FileFacts
from templating.project.reading import (
    Reading,
    SourceCache,
    read_file,
    read_files,
    read_project,
    read_text,
)

AGENT = 'from google.adk.agents import LlmAgent\n\nroot = LlmAgent(name="root", instruction="Hi {user:name}", output_key="plan")\n'


@pytest.fixture
def modules(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return SourceCache(tmp_path)


def test_reading_python_gives_instructions_and_facts(tmp_path, modules):
    (tmp_path / "agent.py").write_text(AGENT)
    reading = read_file(Path("agent.py"), "adk", modules)
    assert reading.file == "agent.py" and reading.problem is None
    assert [instruction.text for instruction in reading.instructions] == ["Hi {user:name}"]
    (facts,) = reading.facts
    assert [agent.name for agent in facts.agents] == ["root"]
    assert [read.key for read in facts.agents[0].reads] == ["user:name"]  # read in the dialect given


def test_reading_a_module_without_a_hint_is_not_parsed(tmp_path, modules):
    (tmp_path / "util.py").write_text("def add(a, b):\n    return a +\n")  # invalid, but never parsed
    # It still counts as read: a tool an agent imports from it writes no state.
    facts = (FileFacts(modules.key(Path("util.py")), "util.py"),)
    assert read_file(Path("util.py"), "adk", modules) == Reading("util.py", facts=facts, may_exempt=False)


@pytest.mark.parametrize(
    ("name", "data", "kind", "message"),
    [
        ("agent.py", b"root = Agent(instruction='\xff')\n", "unreadable", "not UTF-8 text (byte 26)"),
        ("agent.py", b"root = Agent(instruction=(\n", "invalid", "invalid Python: '(' was never closed"),
        (
            "root_agent.yaml",
            b"instruction: [\n",
            "invalid",
            "invalid YAML: expected the node content, but found '<stream end>'",
        ),
        ("initial.session.json", b'{"state": ', "invalid", "invalid JSON: Expecting value"),
    ],
)
def test_reading_a_bad_file_gives_a_typed_problem(tmp_path, modules, name, data, kind, message):
    (tmp_path / name).write_bytes(data)
    reading = read_file(Path(name), "adk", modules)
    assert reading.problem is not None and (reading.problem.kind, reading.problem.message) == (kind, message)
    assert reading.instructions == () and reading.facts == ()


def test_reading_a_dangling_symbolic_link_is_unreadable(tmp_path, modules):
    (tmp_path / "agent.py").symlink_to(tmp_path / "missing.py")
    problem = read_file(Path("agent.py"), "adk", modules).problem
    assert problem is not None and problem.message == "a symbolic link to a missing file"


def test_reading_an_unsaved_text_stands_in_for_the_file(tmp_path, modules):
    (tmp_path / "agent.py").write_text("")
    reading = read_text(AGENT, tmp_path / "agent.py", "agent.py", modules)
    assert [instruction.text for instruction in reading.instructions] == ["Hi {user:name}"]


def test_reading_the_session_file_gives_its_initial_state_writers(tmp_path, modules):
    (tmp_path / "initial.session.json").write_text('{"state": {"plan": "x"}}')
    (facts,) = read_file(Path("initial.session.json"), "adk", modules).facts
    assert [(writer.key, writer.via) for writer in facts.writers] == [("plan", "initial")]


def test_reading_a_project_assembles_the_model(tmp_path, modules):
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "notes.txt").write_text("{never}")  # a prompt file, not walked without include globs
    model = read_project([Path(".")], root=tmp_path)
    assert [agent.name for agent in model.agents] == ["root"] and model.written_keys() == {"plan"}
    assert [reading.file for reading in read_files([Path("agent.py"), Path("notes.txt")], "adk")] == [
        "agent.py",
        "notes.txt",
    ]


def test_an_instruction_is_linted_in_the_dialect_its_front_end_found(tmp_path, modules, monkeypatch):
    # A front end that says which port a file is written for (`Found.dialect`) without marking
    # each instruction: lint reads the instruction in that port's dialect, not the configured one.
    import dataclasses

    import templating.project.reading as reading_module
    from templating.lint.linter import lint_file
    from templating.lint.settings import Settings
    from templating.project.frontend import Found
    from templating.project.model.instruction import plain_instruction
    from templating.project.surfaces import PROMPT

    def read_for_adk_ts(source, path, cache):
        return Found((plain_instruction(source),), (), "adk-ts")

    surface = dataclasses.replace(PROMPT, read=read_for_adk_ts)
    monkeypatch.setattr(reading_module, "surface_for", lambda name: surface)
    (tmp_path / "agent.prompt").write_text("Hello {{name}}\n")
    reading = read_file(Path("agent.prompt"), "adk", modules)
    assert [instruction.dialect for instruction in reading.instructions] == ["adk-ts"]
    # ADK-TS reads `{{name}}` as a placeholder in braces (TPL002); ADK Python as a bad escape (TPL001).
    codes = [finding.code for finding in lint_file(Path("agent.prompt"), Settings(dialect="adk"), modules).findings]
    assert codes == ["TPL002"]
