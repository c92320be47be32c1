"""The repository stands alone: a user's clone has nothing beside it, so no test, benchmark or
doc may read data from a sibling folder of the checkout."""

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def test_repository_data_conformance_vectors_are_all_here():
    vectors = json.loads((DATA / "conformance" / "adk-vectors.json").read_text(encoding="utf-8"))
    assert len(vectors) == 189
    assert len({vector["id"] for vector in vectors}) == 189


def test_repository_data_corpus_is_all_here():
    lines = (DATA / "corpus" / "adk-samples-instructions.jsonl").read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    assert len(rows) == 486
    assert all({"repo", "commit", "path", "text"} <= set(row) for row in rows)


# The sibling folder the project's source data came from; spelled in parts so that this file,
# which looks for it, does not itself name it.
SIBLING = "sha" + "red"


def test_repository_no_file_reaches_outside_for_shared_data():
    needles = (f"../{SIBLING}", f'/ "{SIBLING}"')
    offenders = []
    for folder in ("templating", "tests", "benchmarks", "docs", "examples", ".ci"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".md", ".json", ".yaml", ".toml", ""}:
                text = path.read_text(encoding="utf-8", errors="replace")
                offenders += [f"{path.relative_to(ROOT)}: {needle}" for needle in needles if needle in text]
    assert offenders == []
