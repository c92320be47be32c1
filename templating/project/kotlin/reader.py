"""Read one ``.kt``/``.kts`` file: its instructions and its `FileFacts`, in the port's dialect.

Only a file that imports an ADK port is agent code: ``com.google.adk.kt`` is adk-kotlin,
any other ``com.google.adk`` package is adk-java called from Kotlin, read with adk-java's
semantics (builders, providers not injected). Any other Kotlin file gives nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.frontend import Found, Problem
from templating.project.kotlin.agents import agent_refs, kotlin_agents
from templating.project.kotlin.constants import folder_constants
from templating.project.kotlin.plugins import kotlin_plugins
from templating.project.kotlin.scope import kotlin_file
from templating.project.kotlin.session_writes import kotlin_session_writes
from templating.project.kotlin.writers import kotlin_writes
from templating.project.model.facts import FileFacts
from templating.project.model.instruction import SourceFile
from templating.project.treesitter.jvm_ports import port_dialect

if TYPE_CHECKING:
    from templating.project.sources import SourceCache

__all__ = ["read_kotlin"]


def _package(file) -> str:
    """The package the file declares (``""`` for none)."""
    header = next((c for c in file.parsed.root.named_children if c.type == "package_header"), None)
    name = next((c for c in header.named_children if c.type == "qualified_identifier"), None) if header else None
    return file.text(name) if name is not None else ""


def read_kotlin(source: SourceFile, path: Path, modules: SourceCache) -> Found | Problem:
    """What ``source`` (the text of ``path``) says about agents and state; a `Problem` for a
    file with a NUL character, which the Kotlin grammar reads no further than (its agents were
    silently lost), as for a Python or YAML file with one."""
    nul = source.text.find("\0")
    if nul >= 0:
        line, column = source.position(nul)
        return Problem(
            "invalid", "cannot read Kotlin with a NUL character: the Kotlin grammar stops at it", line, column
        )
    file = kotlin_file(source, modules.key(path))
    file.scope.sibling = folder_constants(path, modules, file.imports, _package(file))
    dialect = port_dialect(file.imports)
    if dialect is None:
        return Found()
    builds, aliases = kotlin_agents(file, dialect)
    writes = kotlin_writes(file)
    agents = tuple(build.facts(source.path) for build in builds)
    plugged, apps = kotlin_plugins(file, dialect, agent_refs) if dialect == "adk-java" else ([], [])
    instructions = tuple(i for build in builds for i in build.instructions) + tuple(plugged)
    facts = FileFacts(
        file.key, source.path, agents, writes.function_facts(), writes.class_facts(file.agent_classes),
        aliases, writers=tuple(writes.free), apps=tuple(apps), session_writes=kotlin_session_writes(file),
    )  # fmt: skip
    return Found(instructions, (facts,), dialect)
