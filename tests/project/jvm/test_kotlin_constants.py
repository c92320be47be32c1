"""Kotlin constants of another package, imported and used in an instruction.

``const val`` is inlined by the Kotlin compiler wherever it is used, so what ADK sees is the
constant's text, as for Java's ``static final`` fields. A top-level constant is imported by
name (``import com.example.prompts.GREETING``), a constant of an ``object`` through the object
(``import com.example.prompts.Texts`` and ``Texts.CRITIC``), or with a wildcard import of the
package; the package's files sit under the source root at the package's path.
"""

from __future__ import annotations

from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.reading import read_project

PROMPTS = """package com.example.prompts

const val GREETING = "Hello {user_name}."

object Texts {
    const val CRITIC = "Review {draft}."
}
"""

AGENTS = """package com.example.agents

import com.example.prompts.GREETING
import com.example.prompts.Texts
import com.google.adk.kt.agents.Instruction
import com.google.adk.kt.agents.LlmAgent

val greeter = LlmAgent(name = "greeter", instruction = Instruction(GREETING))
val critic = LlmAgent(name = "critic", instruction = Instruction(Texts.CRITIC))
"""


def _project(root: Path, agents: str = AGENTS) -> Path:
    source = root / "src" / "main" / "kotlin" / "com" / "example"
    (source / "prompts").mkdir(parents=True)
    (source / "agents").mkdir(parents=True)
    (source / "prompts" / "Prompts.kt").write_text(PROMPTS, encoding="utf-8")
    (source / "agents" / "Agents.kt").write_text(agents, encoding="utf-8")
    return source / "agents" / "Agents.kt"


def test_kotlin_constants_imported_from_another_package_are_read(tmp_path: Path) -> None:
    path = _project(tmp_path)
    model = read_project([path], root=tmp_path)
    reads = sorted((a.name, r.key) for a in model.agents for r in a.reads)
    assert reads == [("critic", "draft"), ("greeter", "user_name")]


def test_kotlin_imported_constant_findings_point_at_the_reference(tmp_path: Path) -> None:
    path = _project(tmp_path)
    found = sorted((f.code, f.line, f.column) for f in lint_paths([path], Settings(root=tmp_path)).findings)
    text = AGENTS
    greeting = text.index("GREETING)")
    critic = text.index("Texts.CRITIC")
    line_of = lambda offset: text.count("\n", 0, offset) + 1  # noqa: E731
    assert [(code, line) for code, line, _ in found] == [("TPL014", line_of(greeting)), ("TPL014", line_of(critic))]


def test_kotlin_wildcard_import_of_a_package_is_read(tmp_path: Path) -> None:
    agents = AGENTS.replace("import com.example.prompts.GREETING\nimport com.example.prompts.Texts\n",
                            "import com.example.prompts.*\n")  # fmt: skip
    path = _project(tmp_path, agents)
    model = read_project([path], root=tmp_path)
    assert sorted(r.key for a in model.agents for r in a.reads) == ["draft", "user_name"]


def test_kotlin_constant_of_a_package_not_imported_stays_a_hole(tmp_path: Path) -> None:
    agents = AGENTS.replace("import com.example.prompts.GREETING\nimport com.example.prompts.Texts\n", "")
    path = _project(tmp_path, agents)
    model = read_project([path], root=tmp_path)
    assert [r.key for a in model.agents for r in a.reads] == []
