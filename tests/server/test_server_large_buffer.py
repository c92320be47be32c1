"""A large open buffer does not slow the edits of the files that import it: its syntax tree
is made once per text, not once per keystroke elsewhere (it took half a second for 2 MB)."""

import ast
from pathlib import Path

from templating.project.python import module
from templating.server.workspace import Workspace

IMPORTER = (
    "from google.adk.agents import LlmAgent\nfrom big import P2\n\n"
    'agent = LlmAgent(name="a", model="m", instruction=P2)\n'
)


def test_edits_elsewhere_do_not_parse_a_large_buffer_again(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    big = "".join(f'P{i} = "Prompt {i} with {{key{i % 50}}} and some words to make it long"\n' for i in range(3_000))
    assert len(big) > 100_000
    (tmp_path / "big.py").write_text(big, encoding="utf-8")
    (tmp_path / "agent.py").write_text(IMPORTER, encoding="utf-8")
    parsed: list[int] = []
    real_parse = ast.parse

    def counting(text, *arguments, **keywords):
        if len(text) > 100_000:
            parsed.append(len(text))
        return real_parse(text, *arguments, **keywords)

    monkeypatch.setattr(module.ast, "parse", counting)
    workspace = Workspace([tmp_path])
    agent = tmp_path / "agent.py"
    buffers = {str((tmp_path / "big.py").resolve()): big}
    text = IMPORTER
    seen = []
    for keystroke in range(5):
        text += f"# {keystroke}\n"
        buffers[str(agent.resolve())] = text
        seen.append([(f.code, f.line, f.message) for f in workspace.findings(agent, text, buffers)])
    assert all(found == seen[0] for found in seen)
    assert parsed == [len(big)]
    # An edit of the large buffer itself is a new text: parsed once more.
    buffers[str((tmp_path / "big.py").resolve())] = big + "X = 1\n"
    workspace.findings(agent, text + "#\n", buffers)
    assert len(parsed) == 2


def _agents(count: int) -> str:
    body = "".join(
        f"a{i} = LlmAgent(name='a{i}', instruction='Step {i}: use {{k{i}}}.', output_key='k{i + 1}')\n"
        for i in range(count)
    )
    members = ", ".join(f"a{i}" for i in range(count))
    return (
        "from google.adk.agents import LlmAgent, SequentialAgent\n"
        + body
        + f"root = SequentialAgent(name='r', sub_agents=[{members}])\n"
    )


SMALL = "from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name='solo', instruction='Hi {user_name}')\n"


def _two_folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    for folder in ("big", "small", "other"):
        (tmp_path / folder).mkdir()
    (tmp_path / "big" / "agent.py").write_text(_agents(200), encoding="utf-8")
    (tmp_path / "small" / "agent.py").write_text(SMALL, encoding="utf-8")
    (tmp_path / "other" / "agent.py").write_text(SMALL, encoding="utf-8")
    return tmp_path / "big" / "agent.py", tmp_path / "small" / "agent.py", tmp_path / "other" / "agent.py"


def test_a_comment_typed_elsewhere_keeps_the_project_model(tmp_path: Path, monkeypatch) -> None:
    # Each keystroke changed the file's text, which its facts point into, so the whole
    # project's model and rules were worked out again: 1.8 s a keystroke with 17,000 agents.
    from templating.server import project

    big, small, _ = _two_folders(tmp_path)
    assembled: list[int] = []
    real_assemble = project.assemble
    monkeypatch.setattr(
        project, "assemble", lambda facts, dialect: assembled.append(1) or real_assemble(facts, dialect)
    )
    workspace = Workspace([tmp_path])
    buffers = {str(big.resolve()): big.read_text(encoding="utf-8")}
    text = SMALL
    seen = []
    for keystroke in range(5):
        text += f"# {keystroke}\n"
        buffers[str(small.resolve())] = text
        seen.append([(f.code, f.line, f.message) for f in workspace.findings(small, text, buffers)])
    assert seen[0] and all(found == seen[0] for found in seen)
    assert len(assembled) == 1
    # A change the facts see (a new placeholder) is still a change: the model is made again.
    text = text.replace("Hi {user_name}", "Hi {user_name} {nowhere}")
    buffers[str(small.resolve())] = text
    after = [(f.code, f.message) for f in workspace.findings(small, text, buffers)]
    assert len(assembled) == 2
    assert after != [(code, message) for code, _, message in seen[0]]


def test_edits_moving_between_folders_keep_the_project(tmp_path: Path, monkeypatch) -> None:
    # Each folder's settings were loaded apart and compared by identity: every edit in a file
    # of another folder than the last read the whole project again (5 to 20 s a keystroke with
    # a 1.9 MB buffer open).
    from templating.server import project

    big, small, other = _two_folders(tmp_path)
    made: list[int] = []
    real_init = project.Project.__init__

    def counting(self, *arguments, **keywords):
        made.append(1)
        real_init(self, *arguments, **keywords)

    monkeypatch.setattr(project.Project, "__init__", counting)
    workspace = Workspace([tmp_path])
    buffers = {str(path.resolve()): path.read_text(encoding="utf-8") for path in (big, small, other)}
    for keystroke in range(6):
        path = (small, other, big)[keystroke % 3]
        text = buffers[str(path.resolve())] + f"# {keystroke}\n"
        buffers[str(path.resolve())] = text
        workspace.findings(path, text, buffers)
    assert made == [1]
