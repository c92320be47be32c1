"""The VS Code extension's manifest and selector, read without VS Code: the version is the Python
package's, the server is started for every kind of file the linter reads and nothing else, each
contributed command is registered, and the lockfile takes packages from the npm registry only."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from templating import __version__
from templating.project.surfaces import SURFACES

EXTENSION = Path(__file__).resolve().parents[2] / "editors" / "vscode"
MANIFEST = json.loads((EXTENSION / "package.json").read_text())
SELECTOR = (EXTENSION / "src" / "selector.ts").read_text()

#: How VS Code names each kind of file the linter reads: a language id (built in, or ``kotlin``,
#: which the extension declares), or a pattern of the selector (read whatever VS Code calls it).
VSCODE_NAMES = {
    ".py": "python", ".pyi": "python", ".ts": "typescript", ".mts": "typescript", ".cts": "typescript",
    ".tsx": "typescriptreact", ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".jsx": "javascriptreact", ".go": "go", ".java": "java", ".kt": "kotlin", ".kts": "kotlin", ".yaml": "yaml",
    ".yml": "yaml", ".md": "markdown", ".txt": "**/*.{txt,prompt}", ".prompt": "**/*.{txt,prompt}",
    "initial.session.json": "**/initial.session.json", "SKILL.md": "skill", "skill.md": "markdown",
}  # fmt: skip
#: Language ids VS Code gives some Markdown files (`.prompt.md`, `.instructions.md`, `.agent.md`).
MARKDOWN_IDS = {"prompt", "instructions", "chatagent"}


def _strings(constant: str) -> set[str]:
    body = re.search(rf"export const {constant} = \[(.*?)\];", SELECTOR, re.DOTALL)
    assert body is not None, constant
    return set(re.findall(r'"([^"]+)"', body.group(1)))


def test_vscode_package_carries_the_python_package_version():
    project = tomllib.loads((EXTENSION.parents[1] / "pyproject.toml").read_text())
    assert MANIFEST["version"] == project["project"]["version"] == __version__


def test_vscode_selector_covers_every_kind_of_file_the_linter_reads_and_nothing_else():
    read = {kind for surface in SURFACES for kind in (*surface.suffixes, *surface.names)}
    assert set(VSCODE_NAMES) == read
    languages, patterns = _strings("LANGUAGES"), _strings("PATTERNS")
    wanted = set(VSCODE_NAMES.values())
    # `pyproject.toml` is attached for its saves (the settings are read again), Kotlin's files by
    # pattern too (another extension may call their language otherwise).
    assert languages | patterns == wanted | MARKDOWN_IDS | {"**/pyproject.toml", "**/*.{kt,kts}"}


def test_vscode_extension_activates_for_each_language_it_starts_the_server_for():
    activation = set(MANIFEST["activationEvents"])
    for language in _strings("LANGUAGES"):
        assert f"onLanguage:{language}" in activation
    assert {"onLanguage:json", "onLanguage:plaintext", "workspaceContains:**/*.{kt,kts}"} <= activation
    [kotlin] = MANIFEST["contributes"]["languages"]
    assert (kotlin["id"], kotlin["extensions"]) == ("kotlin", [".kt", ".kts"])


def test_vscode_every_contributed_command_is_registered():
    contributed = {command["command"] for command in MANIFEST["contributes"]["commands"]}
    registered = set(re.findall(r'registerCommand\("([^"]+)"', (EXTENSION / "src" / "extension.ts").read_text()))
    assert contributed == registered == {
        "templating.restart", "templating.showOutput", "templating.preview", "templating.fixAll",
    }  # fmt: skip


def test_vscode_settings_passed_to_the_server_are_the_ones_it_reads():
    from templating.server.configuration import _NAMES

    declared = {name.removeprefix("templating.") for name in MANIFEST["contributes"]["configuration"]["properties"]}
    sent = re.search(r"const SERVER_SETTINGS = \[(.*?)\];", (EXTENSION / "src" / "extension.ts").read_text())
    assert sent is not None
    assert set(re.findall(r'"([^"]+)"', sent.group(1))) == set(_NAMES) <= declared


def test_vscode_lockfile_takes_every_package_from_the_npm_registry():
    lock = json.loads((EXTENSION / "package-lock.json").read_text())
    packages = {name: entry for name, entry in lock["packages"].items() if name}
    assert len(packages) > 100
    # A registry package has a version and a sha512 integrity (a git, file or link dependency
    # has not); its `resolved`, if the lockfile keeps one, is the registry's.
    elsewhere = [
        name for name, entry in packages.items()
        if entry.get("link") or not entry.get("integrity", "").startswith("sha512-")
        or entry.get("resolved", "https://registry.npmjs.org/").split("/")[2] != "registry.npmjs.org"
    ]  # fmt: skip
    assert elsewhere == []
    assert lock["packages"][""]["dependencies"] == {"vscode-languageclient": "11.0.0"}
