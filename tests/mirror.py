"""Files of public repositories at a judged commit, read from a local git mirror.

The repository keeps judgments about other projects' code, never the code: a test that lints
that code re-creates it from a mirror (``TEMPLATING_MIRROR``, default ``/work/.mirror``, one
``owner+name/repo`` git directory per repository) and skips, saying why, when the mirror or
the commit is not there.
"""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
from pathlib import Path

import pytest

MIRROR = Path(os.environ.get("TEMPLATING_MIRROR", "/work/.mirror"))


def git_directory(repository: str) -> Path:
    """Where the mirror of ``owner/name`` is (whether or not it exists)."""
    return MIRROR / repository.replace("/", "+") / "repo"


def checkout(repository: str, commit: str, paths: list[str], into: Path) -> Path:
    """Write ``paths`` of ``repository`` at ``commit`` under ``into`` (created) and return it;
    skip the calling test when the mirror or the commit is missing."""
    directory = git_directory(repository)
    if not directory.is_dir():
        pytest.skip(f"no mirror of {repository} in {MIRROR} (set TEMPLATING_MIRROR)")
    known = subprocess.run(
        ["git", "--git-dir", str(directory), "cat-file", "-e", f"{commit}^{{commit}}"],
        capture_output=True, check=False,
    )  # fmt: skip
    if known.returncode != 0:
        pytest.skip(f"the mirror of {repository} in {MIRROR} lacks commit {commit}")
    archive = subprocess.run(
        ["git", "--git-dir", str(directory), "archive", "--format=tar", commit, "--", *paths],
        capture_output=True, check=False,
    )  # fmt: skip
    assert archive.returncode == 0, f"{repository}@{commit}: {archive.stderr.decode(errors='replace')}"
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into
