"""Seeds: `create_session(state=...)` (which drops `temp:` keys) and
`run_async(state_delta=...)`; the agent reads them."""

from google.adk import Agent, Workflow
from scenario import MODEL

reader = Agent(
    name="reader",
    model=MODEL,
    instruction="{seeded} {delta} {temp:dropped} {temp:kept}",
)

root = Workflow(name="seeds", edges=[("START", reader)])


async def start(runner, message):
    session = await runner.session_service.create_session(
        app_name="oracle", user_id="user", state={"seeded": 1, "temp:dropped": 1}
    )
    events = runner.run_async(
        user_id="user",
        session_id=session.id,
        new_message=message,
        state_delta={"delta": 1, "temp:kept": 1},
    )
    async for _ in events:
        pass
