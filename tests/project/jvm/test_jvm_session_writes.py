"""TPL016 on Java and Kotlin: a write to the state of a session a service returned is lost.

adk-java's ``InMemorySessionService`` returns ``copySession(...)`` from ``createSession`` and
``getSession`` (``InMemorySessionService.java:111, 134, 308-316``); adk-kotlin's does too
(``InMemorySessionService.kt:62, 75``). The runner reads the stored session by its id, so a
``put`` on the copy never reaches a run (google/adk-docs' ``StoryFlowAgentExample.java:155``
does this with ``topic``).
"""

from __future__ import annotations

from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

JAVA = """package demo;

import com.google.adk.agents.LlmAgent;
import com.google.adk.runner.InMemoryRunner;
import com.google.adk.sessions.Session;

public class Main {
    public static void main(String[] args) {
        LlmAgent agent = LlmAgent.builder().name("a").instruction("Write about {topic}.").build();
        InMemoryRunner runner = new InMemoryRunner(agent);
        Session session = runner.sessionService().createSession("app", "user").blockingGet();
        session.state().put("topic", "tides");
        Session again = runner.sessionService().getSession("app", "user", session.id(), Optional.empty()).blockingGet();
        again.state().put("mood", "calm"); // noqa: TPL016
    }

    static void tool(ToolContext toolContext) {
        toolContext.state().put("seen", true);
    }
}
"""

KOTLIN = """package demo

import com.google.adk.kt.agents.Instruction
import com.google.adk.kt.agents.LlmAgent

val agent = LlmAgent(name = "a", instruction = Instruction("Write."))

suspend fun main() {
    val session = runner.sessionService.createSession(key, mapOf("topic" to "tides"))
    session.state["mood"] = "calm"
    val fetched = runner.sessionService.getSession(key, null)
    fetched.state.set("tone", 1)
}
"""


def _session_writes(root: Path, name: str, text: str) -> list[tuple[int, int, str]]:
    (root / name).write_text(text, encoding="utf-8")
    findings = lint_paths([root], Settings(root=root)).findings
    return [(f.line, f.column, f.message.split("`")[1]) for f in findings if f.code == "TPL016"]


def test_java_put_on_a_session_a_service_returned_is_reported(tmp_path: Path) -> None:
    # `mood` is silenced by its noqa; a tool's `toolContext.state().put` is recorded in an event.
    assert _session_writes(tmp_path, "Main.java", JAVA) == [(12, 9, "topic")]


def test_kotlin_state_writes_on_a_session_a_service_returned_are_reported(tmp_path: Path) -> None:
    assert _session_writes(tmp_path, "Main.kt", KOTLIN) == [(10, 5, "mood"), (12, 5, "tone")]


def test_java_session_handed_on_itself_is_not_reported(tmp_path: Path) -> None:
    # adk-java's own planner tests put state on a created session and give that very object to
    # the InvocationContext: the write is what the run sees (LoopPlannerTest.java:174).
    text = JAVA.replace(
        'again.state().put("mood", "calm"); // noqa: TPL016',
        "InvocationContext context = InvocationContext.builder().session(session).build();",
    )
    assert _session_writes(tmp_path, "Main.java", text) == []


def test_kotlin_session_handed_on_itself_is_not_reported(tmp_path: Path) -> None:
    text = KOTLIN.replace('    fetched.state.set("tone", 1)\n', '    fetched.state.set("tone", 1)\n    use(session)\n')
    assert _session_writes(tmp_path, "Main.kt", text) == [(12, 5, "tone")]
