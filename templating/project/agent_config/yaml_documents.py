"""Compose an Agent Config YAML file into its documents' nodes, once per reading.

ADK loads Agent Config with PyYAML's pure-Python ``SafeLoader``, and so does this module,
with one exception for size. PyYAML's scanner costs about 2.5 microseconds a character, so a
5 MB file (a workflow of 100,000 edges) took 9 s to compose. A text over `LARGE` characters
without a tab is therefore scanned by libyaml (PyYAML's C extension, when it is installed) and
composed by PyYAML's own composer: 1.3 s, in two thirds of the memory.

On what both accept, libyaml gives the same scalars (value, tag, style, start and end
offsets). It accepts a little PyYAML refuses: tabs where PyYAML allows only spaces (so a text
with a tab is left to PyYAML), and rarer slips (``|#`` with no space, some tags); such a large
file is read where ADK would refuse it. When libyaml refuses a text, PyYAML composes it
again, so the error reported is PyYAML's. Below `LARGE`, every file is composed exactly as
ADK composes it.
"""

from __future__ import annotations

from typing import Any, cast

import yaml
from yaml.composer import Composer
from yaml.resolver import Resolver

__all__ = ["LARGE", "compose_documents"]

#: Texts longer than this many characters are scanned by libyaml when it is installed.
LARGE = 1_000_000


def compose_documents(text: str, large: int = LARGE) -> list[yaml.Node | None]:
    """The composed documents of ``text``, as ``yaml.compose_all(text, Loader=yaml.SafeLoader)``
    gives them (a text over ``large`` characters: see the module's docstring); raises
    ``yaml.YAMLError`` for invalid YAML, ``RecursionError`` for nesting too deep to compose."""
    if len(text) > large and _LibyamlComposer is not None and "\t" not in text and not text.startswith("\ufeff"):
        # libyaml takes tabs for spaces where PyYAML refuses them (most of what only libyaml
        # accepts), and drops a leading byte-order mark from its offsets, which PyYAML counts.
        try:
            return _compose(text, _LibyamlComposer)
        except (yaml.YAMLError, RecursionError):
            pass  # composed again below, for PyYAML's own error
    return _compose(text, yaml.SafeLoader)


def _compose(text: str, loader_class: type) -> list[yaml.Node | None]:
    loader = loader_class(text)
    try:
        documents = []
        while loader.check_node():
            documents.append(loader.get_node())
        return documents
    finally:
        loader.dispose()


def _libyaml_composer() -> type | None:
    """A loader that takes libyaml's events and composes them with PyYAML's composer (its
    nodes and errors are PyYAML's; libyaml's own composer names plain scalars' style ``''``);
    ``None`` without libyaml."""
    if not yaml.__with_libyaml__:
        return None
    from yaml._yaml import CParser

    class LibyamlComposer(CParser, Composer, Resolver):
        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            Composer.__init__(self)
            Resolver.__init__(self)

        check_node = Composer.check_node
        get_node = Composer.get_node
        get_single_node = Composer.get_single_node

        def compose_scalar_node(self, anchor: Any) -> yaml.ScalarNode:
            event = cast(yaml.ScalarEvent, self.peek_event())
            if event.tag == "!":  # PyYAML resolves a bare `!` as if untagged and plain
                event.implicit = (True, False)
            node = Composer.compose_scalar_node(self, anchor)
            if node.style == "":  # libyaml names a plain scalar's style "", PyYAML None
                node.style = None
            return node

    return LibyamlComposer


_LibyamlComposer = _libyaml_composer()
