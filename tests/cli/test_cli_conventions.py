"""The command line follows ruff's conventions where a ruff user would expect them."""

import pytest

from templating.cli import main


def test_bare_command_prints_the_help_as_a_usage_error(capsys):
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: templating") and "lint" in err and "templating COMMAND --help" in err


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version_flags(flag, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([flag])
    assert exit_.value.code == 0 and capsys.readouterr().out == "templating 0.1.0\n"


def test_unknown_lint_option_prints_the_lint_usage(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["lint", "--bogus"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert err.startswith("usage: templating lint ")
    assert "templating lint: error: unrecognized arguments: --bogus" in err
    assert "try `templating lint --help`" in err


def test_unknown_command_names_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["lnt"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "invalid choice: 'lnt'" in err and "'lint'" in err


def test_lint_help_groups_its_options_and_points_to_rule_help(capsys):
    with pytest.raises(SystemExit):
        main(["lint", "--help"])
    out = capsys.readouterr().out
    headings = [line for line in out.splitlines() if line and not line.startswith(" ") and line.endswith(":")]
    assert headings == [
        "positional arguments:",
        "options:",
        "rule selection:",
        "templates and state:",
        "configuration:",
        "file selection:",
        "miscellaneous:",
        "log levels:",
    ]
    assert "templating rule TPLxxx" in out


def test_top_level_help_lists_every_command_without_importing_them(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("lint", "graph", "render", "rule", "server"):
        assert f"    {command} " in out


def test_a_bad_state_file_is_worded_alike_by_render_and_lint(tmp_path, capsys):
    (tmp_path / "p.prompt").write_text("Hi {name}\n", encoding="utf-8")
    (tmp_path / "state.json").write_text('{"name": }', encoding="utf-8")
    state = str(tmp_path / "state.json")
    assert main(["render", str(tmp_path / "p.prompt"), "--state", state]) == 2
    rendered = capsys.readouterr().err
    assert main(["lint", "--isolated", str(tmp_path / "p.prompt"), "--state", state]) == 2
    linted = capsys.readouterr().err
    expected = f"templating: error: {state}: invalid JSON: Expecting value (at line 1, column 10)\n"
    assert rendered == linted == expected


def test_render_positions_read_as_lint_positions(tmp_path, capsys):
    (tmp_path / "p.txt").write_text("Hi {artifact.../x}", encoding="utf-8")
    assert main(["render", str(tmp_path / "p.txt"), "--dialect", "strict"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{tmp_path / 'p.txt'}:1:14: Artifact name")


#: How the top-level help names the files of each surface (a new surface fails here until named).
SURFACE_WORDS = {
    "python": "Python", "typescript": "TypeScript/JavaScript", "go": "Go", "java": "Java", "kotlin": "Kotlin",
    "agent-config": "Agent Config YAML", "skill": "SKILL.md", "session": "session files", "prompt": "prompt files",
}  # fmt: skip


def test_top_level_help_names_every_language_the_linter_reads(capsys):
    from templating.project.surfaces import SURFACES

    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    for surface in SURFACES:
        assert SURFACE_WORDS[surface.name] in out, surface.name
