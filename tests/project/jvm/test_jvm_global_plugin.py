"""adk-java's ``GlobalInstructionPlugin``, from Java and from Kotlin calling adk-java.

From adk-java ``plugins/GlobalInstructionPlugin.java:47-56``: a String plugin's text is
injected (``InstructionUtils.injectSessionState``), so its ``{name}`` is a read of every
agent of the app it is registered on; its own test ``GlobalInstructionPluginTest``
(``beforeModelCallback_withStringInstruction_injectsState``) renders ``Hello {name}`` as
``Hello Alice``. A plugin built with a function is not injected. adk-kotlin has no such plugin.
"""

from __future__ import annotations

from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

JAVA = """package demo;

import com.google.adk.agents.LlmAgent;
import com.google.adk.apps.App;
import com.google.adk.plugins.GlobalInstructionPlugin;
import com.google.adk.runner.InMemoryRunner;
import java.util.List;

public class Main {
    public static void main(String[] args) {
        LlmAgent helper = LlmAgent.builder().name("helper").instruction("Help.").build();
%s
    }
}
"""


def _findings(root: Path, name: str, text: str) -> list[tuple[str, int, int]]:
    (root / name).write_text(text, encoding="utf-8")
    return [(f.code, f.line, f.column) for f in lint_paths([root], Settings(root=root)).findings]


def _at(text: str, needle: str) -> tuple[int, int]:
    offset = text.index(needle)
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def test_java_plugin_text_read_by_every_agent_of_the_app(tmp_path: Path) -> None:
    text = (
        JAVA
        % '        App app = App.builder().name("a").rootAgent(helper).plugins(new GlobalInstructionPlugin("Hello {name}.")).build();'
    )
    line, column = _at(text, "{name}")
    assert _findings(tmp_path, "Main.java", text) == [("TPL014", line, column + 1)]


def test_java_plugin_in_a_variable_given_to_an_in_memory_runner(tmp_path: Path) -> None:
    body = (
        '        GlobalInstructionPlugin plugin = new GlobalInstructionPlugin("Hello {{name}}.");\n'
        '        InMemoryRunner runner = new InMemoryRunner(helper, "a", List.of(plugin));\n'
        '        runner.sessionService().createSession("a", "u", new java.util.HashMap<>(java.util.Map.of("name", "Ann")), "s");'
    )
    text = JAVA % body
    # `{{name}}` is no escape in adk-java: it reads `name`, which is seeded, so it gives the value
    # the author meant (no TPL001, issue 37) and nothing is missing (no TPL014).
    assert _findings(tmp_path, "Main.java", text) == []
    unseeded = JAVA % body.replace('java.util.Map.of("name", "Ann")', "java.util.Map.of()")
    line, column = _at(unseeded, "{{name}}")
    # Unseeded, nothing gives it a value: the doubled braces were no escape (TPL001), and the
    # key is missing (TPL014, at the key).
    assert _findings(tmp_path, "Main.java", unseeded) == [("TPL001", line, column), ("TPL014", line, column + 2)]


def test_java_plugin_with_a_function_is_not_injected(tmp_path: Path) -> None:
    text = JAVA % (
        '        App app = App.builder().name("a").rootAgent(helper)\n'
        '            .plugins(new GlobalInstructionPlugin(ctx -> Maybe.just("Hello {name}."))).build();'
    )
    assert _findings(tmp_path, "Main.java", text) == []


KOTLIN = """package demo

import com.google.adk.agents.LlmAgent
import com.google.adk.plugins.GlobalInstructionPlugin
import com.google.adk.runner.InMemoryRunner

val helper = LlmAgent.builder().name("helper").instruction("Help.").build()
%s
"""


def test_kotlin_on_adk_java_plugin_text_is_read(tmp_path: Path) -> None:
    text = (
        KOTLIN % 'val runner = InMemoryRunner(helper, "a", listOf(GlobalInstructionPlugin("Hello \\${name} {topic}.")))'
    )
    name_line, name_column = _at(text, "{name}")
    topic_line, topic_column = _at(text, "{topic}")
    found = _findings(tmp_path, "Main.kt", text)
    # `\\${name}` reaches adk-java as `${name}`: substituted, the `$` kept (TPL007).
    assert ("TPL014", topic_line, topic_column + 1) in found and ("TPL014", name_line, name_column + 1) in found


def test_kotlin_plugin_in_a_val_registered_on_an_app_builder(tmp_path: Path) -> None:
    body = (
        'val plugin = GlobalInstructionPlugin("Greet {guest}.")\n'
        'val app = App.builder().name("a").rootAgent(helper).plugins(plugin).build()\n'
    )
    text = KOTLIN.replace("import com.google.adk.agents.LlmAgent\n", "import com.google.adk.agents.LlmAgent\nimport com.google.adk.apps.App\n") % body  # fmt: skip
    line, column = _at(text, "{guest}")
    assert _findings(tmp_path, "Main.kt", text) == [("TPL014", line, column + 1)]


def test_kotlin_on_adk_kotlin_has_no_global_instruction_plugin(tmp_path: Path) -> None:
    text = KOTLIN.replace("com.google.adk.agents.LlmAgent", "com.google.adk.kt.agents.LlmAgent") % (
        'val plugin = GlobalInstructionPlugin("Greet {guest}.")'
    )
    assert [f for f in _findings(tmp_path, "Main.kt", text) if f[0] == "TPL014"] == []
