"""TPL021-TPL024 on small projects: third-party keys with their chain of writers, delimiters
a value can close, and changing values where a context cache needs stable text."""

from __future__ import annotations

import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.policy import ValuePolicy

PIPELINE = """\
import requests
from google.adk.agents import LlmAgent
from google.adk.tools import google_search


def fetch_page(url: str, tool_context):
    tool_context.state["page_contents"] = requests.get(url, timeout=10).text
    return "ok"


def remember(topic: str, tool_context):
    tool_context.state["topic"] = topic


reader = LlmAgent(name="reader", tools=[google_search], output_key="results")
fetcher = LlmAgent(name="fetcher", tools=[fetch_page, remember], instruction="Fetch what {results} cite.")
summary = LlmAgent(name="summary", instruction="Summarize <page>{page_contents}</page>.", output_key="summary")
writer = LlmAgent(name="writer", instruction="Write about {topic} from {summary}.")
fenced = LlmAgent(name="fenced", instruction="Fenced: {page_contents|data}")
quoted = LlmAgent(name="quoted", instruction="The results: '{results}'")
"""


def findings(tmp_path: Path, source: str, **settings: object) -> list[tuple[int, str, str]]:
    (tmp_path / "agent.py").write_text(textwrap.dedent(source), encoding="utf-8")
    result = lint_paths([tmp_path], Settings(root=tmp_path, **settings))  # type: ignore[arg-type]
    folder = f"{tmp_path}/"
    return sorted((f.line, f.code, f.message.replace(folder, "")) for f in result.findings if f.code >= "TPL021")


def test_third_party_keys_are_reported_with_their_chain(tmp_path):
    found = findings(tmp_path, PIPELINE)
    codes = [(line, code) for line, code, _ in found]
    assert codes == [(16, "TPL021"), (17, "TPL022"), (18, "TPL021"), (20, "TPL022")]
    assert found[0][2] == (
        "agent `fetcher` puts `results` into its instruction unfenced, and it can hold a third party's text: "
        "`results` is written by the `output_key` of agent `reader` (agent.py:15:68), which holds `google_search`"
    )
    assert "sits inside `<page>...</page>`, which its value can close" in found[1][2]
    assert "which calls `requests.get`" in found[1][2]
    # Transitive: `summary` is the output of an agent that read the fetched page.
    assert "`summary` is written by the `output_key` of agent `summary`" in found[2][2]
    assert (
        "which reads `page_contents` in its instruction; `page_contents` is written by tool `fetch_page`" in found[2][2]
    )
    assert "the quotes `'...'`" in found[3][2]


def test_user_text_and_fenced_values_are_not_reported(tmp_path):
    found = findings(tmp_path, PIPELINE)
    assert not any("`topic`" in message for _, _, message in found)  # the model's own words
    assert not any(line == 19 for line, _, _ in found)  # `{page_contents|data}`


def test_a_value_policy_silences_the_keys_it_covers(tmp_path):
    found = findings(tmp_path, PIPELINE, policy=ValuePolicy({"results": "json", "page_*": "data"}))
    assert [(line, code) for line, code, _ in found] == [(18, "TPL021")]


CACHED_APP = """\
from google.adk.agents import LlmAgent
from google.adk.agents.context_cache_config import ContextCacheConfig
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin


def stamp(callback_context):
    callback_context.state["_time"] = "now"


async def main(runner):
    await runner.session_service.create_session(app_name="shop", user_id="u", state={"user:name": "Ada"})


POLICY = "LONG_POLICY"
assistant = LlmAgent(name="assistant", instruction="Time: {_time}. Hi {user:name}.\\n" + POLICY,
                     before_agent_callback=stamp)
split = LlmAgent(name="split", static_instruction=POLICY, instruction="Time: {_time}.", before_agent_callback=stamp)
root = LlmAgent(name="root", sub_agents=[assistant, split])
app = App(name="shop", root_agent=root, context_cache_config=ContextCacheConfig(),
          plugins=[GlobalInstructionPlugin(global_instruction="Hello {user:name}.")])
"""


# About 1,350 tokens by google-adk's estimate (characters / 4), as a literal the model reads.
CACHED_APP = CACHED_APP.replace("LONG_POLICY", "Be kind. " * 600)


def test_changing_values_in_a_cached_app_are_reported_not_session_constants(tmp_path):
    found = findings(tmp_path, CACHED_APP)
    tpl023 = [(line, message) for line, code, message in found if code == "TPL023"]
    assert len(tpl023) == 1 and tpl023[0][0] == 16
    assert tpl023[0][1].startswith("`_time` changes during a run (written by callback `stamp` of agent `assistant`")
    assert "has a context cache" in tpl023[0][1]


def test_static_text_after_a_changing_value_is_reported_once(tmp_path):
    found = findings(tmp_path, CACHED_APP)
    tpl024 = [(line, message) for line, code, message in found if code == "TPL024"]
    # The rest of the instruction (1,351 tokens), then google-adk's identity line and the transfer
    # text naming `root` and `split` (about 176 more): the request as it is sent.
    assert tpl024 == [
        (
            16,
            "about 1,527 tokens of fixed text follow `_time`, which changes during a run: a provider's prefix cache cannot reuse them",
        )
    ]


def test_the_cache_rules_read_the_system_instruction_google_adk_assembles(tmp_path):
    """The root's `global_instruction` is in every agent's system instruction; an `instruction`
    next to a `static_instruction` is not (google-adk sends it in `contents`)."""
    source = """\
    from google.adk.agents import LlmAgent
    from google.adk.agents.context_cache_config import ContextCacheConfig
    from google.adk.apps import App


    def stamp(callback_context):
        callback_context.state["_time"] = "now"


    child = LlmAgent(name="child", static_instruction="Rules.", instruction="At {_time}.", before_agent_callback=stamp)
    root = LlmAgent(name="root", global_instruction="Time: {_time}.", instruction="Route.", sub_agents=[child])
    app = App(name="shop", root_agent=root, context_cache_config=ContextCacheConfig())
    """
    tpl023 = [(line, message) for line, code, message in findings(tmp_path, source) if code == "TPL023"]
    assert [line for line, _ in tpl023] == [11]  # the global instruction's `{_time}`, once; not line 10's
    assert "in the system instruction of agent `root`" in tpl023[0][1]


def test_without_a_context_cache_nothing_is_said_about_caching(tmp_path):
    source = CACHED_APP.replace("context_cache_config=ContextCacheConfig(),", "")
    assert [code for _, code, _ in findings(tmp_path, source)] == ["TPL024"]


def test_a_chain_names_the_agent_that_writes_the_key_not_one_of_the_same_name(tmp_path):
    # Two apps each have an agent called `aggregator`; only one of them read search results.
    # The chain of the other app's finding goes through its own aggregator (issue 37: a namesake
    # in another folder or language was cited).
    (tmp_path / "news").mkdir()
    (tmp_path / "finance").mkdir()  # read first: its aggregator is tainted first
    (tmp_path / "news" / "agent.py").write_text(
        textwrap.dedent("""\
        from google.adk.agents import LlmAgent, SequentialAgent
        from google.adk.tools import google_search

        searcher = LlmAgent(name="searcher", tools=[google_search], output_key="news")
        aggregator = LlmAgent(name="aggregator", instruction="Sort <n>{news}</n>.", output_key="digest")
        editor = LlmAgent(name="editor", instruction="Edit {digest}.")
        root_agent = SequentialAgent(name="news", sub_agents=[searcher, aggregator, editor])
        """),
        encoding="utf-8",
    )
    (tmp_path / "finance" / "agent.py").write_text(
        textwrap.dedent("""\
        from google.adk.agents import LlmAgent, SequentialAgent
        from google.adk.tools import google_search

        finder = LlmAgent(name="finder", tools=[google_search], output_key="finance")
        aggregator = LlmAgent(name="aggregator", instruction="Merge <f>{finance}</f>.", output_key="report")
        root_agent = SequentialAgent(name="research", sub_agents=[finder, aggregator])
        """),
        encoding="utf-8",
    )
    result = lint_paths([tmp_path], Settings(root=tmp_path))
    (editor,) = [f for f in result.findings if f.code == "TPL021" and "`editor`" in f.message]
    message = editor.message.replace(f"{tmp_path}/", "")
    assert "agent `aggregator` (news/agent.py:5:88), which reads `news` in its instruction" in message
    assert "finance" not in message
