"""What the language server asks of the project, behind one small class.

`Workspace` answers three questions: the findings and the instructions of one file as
its (possibly unsaved) text stands, and who writes a state key. The first two stand on the
linter and discovery; the writers on the project model. The model is assembled from every
file's facts: read from disk once per project root, then each file's facts are replaced by
those of its buffer whenever the server lints it, so the project rules (TPL014-TPL016) and the
writers follow the text as it is typed. Before any file of a project has been seen,
`Workspace.writers_of` answers ``None`` ("not known"), never an empty answer that would
read as "written nowhere".

A module such as ``prompt.py`` holds constants that only a sibling module passes as
``instruction=``: the file alone has no instruction. Its instructions are found by reading the
siblings of its package folder that name it, with the buffer's text standing in for the file.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from templating.lint.config import ConfigError, ToolConfig, build_settings, find_config
from templating.lint.finding import Finding
from templating.lint.instruction_lint import lint_instruction, problem_findings
from templating.lint.linter import lint_reading
from templating.lint.project_lint import lint_model
from templating.lint.settings import Settings
from templating.project.facts import FileFacts, Writer
from templating.project.files import collect_files
from templating.project.instruction import Instruction
from templating.project.model import ProjectModel, assemble
from templating.project.reading import (
    ModuleCache,
    borrowed_instructions,
    read_files,
    read_text,
)
from templating.project.surfaces import Problem, claiming

__all__ = ["MAX_CHARACTERS", "Workspace", "is_linted", "normalize"]

#: A buffer longer than this is not linted as you type: one TPL013 finding says why.
MAX_CHARACTERS = 2_000_000


class Workspace:
    """The project as the server sees it: settings per folder, findings, instructions, writers."""

    def __init__(self) -> None:
        self._settings: dict[Path, tuple[Settings, str | None]] = {}
        # Per project root: each file's facts by its display path, and the model they make.
        self._facts: dict[Path, dict[str, tuple[FileFacts, ...]]] = {}
        self._models: dict[Path, ProjectModel] = {}
        # The project rules' findings of each model, worked out once per model, not per keystroke.
        self._model_findings: dict[Path, list[Finding]] = {}
        self._root: Path | None = None

    def settings_for(self, path: Path) -> tuple[Settings, str | None]:
        """The settings of the closest ``pyproject.toml`` above ``path``, and a config error if
        it is invalid (the defaults are used then, so the buffer is still linted)."""
        folder = path.parent
        if folder not in self._settings:
            self._settings[folder] = _load_settings(folder)
        return self._settings[folder]

    def forget_settings(self) -> None:
        """Read every config again on next use (a ``pyproject.toml`` or state file changed)."""
        self._settings.clear()
        self._model_findings.clear()

    def findings(self, path: Path, text: str) -> list[Finding]:
        """The findings of the file at ``path`` whose text is now ``text``, sorted."""
        buffer = self._buffer(path, text)
        if buffer is None:
            return []
        settings, display, text = buffer
        if len(text) > MAX_CHARACTERS:
            return _too_large(display, len(text), settings)
        cache = ModuleCache(settings.root)
        reading = read_text(text, path, display, cache)
        model = self._update_model(settings, display, reading.facts)
        if settings.root not in self._model_findings:
            self._model_findings[settings.root] = lint_model(model, settings)
        # Linting agent.py also reports prompt.py's constants: each file shows its own only.
        own = [f for f in [*lint_reading(reading, settings), *self._model_findings[settings.root]] if f.path == display]
        found = {(finding.sort_key, finding.message): finding for finding in own}
        for instruction in borrowed_instructions(path, text, display, cache):
            for finding in lint_instruction(instruction, settings):
                found.setdefault((finding.sort_key, finding.message), finding)
        return sorted(found.values(), key=lambda finding: finding.sort_key)

    def instructions(self, path: Path, text: str) -> list[Instruction]:
        """The instructions whose text lies in this file (an unparseable file has none)."""
        buffer = self._buffer(path, text)
        if buffer is None or len(buffer[2]) > MAX_CHARACTERS:
            return []
        settings, display, text = buffer
        cache = ModuleCache(settings.root)
        try:
            own = read_text(text, path, display, cache).instructions
        except ValueError:  # a null byte in Python source
            return []
        return [*own, *borrowed_instructions(path, text, display, cache)]

    def _buffer(self, path: Path, text: str) -> tuple[Settings, str, str] | None:
        """The settings, display path and normalized text of a buffer the server lints;
        ``None`` for a file it does not lint."""
        if not is_linted(path):
            return None
        settings, _ = self.settings_for(path)
        return settings, _display(path, settings.root), normalize(text)

    def writers_of(self, key: str) -> tuple[Writer, ...] | None:
        """The writers of state key ``key`` in the project of the file linted last, each with
        its ``path`` made absolute; ``None`` while no project is known."""
        if self._root is None or self._root not in self._models:
            return None
        root = self._root
        return tuple(
            dataclasses.replace(writer, key=key, path=(root / writer.path).as_posix())
            for writer in self._models[root].writers_of(key)
        )

    def written_keys(self) -> tuple[str, ...] | None:
        """Every state key the project of the file linted last writes; ``None`` while no
        project is known."""
        if self._root is None or self._root not in self._models:
            return None
        return tuple(sorted(self._models[self._root].written_keys()))

    def forget_project(self) -> None:
        """Read every project from disk again on next use (a file was saved, created or deleted)."""
        self._facts.clear()
        self._models.clear()
        self._model_findings.clear()

    def _update_model(self, settings: Settings, display: str, facts: tuple[FileFacts, ...]) -> ProjectModel:
        """The model of ``settings.root`` with ``display``'s facts replaced by ``facts``."""
        root = self._root = settings.root
        if root not in self._facts:
            self._facts[root] = _read_project(settings)
        if root in self._models and self._facts[root].get(display, ()) == facts:
            return self._models[root]  # an edit that changes no fact (most keystrokes outside agents)
        self._facts[root][display] = facts
        self._model_findings.pop(root, None)
        model = self._models[root] = assemble(
            [fact for file_facts in self._facts[root].values() for fact in file_facts], settings.dialect
        )
        return model


def is_linted(path: Path) -> bool:
    """Whether the server lints a file named ``path``: one a surface of the registry claims
    (Python, YAML, an evaluation's session, prompt files); other files an editor sends
    (``pyproject.toml``) are not."""
    return claiming(path.name) is not None


def normalize(text: str) -> str:
    """The text as the linter reads files: every line break is ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_project(settings: Settings) -> dict[str, tuple[FileFacts, ...]]:
    """Every file's facts under the project root, as the files stand on disk."""
    try:
        files = collect_files([settings.root], settings.root, settings.include, settings.exclude)
    except OSError:
        return {}
    return {reading.file: reading.facts for reading in read_files(files, settings.dialect)}


def _load_settings(folder: Path) -> tuple[Settings, str | None]:
    try:
        config, root = find_config(folder)
        return build_settings(config, root), None
    except ConfigError as error:
        return build_settings(ToolConfig(), folder), str(error)


def _display(path: Path, root: Path) -> str:
    try:
        return Path(os.path.relpath(path, root)).as_posix() if path.is_relative_to(root) else path.as_posix()
    except ValueError:  # another drive on Windows
        return path.as_posix()


def _too_large(display: str, length: int, settings: Settings) -> list[Finding]:
    message = f"not linted in the editor: {length:,} characters is over the limit of {MAX_CHARACTERS:,}"
    return problem_findings(display, Problem("too-large", message), settings)
