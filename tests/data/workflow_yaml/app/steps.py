from google.adk import Event


def prepare():
    return Event(state={"topic": "tides"})


def route():
    return Event(route="A")


def skip():
    return None


def note():
    return None


def finish():
    return None
