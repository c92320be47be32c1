"""Constants that each repeat the one before many times, in every language the linter reads: a
kilobyte asking static evaluation for billions of characters. The TypeScript and Go evaluators
paid nothing for the text they built (60 copies over 4 levels ran past a minute; 3 levels took 4
to 14 s). Every front end now spends the file's budget of built text (`templating.project.budget`)
and gives a hole once it is spent; each run is bounded in time and memory (``bounded``)."""

from pathlib import Path

import pytest

from tests.bounded import run_templating

BUDGET = "the linter builds at most 1,000,000 characters of text per file, and this exceeds it"


def _chain(first: str, line, levels: int, copies: int) -> list[str]:
    """``first``, then each level's line built from ``copies`` uses of the level before."""
    return [first, *(line(level, [f"L{level - 1}"] * copies) for level in range(1, levels + 1))]


def typescript_template(levels: int, copies: int) -> dict[str, str]:
    lines = _chain('const L0 = "Hi {name} ";', lambda i, names: f"const L{i} = `{''.join('${' + n + '}' for n in names)}`;",
                   levels, copies)  # fmt: skip
    return {"agent.ts": 'import { LlmAgent } from "@google/adk";\n' + "\n".join(lines)
            + f'\nexport const a = new LlmAgent({{ name: "a", model: "m", instruction: L{levels} }});\n'}  # fmt: skip


def typescript_plus(levels: int, copies: int) -> dict[str, str]:
    lines = _chain('const L0 = "Hi {name} ";', lambda i, names: f"const L{i} = {' + '.join(names)};", levels, copies)
    return {"agent.ts": 'import { LlmAgent } from "@google/adk";\n' + "\n".join(lines)
            + f'\nexport const a = new LlmAgent({{ name: "a", model: "m", instruction: L{levels} }});\n'}  # fmt: skip


def _go(lines: list[str], levels: int) -> dict[str, str]:
    return {"agent.go": 'package main\n\nimport (\n\t"fmt"\n\n\t"google.golang.org/adk/agent/llmagent"\n)\n\nvar _ = fmt.Sprint\n\n'
            + "\n".join(lines) + f'\n\nfunc main() {{\n\tllmagent.New(llmagent.Config{{Name: "a", Instruction: L{levels}}})\n}}\n'}  # fmt: skip


def go_plus(levels: int, copies: int) -> dict[str, str]:
    return _go(_chain('const L0 = "Hi {name} "', lambda i, names: f"const L{i} = {' + '.join(names)}", levels, copies),
               levels)  # fmt: skip


def go_sprintf(levels: int, copies: int) -> dict[str, str]:
    line = lambda i, names: f'var L{i} = fmt.Sprintf("{"%s" * len(names)}", {", ".join(names)})'  # noqa: E731
    return _go(_chain('var L0 = "Hi {name} "', line, levels, copies), levels)


def python_fstring(levels: int, copies: int) -> dict[str, str]:
    lines = _chain('L0 = "Hi {name} "', lambda i, names: f'L{i} = f"{"".join("{" + n + "}" for n in names)}"',
                   levels, copies)  # fmt: skip
    return {"agent.py": "from google.adk.agents import LlmAgent\n" + "\n".join(lines)
            + f'\nroot_agent = LlmAgent(name="a", model="m", instruction=L{levels})\n'}  # fmt: skip


def _java(lines: list[str], levels: int) -> dict[str, str]:
    return {"Agent.java": "import com.google.adk.agents.LlmAgent;\nclass Agent {\n" + "\n".join(lines)
            + f'\n  static LlmAgent root() {{ return LlmAgent.builder().name("a").instruction(L{levels}).build(); }}\n}}\n'}  # fmt: skip


def java_plus(levels: int, copies: int) -> dict[str, str]:
    line = lambda i, names: f"  static final String L{i} = {' + '.join(names)};"  # noqa: E731
    return _java(_chain('  static final String L0 = "Hi {name} ";', line, levels, copies), levels)


def java_format(levels: int, copies: int) -> dict[str, str]:
    line = lambda i, names: f'  static final String L{i} = String.format("{"%s" * len(names)}", {", ".join(names)});'  # noqa: E731
    return _java(_chain('  static final String L0 = "Hi {name} ";', line, levels, copies), levels)


def kotlin_template(levels: int, copies: int) -> dict[str, str]:
    lines = _chain('const val L0 = "Hi {name} "', lambda i, names: f'val L{i} = "{"".join("${" + n + "}" for n in names)}"',
                   levels, copies)  # fmt: skip
    return {"Agent.kt": "import com.google.adk.agents.LlmAgent\n" + "\n".join(lines)
            + f'\nval root = LlmAgent.builder().name("a").instruction(L{levels}).build()\n'}  # fmt: skip


#: Each builder, with the finding that says the text was a hole for want of budget (``None``:
#: the port's reader leaves out an instruction that is all hole, and says nothing).
BUILDERS = {
    "TypeScript template literals": (typescript_template, f"TPL010 ``${{L3}}${{L3}}${{L3}}${{L3}}${{L3}}${{L3}}${{L3}}$...` is inserted into the instruction and can carry braces ({BUDGET})"),
    "TypeScript +": (typescript_plus, BUDGET),
    "Go +": (go_plus, f"TPL010 `L3 + L3 + L3 + L3 + L3 + L3 + L3 + L3...` is inserted into the instruction and can carry braces ({BUDGET})"),
    "Go fmt.Sprintf": (go_sprintf, BUDGET),
    "Python f-strings": (python_fstring, None),
    "Java +": (java_plus, None),
    "Java String.format": (java_format, None),
    "Kotlin string templates": (kotlin_template, None),
}  # fmt: skip


def _project(folder: Path, files: dict[str, str]) -> None:
    (folder / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("case", list(BUILDERS))
def test_hostile_sixty_copies_over_four_levels_end_in_a_hole(tmp_path: Path, case: str) -> None:
    build, expected = BUILDERS[case]
    # A `+` of sixty operands nests past the depth followed: twenty copies over six levels ask
    # for as much text and are followed all the way.
    files = build(6, 20) if case in ("TypeScript +", "Java +") else build(4, 60)
    assert sum(len(text) for text in files.values()) < 2_500
    _project(tmp_path, files)
    outcome = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=30, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode in (0, 1), outcome.stderr[-2000:]
    if expected is None:
        assert outcome.stdout.startswith("All checks passed"), outcome.stdout[-2000:]
    else:
        assert expected in outcome.stdout, outcome.stdout[-2000:]
        assert outcome.stdout.count("TPL010") == 1  # one hole for the whole text, not one per copy


@pytest.mark.parametrize("case", list(BUILDERS))
def test_hostile_a_level_within_the_budget_is_still_read(tmp_path: Path, case: str) -> None:
    build, _ = BUILDERS[case]
    _project(tmp_path, build(2, 10))  # 100 copies: 900 characters, every placeholder known
    outcome = run_templating(["lint", "--no-cache", "--select", "TPL014", "."], tmp_path, seconds=20)
    assert outcome.returncode == 1, outcome.stdout + outcome.stderr
    assert "TPL014 `name` is read by agent `a`" in outcome.stdout


def test_hostile_built_text_never_slows_its_neighbour(tmp_path: Path) -> None:
    _project(tmp_path, {**go_sprintf(4, 60), "small.go": go_plus(1, 1)["agent.go"].replace("main()", "other()")})
    outcome = run_templating(["lint", "--no-cache", "--jobs", "1", "small.go"], tmp_path, seconds=20)
    assert "small.go:" in outcome.stdout and "TPL014 `name`" in outcome.stdout, outcome.stdout + outcome.stderr


def test_hostile_a_hole_for_want_of_budget_is_not_remembered_for_the_next_file(tmp_path: Path) -> None:
    # The Java and Kotlin evaluators remember each constant's text for the run: a text one file
    # could not pay for must not be a hole for the file read after it.
    half = "x" * 300_000
    _project(tmp_path, {
        "Prompts.java": f'class Prompts {{\n  static final String HALF = "{half}";\n'
                        '  static final String BIG = HALF + HALF + " {topic}";\n}\n',
        "A.java": f'import com.google.adk.agents.LlmAgent;\nclass A {{\n  static final String H = "{half}";\n'
                  "  static final String SPENT = H + H + H;\n"
                  '  static LlmAgent a() { return LlmAgent.builder().name("a").instruction(SPENT + Prompts.BIG).build(); }\n}\n',
        "B.java": "import com.google.adk.agents.LlmAgent;\nclass B {\n"
                  '  static LlmAgent b() { return LlmAgent.builder().name("b").instruction(Prompts.BIG).build(); }\n}\n',
    })  # fmt: skip
    outcome = run_templating(["lint", "--no-cache", "--jobs", "1", "--select", "TPL014", "."], tmp_path, seconds=20)
    assert "TPL014 `topic` is read by agent `b`" in outcome.stdout, outcome.stdout + outcome.stderr


@pytest.mark.parametrize("case", list(BUILDERS))
def test_hostile_sixty_copies_of_an_empty_text_over_four_levels(tmp_path: Path, case: str) -> None:
    # Nothing is built, yet each copy is a step: the tree-sitter evaluators pay for steps as
    # well as characters, and Python's brace reasons are worked out once per constant (an
    # f-string of empty constants took 35 s there).
    build, _ = BUILDERS[case]
    files = build(6, 20) if case in ("TypeScript +", "Java +") else build(4, 60)
    _project(tmp_path, {name: text.replace('"Hi {name} "', '""') for name, text in files.items()})
    outcome = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=20, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode in (0, 1), outcome.stderr[-2000:]
    assert outcome.stdout.count("TPL010") <= 1, outcome.stdout[-2000:]
