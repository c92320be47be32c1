"""Hostile repositories: links, FIFOs and special files where the linter reads or writes.

Nothing may be written through a link or outside the project, nothing may block, and a fix
that did not happen is never reported. Each run is bounded in time and memory (``bounded``).
"""

import os
from pathlib import Path

import pytest

from tests.bounded import run_templating

# TPL004's fix (`{ name }` to `{name}`) is safe: `--fix` applies it.
AGENT = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi { name }")\n'
FIXED = AGENT.replace("{ name }", "{name}")
CACHE = ".templating_cache"


@pytest.fixture
def project(tmp_path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "pyproject.toml").write_text("[tool.templating]\n")
    (folder / "agent.py").write_text(AGENT)
    past = os.stat(folder / "agent.py").st_mtime - 60  # older than the cache's racy window
    os.utime(folder / "agent.py", (past, past))
    return folder


def _files_under(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def test_hostile_cache_folder_linked_to_a_sibling_repository_is_never_written(project, tmp_path):
    sibling = tmp_path / "sibling"
    sibling.mkdir()
    (sibling / "code.py").write_text("x = 1\n")
    (project / CACHE).symlink_to(sibling, target_is_directory=True)
    outcome = run_templating(["lint", "--select", "TPL004", "agent.py"], project)
    assert outcome.returncode == 1, outcome.stderr
    assert _files_under(sibling) == ["code.py"]


def test_hostile_cache_gitignore_linked_to_a_missing_file_is_never_created(project, tmp_path):
    (project / CACHE).mkdir()
    home_file = tmp_path / "home" / "notes.txt"
    home_file.parent.mkdir()
    (project / CACHE / ".gitignore").symlink_to(home_file)
    outcome = run_templating(["lint", "--select", "TPL004", "agent.py"], project)
    assert outcome.returncode == 1, outcome.stderr
    assert not home_file.exists()
    assert _files_under(project / CACHE) == [".gitignore"]  # and no cache written beside the link


def test_hostile_cache_file_linked_to_dev_zero_is_never_read(project):
    run_templating(["lint", "--select", "TPL004", "agent.py"], project)
    (cache_file,) = (project / CACHE).rglob("*.pickle")
    cache_file.unlink()
    cache_file.symlink_to("/dev/zero")
    outcome = run_templating(["lint", "--select", "TPL004", "agent.py"], project, seconds=20, megabytes=400)
    assert outcome.returncode == 1 and "Found 1 finding" in outcome.stdout, outcome.stderr
    # The link itself is replaced by a cache file of ours; nothing was read or written through it.
    assert not cache_file.is_symlink() and cache_file.stat().st_size < 100_000


def test_hostile_cache_version_folder_linked_elsewhere_is_never_used(project, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run_templating(["lint", "--select", "TPL004", "agent.py"], project)
    (version,) = [path for path in (project / CACHE).iterdir() if path.is_dir()]
    for stored in version.iterdir():
        stored.unlink()
    version.rmdir()
    version.symlink_to(elsewhere, target_is_directory=True)
    run_templating(["lint", "--select", "TPL004", "agent.py"], project)
    assert _files_under(elsewhere) == []


def test_hostile_cache_sees_a_same_size_edit_with_its_time_put_back(project):
    run_templating(["lint", "--select", "TPL004", "agent.py"], project)
    agent = project / "agent.py"
    old = os.stat(agent)
    os.utime(agent, ns=(old.st_atime_ns, old.st_mtime_ns - 60 * 10**9))  # older than the racy window
    run_templating(["lint", "agent.py"], project)  # stored now
    before = os.stat(agent)
    agent.write_text(AGENT.replace("{ name }", "{name}  "))  # same size, as `cp -p` or `tar` bring
    os.utime(agent, ns=(before.st_atime_ns, before.st_mtime_ns))
    outcome = run_templating(["lint", "--select", "TPL004", "agent.py"], project)
    assert outcome.returncode == 0, outcome.stdout


def test_hostile_fix_writes_a_linked_file_in_its_target(project):
    (project / "real.py").write_text(AGENT)
    (project / "agent.py").unlink()
    (project / "agent.py").symlink_to("real.py")
    outcome = run_templating(["lint", "--fix", "--select", "TPL004", "agent.py"], project)
    assert outcome.returncode == 0, outcome.stderr
    assert outcome.stdout.splitlines()[-1] == "Fixed 1 finding (0 remaining)."
    assert (project / "agent.py").is_symlink() and (project / "real.py").read_text() == FIXED


def test_hostile_fix_refuses_a_link_leading_out_of_the_project(project, tmp_path):
    outside = tmp_path / "outside.py"
    outside.write_text(AGENT)
    (project / "agent.py").unlink()
    (project / "agent.py").symlink_to(outside)
    outcome = run_templating(["lint", "--fix", "--select", "TPL004", "agent.py"], project)
    assert outcome.returncode == 1
    assert outside.read_text() == AGENT and (project / "agent.py").is_symlink()
    assert outcome.stdout.splitlines()[-1] == "Fixed 0 findings (1 remaining)."
    assert f"warning: agent.py: not fixed: a symbolic link to {outside}, outside the project" in outcome.stderr


def test_hostile_fix_refuses_a_hard_link_and_says_so(project):
    os.link(project / "agent.py", project / "twin.py")
    outcome = run_templating(["lint", "--fix", "--select", "TPL004", "agent.py"], project)
    assert outcome.returncode == 1
    assert (project / "twin.py").read_text() == AGENT and os.stat(project / "agent.py").st_nlink == 2
    assert outcome.stdout.splitlines()[-1] == "Fixed 0 findings (1 remaining)."
    assert "warning: agent.py: not fixed: a file with 2 hard links" in outcome.stderr


def test_hostile_fifo_named_as_a_module_never_blocks(project):
    os.mkfifo(project / "pipe.py")
    os.mkfifo(project / "prompts.py")
    (project / "root.py").write_text(
        "from google.adk.agents import LlmAgent\nfrom .prompts import ROOT\nroot = LlmAgent(name='r', instruction=ROOT)\n"
    )
    outcome = run_templating(["lint", "."], project, seconds=20)
    assert outcome.returncode == 1 and "agent.py:3:" in outcome.stdout, outcome.stderr


def test_hostile_fifo_swapped_in_after_listing_never_blocks(project):
    from templating.lint.linter import lint_files
    from templating.lint.settings import Settings

    os.mkfifo(project / "late.py")  # listed as a file a moment ago, a FIFO now
    (result,) = lint_files([project / "late.py"], Settings(root=project))
    assert [(finding.code, finding.message) for finding in result.findings] == [
        ("TPL013", "cannot read the file (not a regular file (a FIFO))")
    ]


def test_hostile_gitignore_that_is_a_fifo_never_blocks(project):
    os.mkfifo(project / ".gitignore")
    outcome = run_templating(["lint", "."], project, seconds=20)
    assert "agent.py:3:" in outcome.stdout, outcome.stderr


def test_hostile_link_to_dev_zero_is_reported_not_read(project):
    (project / "zero.prompt").symlink_to("/dev/zero")
    outcome = run_templating(["lint", "zero.prompt", "agent.py"], project, seconds=20, megabytes=400)
    assert "warning: zero.prompt: nothing to lint" in outcome.stderr
    assert "agent.py:3:" in outcome.stdout


def test_hostile_backtracking_globs_in_gitignore_and_config_never_hang(project):
    # pathspec matches with backtracking regular expressions: `*a*a*...*b` against a long
    # name of `a`s is exponential. Such a line is left out; the run takes its usual time.
    bomb = "*a" * 12 + "*b"
    (project / ".gitignore").write_text(f"{bomb}\n*.log\n")
    (project / "pyproject.toml").write_text(
        f'[tool.templating]\nexclude = ["{bomb}"]\n[tool.templating.per-file-ignores]\n"{bomb}" = ["TPL001"]\n'
    )
    (project / ("a" * 60 + ".py")).write_text("x = 1\n")
    (project / "debug.log").write_text("")
    outcome = run_templating(["lint", "--no-cache", "--select", "TPL004", "."], project, seconds=20)
    assert outcome.stdout.splitlines()[-2:] == [
        "Found 1 finding in 2 files checked.", "[*] 1 fixable with the `--fix` option.",
    ], outcome.stderr  # fmt: skip


_OUTSIDE_AGENT = (
    'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi { name } SECRETLINE")\n'
)


def _outside_project(tmp_path: Path) -> tuple[Path, Path]:
    """A project whose folder holds links out of it: a file, a skill, a folder two levels down."""
    outside, project = tmp_path / "outside", tmp_path / "project"
    (outside / "deep").mkdir(parents=True)
    (outside / "agent.py").write_text(_OUTSIDE_AGENT)
    (outside / "deep" / "agent.py").write_text(_OUTSIDE_AGENT)
    (outside / "SKILL.md").write_text(
        "---\nname: s\ndescription: d\nmetadata:\n  adk_inject_state: true\n---\nSECRETLINE {x}\n"
    )
    (project / "sub" / "deeper").mkdir(parents=True)
    (project / "skills" / "s").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[tool.templating]\n")
    (project / "outlink").symlink_to(outside, target_is_directory=True)
    (project / "sub" / "deeper" / "deeplink").symlink_to(outside / "deep", target_is_directory=True)
    (project / "sub" / "deeper" / "filelink.py").symlink_to(outside / "agent.py")
    (project / "skills" / "s" / "SKILL.md").symlink_to(outside / "SKILL.md")
    return outside, project


def test_hostile_links_out_of_the_project_are_never_read_when_walking(tmp_path):
    _, project = _outside_project(tmp_path)
    for output_format in ("concise", "full"):
        outcome = run_templating(["lint", "--no-cache", "--output-format", output_format, "."], project)
        assert "SECRETLINE" not in outcome.stdout + outcome.stderr, outcome.stdout
        assert "warning: sub/deeper/filelink.py: not read: a symbolic link out of the project" in outcome.stderr
        assert "warning: skills/s/SKILL.md: not read: a symbolic link out of the project" in outcome.stderr
    named = run_templating(["lint", "--no-cache", "outlink", "sub/deeper/deeplink"], project)
    assert "warning: outlink: not read: a symbolic link out of the project" in named.stderr
    assert "SECRETLINE" not in named.stdout


def test_hostile_fix_through_a_folder_link_out_of_the_project_writes_nothing(tmp_path):
    outside, project = _outside_project(tmp_path)
    for name in ("outlink/agent.py", "sub/deeper/deeplink/agent.py"):
        outcome = run_templating(["lint", "--no-cache", "--fix", name], project)
        assert "not fixed: a symbolic link to" in outcome.stderr, outcome.stderr
        assert "Fixed 0 findings" in outcome.stdout
    assert (outside / "agent.py").read_text() == _OUTSIDE_AGENT
    assert (outside / "deep" / "agent.py").read_text() == _OUTSIDE_AGENT


def test_hostile_state_setting_names_only_files_in_the_project(tmp_path):
    outside, project = _outside_project(tmp_path)
    (outside / "state.json").write_text('{"name": 1}')
    for state in (str(outside / "state.json"), "../outside/state.json", "outlink/state.json"):
        (project / "pyproject.toml").write_text(f'[tool.templating]\nstate = "{state}"\n')
        outcome = run_templating(["lint", "--no-cache", "skills"], project)
        assert outcome.returncode == 2, outcome.stderr
        assert "`state` names" in outcome.stderr and "outside the project" in outcome.stderr


def test_hostile_per_file_ignores_of_thousands_of_globs_are_compiled_once(tmp_path):
    # 5,000 globs of 50 codes each over 20 files of 20 instructions: each glob was compiled
    # again for each instruction (a cache of 256 globs), and each code matched every rule.
    codes = ", ".join(['"TPL001"'] * 50)
    table = "".join(f'"dir{i}/**/x{i}_*.py" = [{codes}]\n' for i in range(5_000))
    (tmp_path / "pyproject.toml").write_text(f'[tool.templating.per-file-ignores]\n"p1*.prompt" = ["TPL014"]\n{table}')
    names = []
    for i in range(20):
        (tmp_path / f"p{i}.prompt").write_text("Hi {{a}} {b}\n" * 20)
        names.append(f"p{i}.prompt")
    outcome = run_templating(["lint", "--no-cache", "--jobs", "1", *names], tmp_path, seconds=15)
    assert outcome.returncode == 1, outcome.stderr
    assert "Found 400 findings in 20 files checked." in outcome.stdout


NUL_FILES = {
    "Agent.kt": 'import com.google.adk.agents.LlmAgent\nval root = LlmAgent.builder().name("a").instruction("Hi {{x}}\0").build()\n',
    "agent.py": 'from google.adk.agents import LlmAgent\n\0\nroot_agent = LlmAgent(name="a", instruction="Hi {{x}}")\n',
    "root_agent.yaml": "name: a\n\0\ninstruction: Hi {{x}}\n",
}


@pytest.mark.parametrize("name", list(NUL_FILES))
def test_hostile_nul_character_is_reported_never_silent(tmp_path, name):
    # A Kotlin file with a NUL was skipped in silence ("All checks passed"): the grammar reads
    # nothing past it. It is a TPL013 finding there, as in Python and YAML.
    (tmp_path / name).write_text(NUL_FILES[name], encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", name], tmp_path, seconds=20)
    assert outcome.returncode == 1, outcome.stdout + outcome.stderr
    assert f"{name}:" in outcome.stdout and " TPL013 " in outcome.stdout, outcome.stdout
