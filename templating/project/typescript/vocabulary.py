"""The words of the two TypeScript ports the reader looks for, and which grammar reads a file."""

from __future__ import annotations

import re

__all__ = [
    "AGENT_CLASSES", "BUILDER_KINDS", "CONTEXT_NAMES", "DEDENT_TAGS", "GRAMMAR_BY_SUFFIX", "HINT", "PORT_DIALECTS",
    "SKIPPED_FOLDERS", "grammar_for", "is_script", "port_of_specifier",
]  # fmt: skip

#: The grammar that parses each suffix: TSX is a grammar of its own (``<T>x`` casts parse
#: only under plain TypeScript), and the JavaScript grammar reads JSX.
GRAMMAR_BY_SUFFIX: dict[str, str] = {
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
    ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
}  # fmt: skip

#: The dialect of each port, by the package a file imports.
PORT_DIALECTS = {"@google/adk": "adk-js", "@iqai/adk": "adk-ts"}

#: What a module that imports no port says when it may write state for agents of another
#: module: a callback's or tool's context, or a write of either port (a callbacks module whose
#: parameter is typed `any` imports nothing).
CONTEXT_HINT = r"[Cc]allback[Cc]ontext|[Tt]ool[Cc]ontext|\.state\.(?:set|update)\(|\.state\["
#: Bytes that mark a file importing a port, or naming an agent, an instruction, a session seed
#: or a state write (`CONTEXT_HINT`): the pre-filter before a file is decoded (a prompts module
#: names none of the packages, nor does a `main.ts` that seeds the session of agents it imports).
HINT = rb"@google/adk|@iqai/adk|instruction|Instruction|[Pp]rompt|PROMPT|createSession|stateDelta|withQuickSession|" + (
    CONTEXT_HINT.encode()
)

#: Folders whose code is never a user's agents: installed and vendored copies of the packages.
SKIPPED_FOLDERS = frozenset({"node_modules", "vendor", "dist", "build", ".next"})

#: The agent classes of both ports and the kind each builds.
AGENT_CLASSES = {
    "LlmAgent": "llm", "Agent": "llm", "SequentialAgent": "sequential", "ParallelAgent": "parallel",
    "LoopAgent": "loop",
}  # fmt: skip

#: IQAI's ``AgentBuilder`` methods that make a workflow agent (and drop the instruction).
BUILDER_KINDS = {"asSequential": "sequential", "asParallel": "parallel", "asLoop": "loop"}

#: The tag functions that strip common indentation from a template literal.
DEDENT_TAGS = frozenset({"dedent", "endent", "stripIndent", "stripIndents"})

#: Callback fields of an agent, and whether their writes come before the first instruction.
CONTEXT_NAMES = {"beforeAgentCallback": True, "afterAgentCallback": False, "beforeModelCallback": False,
                 "afterModelCallback": False, "beforeToolCallback": False, "afterToolCallback": False}  # fmt: skip


def grammar_for(name: str) -> str:
    """The grammar that parses the file called ``name`` (TypeScript for an unknown suffix)."""
    _, dot, suffix = name.rpartition(".")
    return GRAMMAR_BY_SUFFIX.get(f".{suffix.lower()}", "typescript") if dot else "typescript"


def is_script(name: str) -> bool:
    """Whether the file called ``name`` is TypeScript or JavaScript (the surface claims it)."""
    _, dot, suffix = name.rpartition(".")
    return bool(dot) and f".{suffix.lower()}" in GRAMMAR_BY_SUFFIX


_SUBPATH = re.compile(r"(@google/adk|@iqai/adk)(?:/[\w./-]+)?")


def port_of_specifier(specifier: str) -> str | None:
    """The dialect of the port an import specifier names: ``@google/adk`` and its subpaths are
    adk-js, ``@iqai/adk`` ADK-TS; ``@google/adk-devtools`` and forks are neither."""
    match = _SUBPATH.fullmatch(specifier)
    return PORT_DIALECTS[match.group(1)] if match else None
