"""TPL001 in adk-java (issue 37): ``{{key}}`` is no escape there, and where the app writes the
key the model gets the value the author meant.

adk-java's injector strips every leading and trailing brace of a match
(``InstructionUtils.java:150`` at ``c1bda9c1``), and its own test
``stateVariablePlaceholderWithMultipleBraces_replacesVariable`` renders
``Use the user name: {{user:name}}.`` as ``Use the user name: Charlie.`` (the vector ``java-03``
of ``tests/data/ports/adk-java-vectors.json``, which ``tests/core/test_port_dialects.py``
renders). The adk-docs' Java loop example is written so: a loop of a critic and a refiner
reading ``{{current_document}}`` that an earlier writer's ``outputKey`` fills. Reported stays a
doubled key nothing writes, and one in an instruction that doubles braces elsewhere.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import templating
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

LOOP = """\
package demo;

import com.google.adk.agents.LlmAgent;
import com.google.adk.agents.LoopAgent;
import com.google.adk.agents.SequentialAgent;

public class Drafts {
    static final String DRAFT = "current_document";
    static final String NOTES = "criticism";

    public static SequentialAgent build() {
        LlmAgent writer = LlmAgent.builder().name("writer").instruction("Write a first draft.")
            .outputKey(DRAFT).build();
        LlmAgent critic = LlmAgent.builder().name("critic")
            .instruction(\"\"\"
                Review the draft:
                {{current_document}}
                Against the rubric: {{rubric}}
                \"\"\")
            .outputKey(NOTES).build();
        LlmAgent refiner = LlmAgent.builder().name("refiner")
            .instruction("Apply {{criticism}} to {{current_document}}.")
            .outputKey(DRAFT).build();
        LoopAgent loop = LoopAgent.builder().name("loop").subAgents(critic, refiner).maxIterations(3).build();
        return SequentialAgent.builder().name("root").subAgents(writer, loop).build();
    }
}
"""


def _findings(root: Path, text: str) -> list[tuple[str, str]]:
    path = root / "src/main/java/demo/Drafts.java"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    lines = text.splitlines()
    found = lint_paths([root], Settings(root=root)).findings
    return [(f.code, lines[f.line - 1][f.column - 1 :].split("}")[0]) for f in found]


def test_adk_java_gives_the_value_of_a_doubled_key() -> None:
    # The port's own behaviour, as the dialect renders it: the value, all four braces gone.
    template = templating.compile_template("Review {{current_document}}.", dialect="adk-java")
    assert template.render({"current_document": "D"}) == "Review D."


def test_doubled_keys_the_app_writes_are_quiet_in_adk_java(tmp_path: Path) -> None:
    # `current_document` and `criticism` are written by earlier agents' output keys (named by
    # constants): the model gets the values. `rubric` is written by nothing: no value was meant
    # there, and the run fails (TPL014 at the key).
    assert _findings(tmp_path, LOOP) == [("TPL001", "{{rubric"), ("TPL014", "rubric")]


def test_doubled_braces_elsewhere_in_the_instruction_keep_tpl001(tmp_path: Path) -> None:
    # The refiner's author doubles braces for a literal brace too: `{{current_document}}` there
    # was meant as text, and adk-java gives the value instead.
    literal = LOOP.replace(
        '"Apply {{criticism}} to {{current_document}}."',
        '"Reply as {{\\"ok\\": true}}. Apply {{criticism}} to {{current_document}}."',
    )
    found = _findings(tmp_path, literal)
    assert [where for code, where in found if code == "TPL001"] == ["{{rubric", "{{criticism", "{{current_document"]
