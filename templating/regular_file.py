"""Read a file that someone else may control: only a regular file, never blocking, bounded.

A repository being linted can hold a FIFO where a module was listed (opening it for reading
blocks until a writer comes, forever), a link to ``/dev/zero`` (reading never ends) or a file
of gigabytes. `read_regular` opens without blocking, checks what it opened is a regular file
and reads at most a given number of bytes; each refusal is an `OSError` whose ``strerror``
says what the file is, for the caller's message.
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = ["MAX_FILE_BYTES", "read_regular"]

#: The largest file the linter reads (a source, prompt, state or config file), in bytes.
MAX_FILE_BYTES = 32 * 1024 * 1024


def read_regular(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES, *, follow: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises `OSError` when ``path`` is not a regular file (a FIFO, a device, a folder), is
    larger than ``limit``, or (with ``follow=False``) is a symbolic link.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        if not follow and error.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "a symbolic link, not followed", str(path)) from None
        raise
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise OSError(errno.EINVAL, f"not a regular file ({_kind(status.st_mode)})", str(path))
        if status.st_size > limit:
            raise OSError(errno.EFBIG, f"larger than {_size(limit)}", str(path))
    except BaseException:
        os.close(descriptor)
        raise
    with os.fdopen(descriptor, "rb") as stream:
        # Sized by the file, not the limit (a read allocates what it asks for); a file that
        # grew since the check is read on, up to one byte past the limit.
        data = stream.read(status.st_size + 1)
        if len(data) > status.st_size:
            data += stream.read(limit + 1 - len(data))
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {_size(limit)}", str(path))
    return data


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device")):  # fmt: skip
        if test(mode):
            return name
    return "a special file"


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit:,} bytes"
