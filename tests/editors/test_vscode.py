"""The VS Code extension (editors/vscode) in a real VS Code, in a real browser.

code-server serves VS Code 1.139.1 with the packed ``.vsix`` installed from the file; Chromium,
under Playwright, does what a user does: opens files with Ctrl+P, reads the squiggles and the
Problems panel, hovers, types a brace for completion, goes to a definition, applies a quick
fix, saves with fix-all on save, opens the preview and restarts the server. Each project's
``.venv`` holds ``templating``, and no setting names it: the extension finds it. See
`tests/editors/vscode.py` for what the tests need and how they are skipped without it.

The time from asking to open a file to its first squiggle is printed, and appended to the
file ``TEMPLATING_VSCODE_TIMINGS`` names (CI keeps it beside the ``.vsix``).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from templating import __version__

from .vscode import CodeServer, Tools, make_venv, tools
from .workbench import Workbench, browser

PY_TOOLS = (
    "from google.adk.tools import ToolContext\n\n\n"
    "def remember(name: str, tool_context: ToolContext) -> str:\n"
    '    tool_context.state["user:name"] = name\n'
    '    return "ok"\n'
)
PY_AGENT = (
    "from google.adk.agents import LlmAgent\n"
    "from tools import remember\n\n"
    'root = LlmAgent(name="helper", instruction="Hi {user:name}, plan {{plan}} ", tools=[remember])\n'
)
TS_TOOLS = (
    "import { FunctionTool } from '@google/adk';\n\n"
    "export const remember = new FunctionTool({ name: 'remember', description: 'd', execute: async (args: any, context: any) => {\n"
    "  context.state.set('user_name', args.name);\n"
    "  return 'ok';\n"
    "} });\n"
)
TS_AGENT = (
    "import { LlmAgent } from '@google/adk';\n"
    "import { remember } from './tools.js';\n\n"
    "export const root = new LlmAgent({ name: 'greeter', instruction: 'Hi {user_name}, { topic } ', tools: [remember] });\n"
)
#: One agent (or prompt file) per language the extension starts for, each with a doubled brace.
LANGUAGES = {
    "agent.py": 'from google.adk.agents import LlmAgent\n\nroot = LlmAgent(name="py", instruction="Hi {{plan}}")\n',
    "agent.ts": "import { LlmAgent } from '@google/adk';\n\nexport const root = new LlmAgent({ name: 'ts', instruction: 'Hi {{plan}}' });\n",
    "view.tsx": "import { LlmAgent } from '@google/adk';\n\nexport const root = new LlmAgent({ name: 'tsx', instruction: 'Hi {{plan}}' });\n",
    "agent.js": "import { LlmAgent } from '@google/adk';\n\nexport const root = new LlmAgent({ name: 'js', instruction: 'Hi {{plan}}' });\n",
    "main.go": (
        'package main\n\nimport "google.golang.org/adk/agent/llmagent"\n\nfunc build() {\n'
        '\tllmagent.New(llmagent.Config{\n\t\tName:        "go",\n\t\tInstruction: "Hi {{plan}}",\n\t})\n}\n'
    ),
    "Agent.java": (
        "package demo;\n\nimport com.google.adk.agents.LlmAgent;\n\npublic class Agent {\n"
        '  public static LlmAgent root() {\n    return LlmAgent.builder().name("java").instruction("Hi {{plan}}").build();\n  }\n}\n'
    ),
    "Agent.kt": (
        "package demo\n\nimport com.google.adk.agents.LlmAgent\n\n"
        'val root = LlmAgent.builder().name("kotlin").instruction("Hi {{plan}}").build()\n'
    ),
    "root_agent.yaml": "name: yaml\nmodel: gemini-2.5-flash\ninstruction: Hi {{plan}}\n",
    "prompt.md": "Hi {{plan}}\n",
    "welcome.txt": "Hi {{plan}}\n",
}
TIMINGS = os.environ.get("TEMPLATING_VSCODE_TIMINGS")


@pytest.fixture(scope="module")
def found() -> Tools:
    return tools()


@pytest.fixture(scope="module")
def code_server(found: Tools, tmp_path_factory: pytest.TempPathFactory) -> Iterator[CodeServer]:
    server = CodeServer(found, tmp_path_factory.mktemp("code-server"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def chromium(found: Tools) -> Iterator[Any]:
    with browser(found) as launched:
        yield launched


@pytest.fixture
def window(chromium: Any, code_server: CodeServer, tmp_path: Path) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1400, "height": 900})
    try:
        yield lambda folder: Workbench(context.new_page(), code_server, folder)
    finally:
        for number, page in enumerate(context.pages):  # what the screen showed last, to see a failure
            page.screenshot(path=tmp_path / f"screen-{number}.png")
        context.close()


def _project(folder: Path, files: dict[str, str], venv: bool = True) -> Path:
    folder.mkdir()
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    if venv:
        make_venv(folder)
    return folder


def _record(what: str, seconds: float) -> None:
    line = f"vscode: {what}: {seconds:.2f} s"
    print(line)
    if TIMINGS:
        with open(TIMINGS, "a", encoding="utf-8") as out:
            out.write(json.dumps({"what": what, "seconds": round(seconds, 3)}) + "\n")


def _column(text: str, line: int, needle: str, shift: int = 0) -> int:
    """The 1-based column of ``needle`` (plus ``shift``) on 1-based ``line`` of ``text``."""
    return text.split("\n")[line - 1].index(needle) + 1 + shift


def test_vscode_python_project_diagnostics_hover_completion_definition_fix_preview_restart(window, tmp_path: Path):
    files = {
        "pyproject.toml": '[tool.templating]\nstate = "state.json"\n',
        "state.json": '{"user:name": "Ada", "user:city": "Oslo"}\n',
        "tools.py": PY_TOOLS,
        "agent.py": PY_AGENT,
    }
    project = _project(tmp_path / "helpdesk", files)
    bench = window(project)

    asked = bench.open("agent.py")
    bench.wait_for_squiggle()
    _record("Python, opening agent.py to its first squiggle (extension and server starting)", time.monotonic() - asked)
    bench.wait_for_status(f"templating {__version__}")
    assert "found in .venv of helpdesk" in bench.server.extension_log()

    problems = bench.problems()
    assert (
        "`{{plan}}` is not an escape: ADK substitutes the state key `plan` templating TPL001 [Ln 4, Col 66]" in problems
    )
    assert "templating TPL011 [Ln 4, Col 68]" in problems

    bench.go_to(4, _column(PY_AGENT, 4, "{user:name}", 2))
    hover = bench.hover()
    assert "state key user:name" in hover.inner_text().replace("`", "")
    link = hover.query_selector("a:has-text('tools.py:5')")
    assert link is not None, hover.inner_text()
    link.click()  # the writer's location is a link to its line
    bench.page.wait_for_selector(".tab.active[aria-label^='tools.py']")
    bench.wait_for_status("Ln 5,")

    bench.open("agent.py")
    bench.go_to(4, _column(PY_AGENT, 4, "{user:name}", 2))
    bench.page.keyboard.press("F12")
    bench.page.wait_for_selector(".tab.active[aria-label^='tools.py']")
    bench.wait_for_status("Ln 5, Col 5")

    bench.open("agent.py")
    bench.go_to(4, _column(PY_AGENT, 4, '} ", tools', 2))
    rows = bench.complete("{us")
    assert [row for row in rows if row.startswith("user:name")] and [row for row in rows if row.startswith("user:city")]
    assert sum(row.startswith("user:name") for row in rows) == 1  # written and sampled: one row
    bench.escape()
    bench.page.keyboard.press("Control+z")

    bench.go_to(4, _column(PY_AGENT, 4, "{{plan}}", 1))
    bench.quick_fix("TPL001: Replace with `{plan}`")
    bench.wait_for_text('plan {plan} "')

    bench.command("templating: Preview Instruction")
    preview = bench.webview_text("Instruction of agent")
    assert "Instruction of agent helper" in preview
    assert "Hi Ada, plan {plan}" in preview.replace("missing", "").replace("unwritten", "").replace("\n", "")
    assert "Missing from the sample state (the run stops): plan" in preview
    assert "Written nowhere in the project: plan" in preview
    html = bench.webview_html("Instruction of agent")
    assert 'class="part missing unwritten" data-key="plan"' in html
    assert 'class="part state" data-key="user:name"' in html

    bench.open("agent.py")
    bench.command("templating: Restart Server")
    deadline = time.monotonic() + 90
    while bench.server.extension_log().count("is running") < 2 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert "restarting the server" in bench.server.extension_log()
    assert bench.server.extension_log().count("is running") == 2
    bench.wait_for_status(f"templating {__version__}")
    bench.wait_for_squiggle()  # TPL011 is back from the new server


def test_vscode_typescript_project_with_fix_all_on_save(window, tmp_path: Path):
    files = {
        "package.json": '{"name": "greeter", "type": "module"}\n',
        ".vscode/settings.json": '{"editor.codeActionsOnSave": {"source.fixAll.templating": "explicit"}}\n',
        "tools.ts": TS_TOOLS,
        "agent.ts": TS_AGENT,
    }
    project = _project(tmp_path / "greeter", files)
    bench = window(project)

    asked = bench.open("agent.ts")
    bench.wait_for_squiggle()
    _record(
        "TypeScript, opening agent.ts to its first squiggle (extension and server starting)", time.monotonic() - asked
    )
    problems = bench.problems()
    assert "templating TPL004 [Ln 4," in problems and "templating TPL014 [Ln 4," in problems

    bench.open("agent.ts")
    bench.go_to(4, _column(TS_AGENT, 4, "{user_name}", 2))
    assert "writers: tool remember of agent greeter at tools.ts:4" in bench.hover().inner_text()
    bench.escape()
    bench.page.keyboard.press("F12")
    bench.page.wait_for_selector(".tab.active[aria-label^='tools.ts']")
    bench.wait_for_status("Ln 4,")

    bench.open("agent.ts")
    bench.go_to(4, _column(TS_AGENT, 4, "} ', tools", 2))
    rows = bench.complete("{us")
    assert sum(row.startswith("user_name") for row in rows) == 1
    bench.escape()
    bench.page.keyboard.press("Control+z")

    bench.go_to(4, _column(TS_AGENT, 4, "{ topic }", 2))
    bench.quick_fix("TPL014: add `// noqa: TPL014`")
    bench.wait_for_text("// noqa: TPL014")
    bench.page.keyboard.press("Control+s")  # fix all safe on save: `{ topic }` becomes `{topic}`
    deadline = time.monotonic() + 90
    while "{ topic }" in (project / "agent.ts").read_text() and time.monotonic() < deadline:
        time.sleep(0.5)
    saved = (project / "agent.ts").read_text()
    assert "'Hi {user_name}, {topic} '" in saved and saved.rstrip().endswith("// noqa: TPL014"), saved

    bench.go_to(4, _column(TS_AGENT, 4, "{user_name}", 2))
    bench.command("templating: Preview Instruction")
    preview = bench.webview_text("Instruction of agent")
    assert "Instruction of agent greeter" in preview and "dialect adk-js" in preview
    html = bench.webview_html("Instruction of agent")
    assert 'data-key="topic"' in html and 'data-key="user_name"' in html


def test_vscode_extension_starts_for_every_language_the_linter_reads(window, tmp_path: Path):
    files = {"pyproject.toml": '[tool.templating]\ninclude = ["*.md", "*.txt"]\n', **LANGUAGES}
    bench = window(_project(tmp_path / "languages", files))
    for name in LANGUAGES:
        asked = bench.open(name)
        bench.wait_for_squiggle()
        _record(f"{name}: first squiggle", time.monotonic() - asked)
        bench.wait_for_status(f"templating {__version__}")  # the item is shown beside the server's files
    bench.problems()
    bench.page.locator(".panel .action-label[aria-label='Collapse All']:visible").first.click()  # one row a file
    listed = " ".join(bench.page.inner_text(".markers-panel").split())
    # Each file with its count (TypeScript's own server adds "cannot find module" to the .ts ones).
    assert sorted(re.findall(r"(\S+) \d+", listed)) == sorted(LANGUAGES), listed


def test_vscode_extension_says_once_that_no_server_is_found(window, tmp_path: Path):
    files = {"agent.py": PY_AGENT, "other.py": PY_AGENT}
    bench = window(_project(tmp_path / "bare", files, venv=False))
    bench.open("agent.py")
    shown = bench.notifications()
    assert "no `templating` executable found" in shown and 'pip install "./agent-templating[server]"' in shown
    bench.wait_for_status("templating: not found")
    bench.open("other.py")
    time.sleep(2)
    assert bench.page.inner_text(".notifications-toasts").count("no `templating` executable found") == 1
    assert bench.squiggles() == 0
