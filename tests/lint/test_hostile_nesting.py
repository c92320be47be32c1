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


def _deep_writes(language: str, depth: int, count: int) -> tuple[str, str]:
    """A callback writing ``count`` keys in a block nested ``depth`` deep, and an agent."""
    if language == "ts":
        writes = "".join(f"ctx.state.set('k{i}', P);\n" for i in range(count))
        return "agent.ts", (
            "import { LlmAgent } from '@google/adk';\nimport type { CallbackContext } from '@google/adk';\n"
            "const P = 'Use {x}';\nexport function cb(ctx: CallbackContext) {\n" + "if (P) {\n" * depth + writes
            + "}\n" * depth + "}\nexport const a = new LlmAgent({ name: 'a', instruction: P, beforeAgentCallback: cb });\n"
        )  # fmt: skip
    if language == "go":
        writes = "".join(f'\tctx.State().Set("k{i}", P)\n' for i in range(count))
        return "main.go", (
            'package main\n\nimport (\n\t"google.golang.org/adk/v2/agent"\n\t"google.golang.org/adk/v2/agent/llmagent"\n)\n\n'
            'const P = "Use {x}"\n\nfunc cb(ctx agent.CallbackContext) {\n' + "if true {\n" * depth + writes + "}\n" * depth
            + '}\n\nfunc main() {\n\tllmagent.New(llmagent.Config{Name: "a", Instruction: P})\n}\n'
        )  # fmt: skip
    if language == "java":
        writes = "".join(f'    ctx.state().put("k{i}", P);\n' for i in range(count))
        return "A.java", (
            "import com.google.adk.agents.LlmAgent;\nimport com.google.adk.agents.CallbackContext;\nclass A {\n"
            '  static final String P = "Use {x}";\n  static void cb(CallbackContext ctx) {\n' + "if (true) {\n" * depth
            + writes + "}\n" * depth + '  }\n  static LlmAgent a = LlmAgent.builder().name("a").instruction(P).build();\n}\n'
        )  # fmt: skip
    writes = "".join(f'    ctx.state["k{i}"] = P\n' for i in range(count))
    return "A.kt", (
        'import com.google.adk.kt.agents.LlmAgent\nimport com.google.adk.kt.agents.Instruction\nconst val P = "Use {x}"\n'
        "fun cb(ctx: CallbackContext) {\n" + "if (true) {\n" * depth + writes + "}\n" * depth
        + '}\nval a = LlmAgent(name = "a", instruction = Instruction(P))\n'
    )  # fmt: skip


@pytest.mark.parametrize("language", ["ts", "go", "java", "kotlin"])
def test_hostile_state_writes_in_a_block_nested_1000_deep(tmp_path: Path, language: str) -> None:
    # Each write found its owner by walking up with tree-sitter's `.parent`, which walks down
    # from the root: 500 writes 300 deep took 3-15 s, 1,200 deep past a minute.
    name, text = _deep_writes(language, 1_000, 300)
    (tmp_path / name).write_text(text, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "--output-format", "concise", "."], tmp_path, seconds=30)
    assert outcome.returncode == 1, outcome.stderr[-2000:]
    assert "TPL014 `x` is read by agent `a`" in outcome.stdout


def _deep_agents(language: str, depth: int, count: int) -> tuple[str, str]:
    """``count`` agents whose instructions use a constant, built in a block nested ``depth`` deep."""
    members = ", ".join(f"a{i}" for i in range(count))
    if language == "ts":
        agents = "".join(f"const a{i} = new LlmAgent({{ name: 'a{i}', instruction: P }});\n" for i in range(count))
        return "agent.ts", (
            "import { LlmAgent, SequentialAgent } from '@google/adk';\nconst P = 'Use {x}';\nexport function build() {\n"
            + "if (P) {\n" * depth + agents + f"return new SequentialAgent({{ name: 'r', subAgents: [{members}] }});\n"
            + "}\n" * depth + "}\n"
        )  # fmt: skip
    agents = "".join(
        f'    LlmAgent a{i} = LlmAgent.builder().name("a{i}").instruction(P).build();\n' for i in range(count)
    )
    return "A.java", (
        "import com.google.adk.agents.LlmAgent;\nimport com.google.adk.agents.SequentialAgent;\nclass A {\n"
        '  static final String P = "Use {x}";\n  static SequentialAgent build() {\n' + "if (true) {\n" * depth + agents
        + f'    return SequentialAgent.builder().name("r").subAgents({members}).build();\n' + "}\n" * depth + "  }\n}\n"
    )  # fmt: skip


@pytest.mark.parametrize("language", ["ts", "java"])
def test_hostile_agents_built_in_a_block_nested_2000_deep(tmp_path: Path, language: str) -> None:
    # Resolving each instruction's constant walked the blocks around it up by `.parent`: 300
    # agents 1,200 deep took 24 s of CPU in TypeScript and Java; now under a second.
    name, text = _deep_agents(language, 2_000, 300)
    (tmp_path / name).write_text(text, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "--output-format", "concise", "."], tmp_path, seconds=20)
    assert outcome.returncode == 1, outcome.stderr[-2000:]
    assert "TPL014 `x` is read by agent `a0`" in outcome.stdout  # one finding: one place in the text


def test_hostile_go_custom_agent_calls_in_blocks_nested_2000_deep(tmp_path: Path) -> None:
    # Whether each call runs beside the others (a goroutine) or under a condition was found by
    # walking up with `.parent` to the `Run` function: 301 calls 1,000 blocks deep took 40 s on main.
    from tests.project.go.test_go_state import IMPORTS

    agents = (
        '\tcritic, _ := llmagent.New(llmagent.Config{Name: "critic", Instruction: "Critique {draft}.", OutputKey: "notes"})\n'
        '\twriter, _ := llmagent.New(llmagent.Config{Name: "writer", Instruction: "Write.", OutputKey: "draft"})\n'
    )
    call = "for ev, err := range {0}.Run(ctx) {{\n yield(ev, err)\n}}\n"
    calls = call.format("writer") * 300 + call.format("critic")
    body = (
        "func build() {\n" + agents
        + '\troot, _ := agent.New(agent.Config{Name: "root", SubAgents: []agent.Agent{writer, critic},\n'
        + "\t\tRun: func(ctx agent.InvocationContext) iter.Seq2[*session.Event, error] {\n"
        + "\t\t\treturn func(yield func(*session.Event, error) bool) {\n"
        + "{\n" * 2_000 + calls + "}\n" * 2_000 + "\t\t\t}\n\t\t},\n\t})\n\t_ = root\n}\n"
    )  # fmt: skip
    (tmp_path / "main.go").write_text(IMPORTS.replace("import (\n", 'import (\n\t"iter"\n') + body, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "--output-format", "concise", "."], tmp_path, seconds=20)
    assert outcome.returncode == 0, outcome.stdout + outcome.stderr[-2000:]
    assert "All checks passed" in outcome.stdout  # the writer runs first: the draft is in time
