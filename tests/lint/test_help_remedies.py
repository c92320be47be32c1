"""The remedy a finding's help names works: each program below fails under google-adk 2.13.0
with a scripted model, the linter reports it, and the program changed as the help (or the
fix) says runs and shows the model what the author meant.

- TPL001 ``{{ticket_id}}``: both unsafe fixes, applied as the editor would, give the value
  (``{ticket_id}``) or the text ``{ticket_id}`` (``compile_template(..., dialect="strict")``);
- TPL014 on a code sample (``print(f"{total}")``): no initial state makes code a key, so the help
  names the strict dialect's escape, never ``--initial-state``;
- TPL015 on a key the agent's own tool writes: a ``JoinNode`` or an earlier path cannot help,
  so the help names a value before the first model call (the initial state), never a join;
- TPL015 on a route that skips the writer: a join would wait for the skipped branch forever, so
  the help names a write on every path (or the initial state), or an optional read.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import warnings
from pathlib import Path
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.runners import InMemoryRunner
from google.genai import types

from templating.lint.finding import Finding, Fix
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

SURFACES = Path(__file__).resolve().parents[1] / "data" / "surfaces"  # `scripted`, the scripted model
HEADER = "from google.adk import Agent, Workflow\nfrom scripted import MODEL\n\n"


def _run(path: Path, state: dict[str, Any]) -> tuple[list[str], Exception | None]:
    """Run the ``root_agent`` of the program at ``path`` from ``state``: the system
    instructions the model saw, and the error the run ended with."""
    if str(SURFACES) not in sys.path:
        sys.path.insert(0, str(SURFACES))
    import scripted

    spec = importlib.util.spec_from_file_location(f"remedy_{abs(hash(path))}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    scripted.CALLS.clear()
    scripted.SEEN.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        error = asyncio.run(_run_root(module.root_agent, state))
    return list(scripted.SEEN), error


async def _run_root(root: Any, state: dict[str, Any]) -> Exception | None:
    runner = (
        InMemoryRunner(agent=root, app_name="remedy")
        if isinstance(root, BaseAgent)
        else InMemoryRunner(node=root, app_name="remedy")
    )
    session = await runner.session_service.create_session(app_name="remedy", user_id="user", state=state)
    message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
    try:
        async for _ in runner.run_async(user_id="user", session_id=session.id, new_message=message):
            pass
    except Exception as error:  # noqa: BLE001 - the failure is what the test compares with the linter
        return error
    return None


def _lint(folder: Path) -> list[Finding]:
    return list(lint_paths([folder], Settings(root=folder), jobs=1, cache=False).findings)


def _applied(text: str, fix: Fix) -> str:
    for edit in reversed(fix.edits):
        text = text[: edit.start] + edit.content + text[edit.end :]
    return text


def _write(folder: Path, source: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyproject.toml").write_text("[tool.templating]\n")
    (folder / "agent.py").write_text(HEADER + source, encoding="utf-8")
    return folder / "agent.py"


TICKET = 'root_agent = Agent(name="support", model=MODEL, instruction="Quote the ticket as {{ticket_id}}.")\n'


def test_tpl001_both_readings_run_as_their_fix_says(tmp_path):
    program = _write(tmp_path / "broken", TICKET)
    _, error = _run(program, {})
    assert isinstance(error, KeyError) and "Context variable not found: `ticket_id`" in str(error)
    [finding] = [finding for finding in _lint(program.parent) if finding.code == "TPL001"]
    assert finding.fix is None  # nothing safe: the author chooses
    assert 'compile_template(TEXT, dialect="strict")' in finding.help
    value, strict = finding.suggestions
    assert not value.safe and not strict.safe

    valued = _write(tmp_path / "value", _applied(program.read_text(encoding="utf-8"), value).removeprefix(HEADER))
    seen, error = _run(valued, {"ticket_id": "T-1001"})
    assert error is None and seen[0].startswith("Quote the ticket as T-1001.")

    literal = _write(tmp_path / "text", _applied(program.read_text(encoding="utf-8"), strict).removeprefix(HEADER))
    assert "from templating import compile_template\n" in literal.read_text(encoding="utf-8")
    seen, error = _run(literal, {})
    assert error is None and seen[0].startswith("Quote the ticket as {ticket_id}.")
    assert [finding.code for finding in _lint(literal.parent)] == []  # read in the strict dialect


CODE = 'root_agent = Agent(name="tutor", model=MODEL, instruction=\'Explain what print(f"{total}") prints.\')\n'
CODE_REMEDIED = (
    "from templating import compile_template\n\n"
    'root_agent = Agent(name="tutor", model=MODEL, '
    'instruction=compile_template(\'Explain what print(f"{{total}}") prints.\', dialect="strict"))\n'
)


def test_tpl014_on_a_code_sample_names_the_escape_that_works_not_an_initial_state(tmp_path):
    program = _write(tmp_path / "broken", CODE)
    _, error = _run(program, {})
    assert isinstance(error, KeyError) and "`total`" in str(error)
    [finding] = _lint(program.parent)
    assert finding.code == "TPL014"
    assert "--initial-state" not in finding.help and "initial-state" not in finding.help
    assert finding.help.startswith("`{total}` is probably code, not a key (it is in an f-string)")
    assert (
        'compile_template(TEXT, dialect="strict")' in finding.help and "`{{name}}` is the text `{name}`" in finding.help
    )
    remedied = _write(tmp_path / "remedied", CODE_REMEDIED)
    seen, error = _run(remedied, {})
    assert error is None and seen[0].startswith('Explain what print(f"{total}") prints.')
    assert _lint(remedied.parent) == []


OWN_TOOL = """
def save(note: str, tool_context) -> str:
    tool_context.state["note"] = note
    return "ok"


def first(ctx):
    ctx.state["seen"] = "yes"


writer = Agent(name="writer", model=MODEL, instruction="Note so far: {note}. Save a new one.", tools=[save])
root_agent = Workflow(name="flow", edges=[("START", first, writer)])
"""


def test_tpl015_on_a_key_the_agents_own_tool_writes_names_a_value_before_its_first_call(tmp_path):
    program = _write(tmp_path / "broken", OWN_TOOL)
    _, error = _run(program, {})
    assert isinstance(error, KeyError) and "`note`" in str(error)
    [finding] = _lint(program.parent)
    assert finding.code == "TPL015" and "by its own tool `save`" in finding.message
    assert "JoinNode" not in finding.help and "every path" in finding.help and "initial state" in finding.help
    # The remedies it names: a value in the initial state, or an optional read.
    seen, error = _run(program, {"note": "none yet"})
    assert error is None and seen[0].startswith("Note so far: none yet.")
    optional = _write(tmp_path / "optional", OWN_TOOL.replace("{note}", "{note?}"))
    seen, error = _run(optional, {})
    assert error is None and seen[0].startswith("Note so far: . Save")
    assert _lint(optional.parent) == []


ROUTED = """
from google.adk import Event


def review(node_input):
    return Event(route="done")


def note(ctx):
    ctx.state["critique"] = "more detail"


present = Agent(name="present", model=MODEL, instruction="Say what the reviewer asked for: {critique}")
root_agent = Workflow(name="flow", edges=[("START", review), (review, {"retry": note, "done": present}), (note, present)])
"""


def test_tpl015_on_a_route_that_skips_the_writer_names_a_write_on_every_path_not_a_join(tmp_path):
    program = _write(tmp_path / "broken", ROUTED)
    _, error = _run(program, {})
    assert isinstance(error, KeyError) and "`critique`" in str(error)
    [finding] = _lint(program.parent)
    assert finding.code == "TPL015" and "route `done` of `review` skips its writer `note`" in finding.message
    assert "JoinNode" not in finding.help and "every path" in finding.help
    seen, error = _run(program, {"critique": "none"})  # the initial state: a write on every path
    assert error is None and seen[0].startswith("Say what the reviewer asked for: none")
    optional = _write(tmp_path / "optional", ROUTED.replace("{critique}", "{critique?}"))
    seen, error = _run(optional, {})
    assert error is None and seen[0].startswith("Say what the reviewer asked for: ")
    assert _lint(optional.parent) == []
