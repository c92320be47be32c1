"""Whether a Go value spliced into an instruction at run time can carry braces, and why.

adk-go scans an instruction after Go built it, so a ``{word}`` in a spliced value becomes a
state lookup (rule TPL010). Go's types and library calls often show a value cannot hold one:
a number or a boolean (a literal, an arithmetic result, ``len``, ``strconv.Itoa``, a loop's
index, a parameter declared ``int``), a date (``time.Now().Format(...)``), an environment
setting or a path (``os.Getenv``, ``os.Getwd``, ``filepath.Join``: reporting every project
id or folder buries the real cases, as the Python and Java front ends judge too), a text
reduced to a character class without braces (``regexp.MustCompile("[^a-z0-9-]+")
.ReplaceAllString(s, "-")``), an instruction the program relays (a field named
``Instruction``: the project's own instruction text, checked where it is written), or a
function of the package whose every ``return`` is one of those, and the JSON of a
``genai.Schema`` the function builds from brace-free texts (adk-go leaves its quoted-key
groups as written). `brace_reason` says which
values can, as the end of a sentence, and ``None`` for those that cannot.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from templating.project.go.literals import decode_go_string
from templating.project.go.locals import local_values
from templating.project.go.syntax import enclosing_function
from templating.project.treesitter.parsing import ancestors
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["UNKNOWN", "brace_reason", "relays_instruction"]

UNKNOWN = "its value is only known at run time"
_MAX_DEPTH = 12
_LITERALS = frozenset({
    "int_literal", "float_literal", "imaginary_literal", "rune_literal", "true", "false", "nil", "iota",
})  # fmt: skip
#: Calls whose result holds no brace: numbers, settings, paths, the clock, identifiers.
_BRACE_FREE_CALLS = frozenset({
    "len", "cap", "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint", "strconv.FormatFloat",
    "strconv.FormatBool", "os.Getenv", "os.Getwd", "os.Hostname", "os.Getpid", "os.TempDir", "os.UserHomeDir",
    "time.Now", "time.Since", "time.Until", "runtime.NumCPU", "uuid.NewString", "uuid.New",
})  # fmt: skip
#: Packages whose functions return paths or path pieces.
_PATH_PACKAGES = ("filepath.", "path.")
#: Functions that keep their first argument's characters (and adds none of their own).
_PASSING_CALLS = frozenset({
    "strings.ToLower", "strings.ToUpper", "strings.TrimSpace", "strings.Title", "strings.ToTitle",
    "strings.TrimPrefix", "strings.TrimSuffix", "strings.Trim", "strings.TrimLeft", "strings.TrimRight",
})  # fmt: skip
#: Declared types whose values print without braces.
_BRACE_FREE_TYPES = re.compile(
    r"\*?(?:u?int(?:8|16|32|64)?|uintptr|float(?:32|64)|complex(?:64|128)|bool|byte|rune|time\.(?:Time|Duration|Month|Weekday))"
)
#: The string literals of Go's grammar.
_STRINGS = frozenset({"interpreted_string_literal", "raw_string_literal"})


def brace_reason(node: Node, file: GoFile, package: Package, depth: int = 0) -> str | None:
    """Why the Go expression ``node`` of ``file``, known only at run time, can carry braces, or
    ``None`` when it cannot."""
    if depth > _MAX_DEPTH:
        return UNKNOWN
    kind = node.type
    if kind in _LITERALS:
        return None
    if kind in ("interpreted_string_literal", "raw_string_literal"):
        return None if not any(brace in file.parsed.text_of(node) for brace in "{}") else UNKNOWN
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return brace_reason(node.named_children[0], file, package, depth + 1)
    if kind == "unary_expression" and file.parsed.text_of(node)[:1] in "-+!^":
        return None
    if kind == "binary_expression":
        operator = node.child_by_field_name("operator")
        if operator is not None and operator.type != "+":
            return None  # arithmetic, a comparison or a logical operator: a number or a boolean
        parts = (node.child_by_field_name("left"), node.child_by_field_name("right"))
        return next((r for p in parts if p is not None and (r := brace_reason(p, file, package, depth + 1))), None)
    if kind == "call_expression":
        return _call_reason(node, file, package, depth)
    if kind == "selector_expression":
        field = node.child_by_field_name("field")
        if field is not None and file.parsed.text_of(field).lower().endswith("instruction"):
            return None  # an instruction the program relays: checked where it is written
        return UNKNOWN
    if kind == "identifier":
        return _name_reason(node, file, package, depth)
    return UNKNOWN


def relays_instruction(node: Node, file: GoFile, package: Package, depth: int = 0) -> bool:
    """Whether the whole instruction ``node`` is another instruction passed on: a parameter, a
    struct field (``doc.LLM.Instruction``), a local holding one, or a call of a package
    function that returns one of its parameters (``pick(cfg.Instruction, fallback)``). Its text
    is the caller's or the program's own configuration, checked where it is written; a text
    the program builds (a call of another package's function) is not a relay."""
    if depth > _MAX_DEPTH:
        return False
    if node.type == "selector_expression":
        return True
    if node.type == "identifier":
        values = local_values(node, file)
        if values is not None:
            return (
                len(values) == 1 and values[0] is not None and relays_instruction(values[0], file, package, depth + 1)
            )
        return _parameter_type(node, file, file.parsed.text_of(node)) is not None
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    if function is None or function.type != "identifier":
        return False
    home = package.home_of_function(file.parsed.text_of(function))
    declared = home.functions.get(file.parsed.text_of(function)) if home is not None else None
    if home is None or declared is None:
        return False
    returns = [m["return"][0] for m in matches(query("templating.project.go", "every_return", "go"), declared)]
    firsts = [r.named_children[0].named_children[0] if r.named_child_count and r.named_children[0].named_child_count
              else None for r in returns if enclosing_function(r, home.parsed.root) == declared]  # fmt: skip
    return bool(firsts) and all(
        first is not None and first.type == "identifier" and _parameter_type(first, home, home.parsed.text_of(first))
        for first in firsts
    )


def _call_reason(node: Node, file: GoFile, package: Package, depth: int) -> str | None:
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None:
        return UNKNOWN
    name = file.parsed.text_of(function)
    values = [v for v in (arguments.named_children if arguments is not None else ()) if v.type != "comment"]
    if name in _BRACE_FREE_CALLS or name.startswith(_PATH_PACKAGES) or _is_clock(function, file):
        return None
    if name in _PASSING_CALLS and values:
        return brace_reason(values[0], file, package, depth + 1)
    if name in ("fmt.Sprint", "fmt.Sprintln"):  # each argument printed as it is
        return next((r for v in values if (r := brace_reason(v, file, package, depth + 1))), None)
    if name == "string" and len(values) == 1:  # a conversion
        return brace_reason(values[0], file, package, depth + 1)
    if name in ("json.Marshal", "json.MarshalIndent") and values and _is_written_schema(values[0], file):
        return None
    if function.type == "selector_expression" and _is_class_replacement(function, values, file, package, depth):
        return None
    if function.type == "identifier" and _returns_brace_free(name, file, package, depth):
        return None
    return f"`{_short(name)}(...)` returns a value known only at run time"


def _is_written_schema(node: Node, file: GoFile) -> bool:
    """Whether ``node`` is a ``genai.Schema`` the function builds as a literal (``&genai.Schema{...}``,
    through a local) with no brace in any of its texts: its JSON opens every brace group with a
    quoted key, which adk-go leaves as written (``instruction_processor.go:187-201``: no state name)."""
    if node.type == "identifier":
        values = local_values(node, file)
        if values is None or len(values) != 1 or values[0] is None:
            return False
        node = values[0]
    if node.type == "unary_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    written = node.child_by_field_name("type") if node.type == "composite_literal" else None
    return written is not None and file.parsed.text_of(written).endswith("Schema") and not _braced_string(node, file)


def _braced_string(node: Node, file: GoFile) -> bool:
    """Whether a string literal under ``node`` holds a brace (one walk of its subtree)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in _STRINGS:
            text = file.parsed.text_of(current)
            if "{" in text or "}" in text:
                return True
            continue
        stack.extend(current.named_children)
    return False


def _is_clock(function: Node, file: GoFile) -> bool:
    """Whether ``function`` is a method of the clock's value (``time.Now().Format``, ``.Unix``)."""
    current: Node | None = function
    while current is not None and current.type in ("selector_expression", "call_expression"):
        inner = current.child_by_field_name("operand" if current.type == "selector_expression" else "function")
        if current.type == "call_expression" and inner is not None and file.parsed.text_of(inner) in _BRACE_FREE_CALLS:
            return file.parsed.text_of(inner).startswith("time.")
        current = inner
    return False


def _is_class_replacement(function: Node, values: list[Node], file: GoFile, package: Package, depth: int) -> bool:
    """Whether ``function(values)`` is ``pattern.ReplaceAllString(text, replacement)`` for a
    pattern that matches every character outside a class without braces, and a replacement
    without braces: what is left holds only the class's characters."""
    field = function.child_by_field_name("field")
    operand = function.child_by_field_name("operand")
    if field is None or operand is None or file.parsed.text_of(field) != "ReplaceAllString" or len(values) != 2:
        return False
    if brace_reason(values[1], file, package, depth + 1) is not None:
        return False
    compiled = _compiled_pattern(operand, file, package)
    return compiled is not None and _is_negated_class(compiled)


def _is_negated_class(pattern: str) -> bool:
    """Whether ``pattern`` matches every character outside a class without braces
    (``[^a-z0-9-]+``): what replacing its matches leaves holds no brace."""
    body = pattern.removesuffix("+").removesuffix("*")
    if not body.startswith("[^") or not body.endswith("]"):
        return False
    inside = body[2:-1]
    return bool(inside) and not any(mark in inside for mark in "]{}\\[")


def _compiled_pattern(node: Node, file: GoFile, package: Package) -> str | None:
    """The pattern text of ``regexp.MustCompile("...")`` (or ``regexp.Compile``), through a
    package-level name."""
    if node.type == "identifier":
        definition = package.lookup(file.parsed.text_of(node))
        if definition is None or definition.node is None:
            return None
        node, file = definition.node, definition.file
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    arguments = node.child_by_field_name("arguments") if node.type == "call_expression" else None
    if function is None or arguments is None or arguments.named_child_count != 1:
        return None
    if file.parsed.text_of(function) not in ("regexp.MustCompile", "regexp.Compile"):
        return None
    pattern = arguments.named_children[0]
    decoded = decode_go_string(file.parsed.text_of(pattern), 0) if pattern.type.endswith("string_literal") else None
    return decoded[0] if decoded is not None else None


def _name_reason(node: Node, file: GoFile, package: Package, depth: int) -> str | None:
    name = file.parsed.text_of(node)
    if _is_range_index(node, file, name):
        return None
    values = local_values(node, file)
    if values is not None:
        if all(value is not None for value in values):
            return next((r for v in values if (r := brace_reason(v, file, package, depth + 1))), None)  # type: ignore[arg-type]
        return UNKNOWN
    declared = _parameter_type(node, file, name)
    if declared is not None:
        return None if _BRACE_FREE_TYPES.fullmatch(declared) else UNKNOWN
    definition = package.lookup(name)
    if definition is not None and definition.node is not None:
        return brace_reason(definition.node, definition.file, package, depth + 1)
    return UNKNOWN


def _is_range_index(node: Node, file: GoFile, name: str) -> bool:
    """Whether ``name`` is the index of a ``for i, v := range ...`` around ``node``."""
    for parent in reversed(ancestors(file.parsed.root, node)):
        if parent.type != "for_statement":
            continue
        clause = next((child for child in parent.named_children if child.type == "range_clause"), None)
        left = clause.child_by_field_name("left") if clause is not None else None
        if left is not None and left.named_child_count and file.parsed.text_of(left.named_children[0]) == name:
            return True
    return False


def _parameter_type(node: Node, file: GoFile, name: str) -> str | None:
    """The declared type of the parameter ``name`` of a function around ``node``, if it is one."""
    function = enclosing_function(node, file.parsed.root)
    while function is not None:
        parameters = function.child_by_field_name("parameters")
        for parameter in parameters.named_children if parameters is not None else ():
            names = [file.parsed.text_of(n) for n in parameter.children_by_field_name("name")]
            type_node = parameter.child_by_field_name("type")
            if name in names and type_node is not None:
                return file.parsed.text_of(type_node)
        function = enclosing_function(function, file.parsed.root)
    return None


def _returns_brace_free(name: str, file: GoFile, package: Package, depth: int) -> bool:
    """Whether ``name`` is a function of the package whose every ``return`` gives a value
    without braces first (a slug helper, a counter)."""
    home = package.home_of_function(name)
    function = home.functions.get(name) if home is not None else None
    if home is None or function is None:
        return False
    returns = [m["return"][0] for m in matches(query("templating.project.go", "every_return", "go"), function)]
    returns = [r for r in returns if enclosing_function(r, home.parsed.root) == function]
    for statement in returns:
        values = statement.named_children[0] if statement.named_child_count else None
        first = values.named_children[0] if values is not None and values.named_child_count else None
        if first is None or brace_reason(first, home, package, depth + 1) is not None:
            return False
    return bool(returns)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
