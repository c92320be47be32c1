"""The runners of a TypeScript/JavaScript module: what each starts and under which app name.

adk-js ``new InMemoryRunner({agent, appName})`` and ``new Runner({agent, appName,
sessionService})``; ADK-TS ``new InMemoryRunner(agent, {appName})`` and ``new Runner({agent,
appName, sessionService})``. A runner starts runs of its agent with the session seeds of its
own module (`templating.project.model.starts`); an agent it names through an ``App``
(``{app}``) is not followed (no real code was found doing it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from templating.project.model.facts import AppFacts, Ref
from templating.project.typescript.modules import ScriptModule, unwrap
from templating.project.typescript.node_functions import arguments_of, options_of
from templating.project.typescript.vocabulary import port_of_specifier
from templating.project.typescript.writes import string_of

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["find_runners"]

_RUNNERS = frozenset({"InMemoryRunner", "Runner"})


def find_runners(module: ScriptModule, ref_of: Callable[[Node], Ref | None]) -> tuple[AppFacts, ...]:
    """Every ``new Runner(...)`` or ``new InMemoryRunner(...)`` of a port in ``module``, with
    the agent it runs (``ref_of`` says where a name is defined)."""
    runners = {name for name in _RUNNERS if _from_port(module, name)}
    if not runners:
        return ()
    found = []
    stack = [module.parsed.root]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.named_children))
        if node.type != "new_expression":
            continue
        constructor = node.child_by_field_name("constructor")
        if constructor is None or module.parsed.text_of(constructor) not in runners:
            continue
        arguments = [unwrap(argument) for argument in arguments_of(node)]
        options = options_of(arguments[0]) if arguments else {}
        agent = options.get("agent")
        if agent is None and arguments and arguments[0].type != "object":  # ADK-TS: `(agent, {appName})`
            agent = arguments[0]
            options = options_of(arguments[1]) if len(arguments) > 1 else {}
        root = ref_of(agent) if agent is not None else None
        if root is None:
            continue
        start = module.parsed.span(node)[0]
        line, column = module.source.position(start)
        name = string_of(options.get("appName"), module)
        found.append(AppFacts(root, path=module.source.path, line=line, column=column, name=name, runner=True))
    return tuple(found)


def _from_port(module: ScriptModule, name: str) -> bool:
    imported = module.imports.get(name)
    return imported is not None and port_of_specifier(imported.specifier) is not None
