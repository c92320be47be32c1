"""The benchmark scripts still run: their quick modes on tiny inputs, timings not checked."""

from benchmarks import lint, render, workloads


def test_benchmark_render_quick_mode_runs_and_every_engine_agrees(capsys):
    results = render.main(["--quick"])
    assert set(results["render"]) == {"S", "M", "300 fields"}
    assert "x join" in capsys.readouterr().out


def test_benchmark_workload_medium_has_twenty_placeholders_some_optional():
    medium = workloads.medium()
    assert len(medium.fields) == 20
    assert any(field.optional and field.key not in medium.state for field in medium.fields)


def test_benchmark_lint_runs_on_a_small_tree(capsys):
    results = lint.main(["--files", "20", "--rounds", "1"])
    assert set(results) == {
        "templating lint, cold, --jobs 1", "templating lint, cold", "templating lint, warm", "ruff check --no-cache",
        "templating lint FILE, cold", "templating lint FILE, warm",
    }  # fmt: skip
    assert all(seconds is None or seconds > 0 for seconds in results.values())
    assert "20 files" in capsys.readouterr().out


def test_benchmark_server_quick_mode_times_every_workload(capsys):
    from benchmarks import server

    results = server.main(["--quick"])
    assert len(results) == 6
    assert "median" in capsys.readouterr().out


def test_benchmark_startup_times_every_command(capsys):
    from benchmarks import startup

    results = startup.main(["--rounds", "1"])
    assert set(results) == {
        "python -c pass", "templating --version", "templating lint one file", "templating lint one file, cache",
    }  # fmt: skip
    assert all(seconds >= 0 for seconds in results.values())
    assert "x python" in capsys.readouterr().out


def test_benchmark_go_files_times_parse_read_and_lint_of_both_languages(capsys):
    from benchmarks import go_files

    results = go_files.main(["--agents", "3", "--rounds", "1", "--target", "0.01"])
    assert set(results) == {f"{step} {language}" for step in ("parse", "read", "lint") for language in ("Go", "Python")}
    assert "Go/Python" in capsys.readouterr().out


def test_benchmark_workflows_quick_mode_lints_every_case(capsys):
    from benchmarks import workflows

    results = workflows.main(["--quick"])
    assert set(results) == set(workflows.CASES)
    assert all(len(runs) == 2 and all(seconds > 0 and megabytes > 0 for _, seconds, megabytes in runs)
               for runs in results.values())  # fmt: skip
    assert "x per 2x" in capsys.readouterr().out


def test_benchmark_packages_quick_mode_lints_every_case(capsys):
    from benchmarks import packages

    results = packages.main(["--quick"])
    assert set(results) == set(packages.CASES)
    assert all(len(runs) == 2 and all(seconds > 0 and megabytes > 0 for _, seconds, megabytes in runs)
               for runs in results.values())  # fmt: skip
    assert "x per 2x" in capsys.readouterr().out
