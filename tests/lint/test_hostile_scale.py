"""Hostile scale: a long sequence of agents, reads against many writers. Each is linted in a
child process bounded in time and memory (see ``bounded``); the sizes are small enough for
the suite and large enough that the quadratic reading each case guards against (a copy of
every key written before each agent of a sequence; every writer scanned for each read)
blows the bound. The 100,000-node workflow is in ``test_hostile_workflows.py``."""

from pathlib import Path

from tests.bounded import run_templating

AGENTS = "from google.adk.agents import LlmAgent, SequentialAgent\n\n"


def _project(folder: Path, text: str) -> None:
    (folder / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (folder / "agent.py").write_text(text, encoding="utf-8")


def test_hostile_sequence_of_6000_agents_in_one_module(tmp_path: Path) -> None:
    # Each agent reads what the one before it writes; the first reads what the last writes.
    # A copy of the keys written before each agent held 900 MB here (9.3 GB at 20,000).
    count = 6_000
    agents = "".join(
        f"a{i} = LlmAgent(name='a{i}', model='m', instruction='After {{k{(i - 1) % count}}}.', output_key='k{i}')\n"
        for i in range(count)
    )
    names = ", ".join(f"a{i}" for i in range(count))
    _project(tmp_path, AGENTS + agents + f"root_agent = SequentialAgent(name='root', sub_agents=[{names}])\n")
    outcome = run_templating(["lint", "--no-cache", "agent.py"], tmp_path, seconds=60, megabytes=500)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode == 1, outcome.stderr[-2000:]
    assert f"TPL015 agent `a0` reads `k{count - 1}` before it is written" in outcome.stdout, outcome.stdout[-2000:]
    assert "Found 1 finding in 1 file checked." in outcome.stdout


def test_hostile_reads_of_unwritten_keys_against_100000_writers(tmp_path: Path) -> None:
    # 40,000 optional reads of keys nothing writes, in a project of 100,000 written keys: each
    # read looked through every writer for one that may write any key (4 x 10^9 steps, about
    # 80 s); now 4 s.
    keys = ", ".join(f"'w{i}': 1" for i in range(100_000))
    placeholders = " ".join(f"{{m{i}?}}" for i in range(40_000))
    _project(
        tmp_path,
        "from google.adk.agents import LlmAgent\nfrom google.adk.tools import ToolContext\n\n"
        f"def remember(tool_context: ToolContext) -> None:\n    tool_context.state.update({{{keys}}})\n\n"
        f"root_agent = LlmAgent(name='root', model='m', tools=[remember], instruction='{placeholders}')\n",
    )
    outcome = run_templating(["lint", "--no-cache", "agent.py"], tmp_path, seconds=60, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode == 0, outcome.stdout[-2000:] + outcome.stderr[-2000:]
    assert "All checks passed" in outcome.stdout


def test_hostile_1000_apps_of_50_written_keys_each(tmp_path: Path) -> None:
    # Each app's keys were found by asking every writer of the project whether it serves the
    # app: 1,000 apps x 50,000 writers (40 s of CPU at 20 keys an app, about 100 s at 50).
    # Each app reads one key nothing writes.
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    keys = ", ".join(f"'k{i}': 1" for i in range(50))
    text = (
        "from google.adk.agents import LlmAgent\nfrom google.adk.tools import ToolContext\n\n"
        f"def remember(tool_context: ToolContext) -> None:\n    tool_context.state.update({{{keys}}})\n\n"
        "root_agent = LlmAgent(name='root', model='m', tools=[remember], instruction='{k0} {missing}')\n"
    )
    for index in range(1_000):
        (tmp_path / f"app{index}").mkdir()
        (tmp_path / f"app{index}" / "agent.py").write_text(text, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=60, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode == 1, outcome.stderr[-2000:]
    assert outcome.stdout.count("TPL014 `missing` is read by agent `root`") == 1_000, outcome.stdout[-2000:]
    assert "TPL014 `k0`" not in outcome.stdout


def test_hostile_go_package_of_8000_files(tmp_path: Path) -> None:
    # Each file names a constant of another file of the package: the folder was listed and
    # sorted for every file before the 50-sibling cap applied (2,000 files: 8 s of CPU,
    # 8,000: past a minute). It is listed once per run now, and too large to search.
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "prompts.go").write_text('package main\n\nconst Shared = "Be kind to {user}."\n', encoding="utf-8")
    for index in range(8_000):
        (tmp_path / f"agent{index:05}.go").write_text(
            'package main\n\nimport "google.golang.org/adk/agent/llmagent"\n\n'
            f'func make{index}() {{\n\tllmagent.New(llmagent.Config{{Name: "a{index}", Instruction: "Hi {{x}}" + Shared}})\n}}\n',
            encoding="utf-8",
        )
    outcome = run_templating(["lint", "--no-cache", "--select", "TPL014", "."], tmp_path, seconds=60, megabytes=500)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert "Found 8000 findings in 8001 files checked." in outcome.stdout, outcome.stdout[-2000:]


def test_hostile_factory_of_4000_agents_reading_its_own_locals(tmp_path: Path) -> None:
    # Each agent's instruction is a local of one factory, built with `=` then `+=`. Every read
    # walked the whole function again for its bindings: 800 agents took 97 s, 4,000 would take
    # about forty minutes; now each function's bindings are worked out once.
    count = 4_000
    locals_ = "".join(f"    t{i} = 'Use {{k{i}}}.'\n    t{i} += ' Then {{m{i}?}}.'\n" for i in range(count))
    agents = "".join(f"    agents.append(LlmAgent(name='a{i}', model='m', instruction=t{i}))\n" for i in range(count))
    _project(
        tmp_path,
        AGENTS + f"def build():\n    agents = []\n{locals_}{agents}    return agents\n\n\nagents = build()\n",
    )
    outcome = run_templating(["lint", "--no-cache", "agent.py"], tmp_path, seconds=60, megabytes=600)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode == 1, outcome.stderr[-2000:]
    assert "agent.py:5:16: TPL014 `k0` is read by agent `a0`" in outcome.stdout, outcome.stdout[:2000]
