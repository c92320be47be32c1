"""The project's edge, where files are opened: code that names a file out of the project (an
import, a ``tsconfig.json``'s ``paths`` or ``extends``, a package under ``node_modules``, a
sibling class or constant, a Go embed, a state file a config names) never gets it read, whatever
the way it is named, and a link is judged by its target. Each run is bounded (``bounded``).

Each project holds a key only the outside file names (``outside_key``) and a doubled brace
(``SECRETLINE``) that TPL001 would quote: neither may reach the report."""

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.bounded import run_templating

SECRET = "Use {outside_key} and {{ SECRETLINE }}"
TS_AGENT = (
    'import { LlmAgent } from "@google/adk";\nimport { SECRET } from "%s";\n'
    'export const a = new LlmAgent({ name: "a", model: "m", instruction: SECRET });\n'
)


def _layout(tmp_path: Path) -> tuple[Path, Path]:
    project, outside = tmp_path / "project", tmp_path / "outside"
    (outside / "secret").mkdir(parents=True)
    project.mkdir()
    (project / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (outside / "secret" / "a.ts").write_text(f'export const SECRET = "{SECRET}";\n', encoding="utf-8")
    return project, outside


def relative_import(project: Path, outside: Path) -> None:
    (project / "agent.ts").write_text(TS_AGENT % "../outside/secret/a", encoding="utf-8")


def tsconfig_paths(project: Path, outside: Path) -> None:
    (project / "agent.ts").write_text(TS_AGENT % "@s/a", encoding="utf-8")
    (project / "tsconfig.json").write_text('{"compilerOptions": {"paths": {"@s/*": ["../outside/secret/*"]}}}')


def tsconfig_extends(project: Path, outside: Path) -> None:
    (project / "agent.ts").write_text(TS_AGENT % "@s/a", encoding="utf-8")
    (project / "tsconfig.json").write_text('{"extends": "../outside/base.json"}')
    (outside / "base.json").write_text('{"compilerOptions": {"baseUrl": ".", "paths": {"@s/*": ["secret/*"]}}}')


def linked_tsconfig(project: Path, outside: Path) -> None:
    # The linked config maps the alias to a file inside the project: what it says is not the project's.
    (project / "agent.ts").write_text(TS_AGENT % "@s/a", encoding="utf-8")
    (project / "inner").mkdir()
    (project / "inner" / "a.ts").write_text(f'export const SECRET = "{SECRET}";\n', encoding="utf-8")
    (outside / "tsconfig.json").write_text('{"compilerOptions": {"paths": {"@s/*": ["inner/*"]}}}')
    (project / "tsconfig.json").symlink_to(outside / "tsconfig.json")


def node_modules_link(project: Path, outside: Path) -> None:
    (project / "agent.ts").write_text(TS_AGENT % "@s/a", encoding="utf-8")
    (project / "tsconfig.json").write_text('{"extends": "@corp/tsconfig/base.json"}')
    (project / "node_modules" / "@corp").mkdir(parents=True)
    (outside / "base.json").write_text('{"compilerOptions": {"baseUrl": ".", "paths": {"@s/*": ["secret/*"]}}}')
    (project / "node_modules" / "@corp" / "tsconfig").symlink_to(outside, target_is_directory=True)


def linked_module(project: Path, outside: Path) -> None:
    (project / "agent.ts").write_text(TS_AGENT % "./link", encoding="utf-8")
    (project / "link.ts").symlink_to(outside / "secret" / "a.ts")


def linked_java_class(project: Path, outside: Path) -> None:
    (project / "Agent.java").write_text(
        "import com.google.adk.agents.LlmAgent;\nclass Agent {\n"
        '  static LlmAgent root() { return LlmAgent.builder().name("a").instruction(Prompts.SECRET).build(); }\n}\n'
    )
    (outside / "Prompts.java").write_text(f'class Prompts {{\n  static final String SECRET = "{SECRET}";\n}}\n')
    (project / "Prompts.java").symlink_to(outside / "Prompts.java")


def linked_kotlin_constant(project: Path, outside: Path) -> None:
    (project / "Agent.kt").write_text(
        'import com.google.adk.agents.LlmAgent\nval root = LlmAgent.builder().name("a").instruction(SECRET).build()\n'
    )
    (outside / "Prompts.kt").write_text(f'const val SECRET = "{SECRET}"\n')
    (project / "Prompts.kt").symlink_to(outside / "Prompts.kt")


def linked_python_module(project: Path, outside: Path) -> None:
    (project / "agent.py").write_text(
        'from google.adk.agents import LlmAgent\nfrom prompts import SECRET\nroot_agent = LlmAgent(name="a", instruction=SECRET)\n'
    )
    (outside / "prompts.py").write_text(f'SECRET = "{SECRET}"\n')
    (project / "prompts.py").symlink_to(outside / "prompts.py")


_GO_AGENT = 'package main\n\nimport (\n\t_ "embed"\n\n\t"google.golang.org/adk/agent/llmagent"\n)\n\n'


def linked_go_embed(project: Path, outside: Path) -> None:
    (project / "main.go").write_text(
        _GO_AGENT + '//go:embed prompt.md\nvar prompt string\n\nfunc main() {\n\tllmagent.New(llmagent.Config{Name: "a", Instruction: prompt})\n}\n'
    )  # fmt: skip
    (outside / "prompt.md").write_text(SECRET + "\n")
    (project / "prompt.md").symlink_to(outside / "prompt.md")


def linked_go_sibling(project: Path, outside: Path) -> None:
    (project / "main.go").write_text(
        _GO_AGENT + 'func main() {\n\tllmagent.New(llmagent.Config{Name: "a", Instruction: Secret})\n}\n'
    )
    (outside / "prompts.go").write_text(f'package main\n\nconst Secret = "{SECRET}"\n')
    (project / "prompts.go").symlink_to(outside / "prompts.go")


CASES: dict[str, Callable[[Path, Path], None]] = {
    case.__name__: case
    for case in (relative_import, tsconfig_paths, tsconfig_extends, linked_tsconfig, node_modules_link, linked_module,
                 linked_java_class, linked_kotlin_constant, linked_python_module, linked_go_embed, linked_go_sibling)
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_hostile_code_naming_a_file_out_of_the_project_never_reads_it(tmp_path: Path, case: str) -> None:
    project, outside = _layout(tmp_path)
    CASES[case](project, outside)
    for command in (["lint", "--no-cache", "--output-format", "full", "."], ["graph", "--format", "json", "."]):
        outcome = run_templating(command, project, seconds=20)
        assert "Traceback" not in outcome.stderr, outcome.stderr
        assert outcome.returncode in (0, 1), outcome.stderr
        shown = outcome.stdout + outcome.stderr
        assert "SECRETLINE" not in shown and "outside_key" not in shown, shown


@pytest.mark.parametrize("case", ["relative_import", "linked_module", "linked_python_module", "linked_go_sibling"])
def test_hostile_the_same_layout_inside_the_project_is_read(tmp_path: Path, case: str) -> None:
    # The control: with the file inside the project (no link, no `..`), its key is reported.
    project, outside = _layout(tmp_path)
    CASES[case](project, outside)
    for path in project.iterdir():
        if path.is_symlink():
            target = path.resolve()
            path.unlink()
            path.write_bytes(target.read_bytes())
    (project / "outside" / "secret").mkdir(parents=True)
    (project / "outside" / "secret" / "a.ts").write_bytes((outside / "secret" / "a.ts").read_bytes())
    agent = project / "agent.ts"
    if agent.exists():
        agent.write_text(agent.read_text().replace("../outside/", "./outside/"))
    outcome = run_templating(["lint", "--no-cache", "."], project, seconds=20)
    assert "SECRETLINE" in outcome.stdout, outcome.stdout + outcome.stderr


def test_hostile_initial_state_setting_names_only_files_in_the_project(tmp_path: Path) -> None:
    project, outside = _layout(tmp_path)
    (outside / "state.json").write_text('{"outside_key": 1}')
    (project / "outlink").symlink_to(outside, target_is_directory=True)
    (project / "p.prompt").write_text("Hi {outside_key}\n")
    for state in (str(outside / "state.json"), "../outside/state.json", "outlink/state.json"):
        (project / "pyproject.toml").write_text(f'[tool.templating]\ninitial-state = "{state}"\n')
        outcome = run_templating(["lint", "--no-cache", "p.prompt"], project)
        assert outcome.returncode == 2, outcome.stdout + outcome.stderr
        assert "`initial-state` names" in outcome.stderr and "outside the project" in outcome.stderr


def test_hostile_fix_through_a_folder_link_to_another_project_writes_nothing(tmp_path: Path) -> None:
    # The link's target has a config of its own: found along the path as typed, it made the
    # target the project, and `--fix` wrote there (`{ name }` has TPL004's safe fix).
    project, outside = _layout(tmp_path)
    agent = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi { name }")\n'
    (outside / "pyproject.toml").write_text("[tool.templating]\n")
    (outside / "agent.py").write_text(agent)
    (project / "outlink").symlink_to(outside, target_is_directory=True)
    for command in (
        ["lint", "--no-cache", "--fix", "outlink/agent.py"],
        ["lint", "--no-cache", "--add-noqa", "outlink/agent.py"],
    ):
        outcome = run_templating(command, project)
        assert "not fixed: a symbolic link to" in outcome.stderr, outcome.stdout + outcome.stderr
    assert (outside / "agent.py").read_text() == agent
