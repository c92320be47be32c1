"""How commands and findings name the project's facts, in the words of the file each is
written in: ``the `outputKey` of agent `critic` (agents.ts:12:16)`` in TypeScript, with
``output_key`` in Python. The linter's messages, ``render --explain`` and ``cache-report`` all
name a writer here, so one writer reads alike whichever command shows it.
"""

from __future__ import annotations

from templating.project.model.facts import Writer
from templating.project.surfaces import spelling_of

__all__ = ["describe_writer", "name_writer"]


def describe_writer(writer: Writer) -> str:
    """A writer in words, with where it is: ``the output_key of agent `critic` (agents.py:12:16)``."""
    return f"{name_writer(writer)} ({writer.path}:{writer.line}:{writer.column})"


def name_writer(writer: Writer) -> str:
    """A writer in words, as ADK names it: ``the output_key of agent `critic```, ``tool `save`
    of agent `writer```; a workflow's function node is a function, never a tool."""
    owner = f"agent `{writer.agent}`" if writer.agent else None
    spell = spelling_of(writer.path)
    if writer.via == "output_key":
        return f"the `{spell('output_key')}` of {owner}"
    if writer.via in ("tool", "callback") and writer.function and owner:
        return f"{writer.via} `{writer.function}` of {owner}"
    if writer.via in ("tool", "callback") and writer.function:
        return f"the `state` of function `{writer.function}`"  # a workflow's function node
    if writer.via == "state_delta" and writer.function and not owner:
        return f"the `{spell('Event(state=...)')}` or `{spell('state_delta')}` of function `{writer.function}`"
    if writer.via == "initial":
        return "the initial state"
    return f"the {writer.via.replace('_', ' ')} write" + (f" of {owner}" if owner else "")
