import asyncio

from google.adk.runners import InMemoryRunner
from google.genai import types

from help_desk.agent import root_agent

APP = "help_desk"

runner = InMemoryRunner(agent=root_agent, app_name=APP)


async def main() -> None:
    session = await runner.session_service.create_session(app_name=APP, user_id="user", state={"customer": "Lin"})
    message = types.Content(role="user", parts=[types.Part.from_text(text="My order is late")])
    async for event in runner.run_async(user_id="user", session_id=session.id, new_message=message):
        print(event.author, event.content)


if __name__ == "__main__":
    asyncio.run(main())
