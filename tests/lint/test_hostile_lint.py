"""Hostile input to ``templating lint``: texts built to make the linter quadratic or exhaust
its memory. Each runs in a child process bounded in time and memory (see ``bounded``)."""

from pathlib import Path

from tests.bounded import run_templating

AGENT = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="{name}", instruction={instruction})\n'


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_hostile_one_line_of_64000_placeholders_is_linted_in_seconds(tmp_path):
    _write(tmp_path, "big.prompt", "{ a}" * 64_000 + "\n")
    outcome = run_templating(["lint", "--no-cache", "big.prompt"], tmp_path, seconds=20, megabytes=600)
    lines = outcome.stdout.splitlines()
    assert outcome.returncode == 1, outcome.stderr
    assert lines[-2:] == ["Found 1001 findings in 1 file checked.", "[*] 1000 fixable with the `--fix` option."]
    assert lines[-3] == (
        "big.prompt:1:4001: TPL004 63,000 more findings in this instruction are not reported "
        "(TPL004 63,000): at most 1,000 are reported per instruction"
    )


def test_hostile_long_line_in_every_format_stays_small(tmp_path):
    _write(tmp_path, "big.prompt", "{ a}" * 64_000 + "\n")
    for output_format in ("full", "json", "sarif", "github"):
        outcome = run_templating(
            ["lint", "--no-cache", "--output-format", output_format, "big.prompt"], tmp_path, seconds=30, megabytes=800
        )
        assert outcome.returncode == 1, (output_format, outcome.stderr)
        # 1,001 findings: a few hundred bytes each, never the 256 KB line each.
        assert 100_000 < len(outcome.stdout) < 5_000_000, output_format


def test_hostile_doubled_braces_against_every_placeholder(tmp_path):
    # TPL002 once compared every `{{` with every placeholder: 180 KB took 34 s.
    _write(tmp_path, "p.prompt", "{{ x {a} " * 20_000 + "\n")
    outcome = run_templating(["lint", "--no-cache", "--select", "TPL002", "p.prompt"], tmp_path, seconds=15)
    assert outcome.stdout.count(": TPL002 ") == 1001
    assert "19,000 more findings" in outcome.stdout


def test_hostile_fenced_blocks_per_placeholder(tmp_path):
    # TPL006 once scanned every fenced block for each placeholder: 96 KB took 12 s.
    _write(tmp_path, "p.prompt", "```\n{a}\n```\n" * 8_000 + "```\nx {b} y\n```\n")
    outcome = run_templating(["lint", "--no-cache", "--select", "TPL006", "p.prompt"], tmp_path, seconds=15)
    assert outcome.stdout.splitlines()[0] == (
        "p.prompt:24002:3: TPL006 `{b}` is inside a fenced code block: ADK looks up the state key `b`"
    )


def test_hostile_json_values_after_long_blank_runs(tmp_path):
    # The JSON check looks back over blanks only: a line of blanks and placeholders stays linear.
    _write(tmp_path, "p.prompt", ('"k":' + " " * 20 + "{a} ") * 10_000 + "\n")
    outcome = run_templating(["lint", "--no-cache", "--select", "TPL006", "p.prompt"], tmp_path, seconds=15)
    assert "is a value in JSON-looking text" in outcome.stdout
    assert "9,000 more findings" in outcome.stdout


def test_hostile_huge_file_never_slows_its_neighbour(tmp_path):
    _write(tmp_path, "pyproject.toml", "[tool.templating]\n")
    _write(tmp_path, "big.py", AGENT.format(name="big", instruction='"' + "{ a}" * 64_000 + '"'))
    _write(tmp_path, "small.py", AGENT.format(name="small", instruction='"Hi {name}"'))
    outcome = run_templating(["lint", "--no-cache", "small.py"], tmp_path, seconds=20, megabytes=800)
    assert outcome.stdout.splitlines() == [
        "small.py:3:49: TPL014 `name` is read by agent `small`, but nothing in the project writes it",
        "Found 1 finding in 1 file checked.",
    ], outcome.stderr


def _bombs(folder: Path) -> None:
    """Three small modules whose constants, evaluated, would be gigabytes of text."""
    _write(folder, "pyproject.toml", "[tool.templating]\n")
    replace = f'R0 = "{"a" * 300}"\nR1 = R0.replace("a", R0)\nR2 = R1.replace("a", R0)\nR3 = R2.replace("a", R0)\n'
    _write(folder, "replace.py", replace + AGENT.format(name="replace", instruction='R2 + " {x}"'))
    fan = "".join(f'F{i} = "{"{a}" * 40}".format(a=F{i - 1})\n' for i in range(1, 6))
    _write(folder, "fmt.py", f'F0 = "{"y" * 30}"\n{fan}' + AGENT.format(name="fmt", instruction="F5"))
    join = "".join(f'S{i} = " ".join([{", ".join([f"S{i - 1}"] * 40)}])\n' for i in range(1, 6))
    _write(folder, "join.py", f'S0 = "{"x" * 30}"\n{join}' + AGENT.format(name="join", instruction="S5"))
    _write(folder, "small.py", AGENT.format(name="small", instruction='"Hi {name}"'))


def test_hostile_text_bombs_become_holes_not_errors(tmp_path):
    _bombs(tmp_path)
    outcome = run_templating(["lint", "--no-cache", "replace.py"], tmp_path, seconds=20, megabytes=600)
    assert outcome.returncode == 1, outcome.stderr
    assert "TPL013" not in outcome.stdout
    assert outcome.stdout.splitlines()[0] == (
        "replace.py:3:6: TPL010 `R1.replace('a', R0)` is inserted into the instruction and can carry braces "
        "(the linter builds at most 1,000,000 characters of text per file, and this exceeds it); "
        "ADK then scans it for placeholders"
    )
    assert "replace.py:7:54: TPL014 `x` is read by agent `replace`" in outcome.stdout


def test_hostile_text_bombs_never_slow_their_neighbour(tmp_path):
    _bombs(tmp_path)
    outcome = run_templating(["lint", "--no-cache", "small.py"], tmp_path, seconds=20, megabytes=600)
    assert outcome.stdout.splitlines() == [
        "small.py:3:49: TPL014 `name` is read by agent `small`, but nothing in the project writes it",
        "Found 1 finding in 1 file checked.",
    ], outcome.stderr


def test_hostile_agent_listed_under_many_parents_is_walked_once_per_state(tmp_path):
    # google-adk refuses an agent with two parents, but the code can still say it: ten copies
    # of the level below, eleven levels deep, is 10^11 paths from the root.
    lines = ["from google.adk.agents import LlmAgent, SequentialAgent", 'a0 = LlmAgent(name="a0", instruction="{x}")']
    lines += [
        f'a{i} = SequentialAgent(name="a{i}", sub_agents=[{", ".join([f"a{i - 1}"] * 10)}])' for i in range(1, 12)
    ]
    _write(tmp_path, "fan.py", "\n".join(lines) + "\n")
    outcome = run_templating(["lint", "--no-cache", "fan.py"], tmp_path, seconds=20)
    assert outcome.stdout.splitlines() == [
        "fan.py:2:40: TPL014 `x` is read by agent `a0`, but nothing in the project writes it",
        "Found 1 finding in 1 file checked.",
    ], outcome.stderr


def test_hostile_did_you_mean_against_a_large_state_is_bounded(tmp_path):
    # Each did-you-mean compares a name with every known key: 20,000 unknown placeholders
    # against 5,000 keys took minutes.
    _write(tmp_path, "state.json", "{" + ", ".join(f'"key_{i}": 1' for i in range(5_000)) + "}")
    _write(tmp_path, "p.prompt", " ".join(f"{{unknown_{i}}}" for i in range(20_000)) + "\n")
    outcome = run_templating(["lint", "--no-cache", "--state", "state.json", "p.prompt"], tmp_path, seconds=20)
    assert outcome.stdout.splitlines()[-1] == "Found 1001 findings in 1 file checked.", outcome.stderr


def test_hostile_unwritten_keys_against_many_writers_are_bounded(tmp_path):
    writers = "".join(f'w{i} = LlmAgent(name="w{i}", instruction="x", output_key="key_{i}")\n' for i in range(3_000))
    reads = " ".join(f"{{unknown_{i}}}" for i in range(10_000))
    _write(
        tmp_path,
        "a.py",
        f'from google.adk.agents import LlmAgent\n{writers}r = LlmAgent(name="r", instruction="{reads}")\n',
    )
    outcome = run_templating(["lint", "--no-cache", "a.py"], tmp_path, seconds=30)
    lines = outcome.stdout.splitlines()
    assert lines[-1] == "Found 1001 findings in 1 file checked.", outcome.stderr
    assert "9,000 more findings in this instruction are not reported (TPL014 9,000)" in lines[-2]


def test_hostile_prompt_of_30_megabytes_is_refused_in_bounded_memory(tmp_path):
    # Parsed, its 2,400,000 placeholders took 94 s and 2.8 GB; an instruction past 1,000,000
    # characters is one TPL013 finding, and a prompt file's offsets are a range, not a tuple.
    _write(tmp_path, "p.prompt", ("Hello {a} and {b?} text " * 40 + "\n") * 30_000)
    outcome = run_templating(["lint", "--no-cache", "p.prompt"], tmp_path, seconds=20, megabytes=400)
    assert outcome.stdout.splitlines()[0] == (
        "p.prompt:1:1: TPL013 the instruction has 28,830,000 characters: "
        "the linter checks instructions of at most 1,000,000"
    ), outcome.stderr
