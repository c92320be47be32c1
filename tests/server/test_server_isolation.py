"""One file the readers cannot read (a reader raising, a SKILL.md with a huge number, a
workflow nested deeper than the stack) stays in its own diagnostics: every other file of the
project keeps being linted, through the real server."""

from pathlib import Path

from tests.lsp.raw import RawClient

FAILING = Path(__file__).resolve().parents[1] / "lsp" / "failing_reader_server.py"
AGENT = (
    'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", model="m", instruction="Hi {user_name}")\n'
)
LOADER = (
    "from google.adk.skills import load_skill_from_dir\nfrom google.adk.tools.skill_toolset import SkillToolset\n\n"
    'toolset = SkillToolset(skills=[load_skill_from_dir(".")])\n'
)
HUGE_SKILL = "---\nname: s\ndescription: x\nmetadata:\n  n: " + "9" * 20_000 + "\n---\nbody {x}\n"


def _deep_workflow(depth: int) -> str:
    lines = ["from google.adk.workflow import Workflow", "", "w0 = Workflow(name='w0', edges=[])"]
    lines += [f"w{level} = Workflow(name='w{level}', edges=[('START', w{level - 1})])" for level in range(1, depth)]
    return "\n".join(lines) + "\n"


def _open(client: RawClient, path: Path) -> list[dict]:
    uri = path.as_uri()
    item = {"uri": uri, "languageId": "python", "version": 1, "text": path.read_text(encoding="utf-8")}
    client.notify("textDocument/didOpen", {"textDocument": item})
    message = client.wait(
        lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri, timeout=60
    )
    return message["params"]["diagnostics"]


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (project / "agent.py").write_text(AGENT, encoding="utf-8")
    (project / "boom.py").write_text(AGENT, encoding="utf-8")
    (project / "SKILL.md").write_text(HUGE_SKILL, encoding="utf-8")
    (project / "skills.py").write_text(LOADER, encoding="utf-8")  # google-adk reads the skill only then
    (project / "deep.py").write_text(_deep_workflow(3_000), encoding="utf-8")
    return project


def test_a_failing_reader_leaves_the_other_files_their_diagnostics(tmp_path: Path) -> None:
    project = _project(tmp_path)
    client = RawClient(cwd=project, script=FAILING)
    try:
        client.initialize(root=project)
        # agent.py first: the project is read as a whole then, boom.py with it.
        assert [d["code"] for d in _open(client, project / "agent.py")] == ["TPL014"]
        boom = _open(client, project / "boom.py")
        assert [d["code"] for d in boom] == ["TPL013"]
        assert "cannot read the file: RuntimeError: a reader failed" in boom[0]["message"]
        log = client.wait(lambda m: m.get("method") == "window/logMessage", timeout=10)
        assert "boom.py: RuntimeError: a reader failed" in log["params"]["message"]
        # Editing the failing file fails again, alone.
        change = {"textDocument": {"uri": (project / "boom.py").as_uri(), "version": 2},
                  "contentChanges": [{"text": AGENT + "\n"}]}  # fmt: skip
        client.notify("textDocument/didChange", change)
        assert [d["code"] for d in _open(client, project / "agent.py")] == ["TPL014"]
    finally:
        client.close()


def test_a_huge_number_skill_and_a_deep_workflow_stay_in_their_files(tmp_path: Path) -> None:
    project = _project(tmp_path)
    client = RawClient(cwd=project)
    try:
        client.initialize(root=project)
        assert [d["code"] for d in _open(client, project / "SKILL.md")] == ["TPL013"]
        assert [d["code"] for d in _open(client, project / "agent.py")] == ["TPL014"]
        assert [d["code"] for d in _open(client, project / "boom.py")] == ["TPL014"]
        _open(client, project / "deep.py")  # published, whatever it finds
        assert [d["code"] for d in _open(client, project / "agent.py")] == ["TPL014"]
    finally:
        client.close()
