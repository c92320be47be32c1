"""The server's view of the project: findings of a buffer, borrowed instructions, settings."""

import subprocess
import sys
from pathlib import Path

from templating.server.workspace import Workspace


def _package(tmp_path: Path) -> Path:
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompt.py").write_text('ROOT = "Use {plan}"\n')
    (tmp_path / "agent.py").write_text(
        "from . import prompt\nfrom google.adk.agents import LlmAgent\n"
        "root = LlmAgent(name='a', instruction=prompt.ROOT)\n"
    )
    return tmp_path / "prompt.py"


def test_workspace_findings_of_a_constants_module_use_its_unsaved_text(tmp_path: Path):
    prompt = _package(tmp_path)

    found = Workspace().findings(prompt, 'ROOT = (\n    "Now use {{plan}}"\n)\n')

    # The project rule's TPL014 too is at the buffer's position, not the file's (1:14).
    assert [(f.path, f.code, f.line, f.column) for f in found] == [
        ("prompt.py", "TPL001", 2, 14),
        ("prompt.py", "TPL014", 2, 16),
    ]


def test_workspace_findings_of_a_module_leave_out_its_constants_modules(tmp_path: Path):
    _package(tmp_path)
    (tmp_path / "prompt.py").write_text('ROOT = "Use {{plan}}"\n')
    agent = tmp_path / "agent.py"

    assert Workspace().findings(agent, agent.read_text()) == []


def test_workspace_instructions_of_a_constants_module(tmp_path: Path):
    prompt = _package(tmp_path)

    [instruction] = Workspace().instructions(prompt, prompt.read_text())

    assert instruction.text == "Use {plan}" and instruction.source.path == "prompt.py"


def test_workspace_invalid_config_falls_back_to_defaults_and_says_why(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\ncolour = 1\n")
    settings, error = Workspace().settings_for(tmp_path / "agent.py")

    assert settings.dialect == "adk"
    assert error is not None and "unknown key `colour`" in error


def test_workspace_writers_are_not_known_without_the_project_model():
    assert Workspace().writers_of("plan") is None and Workspace().written_keys() is None


def test_import_and_lint_do_not_load_pygls(tmp_path: Path):
    code = (
        "import sys, templating\n"
        "from templating.cli import main\n"
        f"main(['lint', '--isolated', '--quiet', {str(tmp_path)!r}])\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_workspace_does_not_lint_files_that_hold_no_instructions(tmp_path: Path):
    assert Workspace().findings(tmp_path / "pyproject.toml", "x = '{{plan}}'\n") == []


def test_workspace_checks_the_files_lint_checks_and_no_others(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.templating]\ninclude = ["prompts/*.txt"]\nexclude = ["generated/"]\n'
    )
    agent = 'from google.adk.agents import LlmAgent\nroot = LlmAgent(name="a", instruction="{{x}}")\n'
    workspace = Workspace()

    def codes(name: str, text: str) -> list[str]:
        return [finding.code for finding in workspace.findings(tmp_path / name, text)]

    assert codes("prompts/system.txt", "{{plan}}") == ["TPL001"]  # included
    assert codes("README.md", "{{plan}}") == []  # a prompt file `include` does not name
    assert codes("notes.txt", "{{plan}}") == []
    assert codes("generated/agent.py", agent) == []  # excluded
    assert "TPL001" in codes("agent.py", agent)


def test_workspace_keeps_the_model_while_an_edit_changes_no_fact(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    agent = tmp_path / "agent.py"
    agent.write_text('from google.adk.agents import LlmAgent\nroot = LlmAgent(name="a", instruction="Use {plan}.")\n')
    helpers = tmp_path / "helpers.py"
    helpers.write_text("def total(x):\n    return x\n")
    workspace = Workspace()
    assert [f.code for f in workspace.findings(agent, agent.read_text())] == ["TPL014"]
    model = workspace._projects[tmp_path.resolve()].model
    workspace.findings(helpers, "def total(x):\n    return sum(x)\n")
    assert workspace._projects[tmp_path.resolve()].model is model  # a keystroke in a plain module: no reassembly
    writer = 'def plan(tool_context):\n    tool_context.state["plan"] = "p"\n'
    assert workspace.findings(helpers, writer) == []
    assert workspace._projects[tmp_path.resolve()].model is not model
    assert workspace.findings(agent, agent.read_text()) == []  # the new writer counts


def test_workspace_reports_a_lone_surrogate_as_tpl013_at_its_position(tmp_path: Path):
    text = 'from google.adk.agents import LlmAgent\nroot = LlmAgent(name="a", instruction="Hi \ud83d {{plan}}")\n'

    found = Workspace().findings(tmp_path / "agent.py", text)

    assert [(f.code, f.line, f.column) for f in found if f.code != "TPL014"] == [("TPL013", 2, 43), ("TPL001", 2, 45)]
    assert "U+D83D" in found[0].message
    assert Workspace().instructions(tmp_path / "agent.py", text)[0].text == "Hi \ufffd {{plan}}"


def test_workspace_findings_of_an_instruction_file_read_by_code_use_its_unsaved_text(tmp_path: Path):
    # `root.md` is no prompt file lint walks, but `agent.py` reads it as its instruction: the
    # editor shows that instruction's findings in it, at the buffer's positions.
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    (tmp_path / "root.md").write_text("Use {plan}.\n")
    (tmp_path / "agent.py").write_text(
        "from pathlib import Path\nfrom google.adk.agents import LlmAgent\n"
        "root = LlmAgent(name='a', instruction=(Path(__file__).parent / 'root.md').read_text(), output_key='plan')\n"
    )
    workspace = Workspace()
    found = workspace.findings(tmp_path / "root.md", "# Root\n\nUse {{plan}}.\n")
    # `plan` is the agent's own output_key, written only after it answers: TPL015 too.
    assert [(f.path, f.code, f.line, f.column) for f in found] == [
        ("root.md", "TPL001", 3, 5),
        ("root.md", "TPL015", 3, 7),
    ]
    found = workspace.findings(tmp_path / "root.md", "Use {plan?}.\n")
    assert found == []
    # A Markdown file no code reads is not checked.
    (tmp_path / "README.md").write_text("Use {{plan}}.\n")
    assert workspace.findings(tmp_path / "README.md", "Use {{plan}}.\n") == []


def test_workspace_findings_carry_the_configured_severity(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nseverity = { TPL001 = "info" }\nselect = ["TPL001"]\n')
    agent = tmp_path / "agent.py"
    text = "from google.adk.agents import LlmAgent\nroot = LlmAgent(name='a', instruction='Use {{plan}}')\n"
    [finding] = Workspace().findings(agent, text)
    assert (finding.code, finding.severity.label) == ("TPL001", "info")
