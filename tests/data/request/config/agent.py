"""Agent Config files, loaded as `adk web` loads them."""

from pathlib import Path

from google.adk.agents import config_agent_utils

root_agent = config_agent_utils.from_config(str(Path(__file__).parent / "root_agent.yaml"))
