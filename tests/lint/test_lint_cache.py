"""The lint cache (`.templating_cache/`): a warm run re-lints nothing, and no change is ever
hidden: edit, touch, rename, delete, a new sibling module, an edited imported prompt,
settings, version; a racy fresh file; a forged cache file is never unpickled."""

import os
import pickle
import time

import pytest

import templating.lint.cache as cache_module
import templating.lint.linter as linter
from templating.cli import main
from templating.lint.cache import CACHE_FOLDER, LintCache
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

AGENT = 'agent = Agent(instruction="Hi {{name}}")\n'


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A package with an agent, a prompt module an agent imports, and a plain module, all of
    them last modified a minute ago (older than the racy window)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    # The session starts with both keys, so the findings are the escapes the tests edit.
    (tmp_path / "__init__.py").write_text('START = service.create_session(state={"name": "Ada", "plan": "p"})\n')
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "prompt.py").write_text('ROOT = "Use {{plan}}"\n')
    (tmp_path / "root.py").write_text("from .prompt import ROOT\nroot = Agent(instruction=ROOT)\n")
    (tmp_path / "helpers.py").write_text("def total(x):\n    return sum(x)\n")
    _age(tmp_path)
    return tmp_path


def _age(folder):
    """Date every file and folder of ``folder`` a minute back, as an untouched checkout is."""
    past = time.time() - 60
    for parent, folders, files in os.walk(folder):
        for name in files + folders:
            os.utime(os.path.join(parent, name), (past, past))
    os.utime(folder, (past, past))


@pytest.fixture
def linted(monkeypatch):
    """The names of the files each run actually lints (not served from the cache)."""
    names: list[str] = []
    lint_files = linter.lint_files

    def counting(files, settings):
        names.extend(sorted(file.name for file in files))
        return lint_files(files, settings)

    monkeypatch.setattr(linter, "lint_files", counting)
    return names


def _lint(project, **settings):
    result = lint_paths([project], Settings(root=project, **settings), jobs=1, cache=True)
    return sorted((finding.path, finding.message) for finding in result.findings)


def test_cache_warm_run_lints_nothing_and_gives_the_same_findings(project, linted):
    cold = _lint(project)
    assert len(linted) == 5 and len(cold) == 2
    linted.clear()
    assert _lint(project) == cold and linted == []
    assert (project / CACHE_FOLDER / ".gitignore").read_text().splitlines()[-1] == "*"


def test_cache_edit_is_seen(project, linted):
    _lint(project)
    (project / "agent.py").write_text('agent = Agent(instruction="Hi {name}")\n')
    linted.clear()
    assert [path for path, _ in _lint(project)] == ["prompt.py"] and linted == ["agent.py"]


def test_cache_edit_keeping_size_and_time_is_seen_through_the_hash(project, linted):
    _lint(project)
    status = os.stat(project / "agent.py")
    (project / "agent.py").write_text(AGENT.replace("{{name}}", "{name}  "))
    os.utime(project / "agent.py", ns=(status.st_atime_ns, status.st_mtime_ns + 1))
    assert [path for path, _ in _lint(project)] == ["prompt.py"]


def test_cache_touch_rehashes_without_relinting(project, linted):
    _lint(project)
    os.utime(project / "helpers.py")
    linted.clear()
    _lint(project)
    assert linted == []


def test_cache_rename_and_delete_are_seen(project, linted):
    _lint(project)
    (project / "agent.py").rename(project / "renamed.py")
    assert ("renamed.py", "`{{name}}` is not an escape: ADK substitutes the state key `name`") in _lint(project)
    (project / "renamed.py").unlink()
    assert [path for path, _ in _lint(project)] == ["prompt.py"]


def test_cache_edit_of_an_imported_prompt_relints_the_agent(project, linted):
    _lint(project)
    (project / "prompt.py").write_text('ROOT = "Use {plan}"\n')
    linted.clear()
    assert [path for path, _ in _lint(project)] == ["agent.py"]
    assert "root.py" in linted


def test_cache_new_sibling_module_is_seen(project, linted):
    (project / "late.py").write_text("from .later import ROOT\nlate = Agent(instruction=ROOT)\n")
    _age(project)
    assert "later.py" not in {path for path, _ in _lint(project)}
    (project / "later.py").write_text('ROOT = "{{late}}"\n')
    assert "later.py" in {path for path, _ in _lint(project)}


def test_cache_settings_change_relints(project, linted):
    _lint(project)
    linted.clear()
    assert _lint(project, enabled=frozenset({"TPL002"})) == [] and len(linted) == 5


def test_cache_version_change_relints(project, linted, monkeypatch):
    _lint(project)
    monkeypatch.setattr(cache_module, "__version__", "99.0")
    linted.clear()
    _lint(project)
    assert len(linted) == 5


def test_cache_fresh_file_is_linted_again_until_it_is_old_enough(project, linted):
    (project / "agent.py").write_text(AGENT)  # modified now: within the racy window
    _lint(project)
    linted.clear()
    _lint(project)
    assert linted == ["agent.py"]


def test_cache_forged_file_is_never_unpickled(project, linted):
    marker = project / "pwned"

    class Payload:
        def __reduce__(self):
            return (exec, (f"open({str(marker)!r}, 'w').close()",))

    file = LintCache(Settings(root=project)).file
    file.parent.mkdir(parents=True)
    file.write_bytes(b"\0" * 32 + pickle.dumps({"x": Payload()}))
    _lint(project)
    assert not marker.exists() and len(linted) == 5


def test_cli_no_cache_neither_reads_nor_writes(project, capsys, monkeypatch):
    monkeypatch.delenv("TEMPLATING_NO_CACHE", raising=False)  # tests/conftest.py sets it
    main(["lint", str(project), "--no-cache"])
    assert not (project / CACHE_FOLDER).exists()
    main(["lint", str(project)])
    assert (project / CACHE_FOLDER).is_dir()


def test_cache_project_rules_see_a_writer_removed_in_another_file(project, linted):
    _lint(project)
    (project / "__init__.py").write_text("")
    linted.clear()
    findings = _lint(project)
    assert ("agent.py", "`name` is read by agent `agent`, but nothing in the project writes it") in findings
    assert linted == ["__init__.py"]


def test_cache_reuses_the_project_findings_only_while_no_file_changes(project, monkeypatch):
    import templating.lint.linter as linter

    runs = []
    lint_project = linter.lint_project
    monkeypatch.setattr(linter, "lint_project", lambda *a: runs.append(1) or lint_project(*a))
    (project / "__init__.py").write_text("")
    _age(project)
    cold = _lint(project)
    assert _lint(project) == cold and len(runs) == 1  # warm: the stored project findings
    (project / "other.py").write_text('START = service.create_session(state={"name": "Ada"})\n')
    _age(project)
    warm = _lint(project)
    assert len(runs) == 2 and len(warm) == len(cold) - 1  # a new writer: the rules run again


def test_cli_no_cache_from_the_environment(project, capsys, monkeypatch):
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    main(["lint", str(project)])
    assert not (project / CACHE_FOLDER).exists()


def test_cache_project_findings_are_kept_whichever_files_are_named(project, monkeypatch):
    # pre-commit names the files that changed: a different set each commit. The project and
    # its content are the same, so the project rules are not run again.
    runs = []
    lint_project = linter.lint_project
    monkeypatch.setattr(linter, "lint_project", lambda *a: runs.append(1) or lint_project(*a))
    settings = Settings(root=project)
    (project / "pyproject.toml").write_text("[tool.templating]\n")
    _age(project)
    first = lint_paths([project / "agent.py"], settings, jobs=1, cache=True)
    second = lint_paths([project / "root.py", project / "helpers.py"], settings, jobs=1, cache=True)
    third = lint_paths([project / "prompt.py", project / "agent.py"], settings, jobs=1, cache=True)
    assert len(runs) == 1
    project_findings = [{f for f in run.findings if f.code in ("TPL014", "TPL015")} for run in (first, second, third)]
    assert project_findings[0] == project_findings[1] == project_findings[2]
    (project / "helpers.py").write_text("def total(x):\n    return 0\n")
    _age(project)
    lint_paths([project / "agent.py"], settings, jobs=1, cache=True)
    assert len(runs) == 2  # a file's content changed: the rules run again
