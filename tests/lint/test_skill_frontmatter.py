"""SKILL.md front matter that google-adk 2.13.0's `Frontmatter` model refuses is a TPL013
finding in lint and a clear error with exit status 2 in render, one test per shape; what it
accepts (kebab-case or snake_case names, the optional text fields) is neither."""

from pathlib import Path

import pytest
from google.adk.skills.models import Frontmatter
from pydantic import ValidationError

from templating.project.bounded_yaml import load_bounded
from tests.bounded import run_templating

REFUSED = {
    "no name": "description: d\n",
    "a name that is a number": "name: 5\ndescription: d\n",
    "a name with spaces": "name: Bad Name\ndescription: d\n",
    "a name with two hyphens in a row": "name: a--b\ndescription: d\n",
    "a name mixing hyphens and underscores": "name: a-b_c\ndescription: d\n",
    "a name of 65 characters": f"name: {'a' * 65}\ndescription: d\n",
    "no description": "name: s\n",
    "an empty description": "name: s\ndescription: ''\n",
    "a description that is a list": "name: s\ndescription: [1]\n",
    "a description of 1,025 characters": f"name: s\ndescription: {'d' * 1025}\n",
    "allowed-tools that is a number": "name: s\ndescription: d\nallowed-tools: 5\n",
    "a compatibility of 501 characters": f"name: s\ndescription: d\ncompatibility: {'c' * 501}\n",
    "metadata that is a list": "name: s\ndescription: d\nmetadata: [1]\n",
    "metadata that is null": "name: s\ndescription: d\nmetadata:\n",
    "adk_inject_state that is a number": "name: s\ndescription: d\nmetadata:\n  adk_inject_state: 7\n",
    "adk_additional_tools that is text": "name: s\ndescription: d\nmetadata:\n  adk_additional_tools: x\n",
}
ACCEPTED = {
    "kebab-case": "name: my-skill\ndescription: d\n",
    "snake_case": "name: my_skill\ndescription: d\nlicense: MIT\nallowed-tools: a b\n",
    "extra fields": "name: s\ndescription: d\nunknown: 1\nmetadata:\n  adk_inject_state: true\n",
}


def _adk_refuses(front_matter: str) -> bool:
    try:
        Frontmatter.model_validate(load_bounded(front_matter))
    except ValidationError:
        return True
    return False


def _skill(folder: Path, front_matter: str) -> None:
    (folder / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    skill = folder / "skills" / "s"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\n{front_matter}---\nHello {{x}}\n", encoding="utf-8")
    # A toolset loads every skill of the folder: google-adk reads a skill only then.
    (folder / "tools.py").write_text(
        "from google.adk.skills import load_skills_from_dir\n"
        "from google.adk.tools.skill_toolset import SkillToolset\n"
        'skills = SkillToolset(skills=load_skills_from_dir("skills"))\n',
        encoding="utf-8",
    )


@pytest.mark.parametrize("shape", list(REFUSED))
def test_front_matter_adk_refuses_is_a_finding_and_exit_2(tmp_path: Path, shape: str) -> None:
    front_matter = REFUSED[shape]
    if shape != "a name mixing hyphens and underscores":  # refused whichever name flag is set
        assert _adk_refuses(front_matter), "google-adk itself accepts this shape"
    _skill(tmp_path, front_matter)
    lint = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=20)
    assert "skills/s/SKILL.md:1:1: TPL013 " in lint.stdout, lint.stdout + lint.stderr
    render = run_templating(["render", "skills/s/SKILL.md"], tmp_path, seconds=20)
    assert render.returncode == 2, render.stdout + render.stderr
    assert render.stderr.startswith("templating: error: skills/s/SKILL.md:1:1: ") and "Traceback" not in render.stderr


@pytest.mark.parametrize("shape", list(ACCEPTED))
def test_front_matter_adk_accepts_is_quiet(tmp_path: Path, shape: str) -> None:
    if shape != "snake_case":  # accepted behind google-adk's snake-case flag: said nothing of
        assert not _adk_refuses(ACCEPTED[shape])
    _skill(tmp_path, ACCEPTED[shape])
    lint = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=20)
    assert "TPL013" not in lint.stdout, lint.stdout


@pytest.mark.parametrize("tool", [".gemini", ".claude", ".codex"])
def test_a_skill_of_another_tool_is_not_an_adk_skill(tmp_path: Path, tool: str) -> None:
    # Gemini CLI keeps its skills in `.gemini/skills/` (Claude Code in `.claude/skills/`) with
    # its own rules; no ADK program loads them (issue 37's bed: a TPL013 on one was false).
    _skill(tmp_path, REFUSED["a name with spaces"])
    (tmp_path / "skills").rename(tmp_path / "kept")
    (tmp_path / tool).mkdir()
    (tmp_path / "kept").rename(tmp_path / tool / "skills")
    lint = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=20)
    assert "TPL013" not in lint.stdout and lint.returncode == 0, lint.stdout + lint.stderr
