"""The Java front end: adk-java builder chains, text blocks, constants and state flow.

The expectations come from adk-java's source (commit c1bda9c1): text blocks are stripped as
``javac`` does (JLS 3.10.6), ``appendEvent`` skips ``temp:`` keys
(``BaseSessionService.java:238``), providers are not injected (``LlmAgent.java:683-690``).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.java.evaluate import text_block
from templating.project.java.reader import read_java
from templating.project.model.instruction import SourceFile
from templating.project.reading import read_project
from templating.project.sources import SourceCache
from templating.project.treesitter.text import text_of

HEADER = "package demo;\n\nimport com.google.adk.agents.LlmAgent;\nimport com.google.adk.agents.SequentialAgent;\n\n"


def _write(root: Path, name: str, body: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER + textwrap.dedent(body))
    return path


def _read(root: Path, name: str, body: str):
    path = _write(root, name, body)
    return read_java(SourceFile(str(path), path.read_text()), path, SourceCache(root))


def _at(path: Path, needle: str, shift: int = 0) -> str:
    """The 1-based ``line:column`` of ``needle`` (plus ``shift`` characters) in ``path``."""
    text = path.read_text()
    offset = text.index(needle) + shift
    line = text.count("\n", 0, offset) + 1
    return f"{line}:{offset - text.rfind(chr(10), 0, offset)}"


def _findings(root: Path) -> list[str]:
    result = lint_paths([root], Settings(root=root))
    return [f"{Path(f.path).name}:{f.line}:{f.column}: {f.code} {f.message}" for f in result.findings]


def test_java_text_block_strips_incidental_whitespace_with_exact_positions() -> None:
    source = 'x = """\n      Hi {a}\n        b \\\n      c\n\n      """;'
    start = source.index('"""')
    characters = text_block(source, start, source.rindex('"""') + 3)
    assert text_of(characters) == "Hi {a}\n  b c\n\n"
    brace = text_of(characters).index("{")
    assert source[characters[brace].offset] == "{"
    assert source[characters[text_of(characters).index("c")].offset] == "c"


def test_java_text_block_closing_on_the_last_line_keeps_deeper_margin() -> None:
    source = 'x = """\n    one\n      two""";'
    characters = text_block(source, source.index('"""'), source.rindex('"""') + 3)
    assert text_of(characters) == "one\n  two"


def test_java_instruction_with_constants_and_formatted(tmp_path: Path) -> None:
    found = _read(
        tmp_path,
        "A.java",
        """\
        public class A {
          static final String KEY = "city";
          static LlmAgent a = LlmAgent.builder().name("a")
              .instruction("Say %s and {%s}".formatted("hi", KEY) + String.format("!%d", 3))
              .build();
        }
        """,
    )
    (instruction,) = found.instructions
    assert instruction.text == "Say hi and {city}!\ufffc"
    assert instruction.dialect == "adk-java"
    (facts,) = found.facts
    assert [(agent.variable, agent.name, agent.kind) for agent in facts.agents] == [("a", "a", "llm")]


def test_java_file_without_an_adk_import_gives_nothing(tmp_path: Path) -> None:
    path = tmp_path / "Plain.java"
    path.write_text('class Plain { String s = "com.google.adk {x}"; void f() { b.instruction("{x}").build(); } }')
    assert read_java(SourceFile(str(path), path.read_text()), path, SourceCache(tmp_path)).instructions == ()


def test_java_provider_is_not_injected(tmp_path: Path) -> None:
    found = _read(
        tmp_path,
        "A.java",
        """\
        class A {
          LlmAgent a = LlmAgent.builder().name("a").instruction(ctx -> Single.just("{x}")).build();
        }
        """,
    )
    assert found.instructions == ()


def test_java_sequence_order_and_split_chain_and_factory(tmp_path: Path) -> None:
    agents = _write(
        tmp_path,
        "Agents.java",
        """\
        public class Agents {
          static LlmAgent.Builder base() { return LlmAgent.builder().model("m"); }

          static LlmAgent first() {
            LlmAgent.Builder b = LlmAgent.builder().name("first");
            b.instruction("Start.");
            b.outputKey("plan");
            return b.build();
          }

          public static BaseAgent ROOT_AGENT = SequentialAgent.builder().name("root")
              .subAgents(List.of(first(), base().name("second").instruction("Use {plan} and {later}.").build(), Late.AGENT))
              .build();
        }
        """,
    )
    late = _write(
        tmp_path,
        "Late.java",
        """\
        public class Late {
          public static final LlmAgent AGENT = LlmAgent.builder().name("late").instruction("x").outputKey("later").build();
        }
        """,
    )
    quoted_later = '"later"'
    expected = (
        f"Agents.java:{_at(agents, '{later}', 1)}: TPL015 agent `second` reads `later` before it is written: it is "
        f"written only later, by the `outputKey` of agent `late` ({late}:{_at(late, quoted_later)})"
    )
    assert _findings(tmp_path) == [expected]


def test_java_temp_output_key_is_not_seen_by_a_later_sibling(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "A.java",
        """\
        class A {
          static LlmAgent w = LlmAgent.builder().name("w").instruction("x").outputKey("temp:draft").build();
          static LlmAgent r = LlmAgent.builder().name("r").instruction("Fix {temp:draft}").build();
          public static BaseAgent ROOT_AGENT = SequentialAgent.builder().name("s").subAgents(w, r).build();
        }
        """,
    )
    (finding,) = _findings(tmp_path)
    assert finding.startswith(
        f"A.java:{_at(path, 'temp:draft}')}: TPL015 agent `r` reads `temp:draft` before it is written"
    )
    assert "drops `temp:` keys" in finding


def test_java_tool_and_session_writers(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "A.java",
        """\
        class A {
          static final String PREF = "pref";
          public static Map<String, Object> remember(String v, ToolContext toolContext) {
            toolContext.state().put(PREF, v);
            return Map.of();
          }
          static LlmAgent r = LlmAgent.builder().name("r").instruction("Use {pref}, {user}, {seen}")
              .tools(FunctionTool.create(A.class, "remember"))
              .beforeAgentCallback(ctx -> { ctx.state().put("seen", true); return Maybe.empty(); })
              .build();
          public static void main(String[] args) {
            Map<String, Object> initialState = new HashMap<>();
            initialState.put("user", "ada");
            service.createSession("app", "u", new ConcurrentHashMap<>(initialState), "s");
          }
        }
        """,
    )
    (finding,) = _findings(tmp_path)
    assert finding.startswith(
        f"A.java:{_at(path, 'pref}')}: TPL015 agent `r` reads `pref` before it is written: it is written by its own tool"
    )


def test_java_noqa_comment_silences_the_instruction(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "A.java",
        """\
        class A {
          public static LlmAgent ROOT_AGENT = LlmAgent.builder().name("a")
              .instruction("Use {missing}")  // noqa: TPL014
              .build();
        }
        """,
    )
    assert _findings(tmp_path) == []


def test_java_custom_agent_and_sibling_constant(tmp_path: Path) -> None:
    _write(tmp_path, "Prompts.java", 'class Prompts { static final String ROOT = """\n    Read {story}.\n    """; }\n')
    _write(
        tmp_path,
        "A.java",
        """\
        class Flow extends BaseAgent {
          protected Flowable<Event> runAsyncImpl(InvocationContext ctx) {
            ctx.session().state().put("story", "x");
            return Flowable.empty();
          }
        }
        class A {
          static LlmAgent reader = LlmAgent.builder().name("reader").instruction(Prompts.ROOT).build();
          public static BaseAgent ROOT_AGENT = new Flow("flow", reader);
        }
        """,
    )
    model = read_project([tmp_path], root=tmp_path)
    reader = next(agent for agent in model.agents if agent.name == "reader")
    assert [read.key for read in reader.reads] == ["story"]
    assert _findings(tmp_path) == []


def test_java_settings_read_from_the_environment_carry_no_braces(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "Settings.java",
        """\
        public class Settings {
          public static final String REPO;
          static { REPO = System.getenv("REPO"); }
        }
        """,
    )
    path = _write(
        tmp_path,
        "A.java",
        """\
        class A {
          static LlmAgent make(String topic) {
            String mode = Settings.REPO.isEmpty() ? "quiet" : "loud";
            return LlmAgent.builder().name("a")
                .instruction(String.format("Repo %s, %s mode, about %s. {x?}", Settings.REPO, mode, topic))
                .build();
          }
        }
        """,
    )
    (finding,) = _findings(tmp_path)
    assert finding.startswith(f"A.java:{_at(path, '%s. {x?}')}: TPL010 `topic` is inserted")


def test_java_noqa_goes_where_the_argument_ends_and_a_comment_fits(tmp_path: Path) -> None:
    from templating.project.surfaces.java import JAVA

    path = _write(
        tmp_path,
        "A.java",
        '''\
        class A {
          static LlmAgent a = LlmAgent.builder().name("a").instruction("""
              Use {x}.
              """).description("d").build();
          static LlmAgent b = LlmAgent.builder().name("b").instruction("Use {y}").description("""
              d
              """).build();
        }
        ''',
    )
    source = SourceFile(str(path), path.read_text())
    first, second = _read(tmp_path, "A.java", path.read_text().removeprefix(HEADER)).instructions
    assert JAVA.noqa_line(first, source) == int(_at(path, '""").description').split(":")[0])
    assert JAVA.noqa_line(second, source) is None  # a text block opens after it on that line


def test_java_method_with_one_return_is_followed_and_its_parameters_are_holes(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        "A.java",
        '''\
        class A {
          static final String owner = "fixed";
          static String prompt(String owner) {
            return """
                Help %s with {request}.
                """.formatted(owner);
          }
          static LlmAgent a = LlmAgent.builder().name("a").instruction(prompt("x")).build();
        }
        ''',
    )
    (instruction,) = _read(tmp_path, "A.java", path.read_text().removeprefix(HEADER)).instructions
    assert instruction.text == "Help \ufffc with {request}.\n"
    assert instruction.position(instruction.text.index("{"))[0] == int(_at(path, 'prompt("x")').split(":")[0])
