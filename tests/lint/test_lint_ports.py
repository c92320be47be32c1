"""TPL017 port-divergence: where google-adk and adk-js would render a placeholder differently."""

import pytest

from templating.cli import main
from templating.lint import ports
from templating.lint.instruction_lint import lint_instruction
from templating.lint.settings import Settings
from templating.parser import parse
from templating.project.model.instruction import Instruction, SourceFile

BOTH = ("python", "js")


def _findings(text, state=None, ports=BOTH):
    instruction = Instruction(SourceFile("p.txt", text), text, tuple(range(len(text) + 1)), "instruction", ())
    settings = Settings(state=state, known_keys=frozenset(state) if state is not None else None, target_ports=ports)
    return [(f.code, f.column, f.message) for f in lint_instruction(instruction, settings) if f.code == "TPL017"]


@pytest.mark.parametrize(
    ("value", "python", "js"),
    [
        ({"a": [1, None]}, "{'a': [1, None]}", '{"a":[1,null]}'),
        ([1, "x"], "[1, 'x']", '[1,"x"]'),
        (True, "True", "true"),
        (None, "", "null"),
        (1.0, "1.0", "1"),
        (1e21, "1e+21", "1e+21"),  # the same text: not reported
        ("text", "text", "text"),
        (42, "42", "42"),
    ],
)
def test_ports_value_divergence_shows_each_port_text(value, python, js):
    found = _findings("Use {v} now", state={"v": value})
    if python == js:
        assert found == []
    else:
        (code, column, message) = found[0]
        assert (code, column) == ("TPL017", 5)
        assert f"python: {python}; js: {js}" in message


def test_ports_value_divergence_needs_two_ports():
    assert _findings("Use {v}", state={"v": True}, ports=("python",)) == []
    assert _findings("Use {v}", state={"v": True}, ports=("js",)) == []


@pytest.mark.parametrize(
    ("schema_type", "reported"),
    [
        ("object", True),
        ("array", True),
        ("boolean", True),
        ("null", True),
        ("number", True),
        ("string", False),
        ("integer", False),
    ],
)
def test_ports_schema_types_decide_without_a_sample(schema_type, reported):
    schema = {"type": "object", "properties": {"v": {"type": schema_type}}}
    assert bool(_findings("Use {v}", state=schema)) is reported


def test_ports_form_divergence_where_the_ports_read_a_group_differently():
    (finding,) = _findings("Hi {\ufeffname}")
    assert finding[1] == 4
    assert "python: literal text; js: state key `name`" in finding[2]


def test_ports_inherited_member_found_only_by_js():
    (finding,) = _findings("Say {toString?}")
    assert "found by js" in finding[2]
    assert _findings("Say {toString}", state={"toString": "x"}) == []


def test_ports_leave_dollar_backslash_and_non_ascii_to_their_own_rules():
    assert _findings("Budget ${budget} \\{x} {café}") == []


def test_ports_quiet_on_what_both_ports_render_alike():
    assert _findings("Hi {name}, {user:id} { spaced } {a b} {{x}}", state={"name": "Ada", "user:id": 7, "x": "y"}) == []


def test_ports_cli_target_ports_and_config(tmp_path, capsys):
    (tmp_path / "agent.py").write_text('Agent(instruction="Flag: {flag}")\n', encoding="utf-8")
    (tmp_path / "state.json").write_text('{"flag": true}', encoding="utf-8")
    base = [
        str(tmp_path / "agent.py"),
        "--state",
        str(tmp_path / "state.json"),
        "--initial-state",  # the sample is also what sessions start with: `flag` is written
        str(tmp_path / "state.json"),
        "--output-format",
        "concise",
        "--isolated",
    ]
    assert main(["lint", *base]) == 0
    assert main(["lint", *base, "--target-ports", "python,js"]) == 1
    assert (
        "TPL017 `{flag}` renders differently per port for the sample value: python: True; js: true"
        in capsys.readouterr().out
    )
    (tmp_path / "pyproject.toml").write_text(
        '[tool.templating]\ntarget-ports = ["python", "js"]\nstate = "state.json"\n', encoding="utf-8"
    )
    assert main(["lint", str(tmp_path / "agent.py"), "--output-format", "concise"]) == 1
    assert "TPL017" in capsys.readouterr().out


def test_ports_cli_unknown_port_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "agent.py").write_text('Agent(instruction="Hi")\n', encoding="utf-8")
    assert main(["lint", str(tmp_path / "agent.py"), "--isolated", "--target-ports", "python,ruby"]) == 2
    assert "unknown ADK port `ruby`" in capsys.readouterr().err
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\ntarget-ports = ["ruby"]\n', encoding="utf-8")
    assert main(["lint", str(tmp_path / "agent.py")]) == 2
    assert "target-ports" in capsys.readouterr().err


def test_ports_render_explain_shows_each_port_where_they_differ(tmp_path, capsys):
    (tmp_path / "t.txt").write_text("Hi {prefs} {name}", encoding="utf-8")
    (tmp_path / "s.json").write_text('{"prefs": {"meal": null}, "name": "Ada"}', encoding="utf-8")
    code = main(
        [
            "render",
            str(tmp_path / "t.txt"),
            "--state",
            str(tmp_path / "s.json"),
            "--explain",
            "--target-ports",
            "python,js",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    assert captured.out == "Hi {'meal': None} Ada\n"
    assert "ports differ: python: \"{'meal': None}\"  js: '{\"meal\":null}'" in captured.err
    assert captured.err.count("ports differ") == 1


def test_ports_render_in_the_adk_js_dialect(tmp_path, capsys):
    (tmp_path / "t.txt").write_text("Hi {prefs} ${name}", encoding="utf-8")
    (tmp_path / "s.json").write_text('{"prefs": {"meal": null}, "name": "Ada"}', encoding="utf-8")
    assert main(["render", str(tmp_path / "t.txt"), "--state", str(tmp_path / "s.json"), "--dialect", "adk-js"]) == 0
    assert capsys.readouterr().out == 'Hi {"meal":null} $Ada\n'


SIX = ("python", "js", "go", "java", "kotlin", "adk-ts")


def test_ports_six_value_texts_grouped_smallest_first():
    (finding,) = _findings("Use {v}", state={"v": {"k": 1}}, ports=SIX)
    assert finding[2] == (
        "`{v}` renders differently per port for the sample value: python: {'k': 1}; js: {\"k\":1}; "
        'go: map[k:1]; adk-ts: {\\n  "k": 1\\n}; java, kotlin: {k=1}'
    )


def test_ports_six_floats_and_null():
    (finding,) = _findings("Use {v}", state={"v": 1e6}, ports=SIX)
    assert "go: 1e+06; js, adk-ts: 1000000; python, java, kotlin: 1000000.0" in finding[2]
    (finding,) = _findings("Use {v}", state={"v": None}, ports=SIX)
    assert "python, go: ; js, adk-ts: null" in finding[2]
    assert "java: [error: adk-java state cannot hold" in finding[2]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("{{x}}", "adk-ts: text + state key `x` + text; python, js, go, java, kotlin: state key `x`"),
        ("{a.b}", "adk-ts: state key `a.b`; python, js, go, java, kotlin: literal text"),
    ],
)
def test_ports_six_forms_each_port_reads(text, shown):
    # Other rules report these spans first in a lint run (one span, one finding): the
    # reading is checked on its own here.
    (node,) = parse(text).nodes
    assert ports.form_divergence(node, SIX).endswith(shown)


def test_ports_six_artifacts_render_a_part_differently():
    (finding,) = _findings("Notes: {artifact.notes.md}", ports=SIX)
    assert finding[2].endswith(
        'java: {"text":"<notes>"}; kotlin: {"text":"\\u003cnotes\\u003e"}; adk-ts: [object Object]; python, js, go: <notes>'
    )
    assert _findings("Notes: {artifact.notes.md}", ports=("python", "js", "go")) == []


def test_ports_six_schema_type_shows_a_sample_of_the_type():
    schema = {"type": "object", "properties": {"v": {"type": "boolean"}}}
    (finding,) = _findings("Use {v}", state=schema, ports=SIX)
    assert finding[2].endswith("for a value of type `boolean`: python: True; js, go, java, kotlin, adk-ts: true")


def test_ports_six_config_and_cli_accept_every_port_and_dialect(tmp_path, capsys):
    (tmp_path / "agent.py").write_text('Agent(instruction="Flag: {flag}")\n', encoding="utf-8")
    (tmp_path / "state.json").write_text('{"flag": 1.5e7}', encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.templating]\ntarget-ports = ["python", "js", "go", "java", "kotlin", "adk-ts"]\nstate = "state.json"\n'
        'dialect = "adk-go"\n',
        encoding="utf-8",
    )
    assert main(["lint", str(tmp_path / "agent.py"), "--output-format", "concise"]) == 1
    out = capsys.readouterr().out
    assert "python: 15000000.0; go: 1.5e+07; js, adk-ts: 15000000; java, kotlin: 1.5E7" in out


def test_ports_render_explain_groups_six_ports(tmp_path, capsys):
    (tmp_path / "t.txt").write_text("Hi {flag}", encoding="utf-8")
    (tmp_path / "s.json").write_text('{"flag": true}', encoding="utf-8")
    arguments = ["render", str(tmp_path / "t.txt"), "--state", str(tmp_path / "s.json"), "--explain"]
    assert main([*arguments, "--target-ports", ",".join(SIX)]) == 0
    assert "ports differ: python: 'True'  js, go, java, kotlin, adk-ts: 'true'" in capsys.readouterr().err
