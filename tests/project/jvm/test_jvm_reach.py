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
