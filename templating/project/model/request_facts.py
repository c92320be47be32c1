"""What a front end learns of an agent that shapes its model request beyond its instructions.

google-adk builds an agent's system instruction from more than its instruction fields: an
identity line from its name and description, a paragraph for ``output_schema`` with tools,
the transfer text naming the agents it can hand over to (which its mode and the
``disallow_transfer_to_*`` flags decide). A front end records these settings as written in
the code (`RequestFacts`), and each one it cannot read as a constant as an `Unread`, so that
`templating.project.model.request` says what it cannot know instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass

from templating.project.pickling import rebuild_from_fields

__all__ = ["RequestFacts", "Unread"]


@dataclass(frozen=True, slots=True)
class Unread:
    """Something of an agent's request the code does not show: ``piece`` is the part of the
    request it leaves unknown (``instruction``, ``static_instruction``, ``global_instruction``,
    ``description``, ``model``, ``transfer``, or ``request`` for code that may change any of
    it), ``what`` says why, and ``path``, ``line``, ``column`` where it is written."""

    piece: str
    what: str
    path: str
    line: int
    column: int

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class RequestFacts:
    """An agent's settings that shape its request, as written (ADK's defaults otherwise).

    - ``port``: the ADK the agent is built with (``adk`` for google-adk, ``adk-js``...);
    - ``description``: its ``description`` (``""``, ADK's default, when none is given);
    - ``model``: the model name, when written as a string (``None``: none given, or not a string);
    - ``mode``: its ``mode`` (``chat``, ``task``, ``single_turn``), ``None`` when not given;
    - ``output_schema``: whether it is given an output schema; ``tools``: any tool;
    - ``search_tool``: the built-in search tool it holds that Gemini models before 3 cannot
      combine with function calling (``GoogleSearchTool``...), and ``search_bypass`` whether it
      is built with ``bypass_multi_tools_limit=True``;
    - ``disallow_transfer_to_parent``, ``disallow_transfer_to_peers``: the two flags;
    - ``unread``: what the code does not show (`Unread`).
    """

    port: str = "adk"
    description: str = ""
    model: str | None = None
    mode: str | None = None
    output_schema: bool = False
    tools: bool = False
    search_tool: str | None = None
    search_bypass: bool = False
    disallow_transfer_to_parent: bool = False
    disallow_transfer_to_peers: bool = False
    unread: tuple[Unread, ...] = ()

    __reduce__ = rebuild_from_fields
