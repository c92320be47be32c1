"""TypeScript/JavaScript modules parsed once per run, their top-level names and imports.

A module knows the values its top-level ``const``/``let``/``var`` bind, its functions, the
names it imports (specifier and imported name) and what it re-exports. Relative specifiers are
resolved as TypeScript does: ``./x.js`` may name ``x.ts``, a folder its ``index.ts``; a
``tsconfig.json`` ``paths`` alias (``@/lib/*``) is followed too.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.model.instruction import SourceFile
from templating.project.sources import SourceCache
from templating.project.treesitter.parsing import parse
from templating.project.typescript.vocabulary import grammar_for, port_of_specifier

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.treesitter.parsing import ParsedText

__all__ = ["Import", "ScriptCache", "ScriptModule", "load_script", "unwrap"]

_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
_WRAPPERS = frozenset({"parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression"})
_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})
_MAX_MODULE_BYTES = 2_000_000
#: How many ``extends`` a tsconfig chain follows, and how many folders up a package's is looked for.
_MAX_EXTENDS = 8
_MAX_PACKAGE_LEVELS = 16
# A tsconfig's strings and comments. Each alternative matches wherever it starts (a string or
# a block comment left open runs to the end of the text), so the search never fails at one
# `"` or `/*` and starts again at the next: `/* /* /* ...` made it quadratic (a 200 KB
# tsconfig took a minute).
_COMMENTS = re.compile(r'"(?:\\.|[^"\\])*+(?:"|\\?\Z)|//[^\n]*|/\*(?:.*?\*/|.*)', re.DOTALL)


def _without_comment(match: re.Match[str]) -> str:
    """A comment's replacement: nothing; a string, or a comment left open, stays as it is (the
    JSON is then invalid, as it was)."""
    found = match.group()
    closed = found.startswith("//") or (len(found) >= 4 and found.endswith("*/"))
    return "" if closed and not found.startswith('"') else found


@dataclass(frozen=True, slots=True)
class Import:
    """A name bound by an import: the module specifier and the name it exports (``default``,
    or ``*`` for a namespace import)."""

    specifier: str
    name: str


@dataclass(slots=True)
class ScriptModule:
    """One parsed module: its source, tree, port and top-level names."""

    path: Path
    source: SourceFile
    parsed: ParsedText
    port: str | None = None
    values: dict[str, Node] = field(default_factory=dict)
    functions: dict[str, Node] = field(default_factory=dict)
    imports: dict[str, Import] = field(default_factory=dict)
    #: Re-exports: ``export { a as b } from './x'`` binds ``b``; ``export * from './x'`` adds a star.
    reexports: dict[str, Import] = field(default_factory=dict)
    stars: list[str] = field(default_factory=list)
    #: The module's own top-level names it exports (``export const a``, ``export { a }``,
    #: ``export default a``): what adk-js devtools may load.
    exported: set[str] = field(default_factory=set)
    #: The top-level names declared with ``let`` or ``var``: another assignment may change them.
    mutable: set[str] = field(default_factory=set)
    #: Every assignment of the module by the name it assigns (`rebinding`), once asked.
    assignments: dict | None = None
    #: What `rebinding` worked out of them, by name.
    binding_memo: dict | None = None


def unwrap(node: Node) -> Node:
    """``node`` without parentheses, ``as``/``satisfies`` casts and ``!`` assertions."""
    while node.type in _WRAPPERS and node.named_children:
        node = node.named_children[0]
    return node


def load_script(path: Path, text: str, display: str) -> ScriptModule:
    """Parse ``text`` as the module at ``path`` (grammar by suffix) and index its names."""
    grammar = grammar_for(path.name)
    parsed = parse(grammar, text)
    module = ScriptModule(path, SourceFile(display, text), parsed)
    for statement in parsed.root.named_children:
        _index(module, statement)
    return module


def _index(module: ScriptModule, statement: Node) -> None:
    kind = statement.type
    if kind == "export_statement":
        _index_export(module, statement)
    elif kind in _DECLARATIONS:
        for declarator in statement.named_children:
            name, value = declarator.child_by_field_name("name"), declarator.child_by_field_name("value")
            if declarator.type == "variable_declarator" and name is not None and value is not None:
                if name.type == "identifier":
                    module.values[module.parsed.text_of(name)] = value
                    if kind == "variable_declaration" or statement.children[0].type == "let":
                        module.mutable.add(module.parsed.text_of(name))
                _note_require(module, name, value)
    elif kind in ("function_declaration", "generator_function_declaration"):
        name = statement.child_by_field_name("name")
        if name is not None:
            module.functions[module.parsed.text_of(name)] = statement
    elif kind == "import_statement":
        _index_import(module, statement)


def _index_export(module: ScriptModule, statement: Node) -> None:
    declaration = statement.child_by_field_name("declaration")
    if declaration is not None:
        before = {*module.values, *module.functions}
        _index(module, declaration)
        module.exported.update({*module.values, *module.functions} - before)
        return
    source = statement.child_by_field_name("source")
    specifier = _string_value(module, source) if source is not None else None
    value = statement.child_by_field_name("value")
    if value is not None:  # export default <expression>
        module.values["default"] = value
        module.exported.add(module.parsed.text_of(value) if value.type == "identifier" else "default")
    for child in statement.named_children:
        if child.type == "export_clause":
            for spec in child.named_children:
                local = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias") or local
                if local is None or alias is None:
                    continue
                exported, inner = module.parsed.text_of(alias), module.parsed.text_of(local)
                if specifier is not None:
                    module.reexports[exported] = Import(specifier, inner)
                else:
                    module.exported.add(inner)
                    if exported != inner:
                        module.reexports[exported] = Import("", inner)
    if specifier is not None and any(child.type == "*" for child in statement.children):
        module.stars.append(specifier)
    if specifier is not None:
        _note_port(module, specifier)


def _index_import(module: ScriptModule, statement: Node) -> None:
    source = statement.child_by_field_name("source")
    specifier = _string_value(module, source) if source is not None else None
    if specifier is None:
        return
    _note_port(module, specifier)
    for clause in statement.named_children:
        if clause.type != "import_clause":
            continue
        for part in clause.named_children:
            if part.type == "identifier":
                module.imports[module.parsed.text_of(part)] = Import(specifier, "default")
            elif part.type == "namespace_import":
                for name in part.named_children:
                    module.imports[module.parsed.text_of(name)] = Import(specifier, "*")
            elif part.type == "named_imports":
                for spec in part.named_children:
                    imported = spec.child_by_field_name("name")
                    alias = spec.child_by_field_name("alias") or imported
                    if imported is not None and alias is not None:
                        module.imports[module.parsed.text_of(alias)] = Import(
                            specifier, module.parsed.text_of(imported)
                        )


def _note_require(module: ScriptModule, name: Node, value: Node) -> None:
    """``const x = require('./x')`` (CommonJS) binds a namespace, ``const { a } = require(...)`` names."""
    function = value.child_by_field_name("function") if value.type == "call_expression" else None
    if function is None or module.parsed.text_of(function) != "require":
        return
    arguments = value.child_by_field_name("arguments")
    first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
    specifier = _string_value(module, first) if first is not None else None
    if specifier is None:
        return
    _note_port(module, specifier)
    if name.type == "identifier":
        module.imports[module.parsed.text_of(name)] = Import(specifier, "*")
    elif name.type == "object_pattern":
        for part in name.named_children:
            if part.type == "shorthand_property_identifier_pattern":
                module.imports[module.parsed.text_of(part)] = Import(specifier, module.parsed.text_of(part))


def _note_port(module: ScriptModule, specifier: str) -> None:
    port = port_of_specifier(specifier)
    if port is not None and module.port is None:
        module.port = port


def _string_value(module: ScriptModule, node: Node) -> str | None:
    if node.type != "string":
        return None
    return "".join(module.parsed.text_of(child) for child in node.named_children if child.type == "string_fragment")


class ScriptCache:
    """Modules parsed so far in one run, by resolved path, and the ``tsconfig.json`` aliases:
    kept in the run's `SourceCache` (an editor's unsaved buffers stand in for their files)."""

    def __init__(self, sources: SourceCache | None = None) -> None:
        self.sources = sources if sources is not None else SourceCache(Path.cwd())
        self.modules: dict[str, ScriptModule | None] = self.sources.parsed("typescript")
        self.looked_up: set[str] = set()
        self._aliases: dict[str, tuple[Path, dict[str, list[str]]] | None] = self.sources.parsed("tsconfig")

    def load(self, path: Path) -> ScriptModule | None:
        """The module at ``path``, parsed once; ``None`` if it cannot be read or parsed."""
        key = self.sources.key(path)
        self.looked_up.add(key)
        if key not in self.modules:
            self.modules[key] = None
            try:
                text = self.sources.read_text(path, _MAX_MODULE_BYTES)  # never a file out of the project
                self.modules[key] = load_script(path, text, self.sources.display(path))
            except (OSError, UnicodeDecodeError, ValueError, RecursionError, MemoryError):
                pass  # an unreadable module leaves its names unresolved
        return self.modules[key]

    def resolve(self, specifier: str, importer: Path) -> Path | None:
        """The file a specifier names from the module at ``importer``: relative, or a
        ``tsconfig.json`` alias; ``None`` for a package or a file that is not there."""
        if specifier.startswith("."):
            return _existing(importer.parent / specifier)
        aliased = self._alias(specifier, importer.parent)
        return next((found for found in map(_existing, aliased) if found is not None), None)

    def _alias(self, specifier: str, folder: Path) -> list[Path]:
        config = self._tsconfig(folder)
        if config is None:
            return []
        base, paths = config
        found: list[Path] = []
        for pattern, targets in paths.items():
            prefix, star, suffix = pattern.partition("*")
            if star and specifier.startswith(prefix) and specifier.endswith(suffix):
                middle = specifier[len(prefix) : len(specifier) - len(suffix)]
                found.extend(base / target.replace("*", middle) for target in targets)
            elif not star and specifier == pattern:
                found.extend(base / target for target in targets)
        return found

    def _tsconfig(self, folder: Path) -> tuple[Path, dict[str, list[str]]] | None:
        key = os.fspath(folder)
        if key not in self._aliases:
            self._aliases[key] = _read_tsconfig(folder / "tsconfig.json", self.sources)
            if self._aliases[key] is None and folder.parent != folder and (folder / "package.json").exists() is False:
                self._aliases[key] = self._tsconfig(folder.parent)
        return self._aliases[key]


def _read_tsconfig(path: Path, sources: SourceCache) -> tuple[Path, dict[str, list[str]]] | None:
    """The ``paths`` aliases of the ``tsconfig.json`` at ``path`` (its own or inherited through
    ``extends``) and the folder they are relative to: ``baseUrl`` where one is set (relative
    to the file that sets it), else the folder of the file that sets ``paths``. A config out of
    the project (a link, an ``extends`` leading out, a package under ``node_modules`` that is a
    link out) is never read, as if it were not there."""
    options = _compiler_options(path, frozenset(), sources)
    if options is None or "paths" not in options:
        return None
    base = options.get("baseUrl") or options["paths_folder"]
    return base, options["paths"]


def _compiler_options(path: Path, seen: frozenset[Path], sources: SourceCache) -> dict | None:
    """``baseUrl``, ``paths`` and the folder of the file setting ``paths``, after the configs
    ``path`` extends (in order, a later one overriding); a cycle or a chain deeper than
    `_MAX_EXTENDS` stops at the configs read so far."""
    try:
        text = sources.read_text(path)
        config = json.loads(_COMMENTS.sub(_without_comment, text))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(config, dict):
        return None
    merged: dict = {}
    extends = config.get("extends")
    for specifier in [extends] if isinstance(extends, str) else extends if isinstance(extends, list) else []:
        parent = _extended(specifier, path.parent) if isinstance(specifier, str) else None
        if parent is not None and parent not in seen and len(seen) < _MAX_EXTENDS:
            merged.update(_compiler_options(parent, seen | {path}, sources) or {})
    compiler = config.get("compilerOptions")
    compiler = compiler if isinstance(compiler, dict) else {}
    if isinstance(compiler.get("baseUrl"), str):
        merged["baseUrl"] = path.parent / compiler["baseUrl"]
    paths = compiler.get("paths")
    if isinstance(paths, dict):
        merged["paths"] = {k: [t for t in v if isinstance(t, str)] for k, v in paths.items() if isinstance(v, list)}
        merged["paths_folder"] = path.parent
    return merged


def _extended(specifier: str, folder: Path) -> Path | None:
    """The config an ``extends`` names: a path relative to the extending file (``.json``
    may be left out), or a package's file under the nearest ``node_modules`` (a package
    named alone gives its ``tsconfig.json``)."""
    if specifier.startswith(".") or os.path.isabs(specifier):
        candidates = [folder / specifier, folder / f"{specifier}.json"]
    else:
        candidates = []
        for parent in [folder, *folder.parents][:_MAX_PACKAGE_LEVELS]:
            base = parent / "node_modules" / specifier
            candidates += [base, Path(f"{base}.json"), base / "tsconfig.json"]
    return next((candidate.resolve() for candidate in candidates if candidate.is_file()), None)


def _existing(base: Path) -> Path | None:
    """The file a module path names: as written, ``.js`` written for ``.ts``, a missing
    suffix, or a folder's ``index``."""
    root, extension = os.path.splitext(os.fspath(base))
    stem = root if extension in (".js", ".jsx", ".mjs", ".cjs") else os.fspath(base)
    candidates = [base, *(Path(f"{stem}{suffix}") for suffix in _SUFFIXES)]
    candidates += [base / f"index{suffix}" for suffix in _SUFFIXES]
    return next((candidate for candidate in candidates if candidate.is_file()), None)
