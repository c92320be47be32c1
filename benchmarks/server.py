#!/usr/bin/env python
"""Time from ``didChange`` (or ``didOpen``) to ``publishDiagnostics`` in ``templating server``.

A real LSP client (pygls) starts the server over stdio as editors do. Measured:

- **keystroke to diagnostics** on a small agent module with the default (adaptive) pause the
  server waits for after a change: what a user feels while typing;
- **first diagnostics**: from opening one file of a 200-file project (the tree of
  ``benchmarks/lint.py``, named as the client's root) in a fresh server to its diagnostics,
  the project read included; and the same from starting the server process (Python's start
  and imports included);
- with ``debounceMs`` 0 (the server's own work and the round trip): one 2,000-line agent
  module edited in place, and in the 200-file workspace with every file open, one agent
  module and one plain module edited.

Each edit changes one instruction and waits for the diagnostics of that version. Prints the
median and the 90th percentile in milliseconds.

Run:  python benchmarks/server.py [--rounds N] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from benchmarks.lint import write_tree  # noqa: E402

AGENT = """agent_{index} = LlmAgent(
    name="agent_{index}",
    model="gemini-2.0-flash",
    instruction=(
        "You are {{agent_name}}, helping {{user:name}} with order {{order_id}}. "
        "Keep answers short. Reply as JSON: {{\\"ok\\": true}} Notes: {{temp:notes?}}"
    ),
    output_key="answer_{index}",
)

"""


def agent_module(lines: int) -> str:
    """A module of about ``lines`` lines of agents with inline instructions."""
    header = "from google.adk.agents import LlmAgent\n\n"
    count = max(1, (lines - 2) // AGENT.count("\n"))
    return header + "".join(AGENT.format(index=index) for index in range(count))


class Session:
    """A client connected to a server, waiting for the diagnostics of a document version."""

    def __init__(self, debounce: int | None = 0, root: Path | None = None) -> None:
        self.client = LanguageClient("benchmark", "1")
        self.debounce, self.root = debounce, root
        self.waiting: dict[tuple[str, int], asyncio.Future] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            future = self.waiting.pop((params.uri, params.version or 0), None)
            if future is not None and not future.done():
                future.set_result(len(params.diagnostics))

    async def start(self) -> None:
        await self.client.start_io(sys.executable, "-m", "templating", "server")
        options = {} if self.debounce is None else {"debounceMs": self.debounce}
        root = self.root.as_uri() if self.root else None
        params = types.InitializeParams(
            capabilities=types.ClientCapabilities(), initialization_options=options, root_uri=root
        )
        await self.client.initialize_async(params)
        self.client.initialized(types.InitializedParams())

    def expect(self, uri: str, version: int) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.waiting[(uri, version)] = future
        return future

    async def open(self, path: Path, text: str) -> float:
        """Seconds from opening ``path`` to its first diagnostics."""
        uri = path.as_uri()
        done = self.expect(uri, 1)
        item = types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
        started = time.perf_counter()
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
        await done
        return time.perf_counter() - started

    async def change(self, path: Path, text: str, version: int) -> float:
        """Seconds from sending the new ``text`` to its diagnostics."""
        uri = path.as_uri()
        done = self.expect(uri, version)
        change = types.TextDocumentContentChangeWholeDocument(text=text)
        identifier = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
        started = time.perf_counter()
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(text_document=identifier, content_changes=[change])
        )
        await done
        return time.perf_counter() - started

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


async def edit_rounds(session: Session, path: Path, text: str, rounds: int) -> list[float]:
    """Alternate a doubled-brace placeholder in and out of the first instruction."""
    await session.open(path, text)
    edited = text.replace("{order_id}", "{{order_id}}", 1) if "{order_id}" in text else text + "\n"
    return [await session.change(path, edited if version % 2 else text, version) for version in range(2, rounds + 2)]


async def first_diagnostics(tree: Path, rounds: int) -> tuple[list[float], list[float]]:
    """Open one agent module of ``tree`` in a fresh server, ``rounds`` times: the seconds from
    ``didOpen``, and from starting the server process, to its diagnostics."""
    agent = next(path for path in sorted(tree.rglob("agent_*.py")))  # noqa: ASYNC240 - once, before any timing
    opened, started = [], []
    for _ in range(rounds):
        begun = time.perf_counter()
        session = Session(debounce=None, root=tree)
        await session.start()
        try:
            opened.append(await session.open(agent, agent.read_text()))
            started.append(time.perf_counter() - begun)
        finally:
            await session.stop()
    return opened, started


async def typing(root: Path, rounds: int) -> list[float]:
    """Keystroke to diagnostics on a small agent module, with the server's default pause."""
    session = Session(debounce=None, root=root)
    await session.start()
    try:
        return await edit_rounds(session, root / "small_agent.py", agent_module(20), rounds)
    finally:
        await session.stop()


async def run(rounds: int, lines: int, files: int) -> dict[str, list[float]]:
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "pyproject.toml").write_text("[tool.templating]\n")
        tree = root / "tree"
        tree.mkdir()
        write_tree(tree, files)
        results["keystroke, small module, default pause"] = await typing(root, rounds)
        opened, started = await first_diagnostics(tree, max(3, rounds // 8))
        results[f"first diagnostics, {files}-file project"] = opened
        results["  the same, from starting the server"] = started
        session = Session()
        await session.start()
        try:
            module = root / "big_agent.py"
            results[f"one {lines}-line module, pause 0"] = await edit_rounds(
                session, module, agent_module(lines), rounds
            )
            paths = sorted(tree.rglob("*.py"))
            for path in paths:
                await session.open(path, path.read_text())
            agent = next(path for path in paths if path.name.startswith("agent_"))
            plain = next(path for path in paths if path.name.startswith("helpers_"))
            results[f"{files}-file workspace, agent module, pause 0"] = await edit_rounds(
                session, agent, agent.read_text(), rounds
            )
            results[f"{files}-file workspace, plain module, pause 0"] = await edit_rounds(
                session, plain, plain.read_text(), rounds
            )
        finally:
            await session.stop()
    return results


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the benchmark and print the medians; return them in milliseconds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="edits per workload")
    parser.add_argument("--quick", action="store_true", help="a smoke run on tiny inputs")
    args = parser.parse_args(argv)
    rounds, lines, files = (3, 50, 10) if args.quick else (args.rounds, 2000, 200)
    results = asyncio.run(run(rounds, lines, files))
    medians = {}
    print(f"didChange/didOpen -> publishDiagnostics, {rounds} edits each")
    for label, seconds in results.items():
        milliseconds = sorted(1000 * s for s in seconds)
        medians[label] = statistics.median(milliseconds)
        p90 = milliseconds[int(0.9 * (len(milliseconds) - 1))]
        print(f"  {label:48} median {medians[label]:7.1f} ms   p90 {p90:7.1f} ms")
    return medians


if __name__ == "__main__":
    main()
