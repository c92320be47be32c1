"""Go files built to make the reader slow or deep: each must finish well inside the bound."""

from __future__ import annotations

from pathlib import Path

from tests.bounded import run_templating

HEADER = """package main

import (
\t"google.golang.org/adk/agent"
\t"google.golang.org/adk/agent/llmagent"
\t"google.golang.org/adk/agent/workflowagents/sequentialagent"
)

"""


def test_go_many_agents_in_one_function_read_in_linear_time(tmp_path: Path) -> None:
    count = 3000
    agents = "".join(
        f'\tp{i} := "Step {i} reads {{k{i - 1}}}."\n'
        f'\ta{i}, _ := llmagent.New(llmagent.Config{{Name: "a{i}", Instruction: p{i}, OutputKey: "k{i}"}})\n'
        for i in range(1, count + 1)
    )
    names = ", ".join(f"a{i}" for i in range(1, count + 1))
    body = f'func main() {{\n{agents}\tsequentialagent.New(sequentialagent.Config{{AgentConfig: agent.Config{{Name: "s", SubAgents: []agent.Agent{{{names}}}}}}})\n}}\n'
    (tmp_path / "main.go").write_text(HEADER + body, encoding="utf-8")
    outcome = run_templating(["lint", "--isolated", "main.go"], tmp_path)
    assert outcome.returncode == 1, outcome.stderr
    assert outcome.stdout.count("TPL014") == 1  # only `k0`, which nothing writes


def test_go_long_concatenation_and_constant_cycle(tmp_path: Path) -> None:
    chain = " + ".join('"x"' for _ in range(20_000))
    body = (
        "const a = b\nconst b = a\n\n"
        f'func main() {{\n\tllmagent.New(llmagent.Config{{Name: "c", Instruction: {chain} + "{{x}}"}})\n'
        '\tllmagent.New(llmagent.Config{Name: "d", Instruction: a})\n}\n'
    )
    (tmp_path / "main.go").write_text(HEADER + body, encoding="utf-8")
    outcome = run_templating(["lint", "--isolated", "--select", "TPL014", "main.go"], tmp_path)
    assert outcome.returncode == 1, outcome.stderr
    assert "`x` is read by agent `c`" in outcome.stdout


def test_go_folder_of_many_files_is_not_searched_for_names(tmp_path: Path) -> None:
    for index in range(80):
        (tmp_path / f"f{index}.go").write_text(f'package main\n\nconst c{index} = "v"\n', encoding="utf-8")
    (tmp_path / "main.go").write_text(
        HEADER + 'func main() {\n\tllmagent.New(llmagent.Config{Name: "a", Instruction: c3 + "{k}"})\n}\n',
        encoding="utf-8",
    )
    outcome = run_templating(["lint", "--isolated", "--select", "TPL010,TPL014", "."], tmp_path)
    assert "TPL010 `c3`" in outcome.stdout and "`k` is read" in outcome.stdout
