"""Kept for imports written before the dialects became a package: use `templating.dialects`.

Each name here is the one of the same name in `templating.dialects` or its modules.
"""

from __future__ import annotations

from templating.dialects import (
    ADK,
    ADK_JS,
    ARTIFACT_PREFIX,
    DIALECT_NAMES,
    STATE_PREFIXES,
    STRICT,
    Dialect,
    Path,
    get_dialect,
)
from templating.dialects.adk import (
    ADK_GROUP_PATTERN,
    adk_missing_artifact_message,
    adk_missing_key_message,
    format_adk_value,
    is_adk_state_name,
    read_adk_name,
)
from templating.dialects.adk_js import JS_WHITESPACE, is_js_state_name, read_js_name
from templating.dialects.strict import (
    STRICT_GROUP_PATTERN,
    check_artifact_name,
    format_json_value,
    read_strict_name,
)

__all__ = [
    "ADK",
    "ADK_GROUP_PATTERN",
    "ADK_JS",
    "ARTIFACT_PREFIX",
    "DIALECT_NAMES",
    "JS_WHITESPACE",
    "STATE_PREFIXES",
    "STRICT",
    "STRICT_GROUP_PATTERN",
    "Dialect",
    "Path",
    "adk_missing_artifact_message",
    "adk_missing_key_message",
    "check_artifact_name",
    "format_adk_value",
    "format_json_value",
    "get_dialect",
    "is_adk_state_name",
    "is_js_state_name",
    "read_adk_name",
    "read_js_name",
    "read_strict_name",
]
