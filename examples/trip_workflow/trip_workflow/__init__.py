from . import agent  # noqa: F401 - google-adk loads the package, and the package its agent
