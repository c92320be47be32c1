"""The lint run: files (in worker processes, through the cache), then the project rules.

`lint_paths` is the entry point the command line uses: each file is read by the project's
front door (`templating.project.reading`) and linted on its own by `lint_file` into a
picklable [`FileResult`][templating.lint.file_result.FileResult] (what worker processes
return and the cache keeps), holding the per-file rules' findings and the project model's
facts about the file; the project rules (TPL014-TPL016) then run once on the model assembled
from every file's facts. `lint_text` lints one file's text with the per-file rules only.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from templating.lint.exemptions import drop_exempt
from templating.lint.file_result import FileResult
from templating.lint.finding import Finding
from templating.lint.instruction_lint import lint_instructions, problem_findings
from templating.lint.project_lint import PROJECT_CODES, lint_project
from templating.lint.settings import Settings
from templating.lint.severities import with_severities
from templating.lint.unused_noqa import UNUSED_NOQA, unused_noqa
from templating.lint.workers import default_jobs, map_chunks
from templating.project.files import collect_files, is_excluded
from templating.project.reading import Reading, read_file, read_text
from templating.project.roots import ProjectRoots, rest_of_projects
from templating.project.sources import SourceCache
from templating.project.surfaces import is_walked

if TYPE_CHECKING:
    from templating.lint.cache import LintCache

__all__ = ["LintResult", "lint_file", "lint_files", "lint_paths", "lint_reading", "lint_text"]


@dataclass(frozen=True, slots=True)
class LintResult:
    """The findings of one run, sorted, how many files were read, and the paths given that
    held nothing to lint."""

    findings: tuple[Finding, ...]
    files: int
    empty: tuple[Path, ...] = ()
    #: Symbolic links found in the folders walked that lead out of the project: not read.
    outside: tuple[Path, ...] = ()


def lint_paths(
    paths: Sequence[Path], settings: Settings, *, jobs: int | None = None, cache: bool = False
) -> LintResult:
    """Lint every file under ``paths`` (``FileNotFoundError`` for a path that does not exist),
    in up to ``jobs`` worker processes (default: one per CPU, when there are enough files),
    reusing the results ``.templating_cache/`` holds for unchanged files when ``cache`` is set,
    then run the project rules on the model assembled from every file's facts (or reuse their
    stored findings when no file changed).

    A file named on its own (pre-commit, an editor, CI on a diff) gets the findings a
    whole-project run reports in it: the rest of its project is read too, to know which of its
    constants are instructions (a prompt module's, used by an agent elsewhere) and who writes
    what; only findings in the files linted are reported."""
    outside: list[Path] = []
    files, empty = _collect(paths, settings, outside)
    run = _run(paths, files, settings, jobs or default_jobs(), cache)
    found = run.reported()
    if UNUSED_NOQA in settings.enabled:
        found += unused_noqa(
            run.results, run.findings, settings, lambda quiet: _run(paths, files, quiet, run.jobs, False)
        )
    # File-level `templating: noqa`, read as the files are now (a file read this run without the
    # word holds none: it is not read again).
    clear = {result.path for result in [*run.results, *run.rest] if not result.may_exempt}
    kept = with_severities(drop_exempt(found, clear=clear), settings.severities)
    return LintResult(tuple(sorted(kept, key=lambda f: f.sort_key)), len(files), empty, tuple(dict.fromkeys(outside)))


@dataclass(slots=True)
class _Run:
    """The results of one run over the files linted (``results``) and the rest of their
    project read for them (``rest``), and every finding, in whichever file it lies."""

    results: list[FileResult]
    rest: list[FileResult]
    jobs: int
    findings: dict[tuple, Finding] = field(default_factory=dict)
    #: The keys of ``findings`` from the project rules (reported in the files linted only).
    project: set[tuple] = field(default_factory=set)
    #: With a file named, per-file findings are reported in the files linted only.
    only_linted: bool = False
    #: The folders named (resolved): a file under one is linted, whether walking finds it
    #: or an instruction of a file linted is read from it (a committed Markdown file).
    folders: tuple[str, ...] = ()
    settings: Settings = field(default_factory=Settings)

    def reported(self) -> list[Finding]:
        """The findings that lie in the files linted (with folders alone, the per-file rules'
        findings wherever they lie, as the files linted found them)."""
        linted = {result.path for result in self.results}
        under = _Under(self.folders, self.settings)
        return [
            finding for key, finding in self.findings.items()
            if finding.path in linted or not (self.only_linted or key in self.project) or under(finding.path)
        ]  # fmt: skip


class _Under:
    """Whether a path as findings show it is a file no walk lists (a Markdown instruction
    file) under one of ``folders`` and not excluded: each path is asked once."""

    def __init__(self, folders: tuple[str, ...], settings: Settings) -> None:
        self.folders = tuple(os.path.join(folder, "") for folder in folders)
        self.settings = settings
        self.known: dict[str, bool] = {}

    def __call__(self, path: str) -> bool:
        if not self.folders or is_walked(os.path.basename(path)):
            return False  # a file walking lists is linted, or excluded, already
        if path not in self.known:
            inside = os.path.realpath(path).startswith(self.folders)
            settings = self.settings
            self.known[path] = inside and not is_excluded(Path(path), settings.glob_root, settings.exclude)
        return self.known[path]


def _run(paths: Sequence[Path], files: list[Path], settings: Settings, jobs: int, cache: bool) -> _Run:
    lint_cache = _open_cache(settings) if cache else None
    results = _file_results(files, settings, jobs, lint_cache)
    rest = _rest_of_project(paths, files, settings, jobs, lint_cache)
    # With a file named, the findings are those in the files linted: the rest of the project's
    # results hold the findings in a named prompt module its agents use, and a named agent's
    # result those in prompt modules that were not named.
    folders = tuple(os.path.realpath(path) for path in paths if str(path) != "-" and path.is_dir())
    run = _Run(results, rest, jobs, only_linted=bool(rest) or _names_a_file(paths), folders=folders, settings=settings)
    for result in [*results, *rest]:
        for finding in result.findings:
            run.findings.setdefault((finding.sort_key, finding.message), finding)
    # A project finding sits at a read, a write or an agent: in a file with facts.
    if PROJECT_CODES & settings.enabled and any(result.facts for result in [*results, *rest]):
        # Project-wide rules run here, once per project (nested projects each alone), over
        # every file's result (cached or not); their findings are reused only when no file
        # changed. They are reported in the files linted, not in the rest of the project read
        # for them.
        for project, members in _by_project([*results, *rest], settings).items():
            for finding in _project_findings(project, members, settings, lint_cache):
                key = (finding.sort_key, finding.message)
                if key not in run.findings:
                    run.findings[key] = finding
                    run.project.add(key)
    if lint_cache is not None:
        lint_cache.save()  # once, after the files and the project rules are stored
    return run


def _by_project(results: list[FileResult], settings: Settings) -> dict[str, list[FileResult]]:
    """The results grouped by the project each file belongs to (`ProjectRoots`): a project
    nested in another (a ``package.json`` folder of a repository) is judged alone."""
    roots = ProjectRoots(settings.root)
    groups: dict[str, list[FileResult]] = {}
    for result in results:
        groups.setdefault(roots.of(Path(result.path)), []).append(result)
    return groups


def _names_a_file(paths: Sequence[Path]) -> bool:
    return any(str(path) != "-" and path.is_file() for path in paths)


def _open_cache(settings: Settings) -> LintCache:
    # Imported here: --no-cache (an editor, TEMPLATING_NO_CACHE) never loads pickle and hashing.
    from templating.lint.cache import LintCache

    return LintCache(settings)


def _project_findings(
    root: str, project: list[FileResult], settings: Settings, cache: LintCache | None
) -> Sequence[Finding]:
    """The project rules' findings of the project at ``root``, from the cache when no file of
    it has changed.

    The files are taken in the order of their paths, not in the order they were named: the
    project is the same whichever of its files pre-commit names, and so are its findings and
    the cache entry that holds them."""
    project = sorted(project, key=lambda result: result.path)
    files = tuple(result.path for result in project)
    stored = cache.project_findings(root, files) if cache is not None else None
    if stored is not None:
        return stored
    found = lint_project([facts for result in project for facts in result.facts or ()], settings)
    if cache is not None:
        cache.store_project(root, files, found)
    return found


def _rest_of_project(
    paths: Sequence[Path], files: list[Path], settings: Settings, jobs: int, cache: LintCache | None
) -> list[FileResult]:
    """The results of the project files not linted, when single files or sub-folders were named.

    pre-commit and editors name only the files that changed, and a user may lint one app's
    folder: a key written or seeded in a file that was not named is still written. The
    project of a path is found as every command finds it (`templating.project.roots`)."""
    rest = rest_of_projects(
        paths, files, root=settings.root, include=settings.include, exclude=settings.exclude, base=settings.glob_root
    )  # fmt: skip
    return _file_results(rest, settings, jobs, cache) if rest else []


def _file_results(files: list[Path], settings: Settings, jobs: int, cache: LintCache | None) -> list[FileResult]:
    """Each file's result: from the cache when it is still valid, else linted afresh."""
    cached = {file: cache.lookup(file) for file in files} if cache is not None else {}
    missing = [file for file in files if cached.get(file) is None]
    fresh = dict(zip(missing, map_chunks(lint_files, missing, settings, jobs)))
    if cache is not None:
        for file, result in fresh.items():
            cache.store(file, result)
    return [cached.get(file) or fresh[file] for file in files]


def lint_files(files: list[Path], settings: Settings) -> list[FileResult]:
    """Lint ``files`` in order, sharing one cache of parsed modules: what a worker runs."""
    modules = SourceCache(Path.cwd(), project=settings.root)
    return [lint_file(file, settings, modules) for file in files]


def _collect(paths: Sequence[Path], settings: Settings, outside: list[Path]) -> tuple[list[Path], tuple[Path, ...]]:
    """The files under ``paths``, and the paths under which there are none. A file named but
    dropped by ``force_exclude`` is not one of those: pre-commit names excluded files too."""
    found: dict[Path, None] = {}
    empty = []
    for path in paths:
        files = collect_files(
            [path], settings.root, settings.include, settings.exclude, force_exclude=settings.force_exclude,
            outside=outside, base=settings.glob_root,
        )  # fmt: skip
        if not files and path not in outside and not (settings.force_exclude and path.is_file()):
            empty.append(path)
        found.update(dict.fromkeys(files))
    return list(found), tuple(empty)


def lint_file(file: Path, settings: Settings, modules: SourceCache) -> FileResult:
    """Lint one file on its own; ``modules`` caches the modules parsed so far."""
    reading = read_file(file, settings.dialect, modules)
    findings = tuple(lint_reading(reading, settings))
    return FileResult(reading.file, findings, reading.facts or None, reading.dependencies, reading.may_exempt)


def lint_reading(reading: Reading, settings: Settings) -> list[Finding]:
    """The per-file rules' findings of one file the front door read."""
    if reading.problem is not None:
        return problem_findings(reading.file, reading.problem, settings)
    return lint_instructions(reading.instructions, reading.file, settings)


def lint_text(
    text: str, display: str, settings: Settings, *, path: Path | None = None, cache: SourceCache | None = None
) -> list[Finding]:
    """Lint one file's ``text``; the name of ``display`` picks its surface (Python, YAML,
    prompt text...).

    Only the per-file rules run: the project rules need every file (see `lint_paths`).
    """
    found = drop_exempt(lint_reading(read_text(text, path or Path(display), display, cache), settings), {display: text})
    return with_severities(found, settings.severities)
