"""Read one ``.java`` file: its instructions and its `FileFacts`, in the port's dialect.

Only a file that imports an ADK port is agent code: ``com.google.adk.kt`` (adk-kotlin's Java
API) is read in the ``adk-kotlin`` dialect, any other ``com.google.adk`` package in
``adk-java``. Any other Java file gives nothing; a ``.java`` file is never a prompt.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.frontend import Found
from templating.project.java.agents import agent_refs, java_agents
from templating.project.java.aliases import agent_aliases
from templating.project.java.plugins import java_plugins
from templating.project.java.scope import java_file
from templating.project.java.session_writes import java_session_writes
from templating.project.java.writers import java_writes, network_methods
from templating.project.model.facts import FileFacts
from templating.project.model.instruction import SourceFile
from templating.project.treesitter.jvm_ports import port_dialect

if TYPE_CHECKING:
    from templating.project.sources import SourceCache

__all__ = ["read_java"]


def read_java(source: SourceFile, path: Path, modules: SourceCache) -> Found:
    """What ``source`` (the text of ``path``) says about agents and state."""
    file = java_file(source, path, modules.key(path), modules)
    dialect = port_dialect(file.imports)
    if dialect is None:
        return Found()
    builds, bound, loose = java_agents(file, dialect)
    aliases, imported = agent_aliases(file, bound, {build.variable for build in builds})
    writes = java_writes(file)
    agents = tuple(build.facts(source.path) for build in builds)
    plugged, apps = java_plugins(file, dialect, agent_refs) if dialect == "adk-java" else ([], [])
    instructions = tuple(i for build in builds for i in build.instructions) + tuple(loose) + tuple(plugged)
    facts = FileFacts(
        file.key, source.path, agents, writes.function_facts(network_methods(file)), writes.class_facts(file.agent_classes),
        aliases, imported, writers=tuple(writes.free), apps=tuple(apps), session_writes=java_session_writes(file),
    )  # fmt: skip
    return Found(instructions, (facts,), dialect)
