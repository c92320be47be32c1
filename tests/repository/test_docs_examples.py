"""Every command and code block of the README and docs/, run as a new user would paste it.

A fresh copy of the repository (the files git tracks, nothing built or cached) is the working
folder. What each kind of block must do:

- ``python``: runs as a script would, the blocks of one page one after another (a page builds
  on its earlier blocks), in the copy; top-level ``await`` is a failure, as in a script;
- ``bash`` and ``console``: each command runs in bash in the copy (a ``console`` block's
  commands are its ``$`` lines) and exits 0, or 1 where ``templating lint`` reports findings;
  a ``console`` block's output lines, and a ``text`` block right after a command block, must be
  what the command printed. ``pip install`` and ``python3 -m venv`` are run offline: the new
  environment sees the packages of the one running the tests, and pip neither downloads nor
  resolves dependencies;
- ``toml``, ``yaml`` and ``json``: parse, and a ``[tool.templating]`` table passes the
  config check; a pre-commit config names a hook this repository defines;
- the rule pages' ``python`` blocks are agent code for the linter to read, not to run (an
  ``instruction=`` fragment); `tests/lint/test_lint_rule_docs.py` keeps each page equal to its rule;
- the Neovim configurations of docs/editors.md run in a headless Neovim in
  `tests/server/test_editors.py` (`RUN_ELSEWHERE`);
- anything else (editor configurations in Lua, output shown alone, mermaid drawn elsewhere)
  and any block that cannot run here says why, in a comment right before it:
  ``<!-- docs-test: skip - REASON -->``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from templating.lint.config_table import validate_table
from templating.project.treesitter.parsing import parse

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(
    r"(?:^<!-- docs-test: (?P<directive>.*?) -->\n\n?)?^```(?P<language>\w*)\n(?P<body>.*?)^```\n",
    re.MULTILINE | re.DOTALL,
)
COMMANDS = ("bash", "console")
#: Blocks another test module runs as they are written, by page and language.
RUN_ELSEWHERE = {("docs/editors.md", "lua"): "tests/server/test_editors.py"}
PARSED = ("toml", "yaml", "json", "typescript")


@dataclass(frozen=True)
class Block:
    page: str
    line: int
    language: str
    body: str
    directive: str | None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def _blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    name = str(page.relative_to(ROOT))
    return [
        Block(
            name, text.count("\n", 0, match.start("language")) + 1, match["language"], match["body"], match["directive"]
        )
        for match in BLOCK.finditer(text)
    ]


BLOCKS = [block for page in PAGES for block in _blocks(page)]


RULE_PAGES = "docs/rules/"


def _run_these(*languages: str) -> list[Block]:
    return [
        block
        for block in BLOCKS
        if block.language in languages and block.directive is None and not block.page.startswith(RULE_PAGES)
    ]


# -- the working copy ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """The repository as a fresh clone has it: tracked files only."""
    target = tmp_path_factory.mktemp("clone") / "agent-templating"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if listed.returncode != 0:  # an sdist, not a checkout: everything but what builds and caches leave
        shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(".*", "__pycache__", "*.egg-info", "site", "build"))
        return target
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def _environment(clone: Path) -> dict[str, str]:
    """The variables a pasted command sees: this interpreter's scripts first on ``PATH``, and the
    copy's own code (not the checkout's) imported."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
    environment["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), environment.get("PATH", "")])
    environment["PYTHONPATH"] = str(clone)
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    environment["NO_COLOR"] = "1"
    return environment


def offline(command: str) -> str:
    """``command`` with its environment set-up made offline.

    ``python3 -m venv DIR`` makes an environment without pip that sees this one's packages
    (a ``.pth`` file); ``pip install`` becomes ``python -m pip install --no-index --no-deps
    --no-build-isolation`` (the new environment's python, this environment's pip); the whole
    test suite (``python -m pytest``) only collects: it is the suite running this test. A
    ``pip install`` outside such an environment gets a scratch one: never this one."""
    site = sysconfig.get_paths()["purelib"]
    if "pip install" in command and "-m venv" not in command and "/bin/activate" not in command:
        command = f"python3 -m venv .scratch-venv && . .scratch-venv/bin/activate && {command}"
    command = re.sub(
        r"python3? -m venv (\S+)",
        lambda match: (
            f"python3 -m venv --without-pip {match[1]} && "
            f"echo {site} > $({match[1]}/bin/python -c 'import sysconfig; print(sysconfig.get_paths()[\"purelib\"])')/parent.pth"
        ),
        command,
    )
    command = re.sub(
        r"\bpip install\b", "python -m pip install --quiet --no-index --no-deps --no-build-isolation", command
    )
    return re.sub(r"python -m pytest$", "python -m pytest --collect-only -q -p no:randomly", command)


def _commands(block: Block) -> list[tuple[str, list[str]]]:
    """Each command of the block, with the output lines a ``console`` block shows after it.

    The lines of a ``bash`` block run in one terminal: after a line that activates an
    environment, the next lines run in it."""
    if block.language == "bash":
        joined = block.body.replace("\\\n", " ")
        lines = [line.split("  #")[0].strip() for line in joined.splitlines()]
        commands, activated = [], ""
        for line in lines:
            if line and not line.startswith("#"):
                commands.append((activated + line, []))
                found = re.search(r"\. (\S+)/bin/activate", line)
                activated = f". {found[1]}/bin/activate && " if found else activated
        return commands
    commands: list[tuple[str, list[str]]] = []
    for line in block.body.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:].split("  #")[0].strip(), []))
        elif commands:
            commands[-1][1].append(line)
    return commands


def _run_command(command: str, clone: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", f"set -o pipefail; {offline(command)}"],
        cwd=clone, env=_environment(clone), capture_output=True, text=True, timeout=600, check=False,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


# -- the tests ----------------------------------------------------------------------------------


def test_every_block_is_run_or_says_why_not():
    known = {"python", *COMMANDS, *PARSED, "text", "mermaid"}
    unexplained = [
        f"{block.where} ({block.language or 'no language'})"
        for block in BLOCKS
        if block.directive is None and block.language not in known and (block.page, block.language) not in RUN_ELSEWHERE
    ]
    assert unexplained == [], "add <!-- docs-test: skip - REASON --> before these blocks, or run them here"
    for block in BLOCKS:
        if block.directive is not None:
            assert re.fullmatch(r"skip - \S.{9,}", block.directive), f"{block.where}: a skip says why"


@pytest.mark.parametrize("page", sorted({block.page for block in _run_these("python")}))
def test_python_blocks_run_as_a_script(page, clone, monkeypatch):
    monkeypatch.chdir(clone)
    monkeypatch.syspath_prepend(str(clone))
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in _run_these("python"):
        if block.page != page:
            continue
        code = compile(block.body, block.where, "exec")  # top-level await is a SyntaxError here
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)  # noqa: S102 - the docs' examples are the code under test


@pytest.mark.parametrize("block", _run_these(*COMMANDS), ids=lambda block: block.where)
def test_commands_run_from_a_fresh_clone(block, clone):
    following = _text_after(block)
    for command, shown in _commands(block):
        completed = _run_command(command, clone)
        printed = completed.stdout + completed.stderr
        allowed = (0, 1) if "templating lint" in command else (0,)
        assert completed.returncode in allowed, f"{block.where}: `{command}` exited {completed.returncode}:\n{printed}"
        assert "Traceback" not in printed, f"{block.where}: `{command}`:\n{printed}"
        for line in shown:
            if line and "..." not in line:
                assert line in printed.splitlines(), f"{block.where}: `{command}` did not print {line!r}:\n{printed}"
    if following is not None:
        assert completed.stdout == following, f"{block.where}: the output shown after it differs"


def _text_after(block: Block) -> str | None:
    """The ``text`` block right after a command block on the same page: its promised output."""
    index = BLOCKS.index(block)
    after = BLOCKS[index + 1] if index + 1 < len(BLOCKS) else None
    if after is not None and after.page == block.page and after.language == "text" and after.directive is None:
        return after.body
    return None


@pytest.mark.parametrize("block", _run_these(*PARSED), ids=lambda block: block.where)
def test_configuration_blocks_parse(block):
    if block.language == "toml":
        table = tomllib.loads(block.body).get("tool", {}).get("templating")
        if table is not None:
            validate_table(table)
    elif block.language == "json":
        json.loads(block.body)
    elif block.language == "typescript":
        assert not parse("typescript", block.body).root.has_error, block.where
    else:
        document = yaml.safe_load(block.body)
        hooks = [hook["id"] for repo in _repos(document) for hook in repo.get("hooks", [])]
        defined = {hook["id"] for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))}
        assert set(hooks) <= defined, f"{block.where}: a hook this repository does not define"


def _repos(document: object) -> list[dict]:
    if isinstance(document, dict) and isinstance(document.get("repos"), list):
        return document["repos"]
    if isinstance(document, list) and all(isinstance(item, dict) and "repo" in item for item in document):
        return document
    return []


def test_text_blocks_are_a_commands_output_or_say_why():
    orphans = [
        block.where
        for index, block in enumerate(BLOCKS)
        if block.language == "text"
        and block.directive is None
        and not (index and BLOCKS[index - 1].language in COMMANDS and BLOCKS[index - 1].page == block.page)
    ]
    assert orphans == []
