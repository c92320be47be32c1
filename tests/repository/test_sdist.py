"""The sdist ships what its tests need and nothing a run leaves behind."""

import shutil
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_sdist_leaves_out_a_lint_cache_left_in_the_tests(tmp_path, monkeypatch):
    build_meta = pytest.importorskip("setuptools.build_meta")
    tree = tmp_path / "tree"
    skipped = (
        ".git",
        ".venv*",
        ".adk-js",
        ".adk-ts",
        ".tsx",
        "site",
        "build",
        "dist",
        "*.egg-info",
        "__pycache__",
        ".*_cache",
        "node_modules",  # the VS Code extension's, installed by `npm ci` in editors/vscode
    )
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*skipped))
    cache = tree / "tests" / "data" / "lint" / "strict" / ".templating_cache" / "0.1.0"
    cache.mkdir(parents=True)
    (cache / "left-by-a-run.pickle").write_bytes(b"x")
    (cache.parent / ".gitignore").write_text("*\n")
    monkeypatch.chdir(tree)
    name = build_meta.build_sdist(str(tmp_path / "dist"))
    with tarfile.open(tmp_path / "dist" / name) as archive:
        names = archive.getnames()
    assert any(name.endswith("tests/data/lint/strict/pyproject.toml") for name in names)
    assert [name for name in names if ".templating_cache" in name] == []
