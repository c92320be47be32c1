"""The README's Python examples run and print what the README says they print."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def _promised_output(block):
    """The output a block promises: `# text` after a print call or on the lines below it."""
    promised = []
    for line in block.splitlines():
        code, _, comment = line.partition("#")
        if comment and (code.strip().startswith("print(") or not code.strip()):
            promised.append(comment.strip())
    return promised


def test_readme_python_examples_print_what_they_promise():
    blocks = _python_blocks()
    assert len(blocks) >= 2
    namespace = {}
    for block in blocks:
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compile(block, str(README), "exec"), namespace)  # noqa: S102
        printed = [line.strip() for line in output.getvalue().splitlines()]
        for promise in _promised_output(block):
            assert promise in printed, f"README promises {promise!r}, the code printed {printed!r}"


def test_readme_links_are_absolute_so_they_work_on_pypi():
    links = re.findall(r"\]\(([^)]+)\)", README.read_text(encoding="utf-8"))
    assert links, "the README links to its docs"
    relative = [link for link in links if not link.startswith(("https://", "http://", "#"))]
    assert relative == []


class _Planner:
    """A scripted model for `examples/trip_workflow`: the classifier answers PLAN and the planner's
    first plan is long enough for `review` to route `done` (every other agent answers ok)."""

    PLAN = "Day 1: the Alfama and the castle. Day 2: Sintra and its palaces. Day 3: Belem and the river."

    @classmethod
    def build(cls):
        from google.adk.models.base_llm import BaseLlm
        from google.adk.models.llm_response import LlmResponse
        from google.genai import types

        class Scripted(BaseLlm):
            model: str = "scripted"

            async def generate_content_async(self, llm_request, stream=False):
                instruction = str(llm_request.config.system_instruction or "")
                text = "PLAN" if "Answer PLAN or DECLINE" in instruction else "ok"
                text = cls.PLAN if instruction.startswith("Plan a trip") else text
                yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text=text)]))

        return Scripted()


def test_readme_first_screen_shows_the_error_google_adk_raises_for_the_example(monkeypatch):
    import asyncio
    import importlib.util
    import warnings

    from google.adk.agents import LlmAgent
    from google.adk.runners import InMemoryRunner
    from google.genai import types

    model = _Planner.build()
    monkeypatch.setattr(LlmAgent, "canonical_model", property(lambda self: model))
    path = README.parent / "examples" / "trip_workflow" / "trip_workflow" / "agent.py"
    spec = importlib.util.spec_from_file_location("readme_trip_workflow", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    async def run() -> None:
        runner = InMemoryRunner(node=module.root_agent, app_name="trip")
        session = await runner.session_service.create_session(app_name="trip", user_id="user")
        message = types.Content(role="user", parts=[types.Part.from_text(text="Three days in Lisbon, please.")])
        async for _ in runner.run_async(user_id="user", session_id=session.id, new_message=message):
            pass

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            asyncio.run(run())
        except KeyError as error:
            raised = f"KeyError: {error}"
        else:
            raise AssertionError("the example ran through: the README shows an error it does not raise")
    shown = re.search(r"```text\n(KeyError: .*)\n```", README.read_text(encoding="utf-8"))
    assert shown is not None and shown.group(1) == raised
