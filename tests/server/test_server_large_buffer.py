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
