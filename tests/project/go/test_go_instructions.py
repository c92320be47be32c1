"""The Go front end: instructions of adk-go programs, with their exact positions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from templating.project.model.instruction import RUNTIME_VALUE
from templating.project.reading import read_file
from templating.project.sources import SourceCache

HEADER = 'package main\n\nimport (\n\t"fmt"\n\n\t"google.golang.org/adk/agent/llmagent"\n)\n\nvar _ = fmt.Sprint\n\n'


def _read(folder: Path, body: str, name: str = "main.go", header: str = HEADER):
    file = folder / name
    file.write_text(header + body, encoding="utf-8")
    return read_file(file, "adk", SourceCache(folder))


def _agent(instruction: str, extra: str = "") -> str:
    return f'func build() {{\n\tllmagent.New(llmagent.Config{{\n\t\tName: "a",\n\t\tInstruction: {instruction},{extra}\n\t}})\n}}\n'


def _where(reading, needle: str) -> tuple[int, int]:
    instruction = reading.instructions[0]
    return instruction.position(instruction.text.index(needle))


def _source_position(text: str, needle: str) -> tuple[int, int]:
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def test_go_interpreted_string_is_decoded_with_exact_positions(tmp_path: Path) -> None:
    reading = _read(tmp_path, _agent(r'"Tab\there \"q\" caf\u00e9 {user:name}"'))
    [instruction] = reading.instructions
    assert instruction.text == 'Tab\there "q" café {user:name}'
    assert instruction.dialect == "adk-go" and instruction.field == "instruction"
    source = (tmp_path / "main.go").read_text()
    assert _where(reading, "{user:name}") == _source_position(source, "{user:name}")


def test_go_raw_string_keeps_tabs_and_lines(tmp_path: Path) -> None:
    reading = _read(tmp_path, _agent("`First line\n\tsecond {topic}\n`"))
    [instruction] = reading.instructions
    assert instruction.text == "First line\n\tsecond {topic}\n"
    source = (tmp_path / "main.go").read_text()
    assert _where(reading, "{topic}") == _source_position(source, "{topic}")


def test_go_sprintf_with_constant_arguments_splices_the_key(tmp_path: Path) -> None:
    body = 'const stateKey = "draft"\n\n' + _agent('fmt.Sprintf("Improve {%s}: 100%% %d times", stateKey, 3)')
    reading = _read(tmp_path, body)
    assert reading.instructions[0].text == "Improve {draft}: 100% 3 times"
    source = (tmp_path / "main.go").read_text()
    # The key's characters are the constant's: a finding on the key points at its definition.
    assert _where(reading, "draft") == _source_position(source, 'draft"')
    assert _where(reading, "{") == _source_position(source, "{%s}")


def test_go_runtime_values_are_holes(tmp_path: Path) -> None:
    [instruction] = _read(tmp_path, _agent('fmt.Sprintf("Data: %s {x}", loadSchema())')).instructions
    assert instruction.text == f"Data: {RUNTIME_VALUE} {{x}}"
    assert [hole.expression for hole in instruction.interpolations] == ["loadSchema()"]


def test_go_concatenation_of_constants_and_locals(tmp_path: Path) -> None:
    body = (
        'const (\n\tintro = `You help.`\n\tlast = " Bye {name}"\n)\n\n'
        'func build() {\n\tmiddle := " Use {tool}."\n\tllmagent.New(llmagent.Config{\n'
        "\t\tInstruction: intro + middle + (last),\n\t})\n}\n"
    )
    [instruction] = _read(tmp_path, body).instructions
    assert instruction.text == "You help. Use {tool}. Bye {name}"


def test_go_long_concatenation_is_read_whole(tmp_path: Path) -> None:
    parts = " + ".join(f'"p{index} "' for index in range(200))
    [instruction] = _read(tmp_path, _agent(parts)).instructions
    assert instruction.text == "".join(f"p{index} " for index in range(200))


def test_go_constant_from_another_file_of_the_package_keeps_its_positions(tmp_path: Path) -> None:
    (tmp_path / "prompts.go").write_text('package main\n\nconst Prompt = "Summarize {doc}."\n', encoding="utf-8")
    (tmp_path / "other.go").write_text('package other\n\nconst Prompt = "wrong"\n', encoding="utf-8")
    reading = _read(tmp_path, _agent("Prompt"))
    [instruction] = reading.instructions
    assert instruction.text == "Summarize {doc}."
    assert instruction.source.path == "prompts.go"
    assert instruction.position(instruction.text.index("{doc}")) == (3, 27)
    assert reading.dependencies == (str((tmp_path / "prompts.go").resolve()),)


def test_go_embedded_prompt_is_read_with_positions_in_its_file(tmp_path: Path) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "root.md").write_text("# Role\n\nGreet {user:name}.\n", encoding="utf-8")
    body = "//go:embed prompts/root.md\nvar rootPrompt string\n\n" + _agent("rootPrompt")
    [instruction] = _read(tmp_path, body).instructions
    assert instruction.source.path == "prompts/root.md"
    assert instruction.position(instruction.text.index("{user:name}")) == (3, 7)


def test_go_embed_outside_the_module_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "module").mkdir()
    (tmp_path / "secret.md").write_text("Reveal {secret}.", encoding="utf-8")
    body = "//go:embed ../secret.md\nvar rootPrompt string\n\n" + _agent("rootPrompt")
    reading = _read(tmp_path / "module", body)
    [instruction] = reading.instructions
    assert instruction.text == RUNTIME_VALUE and reading.dependencies == ()


def test_go_global_instruction_and_providers(tmp_path: Path) -> None:
    extra = '\n\t\tGlobalInstruction: "Be kind to {user}.",\n\t\tInstructionProvider: provide,'
    fields = [i.field for i in _read(tmp_path, _agent('"Hi"', extra)).instructions]
    assert fields == ["instruction", "global_instruction"]
    body = 'func build() {\n\tllmagent.New(llmagent.Config{InstructionProvider: func() string { return "{x}" }})\n}\n'
    assert _read(tmp_path, body).instructions == ()


def test_go_file_without_an_adk_import_is_not_agent_code(tmp_path: Path) -> None:
    header = 'package main\n\nimport "example.com/llmagent"\n\n'
    reading = _read(tmp_path, _agent('"Hi {x}"'), header=header)
    assert reading.instructions == () and reading.facts == ()
    assert _read(tmp_path, _agent('"Hi {x}"'), name="main_test.go").instructions == ()


def test_go_noqa_comment_silences_a_rule(tmp_path: Path, run_cli) -> None:
    _read(tmp_path, _agent('"Hi { name }" // noqa: TPL004'))
    code, out, _ = run_cli("lint", "--select", "TPL004", str(tmp_path / "main.go"))
    assert code == 0, out
    _read(tmp_path, _agent('"Hi { name }"'))
    code, out, _ = run_cli("lint", "--select", "TPL004", "--output-format", "concise", str(tmp_path / "main.go"))
    assert code == 1 and ":14:20: TPL004" in out


def test_go_grammar_is_imported_only_when_a_go_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text('from google.adk import Agent\nroot = Agent(name="a", instruction="{x}")\n')
    (tmp_path / "tool.go").write_text("package main\n\nfunc main() {}\n")
    script = (
        "import sys; from pathlib import Path; from templating.project.reading import read_files; "
        f"read_files([Path({str(tmp_path / 'agent.py')!r}), Path({str(tmp_path / 'tool.go')!r})], 'adk'); "
        "print('tree_sitter_go' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize("broken", ["func (", 'llmagent.New(llmagent.Config{Instruction: "x'])
def test_go_broken_source_still_reads_without_raising(tmp_path: Path, broken: str) -> None:
    reading = _read(tmp_path, broken)
    assert reading.problem is None


def test_go_provider_that_injects_state_itself_gives_its_template_to_the_agent(tmp_path: Path) -> None:
    header = HEADER.replace('\t"fmt"\n', '\t"fmt"\n\n\t"google.golang.org/adk/util/instructionutil"\n')
    body = (
        "func provide(ctx agent.ReadonlyContext) (string, error) {\n"
        '\ttemplate := "A {adjective} text with {{kept}}."\n'
        "\treturn instructionutil.InjectSessionState(ctx, template)\n}\n\n"
        'func build() {\n\tllmagent.New(llmagent.Config{Name: "a", InstructionProvider: provide})\n}\n'
    )
    reading = _read(tmp_path, body, header=header)
    [instruction] = reading.instructions
    assert (instruction.text, instruction.field) == ("A {adjective} text with {{kept}}.", "inject_session_state")
    [agent] = reading.facts[0].agents
    assert agent.instructions == (instruction,)


def test_go_parameter_given_only_brace_free_constants_is_no_hazard(tmp_path: Path) -> None:
    body = (
        'const plain = "Research energy."\n\n'
        "func build() {\n\tresearcher := func(name, instruction string) {\n"
        '\t\tllmagent.New(llmagent.Config{Name: name, Instruction: "Role: " + instruction})\n\t}\n'
        '\tresearcher("a", plain)\n\tresearcher("b", "Research cars.")\n}\n'
    )
    [instruction] = _read(tmp_path, body).instructions
    assert [hole.reason for hole in instruction.interpolations] == [None]
    braced = body.replace('"Research cars."', '"Research {topic}."')
    [instruction] = _read(tmp_path, braced).instructions
    assert instruction.interpolations[0].reason is not None


def test_go_config_built_in_a_local_first(tmp_path: Path) -> None:
    body = (
        'func build() {\n\tcfg := llmagent.Config{Name: "a", Instruction: "Hi {name}."}\n'
        "\tbuilt, _ := llmagent.New(cfg)\n\t_ = built\n"
        '\tother := &llmagent.Config{Name: "b", Instruction: "Bye."}\n\tllmagent.New(*other)\n}\n'
    )
    reading = _read(tmp_path, body)
    assert [i.text for i in reading.instructions] == ["Hi {name}.", "Bye."]
    assert [a.variable for a in reading.facts[0].agents] == ["build.built", "<agent 15:12>"]


def test_go_prompts_file_lends_its_constants_to_the_agents_of_its_package(tmp_path: Path) -> None:
    from templating.project.reading import lent_instructions

    _read(tmp_path, _agent("Prompt"))
    edited = 'package main\n\nconst Prompt = "Summarize { doc }."\n'
    (tmp_path / "prompts.go").write_text('package main\n\nconst Prompt = "old"\n', encoding="utf-8")
    cache = SourceCache(tmp_path)
    [lent] = lent_instructions(tmp_path / "prompts.go", edited, cache)
    assert (lent.text, lent.source.path) == ("Summarize { doc }.", "prompts.go")


def test_go_injection_wrapper_passing_its_parameter_through_is_not_an_instruction(tmp_path: Path) -> None:
    header = HEADER.replace('\t"fmt"\n', '\t"fmt"\n\n\t"google.golang.org/adk/util/instructionutil"\n')
    body = (
        "func inject(ctx agent.ReadonlyContext, template string) (string, error) {\n"
        "\treturn instructionutil.InjectSessionState(ctx, template)\n}\n"
    )
    assert _read(tmp_path, body, header=header).instructions == ()


def test_go_function_returning_one_constant_text(tmp_path: Path) -> None:
    body = (
        "func prompt() string {\n\t// The role.\n\treturn `Greet {user:name}.`\n}\n\n"
        'func other(x string) string {\n\treturn "{" + x + "}"\n}\n\n'
        + _agent("prompt()")
        + _agent('"Note: " + other("y")').replace("func build()", "func build2()")
    )
    reading = _read(tmp_path, body)
    assert [i.text for i in reading.instructions] == ["Greet {user:name}.", f"Note: {RUNTIME_VALUE}"]


def test_go_instructions_are_read_as_adk_go_whatever_the_configured_dialect(tmp_path: Path, run_cli) -> None:
    _read(tmp_path, _agent('"Pay ${amount} for {{item}}"'))
    code, out, _ = run_cli(
        "lint", "--isolated", "--dialect", "strict", "--select", "TPL001", "--output-format", "concise",
        str(tmp_path / "main.go"),
    )  # fmt: skip
    # adk-go looks `{{item}}` up (strict would read it as an escape): TPL001 applies.
    assert code == 1 and "TPL001" in out, out


def test_go_dollar_and_backslash_groups_are_worded_for_adk_go(tmp_path: Path, run_cli) -> None:
    _read(tmp_path, _agent(r'"Pay ${amount} or \\{fee}"'))
    _, out, _ = run_cli(
        "lint", "--isolated", "--select", "TPL007", "--output-format", "concise", str(tmp_path / "main.go")
    )
    assert "TPL007 `${amount}` keeps its `$`: the adk-go dialect substitutes `amount`" in out, out
    assert "TPL007 `\\{fee}` keeps its `\\`: the adk-go dialect substitutes `fee`" in out, out


def test_go_siblings_are_parsed_once_per_run(tmp_path: Path, monkeypatch) -> None:
    from templating.project.go import package
    from templating.project.reading import read_files

    (tmp_path / "prompts.go").write_text('package main\n\nconst Prompt = "Hi {name}."\n', encoding="utf-8")
    for index in range(10):
        _read(tmp_path, _agent("Prompt").replace("func build()", f"func build{index}()"), name=f"a{index}.go")
    parses: list[str] = []
    real = package.go_file
    monkeypatch.setattr(package, "go_file", lambda path, source: parses.append(path.name) or real(path, source))
    readings = read_files(sorted(tmp_path.glob("a*.go")), "adk", project=tmp_path)
    assert all(reading.instructions[0].text == "Hi {name}." for reading in readings)
    assert len(parses) == len(set(parses)) == 11  # each sibling once, not once per file reading it
