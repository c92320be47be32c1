"""The ``@google/adk`` 2.0.0 plan of an agent's first request (see `request_plan`).

adk-js runs identity first (unless the agent can transfer nowhere), then the root's
``globalInstruction``, the ``instruction`` and its own output-schema sentence, and the transfer
text last (``agents/processors/*.js``); a ``GlobalInstructionPlugin`` prepends its text as in
google-adk. It has no ``static_instruction``.
"""

from __future__ import annotations

from templating.project.model.request_models import is_gemini_2
from templating.project.model.request_plan import AdkPlan, Plan, agent_unread, unread_of
from templating.project.model.request_texts import JS_SCHEMA_TEXT, js_identity

__all__ = ["JsPlan"]


class JsPlan(AdkPlan):
    """The ``@google/adk`` 2.0.0 plan of one agent."""

    port = "adk-js"

    def build(self) -> Plan:
        if not self.transfer_disabled():
            self.identity()
        root = self.tree.root(self.agent)
        if root.kind == "llm":
            self.field(root, "global_instruction", "the root agent's `globalInstruction`")
        self.field(self.agent, "instruction", "`instruction`")
        self.schema()
        if not self.transfer_disabled():
            self.transfer()
        self.plugins()
        return Plan(self.agent, self.port, self.vertex, tuple(self.pieces), tuple(self.unread), self.error)

    def transfer_disabled(self) -> bool:
        facts = self.facts
        return facts.disallow_transfer_to_parent and facts.disallow_transfer_to_peers and not self.agent.sub_agents

    def identity(self) -> None:
        unread = unread_of(self.agent, "description")
        texts = js_identity(self.agent.name, self.facts.description)
        self.processor(
            "identity", "adk-js's identity processor", "\n\n".join(texts) if unread is None else None, unread
        )

    def schema(self) -> None:
        if not self.facts.output_schema or not self.facts.tools:
            return
        name = self.model_name(default=None)
        if self.vertex and name is None:
            what = (
                "whether adk-js adds its set_model_response sentence depends on the model, which the code does not show"
            )
            self.unread.append(agent_unread(self.agent, "request", what))
        elif not (self.vertex and is_gemini_2(name or "")):
            self.processor("output_schema", "adk-js's instructions processor", JS_SCHEMA_TEXT)

    def transfer(self) -> None:
        transfer = self.targets()
        if transfer is not None:
            self.add_transfer("adk-js's agent-transfer processor", transfer)
