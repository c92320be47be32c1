"""A tool module that names no agent, state or event: the linter passes over it unread."""


def lookup_city(city: str) -> dict:
    """The weather of a city."""
    return {"city": city, "sky": "clear"}
