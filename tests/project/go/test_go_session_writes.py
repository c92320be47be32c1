"""TPL016 on Go: writes to the state of a session a service returned, or of the invocation's
session, bypass the events adk-go applies state from.

adk-go ``session/inmemory.go``: ``Create`` and ``Get`` return a session whose state is
``maps.Clone`` of the stored one, so a ``State().Set`` on it is lost; the stored session is
updated only from event deltas (``inmemory.go:249-257``).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.project.go.test_go_state import IMPORTS

BODY = """func start(ctx context.Context, svc session.Service) {
\tresp, _ := svc.Create(ctx, &session.CreateRequest{AppName: "a", UserID: "u"})
\tresp.Session.State().Set("topic", "tides")
\tgot, _ := svc.Get(ctx, &session.GetRequest{AppName: "a", UserID: "u", SessionID: "s"})
\tsess := got.Session
\tsess.State().Set("mood", 1) // noqa: TPL016
}

func run(ctx agent.InvocationContext) {
\tctx.Session().State().Set("seen", true)
}

func save(ctx tool.Context, args Args) (Result, error) {
\tctx.State().Set("saved", args.Q)
\treturn Result{}, nil
}
"""


def test_go_direct_session_state_writes_are_reported(tmp_path: Path, run_cli) -> None:
    (tmp_path / "main.go").write_text(IMPORTS + BODY, encoding="utf-8")
    _, out, _ = run_cli(
        "lint", "--isolated", "--output-format", "concise", "--select", "TPL016", str(tmp_path / "main.go")
    )
    found = re.findall(r"main\.go:(\d+):(\d+): TPL016 `(\w+)`", out)
    first = IMPORTS.count("\n") + 1
    # `mood` is silenced by its noqa; `saved` goes through the tool context: an event records it.
    assert found == [(str(first + 2), "2", "topic"), (str(first + 9), "2", "seen")], out
    _, full, _ = run_cli(
        "lint", "--isolated", "--output-format", "full", "--select", "TPL016", str(tmp_path / "main.go")
    )
    assert "session.CreateRequest{State: ...}" in full and "create_session" not in full, full


def test_go_session_handed_on_itself_is_not_reported(tmp_path: Path, run_cli) -> None:
    body = BODY.replace("\tresp.Session.State().Set(\"topic\", \"tides\")\n",
                        "\tresp.Session.State().Set(\"topic\", \"tides\")\n\tuse(resp)\n")  # fmt: skip
    (tmp_path / "main.go").write_text(IMPORTS + body, encoding="utf-8")
    _, out, _ = run_cli(
        "lint", "--isolated", "--output-format", "concise", "--select", "TPL016", str(tmp_path / "main.go")
    )
    assert re.findall(r"TPL016 `(\w+)`", out) == ["seen"], out
