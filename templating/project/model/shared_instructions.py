"""Instructions an agent reads besides its own: the skills its ``SkillToolset`` loads and the
text of a ``GlobalInstructionPlugin`` registered on the app that runs it.

Both are matched with agents once every agent is linked (`add_shared_instructions`, called by
`templating.project.model.assembly.assemble`): each such instruction joins the agent's instructions and
its placeholders the agent's reads, so the rules, the graph and the language server see them
like the agent's own.
"""

from __future__ import annotations

from templating.project.model.facts import AgentFacts, Ref, ToolsetFacts
from templating.project.model.held_skills import held_skills

__all__ = ["add_shared_instructions"]

_MAX_DEPTH = 16


def add_shared_instructions(assembler, facts: dict[tuple[str, str], AgentFacts], workflows: tuple = ()) -> None:
    """Give each agent of ``assembler`` (the model's `_Assembler`) the skills its tools load and
    the plugin instructions of its app (whose root may be a workflow of ``workflows``);
    ``facts`` are the agents' facts by (module, variable)."""
    skills = [skill for file in assembler.index.values() for skill in file.skills if skill.instruction is not None]
    if skills:
        for key, agent in assembler.agents.items():
            for ref in facts[key].tools:
                toolset = _toolset(assembler.index, ref)
                for skill in held_skills(toolset, skills) if toolset is not None else ():
                    assembler.add_instruction(agent, skill.instruction)
    for file in assembler.index.values():
        for app in file.apps:
            for agent in assembler.run_by(app.root, workflows) if app.root is not None else ():
                if agent.kind == "llm":
                    for instruction in app.instructions:
                        assembler.add_instruction(agent, instruction)


def _toolset(index: dict, ref: Ref) -> ToolsetFacts | None:
    """The ``SkillToolset`` ``ref`` names, following re-exports between modules."""
    for _ in range(_MAX_DEPTH):
        file = index.get(ref.module)
        if file is None or ref.name in file.toolsets:
            return file.toolsets[ref.name] if file is not None else None
        target = file.imports.get(ref.name)
        if target is None or not target.name:
            return None
        ref = target
    return None
