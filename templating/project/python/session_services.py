"""Which session service object a runner is given, named so that runners sharing one say so.

google-adk keeps a session's state in the service that made it: two runners continue one
session only if they are given the same service (and the same session id). A pipeline of
phases does exactly that, running one ``App`` then another of the same name:
``Runner(app=review_app, session_service=service)`` then ``Runner(app=outcome_app,
session_service=service)``. `service_identity` names the service a ``session_service=``
argument is: a parameter or local of the function the runner is built in, a module-level
name, or a name imported from another module (by where it is defined). A service made in
place (``InMemorySessionService()``) is the runner's own: ``None``.
"""

from __future__ import annotations

import ast

from templating.project.python.definitions import is_local
from templating.project.python.module import PythonModule
from templating.project.python.syntax_tree import dotted_name

__all__ = ["service_identity"]


def service_identity(
    service: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef | None, module: PythonModule
) -> str | None:
    """The name of the service object ``service`` (a ``session_service=`` value written in
    ``function``, or at module level) stands for; ``None`` for one made in place."""
    if isinstance(service, ast.Name):
        name = service.id
        if function is not None and is_local(name, function):
            return f"{module.path}:{function.lineno}:{name}"
        if name in module.imports:  # named by the module that defines it
            path, symbol = module.imports[name]
            return f"{path}:{symbol or name}"
        return f"{module.path}:{name}"
    if isinstance(service, ast.Attribute):  # `self.sessions`, `runtime.session_service`
        return f"{module.path}:{dotted_name(service)}"
    return None
