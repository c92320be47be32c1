"""What makes a cold run fast: the byte pre-filter, the visitor that only descends where an
instruction can be, worker processes, and the per-file result they hand back."""

import pickle

import pytest

import templating.lint.workers as workers
from templating.cli import main
from templating.lint.linter import lint_file, lint_paths
from templating.lint.settings import Settings
from templating.project.sources import SourceCache

AGENT = 'agent = Agent(instruction="Hi {{name}}")\n'


def test_lint_python_file_without_an_instruction_keyword_is_not_parsed(tmp_path):
    # The word alone (a docstring, a variable) is not enough to parse: this file would be TPL013.
    (tmp_path / "helpers.py").write_text('"""No instructions here."""\ninstruction_count = 1\ndef broken(:\n')
    assert lint_paths([tmp_path], Settings(root=tmp_path)).findings == ()


def test_lint_undecodable_file_without_a_hint_is_still_reported(tmp_path):
    (tmp_path / "latin.py").write_bytes(b"name = '\xe9'\n")
    (finding,) = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    assert finding.code == "TPL013" and "not UTF-8 text" in finding.message


def test_lint_visitor_finds_instructions_deep_in_the_tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    source = (
        "class Team:\n"
        "    def build(self):\n"
        "        if True:\n"
        "            return [make(Agent(\n"
        "                name='a',\n"
        "                instruction='{{deep}}',\n"
        "            ))]\n"
        "def other():\n"
        "    return inject_session_state('{{injected}}', context)\n"
    )
    (tmp_path / "team.py").write_text(source)
    findings = lint_paths([tmp_path / "team.py"], Settings(root=tmp_path)).findings
    # `deep` and `injected` are written nowhere, which TPL014 reports for the agent's key only.
    assert [(f.line, f.code) for f in findings] == [(6, "TPL001"), (6, "TPL014"), (9, "TPL001")]


def test_lint_file_result_pickles_and_names_its_dependencies(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompt.py").write_text('ROOT = "{{x}}"\n')
    (tmp_path / "agent.py").write_text("from .prompt import ROOT\nagent = Agent(instruction=ROOT)\n")
    result = lint_file(tmp_path / "agent.py", Settings(root=tmp_path), SourceCache(tmp_path))
    assert pickle.loads(pickle.dumps(result)) == result
    assert result.dependencies == (str((tmp_path / "prompt.py").resolve()),)
    assert [finding.path for finding in result.findings] == ["prompt.py"]


def test_lint_workers_give_the_same_findings_as_one_process(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for index in range(24):
        (tmp_path / f"agent_{index}.py").write_text(AGENT if index % 3 == 0 else "x = 1\n")
    monkeypatch.setattr(workers, "FILES_PER_WORKER", 2)  # so that 24 files are worth 2 workers
    one = lint_paths([tmp_path], Settings(root=tmp_path), jobs=1)
    two = lint_paths([tmp_path], Settings(root=tmp_path), jobs=2)
    # Project rules see every worker's facts: their findings are the same too.
    assert one == two and len([f for f in two.findings if f.code != "TPL014"]) == 8 and two.files == 24


def test_lint_workers_are_not_started_for_few_files(monkeypatch):
    def refuse(*arguments, **options):
        raise AssertionError("a pool was started for two files")

    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", refuse)
    assert workers.map_chunks(lambda chunk, argument: [item * argument for item in chunk], [1, 2], 3, 8) == [3, 6]


@pytest.mark.parametrize("value", ["0", "-1", "many"])
def test_cli_lint_jobs_must_be_positive(value, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["lint", "--jobs", value])
    assert exit_.value.code == 2 and "expected a positive whole number" in capsys.readouterr().err


def test_remembered_hazards_follow_the_settings_and_the_field(tmp_path):
    # The same text is linted again from memory, but never with another settings' answer.
    from templating.lint.linter import lint_text

    text = 'a = Agent(instruction="Hi {nam}")\nb = Agent(static_instruction="Hi {nam}")\n'
    plain = Settings(root=tmp_path)
    known = Settings(root=tmp_path, known_keys=frozenset({"name"}))
    assert [f.code for f in lint_text(text, "agent.py", plain)] == ["TPL009"]
    assert [f.code for f in lint_text(text, "agent.py", known)] == ["TPL011", "TPL009"]
    assert [f.code for f in lint_text(text, "agent.py", plain)] == ["TPL009"]
