"""``templating snapshot [PATH ...] [--check] [--update]``: every agent's first model request,
kept as text files meant to be committed, so that a pull request shows instruction changes as
diffs of what the model receives.

One file per model-calling agent and sample state, under the project's ``snapshot-folder``
(``request-snapshots/`` by default), mirroring the agent's file: ``request-snapshots/shop/agent/
assistant.txt``; with ``snapshot-states``, one per state (``assistant.new_user.txt``). A file
holds the request as `templating request` shows it, without line numbers (moving code changes
no snapshot), and the cacheable prefix's length with a hash of its text; blanks at the end of a
line are written ``␠`` (and tabs ``␉``, carriage returns ``␍``), so that whitespace fixers
leave the file alone.

As a snapshot test runner does: without options, missing snapshots are written and stale ones
reported (exit 1); ``--update`` rewrites stale ones and removes those of agents that are gone;
``--check`` writes nothing and fails on any difference (the CI gate), showing the diff and
saying apart which agents' cacheable prefix changed.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from templating.atomic_write import write_atomically
from templating.cli.common import EXIT_FAILURE, EXIT_OK, UsageError, project_model, project_settings
from templating.cli.request import project_state, read_state_file
from templating.cli.request_output import request_lines
from templating.printable import printable
from templating.project.model.request import NotModeledError, Request, request_for

__all__ = ["add_arguments", "snapshot_text"]

#: The first words of every file the command writes: it never touches another file.
HEADER = "# templating snapshot:"
#: The suffix of a snapshot file: the tool's own output, read back only by `snapshot`.
SNAPSHOT_SUFFIX = ".txt"
_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the ``snapshot`` options."""
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders of the project (default: .)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="write nothing; fail when a snapshot is missing or stale")
    mode.add_argument("--update", action="store_true", help="rewrite stale snapshots and remove those of gone agents")
    parser.set_defaults(handler=_run)


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """One snapshot as the project makes it now: its file, text and cacheable prefix."""

    file: Path
    text: str
    agent: str
    source: str
    prefix: str


def _run(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    settings = project_settings([paths[0]])
    assert settings.snapshot_folder is not None
    root, folder = Path(os.path.realpath(settings.root)), settings.snapshot_folder
    model = project_model(paths)
    states = _states(settings, paths[0])
    snapshots: list[_Snapshot] = []
    skipped = 0
    for agent in (agent for agent in model.agents if agent.kind == "llm"):
        for name, state in states:
            try:
                request = request_for(model, agent, state)
            except NotModeledError:
                skipped += 1
                break
            snapshots.append(_snapshot(request, name, root, folder))
    if skipped:
        print(f"templating: {skipped} agents of other ADK ports have no snapshot", file=sys.stderr)
    snapshots.sort(key=lambda snapshot: snapshot.file)
    gone = _gone(folder, root, {s.file for s in snapshots}, [Path(os.path.realpath(p)) for p in paths])
    return _compare(snapshots, gone, folder, root, check=arguments.check, update=arguments.update)


def _states(settings: Any, start: Path) -> list[tuple[str, dict[str, Any]]]:
    """The sample states to snapshot at, by name (``""``: the project's default state)."""
    if not settings.snapshot_states:
        return [("", project_state(start))]
    return [(file.stem, read_state_file(file)) for file in settings.snapshot_states]


def _snapshot(request: Request, state: str, root: Path, folder: Path) -> _Snapshot:
    agent = request.agent
    source = _relative(agent.path, root)
    stem = Path(source).with_suffix("")
    name = "".join(c if c in _SAFE else "_" for c in agent.name) + (f".{state}" if state else "") + SNAPSHOT_SUFFIX
    return _Snapshot(folder / stem / name, snapshot_text(request, state, root), agent.name, source, _prefix(request))


def snapshot_text(request: Request, state: str, root: Path) -> str:
    """A snapshot file's text: a header naming the agent, then the request without positions."""
    agent = request.agent
    prefix = _prefix(request)
    digest = hashlib.sha256(prefix.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    header = [
        f"{HEADER} the first model request of agent `{agent.name}` ({_relative(agent.path, root)})",
        f"# state: {state or 'the initial-state and sample state of the project'}",
        f"# cacheable prefix: {len(prefix):,} characters (sha256 {digest})",
    ]
    body = request_lines(request, positions=False, terminal=False, shown=lambda path: _relative(path, root))
    lines = "\n".join([*header, *body]).split("\n")
    return "\n".join([*map(_kept, lines), "# end"]) + "\n"


def _kept(line: str) -> str:
    """A line as a repository keeps it whatever its hooks do: trailing blanks written as
    visible symbols (a whitespace fixer would strip them), a carriage return too."""
    stripped = line.rstrip(" \t")
    trailing = line[len(stripped) :].replace(" ", "\u2420").replace("\t", "\u2409")
    return (stripped + trailing).replace("\r", "\u240d")


def _prefix(request: Request) -> str:
    return request.cacheable_text


def _relative(path: str, root: Path) -> str:
    """``path`` (as the model shows it) relative to the project root, with ``/``."""
    absolute = os.path.realpath(path)
    relative = os.path.relpath(absolute, root)
    return Path(relative).as_posix() if not relative.startswith("..") else Path(path).as_posix()


def _gone(folder: Path, root: Path, kept: set[Path], paths: list[Path]) -> list[Path]:
    """The snapshot files of agents no longer found under ``paths``."""
    if not folder.is_dir():
        return []
    gone = []
    for file in sorted(folder.rglob(f"*{SNAPSHOT_SUFFIX}")):
        if file in kept or file.is_symlink():
            continue
        source = _source_of(file)
        if source is not None and any(_under(root / source, path) for path in paths):
            gone.append(file)
    return gone


def _source_of(file: Path) -> str | None:
    """The agent file a snapshot names in its header; ``None`` for a file this command did not write."""
    try:
        with file.open(encoding="utf-8", errors="replace") as stream:
            first = stream.readline()
    except OSError:
        return None
    if not first.startswith(HEADER) or not first.rstrip().endswith(")") or " (" not in first:
        return None
    return first.rstrip()[:-1].rsplit(" (", 1)[1]


def _under(file: Path, folder: Path) -> bool:
    absolute = Path(os.path.realpath(file))
    return absolute == folder or folder in absolute.parents


def _compare(
    snapshots: list[_Snapshot], gone: list[Path], folder: Path, root: Path, *, check: bool, update: bool
) -> int:
    stale, missing, prefixes = 0, 0, []
    for snapshot in snapshots:
        old = _read(snapshot.file)
        if old == snapshot.text:
            continue
        if old is None:
            missing += 1
            if not check:
                _write(snapshot.file, snapshot.text, root)
                print(f"wrote {_shown(snapshot.file, root)}")
            else:
                print(f"missing: {_shown(snapshot.file, root)} (agent `{snapshot.agent}`)")
            continue
        stale += 1
        if update:
            _write(snapshot.file, snapshot.text, root)
            print(f"updated {_shown(snapshot.file, root)}")
        else:
            _print_diff(snapshot, old, root)
        if _prefix_line(old) != _prefix_line(snapshot.text):
            prefixes.append(f"cacheable prefix changed: agent `{snapshot.agent}` ({snapshot.source}): "
                            f"{_prefix_line(old)} -> {_prefix_line(snapshot.text)}")  # fmt: skip
    for file in gone:
        if update:
            file.unlink()
            print(f"removed {_shown(file, root)} (its agent is gone)")
        else:
            print(f"no agent: {_shown(file, root)} (run `templating snapshot --update` to remove it)")
    for line in prefixes:
        print(printable(line))
    failed = (stale and not update) or (missing and check) or (gone and not update)
    if failed:
        print(
            f"{stale} stale, {missing} missing, {0 if update else len(gone)} without an agent; "
            f"{len(prefixes)} cacheable prefixes changed: run `templating snapshot --update` and commit "
            f"{_shown(folder, root)}/",
            file=sys.stderr,
        )
    elif not (stale or missing or gone):
        print(f"{len(snapshots)} snapshots up to date", file=sys.stderr)
    return EXIT_FAILURE if failed else EXIT_OK


def _print_diff(snapshot: _Snapshot, old: str, root: Path) -> None:
    name = _shown(snapshot.file, root)
    lines = difflib.unified_diff(
        old.splitlines(keepends=True), snapshot.text.splitlines(keepends=True), f"{name} (committed)", f"{name} (now)"
    )
    sys.stdout.write("".join(printable(line.rstrip("\n"), keep_newlines=True) + "\n" for line in lines))


def _prefix_line(text: str) -> str:
    line = next((line for line in text.splitlines()[:3] if line.startswith("# cacheable prefix: ")), "")
    return line.removeprefix("# cacheable prefix: ")


def _read(file: Path) -> str | None:
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{file}: cannot read the snapshot ({error})") from None


def _write(file: Path, text: str, root: Path) -> None:
    """Write a snapshot, never outside the project (a folder that links out of it is refused)."""
    file.parent.mkdir(parents=True, exist_ok=True)
    if not _under(file.parent, root):
        raise UsageError(f"{file.parent}: the snapshot folder leads out of the project: not written")
    write_atomically(file, text.encode("utf-8", "surrogateescape"))


def _shown(file: Path, root: Path) -> str:
    return printable(_relative(str(file), root))
