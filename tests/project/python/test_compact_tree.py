"""`compact_tree` copies a syntax tree into compact nodes: every reader of the tree must take
a compact node for the `ast` node it copies (fields, positions, class tests, `ast` helpers,
pickling), while it costs a fraction of the memory."""

import _ast
import ast
import copy
import pickle
import sys

import pytest

from templating.project.python import compact_tree as compact_tree_module
from templating.project.python.compact_tree import EMPTY, NO_ARGUMENTS, compact_tree, with_compact

SOURCE = '''
import os
from google.adk import Agent as A, Event

@node(name="n", parallel_worker=True)
async def f(ctx, /, a: int = 1, *args, b, c=2, **kwargs) -> str:
    """Doc."""
    global g
    x = [i for i in range(3) if i] + {k: v for k, v in {}.items()}
    y = f"{x!r:>{a}}" u"u", b"b", ...
    async with ctx as (p, q):
        await p
    try:
        del x[0], y
    except* ValueError as error:
        raise ValueError() from error
    match a:
        case [1, *rest] | {"k": 2, **rest} if rest: pass
        case Point(x=0) as point: pass
        case None | "s": pass
    return Event(state={"k": lambda *, z=1: z}, output=not a or b and -c ** 2 @ a < 3 <= 4)

class C(A, metaclass=type):
    v: int = 1

    def m(self):
        yield (yield) if 0 else (yield from x)
'''


def is_compact(node: ast.AST) -> bool:
    return type(node).__module__ == compact_tree_module.__name__


def test_every_class_ast_parse_makes_has_a_compact_class_unless_it_has_no_fields() -> None:
    classes = [c for c in vars(_ast).values() if isinstance(c, type) and issubclass(c, ast.AST)]
    bases = {base for c in classes for base in c.__mro__[1:]}
    for concrete in (c for c in classes if c not in bases):
        compact = with_compact(concrete) - {concrete}
        assert bool(compact) == bool(concrete._fields or concrete._attributes), concrete


def test_a_compact_tree_is_the_tree_it_copies() -> None:
    tree = ast.parse(SOURCE)
    compact = compact_tree(ast.parse(SOURCE))
    plain = list(ast.walk(tree))
    copied = list(ast.walk(compact))
    assert [type(node) for node in plain] == [
        type(node).__mro__[1] if is_compact(node) else type(node) for node in copied
    ]
    assert all(isinstance(c, type(p)) for p, c in zip(plain, copied, strict=True))
    assert ast.unparse(compact) == ast.unparse(tree)
    # A plain copy (pickle's way) of the compact tree dumps as the tree, positions included.
    assert ast.dump(copy.deepcopy(compact), include_attributes=True) == ast.dump(tree, include_attributes=True)
    restored = pickle.loads(pickle.dumps(compact))
    assert not any(is_compact(node) for node in ast.walk(restored))
    assert ast.dump(restored, include_attributes=True) == ast.dump(tree, include_attributes=True)
    module = compile(compact, "<compact>", "exec")  # the compiler reads it too
    assert module.co_consts == compile(tree, "<compact>", "exec").co_consts


def test_nodes_without_fields_are_shared_as_ast_parse_shares_them() -> None:
    compact = compact_tree(ast.parse("a = b + c"))
    assert compact.body[0].value.op is ast.parse("d + e").body[0].value.op  # type: ignore[attr-defined]
    assert type(compact.body[0].targets[0].ctx) is ast.Store  # type: ignore[attr-defined]


def test_lines_are_moved_and_shared_from_the_numbers_given() -> None:
    numbers = [int(str(n)) for n in range(2_000)]  # ints no other code shares
    compact = compact_tree(ast.parse("x = (\n 1)\n"), 1_000, numbers)
    statement = compact.body[0]  # type: ignore[attr-defined]
    assert (statement.lineno, statement.end_lineno, statement.value.lineno) == (1_001, 1_002, 1_002)
    assert statement.end_lineno is numbers[1_002] and statement.value.lineno is numbers[1_002]
    assert (statement.col_offset, statement.value.col_offset) == (0, 1)  # columns stay


def test_a_compact_node_costs_a_third_of_an_ast_node() -> None:
    plain = ast.parse("name").body[0].value  # type: ignore[attr-defined]
    compact = compact_tree(ast.parse("name")).body[0].value  # type: ignore[attr-defined]
    plain_size = sys.getsizeof(plain) + sys.getsizeof(plain.__dict__)
    assert sys.getsizeof(compact) * 3 <= plain_size + 16
    assert "__dict__" not in dir(type(compact)) or not vars(compact)  # no field is in a dictionary


def test_empty_lists_are_one_list_that_refuses_changes() -> None:
    compact = compact_tree(ast.parse("def f():\n    g()\n"))
    function = compact.body[0]  # type: ignore[attr-defined]
    assert function.decorator_list is EMPTY and function.body[0].value.args is EMPTY
    assert function.decorator_list == [] and isinstance(function.decorator_list, list)
    for change in (lambda: EMPTY.append(1), lambda: EMPTY.extend([1]), lambda: EMPTY.insert(0, 1)):
        with pytest.raises(TypeError, match="cannot change"):
            change()
    shared = function.decorator_list
    with pytest.raises(TypeError, match="cannot change"):
        shared += [1]
    assert EMPTY == [] and shared is EMPTY


def test_a_tree_of_any_depth_is_copied_without_recursion() -> None:
    deep: ast.expr = ast.Constant(value=0, lineno=1, col_offset=0, end_lineno=1, end_col_offset=1)
    for _ in range(20_000):
        deep = ast.UnaryOp(op=ast.USub(), operand=deep, lineno=1, col_offset=0, end_lineno=1, end_col_offset=1)
    compact = compact_tree(ast.Expression(body=deep))
    depth, node = 0, compact.body  # type: ignore[attr-defined]
    while isinstance(node, ast.UnaryOp):
        assert is_compact(node)
        depth, node = depth + 1, node.operand
    assert depth == 20_000 and node.value == 0  # type: ignore[attr-defined]


def test_an_exact_class_test_names_the_compact_classes() -> None:
    name = compact_tree(ast.parse("x")).body[0].value  # type: ignore[attr-defined]
    assert type(name) is not ast.Name and type(name) in with_compact(ast.Name)
    assert type(name).__name__ == "Name"


def test_the_parameters_of_every_function_that_takes_none_are_one_node() -> None:
    source = "def f():\n    pass\n\nasync def g():\n    h = lambda: 0\n\ndef k(a):\n    pass\n"
    compact = compact_tree(ast.parse(source))
    f, g, k = compact.body  # type: ignore[attr-defined]
    assert f.args is NO_ARGUMENTS and g.args is NO_ARGUMENTS and g.body[0].value.args is NO_ARGUMENTS
    assert k.args is not NO_ARGUMENTS and [a.arg for a in k.args.args] == ["a"]
    assert (NO_ARGUMENTS.vararg, NO_ARGUMENTS.kwarg, NO_ARGUMENTS.args) == (None, None, [])  # type: ignore[attr-defined]
    assert ast.dump(copy.deepcopy(compact)) == ast.dump(ast.parse(source))
    assert ast.unparse(compact) == ast.unparse(ast.parse(source))
