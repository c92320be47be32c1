"""SKILL.md files: google-adk 2.13.0 fills a skill body's placeholders only when its frontmatter
sets ``metadata: {adk_inject_state: true}``, when the model loads the skill; the body's reads
belong to every agent whose ``SkillToolset`` holds it. The real package is the oracle."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from google.adk.skills import load_skill_from_dir
from surface_runtime import lint_copy, run

from templating.cli import main
from templating.project.model.instruction import SourceFile
from templating.project.reading import read_project, read_text
from templating.project.skills import SkillError, skill_facts

FLAGGED = "---\nname: greeter\ndescription: d\nmetadata:\n  adk_inject_state: true\n---\n"
BODIES = {
    "plain": "Greet {user_name}.",
    "blank lines around": "\n\n  Greet {user_name}.\n\n",
    "a rule in the body": "Greet {user_name}.\n---\nThen {tone?}.",
    "trailing spaces": "Greet {user_name}.   \t",
    "unicode": "Grüße {user_name} — bitte.",
}


def _skill_folder(root: Path, name: str, text: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("body", BODIES.values(), ids=BODIES.keys())
def test_skill_body_is_the_text_google_adk_loads_at_its_own_offsets(tmp_path, body):
    text = FLAGGED + body
    loaded = load_skill_from_dir(_skill_folder(tmp_path, "greeter", text))
    facts = skill_facts(SourceFile("skills/greeter/SKILL.md", text), "key")
    instruction = facts.skills[0].instruction
    assert instruction is not None and instruction.text == loaded.instructions
    assert all(text[instruction.offsets[i]] == character for i, character in enumerate(instruction.text))


def test_skill_without_the_flag_is_verbatim_and_never_an_instruction(tmp_path):
    text = "---\nname: plain\ndescription: d\n---\nSay {{plan}} to {user_name}.\n"
    assert load_skill_from_dir(_skill_folder(tmp_path, "plain", text)).frontmatter.metadata == {}
    reading = read_text(text, tmp_path / "plain" / "SKILL.md", "plain/SKILL.md")
    assert reading.problem is None and reading.instructions == ()
    assert [(s.name, s.instruction) for f in reading.facts for s in f.skills] == [("plain", None)]


REFUSED = {
    "a flag that is a string": ("---\nname: bad\ndescription: d\nmetadata:\n  adk_inject_state: 'yes'\n---\nx", 1),
    "no frontmatter": ("Greet {user_name}.", 1),
    "frontmatter never closed": ("---\nname: bad\ndescription: d\n", 1),
    "frontmatter not a mapping": ("---\n- a\n- b\n---\nx", 1),
    "invalid YAML": ("---\nname: [bad\n---\nx", 3),
}


@pytest.mark.parametrize(("text", "line"), REFUSED.values(), ids=REFUSED.keys())
def test_skill_google_adk_refuses_is_a_refusal_at_its_line(tmp_path, text, line):
    with pytest.raises(ValueError):
        load_skill_from_dir(_skill_folder(tmp_path, "bad", text))
    with pytest.raises(SkillError) as error:
        skill_facts(SourceFile("bad/SKILL.md", text), "key")
    assert error.value.line == line
    # A fact of the file, not its problem: whether it stops a program is the project's to say
    # (a toolset loading it: tests/lint/test_skill_refusals.py).
    reading = read_text(text, tmp_path / "bad" / "SKILL.md", "bad/SKILL.md")
    assert reading.problem is None and reading.instructions == ()
    assert [(s.folder, s.refusal, s.refusal_line) for f in reading.facts for s in f.skills] == [
        ("bad", error.value.message, line)
    ]


def test_skill_failing_reads_at_run_time_are_what_lint_reports(tmp_path):
    _, responses, error = run("skills_app", {}, [("load_skill", {"skill_name": "greeter"})])
    assert isinstance(error, KeyError) and "`user_name`" in str(error)
    _, responses, error = run("skills_app", {"user_name": "Ada"}, [("load_skill", {"skill_name": "greeter"}),
                                                                     ("load_skill", {"skill_name": "plain"})])  # fmt: skip
    assert error is None
    assert [r["instructions"] for r in responses] == [
        "Greet Ada warmly. Tone: .\nMention {Greeting.text} as written.",
        "Reply with {{plan}} and {user_name} exactly as written here.",
    ]
    findings = lint_copy("skills_app", tmp_path)
    unwritten = [(path, line, column, message) for path, line, column, code, message in findings if code == "TPL014"]
    assert unwritten == [
        (
            "skills_app/skills/greeter/SKILL.md",
            8,
            8,
            "`user_name` is read by agent `host`, but nothing in the project writes it",
        ),
    ]
    assert not [f for f in findings if "plain" in f[0]]  # verbatim: its braces are text


def test_skill_a_writer_before_the_agent_quiets_the_read(tmp_path):
    runner = 'session = service.create_session(app_name="a", user_id="u", state={"user_name": "Ada"})\n'
    assert [f for f in lint_copy("skills_app", tmp_path, {"runner.py": runner}) if f[3] == "TPL014"] == []


AGENTS = textwrap.dedent("""
    import pathlib
    from google.adk import Agent
    from google.adk.skills import load_skill_from_dir, load_skills_from_dir
    from google.adk.tools.skill_toolset import SkillToolset

    HERE = pathlib.Path(__file__).parents[2]
    ALL = SkillToolset(skills=load_skills_from_dir(HERE / "skills"))

    one = Agent(name="one", instruction="a", tools=[SkillToolset(skills=[load_skill_from_dir(HERE / "skills" / "greeter")])])
    every = Agent(name="every", instruction="b", tools=[ALL])
    none = Agent(name="none", instruction="c")
    unknown = Agent(name="unknown", instruction="d", tools=[SkillToolset(skills=load_skills_from_dir(HERE))])
""")


def _reads(root: Path) -> dict[str, list[str]]:
    model = read_project([root], root=root)
    return {agent.name: sorted(read.key for read in agent.reads) for agent in model.agents}


def test_skill_reads_belong_to_every_agent_whose_toolset_holds_it(tmp_path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "agent.py").write_text(AGENTS)
    _skill_folder(tmp_path / "app" / "skills", "greeter", FLAGGED + "Greet {user_name}.")
    _skill_folder(tmp_path / "app" / "skills", "closer", FLAGGED.replace("greeter", "closer") + "Bye {farewell}.")
    assert _reads(tmp_path) == {"one": ["user_name"], "every": ["farewell", "user_name"], "none": [], "unknown": []}


def test_skill_of_the_same_name_in_another_sample_is_not_held(tmp_path):
    for sample, key in (("first", "near"), ("second", "far")):
        (tmp_path / sample).mkdir()
        (tmp_path / sample / "agent.py").write_text(AGENTS.replace('"one"', f'"one_{sample}"').split("every =")[0])
        _skill_folder(tmp_path / sample / "skills", "greeter", FLAGGED + "Greet {" + key + "}.")
    assert _reads(tmp_path) == {"one_first": ["near"], "one_second": ["far"]}


def test_skill_render_shows_the_body_google_adk_sends(tmp_path, capsys):
    folder = _skill_folder(tmp_path, "greeter", FLAGGED + "\nGreet {user_name}. {{x}}\n")
    plain = _skill_folder(tmp_path, "plain", "---\nname: plain\ndescription: d\n---\nSay {{plan}} to {user_name}.\n")
    (tmp_path / "state.json").write_text('{"user_name": "Ada", "x": 1}')
    assert main(["render", str(folder / "SKILL.md"), "--state", str(tmp_path / "state.json")]) == 0
    assert main(["render", str(plain / "SKILL.md")]) == 0
    assert capsys.readouterr().out == "Greet Ada. 1\nSay {{plan}} to {user_name}.\n"
