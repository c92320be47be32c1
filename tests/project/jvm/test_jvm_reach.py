"""Shapes of real adk-java and adk-kotlin programs the JVM front ends read (issue 37): each
was a false finding or a miss on public code, here as a minimal project of our own.

adk-java's behaviour is read from its source at ``c1bda9c1``: a ``SequentialAgent`` runs its
sub-agents in order (``SequentialAgent.java:102-109``), and the injector looks up every
``{identifier}`` (``InstructionUtils.java:150, 185-195``).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

IMPORTS = (
    "package demo;\n\n"
    + "".join(f"import com.google.adk.agents.{name};\n" for name in ("BaseAgent", "LlmAgent", "SequentialAgent"))
    + "\n"
)


def _write(root: Path, name: str, body: str) -> None:
    path = root / "src/main/java/demo" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(IMPORTS + textwrap.dedent(body), encoding="utf-8")


def _findings(root: Path, *codes: str) -> list[str]:
    result = lint_paths([root], Settings(root=root))
    return [f"{Path(f.path).name} {f.code} {f.message}" for f in result.findings if f.code in codes]


def _project(root: Path, first: str, second: str) -> None:
    """A lazy getter (``Writer.getAgent()``), a field set by a method in a static block and a
    field aliasing it (``Critic.CRITIC``), run in order by a ``SequentialAgent``."""
    _write(root, "Writer.java", """
        public class Writer {
            private static BaseAgent agent;

            public static BaseAgent getAgent() {
                if (agent == null) {
                    agent = init();
                }
                return agent;
            }

            private static BaseAgent init() {
                return LlmAgent.builder().name("writer").instruction("Write a draft.").outputKey("draft").build();
            }
        }
        """)  # fmt: skip
    _write(root, "Critic.java", """
        public class Critic {
            public static BaseAgent ROOT_AGENT;

            static {
                Critic.ROOT_AGENT = initAgent();
            }

            public static final BaseAgent CRITIC = ROOT_AGENT;

            public static BaseAgent initAgent() {
                return LlmAgent.builder().name("critic").instruction("Critique {draft}.").build();
            }
        }
        """)  # fmt: skip
    _write(root, "Main.java", f"""
        public class Main {{
            public static BaseAgent ROOT_AGENT = SequentialAgent.builder().name("pipeline")
                .subAgents({first}, {second}).build();
        }}
        """)  # fmt: skip


def test_sub_agents_behind_getters_and_fields_run_in_their_order(tmp_path: Path) -> None:
    _project(tmp_path, "Writer.getAgent()", "Critic.CRITIC")
    assert _findings(tmp_path, "TPL014", "TPL015") == []


def test_sub_agents_behind_getters_and_fields_read_too_early(tmp_path: Path) -> None:
    # Before issue 37 the sub-agents were not found: the critic was a root of its own, and
    # the reversed order went unreported.
    _project(tmp_path, "Critic.CRITIC", "Writer.getAgent()")
    [finding] = _findings(tmp_path, "TPL014", "TPL015")
    assert finding.startswith("Critic.java TPL015 agent `critic` reads `draft` before it is written")


def test_third_party_text_of_a_search_tool_reaches_a_later_agent(tmp_path: Path) -> None:
    # glaforge/ai-agent-protocols and the adk-java Maven template: three researchers hold a
    # `GoogleSearchTool` and a compiler puts their output keys into its instruction.
    _write(tmp_path, "Detective.java", """
        import com.google.adk.tools.GoogleSearchTool;
        import com.google.adk.tools.mcp.McpTool;
        import java.util.List;

        public class Detective {
            public static BaseAgent ROOT_AGENT = init(List.of());

            static BaseAgent init(List<McpTool> mcpTools) {
                var profiler = LlmAgent.builder().name("profiler").instruction("Profile the company.")
                    .tools(new GoogleSearchTool()).outputKey("profile").build();
                var news = LlmAgent.builder().name("news").instruction("Find news.")
                    .tools(mcpTools).outputKey("news").build();
                var compiler = LlmAgent.builder().name("compiler")
                    .instruction("Profile: {profile}\\nNews: <news>{news}</news>").build();
                return SequentialAgent.builder().name("detective").subAgents(profiler, news, compiler).build();
            }
        }
        """)  # fmt: skip
    found = _findings(tmp_path, "TPL021", "TPL022")
    assert [f.split(" ", 2)[1] for f in found] == ["TPL021", "TPL022"]
    assert "which holds `GoogleSearchTool`" in found[0] and "which holds `McpTool`" in found[1]


def test_an_agent_of_the_same_name_in_another_language_is_another_agent(tmp_path: Path) -> None:
    # A repository with a Java and a Python twin of one agent: the Python researcher holds
    # google_search, the Java one does not; the Java reader's key is no third party's text.
    _write(tmp_path, "Twin.java", """
        public class Twin {
            public static BaseAgent ROOT_AGENT = SequentialAgent.builder().name("twin").subAgents(
                LlmAgent.builder().name("researcher").instruction("Take notes.").outputKey("notes").build(),
                LlmAgent.builder().name("writer").instruction("Write from {notes}.").build()).build();
        }
        """)  # fmt: skip
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "agent.py").write_text(
        "from google.adk.agents import LlmAgent, SequentialAgent\nfrom google.adk.tools import google_search\n\n"
        'researcher = LlmAgent(name="researcher", instruction="Search.", tools=[google_search], output_key="found")\n'
        'writer = LlmAgent(name="writer", instruction="Write from {found}.")\n'
        'root_agent = SequentialAgent(name="twin", sub_agents=[researcher, writer])\n',
        encoding="utf-8",
    )
    result = lint_paths([tmp_path], Settings(root=tmp_path))
    found = [(Path(f.path).name, f.code) for f in result.findings if f.code in ("TPL021", "TPL022")]
    assert found == [("agent.py", "TPL021")]


def test_the_json_of_a_schema_the_file_builds_is_no_evidence(tmp_path: Path) -> None:
    # google/adk-docs LlmAgentExample: `String.format("...%s", SCHEMA.toJson())`. Every brace
    # group of the JSON opens with a quoted key, which adk-java leaves as written.
    schema = 'Schema.builder().type("OBJECT").description("DESCRIPTION").build()'
    body = """
        import com.google.genai.types.Schema;

        public class Info {
            static final Schema SCHEMA = SCHEMA_VALUE;
            public static BaseAgent ROOT_AGENT = LlmAgent.builder().name("info")
                .instruction(String.format("Reply with JSON matching %s", SCHEMA.toJson())).build();
        }
        """
    _write(tmp_path, "Info.java", body.replace("SCHEMA_VALUE", schema.replace("DESCRIPTION", "The capital.")))
    assert _findings(tmp_path, "TPL010") == []
    _write(tmp_path, "Info.java", body.replace("SCHEMA_VALUE", schema.replace("DESCRIPTION", "Use {city}.")))
    [finding] = _findings(tmp_path, "TPL010")
    assert "`toJson` writes JSON" in finding


def test_third_party_text_of_a_kotlin_search_tool_reaches_a_later_agent(tmp_path: Path) -> None:
    path = tmp_path / "src/main/kotlin/demo/Agent.kt"
    path.parent.mkdir(parents=True)
    path.write_text(
        "package demo\n\nimport com.google.adk.kt.agents.Instruction\nimport com.google.adk.kt.agents.LlmAgent\n"
        "import com.google.adk.kt.agents.SequentialAgent\nimport com.google.adk.kt.tools.GoogleSearchTool\n\n"
        'val researcher = LlmAgent(name = "researcher", instruction = Instruction("Research."),\n'
        '    tools = listOf(GoogleSearchTool()), outputKey = "found")\n'
        'val writer = LlmAgent(name = "writer", instruction = Instruction("Write from {found}."))\n'
        'val root = SequentialAgent(name = "root", subAgents = listOf(researcher, writer))\n',
        encoding="utf-8",
    )
    [finding] = _findings(tmp_path, "TPL021", "TPL022")
    assert finding.startswith("Agent.kt TPL021") and "which holds `GoogleSearchTool`" in finding
