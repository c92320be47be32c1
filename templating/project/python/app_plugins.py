"""The instructions a ``GlobalInstructionPlugin`` adds to every model call of an app.

google-adk 2.13.0's ``GlobalInstructionPlugin(global_instruction=...)`` (the replacement of
the deprecated ``global_instruction`` field) fills the placeholders of a text instruction with
the session state and puts it before the system instruction of every model call, in its
``before_model_callback`` (``google/adk/plugins/global_instruction_plugin.py``). A plugin acts
where it is registered: ``App(root_agent=..., plugins=[...])`` or a runner's
``Runner(agent=..., plugins=[...])`` (``node=`` for a workflow). The model gives the plugin's
reads to every model-calling agent under that root.

Every ``App`` and runner is recorded, with what it runs: a runner's root starts runs with the
seeds of the runner's file, and an ``App`` is what ``adk web`` loads
(`templating.project.model.starts`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

from templating.project.model.facts import AppFacts, Ref
from templating.project.model.instruction import Instruction
from templating.project.model.request_facts import Unread
from templating.project.python.adk_vocabulary import PLUGIN_CLASS
from templating.project.python.constant_keys import constant_text
from templating.project.python.definitions import Namespace
from templating.project.python.module import PythonModule
from templating.project.python.python_source import find_call_instructions
from templating.project.python.session_services import service_identity
from templating.project.python.syntax_tree import called_name
from templating.project.sources import SourceCache

__all__ = ["find_apps"]
# The keywords that name what an app or a runner runs.
_ROOT_FIELDS = ("root_agent", "agent", "node")
# The calls that name the app a root runs as, and the keyword that names it.
_NAMING = {"App": "name", "Runner": "app_name", "InMemoryRunner": "app_name"}
# The calls that start runs of their root.
_RUNNERS = frozenset({"Runner", "InMemoryRunner"})
# The keyword of the plugin's text (its first positional parameter).
_FIELD = "global_instruction"


def find_apps(
    module: PythonModule, cache: SourceCache, ref_of: Callable[[ast.expr], Ref | None], bound: dict[int, str]
) -> tuple[AppFacts, ...]:
    """Every ``App(...)`` and runner (``Runner(...)``, ``InMemoryRunner(...)``) of ``module``
    with the root it runs (or, for a runner, the ``App`` it runs), the name it runs under when
    written as a constant (``App(name="shop")``, ``Runner(app_name=APP_NAME)``), and its
    ``GlobalInstructionPlugin``s (``plugins=``) and ``context_cache_config``; ``ref_of`` says
    where a name is defined, ``bound`` the module-level name each call is bound to."""
    apps = []
    for node in ast.walk(module.tree):
        if not isinstance(node, ast.Call):
            continue
        called = called_name(node) or ""
        arguments = {keyword.arg: keyword.value for keyword in node.keywords if keyword.arg}
        if called in _RUNNERS and node.args:
            arguments.setdefault("agent", node.args[0])  # `InMemoryRunner(root_agent)`
        cached = "context_cache_config" in arguments
        naming = _NAMING.get(called)
        name = constant_text(arguments.get(naming), Namespace(module, cache)) if naming is not None else None
        root = next((arguments[field] for field in _ROOT_FIELDS if field in arguments), None)
        app = arguments.get("app") if called in _RUNNERS else None
        if "plugins" not in arguments and not cached and naming is None:
            continue
        instructions: list[Instruction] = []
        unread: list[Unread] = []
        for plugin in _plugins(arguments.get("plugins"), module.constants):
            found = find_call_instructions(module, plugin, cache)
            instructions.extend(found)
            text = plugin.args[0] if plugin.args else next((k.value for k in plugin.keywords if k.arg == _FIELD), None)
            if not found and text is not None and not (isinstance(text, ast.Constant) and text.value in ("", None)):
                what = f"the `{PLUGIN_CLASS}` text is `{ast.unparse(text)[:60]}`, which the code does not show"
                unread.append(Unread("plugin", what, module.source.path, text.lineno, text.col_offset + 1))
        if instructions or unread or cached or root is not None or app is not None:
            position = (module.source.path, node.lineno, node.col_offset + 1)
            reference = ref_of(root) if root is not None else None
            session = None
            if called in _RUNNERS and "session_service" in arguments:
                function = module.enclosing_functions.get(id(node))
                session = service_identity(arguments["session_service"], function, module)
            apps.append(AppFacts(
                reference, tuple(instructions), cached, *position, name=name, unread=tuple(unread),
                runner=called in _RUNNERS, app=ref_of(app) if app is not None else None, variable=bound.get(id(node)),
                session=session,
            ))  # fmt: skip
    return tuple(apps)


def _plugins(value: ast.expr | None, constants: dict[str, ast.expr]) -> Iterator[ast.Call]:
    """The ``GlobalInstructionPlugin(...)`` calls a ``plugins=`` value lists, following names
    bound at module level."""
    seen: set[str] = set()
    pending = [value] if value is not None else []
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and node.id in constants and node.id not in seen:
            seen.add(node.id)
            pending.append(constants[node.id])
        elif isinstance(node, (ast.List, ast.Tuple)):
            pending.extend(reversed(node.elts))
        elif isinstance(node, ast.Call) and called_name(node) == PLUGIN_CLASS:
            yield node
