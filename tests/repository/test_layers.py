"""The layers import one way: core <- project <- lint <- cli/server, with no cycles.

Every import is read from the syntax tree: those at the top of a module, inside functions
(where a cycle likes to hide) and under ``TYPE_CHECKING``, and every one counts. An entry point
(``cli``, ``server``) may use the project layer only through its front door. Inside the project
layer, the language-neutral model imports no front end, a front end imports no other, and
nothing above the project layer names a language.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "templating"
# The rank of each layer; a module may import its own layer and those below.
LAYERS = {"core": 0, "project": 1, "lint": 2, "cli": 3, "server": 3}
# What an entry point may import from the project layer: the front door, the registry of
# surfaces, and the records and model they hand out.
PROJECT_FRONT_DOOR = frozenset({
    "templating.project", "templating.project.reading", "templating.project.surfaces", "templating.project.model.assembly",
    "templating.project.model.facts", "templating.project.model.instruction", "templating.project.model.graph",
    "templating.project.model.request", "templating.project.model.contract",
    "templating.project.files", "templating.project.noqa", "templating.project.words", "templating.project.roots",
})  # fmt: skip
#: The command-line modules that may import the linter: the lint and rule commands' and the
#: shared settings (`cli.common` reads the config as lint does). Every other command (graph,
#: render, cache-report, request, snapshot) reads a project through the front door alone.
LINT_USERS = frozenset({
    "templating.cli.lint", "templating.cli.lint_output", "templating.cli.rule", "templating.cli.common",
})  # fmt: skip

#: Files the tool writes and reads back itself, whose suffix is no surface's business: a
#: request snapshot (`templating snapshot`) is plain text, never linted unless named.
OWN_FILES = frozenset({("templating.cli.snapshot", ".txt")})

PROJECT = "templating.project"
#: The front ends: one package per source language (or file format) a project is read from.
FRONT_ENDS = frozenset({"python", "agent_config", "typescript", "go", "java", "kotlin"})
#: The project layer's leaves: modules that import nothing of the project.
LEAVES = ("budget", "edge", "encoding", "heap", "noqa", "paths", "pickling")
#: What a front end may import from the project layer besides its own package: the model, the
#: contract, the shared source cache and tree-sitter layer, and the leaves.
FRONT_END_MAY_IMPORT = ("model", "frontend", "sources", "treesitter", *LEAVES)
#: What the model and the tree-sitter layer may import from the project layer: the model and the leaves.
MODEL_MAY_IMPORT = ("model", *LEAVES)


def module_name(file: Path) -> str:
    parts = file.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    if module == "templating.__main__":
        return "cli"  # `python -m templating` is the command line
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "core"


def imports_of(file: Path) -> list[tuple[str, int, bool]]:
    """Every ``templating`` module ``file`` imports: the name, the line, and whether the
    import runs (``False`` under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(file.read_text(encoding="utf-8"))
    typing_only = {
        id(node) for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for statement in block.body for node in ast.walk(statement)
    }  # fmt: skip
    package = module_name(file) if file.name == "__init__.py" else module_name(file).rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            if name == "templating" or name.startswith("templating."):
                found.append((name, node.lineno, id(node) not in typing_only))
    return found


def _modules() -> dict[str, Path]:
    return {module_name(file): file for file in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


def _existing(name: str) -> str | None:
    """The module ``name`` names (``a.b.c`` may be the name ``c`` of module ``a.b``)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def test_layers_no_module_imports_a_layer_above_its_own():
    upward = [
        f"{file.relative_to(PACKAGE.parent)}:{line}: {module} ({layer_of(module)}) imports {name} ({layer_of(name)})"
        for module, file in MODULES.items() for name, line, _ in imports_of(file)
        if LAYERS[layer_of(name)] > LAYERS[layer_of(module)]
    ]  # fmt: skip
    assert upward == []


def test_layers_entry_points_use_the_project_through_its_front_door():
    past = [
        f"{file.relative_to(PACKAGE.parent)}:{line}: {name}"
        for module, file in MODULES.items() if LAYERS[layer_of(module)] == LAYERS["cli"]
        for name, line, _ in imports_of(file)
        if layer_of(name) == "project" and _existing(name) not in PROJECT_FRONT_DOOR
    ]  # fmt: skip
    assert past == []


def test_layers_commands_other_than_lint_read_a_project_through_the_front_door_not_the_linter():
    """``graph``, ``render`` and what they share get the project model from the project layer
    (`templating.project.reading`), never from ``templating.lint``."""
    wrong = [
        f"{file.relative_to(PACKAGE.parent)}:{line}: {name}"
        for module, file in MODULES.items() if layer_of(module) == "cli" and module not in LINT_USERS
        for name, line, _ in imports_of(file) if layer_of(name) == "lint"
    ]  # fmt: skip
    assert wrong == []


def _spelled_file_names(file: Path, suffixes: frozenset[str], names: frozenset[str]) -> list[tuple[int, str]]:
    """The string constants of ``file`` (docstrings aside) that are a surface's suffix or a
    file name a surface claims (``".py"``, ``"__init__.py"``, ``"SKILL.md"``)."""
    tree = ast.parse(file.read_text(encoding="utf-8"))
    documented = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
    }  # fmt: skip
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documented:
            text = node.value
            bare = text and not any(character.isspace() or character == "/" for character in text)
            if bare and (text in names or any(text.lower().endswith(suffix) for suffix in suffixes)):
                found.append((node.lineno, text))
    return found


def test_layers_only_the_surfaces_registry_spells_the_files_of_a_project():
    """Above the project layer, a file's kind is asked of the registry (`surface_for`,
    `claiming`), never told by its suffix: a new surface is one record, not a hunt."""
    from templating.project.surfaces import SURFACES

    suffixes = frozenset(suffix for surface in SURFACES for suffix in surface.suffixes)
    names = frozenset(name for surface in SURFACES for name in surface.names)
    spelled = [
        f"{file.relative_to(PACKAGE.parent)}:{line}: {text!r}"
        for module, file in MODULES.items() if layer_of(module) in ("lint", "cli", "server")
        for line, text in _spelled_file_names(file, suffixes, names)
        if (module, text) not in OWN_FILES
    ]  # fmt: skip
    assert spelled == []


def test_layers_a_spelled_suffix_is_found_and_a_docstring_is_not(monkeypatch):
    source = '"""Reads a.py."""\nfor candidate in (base.with_suffix(".py"), base / "__init__.py", "see docs/x.md"):\n    pass\n'
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: source)
    found = _spelled_file_names(PACKAGE / "cli" / "_probe.py", frozenset({".py", ".md"}), frozenset({"SKILL.md"}))
    assert found == [(2, ".py"), (2, "__init__.py")]


def test_layers_no_import_cycles_among_modules():
    """Counting every import: one inside a function or under ``TYPE_CHECKING`` still ties the
    two modules together (neither can be read, or moved, alone)."""
    graph = {
        module: {target for name, _, _ in imports_of(file) if (target := _existing(name)) and target != module}
        for module, file in MODULES.items()
    }
    cycles = _cycles(graph)
    assert cycles == []


def project_part(module: str) -> str | None:
    """The part of the project layer ``module`` belongs to: its package (``model``, ``python``,
    ``surfaces``...) or its module (``reading``, ``frontend``...); ``None`` outside the layer."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and ".".join(parts[:2]) == PROJECT else None


def _project_imports(module: str, file: Path) -> list[tuple[int, str]]:
    return [(line, name) for name, line, _ in imports_of(file) if project_part(name) is not None]


def test_layers_the_model_and_the_tree_sitter_layer_import_no_front_end_surface_or_reading():
    wrong = [
        f"{file.relative_to(PACKAGE.parent)}:{line}: {name}"
        for module, file in MODULES.items() if project_part(module) in ("model", "treesitter")
        for line, name in _project_imports(module, file)
        if project_part(name) not in (*MODEL_MAY_IMPORT, project_part(module))
    ]  # fmt: skip
    assert wrong == []


def test_layers_a_front_end_imports_only_its_own_package_the_contract_and_the_model():
    wrong = [
        f"{file.relative_to(PACKAGE.parent)}:{line}: {name}"
        for module, file in MODULES.items() if project_part(module) in FRONT_ENDS
        for line, name in _project_imports(module, file)
        if project_part(name) not in (*FRONT_END_MAY_IMPORT, project_part(module))
    ]  # fmt: skip
    assert wrong == []


def test_layers_lint_cli_and_server_name_no_language():
    wrong = [
        f"{file.relative_to(PACKAGE.parent)}:{line}: {name}"
        for module, file in MODULES.items() if layer_of(module) in ("lint", "cli", "server")
        for name, line, _ in imports_of(file) if project_part(name) in FRONT_ENDS
    ]  # fmt: skip
    assert wrong == []


def test_layers_every_package_of_the_project_layer_is_placed():
    """A new package is a front end (listed in `FRONT_ENDS`) or one of the shared parts."""
    packages = {project_part(module) for module, file in MODULES.items() if file.name == "__init__.py"}
    assert packages - {None} <= FRONT_ENDS | {"model", "surfaces", "treesitter"}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import templating.lint.linter\n", [("templating.lint.linter", 1, True)]),
        (
            "def f():\n    from templating.cli import main\n",
            [("templating.cli", 2, True), ("templating.cli.main", 2, True)],
        ),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from templating.server import app\n",
            [("templating.server", 3, False), ("templating.server.app", 3, False)],
        ),
    ],
)
def test_layers_imports_are_found_inside_functions_and_type_checking_blocks(tmp_path, monkeypatch, source, expected):
    file = PACKAGE / "project" / "_probe.py"  # never written: read_text is replaced
    monkeypatch.setattr(Path, "read_text", lambda self, encoding=None: source)
    assert imports_of(file) == expected


def test_layers_cycles_are_found():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
