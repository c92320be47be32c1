"""TypeScript project files a user does not read closely: a ``tsconfig.json`` made of comments
left open. Bounded in a child process (`tests.bounded`)."""

from pathlib import Path

from tests.bounded import run_templating

AGENT = (
    'import { LlmAgent } from "@google/adk";\nimport { P } from "@p/prompts";\n'
    'export const a = new LlmAgent({ name: "a", instruction: P });\n'
)


def test_hostile_tsconfig_of_open_comments_is_read_in_linear_time(tmp_path: Path) -> None:
    # Stripping comments searched from each `/*` to the end of the text: 210 KB took 52 s.
    config = '{"compilerOptions": {"paths": {"@p/*": ["src/*"]}}} ' + "/* " * 70_000
    (tmp_path / "tsconfig.json").write_text(config, encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "prompts.ts").write_text('export const P = "Use {x}";\n', encoding="utf-8")
    (tmp_path / "src" / "agent.ts").write_text(AGENT, encoding="utf-8")
    for command in (["lint", "--no-cache", "."], ["graph", "."]):
        outcome = run_templating(command, tmp_path, seconds=20)
        assert outcome.returncode in (0, 1), outcome.stderr
        assert "Traceback" not in outcome.stderr


def test_hostile_tsconfig_comments_still_stripped(tmp_path: Path) -> None:
    # The same config with its comments closed: `paths` is read, so the prompt is followed.
    config = '/* a */ {"compilerOptions": {"paths": {"@p/*": ["src/*"]}}} // "b\n' + "/* c */ " * 10
    (tmp_path / "tsconfig.json").write_text(config, encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "prompts.ts").write_text('export const P = "Use {x}";\n', encoding="utf-8")
    (tmp_path / "src" / "agent.ts").write_text(AGENT, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "--output-format", "concise", "."], tmp_path, seconds=20)
    assert "prompts.ts:1:" in outcome.stdout, outcome.stdout + outcome.stderr


def test_hostile_agents_nested_10000_deep_in_typescript(tmp_path: Path) -> None:
    # Each agent's binding walked up to the root by tree-sitter's `.parent`, itself a walk down
    # from the root: 300 levels took 3.5 s, 3,000 did not finish in a minute; then the order
    # walk recursed (a RecursionError), and pushed each level's whole subtree for no later
    # sibling (10,000 levels: 22 s).
    depth = 10_000
    opening = "".join(f"new SequentialAgent({{ name: 's{level}', subAgents: [" for level in range(depth))
    text = (
        "import { LlmAgent, SequentialAgent } from '@google/adk';\nexport const root = "
        + opening + "new LlmAgent({ name: 'x', instruction: '{k}' })" + "] })" * depth + ";\n"
    )  # fmt: skip
    (tmp_path / "agent.ts").write_text(text, encoding="utf-8")
    for command in (["lint", "--no-cache", "."], ["graph", "."]):
        outcome = run_templating(command, tmp_path, seconds=10)
        assert outcome.returncode in (0, 1), outcome.stderr
    lint = run_templating(["lint", "--no-cache", "--output-format", "concise", "."], tmp_path, seconds=10)
    assert "TPL014 `k` is read by agent `x`" in lint.stdout


def test_hostile_4000_factories_extending_a_local_of_one_name(tmp_path: Path) -> None:
    # Each factory builds its instruction in a `let instruction` extended with `+=`: each
    # name's assignments are sorted into their blocks once, not searched again for every read.
    factories = "".join(
        f"function build{i}() {{\n  let instruction = 'Use {{t{i}}}.';\n  instruction += ' Then {{m{i}?}}.';\n"
        f"  return new LlmAgent({{ name: 'a{i}', instruction }});\n}}\nexport const agent{i} = build{i}();\n"
        for i in range(4_000)
    )
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    (tmp_path / "agent.ts").write_text('import { LlmAgent } from "@google/adk";\n' + factories, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "agent.ts"], tmp_path, seconds=60, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode == 1, outcome.stderr[-2000:]
    assert "Found 4000 findings" in outcome.stdout, outcome.stdout[-2000:]
