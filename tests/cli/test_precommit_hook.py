"""The shipped `.pre-commit-hooks.yaml`, run by the real `pre-commit` tool on a git repository
whose config excludes a file: pre-commit names every file, `--force-exclude` drops that one; a
committed file whose name looks like an option is linted as a file, never obeyed."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
# `{ name }` (TPL004) has a safe fix, which the fix hook applies.
AGENT = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(instruction="Hi { name }")\n'

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")


def _repository(folder: Path, hook_id: str = "templating-lint", args: list[str] | None = None) -> Path:
    """A git repository with an agent, an excluded generated agent, and the shipped hook."""
    (hook,) = [hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text()) if hook["id"] == hook_id]
    # `language: system` runs the entry with this environment's `templating`, where the
    # shipped `language: python` would build a virtual environment from the package index.
    local = _local(hook) | {"args": args or []}
    config = {"repos": [{"repo": "local", "hooks": [local]}]}
    (folder / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    (folder / "pyproject.toml").write_text('[tool.templating]\nexclude = ["generated/"]\n')
    (folder / "agent.py").write_text(AGENT)
    (folder / "generated").mkdir()
    (folder / "generated" / "agent.py").write_text(AGENT)
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True)
    return folder


def _local(hook: dict) -> dict:
    """A shipped hook as a local one, run with this environment's `templating`."""
    keys = ("id", "name", "entry", "files", "pass_filenames")
    return {key: hook[key] for key in keys if key in hook} | {"language": "system"}


def _pre_commit(folder: Path, files: list[str] | None = None) -> subprocess.CompletedProcess:
    environment = {
        **os.environ,
        "PRE_COMMIT_HOME": str(folder.parent / "pre-commit-home"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    chosen = ["--files", *files] if files is not None else ["--all-files"]
    command = [sys.executable, "-m", "pre_commit", "run", *chosen, "--color", "never"]
    return subprocess.run(
        command, cwd=folder, env=environment, capture_output=True, text=True, timeout=120, check=False
    )


def test_precommit_hook_reports_only_files_the_config_does_not_exclude(tmp_path):
    (tmp_path / "repo").mkdir()
    completed = _pre_commit(_repository(tmp_path / "repo"))
    assert completed.returncode == 1, completed.stdout
    assert "agent.py:3:" in completed.stdout
    assert "generated/agent.py" not in completed.stdout


def test_precommit_hook_fix_never_touches_an_excluded_file(tmp_path):
    (tmp_path / "repo").mkdir()
    folder = _repository(tmp_path / "repo", "templating-lint-fix")
    completed = _pre_commit(folder)
    assert "Fixed 1 finding" in completed.stdout, completed.stdout
    assert (folder / "generated" / "agent.py").read_text() == AGENT
    assert "{ name }" not in (folder / "agent.py").read_text()


def test_precommit_hook_never_reads_a_file_name_as_an_option(tmp_path):
    (tmp_path / "repo").mkdir()
    folder = _repository(tmp_path / "repo")
    (folder / "important.py").write_text("VALUE = 1\n")
    (folder / "--output-file=important.py").write_text(AGENT)
    subprocess.run(["git", "add", "--", "--output-file=important.py", "important.py"], cwd=folder, check=True)
    completed = _pre_commit(folder)
    assert (folder / "important.py").read_text() == "VALUE = 1\n"
    assert "--output-file=important.py:3:" in completed.stdout, completed.stdout


def test_precommit_hook_args_are_file_names_and_a_missing_one_says_so(tmp_path):
    (tmp_path / "repo").mkdir()
    completed = _pre_commit(_repository(tmp_path / "repo", "templating-lint-files", args=["--fix"]))
    assert completed.returncode != 0
    assert "templating: error: --fix: no such file or folder" in completed.stdout
    assert "set options in [tool.templating]" in completed.stdout


def _documented_hooks() -> list[tuple[str, dict]]:
    """Every `.pre-commit-config.yaml` the docs print that runs the installed `templating lint`,
    as a config (a bare list of repos is what goes under `repos:`). The snapshot hook, which
    takes no file names, is run in tests/cli/test_snapshot.py."""
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for block in re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL):
            if "entry: templating lint" not in block:
                continue
            config = yaml.safe_load(block)
            found.append((page.name, config if isinstance(config, dict) else {"repos": config}))
    return found


def _shipped_hooks() -> list[tuple[str, dict]]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    local = [_local(hook) for hook in hooks]
    return [(".pre-commit-hooks.yaml", {"repos": [{"repo": "local", "hooks": local}]})]


#: Committed files whose names read as options if a hook's entry does not end the options.
HOSTILE = ("--output-file=important.py", "-oimportant.py", "--config=important.py")


def test_documented_hooks_are_found():
    pages = {page for page, _ in _documented_hooks()}
    assert {"lint.md", "integrations.md"} <= pages


@pytest.mark.parametrize(("page", "config"), [*_documented_hooks(), *_shipped_hooks()])
def test_every_documented_hook_lints_hostile_file_names_and_overwrites_nothing(tmp_path, page, config):
    folder = tmp_path / "repo"
    folder.mkdir()
    (folder / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    (folder / "pyproject.toml").write_text("[tool.templating]\n")
    (folder / "important.py").write_text("VALUE = 1\n")
    for name in HOSTILE:
        (folder / name).write_text(AGENT)
    for command in (["init", "-q"], ["add", "--", "."]):
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True)
    completed = _pre_commit(folder)
    assert (folder / "important.py").read_text() == "VALUE = 1\n", (page, completed.stdout)
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        [".git", ".pre-commit-config.yaml", "pyproject.toml", "important.py", *HOSTILE]
    ), (page, completed.stdout)
    assert "Traceback" not in completed.stdout + completed.stderr
    for name in HOSTILE:
        # Linted as files: the lint hook reports them, the fix hook fixes them.
        assert f"{name}:3:" in completed.stdout or "{ name }" not in (folder / name).read_text(), (page, name)


def test_precommit_hook_checks_a_changed_prompt_module_as_its_project_sees_it(tmp_path):
    # The commonest edit in the ADK layout: only prompt.py changes; pre-commit names it alone.
    (tmp_path / "repo").mkdir()
    folder = _repository(tmp_path / "repo")
    (folder / "app").mkdir()
    (folder / "app" / "__init__.py").write_text("")
    (folder / "app" / "prompt.py").write_text('PROMPT = "Plan a trip to {{destination}} for {traveller}."\n')
    (folder / "app" / "agent.py").write_text(
        "from google.adk.agents import LlmAgent\n\nfrom .prompt import PROMPT\n\n"
        'root_agent = LlmAgent(name="planner", instruction=PROMPT)\n'
    )
    subprocess.run(["git", "add", "."], cwd=folder, check=True)
    completed = _pre_commit(folder, ["app/prompt.py"])
    assert completed.returncode == 1, completed.stdout
    assert "app/prompt.py:1:" in completed.stdout and "TPL001" in completed.stdout, completed.stdout
    assert "TPL014" in completed.stdout and "`traveller`" in completed.stdout
    assert "app/agent.py" not in completed.stdout


def test_a_hook_on_the_instructions_folder_checks_a_changed_instruction_file(tmp_path):
    # docs/lint.md: a named-files hook whose `files` names the folder of
    # the instruction files checks one changed alone, as the agent that reads it sees it.
    folder = tmp_path / "repo"
    (folder / "app" / "instructions").mkdir(parents=True)
    (hook,) = [
        hook
        for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
        if hook["id"] == "templating-lint-files"
    ]
    local = {key: hook[key] for key in ("id", "name", "entry")} | {"language": "system"}
    local["files"] = r"^app/instructions/.*\.md$"
    (folder / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}))
    (folder / "pyproject.toml").write_text("[project]\nname = 'app'\n")
    (folder / "app" / "__init__.py").write_text("")
    (folder / "app" / "instructions" / "root.md").write_text("# Root\n\nPlan {{trip}} for {traveller}.\n")
    (folder / "app" / "agent.py").write_text(
        "from pathlib import Path\n\nfrom google.adk.agents import LlmAgent\n\n"
        "root_agent = LlmAgent(name='planner', instruction=(Path(__file__).parent / 'instructions' / 'root.md').read_text())\n"
    )
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True)
    completed = _pre_commit(folder, ["app/instructions/root.md"])
    assert completed.returncode == 1, completed.stdout
    assert "app/instructions/root.md:3:6: TPL001" in completed.stdout, completed.stdout
    assert "app/instructions/root.md:3:20: TPL014" in completed.stdout, completed.stdout


BREAK_PROMPTS = 'PROMPT = "Answer {question} in the tone of {tone}."\n'
BREAK_AGENT = (
    "from google.adk.agents import LlmAgent\n\nfrom .prompts import PROMPT\n\n"
    'root_agent = LlmAgent(name="helper", model="m", instruction=PROMPT)\n'
)
BREAK_MAIN = (
    "from google.adk.runners import InMemoryRunner\n\nfrom helpdesk.agent import root_agent\n\n\n"
    "async def main():\n"
    '    runner = InMemoryRunner(agent=root_agent, app_name="helpdesk")\n'
    "    await runner.session_service.create_session(\n"
    '        app_name="helpdesk", user_id="u", session_id="s", state={"question": "why?", "tone": "warm"}\n'
    "    )\n"
)
NOTES_TS = (
    'import {LlmAgent} from "@google/adk";\n\n'
    'export const notes = new LlmAgent({name: "notes", model: "m", instruction: "Summarise {topic}."});\n'
)


def _lint_hooks() -> list[tuple[str, dict]]:
    """Every documented or shipped configuration whose first hook reports without fixing (the
    default hook, or the named-files one)."""
    return [
        (page, config)
        for page, config in [*_documented_hooks(), *_shipped_hooks()]
        if "--fix" not in config["repos"][0]["hooks"][0]["entry"]
    ]


def _committed(folder: Path, config: dict, files: dict[str, str]) -> Path:
    folder.mkdir()
    hooks = config["repos"][0]["hooks"][:1]  # the first hook: the one the page shows first
    (folder / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]}))
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True)
    return folder


@pytest.mark.parametrize(
    ("page", "config"),
    [(page, config) for page, config in _lint_hooks() if config["repos"][0]["hooks"][0]["id"] == "templating-lint"],
)
def test_the_default_hook_fails_a_change_to_one_file_that_breaks_a_read_in_another(tmp_path, page, config):
    # Only main.py changes: its session no longer seeds `tone`, and prompts.py's read fails
    # (google-adk raises `KeyError: Context variable not found: tone`).
    files = {
        "pyproject.toml": '[project]\nname = "helpdesk"\n',
        "helpdesk/__init__.py": "",
        "helpdesk/prompts.py": BREAK_PROMPTS,
        "helpdesk/agent.py": BREAK_AGENT,
        "main.py": BREAK_MAIN,
    }
    folder = _committed(tmp_path / "repo", config, files)
    before = _pre_commit(folder, ["main.py"])
    assert before.returncode == 0, (page, before.stdout)
    (folder / "main.py").write_text(BREAK_MAIN.replace('"tone"', '"mood"'))
    subprocess.run(["git", "add", "."], cwd=folder, check=True)
    completed = _pre_commit(folder, ["main.py"])
    assert completed.returncode == 1, (page, completed.stdout)
    assert "helpdesk/prompts.py:1:" in completed.stdout and "TPL014" in completed.stdout, (page, completed.stdout)
    assert "`tone`" in completed.stdout


@pytest.mark.parametrize(("page", "config"), _lint_hooks())
def test_every_documented_hook_runs_on_a_typescript_change(tmp_path, page, config):
    files = {"package.json": '{"name": "notes", "type": "module"}\n', "src/notes.ts": NOTES_TS}
    folder = _committed(tmp_path / "repo", config, files)
    completed = _pre_commit(folder, ["src/notes.ts"])
    assert "Skipped" not in completed.stdout, (page, completed.stdout)
    assert completed.returncode == 1, (page, completed.stdout)
    assert "src/notes.ts:3:" in completed.stdout and "TPL014" in completed.stdout, (page, completed.stdout)
