"""An agent whose ``instruction=`` is this package's ``compile_template(...)``: google-adk
2.13.0 calls it as a provider and it renders itself, in its own dialect. Its reads are the
agent's, read in that dialect (the run under the real package is the oracle)."""

from __future__ import annotations

import textwrap

import pytest
from surface_runtime import lint_copy, run

from templating.project.reading import read_project


def test_compiled_instruction_failing_reads_at_run_time_are_what_lint_reports(tmp_path):
    _, _, error = run("compiled_app", {}, [])
    assert isinstance(error, KeyError) and "`user:profile.name`" in str(error)
    seen, _, error = run("compiled_app", {"user:profile": {"name": "Ada"}, "order_id": 7}, [])
    assert error is None and seen[0].startswith('Hello Ada. Data: {"k": 1}. Order 7.')
    findings = lint_copy("compiled_app", tmp_path)
    assert [(line, column, code, message) for _, line, column, code, message in findings] == [
        (8, 37, "TPL014", "`user:profile` is read by agent `greeter`, but nothing in the project writes it"),
        (8, 80, "TPL014", "`order_id` is read by agent `greeter`, but nothing in the project writes it"),
    ]  # the JSON is literal text in the strict dialect: no brace hazard


FORMS = {
    "inline, strict": (
        'Agent(name="a", instruction=compile_template("{user:profile.name} {x}", dialect="strict"))',
        ["user:profile", "x"],
    ),
    "a module constant": (
        'T = compile_template("Hi {x}", dialect="strict")\na = Agent(name="a", instruction=T)',
        ["x"],
    ),
    "the default dialect": ('Agent(name="a", instruction=compile_template("{ x } {y?}"))', ["x", "y"]),
    "a renamed import": (
        'from templating import compile_template as build\na = Agent(name="a", instruction=build("{x}"))',
        ["x"],
    ),
}


@pytest.mark.parametrize(("code", "keys"), FORMS.values(), ids=FORMS.keys())
def test_compiled_instruction_is_the_agents_own_read_in_its_dialect(tmp_path, code, keys):
    header = "from google.adk import Agent\nfrom templating import compile_template\n"
    (tmp_path / "agent.py").write_text(header + textwrap.dedent(code) + "\n")
    model = read_project([tmp_path], root=tmp_path)
    assert [[read.key for read in agent.reads] for agent in model.agents] == [keys]
