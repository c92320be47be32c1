"""Names that stand for an agent built elsewhere: fields, aliases and getters.

adk-java programs hold their agents in many ways besides a chain assigned to a variable:

- a field set by a method that builds the agent (``public static BaseAgent ROOT_AGENT =
  initAgent();``, or ``X.ROOT_AGENT = initAgent();`` in a static block);
- a field that is another name (``static BaseAgent AGENT = Chronos.ROOT;``);
- a lazy getter (``if (agent == null) agent = init(); return agent;``), called from another
  class as ``Chronos.getAgent()``.

`agent_aliases` follows each such name to the agent it ends at: in this file, as the agent's
variable (the file's ``factories``), in another class's file, as a `Ref` the project model
follows there (the file's ``imports``, as for a re-export).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.java.vocabulary import AGENT_CLASSES
from templating.project.model.facts import Ref

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.java.scope import JavaFile

__all__ = ["agent_aliases"]

#: How many names in a row an alias is followed through in one file.
_MAX_CHAIN = 16
#: The declared types of a name that holds an agent.
_AGENT_TYPES = frozenset({"BaseAgent", *AGENT_CLASSES})


def agent_aliases(file: JavaFile, bound: dict[str, str], agents: set[str]) -> tuple[dict[str, str], dict[str, Ref]]:
    """The names of ``file`` that stand for an agent: each one of this file's agents (by
    variable), and each one of another class's (a `Ref`). ``bound`` holds the names the
    builder chains are already bound to (variables and methods returning an agent),
    ``agents`` the variables of the agents the file builds."""
    targets: dict[str, Node] = {}
    typed = _agent_typed(file)
    for name, value in _assigned(file):
        if name in typed:
            targets.setdefault(name, value)  # a lazy getter's field is set once
    for name, nodes in file.methods.items():
        returned = [value for node in nodes for value in _returned(node)]
        if name in typed and returned and all(file.text(r) == file.text(returned[0]) for r in returned):
            targets.setdefault(name, returned[0])
    local: dict[str, str] = dict(bound)
    remote: dict[str, Ref] = {}
    for name in targets:
        if name in agents or name in bound:
            continue
        found = _follow(file, name, targets, bound, agents)
        if isinstance(found, Ref):
            remote[name] = found
        elif found is not None:
            local[name] = found
    return local, remote


def _agent_typed(file: JavaFile) -> set[str]:
    """The fields, variables and methods of ``file`` declared with an agent type."""
    found: set[str] = set()
    for name, declarators in file.scope.variables.items():
        if any(_is_agent_type(file, declarator.parent) for declarator in declarators):
            found.add(name)
    for name, methods in file.methods.items():
        if any(_is_agent_type(file, method) for method in methods):
            found.add(name)
    return found


def _is_agent_type(file: JavaFile, declaration: Node | None) -> bool:
    type_node = declaration.child_by_field_name("type") if declaration is not None else None
    return type_node is not None and file.text(type_node).split("<", 1)[0].rsplit(".", 1)[-1] in _AGENT_TYPES


def _follow(
    file: JavaFile, name: str, targets: dict[str, Node], bound: dict[str, str], agents: set[str]
) -> str | Ref | None:
    """Where ``name`` ends: an agent variable of this file, another class's name, or nothing."""
    seen = {name}
    current = name
    for _ in range(_MAX_CHAIN):
        if current in agents:
            return current
        if current in bound:
            return bound[current]
        value = targets.get(current)
        if value is None:
            return None
        following = _name_of(file, value)
        if following is None:
            return None
        owner, target = following
        if owner is not None:
            return Ref(file.module_of(owner), target)
        if target in seen:
            return None
        seen.add(target)
        current = target
    return None


def _name_of(file: JavaFile, value: Node) -> tuple[str | None, str] | None:
    """The name an expression refers to: ``x``, ``this.x``, ``m()`` (``(None, name)``), or
    another class's ``Other.X`` and ``Other.m()`` (``(class, name)``)."""
    if value.type == "identifier":
        return None, file.text(value)
    if value.type == "field_access":
        owner = value.child_by_field_name("object")
        field = value.child_by_field_name("field")
        return _owned(file, owner, field)
    if value.type == "method_invocation":
        owner = value.child_by_field_name("object")
        name = value.child_by_field_name("name")
        return (None, file.text(name)) if owner is None else _owned(file, owner, name)
    return None


def _owned(file: JavaFile, owner: Node | None, name: Node | None) -> tuple[str | None, str] | None:
    if owner is None or name is None:
        return None
    owner_text = file.text(owner)
    if owner_text == "this" or owner_text in file.classes:
        return None, file.text(name)
    if owner.type == "identifier" and owner_text[:1].isupper():
        return owner_text, file.text(name)
    return None


def _assigned(file: JavaFile) -> list[tuple[str, Node]]:
    """Each field or variable of the file given a value (``T x = v``, ``x = v``, ``X.x = v``)."""
    found: list[tuple[str, Node]] = []
    for name, declarators in file.scope.variables.items():
        for declarator in declarators:
            value = declarator.child_by_field_name("value")
            if value is not None:
                found.append((name, value))
    for node in file.assignments:
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is None or right is None:
            continue
        if left.type == "field_access":
            left = left.child_by_field_name("field")
        if left is not None and left.type == "identifier":
            found.append((file.text(left), right))
    return found


def _returned(method: Node) -> list[Node]:
    """The values the ``return`` statements of ``method`` give (not those of lambdas or inner
    classes)."""
    found: list[Node] = []
    stack = [method.child_by_field_name("body")]
    while stack:
        node = stack.pop()
        if node is None or node.type in ("lambda_expression", "class_body"):
            continue
        if node.type == "return_statement":
            found.extend(node.named_children[:1])
            continue
        stack.extend(node.named_children)
    return found
