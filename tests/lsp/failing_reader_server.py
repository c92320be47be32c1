"""The real server whose Python reader raises on any file named ``boom.py``: any reader's
unexpected failure, to test that it stays in its file and every other file of the project
keeps its diagnostics."""

from pathlib import Path

from templating.project.surfaces import PYTHON
from templating.server import app

_read = PYTHON.read


def _failing_read(source, file, cache):
    if Path(file).name == "boom.py":
        raise RuntimeError("a reader failed")
    return _read(source, file, cache)


if __name__ == "__main__":
    object.__setattr__(PYTHON, "read", _failing_read)  # a frozen record, patched for this process only
    app.serve()
