"""Custom JVM agents run the agents they hold in the order their ``runAsyncImpl`` runs them.

adk-java: ``BaseAgent.runAsync`` runs ``runAsyncImpl`` (``BaseAgent.java:336-356``); a
``Flowable.concatArray(a, b)`` subscribes to ``b`` once ``a`` completes, and the runner appends
each event before the next is produced (``Runner.java:617-630``), as google/adk-docs'
``StoryFlowAgentExample.java`` relies on. adk-kotlin: ``BaseAgent.runAsync`` collects
``runAsyncImpl``'s flow (``BaseAgent.kt:112-128``); ``emitAll(a.runAsync(ctx))`` finishes ``a``
before the next statement. ``merge``/``zip``/``launch`` run flows side by side: no order.
"""

from __future__ import annotations

import os
import re
import subprocess
import textwrap
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.model.assembly import assemble
from templating.project.reading import read_files

JAVA_HEADER = (
    "package demo;\n\nimport com.google.adk.agents.BaseAgent;\nimport com.google.adk.agents.InvocationContext;\n"
    "import com.google.adk.agents.LlmAgent;\nimport io.reactivex.rxjava3.core.Flowable;\nimport java.util.List;\n\n"
)
_KEY = re.compile(r"^`([^`]+)` is read|reads `([^`]+)`")
_AGENTS_JAVA = """
    public static void main(String[] args) {
        LlmAgent critic = LlmAgent.builder().name("critic").instruction("Critique {draft}.").outputKey("notes").build();
        LlmAgent writer = LlmAgent.builder().name("writer").instruction("Write.").outputKey("draft").build();
        Flow root = new Flow("root", critic, writer);
    }
"""


def _java_flow(run_body: str) -> str:
    return (
        JAVA_HEADER
        + textwrap.dedent(
            """
        public class Flow extends BaseAgent {
            private final LlmAgent first;
            private final LlmAgent second;

            public Flow(String name, LlmAgent first, LlmAgent second) {
                super(name, "d", List.of(first, second), null, null);
                this.first = first;
                this.second = second;
            }
        """
        )
        + _AGENTS_JAVA
        + (
            "\n    @Override\n    protected Flowable<Event> runAsyncImpl(InvocationContext ctx) {\n"
            + run_body
            + "    }\n}\n"
        )
    )


def _order_findings(root: Path, name: str, text: str) -> list[str]:
    path = root / name
    path.write_text(text, encoding="utf-8")
    result = lint_paths([root], Settings(root=root))
    return [f"{f.code} {m[1] or m[2]}" for f in result.findings if f.code in ("TPL014", "TPL015")
            for m in [_KEY.search(f.message)] if m]  # fmt: skip


def test_java_custom_agent_running_the_reader_first_is_too_late(tmp_path: Path) -> None:
    body = "        return Flowable.concatArray(first.runAsync(ctx), second.runAsync(ctx));\n"
    assert _order_findings(tmp_path, "Flow.java", _java_flow(body)) == ["TPL015 draft"]


def test_java_custom_agent_running_the_writer_first_is_in_time(tmp_path: Path) -> None:
    body = "        return Flowable.concatArray(second.runAsync(ctx), this.first.runAsync(ctx));\n"
    assert _order_findings(tmp_path, "Flow.java", _java_flow(body)) == []


def test_java_flows_held_in_locals_run_where_they_are_used(tmp_path: Path) -> None:
    # The critic's flow is built first but concatenated second: it runs after the writer.
    body = (
        "        Flowable<Event> critique = first.runAsync(ctx);\n"
        "        Flowable<Event> draft = Flowable.defer(() -> second.runAsync(ctx));\n"
        "        return Flowable.concatArray(draft, critique);\n"
    )
    assert _order_findings(tmp_path, "Flow.java", _java_flow(body)) == []


def test_java_merged_flows_give_no_order(tmp_path: Path) -> None:
    body = "        return Flowable.merge(first.runAsync(ctx), second.runAsync(ctx));\n"
    assert _order_findings(tmp_path, "Flow.java", _java_flow(body)) == []


def test_java_story_flow_of_adk_docs_runs_its_stages_in_code_order(tmp_path: Path) -> None:
    path = _from_mirror(
        "google/adk-docs", "979a8fa9dba9290b85ba6746686d1c274b20ca90",
        "examples/java/snippets/src/main/java/agents/StoryFlowAgentExample.java", tmp_path,
    )  # fmt: skip
    model = assemble([facts for reading in read_files([path], "adk") for facts in reading.facts])
    [flow] = [agent for agent in model.agents if agent.kind == "custom"]
    # runAsyncImpl: runStage(storyGenerator), then loopAgent, sequentialAgent, in concatArray.
    assert [child.name for child in flow.run_order] == ["StoryGenerator", "CriticReviserLoop", "PostProcessing"]


def _from_mirror(repository: str, commit: str, path: str, into: Path) -> Path:
    """The file ``path`` of ``repository`` at ``commit``, from the local git mirror (or a skip)."""
    mirror = Path(os.environ.get("TEMPLATING_MIRROR", "/work/.mirror")) / repository.replace("/", "+") / "repo"
    shown = subprocess.run(["git", "-C", str(mirror), "show", f"{commit}:{path}"], capture_output=True, check=False)
    if shown.returncode != 0:
        pytest.skip(f"no mirror of {repository} at {commit} (set TEMPLATING_MIRROR)")
    target = into / Path(path).name
    target.write_bytes(shown.stdout)
    return target


KOTLIN_HEADER = (
    "package demo\n\nimport com.google.adk.kt.agents.BaseAgent\nimport com.google.adk.kt.agents.InvocationContext\n"
    "import com.google.adk.kt.agents.Instruction\nimport com.google.adk.kt.agents.LlmAgent\n"
    "import kotlinx.coroutines.flow.Flow\nimport kotlinx.coroutines.flow.flow\n\n"
)


def _kotlin_flow(run_body: str, construction: str = 'Pipeline("root", critic, writer)') -> str:
    return KOTLIN_HEADER + (
        "class Pipeline(name: String, private val first: BaseAgent, second: BaseAgent) :\n"
        "    BaseAgent(name = name, subAgents = listOf(first, second)) {\n"
        "    private val later = second\n\n"
        "    override fun runAsyncImpl(context: InvocationContext): Flow<Event> = flow {\n" + run_body + "    }\n}\n\n"
        'val critic = LlmAgent(name = "critic", instruction = Instruction("Critique \\${draft}."), outputKey = "notes")\n'
        'val writer = LlmAgent(name = "writer", instruction = Instruction("Write."), outputKey = "draft")\n'
        f"val root = {construction}\n"
    )


def test_kotlin_custom_agent_running_the_reader_first_is_too_late(tmp_path: Path) -> None:
    body = "        emitAll(first.runAsync(context))\n        emitAll(later.runAsync(context))\n"
    assert _order_findings(tmp_path, "Pipeline.kt", _kotlin_flow(body)) == ["TPL015 draft"]


def test_kotlin_custom_agent_running_the_writer_first_is_in_time(tmp_path: Path) -> None:
    body = "        val drafted = later.runAsync(context)\n        emitAll(drafted)\n        emitAll(first.runAsync(context))\n"
    assert _order_findings(tmp_path, "Pipeline.kt", _kotlin_flow(body)) == []


def test_kotlin_named_arguments_map_to_their_parameters(tmp_path: Path) -> None:
    body = "        emitAll(first.runAsync(context))\n        emitAll(later.runAsync(context))\n"
    flow = _kotlin_flow(body, 'Pipeline(name = "root", second = critic, first = writer)')
    assert _order_findings(tmp_path, "Pipeline.kt", flow) == []


def test_kotlin_launched_runs_give_no_order(tmp_path: Path) -> None:
    body = "        launch { first.runAsync(context).collect { emit(it) } }\n        emitAll(later.runAsync(context))\n"
    assert _order_findings(tmp_path, "Pipeline.kt", _kotlin_flow(body)) == []


def test_java_reader_run_under_a_condition_first_gives_no_order(tmp_path: Path) -> None:
    body = (
        "        Flowable<Event> critique = ready(ctx) ? first.runAsync(ctx) : Flowable.empty();\n"
        "        return Flowable.concatArray(critique, second.runAsync(ctx));\n"
    )
    assert _order_findings(tmp_path, "Flow.java", _java_flow(body)) == []


def test_java_repeat_run_under_a_condition_keeps_the_order(tmp_path: Path) -> None:
    # StoryFlowAgentExample's shape: a stage run again under an `if` after its first run.
    body = (
        "        Flowable<Event> again = Flowable.defer(() -> { if (ready(ctx)) { return first.runAsync(ctx); }"
        " return Flowable.empty(); });\n"
        "        return Flowable.concatArray(first.runAsync(ctx), second.runAsync(ctx), again);\n"
    )
    assert _order_findings(tmp_path, "Flow.java", _java_flow(body)) == ["TPL015 draft"]


def test_kotlin_reader_run_under_a_condition_first_gives_no_order(tmp_path: Path) -> None:
    body = "        if (ready()) emitAll(first.runAsync(context))\n        emitAll(later.runAsync(context))\n"
    assert _order_findings(tmp_path, "Pipeline.kt", _kotlin_flow(body)) == []
