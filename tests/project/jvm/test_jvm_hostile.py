"""Hostile Java and Kotlin files: reading stays linear and bounded (``tests.bounded``).

Constants that double each other, a very long ``+`` chain, thousands of declarations of one
name, thousands of agents in one file and a half-megabyte text block each finish far inside
the bound and keep the findings a linear reader finds.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.bounded import run_templating

JAVA_HEADER = "import com.google.adk.agents.LlmAgent;\n"
KOTLIN_HEADER = "import com.google.adk.kt.agents.LlmAgent\n"


def _lint(folder: Path) -> list[str]:
    outcome = run_templating(["lint", "--no-cache", "--isolated", "."], folder)
    assert outcome.returncode in (0, 1), outcome.stderr
    return [line for line in outcome.stdout.splitlines() if ": TPL" in line]


def test_jvm_hostile_doubling_constants_and_long_concatenations(tmp_path: Path) -> None:
    fields = ['static final String C0 = "{a}";'] + [
        f"static final String C{i} = C{i - 1} + C{i - 1};" for i in range(1, 60)
    ]
    chain = " + ".join(['"x"'] * 20_000)
    (tmp_path / "A.java").write_text(
        JAVA_HEADER + "class A {\n" + "\n".join(fields) + "\n"
        f'static LlmAgent a = LlmAgent.builder().name("a").instruction(C59).build();\n'
        f'static LlmAgent b = LlmAgent.builder().name("b").instruction({chain} + "{{missing}}").build();\n}}\n'
    )  # fmt: skip
    kotlin = [f'const val K{i} = "$K{i - 1}$K{i - 1}"' for i in range(1, 60)]
    (tmp_path / "B.kt").write_text(
        KOTLIN_HEADER + 'const val K0 = "{b}"\n' + "\n".join(kotlin) + '\nval c = LlmAgent(name = "c", instruction = Instruction(K59))\n'
    )  # fmt: skip
    findings = _lint(tmp_path)
    # The doubled constants pass the bound and are one run-time value each (nothing to check);
    # the 20,000 literals are read as text, and the placeholder after them is found.
    assert [line.split(": ", 1)[1][:28] for line in findings] == ["TPL014 `missing` is read by "]


def test_jvm_hostile_many_declarations_and_agents(tmp_path: Path) -> None:
    locals_ = "\n".join(
        f'  void f{i}() {{ String p = "v{i}"; LlmAgent.builder().name("a{i}").instruction(p + " {{k{i}}}").build(); }}'
        for i in range(3_000)
    )
    (tmp_path / "A.java").write_text(JAVA_HEADER + "class A {\n" + locals_ + "\n}\n")
    block = "\n".join(f"    line {i} {{key}}" for i in range(40_000))
    (tmp_path / "B.java").write_text(
        JAVA_HEADER + f'class B {{ static LlmAgent b = LlmAgent.builder().name("b").instruction("""\n{block}\n    """).build(); }}\n'
    )  # fmt: skip
    (tmp_path / "C.kt").write_text(
        KOTLIN_HEADER + f'val c = LlmAgent(name = "c", instruction = Instruction("""\n{block}\n    """.trimIndent()))\n'
    )  # fmt: skip
    findings = _lint(tmp_path)
    assert sum(bool(re.search(r"TPL014 `k\d+`", line)) for line in findings) == 3_000
    # 1,000 findings per instruction at most (the rest summed up in one), in each of the two files.
    assert sum("`key`" in line for line in findings) == 2 * 1_000
