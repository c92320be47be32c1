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

import os
from dataclasses import dataclass
from pathlib import Path

from templating.lint.config import ConfigError, ToolConfig, build_settings, find_config
from templating.lint.finding import Finding
from templating.lint.linter import lint_files, lint_instruction, scan_text
from templating.lint.project_lint import lint_model
from templating.lint.settings import Settings
from templating.project.facts import FileFacts
from templating.project.files import PROMPT_SUFFIXES, PYTHON_SUFFIXES, YAML_SUFFIXES, collect_files
from templating.project.model import ProjectModel, assemble
from templating.project.instruction import Instruction, SourceFile, plain_instruction
from templating.project.python_source import ModuleCache, find_python_instructions, load_module

__all__ = ["MAX_CHARACTERS", "Workspace", "Writer", "is_linted", "normalize"]

_LINTED_SUFFIXES = PYTHON_SUFFIXES | YAML_SUFFIXES | PROMPT_SUFFIXES

#: A buffer longer than this is not linted as you type: one TPL013 finding says why.
MAX_CHARACTERS = 2_000_000
# Siblings are read to find the instructions of a constants module; a package folder with more
# Python files than this is not searched (each change would read them all).
_MAX_SIBLINGS = 50


@dataclass(frozen=True, slots=True)
class Writer:
    """Code that writes a state key: ``kind`` (``output_key``, ``tool``, ``callback``,
    ``initial-state``...), the agent it belongs to if known, and a 1-based position."""

    key: str
    kind: str
    path: Path
    line: int
    column: int
    agent: str | None = None
    #: The function whose code writes it (a tool, a callback, a workflow's function node).
    function: str | None = None


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
        scan = scan_text(text, display, settings, path=path, cache=cache)
        model = self._update_model(settings, display, scan.facts)
        if settings.root not in self._model_findings:
            self._model_findings[settings.root] = lint_model(model, settings)
        # Linting agent.py also reports prompt.py's constants: each file shows its own only.
        own = [f for f in [*scan.findings, *self._model_findings[settings.root]] if f.path == display]
        found = {(finding.sort_key, finding.message): finding for finding in own}
        for instruction in _borrowed_instructions(path, text, display, cache):
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
            own = _own_instructions(path, text, display, cache)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return []
        return [*own, *_borrowed_instructions(path, text, display, cache)]

    def _buffer(self, path: Path, text: str) -> tuple[Settings, str, str] | None:
        """The settings, display path and normalized text of a buffer the server lints;
        ``None`` for a file it does not lint."""
        if not is_linted(path):
            return None
        settings, _ = self.settings_for(path)
        return settings, _display(path, settings.root), normalize(text)

    def writers_of(self, key: str) -> tuple[Writer, ...] | None:
        """The writers of state key ``key`` in the project of the file linted last; ``None``
        while no project is known."""
        if self._root is None or self._root not in self._models:
            return None
        root = self._root
        return tuple(
            Writer(key, writer.via, root / writer.path, writer.line, writer.column, writer.agent, writer.function)
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
    """Whether the server lints a file named ``path``: Python, YAML and prompt files
    (``.prompt``, ``.txt``, ``.md``); other files an editor sends (``pyproject.toml``) are not."""
    return path.suffix.lower() in _LINTED_SUFFIXES


def normalize(text: str) -> str:
    """The text as the linter reads files: every line break is ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_project(settings: Settings) -> dict[str, tuple[FileFacts, ...]]:
    """Every file's facts under the project root, as the files stand on disk."""
    try:
        files = collect_files([settings.root], settings.root, settings.include, settings.exclude)
    except OSError:
        return {}
    return {result.path: tuple(result.facts or ()) for result in lint_files(files, settings)}


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
    from templating.lint.registry import find_rule

    rule = find_rule("TPL013")
    if rule is None or not settings.is_enabled(rule.code):
        return []
    message = f"not linted in the editor: {length:,} characters is over the limit of {MAX_CHARACTERS:,}"
    return [Finding(display, rule.code, rule.name, rule.severity, message, "run `templating lint` on it", 1, 1, 1, 1)]


def _own_instructions(path: Path, text: str, display: str, cache: ModuleCache) -> list[Instruction]:
    suffix = path.suffix.lower()
    if suffix in PYTHON_SUFFIXES:
        return find_python_instructions(load_module(path, text, display, cache), cache)
    if suffix in YAML_SUFFIXES:
        import yaml

        from templating.project.yaml_source import find_yaml_instructions

        try:
            return find_yaml_instructions(SourceFile(display, text))
        except yaml.YAMLError:
            return []
    return [plain_instruction(SourceFile(display, text))]


def _borrowed_instructions(path: Path, text: str, display: str, cache: ModuleCache) -> list[Instruction]:
    """Instructions in this Python file that sibling modules pass to agents (``prompt.ROOT``)."""
    if path.suffix.lower() not in PYTHON_SUFFIXES or path.stem == "__init__":
        return []
    loaded = cache.modules.get(cache.key(path))
    if loaded is None or loaded.source.text != text:
        try:
            load_module(path, text, display, cache)  # the buffer stands in for the file on disk
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return []
    found: list[Instruction] = []
    for sibling in _siblings_naming(path):
        module = cache.modules.get(cache.key(sibling))
        try:
            module = module or load_module(sibling, normalize(sibling.read_text(encoding="utf-8")), cache.display(sibling), cache)
            instructions = find_python_instructions(module, cache)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        found.extend(instruction for instruction in instructions if instruction.source.path == display)
    return found


def _siblings_naming(path: Path) -> list[Path]:
    try:
        siblings = sorted(path.parent.glob("*.py"))
    except OSError:
        return []
    if len(siblings) > _MAX_SIBLINGS:
        return []
    return [sibling for sibling in siblings if sibling != path and _names(sibling, path.stem)]


def _names(sibling: Path, stem: str) -> bool:
    try:
        text = sibling.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return stem in text and "instruction" in text
