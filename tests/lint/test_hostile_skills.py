"""Hostile ``SKILL.md`` front matter: a number too long for ``int``, a billion-laughs alias
bomb, nesting past the parser's depth. Each is a clear finding (lint) or error (render, exit
2), never a traceback, in a child process bounded in time and memory."""

from pathlib import Path

import pytest

from tests.bounded import run_templating

BOMB = "".join(f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]\n" if n else 'l0: &l0 ["lol"]\n' for n in range(10))

FRONT_MATTER = {
    "a number of 5,000 digits": ("name: s\ndescription: " + "9" * 5_000 + "\n", "a number has more than 4,300 digits"),
    "a billion laughs": (f"name: s\ndescription: d\n{BOMB}metadata:\n  adk_inject_state: *l9\n",
                         "its aliases expand to more than 100,000 values"),
    "nesting 100,000 deep": ("name: s\nx: " + "[" * 100_000 + "]" * 100_000 + "\n", "it is nested too deeply"),
}  # fmt: skip


def _skill(folder: Path, front_matter: str) -> None:
    (folder / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    skill = folder / "skills" / "s"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\n{front_matter}---\nHello {{x}}\n", encoding="utf-8")
    # A toolset loads it: google-adk reads a skill only then (tests/lint/test_skill_refusals.py).
    (folder / "tools.py").write_text(
        "from google.adk.skills import load_skill_from_dir\n"
        "from google.adk.tools.skill_toolset import SkillToolset\n"
        'skills = SkillToolset(skills=[load_skill_from_dir("skills/s")])\n',
        encoding="utf-8",
    )


@pytest.mark.parametrize("shape", list(FRONT_MATTER))
def test_hostile_skill_front_matter_is_a_clear_finding(tmp_path: Path, shape: str) -> None:
    front_matter, problem = FRONT_MATTER[shape]
    _skill(tmp_path, front_matter)
    lint = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=20, megabytes=600)
    assert "Traceback" not in lint.stderr, lint.stderr[-2000:]
    assert f"skills/s/SKILL.md:1:1: TPL013 invalid YAML in the frontmatter: {problem}" in lint.stdout
    render = run_templating(["render", "skills/s/SKILL.md"], tmp_path, seconds=20, megabytes=600)
    assert render.returncode == 2, render.stderr[-2000:]
    assert problem in render.stderr and "Traceback" not in render.stderr
    graph = run_templating(["graph", "."], tmp_path, seconds=20, megabytes=600)
    assert "Traceback" not in graph.stderr, graph.stderr[-2000:]
    assert graph.returncode in (0, 1)
