"""Hostile text in what the toolkit prints: file names, source lines, agent names and state
keys that hold escape sequences, newlines or bidirectional overrides reach the terminal
escaped, never obeyed, and a newline in a file name cannot forge a finding line."""

from pathlib import Path

from tests.bounded import run_templating

OSC52 = "\x1b]52;c;ZWNobyBwd25lZA==\x07"  # writes the clipboard in many terminals
CLEAR = "\x1b[2J\x1b[H"
CSI = "\x9b2J"  # the one-character C1 form


def _unsafe(text: str) -> bool:
    return any(character in text for character in ("\x1b", "\x07", "\x9b", "\u202e"))


def test_hostile_file_name_with_a_newline_cannot_forge_a_finding(tmp_path):
    name = "a.prompt\nfake.py:1:1: TPL001 forged.prompt"
    (tmp_path / name).write_text("Hi {{name}}\n")
    for output_format in ("concise", "full"):
        outcome = run_templating(["lint", "--no-cache", "--output-format", output_format, name], tmp_path)
        lines = outcome.stdout.splitlines()
        assert not any(line.startswith("fake.py") for line in lines), outcome.stdout
        assert lines[0].startswith("a.prompt\\nfake.py:1:1: TPL001 forged.prompt:1:4: TPL001")


def test_hostile_escape_sequences_in_source_and_names_are_escaped(tmp_path):
    name = f"x{CLEAR}.prompt"
    (tmp_path / name).write_text(f"Hi {{{{name}}}} {OSC52} {CSI} \u202e\n")
    for output_format in ("concise", "full"):
        outcome = run_templating(["lint", "--no-cache", "--output-format", output_format, name], tmp_path)
        assert outcome.returncode == 1
        assert not _unsafe(outcome.stdout + outcome.stderr), repr(outcome.stdout)
    assert "\\x1b]52;c;ZWNobyBwd25lZA==\\x07 \\x9b2J \\u202e" in outcome.stdout


def test_hostile_full_format_caret_stays_under_the_finding_after_escapes(tmp_path):
    (tmp_path / "p.prompt").write_text("\x1b[31m {{name}}\n")
    outcome = run_templating(["lint", "--no-cache", "--output-format", "full", "p.prompt"], tmp_path)
    lines = outcome.stdout.splitlines()
    source, caret = lines[2], lines[3]
    assert source == "1 | \\x1b[31m {{name}}"
    assert caret.index("^") == source.index("{{name}}") and caret.count("^") == len("{{name}}")


def test_hostile_agent_names_and_keys_in_the_graph_are_escaped(tmp_path):
    agent = (
        "from google.adk.agents import LlmAgent\n"
        f'agent = LlmAgent(name="a{OSC52}", instruction="Hi {{name}}", output_key="k{CLEAR}")\n'
    )
    (tmp_path / "agent.py").write_text(agent)
    for output_format in ("mermaid", "dot", "json"):
        outcome = run_templating(["graph", "--format", output_format, "."], tmp_path)
        assert outcome.returncode == 0, outcome.stderr
        assert not _unsafe(outcome.stdout), (output_format, outcome.stdout)


def test_hostile_error_naming_a_hostile_path_is_escaped(tmp_path):
    outcome = run_templating(["lint", f"missing{CLEAR}.py"], tmp_path)
    assert outcome.returncode == 2
    assert outcome.stderr == "templating: error: missing\\x1b[2J\\x1b[H.py: no such file or folder\n"


def test_hostile_fix_list_escapes_file_names(tmp_path):
    name = f"p{OSC52}.prompt"
    (tmp_path / name).write_text("Hi { name }\n")  # TPL004: a safe fix, which --show-fixes lists
    outcome = run_templating(["lint", "--no-cache", "--show-fixes", name], tmp_path)
    assert "- p\\x1b]52;c;ZWNobyBwd25lZA==\\x07.prompt:" in outcome.stderr
    assert not _unsafe(outcome.stdout + outcome.stderr)
    assert Path(tmp_path / name).read_text() == "Hi { name }\n"


WORKFLOW = """from google.adk import Event, Workflow
from google.adk.workflow import START, JoinNode, node


@node(name="evil\\nflowchart LR\\n  x --> y")
def a():
    return Event(state={"k": 1}, route="r")


j = JoinNode(name="join\\x1b[31m\\u202e")
root = Workflow(name="w\\n}\\ndigraph x {", edges=[(START, a, {"r\\nINJECT\\x07": j})])
"""


def test_hostile_workflow_node_join_and_route_names_in_the_graph_are_escaped(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    (tmp_path / "agent.py").write_text(WORKFLOW)
    for graph_format in ("mermaid", "dot"):
        outcome = run_templating(["graph", ".", "--format", graph_format], tmp_path)
        assert outcome.returncode == 0, outcome.stderr
        lines = outcome.stdout.splitlines()
        # A newline in a name never starts a line of its own.
        assert not any(
            line.startswith(("flowchart LR", "  x -->", "INJECT", "digraph x", "}\\n")) for line in lines[1:]
        )
        assert not _unsafe(outcome.stdout), graph_format
        assert "INJECT" in outcome.stdout and "evil" in outcome.stdout


def test_hostile_github_annotations_escape_control_characters(tmp_path):
    (tmp_path / "p.prompt").write_text(f"Hi {{{{name}}}} {OSC52} {CSI} \u202e\n")
    name = f"x{CLEAR}\x07.prompt"
    (tmp_path / name).write_text("Hi {{name}}\n")
    outcome = run_templating(["lint", "--no-cache", "--output-format", "github", "p.prompt", name], tmp_path)
    assert outcome.returncode == 1, outcome.stderr
    assert outcome.stdout.count("::error ") + outcome.stdout.count("::warning ") >= 2, outcome.stdout
    assert not _unsafe(outcome.stdout), outcome.stdout
    assert all(line.startswith("::") for line in outcome.stdout.splitlines()), outcome.stdout
