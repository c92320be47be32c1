"""The server on the bundled example projects: the same findings as ``templating lint``, from
any working folder, with the project root the client names."""

import os
import shutil
from pathlib import Path

import pytest

from templating.lint.config import build_settings, find_config
from templating.lint.linter import lint_paths
from tests.lsp.raw import RawClient

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _lint(project: Path) -> dict[str, set[tuple[str, int, int]]]:
    """What ``templating lint PROJECT`` finds, by file URI."""
    config, config_root = find_config(project)
    found: dict[str, set[tuple[str, int, int]]] = {}
    cwd = os.getcwd()
    try:
        os.chdir(project)
        result = lint_paths([Path(".")], build_settings(config, config_root), jobs=1)
    finally:
        os.chdir(cwd)
    for finding in result.findings:
        found.setdefault((project / finding.path).resolve().as_uri(), set()).add(
            (finding.code, finding.line, finding.column)
        )
    return found


def _checked_files(project: Path) -> list[Path]:
    suffixes = {".py", ".yaml", ".yml", ".prompt", ".txt", ".go", ".java", ".kt", ".kts"}
    return sorted(path for path in project.rglob("*") if path.suffix in suffixes and "__pycache__" not in path.parts)


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.iterdir() if path.is_dir()))
def test_server_finds_what_lint_finds_on_each_example_from_another_folder(name: str, tmp_path: Path):
    # A copy with no `pyproject.toml` above it: the project root is the one the client names.
    project = tmp_path / "checkout" / name
    shutil.copytree(EXAMPLES / name, project)
    expected = _lint(project)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    client = RawClient(cwd=elsewhere)  # started in another folder: nothing may depend on it
    try:
        client.initialize(root=project)
        published = {}
        for version, path in enumerate(_checked_files(project), start=1):
            uri = path.as_uri()
            item = {"uri": uri, "languageId": "text", "version": version, "text": path.read_text(encoding="utf-8")}
            client.notify("textDocument/didOpen", {"textDocument": item})
            message = client.wait(
                lambda m, uri=uri: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            )
            published[uri] = {(d["code"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1)
                              for d in message["params"]["diagnostics"]}  # fmt: skip
    finally:
        client.close()

    for uri, diagnostics in published.items():
        assert diagnostics == expected.get(uri, set()), uri
