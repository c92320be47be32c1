"""One Java file's names: its imports, classes, methods and variables, and other files' constants.

`JavaFile` walks the syntax tree once and keeps what the agent and writer readers ask for:
the package and imports (to find the file of a class named in code), the classes declared
and the ones deriving from an agent class, the methods, every variable declaration, and the
``// noqa`` comments. `sibling_scope` reads another class's file of the project for its
``static final`` constants (``Prompts.ROOT``), once per run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.java.names import JavaScope
from templating.project.java.vocabulary import AGENT_CLASSES
from templating.project.model.instruction import SourceFile
from templating.project.treesitter.parsing import ParsedText, parse
from templating.project.treesitter.queries import matches, query
from templating.project.treesitter.text import noqa_by_line

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.sources import SourceCache

__all__ = ["JavaFile", "java_file"]

_QUERIES = "templating.project.java"
#: A class deriving from one of these is agent code (a custom agent).
_AGENT_BASES = frozenset({"BaseAgent", *AGENT_CLASSES})


@dataclass
class JavaFile:
    """What one Java file declares, gathered in one walk of its tree."""

    parsed: ParsedText
    source: SourceFile
    path: Path
    key: str
    modules: SourceCache
    package: str = ""
    imports: list[str] = field(default_factory=list)
    classes: dict[str, Node] = field(default_factory=dict)
    agent_classes: set[str] = field(default_factory=set)
    #: Each custom agent class's run order, by class and number of constructor arguments.
    run_orders: dict[tuple[str, int], list[int | str] | None] = field(default_factory=dict)
    methods: dict[str, list[Node]] = field(default_factory=dict)
    invocations: list[Node] = field(default_factory=list)
    #: ``name.put(...)`` / ``name.putAll(...)`` calls by the variable they are made on.
    puts: dict[str, list[Node]] = field(default_factory=dict)
    creations: list[Node] = field(default_factory=list)
    lambdas: list[Node] = field(default_factory=list)
    #: Every ``x = v`` of the file (a field a static block or a lazy getter sets).
    assignments: list[Node] = field(default_factory=list)
    noqa: dict[int, frozenset[str]] = field(default_factory=dict)
    scope: JavaScope = field(init=False)

    def __post_init__(self) -> None:
        self.scope = JavaScope(self.parsed, self.source)

    def text(self, node: Node | None) -> str:
        """The source text of ``node`` (``""`` for none)."""
        return self.parsed.text_of(node) if node is not None else ""

    def position(self, node: Node) -> tuple[int, int]:
        """The 1-based line and column of ``node``'s start."""
        return self.source.position(self.parsed.span(node)[0])

    def class_path(self, name: str) -> Path:
        """The file class ``name`` is declared in: this one, an imported class's, or the folder's."""
        if name in self.classes:
            return self.path
        for imported in self.imports:
            if imported.rsplit(".", 1)[-1] == name:
                return _source_root(self.path.parent, self.package) / (imported.replace(".", os.sep) + ".java")
        return self.path.parent / f"{name}.java"

    def module_of(self, name: str) -> str:
        """The file key of class ``name`` (see `class_path`)."""
        return self.key if name in self.classes else self.modules.key(self.class_path(name))


def java_file(source: SourceFile, path: Path, key: str, modules: SourceCache) -> JavaFile:
    """``source`` parsed and walked once."""
    parsed = parse("java", source.text)
    file = JavaFile(parsed, source, path, key, modules)
    for captures in matches(query(_QUERIES, "imports", "java"), parsed.root):
        for node in captures.get("package", ()):
            file.package = parsed.text_of(node)
        for node in captures.get("import", ()):
            file.imports.append(parsed.text_of(node))
    comments = [(node.start_point[0] + 1, parsed.text_of(node)) for c in matches(query(_QUERIES, "comments", "java"), parsed.root) for node in c["comment"]]  # fmt: skip
    file.noqa = noqa_by_line(comments)
    _walk(file)
    file.scope.classes = frozenset(file.classes)
    file.scope.methods = file.methods
    file.scope.sibling = lambda name: sibling_scope(file, name)
    return file


def _walk(file: JavaFile) -> None:
    stack = [file.parsed.root]
    variables = file.scope.variables
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "variable_declarator":
            name = node.child_by_field_name("name")
            if name is not None:
                variables.setdefault(file.text(name), []).append(node)
        elif kind in ("class_declaration", "enum_declaration", "record_declaration", "interface_declaration"):
            _class(file, node)
        elif kind == "method_declaration":
            file.methods.setdefault(file.text(node.child_by_field_name("name")), []).append(node)
        elif kind == "method_invocation":
            file.invocations.append(node)
            _index_put(file, node)
        elif kind == "object_creation_expression":
            file.creations.append(node)
        elif kind == "lambda_expression":
            file.lambdas.append(node)
        elif kind == "assignment_expression":
            file.assignments.append(node)
        stack.extend(reversed(node.children))


def _index_put(file: JavaFile, node: Node) -> None:
    receiver = node.child_by_field_name("object")
    if (
        receiver is not None
        and receiver.type == "identifier"
        and file.text(node.child_by_field_name("name")) in ("put", "putAll")
    ):
        file.puts.setdefault(file.text(receiver), []).append(node)


def _class(file: JavaFile, node: Node) -> None:
    name = file.text(node.child_by_field_name("name"))
    file.classes[name] = node
    superclass = node.child_by_field_name("superclass")
    if superclass is not None:
        base = file.text(superclass.named_children[0]) if superclass.named_children else ""
        if base.rsplit(".", 1)[-1].split("<", 1)[0] in _AGENT_BASES:
            file.agent_classes.add(name)


def _source_root(folder: Path, package: str) -> Path:
    """The folder the package's path starts in (``src/main/java`` for ``com.example`` files
    in ``src/main/java/com/example``); the file's folder when they do not match."""
    parts = package.split(".") if package else []
    if parts and folder.parts[-len(parts) :] == tuple(parts):
        return folder.parents[len(parts) - 1]
    return folder


def sibling_scope(file: JavaFile, name: str) -> JavaScope | None:
    """The names of class ``name``'s file, read once per run; ``None`` when it is not a
    readable Java file of the project."""
    path = file.class_path(name)
    key = file.modules.key(path)
    if key == file.key:
        return file.scope
    cache = file.modules.parsed("java")  # the run's memo of the Java front end
    if key not in cache:
        cache[key] = _read_scope(file, path, key)
    file.modules.looked_up.add(key)
    return cache[key]


def _read_scope(file: JavaFile, path: Path, key: str) -> JavaScope | None:
    try:
        text = file.modules.read_text(path)  # a link out of the project is never opened
    except (OSError, UnicodeDecodeError):
        return None
    other = java_file(SourceFile(str(path), text), path, key, file.modules)
    return other.scope
