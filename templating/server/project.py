"""One project as the server holds it: every file's reading, the open buffers over them, the model.

The files are read through the project's front door once, when the first file of the project
is linted. After that a file is read again only when its text changes: its buffer on each
edit, and every file whose instructions came from it (``agent.py`` passing ``prompt.ROOT``
depends on ``prompt.py``). The open buffers stand in for their files everywhere, so the project
rules' findings in a constants module carry the positions of its unsaved text.

Paths are resolved once, here: keys are real paths, and what findings show is relative to the
config's folder, whatever the server's working folder is.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from templating.lint.finding import Finding
from templating.lint.project_lint import lint_model
from templating.lint.settings import Settings
from templating.project.files import collect_files
from templating.project.model.assembly import ProjectModel, assemble
from templating.project.model.instruction import SourceFile
from templating.project.reading import Reading, SourceCache, read_file, read_text
from templating.project.roots import ProjectRoots
from templating.project.surfaces import Problem, surface_for

__all__ = ["Project"]


class Project:
    """The readings of every file under ``root`` and the model and project findings they make."""

    def __init__(self, root: Path, settings: Settings, buffers: Mapping[str, str]) -> None:
        self.root = root
        self.settings = settings
        self.readings: dict[str, Reading] = {}
        self._model: ProjectModel | None = None
        self._findings: list[Finding] | None = None
        #: What failed while reading, assembling or linting the project, for the client's log
        #: (each failure is kept to its own file, or to the project rules).
        self.failures: list[str] = []
        modules = SourceCache(settings.root, buffers)
        try:
            walked = collect_files([root], settings.root, settings.include, settings.exclude, base=settings.glob_root)
        except OSError:
            walked = []
        nested = ProjectRoots(root)  # a project nested in this one is its own
        files = [file for file in walked if nested.of(file) == nested.top]
        for file in files:
            key = modules.key(file)
            if key in buffers:
                self.readings[key] = self._read_buffer(Path(key), buffers[key], modules)
            else:
                self.readings[key] = self._isolated(key, functools.partial(read_file, file, settings.dialect, modules))

    @property
    def model(self) -> ProjectModel:
        """The model of every reading (assembled again only after a reading changed)."""
        if self._model is None:
            facts = [fact for reading in self.readings.values() for fact in reading.facts]
            try:
                self._model = assemble(facts, self.settings.dialect)
            except Exception as error:  # noqa: BLE001 - each file is still linted on its own
                self.failures.append(f"the project model: {type(error).__name__}: {error}")
                self._model = assemble([], self.settings.dialect)
        return self._model

    @property
    def findings(self) -> list[Finding]:
        """The project rules' findings, worked out once per model, not per keystroke."""
        if self._findings is None:
            try:
                self._findings = lint_model(self.model, self.settings)
            except Exception as error:  # noqa: BLE001 - each file is still linted on its own
                self.failures.append(f"the project rules: {type(error).__name__}: {error}")
                self._findings = []
        return self._findings

    def update(self, key: str, text: str, buffers: Mapping[str, str]) -> Reading:
        """Read the buffer of the file ``key`` (a real path) again, and every file whose
        instructions came from it; return its reading."""
        modules = SourceCache(self.settings.root, buffers)
        reading = self._read_buffer(Path(key), text, modules)
        changed = self._replace(key, reading)
        surface = surface_for(Path(key).name)
        if surface.import_hint is not None or not surface.walked:  # others' instructions come from it
            for dependent in [other for other, found in self.readings.items() if key in found.dependencies]:
                changed |= self._replace(dependent, self._reread(dependent, buffers, modules))
        if changed:
            self._model = self._findings = None
        return reading

    def readers_of(self, key: str) -> list[Reading]:
        """The readings of the files whose instructions are read from the file ``key`` (a
        real path): the code that reads a committed instruction file."""
        return [reading for other, reading in self.readings.items() if other != key and key in reading.dependencies]

    def revert(self, key: str, buffers: Mapping[str, str]) -> None:
        """The buffer of ``key`` was closed: its file on disk is the truth again."""
        if key not in self.readings:
            return
        modules = SourceCache(self.settings.root, buffers)
        changed = self._replace(key, self._isolated(key, lambda: read_file(Path(key), self.settings.dialect, modules)))
        for dependent in [other for other, found in self.readings.items() if key in found.dependencies]:
            changed |= self._replace(dependent, self._reread(dependent, buffers, modules))
        if changed:
            self._model = self._findings = None

    def _replace(self, key: str, reading: Reading) -> bool:
        """Keep ``reading``; whether the model's facts changed (most keystrokes change none)."""
        previous = self.readings.get(key)
        self.readings[key] = reading
        return previous is None or not same_facts(previous.facts, reading.facts)

    def _reread(self, key: str, buffers: Mapping[str, str], modules: SourceCache) -> Reading:
        if key in buffers:
            return self._read_buffer(Path(key), buffers[key], modules)
        return self._isolated(key, lambda: read_file(Path(key), self.settings.dialect, modules))

    def _read_buffer(self, file: Path, text: str, modules: SourceCache) -> Reading:
        def read() -> Reading:
            modules.looked_up.clear()
            reading = read_text(text, file, modules.display(file), modules, dialect=self.settings.dialect)
            dependencies = tuple(sorted(modules.looked_up - {modules.key(file)}))
            return Reading(reading.file, reading.instructions, reading.facts, dependencies, reading.problem)

        return self._isolated(str(file), read, modules.display(file))

    def _isolated(self, key: str, read: Callable[[], Reading], display: str | None = None) -> Reading:
        """``read()``, or, when a reader fails, a reading of the file with nothing but the
        failure as its problem (a TPL013 finding in that file): one file the front ends cannot
        read must not leave every other file of the project without diagnostics."""
        try:
            return read()
        except Exception as error:  # noqa: BLE001 - kept to this file, said in it and in the log
            self.failures.append(f"{key}: {type(error).__name__}: {error}")
            shown = display or SourceCache(self.settings.root, {}).display(Path(key))
            return Reading(shown, problem=Problem("invalid", f"cannot read the file: {type(error).__name__}: {error}"))


def same_facts(old: Any, new: Any) -> bool:
    """Whether two files' facts say the same, whatever the rest of their files' text: a
    keystroke in a comment or in code no front end reads changes only the `SourceFile` text the
    facts point into, and must not make the whole project's model and rules be worked out
    again (with a 17,000-agent project that was over a second per keystroke). Every position
    (line, column, offset) and every value read from the text is still compared, so a shift
    of a single character anywhere a fact lies counts as a change. Walked with a stack: facts
    can nest deeply (a long chain of workflows)."""
    pending = [(old, new)]
    while pending:
        left, right = pending.pop()
        if left is right:
            continue
        if type(left) is not type(right):
            return False
        if isinstance(left, SourceFile):
            if left.path != right.path:
                return False
        elif dataclasses.is_dataclass(left):
            fields = [field.name for field in dataclasses.fields(left) if field.compare]
            pending.extend((getattr(left, name), getattr(right, name)) for name in fields)
        elif isinstance(left, (tuple, list)):
            if len(left) != len(right):
                return False
            pending.extend(zip(left, right))
        elif isinstance(left, dict):
            if left.keys() != right.keys():
                return False
            pending.extend((value, right[name]) for name, value in left.items())
        elif left != right:
            return False
    return True
