"""A finding says what a missing key does in the port that runs the instruction: google-adk
raises `KeyError`, adk-js throws an `Error`, ADK-TS fails with one (and goes on), adk-go
returns an error, adk-java and adk-kotlin throw `IllegalArgumentException`."""

from __future__ import annotations

import pytest

from templating.lint.linter import lint_text
from templating.lint.settings import Settings

AGENTS = {
    "agent.py": ('from google.adk.agents import LlmAgent\nroot = LlmAgent(name="a", instruction="Hi {nam}")\n',
                 "ADK raises `KeyError`"),
    "agent.ts": ("import { LlmAgent } from '@google/adk';\nexport const root = new LlmAgent({ name: 'a', instruction: 'Hi {nam}' });\n",
                 "the adk-js dialect throws an `Error`"),
    "iqai.ts": ("import { LlmAgent } from '@iqai/adk';\nexport const root = new LlmAgent({ name: 'a', instruction: 'Hi {nam}' });\n",
                "the adk-ts dialect fails with an `Error`"),
}  # fmt: skip


@pytest.mark.parametrize(("name", "words"), [(name, words) for name, (_, words) in AGENTS.items()])
def test_an_undefined_key_is_worded_as_the_port_fails(name, words):
    settings = Settings(known_keys=frozenset({"name"}))
    [finding] = [f for f in lint_text(AGENTS[name][0], name, settings) if f.code == "TPL011"]
    assert finding.message == f"`nam` is not in the state schema: {words} when it is missing"
    assert name.endswith(".py") or "KeyError" not in finding.message
