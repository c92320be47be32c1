"""No grammar is imported for a project without TypeScript or JavaScript files."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from templating.lint.linter import lint_paths
    from templating.lint.settings import Settings
    root = Path(sys.argv[1])
    result = lint_paths([root], Settings(root=root))
    assert result.findings, "the project's finding shows it was read"
    print(sorted(name for name in sys.modules if name.startswith("tree_sitter")))
    """
)


def _loaded(folder) -> str:
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(folder)], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_python_project_never_imports_tree_sitter(tmp_path):
    (tmp_path / "agent.py").write_text(
        'from google.adk.agents import LlmAgent\nroot = LlmAgent(name="a", instruction="Hi {{x}}")\n', encoding="utf-8"
    )
    (tmp_path / "notes.js").write_text("console.log('no agent here');\n", encoding="utf-8")
    assert _loaded(tmp_path) == "[]"


def test_a_typescript_project_imports_its_grammar(tmp_path):
    (tmp_path / "agent.ts").write_text(
        "import { LlmAgent } from '@google/adk';\nconst a = new LlmAgent({ instruction: 'Hi {{x}}' });\n",
        encoding="utf-8",
    )
    assert "tree_sitter_typescript" in _loaded(tmp_path)
