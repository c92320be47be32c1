"""`render --explain` of a template whose keys are all missing: each placeholder is explained
(rendered empty, "missing: the render fails"), in time linear in the template. Bounded in a
child process (`tests.bounded`)."""

from pathlib import Path

from tests.bounded import run_templating


def test_hostile_explain_of_missing_keys_on_one_line_is_linear(tmp_path: Path) -> None:
    # Each missing key's error counted its line and column from the template's start: 128,000
    # placeholders on one line took 21 s; 150,000 take about 3 s now.
    count = 150_000
    (tmp_path / "p.md").write_text("{x} " * count + "\n", encoding="utf-8")
    outcome = run_templating(["render", "--explain", "p.md"], tmp_path, seconds=25)
    assert outcome.returncode == 1
    assert "Traceback" not in outcome.stderr
    explained = [line for line in outcome.stderr.splitlines() if line.startswith("key `x`")]
    assert len(explained) == count
    assert explained[-1].endswith("[missing: the render fails (Context variable not found: `x` in agent ''.)]")
