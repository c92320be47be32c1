"""What the language server asks of the project, behind one small class.

`Workspace` answers three questions: the findings and the instructions of one file as
its (possibly unsaved) text stands, and who writes a state key. The first two stand on the
front door and the linter; the writers on the project model (see `Project`). Before any file
of a project has been seen, `Workspace.writers_of` answers ``None`` ("not known"), never an
empty answer that would read as "written nowhere".

Which project a file is in is what ``templating lint`` run on the workspace folder holding it
finds (`templating.project.roots`): the nearest folder at or above the workspace folder that
holds a project file (``pyproject.toml``, ``package.json``, ``go.mod``, ...) or ``.git``, and
inside it the project nested nearest the file (a ``package.json`` folder of a monorepo); a file
in no workspace folder is in the project ``templating lint FILE`` finds. Settings come from the
``[tool.templating]`` table closest to the project's root, as for ``templating lint``, and a
file is checked exactly when ``templating lint`` run on the project would check it (its
``include`` and ``exclude`` globs decide for prompt files and excluded folders).

A module such as ``prompt.py`` holds constants that only a sibling module passes as
``instruction=``: the file alone has no instruction. Its instructions are found by reading the
siblings of its package folder that name it, with the open buffers standing in for the files.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections import ChainMap
from collections.abc import Mapping, Sequence
from pathlib import Path

from templating.lint.config import ConfigError, ToolConfig, locate
from templating.lint.exemptions import drop_exempt
from templating.lint.finding import Finding
from templating.lint.instruction_lint import lint_instruction, problem_findings
from templating.lint.linter import lint_reading
from templating.lint.settings import Settings
from templating.lint.severities import with_severities
from templating.project.files import compile_globs, is_excluded
from templating.project.model.assembly import ProjectModel
from templating.project.model.facts import Writer
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.reading import SourceCache, lent_instructions, read_text
from templating.project.roots import ProjectRoots, project_root
from templating.project.surfaces import Problem, claiming, is_walked
from templating.server.configuration import ClientSettings
from templating.server.project import Project

__all__ = ["MAX_CHARACTERS", "Workspace", "is_linted", "normalize"]

#: A buffer longer than this is not linted as you type: one TPL013 finding says why.
MAX_CHARACTERS = 2_000_000
# Half of a UTF-16 surrogate pair on its own: an editor can hold it, no file can.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class Workspace:
    """The projects as the server sees them: settings per folder, findings, instructions, writers."""

    def __init__(self, folders: Sequence[Path] = ()) -> None:
        #: The client's workspace folders, resolved: each is a project root.
        self.folders = [Path(os.path.realpath(folder)) for folder in folders]
        #: The editor's settings, over each folder's ``[tool.templating]``.
        self.client = ClientSettings()
        self._settings: dict[Path, tuple[Settings, str | None]] = {}
        #: The projects under the root of each workspace folder's project (found once).
        self._roots: dict[Path, ProjectRoots] = {}
        self._projects: dict[Path, Project] = {}
        self._last: Project | None = None

    def settings_for(self, path: Path) -> tuple[Settings, str | None]:
        """The settings of the project ``path`` is in (see `project_root`), and a config error
        if its config is invalid (the defaults are used then, so the buffer is still linted)."""
        root = self.project_root(path)
        if root not in self._settings:
            self._settings[root] = _load_settings(root, self.client)
        return self._settings[root]

    def forget_settings(self) -> None:
        """Read every config again on next use (a ``pyproject.toml``, ``package.json`` or state
        file changed: projects and settings may have changed)."""
        self._settings.clear()
        self._roots.clear()
        self.forget_project()

    def forget_project(self) -> None:
        """Read every project from disk again on next use (a file was saved, created or deleted)."""
        self._projects.clear()
        self._last = None

    def take_failures(self) -> list[str]:
        """What failed since last asked (a reader, the model or the project rules), each
        kept to its own file or to the project rules, for the client's log."""
        found = []
        for project in self._projects.values():
            found.extend(project.failures)
            project.failures.clear()
        return found

    def close(self, path: Path, buffers: Mapping[str, str] | None = None) -> None:
        """The buffer of ``path`` was closed without saving: read its file from disk again."""
        project = self._projects.get(self.project_root(path))
        if project is not None:
            project.revert(os.path.realpath(path), buffers or {})

    def project_root(self, path: Path) -> Path:
        """The root of the project ``path`` belongs to, as ``templating lint`` run on the
        innermost workspace folder holding it finds it (a project nested in that folder's is
        its own); a file in no workspace folder is in the project ``templating lint FILE``
        finds."""
        real = Path(os.path.realpath(path))
        holding = [folder for folder in self.folders if real.is_relative_to(folder)]
        if not holding:
            return project_root(real)
        folder = max(holding, key=lambda folder: len(folder.parts))
        if folder not in self._roots:
            self._roots[folder] = ProjectRoots(project_root(folder))
        return Path(self._roots[folder].of(real))

    def is_checked(self, path: Path) -> bool:
        """Whether ``templating lint`` on the project would check ``path``: a file a surface
        claims that ``exclude`` leaves in, and a prompt file only when ``include`` names it."""
        if not is_linted(path):
            return False
        settings, _ = self.settings_for(path)
        real = Path(os.path.realpath(path))
        if is_excluded(real, settings.glob_root, settings.exclude):
            return False
        if is_walked(path.name):
            return True
        config_folder = Path(os.path.realpath(settings.glob_root))
        included = compile_globs(list(settings.include))
        if included is None or not real.is_relative_to(config_folder):
            return False
        return included.match_file(real.relative_to(config_folder).as_posix())

    def findings(self, path: Path, text: str, buffers: Mapping[str, str] | None = None) -> list[Finding]:
        """The findings of the file at ``path`` whose text is now ``text``, sorted; ``buffers``
        are the texts of the other open files by real path (line breaks as ``\\n``), which
        stand in for theirs on disk."""
        checked = self.is_checked(path)
        if not checked and not is_linted(path):
            return []
        settings, _ = self.settings_for(path)
        text = normalize(text)
        surrogate = _LONE_SURROGATE.search(text)
        text = _LONE_SURROGATE.sub("\ufffd", text)  # the rest is read with U+FFFD in its place
        display = SourceCache(settings.root, {}).display(path)
        if len(text) > MAX_CHARACTERS:
            return _too_large(display, len(text), settings)
        found = self._findings(path, text, settings, _keyed(buffers, path, text), checked)
        if surrogate is not None:
            found.extend(_surrogate(display, text, surrogate, settings))
        return sorted(with_severities(found, settings.severities), key=lambda finding: finding.sort_key)

    def instructions(self, path: Path, text: str, buffers: Mapping[str, str] | None = None) -> list[Instruction]:
        """The instructions whose text lies in this file (an unparseable file has none)."""
        if not is_linted(path) or len(text) > MAX_CHARACTERS:
            return []
        settings, _ = self.settings_for(path)
        text = _LONE_SURROGATE.sub("\ufffd", normalize(text))  # as `findings` reads it
        modules = SourceCache(settings.root, _keyed(buffers, path, text))
        try:
            own = read_text(text, path, modules.display(path), modules).instructions
        except ValueError:  # a null byte in Python source
            return []
        return [*own, *lent_instructions(path, text, modules)]

    def writers_of(self, key: str) -> tuple[Writer, ...] | None:
        """The writers of state key ``key`` in the project of the file linted last, each with
        its ``path`` made absolute; ``None`` while no project is known."""
        if self._last is None:
            return None
        root = self._last.settings.root
        return tuple(
            dataclasses.replace(writer, key=key, path=_absolute(root, writer.path))
            for writer in self._last.model.writers_of(key)
        )

    def model_of(self, path: Path) -> ProjectModel | None:
        """The model of the project ``path`` belongs to, once a file of it has been linted."""
        project = self._projects.get(self.project_root(path))
        return None if project is None else project.model

    def written_keys(self) -> tuple[str, ...] | None:
        """Every state key the project of the file linted last writes; ``None`` while no
        project is known."""
        if self._last is None:
            return None
        return tuple(sorted(self._last.model.written_keys()))

    def _findings(
        self, path: Path, text: str, settings: Settings, buffers: Mapping[str, str], checked: bool = True
    ) -> list[Finding]:
        root = self.project_root(path)
        project = self._projects.get(root)
        # Equal settings, not the same object: each folder's settings are loaded apart, and
        # a project read again from disk whenever the edits moved to another folder took seconds.
        if project is None or project.settings != settings:
            project = self._projects[root] = Project(root, settings, buffers)
        key = os.path.realpath(path)
        # A prompt file lint would not walk is checked when code reads it as an instruction
        # (`(Path(__file__).parent / "root.md").read_text()`): with its readers' findings in it.
        readers = project.readers_of(key) if claiming(path.name) is not None and not is_walked(path.name) else []
        if not checked and not readers:
            return []
        self._last = project
        reading = project.update(key, text, buffers)
        # Linting agent.py also reports prompt.py's constants: each file shows its own only.
        mine = [*lint_reading(reading, settings)] if checked else []
        mine += [finding for reader in project.readers_of(key) for finding in lint_reading(reader, settings)]
        own = [f for f in [*mine, *project.findings] if f.path == reading.file]
        found = {(finding.sort_key, finding.message): finding for finding in own}
        modules = SourceCache(settings.root, buffers)
        for instruction in lent_instructions(path, text, modules):
            for finding in lint_instruction(instruction, settings):
                found.setdefault((finding.sort_key, finding.message), finding)
        return drop_exempt(found.values(), {reading.file: text})


def is_linted(path: Path) -> bool:
    """Whether a surface of the registry claims a file named ``path`` (Python, YAML, an
    evaluation's session, prompt files); other files an editor sends (``pyproject.toml``) are
    never linted."""
    return claiming(path.name) is not None


def normalize(text: str) -> str:
    """The text as the linter reads files: every line break is ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _keyed(buffers: Mapping[str, str] | None, path: Path, text: str) -> Mapping[str, str]:
    """The open buffers by real path, ``path``'s as ``text``."""
    return ChainMap({os.path.realpath(path): text}, buffers or {})  # type: ignore[arg-type]


def _absolute(root: Path, shown: str) -> str:
    return Path(shown).as_posix() if Path(shown).is_absolute() else (Path(os.path.realpath(root)) / shown).as_posix()


def _load_settings(root: Path, client: ClientSettings) -> tuple[Settings, str | None]:
    try:
        located = locate([root])
        return client.settings(located.config, root, located.base), None
    except ConfigError as error:
        return client.settings(ToolConfig(), root), str(error)


def _too_large(display: str, length: int, settings: Settings) -> list[Finding]:
    message = f"not linted in the editor: {length:,} characters is over the limit of {MAX_CHARACTERS:,}"
    return problem_findings(display, Problem("too-large", message), settings)


def _surrogate(display: str, text: str, match: re.Match[str], settings: Settings) -> list[Finding]:
    """A ``TPL013`` finding on the first lone surrogate (one character wide)."""
    line, column = SourceFile(display, text).position(match.start())
    message = f"a lone surrogate U+{ord(match.group()):04X} (half of a UTF-16 pair) cannot be saved as UTF-8"
    found = problem_findings(display, Problem("unreadable", message, line, column), settings)
    return [
        dataclasses.replace(finding, help="delete it or complete the pair", end_column=column + 1) for finding in found
    ]
