"""What google-adk 2.13.0 and ``@google/adk`` 2.0.0 make of a model's name when they build a
request: which model class serves it, whether it is Gemini (and which version), as their
``utils/model_name_utils.py``, ``models/registry.py`` and ``utils/model_name.js`` decide."""

from __future__ import annotations

import re

__all__ = ["DEFAULT_MODEL", "is_gemini", "is_gemini_2", "model_name", "served_by_gemini", "supports_search"]

#: google-adk's model when an agent and its ancestors name none (``LlmAgent.DEFAULT_MODEL``).
DEFAULT_MODEL = "gemini-3.5-flash"

# google-adk's and adk-js's patterns of a model path (``utils/model_name_utils.py``, ``model_name.js``).
_VERTEX_PATH = re.compile(r"^projects/[^/]+/locations/[^/]+/publishers/[^/]+/models/(.+)$")
_APIGEE_PATH = re.compile(r"^apigee/(?:[^/]+/)?(?:[^/]+/)?(.+)$")
# The model names google-adk's registry gives its Gemini class (``Gemini.supported_models``):
# these prefixes, and two Vertex AI paths read without a regular expression (theirs backtracks).
_GEMINI_PREFIXES = ("gemini-", "gemma-4", "model-optimizer-")
_GEMINI_PATHS = (("/locations/", "/endpoints/"), ("/locations/", "/publishers/google/models/gemini"))
_VERSION = re.compile(r"\d+(\.\d+)*")


def served_by_gemini(model: str) -> bool:
    """Whether google-adk's registry gives the model name to its Gemini class."""
    if model.startswith(_GEMINI_PREFIXES):
        return True
    return model.startswith("projects/") and any(_has_in_order(model, marks) for marks in _GEMINI_PATHS)


def _has_in_order(model: str, marks: tuple[str, ...]) -> bool:
    """Whether ``model`` is ``projects/X{mark}Y{mark}Z`` with X, Y and Z not empty."""
    position = len("projects/")
    for mark in marks:
        found = model.find(mark, position + 1)
        if found < 0:
            return False
        position = found + len(mark)
    return position < len(model)


def is_gemini(model: str) -> bool:
    """google-adk's ``is_gemini_model``."""
    return model_name(model).startswith("gemini-")


def model_name(model: str) -> str:
    """google-adk's ``extract_model_name``."""
    for pattern in (_VERTEX_PATH, _APIGEE_PATH):
        match = pattern.match(model)
        if match:
            return match.group(1)
    if model.startswith("models/"):
        return model[len("models/") :]
    if not model.startswith("projects/") and "/" in model and model.rsplit("/", 1)[1].startswith("gemini-"):
        return model.rsplit("/", 1)[1]
    return model


def supports_search(model: str | None) -> bool:
    """google-adk's ``_supports_builtin_tools_with_function_calling``: Gemini 3 or later."""
    name = model_name(model or "")
    version = name[len("gemini-") :].split("-", 1)[0] if name.startswith("gemini-") else ""
    return _VERSION.fullmatch(version) is not None and int(version.split(".")[0]) >= 3


def is_gemini_2(model: str) -> bool:
    """adk-js's ``isGemini2OrAbove``."""
    match = _VERTEX_PATH.match(model)
    name = match.group(1) if match else model
    version = name[len("gemini-") :].split("-", 1)[0] if name.startswith("gemini-") else ""
    return _VERSION.fullmatch(version) is not None and int(version.split(".")[0]) >= 2
