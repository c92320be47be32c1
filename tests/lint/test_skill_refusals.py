"""A ``SKILL.md`` google-adk refuses is reported only where the project loads it.

google-adk 2.13.0 checks a skill's frontmatter when ``load_skill_from_dir`` (or
``load_skills_from_dir``) reads its folder, which the module building the ``SkillToolset``
does on import: the program then stops before any run. A skill folder that no code of the
project loads (notes, another tool's skills) is never read by google-adk, so its name breaks
nothing. The real package decides each case (the module is imported, or not, under it), and
every door gives the whole-project run's answer.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

from templating.cli import main

SKILL = "app/skills/VideoProduction/SKILL.md"
BAD_SKILL = "---\nname: VideoProduction\ndescription: Scriptwriting guidelines.\n---\nWrite hooks.\n"
GOOD_SKILL = "---\nname: greeter\ndescription: Greets.\n---\nSay hello.\n"
MESSAGE = "the skill `name` must be lowercase words joined by single hyphens (kebab-case): google-adk refuses it"
_HEADER = """\
import os
from pathlib import Path

from google.adk.agents import Agent
from google.adk.skills import load_skill_from_dir, load_skills_from_dir
from google.adk.tools.skill_toolset import SkillToolset

SKILLS = Path(__file__).parent / "skills"
"""
#: The agent module of each project shape: how (and whether) it loads skills.
LOADERS = {
    "no code loads skills": None,
    "a toolset loads the folder": 'SkillToolset(skills=[load_skill_from_dir(SKILLS / "VideoProduction")])',
    "a toolset loads every skill of its parent": "SkillToolset(skills=load_skills_from_dir(SKILLS))",
    "a toolset loads another skill": 'SkillToolset(skills=[load_skill_from_dir(SKILLS / "greeter")])',
    "a toolset loads a folder named at run time": 'SkillToolset(skills=load_skills_from_dir(os.environ["SKILLS"]))',
}
#: Whether google-adk stops on the refused skill when it imports the module.
REFUSED = {
    "no code loads skills": False,
    "a toolset loads the folder": True,
    "a toolset loads every skill of its parent": True,
    "a toolset loads another skill": False,
    "a toolset loads a folder named at run time": True,  # with SKILLS naming the project's folder
}


def _project(root: Path, shape: str) -> Path:
    loader = LOADERS[shape]
    tools = f"[{loader}]" if loader is not None else "[]"
    files = {
        "pyproject.toml": "[tool.templating]\n",
        "app/__init__.py": "",
        "app/agent.py": f'{_HEADER}\nroot_agent = Agent(name="host", model="gemini-2.5-flash", '
        f'instruction="Write the script.", tools={tools})\n',
        SKILL: BAD_SKILL,
        "app/skills/greeter/SKILL.md": GOOD_SKILL,
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _google_adk_refuses(project: Path, monkeypatch) -> bool:
    monkeypatch.syspath_prepend(str(project))
    monkeypatch.setenv("SKILLS", str(project / "app" / "skills"))
    for name in [name for name in sys.modules if name == "app" or name.startswith("app.")]:
        del sys.modules[name]
    try:
        importlib.import_module("app.agent")
    except ValueError as error:
        assert "VideoProduction" in str(error) or "kebab" in str(error).lower() or "name" in str(error).lower()
        return True
    finally:
        for name in [name for name in sys.modules if name == "app" or name.startswith("app.")]:
            del sys.modules[name]
    return False


def _lint(arguments: list[str], capsys) -> list[str]:
    capsys.readouterr()
    main(["lint", "--no-cache", "--output-format", "concise", *arguments])
    return sorted(line for line in capsys.readouterr().out.splitlines() if " TPL013 " in line)


@pytest.mark.parametrize("shape", list(LOADERS))
def test_a_refused_skill_is_reported_exactly_where_google_adk_loads_it(tmp_path, monkeypatch, capsys, shape):
    project = _project(tmp_path / "project", shape)
    assert _google_adk_refuses(project, monkeypatch) is REFUSED[shape]
    monkeypatch.chdir(project)
    expected = [f"{SKILL}:1:1: TPL013 {MESSAGE}"] if REFUSED[shape] else []
    assert _lint(["."], capsys) == expected


@pytest.mark.parametrize("shape", ["no code loads skills", "a toolset loads the folder"])
def test_every_door_gives_the_whole_runs_answer(tmp_path, monkeypatch, capsys, shape):
    pytest.importorskip("lsprotocol")
    from templating.server.workspace import Workspace

    project = _project(tmp_path / "project", shape)
    monkeypatch.chdir(project)
    whole = _lint(["."], capsys)
    assert len(whole) == REFUSED[shape]
    assert _lint([SKILL], capsys) == whole  # the file named from the root
    folder, name = os.path.split(SKILL)
    monkeypatch.chdir(project / folder)
    assert [f"{folder}/{line}" for line in _lint([name], capsys)] == whole  # from its own folder
    monkeypatch.chdir(tmp_path)
    elsewhere = _lint(["--config", "project/pyproject.toml", f"project/{SKILL}"], capsys)
    assert [line.removeprefix("project/") for line in elsewhere] == whole
    findings = Workspace().findings(project / SKILL, BAD_SKILL)  # the editor's open buffer
    assert [(f.line, f.column, f.code, f.message) for f in findings if f.code == "TPL013"] == [
        (1, 1, "TPL013", MESSAGE) for _ in whole
    ]
