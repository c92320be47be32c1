"""Agents nested thousands deep, which Python's own parser refuses but TypeScript, Java and
Kotlin files can say: the walk of the agent tree (which key is written before which agent
reads it) loops instead of recursing. Bounded in a child process (`tests.bounded`)."""

from pathlib import Path

import pytest

from tests.bounded import run_templating

DEPTH = 3_000


def _java() -> str:
    opening = "".join(f'SequentialAgent.builder().name("s{level}").subAgents(' for level in range(DEPTH))
    inner = 'LlmAgent.builder().name("x").instruction("{k}").build()'
    head = "import com.google.adk.agents.LlmAgent;\nimport com.google.adk.agents.SequentialAgent;\n"
    return head + "class A {\n  static SequentialAgent r = " + opening + inner + ").build()" * DEPTH + ";\n}\n"


def _kotlin() -> str:
    opening = "".join(f'SequentialAgent(name = "s{level}", subAgents = listOf(' for level in range(DEPTH))
    inner = 'LlmAgent(name = "x", instruction = Instruction("{k}"))'
    head = (
        "import com.google.adk.kt.agents.LlmAgent\nimport com.google.adk.kt.agents.SequentialAgent\n"
        "import com.google.adk.kt.agents.Instruction\n"
    )
    return head + "val r = " + opening + inner + "))" * DEPTH + "\n"


@pytest.mark.parametrize(("name", "make"), [("A.java", _java), ("A.kt", _kotlin)])
def test_hostile_agents_nested_3000_deep(tmp_path: Path, name: str, make) -> None:
    # A RecursionError traceback in lint and graph before.
    (tmp_path / name).write_text(make(), encoding="utf-8")
    for command in (["lint", "--no-cache", "--output-format", "concise", "."], ["graph", "."]):
        outcome = run_templating(command, tmp_path, seconds=30)
        assert outcome.returncode in (0, 1), outcome.stderr[-2000:]
        assert "Traceback" not in outcome.stderr
    lint = run_templating(["lint", "--no-cache", "--output-format", "concise", "."], tmp_path, seconds=30)
    assert "TPL014" in lint.stdout and "`k`" in lint.stdout


def test_hostile_graph_of_one_agent_listed_ten_times_under_eleven_levels(tmp_path: Path) -> None:
    # `graph` chose its layout by the tree's depth, walked once per path: 10^11 paths, a hang
    # (lint was already linear here; `test_hostile_lint.py`).
    lines = ["from google.adk.agents import LlmAgent, SequentialAgent", "a0 = LlmAgent(name='a0', instruction='{k}')"]
    for level in range(1, 12):
        lines.append(
            f"a{level} = SequentialAgent(name='a{level}', sub_agents=[" + ", ".join([f"a{level - 1}"] * 10) + "])"
        )
    (tmp_path / "agent.py").write_text("\n".join([*lines, "root_agent = a11"]) + "\n", encoding="utf-8")
    for output_format in ("mermaid", "dot", "json"):
        outcome = run_templating(["graph", "--format", output_format, "."], tmp_path, seconds=20)
        assert outcome.returncode == 0, outcome.stderr[-2000:]
        assert "a11" in outcome.stdout
    assert run_templating(["graph", "."], tmp_path, seconds=20).stdout.startswith("flowchart TB")
