"""A repository with Python and TypeScript agents is linted in one run, each in its own words."""

from __future__ import annotations

from pathlib import Path

from .helpers import findings, messages

FILES = {
    "py/agent.py": 'from google.adk.agents import LlmAgent\nroot = LlmAgent(name="py", instruction="Hi {py_key}")\n',
    "ts/agent.ts": "import { LlmAgent } from '@google/adk';\nexport const root = new LlmAgent({ name: 'ts', instruction: 'Hi {ts_key}' });\n",
    "ts/other.ts": "import { LlmAgent } from '@iqai/adk';\nexport const other = new LlmAgent({ name: 'iq', instruction: 'Hi {iq_key}' });\n",
}


def test_python_and_typescript_agents_are_read_in_one_run(tmp_path):
    expected = []
    for name, text in FILES.items():
        line = text.splitlines()[1]
        expected.append((name.rpartition("/")[2], 2, line.rindex("{") + 2, "TPL014"))  # at the key, as TPL011
    assert findings(tmp_path, FILES, select="TPL014") == sorted(expected)


def test_each_finding_speaks_its_ports_words(tmp_path):
    ts_only = {name: text for name, text in FILES.items() if name.endswith(".ts")}
    assert "adk-js throws" in messages(tmp_path / "js", {"agent.ts": ts_only["ts/agent.ts"]})["TPL014"]
    assert "the run goes on" in messages(tmp_path / "ts", {"other.ts": ts_only["ts/other.ts"]})["TPL014"]
    python = messages(tmp_path / "py", {"agent.py": FILES["py/agent.py"]})["TPL014"]
    assert "throws" not in python and "run goes on" not in python


def test_graph_labels_a_write_as_the_writers_language_spells_it(tmp_path: Path, run_cli) -> None:
    """`outputKey` for a TypeScript agent, `output_key` for a Python one, in one graph."""
    (tmp_path / "agent.ts").write_text(
        "import { LlmAgent } from '@google/adk';\n"
        "export const a = new LlmAgent({ name: 'ts_writer', instruction: 'Write.', outputKey: 'draft' });\n",
        encoding="utf-8",
    )
    (tmp_path / "agent.py").write_text(
        "from google.adk.agents import LlmAgent\n"
        "b = LlmAgent(name='py_writer', instruction='Write.', output_key='notes')\n",
        encoding="utf-8",
    )
    _, out, _ = run_cli("graph", str(tmp_path))
    assert "-->|output_key| key1_notes" in out
    assert "-->|outputKey| key0_draft" in out
    assert "-->|output_key| key0_draft" not in out
