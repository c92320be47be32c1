"""The shared tree-sitter layer: grammars on first use, character offsets, queries run once."""

from __future__ import annotations

import subprocess
import sys

import pytest

from templating.project.treesitter.parsing import GRAMMARS, MissingGrammarError, language, parse
from templating.project.treesitter.queries import compile_query, matches

AGENT = 'const agent = new LlmAgent({ name: "a", instruction: "Hi {user:name}" });\n'


@pytest.mark.parametrize("grammar", sorted(GRAMMARS))
def test_treesitter_every_grammar_parses_its_language(grammar: str) -> None:
    sources = {
        "typescript": "let x: number = 1;",
        "tsx": "const e = <div>{x}</div>;",
        "javascript": "let x = 1;",
        "go": "package main\nfunc main() {}\n",
        "java": "class A { void f() {} }",
        "kotlin": "fun main() { val x = 1 }",
    }
    parsed = parse(grammar, sources[grammar])
    assert not parsed.root.has_error
    assert parsed.text_of(parsed.root).strip() == sources[grammar].strip()


def test_treesitter_offsets_count_characters_not_bytes() -> None:
    text = 'const s = "héllo 😀 {key}"; const t = "{other}";'
    parsed = parse("typescript", text)
    fragments = [
        node
        for captures in matches(compile_query("typescript", "(string_fragment) @text"), parsed.root)
        for node in captures["text"]
    ]
    assert [parsed.text_of(node) for node in fragments] == ["héllo 😀 {key}", "{other}"]
    start, end = parsed.span(fragments[1])
    assert text[start:end] == "{other}"
    assert parsed.encoded[fragments[1].start_byte : fragments[1].end_byte].decode() == "{other}"


def test_treesitter_ascii_text_needs_no_table() -> None:
    parsed = parse("typescript", AGENT)
    assert parsed.character_offset(10) == 10


def test_treesitter_query_finds_an_instruction_literal_with_its_span() -> None:
    parsed = parse("typescript", AGENT)
    compiled = compile_query(
        "typescript",
        '(pair key: (property_identifier) @key (#eq? @key "instruction") value: (string (string_fragment) @text))',
    )
    found = [parsed.span(captures["text"][0]) for captures in matches(compiled, parsed.root)]
    assert found == [(AGENT.index("Hi"), AGENT.index('" }'))]


def test_treesitter_grammars_load_on_first_use() -> None:
    script = (
        "import sys\n"
        "import templating.project.treesitter.parsing as parsing\n"
        "assert not any(name.startswith('tree_sitter') for name in sys.modules), sorted(sys.modules)\n"
        "parsing.parse('go', 'package main')\n"
        "loaded = sorted(name for name in sys.modules if name.startswith('tree_sitter_') and '.' not in name)\n"
        "assert loaded == ['tree_sitter_go'], loaded\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


def test_treesitter_missing_grammar_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GRAMMARS, "nowhere", ("tree_sitter_nowhere", "language"))
    with pytest.raises(MissingGrammarError, match="`tree-sitter-nowhere`"):
        language("nowhere")
