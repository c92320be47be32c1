"""The whole linter on a fixture tree: every finding at its pinned file, line and column."""

from pathlib import Path

import pytest

from templating.lint.linter import lint_paths, lint_text
from templating.lint.registry import select_rules
from templating.lint.settings import Settings

TREE = Path(__file__).parents[1] / "data" / "lint" / "travel"

EXPECTED = [  # TPL014: nothing in this tree writes state, so every required key an agent reads
    ("agents/planner/agent.py", 10, 33, "TPL009"),
    ("agents/planner/agent.py", 15, 29, "TPL004"),
    ("agents/planner/agent.py", 15, 31, "TPL014"),
    ("agents/planner/agent.py", 16, 34, "TPL005"),
    ("agents/planner/agent.py", 17, 24, "TPL010"),
    ("agents/planner/agent.py", 17, 34, "TPL014"),
    ("agents/planner/prompt.py", 3, 40, "TPL014"),
    ("agents/planner/prompt.py", 4, 12, "TPL002"),
    ("agents/planner/prompt.py", 4, 37, "TPL001"),
    ("agents/planner/prompt.py", 4, 39, "TPL014"),
    ("agents/planner/prompt.py", 5, 9, "TPL007"),
    ("agents/planner/prompt.py", 5, 26, "TPL005"),
    ("agents/planner/prompt.py", 7, 9, "TPL006"),
    ("agents/planner/prompt.py", 7, 11, "TPL014"),
    ("agents/planner/prompt.py", 13, 23, "TPL003"),
    ("agents/planner/prompt.py", 13, 24, "TPL014"),
    ("configs/broken.yaml", 3, 1, "TPL013"),
    ("configs/root_agent.yaml", 4, 14, "TPL014"),
    ("configs/root_agent.yaml", 5, 13, "TPL001"),
    ("configs/root_agent.yaml", 5, 15, "TPL014"),
    ("configs/root_agent.yaml", 5, 27, "TPL004"),
    ("configs/root_agent.yaml", 5, 29, "TPL014"),
    ("configs/root_agent.yaml", 6, 36, "TPL005"),
]


@pytest.fixture(autouse=True)
def _inside_tree(monkeypatch):
    """Paths in findings are shown relative to the working folder."""
    monkeypatch.chdir(TREE)


def _positions(findings):
    return [(f.path, f.line, f.column, f.code) for f in findings]


def test_linter_fixture_tree_findings_at_known_positions():
    result = lint_paths([TREE], Settings(root=TREE))
    assert _positions(result.findings) == EXPECTED
    assert result.files == 6  # .gitignore'd folder skipped, prompt file not included by default


def test_linter_prompt_file_passed_explicitly_and_include_globs():
    explicit = lint_paths([TREE / "welcome.prompt"], Settings(root=TREE))
    included = lint_paths([TREE], Settings(root=TREE, include=("*.prompt",)))
    assert _positions(explicit.findings) == [("welcome.prompt", 2, 13, "TPL005")]
    assert ("welcome.prompt", 2, 13, "TPL005") in _positions(included.findings)


def test_linter_fix_only_where_the_source_is_verbatim():
    result = lint_paths(
        [TREE / "configs" / "root_agent.yaml"], Settings(root=TREE, enabled=select_rules(None, ["TPL014"]))
    )
    assert [f.fix.content if f.fix else None for f in result.findings] == [None, "{mood}", None]
    # `{{answer}}` (TPL001) has two readings, both unsafe: the value (here), or the text `{answer}`
    # through the strict dialect, which an Agent Config cannot hold.
    assert [[fix.content for fix in f.suggestions] for f in result.findings] == [["{answer}"], [], []]
    assert [fix.safe for f in result.findings for fix in f.suggestions] == [False]


def test_linter_per_file_ignores_and_selection():
    settings = Settings(
        root=TREE,
        enabled=select_rules(["TPL00"], ["silent-literal"]),
        per_file_ignores=(("configs/*", frozenset({"TPL001"})),),
    )
    codes = {(f.path, f.code) for f in lint_paths([TREE], settings).findings}
    assert ("configs/root_agent.yaml", "TPL001") not in codes
    assert not any(code == "TPL005" or code == "TPL013" for _, code in codes)
    assert ("agents/planner/prompt.py", "TPL001") in codes


def test_linter_unreadable_python_is_a_finding():
    (finding,) = lint_text("agent = Agent(instruction=(\n", "bad.py", Settings())
    assert (finding.code, finding.line) == ("TPL013", 1)
    assert finding.message.startswith("invalid Python")


def test_linter_python_without_instructions_is_skipped_fast():
    assert lint_text("def broken(:\n", "other.py", Settings()) == []


@pytest.mark.parametrize(
    ("display", "text"),
    [
        ("chain.py", 'P = "{{x}}"' + ' + "a"' * 20000 + "\nAgent(instruction=P)\n"),
        ("nested.yaml", "instruction: " + "[" * 5000 + "]" * 5000 + "\n"),
    ],
)
def test_linter_too_deeply_nested_file_is_a_finding(display, text):
    (finding,) = lint_text(text, display, Settings())
    assert (finding.path, finding.code, finding.line, finding.column) == (display, "TPL013", 1, 1)
    assert finding.message == "cannot parse the file: it nests too deeply"


def test_linter_deeply_nested_sibling_module_is_left_unresolved(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompts.py").write_text('P = "{{x}}"' + ' + "a"' * 20000 + "\n")
    source = "from .prompts import P\nAgent(instruction=P)\n"
    assert lint_text(source, "agent.py", Settings(), path=tmp_path / "agent.py") == []


LATIN_1_AGENT = '# -*- coding: latin-1 -*-\r\nAgent(instruction="café {{x}}")\r\n'.encode("latin-1")


def test_linter_python_file_read_in_its_declared_encoding(tmp_path):
    (tmp_path / "agent.py").write_bytes(LATIN_1_AGENT)
    settings = Settings(root=tmp_path, enabled=select_rules(None, ["TPL014"]))
    (finding,) = lint_paths([tmp_path / "agent.py"], settings).findings
    assert (finding.code, finding.line, finding.column, finding.source_line) == (
        "TPL001",
        2,
        25,
        'Agent(instruction="café {{x}}")',
    )


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("agent.py", b'Agent(instruction="\xff")\n', "not UTF-8 text (byte 19)"),
        ("agent.py", b'\xff\nAgent(instruction="x")\n', "not UTF-8 text (byte 0)"),
        ("agent.py", b'# coding: ascii\nAgent(instruction="\xe9")\n', "not ascii text (byte 35)"),
        ("agent.py", b'# coding: nonsense\nAgent(instruction="x")\n', "invalid Python: unknown encoding: nonsense"),
        ("agent.yaml", b"# coding: latin-1\ninstruction: caf\xe9\n", "not UTF-8 text (byte 34)"),
    ],
)
def test_linter_undecodable_file_is_a_finding(tmp_path, name, data, message):
    (tmp_path / name).write_bytes(data)
    (finding,) = lint_paths([tmp_path / name], Settings(root=tmp_path)).findings
    assert (finding.code, finding.line, finding.column, finding.message) == ("TPL013", 1, 1, message)
