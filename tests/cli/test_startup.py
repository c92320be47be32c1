"""Start-up: what a command imports before it does anything (times are in benchmarks/)."""

import json
import subprocess
import sys
from pathlib import Path

import templating
import templating.lint

ROOT = Path(__file__).resolve().parents[2]


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT, timeout=60
    )
    return set(json.loads(completed.stdout.splitlines()[-1]))


def test_version_imports_neither_the_compiler_nor_the_linter():
    code = "from templating.cli import main\ntry:\n    main(['--version'])\nexcept SystemExit:\n    pass"
    loaded = _modules_after(code)
    assert {"templating", "templating.cli"} <= loaded
    heavy = {
        "templating.compiler",
        "templating.dialects",
        "templating.lint.linter",
        "templating.project.model.assembly",
    }
    assert not heavy & loaded


def test_importing_the_package_defers_every_public_module():
    loaded = _modules_after("import templating")
    assert not {name for name in loaded if name.startswith("templating.")}


def test_lint_of_one_file_loads_neither_pydantic_nor_the_process_pool(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\ndialect = "adk"\n', encoding="utf-8")
    (tmp_path / "welcome.prompt").write_text("Hi {name}\n", encoding="utf-8")
    code = (
        f"import os\nos.chdir({str(tmp_path)!r})\nfrom templating.cli import main\n"
        "main(['lint', '--no-cache', '--output-format', 'concise', 'welcome.prompt'])"
    )
    loaded = _modules_after(code)
    assert "templating.lint.linter" in loaded
    assert not {"pydantic", "concurrent.futures.process", "multiprocessing", "templating.lint.fixes"} & loaded


def test_every_public_name_has_a_module_and_nothing_else_does():
    assert set(templating._MODULES) == set(templating.__all__)
    assert set(templating.lint._MODULES) == set(templating.lint.__all__)


def test_public_names_resolve_to_their_modules_objects():
    from templating.compiler import compile_template

    assert templating.compile_template is compile_template
    assert "compile_template" in dir(templating)


def test_lint_of_a_named_file_reads_the_rest_of_the_project_once(tmp_path, monkeypatch):
    # A prompt file named alone may hold project findings (a skill's SKILL.md read by an agent
    # elsewhere): the rest of the project is read for it, once per run.
    from templating.lint import linter
    from templating.lint.settings import Settings

    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "agent.py").write_text('a = Agent(name="a", instruction="Hi {name}")\n', encoding="utf-8")
    (tmp_path / "welcome.prompt").write_text("Hi {{name}}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    read = []
    original = linter._rest_of_project
    monkeypatch.setattr(linter, "_rest_of_project", lambda *arguments: read.append(1) or original(*arguments))
    prompt = linter.lint_paths([Path("welcome.prompt")], Settings(root=tmp_path))
    assert [finding.code for finding in prompt.findings] == ["TPL001"] and read == [1]
    agent = linter.lint_paths([Path("agent.py")], Settings(root=tmp_path))
    assert [finding.code for finding in agent.findings] == ["TPL014"] and read == [1, 1]
