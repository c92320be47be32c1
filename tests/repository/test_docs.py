"""The documentation links: docstrings cross-reference in the syntax mkdocstrings renders."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPHINX_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj|ref|py:\w+):`")


def test_docs_docstrings_use_no_sphinx_roles():
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templating").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if SPHINX_ROLE.search(line)
    ]
    assert offenders == [], "write [`Name`][templating.Name] (a link) or `Name` (code) instead of a Sphinx role"


def test_docs_built_site_links_every_reference_and_shows_no_raw_roles(tmp_path):
    # mkdocs is a docs dependency, installed by the README's test command; --strict fails on a
    # cross-reference that points nowhere. No system package is on PATH: a fresh machine has
    # none (the diagrams are drawn in the browser).
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PATH": str(Path(sys.executable).parent)}
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    offenders = [
        str(page.relative_to(tmp_path))
        for page in sorted(tmp_path.rglob("*.html"))
        if SPHINX_ROLE.search(page.read_text(encoding="utf-8"))
    ]
    assert offenders == []
    api = (tmp_path / "api" / "index.html").read_text(encoding="utf-8")
    assert 'href="#templating.CompiledTemplate"' in api
    for attribute in ("required_keys", "optional_keys", "artifact_names"):
        assert f'id="templating.CompiledTemplate.{attribute}"' in api, attribute
    assert "before::" not in api  # reStructuredText's literal-block marker, which markdown shows as is
    home = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert '<pre class="mermaid"><code>flowchart TB' in home  # drawn by Material in the browser
