"""A tool that writes state: the sources the researcher used."""

from google.adk.tools import ToolContext


def save_sources(urls: list[str], tool_context: ToolContext) -> dict:
    """Remember the sources of the findings, for the critic."""
    tool_context.state["sources"] = urls
    return {"saved": len(urls)}
