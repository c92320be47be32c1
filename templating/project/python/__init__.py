"""The Python front end: reads ADK Python modules (with `ast`) into instructions and facts."""
