"""Which port a TypeScript file is read in, and which files are not agent code at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .helpers import findings, read, write

AGENT = "const a = new LlmAgent({ name: 'a', instruction: 'Read {missing}.' });\n"


def _dialects(tmp_path: Path, files: dict[str, str], name: str) -> list[str | None]:
    return [instruction.dialect for instruction in read(tmp_path, files, name).instructions]


def test_the_port_comes_from_the_file_imports(tmp_path):
    assert _dialects(tmp_path, {"a.ts": "import { LlmAgent } from '@google/adk';\n" + AGENT}, "a.ts") == ["adk-js"]
    assert _dialects(tmp_path, {"b.mts": "import { LlmAgent } from '@iqai/adk';\n" + AGENT}, "b.mts") == ["adk-ts"]
    subpath = "import { LlmAgent } from '@google/adk';\nimport { x } from '@google/adk/tools/mcp';\n"
    assert _dialects(tmp_path, {"c.js": subpath + AGENT}, "c.js") == ["adk-js"]
    common = "const { LlmAgent } = require('@iqai/adk');\n"
    assert _dialects(tmp_path, {"d.cjs": common + AGENT}, "d.cjs") == ["adk-ts"]


def test_a_fork_or_the_devtools_package_is_neither_port(tmp_path):
    assert _dialects(tmp_path, {"a.ts": "import { LlmAgent } from 'adk-typescript';\n" + AGENT}, "a.ts") == []
    assert _dialects(tmp_path, {"b.ts": "import { LlmAgent } from '@google/adk-devtools';\n" + AGENT}, "b.ts") == []


def test_a_local_re_export_takes_the_port_of_the_nearest_package_json(tmp_path):
    files = {
        "package.json": '{"dependencies": {"@iqai/adk": "^0.5.9"}}',
        "src/agent.ts": "import { LlmAgent } from './adk.js';\n" + AGENT,
        "src/adk.ts": "export { LlmAgent } from '@iqai/adk';\n",
    }
    assert _dialects(tmp_path, files, "src/agent.ts") == ["adk-ts"]


def test_a_file_that_imports_no_port_is_never_linted_as_a_prompt(tmp_path):
    source = "import { LlmAgent } from 'somewhere';\nconst t = `{a} {{b}} { c }`;\nconst prompt = '{x}';\n"
    write(tmp_path, {"util.ts": source})
    command = [sys.executable, "-m", "templating", "lint", "--fix", "util.ts"]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "util.ts").read_text(encoding="utf-8") == source


def test_node_modules_and_vendored_copies_are_not_the_users_agents(tmp_path):
    files = {
        "node_modules/@iqai/adk/dist/agent.ts": "import { LlmAgent } from '@iqai/adk';\n" + AGENT,
        "backend/vendor/@iqai/adk/index.ts": "import { LlmAgent } from '@iqai/adk';\n" + AGENT,
    }
    assert findings(tmp_path, files) == []
    assert read(tmp_path, files, "backend/vendor/@iqai/adk/index.ts").instructions == ()


def test_a_prompts_module_takes_the_port_of_the_agent_that_uses_it(tmp_path):
    files = {
        "agent.ts": "import { LlmAgent } from '@iqai/adk';\nimport { P } from './prompts';\n"
        "const a = new LlmAgent({ name: 'a', instruction: P });\n",
        "prompts.ts": "export const P = 'Say {{x}} and { console.log(y) }.';\n",
    }
    assert _dialects(tmp_path, files, "agent.ts") == ["adk-ts"]
    assert read(tmp_path, files, "prompts.ts").instructions == ()


def test_fix_edits_a_typescript_instruction_and_the_file_still_parses(tmp_path):
    source = (
        "import { LlmAgent } from '@google/adk';\nconst a = new LlmAgent({ name: 'a', instruction: `Hi { name }.` });\n"
    )
    write(tmp_path, {"agent.ts": source})
    command = [sys.executable, "-m", "templating", "lint", "--fix", "--select", "TPL004", "agent.ts"]
    subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert (tmp_path / "agent.ts").read_text(encoding="utf-8") == source.replace("{ name }", "{name}")


def test_a_prompts_module_lends_its_texts_to_the_agent_module_beside_it(tmp_path):
    from templating.project.reading import lent_instructions
    from templating.project.sources import SourceCache

    files = {
        "agent.ts": "import { LlmAgent } from '@iqai/adk';\nimport { P } from './prompts';\n"
        "const a = new LlmAgent({ name: 'a', instruction: P });\n",
        "prompts.ts": "export const P = 'Say {x}.';\n",
    }
    write(tmp_path, files)
    edited = "export const P = 'Say {y} now.';\n"  # the editor's unsaved text
    (lent,) = lent_instructions(tmp_path / "prompts.ts", edited, SourceCache(tmp_path))
    assert (lent.text, lent.dialect, lent.source.path) == ("Say {y} now.", "adk-ts", "prompts.ts")


def test_doubled_braces_in_adk_ts_say_the_outer_brace_stays_and_the_inner_group_is_a_placeholder(tmp_path):
    from .helpers import messages

    source = "import { LlmAgent } from '@iqai/adk';\nconst a = new LlmAgent({ name: 'a', instruction: 'Say {{x}}.', outputKey: 'x' });\n"
    message = messages(tmp_path, {"agent.ts": source})["TPL002"]
    assert message == (
        "`{{x}` is not an escape in the adk-ts dialect, which reads single braces: the model sees `{`, then the value of `{x}`"
    )


_VENDORED_EXAMPLE = (
    "import { AgentBuilder } from '@iqai/adk';\n"
    "export const make = (instruction: string) => AgentBuilder.create('a').withInstruction(instruction).build();\n"
    "export const b = AgentBuilder.create('b').withInstruction('Hi {missing}').build();\n"
)


def test_a_ports_repository_vendored_in_a_project_is_not_its_agents(tmp_path):
    """A copy of IQAI's monorepo kept inside a project (its `packages/adk` is `@iqai/adk`): its
    examples are the port's; linted as itself, the port's repository is read."""
    from tests.project.typescript.helpers import findings

    files = {
        "package.json": '{ "dependencies": { "@iqai/adk": "0.5.9" } }\n',
        "adk-ts/package.json": '{ "name": "adk-ts", "private": true }\n',
        "adk-ts/packages/adk/package.json": '{ "name": "@iqai/adk" }\n',
        "adk-ts/apps/examples/index.ts": _VENDORED_EXAMPLE,
    }
    assert findings(tmp_path / "project", files) == []
    alone = {name.removeprefix("adk-ts/"): text for name, text in files.items() if name.startswith("adk-ts/")}
    assert [f[3] for f in findings(tmp_path / "port", alone)] == ["TPL010", "TPL014"]
