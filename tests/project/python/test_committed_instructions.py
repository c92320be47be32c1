"""An instruction read from a committed file is linted as that agent's instruction, every
finding at its line and column in that file; a path out of the project is never followed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from workflow_oracle import run_fixture_recorded

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.python.committed_files import MAX_COMMITTED_BYTES

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "committed_instruction"


@pytest.fixture(autouse=True)
def _in_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # paths show (and per-file ignores match) relative to it


def _project(tmp_path: Path, code: str, files: dict[str, str]) -> Path:
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "agent.py").write_text(code, encoding="utf-8")
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(text.encode("utf-8"))
    return tmp_path


def _found(root: Path, *paths: Path, **settings) -> list[tuple[str, str, int, int]]:
    findings = lint_paths(list(paths) or [root], Settings(root=root, **settings)).findings
    return [(Path(f.path).name, f.code, f.line, f.column) for f in findings]


def _agent(read: str) -> str:
    return (
        "import os\nimport importlib.resources\nfrom pathlib import Path\nfrom google.adk.agents import Agent\n\n"
        f"root_agent = Agent(name='root', instruction={read})\n"
    )


def test_the_runtime_fails_on_the_placeholders_the_file_holds() -> None:
    assert run_fixture_recorded("committed_instruction", FIXTURE / "agent.py").failures == {
        ("reader", "summary"),
        ("reader", "draft"),
    }


def test_state_flow_findings_lie_in_the_instruction_file(tmp_path: Path) -> None:
    shutil.copytree(FIXTURE, tmp_path / "app")
    findings = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    shown = "app/instructions/reader.md"
    assert [(f.path, f.code, f.line, f.column, f.source_line[f.column - 1 : f.end_column - 1]) for f in findings] == [
        (shown, "TPL015", 4, 10, "draft"),
        (shown, "TPL014", 5, 11, "summary"),
    ]


def test_template_findings_lie_in_the_instruction_file(tmp_path: Path) -> None:
    read = '(Path(__file__).parent / "prompts" / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"prompts/root.md": "# Root\n\nSay {{hi}}.\n"})
    assert ("root.md", "TPL001", 3, 5) in _found(root, enabled=frozenset({"TPL001"}))


@pytest.mark.parametrize(
    "read",
    [
        'open(os.path.join(os.path.dirname(__file__), "prompts", "root.md")).read()',
        'open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "prompts/root.md"), encoding="utf-8").read()',
        '(Path(__file__).resolve().parent / "prompts" / "root.md").open().read()',
        'Path(__file__).parent.joinpath("prompts", "root.md").read_text("utf-8")',
        'importlib.resources.files(__package__).joinpath("prompts/root.md").read_text()',
        'Path(__file__).with_name("prompts").joinpath("root.md").read_text()',
        '(Path(__file__).resolve().parents[0] / "prompts" / "root.md").read_text()',
    ],
)
def test_each_way_of_reading_a_committed_file_is_read(tmp_path: Path, read: str) -> None:
    root = _project(tmp_path, _agent(read), {"prompts/root.md": "Say {{hi}}.\n"})
    assert _found(root, enabled=frozenset({"TPL001"})) == [("root.md", "TPL001", 1, 5)]


def test_a_file_read_in_a_with_block_is_read(tmp_path: Path) -> None:
    code = (
        "from pathlib import Path\nfrom google.adk.agents import Agent\n\n"
        "with open(Path(__file__).parent / 'root.md', encoding='utf-8') as handle:\n    TEXT = handle.read()\n\n"
        "def instruction():\n    with open(Path(__file__).parent / 'root.md') as stream:\n        return stream.read()\n\n"
        "a = Agent(name='a', instruction=instruction())\n"
    )
    root = _project(tmp_path, code, {"root.md": "Say {{hi}}.\n"})
    assert _found(root, enabled=frozenset({"TPL001"})) == [("root.md", "TPL001", 1, 5)]
    module_level = code.replace("instruction=instruction()", "instruction=TEXT")
    root = _project(tmp_path, module_level, {"root.md": "Say {{hi}}.\n"})
    assert _found(root, enabled=frozenset({"TPL001"})) == [("root.md", "TPL001", 1, 5)]


def test_windows_line_breaks_keep_positions(tmp_path: Path) -> None:
    read = '(Path(__file__).parent / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"root.md": "One.\r\nTwo.\r\nSay {{hi}}.\r\n"})
    assert _found(root, enabled=frozenset({"TPL001"})) == [("root.md", "TPL001", 3, 5)]


@pytest.mark.parametrize(
    "read",
    [
        'open(Path(__file__).parent / "root.md", "rb").read()',  # bytes, not the instruction
        'open(Path(__file__).parent / "root.md", encoding="latin-1").read()',
        '(Path(__file__).parent / "missing.md").read_text()',
    ],
)
def test_other_reads_are_values_known_at_run_time(tmp_path: Path, read: str) -> None:
    root = _project(tmp_path, _agent(read), {"root.md": "Say {{hi}}.\n"})
    assert not [f for f in _found(root) if f[0] == "root.md"]


def test_a_path_out_of_the_project_is_never_followed(tmp_path: Path) -> None:
    (tmp_path / "secret.md").write_text("Say {{hi}}.\n", encoding="utf-8")
    project = tmp_path / "project"
    project.mkdir()
    (project / "linked.md").symlink_to(tmp_path / "secret.md")
    code = _agent('(Path(__file__).parent / ".." / "secret.md").read_text()')
    code += "b = Agent(name='b', instruction=(Path(__file__).parent / 'linked.md').read_text())\n"
    root = _project(project, code, {})
    assert _found(root) == []


def test_an_empty_file_is_an_empty_instruction(tmp_path: Path) -> None:
    read = '(Path(__file__).parent / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"root.md": ""})
    assert _found(root) == []


def test_a_file_too_large_is_not_read(tmp_path: Path) -> None:
    read = '(Path(__file__).parent / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"root.md": "Say {{hi}}.\n" + "x" * MAX_COMMITTED_BYTES})
    assert _found(root) == []


def test_per_file_ignores_name_the_instruction_file(tmp_path: Path) -> None:
    read = '(Path(__file__).parent / "prompts" / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"prompts/root.md": "Say {{hi}} to {name}.\n"})
    assert _found(root, per_file_ignores=(("prompts/*.md", frozenset({"TPL001", "TPL014"})),)) == []


def test_a_named_agent_reports_in_the_files_named(tmp_path: Path) -> None:
    read = '(Path(__file__).parent / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"root.md": "Say {{hi}}.\n"})
    assert _found(root, root / "agent.py", enabled=frozenset({"TPL001"})) == []
    both = _found(root, root / "agent.py", root / "root.md", enabled=frozenset({"TPL001"}))
    assert both == [("root.md", "TPL001", 1, 5)]
    # The instruction file alone (a hook on the instructions folder): the project reads its agent.
    alone = _found(root, root / "root.md")
    assert ("root.md", "TPL014", 1, 7) in alone and ("root.md", "TPL001", 1, 5) in alone


def test_editing_the_instruction_file_relints_its_agent(tmp_path: Path) -> None:
    read = '(Path(__file__).parent / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"root.md": "Say {{hi}}.\n"})
    settings = Settings(root=root, enabled=frozenset({"TPL001"}))
    assert len(lint_paths([root], settings, cache=True).findings) == 1
    (root / "root.md").write_text("Say hi.\n", encoding="utf-8")
    assert lint_paths([root], settings, cache=True).findings == ()


def test_a_loader_called_with_a_constant_name_reads_that_file(tmp_path: Path) -> None:
    code = (
        "import os\nfrom pathlib import Path\nfrom google.adk.agents import Agent\n\n"
        "PROMPTS = Path(__file__).parent / 'prompts'\n\n"
        "def load_prompt(name: str) -> str:\n    return (PROMPTS / f'{name}.md').read_text(encoding='utf-8')\n\n"
        "def load_file(file_name):\n    path = os.path.join(os.path.dirname(__file__), 'prompts', file_name)\n"
        "    with open(path, 'r') as handle:\n        return handle.read()\n\n"
        "a = Agent(name='a', instruction=load_prompt('root'))\n"
        "b = Agent(name='b', instruction=load_file(file_name='helper.md'))\n"
        "c = Agent(name='c', instruction=load_prompt(os.environ['PROMPT']))\n"
    )
    root = _project(tmp_path, code, {"prompts/root.md": "Say {{hi}}.\n", "prompts/helper.md": "\n{{bye}}\n"})
    assert _found(root, enabled=frozenset({"TPL001"})) == [("helper.md", "TPL001", 2, 1), ("root.md", "TPL001", 1, 5)]


def test_an_excluded_instruction_file_is_treated_as_an_excluded_prompt_module(tmp_path: Path) -> None:
    # As for a constants module that `exclude` names: the agent's own reading still reports
    # its template findings there; the project rules report nothing in an excluded file.
    read = '(Path(__file__).parent / "prompts" / "root.md").read_text()'
    root = _project(tmp_path, _agent(read), {"prompts/root.md": "Say {{hi}} to {name}.\n"})
    assert ("root.md", "TPL014", 1, 16) in _found(root)
    assert _found(root, exclude=("prompts/",)) == [("root.md", "TPL001", 1, 5)]
