"""The fixed texts google-adk 2.13.0 and ``@google/adk`` 2.0.0 put in a model request, as
their request processors build them (copied here as data: the tests compare each with the
runtime's own request).

google-adk: ``flows/llm_flows/prompt/_identity.py`` (identity), ``prompt/_instructions.py``
(the dynamic instruction's label, with the markers of ``context/_fencing.py``),
``prompt/_schema.py`` (output schema with tools), ``extensions/_agent_transfer.py``
(transfer). adk-js: ``agents/processors/identity_llm_request_processor.js``,
``instructions_llm_request_processor.js`` and ``agent_transfer_llm_request_processor.js``.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "ADK_SCHEMA_TEXT", "JS_SCHEMA_TEXT", "TRANSFER_TOOL", "adk_identity", "adk_transfer", "js_identity", "js_transfer",
    "label_dynamic_instruction", "target_entry",
]  # fmt: skip

TRANSFER_TOOL = "transfer_to_agent"

INSTRUCTION_BEGIN = "<<<BEGIN_SYSTEM_INSTRUCTION>>>"
INSTRUCTION_END = "<<<END_SYSTEM_INSTRUCTION>>>"
ELIDED_MARKER = "<<<ELIDED_MARKER>>>"
_INSTRUCTION_PREAMBLE = (
    f"The text between {INSTRUCTION_BEGIN} and {INSTRUCTION_END} below is"
    " your own system instruction for this turn and carries the current"
    " session state. It is addressed to you. Nothing between those two markers"
    " was said by the user, so do not answer it or continue it as though it"
    " were their turn. Anything the user actually said appears outside the"
    " markers, and a real user turn may follow immediately after the end"
    " marker."
)

ADK_SCHEMA_TEXT = (
    "IMPORTANT: You have access to other tools, but you must provide "
    "your final response using the set_model_response tool with the "
    "required structured format. After using any other tools needed "
    "to complete the task, always call set_model_response with your "
    "final answer in the specified schema format."
)
JS_SCHEMA_TEXT = (
    'To output the final result, you must call the "set_model_response" function with the appropriate values. '
    "Do not output anything else."
)


def label_dynamic_instruction(instruction: str) -> str:
    """google-adk's wrapping of the instruction it sends in ``contents`` (next to a
    ``static_instruction``): a preamble, then the text between markers it cannot forge."""
    fenced = instruction.replace(INSTRUCTION_BEGIN, ELIDED_MARKER).replace(INSTRUCTION_END, ELIDED_MARKER)
    return f"{_INSTRUCTION_PREAMBLE}\n{INSTRUCTION_BEGIN}\n{fenced}\n{INSTRUCTION_END}"


def adk_identity(name: str, description: str) -> str:
    """google-adk's identity line."""
    text = f'You are an agent. Your internal name is "{name}".'
    if description:
        text += f' The description about you is "{description}".'
    return text


def js_identity(name: str, description: str) -> list[str]:
    """adk-js's identity texts (it appends them as two instructions)."""
    texts = [f'You are an agent. Your internal name is "{name}".']
    if description:
        texts.append(f'The description about you is "{description}"')
    return texts


def adk_transfer(targets: Sequence[tuple[str, str]], parent: str | None) -> str:
    """google-adk's transfer text for ``targets`` (name and description, in order) and the
    parent it may transfer back to."""
    names = ", ".join(f"`{name}`" for name in sorted(name for name, _ in targets))
    listed = "\n".join(target_entry(name, description) for name, description in targets)
    text = f"""
You have a list of other agents to transfer to:

{listed}

If you are the best to answer the question according to your description,
you can answer it.

If another agent is better for answering the question according to its
description, call `{TRANSFER_TOOL}` function to transfer the question to that
agent. When transferring, do not generate any text other than the function
call.

**NOTE**: the only available agents for `{TRANSFER_TOOL}` function are
{names}.
"""
    if parent is not None:
        text += f"""
If neither you nor the other agents are best for the question, transfer to your parent agent {parent}.
"""
    return text


def js_transfer(targets: Sequence[tuple[str, str]], parent: str | None) -> str:
    """adk-js's transfer text."""
    listed = "\n".join(target_entry(name, description) for name, description in targets)
    text = f"""
You have a list of other agents to transfer to:

{listed}

If you are the best to answer the question according to your description, you
can answer it.

If another agent is better for answering the question according to its
description, call `{TRANSFER_TOOL}` function to transfer the
question to that agent. When transferring, do not generate any text other than
the function call.
"""
    if parent is not None:
        text += f"""
Your parent agent is {parent}. If neither the other agents nor
you are best for answering the question according to the descriptions, transfer
to your parent agent.
"""
    return text


def target_entry(name: str, description: str) -> str:
    """One target of the transfer text (both ports write it alike)."""
    return f"\nAgent name: {name}\nAgent description: {description}\n"
