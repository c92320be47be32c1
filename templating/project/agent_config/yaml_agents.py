"""The per-file facts of an ADK Agent Config YAML file: the one agent it declares (or the
graph workflow, with ``agent_class: Workflow``: `templating.project.agent_config.yaml_workflows`).

A config is a mapping with a ``name`` and an ``agent_class`` (``LlmAgent`` when absent).
``sub_agents`` entries are ``config_path:`` (a YAML file relative to this one) or ``code:``
(a dotted Python name); ``tools`` and ``*_callbacks`` entries name Python functions by
dotted name (``my_package.tools.save_city``). Dotted names are looked for as files under
this file's folder and its parents; names that are not found (ADK's built-in tools) are left
out.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import yaml

from templating.project.model.facts import AgentFacts, FileFacts, Ref, Writer
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.model.kinds import AGENT_KINDS, WORKFLOW_CLASS
from templating.project.model.request_facts import RequestFacts, Unread

__all__ = ["CONFIG_AGENT", "yaml_facts"]

#: The name under which a config file's agent is found by other files' references.
CONFIG_AGENT = "<config>"
_PARENT_FOLDERS = 4
# How YAML spells a boolean (PyYAML's YAML 1.1 words).
_TRUE = ("true", "yes", "on")
_FALSE = ("false", "no", "off")


def yaml_facts(
    source: SourceFile, path: Path, key: str, documents: Sequence[yaml.Node | None], instructions: Sequence[Instruction]
) -> FileFacts:
    """The agent ``source`` declares, if it is an ADK Agent Config (its first document of
    ``documents``, composed by `compose_documents`), whose ``instructions`` are those
    `find_yaml_instructions` found in it: found once, and held once (each character of a
    500 KB instruction has its source offset)."""
    root = documents[0] if documents else None
    if not isinstance(root, yaml.MappingNode):
        return FileFacts(key, source.path)
    fields = {k.value: v for k, v in root.value if isinstance(k, yaml.ScalarNode)}
    if _scalar(fields.get("agent_class")) == WORKFLOW_CLASS:
        # Imported here: most configs are agents.
        from templating.project.agent_config.yaml_workflows import yaml_workflow

        folder = Path(os.path.realpath(path)).parent
        return FileFacts(key, source.path, workflows=(yaml_workflow(source, root, folder, _dotted, CONFIG_AGENT),))
    name = _scalar(fields.get("name"))
    kind = AGENT_KINDS.get(_scalar(fields.get("agent_class")) or "LlmAgent", "custom")
    if name is None or not ({"instruction", "agent_class", "sub_agents", "model"} & fields.keys()):
        return FileFacts(key, source.path)
    folder = Path(os.path.realpath(path)).parent
    agent = AgentFacts(
        CONFIG_AGENT, name, kind, source.path, root.start_mark.line + 1, root.start_mark.column + 1,
        tuple(instructions), _output_key(source, fields.get("output_key")),
        tuple(_sub_agents(fields.get("sub_agents"), folder)),
        tuple(_code_refs(fields.get("tools"), "name", folder)),
        callbacks=tuple(ref for field, node in fields.items() if field.endswith("_callbacks")
                        for ref in _code_refs(node, "name", folder)),
        static=_is_given(fields.get("static_instruction")), request=_request(source, fields, instructions),
    )  # fmt: skip
    return FileFacts(key, source.path, (agent,))


def _request(source: SourceFile, fields: dict[str, yaml.Node], instructions: Sequence[Instruction]) -> RequestFacts:
    """The agent's settings that shape its model request (`RequestFacts`), as the config
    writes them; a value the config does not spell out is an `Unread`."""
    unread: list[Unread] = []

    def missing(field: str, piece: str, what: str) -> None:
        node = fields[field]
        unread.append(Unread(piece, what, source.path, node.start_mark.line + 1, node.start_mark.column + 1))

    found = {instruction.field for instruction in instructions}
    for field in ("instruction", "static_instruction"):
        if field not in found and _is_given(fields.get(field)):
            missing(field, field, f"`{field}` is not a text the config spells out")
    if fields.get("before_model_callbacks") is not None:
        missing("before_model_callbacks", "request", "`before_model_callbacks` may change the request")
    if "model_code" in fields:
        missing("model_code", "model", "`model_code` builds the model in code")
    flags = {}
    for field in ("disallow_transfer_to_parent", "disallow_transfer_to_peers"):
        value = (_scalar(fields.get(field)) or "false").lower()
        flags[field] = value in _TRUE
        if value not in _TRUE and value not in _FALSE:
            missing(field, "transfer", f"`{field}` is not true or false")
    tools = fields.get("tools")
    return RequestFacts(
        "adk", _scalar(fields.get("description")) or "", _scalar(fields.get("model")) or None, None,
        fields.get("output_schema") is not None, isinstance(tools, yaml.SequenceNode) and bool(tools.value),
        disallow_transfer_to_parent=flags["disallow_transfer_to_parent"],
        disallow_transfer_to_peers=flags["disallow_transfer_to_peers"], unread=tuple(unread),
    )  # fmt: skip


def _is_given(node: yaml.Node | None) -> bool:
    """Whether a field holds a value google-adk takes as given (not empty, not null)."""
    return node is not None and not (isinstance(node, yaml.ScalarNode) and node.value in ("", "null", "~"))


def _output_key(source: SourceFile, node: yaml.Node | None) -> Writer | None:
    if not isinstance(node, yaml.ScalarNode) or not node.value:
        return None
    return Writer(node.value, "output_key", source.path, node.start_mark.line + 1, node.start_mark.column + 1)


def _sub_agents(node: yaml.Node | None, folder: Path) -> list[Ref]:
    refs = []
    for entry in _entries(node):
        config_path = _scalar(entry.get("config_path"))
        if config_path:
            refs.append(Ref(os.path.realpath(folder / config_path), CONFIG_AGENT))
        else:
            refs.extend(_dotted(_scalar(entry.get("code")) or "", folder))
    return refs


def _code_refs(node: yaml.Node | None, field: str, folder: Path) -> list[Ref]:
    return [ref for entry in _entries(node) for ref in _dotted(_scalar(entry.get(field)) or "", folder)]


def _dotted(name: str, folder: Path) -> list[Ref]:
    """A dotted Python name as a reference to a project file, looked for up the folders."""
    module, _, symbol = name.rpartition(".")
    if not module:
        return []
    parts = module.split(".")
    for base in [folder, *folder.parents][:_PARENT_FOLDERS]:
        candidate = base.joinpath(*parts)
        for file in (candidate.with_suffix(".py"), candidate / "__init__.py"):
            if file.is_file():
                return [Ref(os.path.realpath(file), symbol)]
    return []


def _entries(node: yaml.Node | None) -> list[dict[str, yaml.Node]]:
    if not isinstance(node, yaml.SequenceNode):
        return []
    return [{k.value: v for k, v in item.value if isinstance(k, yaml.ScalarNode)}
            for item in node.value if isinstance(item, yaml.MappingNode)]  # fmt: skip


def _scalar(node: yaml.Node | None) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) else None
