"""``templating server``: run the language server over stdio (for editors, not for people).

pygls is an optional extra: it is imported here only when the command runs, so the other
commands never load it, and a missing install is a clear usage error.
"""

from __future__ import annotations

import argparse

from templating.cli.common import EXIT_OK, UsageError

__all__ = ["add_arguments"]


def add_arguments(server: argparse.ArgumentParser) -> None:
    """Declare the ``server`` options."""
    # VS Code's client (and others) append `--stdio` when told to talk over stdio; stdio is
    # the only transport, so the flag is accepted and changes nothing.
    server.add_argument(
        "--stdio", action="store_true", help="talk over stdin and stdout (the default and only transport)"
    )
    server.set_defaults(handler=_run_server)


def _run_server(arguments: argparse.Namespace) -> int:
    try:
        from templating.server.app import serve
    except ImportError as error:
        raise UsageError(
            f"the language server needs the `server` extra ({error.name} is missing): "
            'pip install "agent-templating[server]"'
        ) from None
    serve()
    return EXIT_OK
