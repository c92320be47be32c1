#!/usr/bin/env python
"""Per-file parse, read and lint time of Java and Kotlin agent files, next to Python's.

In one process, on the same kind of file in each language (an agent module of a few agents
with text-block / raw-string instructions, a constant and an output key), best of
``--rounds``, interleaved so that a shared machine's drift hits all alike:

- *parse*: tree-sitter-java / tree-sitter-kotlin, and Python's ``ast.parse``;
- *read*: the surface's reader, from text to instructions and facts (what the linter caches);
- *lint*: ``lint_text`` on the file (the per-file rules), a read included.

With ``--corpus DIR`` the files are every ``.java``, ``.kt`` and ``.py`` file under ``DIR``
instead (real programs); each language's figure is then the mean per file.

Run:  python benchmarks/jvm.py [--files 200] [--rounds 5] [--corpus DIR]
"""

from __future__ import annotations

import argparse
import ast
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from templating.lint.linter import lint_text
from templating.lint.settings import Settings
from templating.project.model.instruction import SourceFile
from templating.project.sources import SourceCache
from templating.project.surfaces import surface_for
from templating.project.treesitter.parsing import parse

JAVA = '''package demo;

import com.google.adk.agents.LlmAgent;
import com.google.adk.agents.SequentialAgent;

public class Agents{index} {{
  static final String KEY = "summary_{index}";

  static LlmAgent writer = LlmAgent.builder()
      .name("writer_{index}")
      .instruction("""
          You write about {{topic}} for {{user:name}}.
          Keep it short; cite sources as [n].
          """)
      .outputKey(KEY)
      .build();

  static LlmAgent critic = LlmAgent.builder()
      .name("critic_{index}")
      .instruction("Review {{%s}} and reply in {{language?}}.".formatted(KEY))
      .build();

  public static SequentialAgent ROOT_AGENT = SequentialAgent.builder()
      .name("pipeline_{index}")
      .subAgents(writer, critic)
      .build();
}}
'''

KOTLIN = '''package demo

import com.google.adk.kt.agents.LlmAgent
import com.google.adk.kt.agents.SequentialAgent

const val KEY_{index} = "summary_{index}"

val writer{index} = LlmAgent(
    name = "writer_{index}",
    instruction = Instruction(
        """
        You write about {{topic}} for {{user:name}}.
        Keep it short; cite sources as [n].
        """.trimIndent()
    ),
    outputKey = KEY_{index},
)

val critic{index} = LlmAgent(
    name = "critic_{index}",
    instruction = Instruction("Review {{$KEY_{index}}} and reply in {{language?}}."),
)

val pipeline{index} = SequentialAgent(name = "pipeline_{index}", subAgents = listOf(writer{index}, critic{index}))
'''

PYTHON = '''from google.adk.agents import LlmAgent, SequentialAgent

KEY = "summary_{index}"

writer = LlmAgent(
    name="writer_{index}",
    instruction="""
You write about {{topic}} for {{user:name}}.
Keep it short; cite sources as [n].
""",
    output_key=KEY,
)

critic = LlmAgent(name="critic_{index}", instruction="Review {{%s}} and reply in {{language?}}." % KEY)

root_agent = SequentialAgent(name="pipeline_{index}", sub_agents=[writer, critic])
'''

GRAMMARS = {".java": "java", ".kt": "kotlin", ".kts": "kotlin"}


def generated(folder: Path, files: int) -> dict[str, list[Path]]:
    """``files`` agent files per language, written under ``folder``."""
    paths: dict[str, list[Path]] = {"java": [], "kotlin": [], "python": []}
    for index in range(files):
        for language, template, suffix in (
            ("java", JAVA, ".java"),
            ("kotlin", KOTLIN, ".kt"),
            ("python", PYTHON, ".py"),
        ):
            path = folder / language / f"agents_{index}{suffix}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(template.format(index=index), encoding="utf-8")
            paths[language].append(path)
    return paths


def corpus(folder: Path) -> dict[str, list[Path]]:
    """Every Java, Kotlin and Python file under ``folder`` that names ADK."""
    paths: dict[str, list[Path]] = {"java": [], "kotlin": [], "python": []}
    for path in sorted(folder.rglob("*")):
        language = {".java": "java", ".kt": "kotlin", ".kts": "kotlin", ".py": "python"}.get(path.suffix)
        if language and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            if "google.adk" in text:
                paths[language].append(path)
    return paths


def _parse(path: Path, text: str) -> object:
    grammar = GRAMMARS.get(path.suffix)
    return parse(grammar, text) if grammar else ast.parse(text)


def _read(path: Path, text: str, modules: SourceCache) -> object:
    return surface_for(path.name).read(SourceFile(str(path), text), path, modules)


def _lint(path: Path, text: str, settings: Settings) -> object:
    return lint_text(text, str(path), settings, path=path)


def best_per_file(step: Callable[[Path, str], object], files: list[tuple[Path, str]], rounds: int) -> float:
    """The best over ``rounds`` of the mean seconds ``step`` takes per file."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for path, text in files:
            step(path, text)
        best = min(best, (time.perf_counter() - start) / max(1, len(files)))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=200, help="generated files per language")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, help="time the files under this folder instead")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        paths = corpus(arguments.corpus) if arguments.corpus else generated(root, arguments.files)
        settings = Settings(root=arguments.corpus or root)
        texts = {language: [(p, p.read_text(encoding="utf-8")) for p in found] for language, found in paths.items()}
        for language in texts:  # load each grammar and reader once, outside the timing
            for path, text in texts[language][:1]:
                _parse(path, text), _read(path, text, SourceCache(root)), _lint(path, text, settings)
        steps = {
            "parse": _parse,
            "read": lambda p, t: _read(p, t, SourceCache(root)),
            "lint": lambda p, t: _lint(p, t, settings),
        }
        print(f"{'step':<6} {'language':<8} {'files':>6} {'KB/file':>8} {'ms/file':>9} {'vs python':>10}")
        for name, step in steps.items():
            times = {
                language: best_per_file(step, files, arguments.rounds) for language, files in texts.items() if files
            }
            for language, seconds in times.items():
                size = sum(len(t) for _, t in texts[language]) / len(texts[language]) / 1024
                ratio = seconds / times["python"] if times.get("python") else float("nan")
                print(
                    f"{name:<6} {language:<8} {len(texts[language]):>6} {size:>8.1f} {seconds * 1000:>9.3f} {ratio:>9.2f}x"
                )


if __name__ == "__main__":
    main()
