"""A 30 MB instruction written in code, in every language the linter reads. Each front end
read such a literal a character at a time, each character with its source offset: 2 to 4 GB
and up to 34 s (a 30 MB prompt *file* was already one TPL013 finding in 80 MB). A literal
longer than the longest instruction checked is now read whole or left a hole, in a child
process bounded in time and memory (see ``bounded``)."""

from pathlib import Path

import pytest

from tests.bounded import run_templating

LINE = "You are agent {name}. Be kind and use {user:pref} when asked about steps.\n"
BODY = LINE * (30_000_000 // len(LINE))
TOO_LARGE = "TPL013 the instruction has 29,999,970 characters: the linter checks instructions of at most 1,000,000"
UNREAD = "the linter reads literals of at most 1,000,000 characters, and this one is longer"

FILES = {
    "Python, a module constant": (
        {"agent.py": f'from google.adk.agents import LlmAgent\nPROMPT = """{BODY}"""\n'
                     'root_agent = LlmAgent(name="a", model="m", instruction=PROMPT)\n'},
        f"agent.py:2:13: {TOO_LARGE}",
    ),
    "Python, inline": (
        {"agent.py": f'from google.adk.agents import LlmAgent\nroot_agent = LlmAgent(name="a", instruction=r"""{BODY}""")\n'},
        f"agent.py:2:49: {TOO_LARGE}",
    ),
    "Python, a sibling module's constant": (
        {"prompts.py": f'ROOT = """{BODY}"""\n',
         "agent.py": "from google.adk.agents import LlmAgent\nimport prompts\n"
                     'root_agent = LlmAgent(name="a", instruction=prompts.ROOT)\n'},
        f"prompts.py:1:11: {TOO_LARGE}",
    ),
    "Python, concatenated": (
        {"agent.py": f'from google.adk.agents import LlmAgent\nPROMPT = """{BODY}"""\n'
                     'root_agent = LlmAgent(name="a", instruction=PROMPT + " {x}")\n'},
        "the linter builds at most 1,000,000 characters of text per file, and this exceeds it",
    ),
    "Agent Config YAML": (
        {"root_agent.yaml": "name: a\nmodel: m\ninstruction: |\n" + "".join(f"  {line}\n" for line in BODY.splitlines())},
        f"root_agent.yaml:4:3: {TOO_LARGE}",
    ),
    "TypeScript": (
        {"agent.ts": f'import {{LlmAgent}} from "@google/adk";\n'
                     f'export const rootAgent = new LlmAgent({{name: "a", model: "m", instruction: `{BODY}`}});\n'},
        UNREAD,
    ),
    "Go": (
        {"agent.go": 'package main\n\nimport "google.golang.org/adk/agent/llmagent"\n\n'
                     f'func main() {{\n\tllmagent.New(llmagent.Config{{Name: "a", Instruction: `{BODY}`}})\n}}\n'},
        UNREAD,
    ),
    "Java": (
        {"Agent.java": "import com.google.adk.agents.LlmAgent;\nclass Agent {\n  static LlmAgent root() {\n"
                       f'    return LlmAgent.builder().name("a").instruction("""\n{BODY}""").build();\n  }}\n}}\n'},
        "All checks passed (1 file checked)",  # the text is a hole: nothing is said of it
    ),
    "Kotlin": (
        {"Agent.kt": f'import com.google.adk.agents.LlmAgent\nval root = LlmAgent.builder().name("a").instruction("""{BODY}""").build()\n'},
        "All checks passed (1 file checked)",  # the text is a hole: nothing is said of it
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(FILES))
def test_hostile_instruction_of_30_megabytes_in_code_is_read_in_bounded_memory(tmp_path: Path, case: str) -> None:
    files, expected = FILES[case]
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=30, megabytes=450)
    assert "Traceback" not in outcome.stderr, outcome.stderr[-2000:]
    assert outcome.returncode in (0, 1), outcome.stderr[-2000:]
    assert expected in outcome.stdout, outcome.stdout[-2000:]
    # Its placeholders are not read one by one: no finding for each of them.
    assert "more findings in this instruction" not in outcome.stdout and outcome.stdout.count("\n") <= 4
