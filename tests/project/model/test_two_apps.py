"""Two apps linted together keep their own findings: what one app's folder does (an agent
of the same name, an initial state that is not a literal) does not silence the other's."""

from __future__ import annotations

import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

REPOSITORY = Path(__file__).resolve().parents[3]

WORKFLOW_APP = """\
from google.adk import Agent, Event, Workflow


def start():
    return Event(state={"request": "a week in Lisbon"})


def review(plan: str):
    return Event(route="done")


def note(ctx):
    ctx.state["critique"] = "more detail"


planner = Agent(name="planner", instruction="Plan {request} for {travellers}.", output_key="plan")
present = Agent(name="present", instruction="Show {plan}; the reviewer asked: {critique}")
root_agent = Workflow(
    name="trip", edges=[("START", start, planner, review), (review, {"retry": note, "done": present}), (note, present)]
)
"""

RUNNER_APP = """\
from google.adk.agents.llm_agent import LlmAgent
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService


async def main(values: dict):
    agent = LlmAgent(name="planner", instruction="Help {user:name}.")
    sessions = InMemorySessionService()
    Runner(agent=agent, app_name="trips", session_service=sessions)
    await sessions.create_session(app_name="trips", user_id="u", session_id="s", state=values)
"""


def _write(folder: Path, text: str) -> None:
    folder.mkdir(parents=True)
    (folder / "agent.py").write_text(textwrap.dedent(text), encoding="utf-8")


def _settings(root: Path) -> Settings:
    # The repository's configuration excludes its tests (hazards on purpose), as here.
    return Settings(root=root, exclude=("tests/",) if root == REPOSITORY else ())


def _findings(root: Path, *folders: str) -> list[tuple[str, int, str, str]]:
    findings = lint_paths([root / folder for folder in folders], _settings(root)).findings
    return sorted((Path(f.path).name, f.line, f.code, f.message) for f in findings)


def test_an_agent_of_the_same_name_in_another_app_changes_no_finding(tmp_path: Path) -> None:
    _write(tmp_path / "trip", WORKFLOW_APP)
    _write(tmp_path / "echo", RUNNER_APP)
    alone = _findings(tmp_path, "trip")
    assert [(code, message.split(":")[0]) for _, _, code, message in alone] == [
        ("TPL014", "`travellers` is read by agent `planner`, but nothing in the project writes it"),
        ("TPL015", "agent `present` in workflow `trip` may read `critique` before it is written"),
    ]
    assert _findings(tmp_path, "echo") == []
    assert _findings(tmp_path, "trip", "echo") == alone
    assert _findings(tmp_path, "echo", "trip") == alone


def test_an_initial_state_that_is_not_a_literal_in_the_apps_own_folder_still_counts(tmp_path: Path) -> None:
    _write(tmp_path / "trip", WORKFLOW_APP)
    (tmp_path / "trip" / "run.py").write_text(textwrap.dedent(RUNNER_APP), encoding="utf-8")
    # The runner next to the workflow may seed any key: nothing is concluded about its reads.
    assert _findings(tmp_path, "trip") == []


def test_the_trip_workflow_example_keeps_its_findings_beside_the_adk_agent_example() -> None:
    alone = _findings(REPOSITORY, "examples/trip_workflow")
    assert [code for _, _, code, _ in alone] == ["TPL014", "TPL015"]
    assert _findings(REPOSITORY, "examples/trip_workflow", "examples/adk_agent") == alone


SEQUENCE_APP = """\
from google.adk.agents import LlmAgent, SequentialAgent

writer = LlmAgent(name="planner", instruction="Write a draft.", output_key="draft")
reader = LlmAgent(name="reader", instruction="Polish {draft} and {outline}.", output_key="outline")
root_agent = SequentialAgent(name="pipeline", sub_agents=[reader, writer])
"""


def test_an_agent_tree_keeps_its_late_reads_beside_another_apps_runner(tmp_path: Path) -> None:
    _write(tmp_path / "pipeline", SEQUENCE_APP)
    _write(tmp_path / "echo", RUNNER_APP)
    alone = _findings(tmp_path, "pipeline")
    assert [(line, code) for _, line, code, _ in alone] == [(4, "TPL015"), (4, "TPL015")]
    assert _findings(tmp_path, "pipeline", "echo") == alone


CRITIC_APP = """\
from google.adk.agents import LlmAgent

critic = LlmAgent(name="critic", instruction="Criticise {draft?}.", output_key="critique")
root_agent = LlmAgent(name="writer", instruction="Write {topic?}.", sub_agents=[critic], output_key="draft")
"""


def test_a_key_another_app_writes_hides_no_late_read(tmp_path: Path) -> None:
    # The critic app's `critique` is another app's state: the trip's read stays late.
    _write(tmp_path / "trip", WORKFLOW_APP)
    _write(tmp_path / "critic", CRITIC_APP)
    alone = _findings(tmp_path, "trip")
    assert [code for _, _, code, _ in alone] == ["TPL014", "TPL015"]
    assert _findings(tmp_path, "trip", "critic") == alone
    assert [f for f in _findings(tmp_path, ".") if f[0] == "agent.py" and "critic" not in f[3]] == alone


UNWRITTEN_APP = """\
from google.adk.agents import LlmAgent

root_agent = LlmAgent(name="reader", instruction="Use {critique} and {topic}.")
"""


def test_a_key_another_app_writes_hides_no_unwritten_read(tmp_path: Path) -> None:
    _write(tmp_path / "reader", UNWRITTEN_APP)
    _write(tmp_path / "critic", CRITIC_APP)
    alone = _findings(tmp_path, "reader")
    assert [(code, message.split("`")[1]) for _, _, code, message in alone] == [
        ("TPL014", "critique"), ("TPL014", "topic"),
    ]  # fmt: skip
    assert _findings(tmp_path, "reader", "critic") == alone


SHARED_TOOLS = """\
def remember(tool_context):
    tool_context.state["critique"] = "short"
"""

TOOL_APP = """\
from google.adk.agents import LlmAgent
from common.tools import remember

root_agent = LlmAgent(name="tooled", instruction="Use {critique?}.", tools=[remember])
"""


def test_a_tool_module_outside_the_apps_writes_for_the_app_that_runs_it(tmp_path: Path) -> None:
    # The shared tool writes `critique` into the state of the app that lists it, not the other's.
    for folder in ("common", "tooled", "reader"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "common" / "tools.py").write_text(SHARED_TOOLS, encoding="utf-8")
    (tmp_path / "tooled" / "agent.py").write_text(TOOL_APP, encoding="utf-8")
    (tmp_path / "reader" / "agent.py").write_text(UNWRITTEN_APP, encoding="utf-8")
    found = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    assert [(Path(f.path).parent.name, f.code, f.message.split("`")[1]) for f in found] == [
        ("reader", "TPL014", "critique"), ("reader", "TPL014", "topic"),
    ]  # fmt: skip


def test_the_examples_keep_each_apps_findings_in_a_whole_repository_run() -> None:
    # research_pipeline's `critique` is its own app's: trip_workflow's late read of it stays.
    alone = lint_paths([REPOSITORY / "examples/trip_workflow"], _settings(REPOSITORY)).findings
    together = lint_paths([REPOSITORY / "examples"], _settings(REPOSITORY)).findings
    assert [f.code for f in alone] == ["TPL015", "TPL014"]
    assert [f for f in together if "trip_workflow" in f.path] == list(alone)


ORPHAN = """\
from google.adk.agents import LlmAgent

answer = LlmAgent(name="answer", instruction="Answer from {critique}.")
"""


def test_an_agent_no_app_is_known_to_run_sees_every_writer(tmp_path: Path) -> None:
    # `answer` is bound to no `root_agent`: code the model does not follow may run it in the
    # critic app, whose `critique` it then reads. Nothing is concluded.
    _write(tmp_path / "critic", CRITIC_APP)
    _write(tmp_path / "helpers", ORPHAN)
    assert _findings(tmp_path, ".") == []
