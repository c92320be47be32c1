"""`compose_documents` against PyYAML's pure-Python `SafeLoader` (what ADK loads Agent Config
with): a large text is scanned by libyaml, and must compose to the same nodes."""

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from templating.project.agent_config.yaml_documents import compose_documents

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML without libyaml")

DATA = Path(__file__).resolve().parents[2] / "data"


def _pure(text: str) -> list[yaml.Node | None]:
    return list(yaml.compose_all(text, Loader=yaml.SafeLoader))


def _shape(documents: list[yaml.Node | None]) -> list[tuple]:
    """Every node in document order: a scalar whole (what the readers use of it), a
    collection by kind, tag, size and start; aliases once."""
    shape: list[tuple] = []
    seen: set[int] = set()
    stack = list(reversed(documents))
    while stack:
        node = stack.pop()
        if node is None:
            shape.append(())
        elif isinstance(node, yaml.ScalarNode):
            marks = (node.start_mark.index, node.start_mark.line, node.start_mark.column, node.end_mark.index)
            if not node.value:
                # An empty value at the very end of a text without a final line break (`? a`):
                # libyaml puts it on the next line, at the same offset. No reader asks.
                marks = (node.start_mark.index, node.end_mark.index)
            shape.append((node.tag, node.value, node.style, *marks))
        else:
            shape.append((type(node).__name__, node.tag, len(node.value), node.start_mark.index, node.end_mark.index))
            if id(node) not in seen:
                seen.add(id(node))
                items = node.value if isinstance(node, yaml.SequenceNode) else [p for pair in node.value for p in pair]
                stack.extend(reversed(items))
    return shape


def _outcome(compose, text: str) -> list[tuple] | str:
    try:
        return _shape(compose(text))
    except yaml.YAMLError as error:
        return f"{type(error).__name__}: {error}"
    except RecursionError:
        return "RecursionError"


def _libyaml(text: str) -> list[yaml.Node | None]:
    return compose_documents(text, large=0)  # every text takes the libyaml path


@pytest.mark.parametrize("path", sorted(DATA.rglob("*.y*ml")), ids=lambda p: str(p.relative_to(DATA)))
def test_yaml_documents_same_nodes_on_the_test_data(path: Path):
    text = path.read_text(encoding="utf-8")
    assert _outcome(_libyaml, text) == _outcome(_pure, text)


SCALARS = [
    "plain {x}", "it's", 'say "hi"', "line one\nline two\n", "tabs\tinside", "é 😀 {ключ}", "", "1", "null", "!",
    "a: b", "- item", "# not a comment", "trailing  ", "\\ backslash", "{a} {b?} {app:c}", "yes", "0x1F",
]  # fmt: skip
_VALUE = st.recursive(
    st.sampled_from(SCALARS) | st.integers() | st.booleans() | st.none(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(SCALARS), inner, max_size=4),
    max_leaves=20,
)
_STYLE = st.sampled_from([None, '"', "'", "|", ">"])


@settings(max_examples=200, deadline=None)
@given(value=_VALUE, flow=st.sampled_from([None, True, False]), style=_STYLE, crlf=st.booleans())
def test_yaml_documents_same_nodes_on_generated_documents(value, flow, style, crlf):
    text = yaml.safe_dump_all(
        [value, {"instruction": value}], default_flow_style=flow, default_style=style, allow_unicode=True
    )
    text = text.replace("\n", "\r\n") if crlf else text
    assert _outcome(_libyaml, text) == _outcome(_pure, text)


_FRAGMENTS = [*"ab :-\n\t #'\"|>[]{},&*!?%@`\\é😀0.", "\r\n", "---\n", "- ", ": ", "key: ", "&a ", "*a", "!!str ", "! ", "|\n  ", ">-\n  ", "'x''y'", '"\\x41"']  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=30).map("".join))
def test_yaml_documents_same_nodes_or_same_error_on_fragments(text):
    # libyaml accepts a few malformed texts PyYAML refuses (the module's docstring): then it
    # gives nodes where PyYAML gives an error. Everything else is the same, errors included,
    # and a text with a tab is PyYAML's alone.
    libyaml, pure = _outcome(_libyaml, text), _outcome(_pure, text)
    if "\t" in text:
        assert libyaml == pure
    else:
        assert libyaml == pure or (isinstance(pure, str) and not isinstance(libyaml, str))


def test_yaml_documents_byte_order_mark_counts_as_pyyaml_counts_it():
    text = "\ufeffname: a\ninstruction: '{x}'\n"
    assert _outcome(_libyaml, text) == _outcome(_pure, text)


def test_yaml_documents_tabs_and_small_texts_are_composed_by_pyyaml_itself():
    # libyaml takes this tab for a space; PyYAML refuses it, at any size.
    with pytest.raises(yaml.YAMLError, match="cannot start any token"):
        compose_documents("k: v\t#c\n", large=0)
    # A slip only libyaml lets through (`|#`): refused below the size, read above it.
    with pytest.raises(yaml.YAMLError, match="while scanning a block scalar"):
        compose_documents("k: |#c\n  x\n")
    [document] = compose_documents("k: |#c\n  x\n", large=0)
    assert isinstance(document, yaml.MappingNode) and document.value[0][1].value == "x\n"
