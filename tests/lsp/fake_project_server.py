"""The real server with a fake project model (writers of state keys), for the end-to-end tests.

The project model is being built on another branch; until it is wired into
:class:`templating.server.workspace.Workspace`, hover, definition and completion of writers
are tested against this one small stand-in. ``crash`` in argv makes hover raise, to test
that a failing handler is logged and the server goes on.
"""

import sys
from pathlib import Path

from templating.project.model.facts import Writer
from templating.server import app
from templating.server.workspace import Workspace

WRITERS = {
    "plan": (Writer("plan", "output_key", (Path(__file__).parent / "writers.py").as_posix(), 3, 5, agent="planner"),),
    "user:name": (),
}


class FakeProject(Workspace):
    """Writes ``plan`` (at writers.py:3:5), and ``user:name`` nowhere."""

    def writers_of(self, key):
        if "crash" in sys.argv:
            raise RuntimeError("the project model failed")
        return WRITERS.get(key, ())

    def written_keys(self):
        return ("plan", "temp:draft", "user:city")


if __name__ == "__main__":
    app.serve(FakeProject())
