"""`walk_tree` and `walk_module` give `ast.walk`'s order, the module's walk put together from
its statements' walks level by level."""

import ast

import pytest

from templating.project.python.compact_tree import compact_tree
from templating.project.python.syntax_tree import walk_module, walk_tree
from tests.project.python.test_compact_tree import SOURCE

MODULES = {
    "every kind of statement": SOURCE,
    "statements of different depths": "x = 1\n" + "def f():\n    if a:\n        return [b(c) for c in d]\n" + "y\n",
    "one deep statement among flat ones": "a = 1\n" + "b = " + "(" * 80 + "1" + ")" * 80 + "\nc = 2\n",
    "an empty module": "",
    "type comments": "def f(a):  # type: (int) -> None\n    pass  # type: ignore\n",
}


@pytest.mark.parametrize("text", list(MODULES.values()), ids=list(MODULES))
@pytest.mark.parametrize("compact", [False, True], ids=["ast", "compact"])
def test_a_module_and_each_statement_are_walked_in_ast_walk_order(text: str, compact: bool) -> None:
    tree = ast.parse(text, type_comments=True)
    if compact:
        tree = compact_tree(tree)  # type: ignore[assignment]
    walks = walk_module(tree)
    assert list(walks[tree]) == list(ast.walk(tree)) == walk_tree(tree)
    for statement in tree.body:
        assert isinstance(walks[statement], tuple) and list(walks[statement]) == list(ast.walk(statement))
