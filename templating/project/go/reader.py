"""Read one Go file: its instructions and its facts for the project model.

Only a file that imports a ``google.golang.org/adk`` package is agent code; any other ``.go``
file gives nothing (a Go file is never linted as a prompt).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.go.agents import injected_templates, read_agents
from templating.project.go.event_routes import route_functions
from templating.project.go.literals import decode_go_string
from templating.project.go.noqa import noqa_lines
from templating.project.go.package import GoFile, Package, go_file
from templating.project.go.session_writes import go_session_writes
from templating.project.go.vocabulary import ADK_IMPORT
from templating.project.go.workflows import read_workflows
from templating.project.go.writers import read_writers
from templating.project.model.facts import FileFacts, FunctionFacts
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from templating.project.model.instruction import Instruction, SourceFile
    from templating.project.sources import SourceCache

__all__ = ["read_go"]


def read_go(source: SourceFile, path: Path, modules: SourceCache) -> tuple[tuple[Instruction, ...], FileFacts | None]:
    """The instructions and facts of the Go file ``path`` (its text in ``source``); no facts
    for a file that is not adk-go code."""
    file = go_file(path, source)
    imports = _imports(file)
    if not any(imported.startswith(ADK_IMPORT) for imported in imports.values()):
        return (), None
    package = Package(file, modules)
    noqa = noqa_lines(file.parsed)
    injected = injected_templates(file, package, imports, noqa)
    agents, factories = read_agents(file, package, imports, noqa, injected)
    functions, writers = read_writers(file, package, imports)
    workflows = read_workflows(file, package, imports) if any(_is_workflow(p) for p in imports.values()) else ()
    key = modules.key(path)
    for node in (node for workflow in workflows for node in workflow.nodes):
        if node.kind == "function" and node.ref is not None and node.ref.module == key:
            functions.setdefault(node.ref.name, FunctionFacts(node.ref.name, ()))  # a node that writes nothing
    facts = FileFacts(
        key,
        source.path,
        tuple(agents),
        functions,
        factories=factories,
        writers=writers,
        workflows=workflows,
        node_functions=route_functions(file, package, key, workflows) if workflows else {},
        session_writes=go_session_writes(file, package, noqa),
    )
    found = [instruction for agent in agents for instruction in agent.instructions]
    found += [instruction for templates in injected.values() for instruction in templates]
    return tuple(dict.fromkeys(found)), facts


def _is_workflow(path: str) -> bool:
    return path.startswith(ADK_IMPORT) and path.rsplit("/", 1)[-1] == "workflowagent"


def _imports(file: GoFile) -> dict[str, str]:
    """The file's imports: the name each package is used by, and its path."""
    found: dict[str, str] = {}
    for match in matches(query("templating.project.go", "imports", "go"), file.parsed.root):
        decoded = decode_go_string(file.parsed.text_of(match["path"][0]), 0)
        if decoded is None:
            continue
        path = decoded[0]
        alias = file.parsed.text_of(match["alias"][0]) if "alias" in match else _package_name(path)
        found[alias] = path
    return found


def _package_name(path: str) -> str:
    """The name a package is used by when imported without an alias: its last element, the
    one before it when the last is a major version (``google.golang.org/adk/v2``)."""
    parts = path.split("/")
    if len(parts) > 1 and parts[-1][:1] == "v" and parts[-1][1:].isdigit():
        return parts[-2]
    return parts[-1]
