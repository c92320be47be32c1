"""The Kotlin front end: adk-kotlin named arguments, raw strings, templates and state flow.

The expectations come from adk-kotlin's source (commit bc89fb27): provider output is
injected (``InstructionsProcessor.kt:54-66``), ``State.applyDelta`` skips ``temp:`` keys
(``State.kt:86-88``); ``trimIndent``/``trimMargin`` follow Kotlin's ``reindent``.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.kotlin.evaluate import trim_indent, trim_margin
from templating.project.kotlin.reader import read_kotlin
from templating.project.model.instruction import SourceFile
from templating.project.sources import SourceCache
from templating.project.treesitter.text import characters_at, text_of

HEADER = "package demo\n\nimport com.google.adk.kt.agents.LlmAgent\nimport com.google.adk.kt.agents.SequentialAgent\n\n"


def _write(root: Path, name: str, body: str, header: str = HEADER) -> Path:
    path = root / name
    path.write_text(header + textwrap.dedent(body))
    return path


def _read(path: Path):
    return read_kotlin(SourceFile(str(path), path.read_text()), path, SourceCache(path.parent))


def _at(path: Path, needle: str) -> str:
    text = path.read_text()
    offset = text.index(needle)
    return f"{text.count(chr(10), 0, offset) + 1}:{offset - text.rfind(chr(10), 0, offset)}"


def _findings(root: Path) -> list[str]:
    result = lint_paths([root], Settings(root=root))
    return [f"{Path(f.path).name}:{f.line}:{f.column}: {f.code} {f.message}" for f in result.findings]


def test_kotlin_trim_indent_and_trim_margin_as_kotlin_computes_them() -> None:
    raw = "\n    a {x}\n      b\n\n    c\n    "
    assert text_of(trim_indent(characters_at(raw, 0))) == "a {x}\n  b\n\nc"
    margin = "\n   |one\n   |  two\n  three\n  "
    assert text_of(trim_margin(characters_at(margin, 0))) == "one\n  two\n  three"
    kept = trim_indent(characters_at(raw, 10))
    assert raw[kept[text_of(kept).index("{")].offset - 10] == "{"


def test_kotlin_raw_string_templates_and_positions(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "A.kt",
        '''\
        const val TOOL = "lookup"
        val a = LlmAgent(
            name = "a",
            instruction = Instruction(
                """
                Use $TOOL for {city}.
                Cost ${'$'}{price}, ${now()} and "$user"
                """.trimIndent()
            ),
        )
        ''',
    )
    (instruction,) = _read(path).instructions
    assert instruction.text == 'Use lookup for {city}.\nCost ${price}, \ufffc and "\ufffc"'
    assert instruction.dialect == "adk-kotlin"
    city = instruction.text.index("{city}")
    assert f"{instruction.position(city)[0]}:{instruction.position(city)[1]}" == _at(path, "{city}")


def test_kotlin_short_template_in_plain_string_is_a_hole_not_text(tmp_path: Path) -> None:
    path = _write(tmp_path, "A.kt", 'val a = LlmAgent(name = "a", instruction = Instruction("Hi $name\\n{k}"))\n')
    (instruction,) = _read(path).instructions
    assert instruction.text == "Hi \ufffc\n{k}"


def test_kotlin_provider_text_is_injected_and_temp_key_not_seen_later(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "A.kt",
        """\
        val w = LlmAgent(name = "w", instruction = Instruction("x"), outputKey = "temp:draft")
        val r = LlmAgent(
            name = "r",
            instruction = Instruction { ctx -> Content(parts = listOf(Part(text = "Fix {temp:draft}"))) },
        )
        val root = SequentialAgent(name = "root", subAgents = listOf(w, r))
        """,
    )
    (finding,) = _findings(tmp_path)
    assert finding.startswith(f"A.kt:{_at(path, 'temp:draft}')}: TPL015 agent `r` reads `temp:draft`")
    assert "drops `temp:` keys" in finding


def test_kotlin_on_adk_java_reads_builders_and_skips_providers(tmp_path: Path) -> None:
    header = "import com.google.adk.agents.LlmAgent\n\n"
    path = _write(tmp_path, "A.kt", """\
        val a = LlmAgent.builder().name("a").instruction("Use {city}").build()
        val b = LlmAgent.builder().name("b").instruction(Instruction { ctx -> Content(parts = listOf(Part(text = "{x}"))) }).build()
        """, header)  # fmt: skip
    found = _read(path)
    assert [(i.text, i.dialect) for i in found.instructions] == [("Use {city}", "adk-java")]


def test_kotlin_writers_callbacks_tools_and_initial_state(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "A.kt",
        """\
        fun remember(city: String, context: ToolContext): String {
            context.actions.stateDelta["city"] = city
            return "ok"
        }
        val a = LlmAgent(
            name = "a",
            instruction = Instruction("{seen} {user} {city}"),
            beforeAgentCallbacks = listOf(BeforeAgentCallback { ctx -> ctx.updateState("seen", true); CallbackChoice.Continue(Unit) }),
        )
        fun main() {
            val initial = mutableMapOf<String, Any>()
            initial["user"] = "ada"
            service.createSession(key = SessionKey("app", "u"), state = initial)
        }
        """,
    )
    assert _findings(tmp_path) == []


def test_kotlin_file_without_adk_import_and_fun_interface(tmp_path: Path) -> None:
    plain = tmp_path / "Plain.kt"
    plain.write_text('val a = LlmAgent(name = "a", instruction = Instruction("{x}"))\n')
    assert _read(plain).instructions == ()
    path = _write(
        tmp_path,
        "B.kt",
        """\
        fun interface Hook { fun call(x: Map<String, Int,>): Unit }
        val b = LlmAgent(name = "b", instruction = Instruction("Read {k}"))
        """,
    )
    assert [i.text for i in _read(path).instructions] == ["Read {k}"]


def test_kotlin_agents_in_locals_of_one_name_are_all_read(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "A.kt",
        """\
        fun one() { val agent = LlmAgent(name = "one", instruction = Instruction("{a}")) }
        fun two() { val agent = LlmAgent(name = "two", instruction = Instruction("{b}")) }
        """,
    )
    (facts,) = _read(path).facts
    assert sorted((agent.name, len(agent.instructions)) for agent in facts.agents) == [("one", 1), ("two", 1)]
