"""Instruction text as ADK receives it from TypeScript: JavaScript has run first."""

from __future__ import annotations

from pathlib import Path

from templating.project.model.instruction import RUNTIME_VALUE

from .helpers import read

JS = "import { LlmAgent } from '@google/adk';\n"


def _texts(tmp_path: Path, files: dict[str, str], name: str = "agent.ts") -> list[str]:
    return [instruction.text for instruction in read(tmp_path, files, name).instructions]


def test_escapes_are_decoded_and_every_character_keeps_its_source_position(tmp_path):
    source = JS + "export const a = new LlmAgent({ name: 'a', instruction: 'Hi \\u007Bname} \\x7Bx}\\n.' });\n"
    reading = read(tmp_path, {"agent.ts": source}, "agent.ts")
    (instruction,) = reading.instructions
    assert instruction.text == "Hi {name} {x}\n."
    assert instruction.dialect == "adk-js"
    text = source
    for index, character in enumerate(instruction.text):
        offset = instruction.offsets[index]
        if text[offset] != "\\":
            assert text[offset] == character
    assert instruction.position(3) == (2, 61)  # the backslash of `\u007B`


def test_a_template_literal_interpolating_a_constant_builds_a_placeholder(tmp_path):
    source = (
        JS + "const KEY = 'topic' as const;\nconst a = new LlmAgent({ instruction: `On {{${KEY}}} and ${KEY}.` });\n"
    )
    assert _texts(tmp_path, {"agent.ts": source}) == ["On {{topic}} and topic."]


def test_a_value_only_known_at_run_time_is_a_hole(tmp_path):
    source = JS + "const a = new LlmAgent({ instruction: `Today is ${new Date().toISOString()}.` });\n"
    (instruction,) = read(tmp_path, {"agent.ts": source}, "agent.ts").instructions
    assert instruction.text == f"Today is {RUNTIME_VALUE}."
    assert instruction.interpolations[0].expression == "new Date().toISOString()"


def test_imports_follow_js_specifiers_to_ts_files_index_files_and_re_exports(tmp_path):
    files = {
        "src/agent.ts": JS + "import { A } from './prompts/index.js';\nimport { B } from './prompts';\n"
        "const a = new LlmAgent({ instruction: A + B });\n",
        "src/prompts/index.ts": "export * from './texts.js';\nexport { C as B } from './more';\n",
        "src/prompts/texts.ts": "export const A = 'first {x} ';\n",
        "src/prompts/more.ts": "export const C = `second {y}`;\n",
    }
    assert _texts(tmp_path, files, "src/agent.ts") == ["first {x} second {y}"]


def test_a_bare_imported_constant_keeps_the_positions_of_its_own_file(tmp_path):
    files = {
        "agent.ts": JS + "import { ROOT } from './prompts.js';\nconst a = new LlmAgent({ instruction: ROOT });\n",
        "prompts.ts": "export const ROOT = `Use {tool}.`;\n",
    }
    (instruction,) = read(tmp_path, files, "agent.ts").instructions
    assert instruction.source.path.endswith("prompts.ts") and instruction.position(4) == (1, 26)


def test_object_members_tsconfig_paths_and_namespace_imports(tmp_path):
    files = {
        "tsconfig.json": '{ // comment\n "compilerOptions": { "baseUrl": ".", "paths": { "@/lib/*": ["src/lib/*"] } } }\n',
        "src/agent.ts": JS + "import { PROMPTS } from '@/lib/prompts';\nimport * as more from './more.js';\n"
        "const a = new LlmAgent({ instruction: PROMPTS.root + more.TAIL });\n",
        "src/lib/prompts.ts": "export const PROMPTS = { root: 'Root {a}.' } as const;\n",
        "src/more.ts": "export const TAIL = ' Tail {b}.';\n",
    }
    assert _texts(tmp_path, files, "src/agent.ts") == ["Root {a}. Tail {b}."]


def test_dedent_tags_remove_the_common_indentation(tmp_path):
    source = (
        JS
        + "import dedent from 'dedent';\nconst a = new LlmAgent({ instruction: dedent`\n    One {a}\n      Two\n  ` });\n"
    )
    assert _texts(tmp_path, {"agent.ts": source}) == ["One {a}\n  Two"]


def test_shorthand_properties_and_local_constants_in_a_factory(tmp_path):
    source = JS + (
        "export function makeAgent() {\n  const instruction = `Local {k}`;\n"
        "  return new LlmAgent({ name: 'a', instruction });\n}\n"
    )
    reading = read(tmp_path, {"agent.ts": source}, "agent.ts")
    assert [i.text for i in reading.instructions] == ["Local {k}"]
    assert reading.facts[0].factories == {"makeAgent": "<agent 4:10>"}


def test_an_instruction_provider_is_not_injected(tmp_path):
    source = JS + "const a = new LlmAgent({ instruction: (ctx) => `Hi {nobody}` });\n"
    assert _texts(tmp_path, {"agent.ts": source}) == []


def test_a_global_instruction_plugin_text_is_linted(tmp_path):
    source = (
        "import { GlobalInstructionPlugin, LlmAgent } from '@google/adk';\n"
        "const plugin = new GlobalInstructionPlugin('Be kind to {{user}}.');\n"
    )
    (instruction,) = read(tmp_path, {"agent.ts": source}, "agent.ts").instructions
    assert (instruction.text, instruction.field, instruction.dialect) == (
        "Be kind to {{user}}.",
        "global_instruction",
        "adk-js",
    )


_ALIASED = {
    "app/src/agent.ts": JS
    + "import { PROMPTS } from '@/lib/prompts';\nconst a = new LlmAgent({ instruction: PROMPTS.root });\n",
    "app/src/lib/prompts.ts": "export const PROMPTS = { root: 'Root {a}.' };\n",
}


def test_tsconfig_paths_inherited_through_a_relative_extends(tmp_path):
    """`paths` set in the extended file are relative to its `baseUrl` (here the repository's)."""
    files = {
        **_ALIASED,
        "tsconfig.base.json": '{ "compilerOptions": { "baseUrl": "app", "paths": { "@/lib/*": ["src/lib/*"] } } }\n',
        "app/tsconfig.json": '{ "extends": "../tsconfig.base", "compilerOptions": { "strict": true } }\n',
    }
    assert _texts(tmp_path, files, "app/src/agent.ts") == ["Root {a}."]


def test_tsconfig_paths_from_a_package_extends_and_an_array(tmp_path):
    """A package's config (in `node_modules`) sets `paths`; the project sets the `baseUrl`."""
    files = {
        **_ALIASED,
        "node_modules/@team/tsconfig/base.json": '{ "compilerOptions": { "paths": { "@/lib/*": ["src/lib/*"] } } }\n',
        "app/tsconfig.json": '{ "extends": ["./missing.json", "@team/tsconfig/base"], "compilerOptions": { "baseUrl": "." } }\n',
    }
    assert _texts(tmp_path, files, "app/src/agent.ts") == ["Root {a}."]


def test_tsconfig_extends_in_a_cycle_ends(tmp_path):
    files = {
        **_ALIASED,
        "app/a.json": '{ "extends": "./tsconfig.json", "compilerOptions": { "paths": { "@/lib/*": ["src/lib/*"] } } }\n',
        "app/tsconfig.json": '{ "extends": "./a.json", "compilerOptions": { "baseUrl": "." } }\n',
    }
    assert _texts(tmp_path, files, "app/src/agent.ts") == ["Root {a}."]
