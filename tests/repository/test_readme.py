"""The README's Python examples run and print what the README says they print."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def _promised_output(block):
    """The output a block promises: `# text` after a print call or on the lines below it."""
    promised = []
    for line in block.splitlines():
        code, _, comment = line.partition("#")
        if comment and (code.strip().startswith("print(") or not code.strip()):
            promised.append(comment.strip())
    return promised


def test_readme_python_examples_print_what_they_promise():
    blocks = _python_blocks()
    assert len(blocks) >= 2
    namespace = {}
    for block in blocks:
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compile(block, str(README), "exec"), namespace)  # noqa: S102
        printed = [line.strip() for line in output.getvalue().splitlines()]
        for promise in _promised_output(block):
            assert promise in printed, f"README promises {promise!r}, the code printed {printed!r}"


def test_readme_links_are_absolute_so_they_work_on_pypi():
    links = re.findall(r"\]\(([^)]+)\)", README.read_text(encoding="utf-8"))
    assert links, "the README links to its docs"
    relative = [link for link in links if not link.startswith(("https://", "http://", "#"))]
    assert relative == []
