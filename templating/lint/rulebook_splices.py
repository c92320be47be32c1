"""The rule about constants an interpolation puts where a placeholder was meant (TPL027)."""

from __future__ import annotations

from templating.lint.rule import Rule, Severity

__all__ = ["SPLICE_RULES"]

SPLICE_RULES: tuple[Rule, ...] = (
    Rule(
        "TPL027",
        "swallowed-placeholder",
        Severity.WARNING,
        "An f-string puts a state key's name where its placeholder was meant",
        "Finds an f-string value (`{STATE_CURRENT_DOC}`), or a template literal's `${KEY}` in "
        "TypeScript, that puts a constant spelled like a state key into an injected instruction "
        "without braces around it, where the project shows the key is one: something writes it "
        "or an instruction reads it as a placeholder; and the instruction uses placeholders "
        "elsewhere, or another instruction reads this very key as one. A name quoted right "
        "around (`'{STATE_CURRENT_DOC}'`) is taken as the author naming the key, and not "
        "reported. What it cannot see: constants that are not key-shaped, keys written through "
        "a non-literal name.",
        "Python turns `{STATE_CURRENT_DOC}` into the constant's text before ADK sees the "
        "instruction: the model reads the bare words `current_document`, not the document. "
        "Nothing fails: the agent runs on without the value it was meant to see. The braces "
        "that would have made a placeholder were taken by the f-string (`{{` and `}}` are its "
        "escapes).",
        'STATE_CURRENT_DOC = "current_document"\n'
        'critic = LlmAgent(name="critic", instruction=f"Review this draft:\\n{STATE_CURRENT_DOC}\\n'
        'Reply {{criticism?}} if you have none.")',
        'critic = LlmAgent(name="critic", instruction=f"Review this draft:\\n{{{STATE_CURRENT_DOC}}}\\n'
        'Reply {{criticism?}} if you have none.")\n'
        "# the f-string gives `{current_document}`: ADK puts the document there",
        dialects=("adk", "strict"),
        dialect_note="In TypeScript, `{${KEY}}` is the placeholder and `${KEY}` alone the name.",
    ),
)
