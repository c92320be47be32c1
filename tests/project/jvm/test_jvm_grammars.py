"""A grammar is imported only when a file of its language is read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from pathlib import Path
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
root = Path(sys.argv[1])
lint_paths([root], Settings(root=root), jobs=1)
print(sorted(m for m in ("tree_sitter", "tree_sitter_java", "tree_sitter_kotlin") if m in sys.modules))
"""


def _loaded(folder: Path) -> str:
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(folder)], capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_jvm_grammars_load_only_for_their_files(tmp_path: Path) -> None:
    python = tmp_path / "python"
    python.mkdir()
    (python / "agent.py").write_text(
        'from google.adk.agents import LlmAgent\na = LlmAgent(name="a", instruction="{x}")\n'
    )
    (python / "Plain.java").write_text("class Plain {}\n")  # names no ADK package: never parsed
    assert _loaded(python) == "[]"
    java = tmp_path / "java"
    java.mkdir()
    (java / "A.java").write_text(
        'import com.google.adk.agents.LlmAgent;\nclass A { LlmAgent a = LlmAgent.builder().instruction("{x}").build(); }\n'
    )
    assert _loaded(java) == "['tree_sitter', 'tree_sitter_java']"
    (java / "B.kt").write_text(
        'import com.google.adk.kt.agents.LlmAgent\nval b = LlmAgent(name = "b", instruction = Instruction("{y}"))\n'
    )
    assert _loaded(java) == "['tree_sitter', 'tree_sitter_java', 'tree_sitter_kotlin']"
