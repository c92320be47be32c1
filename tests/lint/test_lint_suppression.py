"""ruff-grade configuration and suppression: `extend-select`, `extend-ignore`, `extend-exclude`,
`per-file-ignores` in the config and on the command line, a file-level
`# templating: noqa[: codes]`, and `# noqa` after a multi-line string's closing quotes."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from templating.cli import main
from templating.lint.config import ConfigError, build_settings, find_config
from templating.lint.linter import lint_paths

AGENT = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi {{name}} ${place}")\n'


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    return tmp_path


def _codes(config: str, **options) -> list[tuple[str, str]]:
    (Path("pyproject.toml")).write_text("[tool.templating]\n" + textwrap.dedent(config))
    table, root = find_config(Path("."))
    settings = build_settings(table, root, **options)
    return [(f.path, f.code) for f in lint_paths([Path(".")], settings).findings]


def _agents(*names: str) -> None:
    for name in names:
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text(AGENT)


def test_extend_select_adds_to_select(project):
    _agents("agent.py")
    assert {code for _, code in _codes('select = ["TPL001"]\nextend-select = ["TPL007"]\n')} == {"TPL001", "TPL007"}


def test_a_command_line_select_replaces_the_configs_select_and_extend_select(project):
    # As in ruff: each layer's `select` starts afresh; `extend-select` adds to its own layer's.
    _agents("agent.py")
    assert {code for _, code in _codes('extend-select = ["TPL007"]\n', select=["TPL001"])} == {"TPL001"}
    config = 'select = ["TPL001"]\n'
    assert {code for _, code in _codes(config, extend_select=["TPL007"])} == {"TPL001", "TPL007"}


def test_extend_ignore_removes_like_ignore(project):
    _agents("agent.py")
    assert ("agent.py", "TPL001") not in _codes('extend-ignore = ["TPL001"]\n')
    assert ("agent.py", "TPL007") in _codes('extend-ignore = ["TPL001"]\n')


def test_command_line_extend_select_and_ignore(project):
    _agents("agent.py")
    found = _codes('select = ["TPL001"]\n', extend_select=["TPL007"], ignore=["TPL001"])
    assert found == [("agent.py", "TPL007")]


def test_extend_exclude_adds_to_exclude(project):
    _agents("agent.py", "generated/agent.py", "vendored/agent.py")
    paths = {path for path, _ in _codes('exclude = ["generated/"]\nextend-exclude = ["vendored/"]\n')}
    assert paths == {"agent.py"}
    paths = {path for path, _ in _codes('exclude = ["generated/"]\n', extend_exclude=["vendored/"])}
    assert paths == {"agent.py"}


def test_command_line_per_file_ignores_replace_and_extend_the_config(project):
    _agents("agent.py", "tests/agent.py", "legacy/agent.py")
    config = '[tool.templating.per-file-ignores]\n"legacy/*" = ["TPL001", "TPL007", "TPL014"]\n'
    found = _codes(config, per_file_ignores=["tests/*:TPL001,TPL007,TPL014"])
    assert {path for path, _ in found} == {"agent.py", "legacy/agent.py"}
    found = _codes(config, per_file_ignores=["tests/*:TPL001,tests/*:TPL007,tests/*:TPL014"])  # ruff's form
    assert {path for path, _ in found} == {"agent.py", "legacy/agent.py"}
    found = _codes(config, extend_per_file_ignores=["tests/*:TPL001,TPL007,TPL014"])
    assert {path for path, _ in found} == {"agent.py"}


def test_extend_per_file_ignores_in_the_config(project):
    _agents("agent.py", "tests/agent.py")
    found = _codes('[tool.templating.extend-per-file-ignores]\n"tests/*" = ["ALL"]\n')
    assert {path for path, _ in found} == {"agent.py"}


@pytest.mark.parametrize("value", ["tests/*", ":TPL001", "tests/*:", "tests/*:NOPE"])
def test_command_line_per_file_ignores_malformed_is_a_clear_error(project, value):
    _agents("agent.py")
    with pytest.raises(ConfigError, match=r"per-file-ignores|unknown rule"):
        _codes("", per_file_ignores=[value])


def test_command_line_per_file_ignores_and_extend_options(project, capsys):
    _agents("agent.py", "tests/agent.py")
    Path("pyproject.toml").write_text('[tool.templating]\nselect = ["TPL001"]\n')
    status = main(["lint", "--output-format", "concise", "--extend-select", "TPL007",
                   "--per-file-ignores", "tests/*:TPL001,TPL007,TPL014", "--extend-exclude", "nothing/", "."])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 1
    assert "agent.py:3:" in out and "TPL007" in out and "TPL001" in out
    assert "tests/agent.py" not in out


def test_per_file_ignores_with_many_patterns_match_each_path_once(project):
    from templating.lint.instruction_lint import ignored_codes
    from templating.lint.settings import Settings

    patterns = tuple((f"folder_{index}/*.py", frozenset({"TPL001"})) for index in range(50))
    settings = Settings(per_file_ignores=(*patterns, ("tests/*", frozenset({"TPL007"}))))
    assert ignored_codes("folder_7/agent.py", settings) == {"TPL001"}
    assert ignored_codes("tests/agent.py", settings) == {"TPL007"}
    assert ignored_codes("agent.py", settings) == frozenset()


# File-level suppression


def test_file_level_noqa_silences_every_finding_in_the_file(project):
    _agents("agent.py")
    Path("quiet.py").write_text("# templating: noqa\n" + AGENT)
    assert {path for path, _ in _codes("")} == {"agent.py"}


def test_file_level_noqa_with_codes_silences_those_codes(project):
    Path("quiet.py").write_text("# templating: noqa: TPL001,TPL003\n" + AGENT)
    assert {code for _, code in _codes('select = ["ALL"]\n')} == {"TPL007", "TPL014"}


def test_file_level_noqa_by_rule_name(project):
    Path("quiet.py").write_text(AGENT + "# templating: noqa: skipped-placeholder\n")
    assert {code for _, code in _codes("")} == {"TPL001", "TPL014"}


def test_file_level_noqa_inside_a_string_is_text_not_a_directive(project):
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="""Hi {{name}}\n'
        '# templating: noqa\n""")\n'
    )
    assert ("agent.py", "TPL001") in _codes("")


def test_file_level_noqa_in_yaml_leading_comments(project):
    Path("root_agent.yaml").write_text(
        "# templating: noqa: TPL001\nname: a\nmodel: gemini-2.0-flash\ninstruction: Hi {{name}} {thing?.x}\n"
    )
    found = _codes("")
    assert ("root_agent.yaml", "TPL001") not in found
    assert any(path == "root_agent.yaml" for path, _ in found)


def test_file_level_noqa_applies_to_the_findings_it_holds_when_another_file_is_read_for_them(project):
    Path("app").mkdir()
    Path("app/__init__.py").write_text("")
    Path("app/prompt.py").write_text('# templating: noqa: TPL001\nPROMPT = "Hi {{name}} ${place}"\n')
    Path("app/agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nfrom .prompt import PROMPT\n\nagent = LlmAgent(name="a", instruction=PROMPT)\n'
    )
    found = _codes("")
    assert ("app/prompt.py", "TPL001") not in found
    assert ("app/prompt.py", "TPL007") in found


def test_a_file_whose_bytes_never_name_the_directive_is_not_read_again_for_it(project, monkeypatch):
    # A file-level directive is read from each file with findings after the run; one whose
    # bytes the linter already saw without the word `templating` cannot hold one.
    import templating.lint.exemptions as exemptions

    read_again: list[str] = []
    read = exemptions._read_text
    monkeypatch.setattr(exemptions, "_read_text", lambda path: read_again.append(path) or read(path))
    _agents("agent.py")
    Path("quiet.py").write_text("# templating: noqa\n" + AGENT)
    assert {path for path, _ in _codes("")} == {"agent.py"}
    assert read_again == ["quiet.py"]


# A noqa comment after a multi-line string's closing quotes


def test_noqa_after_the_closing_quotes_of_a_multi_line_instruction(project):
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(\n    name="a",\n'
        '    instruction="""Hi {{name}}\nand more.\n""",  # noqa: TPL001\n)\n'
    )
    assert ("agent.py", "TPL001") not in _codes("")


def test_noqa_after_the_closing_quotes_of_a_multi_line_constant(project):
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nPROMPT = """Hi {{name}}\nand more.\n"""  # noqa: TPL001\n\n'
        'agent = LlmAgent(name="a", instruction=PROMPT)\n'
    )
    assert ("agent.py", "TPL001") not in _codes("")


def test_noqa_after_the_closing_quotes_names_only_its_codes(project):
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nPROMPT = """Hi {{name}}\n${place}\n"""  # noqa: TPL007\n\n'
        'agent = LlmAgent(name="a", instruction=PROMPT)\n'
    )
    found = _codes("")
    assert ("agent.py", "TPL007") not in found and ("agent.py", "TPL001") in found


def test_file_level_noqa_takes_the_comment_leader_of_the_files_language():
    from templating.project.noqa import file_noqa

    text = "// templating: noqa: TPL001\nconst agent = new LlmAgent({instruction: 'Hi {{name}}'});\n"
    assert file_noqa(text, "//") == {"TPL001"}
    assert file_noqa(text, "#") == frozenset()
    assert file_noqa("# templating: noqa\nname: a\n") == {"ALL"}
    assert file_noqa("name: a\n# templating: noqa\n") == frozenset()  # after content
    assert file_noqa("x = 1\n# templating: noqa\n", tokenized=True) == {"ALL"}


def test_file_level_noqa_in_a_prompt_file_is_text_for_the_model(project):
    Path("welcome.prompt").write_text("# templating: noqa\nHi {{name}}\n")
    found = [
        (f.path, f.code) for f in lint_paths([Path("welcome.prompt")], build_settings(*find_config(Path(".")))).findings
    ]
    assert ("welcome.prompt", "TPL001") in found


def test_per_file_ignores_one_regex_for_all_globs_agrees_with_each_glob():
    # Most files match no glob, and one regex (the union of the globs' own) says so; where it
    # matches, each glob is asked. The answer is the same as asking each glob alone.
    import random

    from templating.lint.instruction_lint import _compiled, _ignored_at

    globs = ["tests/", "*.py", "legacy/**", "a/*/b.yaml", "**/gen_*.py", "x?.py", "[ab]/c.py", "/root.py",
             "docs/**/*.md", "dir", "!tests/keep.py"]  # fmt: skip
    names = ["tests/a.py", "tests/keep.py", "src/tests/b.py", "a.py", "legacy/x/y.yaml", "a/q/b.yaml", "gen_1.py",
             "m/gen_2.py", "x1.py", "a/c.py", "root.py", "sub/root.py", "docs/a/b.md", "dir/f.py", "d/dir", "dir"]  # fmt: skip
    chooser = random.Random(28)
    for _ in range(200):
        picked = chooser.sample(globs, chooser.randint(1, len(globs)))
        table = tuple((glob, frozenset({f"TPL00{index % 9 + 1}"})) for index, glob in enumerate(picked))
        for name in names:
            expected = frozenset().union(*[codes for spec, codes in _compiled(table) if spec.match_file(name)])
            assert _ignored_at(name, table) == expected, (table, name)
