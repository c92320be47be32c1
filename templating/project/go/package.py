"""A Go package's package-level constants and variables, across the files of its folder.

The file being read is parsed first; the other ``.go`` files of its folder (tests excluded,
at most `MAX_SIBLINGS`) are parsed only when a name is not defined in it, and only those that
declare the same package. A ``var`` under a ``//go:embed FILE`` directive stands for the text
of that file, read as the instruction with positions in it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.model.instruction import SourceFile
from templating.project.treesitter.parsing import ParsedText, parse

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.sources import SourceCache

__all__ = ["MAX_SIBLINGS", "Definition", "GoFile", "Package", "go_file", "package_files", "read_embedded"]

#: A folder with more Go files than this is not searched for a name another file defines.
MAX_SIBLINGS = 50
#: An embedded file larger than this is not read as an instruction.
MAX_EMBED_BYTES = 1_000_000
_EMBED = re.compile(r"//go:embed\s+(\S+)\s*$")


@dataclass(frozen=True, slots=True)
class Definition:
    """A package-level name: its value expression in ``file``, or the file it embeds."""

    file: GoFile
    node: Node | None
    embed: str | None = None


@dataclass(slots=True)
class GoFile:
    """One parsed Go file: its source, tree, package name and package-level definitions."""

    path: Path
    source: SourceFile
    parsed: ParsedText
    package: str
    definitions: dict[str, Definition] = field(default_factory=dict)
    #: The file's top-level functions by name.
    functions: dict[str, Node] = field(default_factory=dict)
    #: Each function body's local names and the values assigned to them, by the body's node id.
    locals: dict[int, dict[str, list[Node | None]]] = field(default_factory=dict)
    #: Each function body's ``<package>.New(...)`` calls, by the body's node id.
    new_calls: dict[int, list[Node]] = field(default_factory=dict)
    #: Each function body's ``m[key] = v`` targets by the map's name, by the body's node id.
    index_writes: dict[int, dict[str, list[Node]]] = field(default_factory=dict)
    #: The calls of plain names in the file by the name called, once asked for.
    calls: dict[str, list[Node]] | None = None
    #: Each function body's identifiers by name, by the body's node id (edge builders).
    identifier_uses: dict[int, dict[str, list[Node]]] = field(default_factory=dict)
    #: The file's ``Run`` methods by receiver type, once asked for (custom agents' code).
    run_methods: dict[str, Node] | None = None


def go_file(path: Path, source: SourceFile) -> GoFile:
    """Parse ``source`` (the Go file at ``path``) and collect its package-level definitions."""
    parsed = parse("go", source.text)
    package = ""
    file = GoFile(path, source, parsed, package)
    for node in parsed.root.named_children:
        if node.type == "package_clause" and node.named_child_count:
            file.package = parsed.text_of(node.named_children[0])
        elif node.type in ("const_declaration", "var_declaration"):
            _collect(file, node)
        elif node.type == "function_declaration" and (name := node.child_by_field_name("name")) is not None:
            file.functions[parsed.text_of(name)] = node
    return file


def _collect(file: GoFile, declaration: Node) -> None:
    specs = [child for child in declaration.named_children if child.type in ("const_spec", "var_spec")]
    for spec_list in (child for child in declaration.named_children if child.type == "var_spec_list"):
        specs.extend(child for child in spec_list.named_children if child.type == "var_spec")
    for spec in specs:
        names = list(spec.children_by_field_name("name"))
        value = spec.child_by_field_name("value")
        values = value.named_children if value is not None else []
        embed = _embed_name(file, spec if spec.parent != declaration else declaration) if value is None else None
        for index, name in enumerate(names):
            node = values[index] if index < len(values) else None
            file.definitions[file.parsed.text_of(name)] = Definition(file, node, embed)


def _embed_name(file: GoFile, node: Node) -> str | None:
    """The file a ``//go:embed`` comment right above ``node`` names, if it names one file."""
    comment = node.prev_named_sibling
    if comment is None or comment.type != "comment" or comment.end_point[0] + 1 != node.start_point[0]:
        return None
    match = _EMBED.match(file.parsed.text_of(comment))
    if match is None or any(mark in match.group(1) for mark in "*?["):
        return None  # a pattern: an `embed.FS`, not one file's text
    name = match.group(1).strip('"`')
    if name.startswith("/") or ".." in name.split("/"):
        return None  # Go refuses these too: an embed stays inside the module
    return name


def read_embedded(definition: Definition, modules: SourceCache) -> SourceFile | None:
    """The text of the file ``definition`` embeds, with line breaks as ``\\n``; ``None`` when
    it cannot be read as UTF-8 text of at most `MAX_EMBED_BYTES`."""
    if definition.embed is None:
        return None
    embedded = definition.file.path.parent / definition.embed
    try:
        text = modules.read_text(embedded, MAX_EMBED_BYTES)  # a link out of the project is never opened
    except (OSError, UnicodeDecodeError):
        return None
    modules.looked_up.add(modules.key(embedded))
    return SourceFile(modules.display(embedded), text)


class Package:
    """The names the files of one Go package define, looked up from the file being read."""

    def __init__(self, file: GoFile, modules: SourceCache) -> None:
        self.file = file
        self.modules = modules
        self._siblings: list[GoFile] | None = None

    def lookup(self, name: str) -> Definition | None:
        """The package-level definition of ``name``, in this file or another of the package."""
        if name in self.file.definitions:
            return self.file.definitions[name]
        for sibling in self.siblings():
            if name in sibling.definitions:
                self.modules.looked_up.add(self.modules.key(sibling.path))
                return sibling.definitions[name]
        return None

    def home_of_function(self, name: str) -> GoFile | None:
        """The file of the package that defines the top-level function ``name``."""
        if name in self.file.functions:
            return self.file
        return next((sibling for sibling in self.siblings() if name in sibling.functions), None)

    def single_return(self, name: str) -> tuple[GoFile, Node] | None:
        """The file of the package-level function ``name`` and the one expression it returns,
        when it takes no parameter and its body is that ``return`` alone."""
        home = self.home_of_function(name)
        function = home.functions[name] if home is not None else None
        parameters = function.child_by_field_name("parameters") if function is not None else None
        body = function.child_by_field_name("body") if function is not None else None
        if home is None or body is None or parameters is None or parameters.named_child_count:
            return None
        statements = [child for child in body.named_children if child.type != "comment"]
        if len(statements) == 1 and statements[0].type == "statement_list":
            statements = [child for child in statements[0].named_children if child.type != "comment"]
        if len(statements) != 1 or statements[0].type != "return_statement" or not statements[0].named_child_count:
            return None
        values = statements[0].named_children[0]
        return (home, values.named_children[0]) if values.named_child_count == 1 else None

    def siblings(self) -> list[GoFile]:
        """The other files of the package, parsed on first use."""
        if self._siblings is None:
            self._siblings = _read_siblings(self.file, self.modules)
        return self._siblings


def _read_siblings(file: GoFile, modules: SourceCache) -> list[GoFile]:
    # The folder is listed once per run: listing it for each of its files was quadratic (8,000
    # files in one package took 54 s).
    names = package_files(file.path.parent, modules)
    if len(names) > MAX_SIBLINGS:
        return []
    siblings = []
    for name in names:
        if name != file.path.name:
            sibling = _sibling(file.path.parent / name, modules)
            if sibling is not None and sibling.package == file.package:
                siblings.append(sibling)
    return siblings


def _sibling(path: Path, modules: SourceCache) -> GoFile | None:
    """The Go file at ``path`` (its editor buffer if it has one), parsed once per run: every
    file of a package may look names up in the others."""
    key = modules.key(path)
    memo = modules.parsed("go")
    if key not in memo:
        try:
            text = modules.read_text(path)  # a link out of the project is never opened
        except (OSError, UnicodeDecodeError):
            text = None
        memo[key] = go_file(path, SourceFile(modules.display(path), text)) if text else None
    return memo[key]


def package_files(folder: Path, modules: SourceCache) -> list[str]:
    """The names of the Go files of the package in ``folder`` (tests left out), sorted: found
    once per run."""
    key = "folder:" + modules.key(folder)
    memo = modules.parsed("go")
    if key not in memo:
        memo[key] = [name for name in modules.listing(folder) if name.endswith(".go") and not name.endswith("_test.go")]
    return memo[key]
