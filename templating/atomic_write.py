"""One way to replace a file: write a temporary file beside it, then rename it over it.

A reader (another lint run, an editor) sees the old file or the new one, never half of
either, and an interrupted write leaves no temporary file behind.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["write_atomically"]


def write_atomically(file: Path, data: bytes, *, mode: int | None = None, sync: bool = False) -> None:
    """Replace ``file`` with ``data`` atomically; ``mode`` sets its permissions and ``sync``
    flushes it to disk before the rename (for the user's own files, not the cache)."""
    import tempfile  # here: tempfile brings `random` and `shutil`, and most runs write nothing

    handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            if sync:
                stream.flush()
                os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, file)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
