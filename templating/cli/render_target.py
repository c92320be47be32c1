"""What ``templating render`` previews: a template file, a Python constant
(``FILE.py:NAME`` or ``package.module:NAME``) or an agent's instruction (``--agent NAME``).

A Python agent's instruction is not its module's source: the constant or the agent is read as
``templating lint`` reads it (constants followed across modules, string methods applied), and
the text the agent would send is what renders.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from templating.cli.common import UsageError, project_model, read_text
from templating.project.model.instruction import SourceFile

__all__ = ["Target", "resolve_target"]

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_MODULE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


@dataclass(frozen=True, slots=True)
class Target:
    """One text to render: how messages name it, the text, and the folder whose agent code
    ``--explain`` names the writers from (unless ``--project`` says)."""

    name: Path
    text: str
    folder: Path
    #: The agent's name, for the messages of a missing key.
    agent: str = ""
    #: The 1-based line and column in the file of a 0-based offset of ``text`` (a Python
    #: constant's text sits somewhere in its module); ``None``: the text is the file.
    locate: Callable[[int], tuple[str, int, int]] | None = None

    def where(self, offset: int) -> str:
        """``file:line:column`` of a 0-based offset of the text, in the file it is written in."""
        if self.locate is None:
            line = self.text.count("\n", 0, offset) + 1
            column = offset - self.text.rfind("\n", 0, offset)
            return f"{self.name}:{line}:{column}"
        path, file_line, file_column = self.locate(offset)
        return f"{path}:{file_line}:{file_column}"


def resolve_target(file: Path | None, agent: str | None, projects: list[Path] | None, dialect: str) -> Target:
    """The text ``render`` is asked for; `UsageError` naming what is wrong otherwise."""
    if agent is not None:
        if file is not None:
            raise UsageError("name a template file or `--agent NAME`, not both")
        return _agent_target(agent, projects or [Path(".")], dialect)
    if file is None:
        raise UsageError("name a template file, FILE.py:CONSTANT, package.module:CONSTANT, or `--agent NAME`")
    constant = _constant_spec(file)
    if constant is not None:
        return _constant_target(*constant)
    if _is_python(file.name):
        raise UsageError(
            f"{file}: a Python file is agent code, not a template: name its instruction as "
            f"`{file}:CONSTANT`, or the agent as `--agent NAME`"
        )
    return Target(file, read_text(file), Path(".") if str(file) == "-" else file.parent)


def _is_python(name: str) -> bool:
    from templating.project.surfaces import claiming

    surface = claiming(name)
    return surface is not None and surface.name == "python"


def _constant_spec(file: Path) -> tuple[Path, str] | None:
    """``(module file, NAME)`` for ``FILE.py:NAME`` or ``package.module:NAME``; ``None`` for
    anything else (a file whose own name holds a colon stays a file)."""
    spec = str(file)
    where, colon, name = spec.rpartition(":")
    if not colon or not _IDENTIFIER.fullmatch(name) or file.exists():
        return None
    if _is_python(Path(where).name):
        return Path(where), name
    if not _MODULE.fullmatch(where):
        return None
    from templating.project.reading import module_file

    found = module_file(where, Path("."))
    if found is None:
        raise UsageError(f"{spec}: no module `{where}` in {Path.cwd()}")
    return found, name


def _constant_target(path: Path, name: str) -> Target:
    from templating.project.reading import read_constant

    try:
        texts, names = read_constant(path, read_text(path), name)
    except (SyntaxError, ValueError) as error:
        raise UsageError(f"{path}: cannot parse the module ({error})") from None
    if texts is None:
        known = ", ".join(f"`{constant}`" for constant in names) or "none"
        raise UsageError(f"{path}: no module-level constant `{name}` (constants: {known})")
    known_texts = [found for found in texts if not found.holes]
    if not known_texts:
        raise UsageError(f"{path}: `{name}` is not text known before run time, so it cannot be previewed")
    found = known_texts[0]
    return Target(Path(f"{path}:{name}"), found.text, path.parent, locate=_locator(found.source, found.offsets))


def _agent_target(name: str, projects: list[Path], dialect: str) -> Target:
    model = project_model(projects, dialect=dialect)
    found = [agent for agent in model.agents if agent.name == name]
    if not found:
        names = ", ".join(f"`{agent}`" for agent in sorted({agent.name for agent in model.agents})) or "none"
        raise UsageError(f"no agent named `{name}` in {', '.join(map(str, projects))} (agents: {names})")
    agent = found[0]
    instructions = [item for item in agent.instructions if item.field == "instruction"] or list(agent.instructions)
    if not instructions:
        raise UsageError(
            f"{agent.path}:{agent.line}:{agent.column}: agent `{name}` has no instruction known before run time"
        )
    instruction = instructions[0]
    return Target(
        Path(f"{agent.path} (agent {name})"), instruction.text, projects[0], name,
        _locator(instruction.source, instruction.offsets),
    )  # fmt: skip


def _locator(source: SourceFile, offsets: Sequence[int]) -> Callable[[int], tuple[str, int, int]]:
    """Where each character of an evaluated text is in its source file (a text built of
    several constants has characters from each; the last offset is just past its end)."""

    def locate(offset: int) -> tuple[str, int, int]:
        line, column = source.position(offsets[min(offset, len(offsets) - 1)]) if offsets else (1, 1)
        return source.path, line, column

    return locate
