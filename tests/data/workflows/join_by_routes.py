"""Gates that choose their own route to a join: the router may take both topics (a list of
routes); each gate routes to the join only when both run, else straight to the summary. The
join waits for a pair that fires together, and the summary runs once: no TPL018, no TPL019."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import JoinNode
from scenario import MODEL, next_route


def router(ctx):
    topics = next_route("router", "W").split("+")
    ctx.state["topics"] = topics
    return Event(route=topics)


def weather_gate(ctx):
    ctx.state["weather"] = "sunny"
    return Event(route="JOIN" if len(ctx.state["topics"]) > 1 else "DIRECT")


def flight_gate(ctx):
    ctx.state["flight"] = "LH123"
    return Event(route="JOIN" if len(ctx.state["topics"]) > 1 else "DIRECT")


join = JoinNode(name="join")

summary = Agent(name="summary", model=MODEL, instruction="{weather?} {flight?} for {topics}")

root = Workflow(
    name="join_by_routes",
    edges=[
        ("START", router, {"W": weather_gate, "F": flight_gate}),
        (weather_gate, {"JOIN": join, "DIRECT": summary}),
        (flight_gate, {"JOIN": join, "DIRECT": summary}),
        (join, summary),
    ],
)

SCENARIOS = [{"router": ["W"]}, {"router": ["F"]}, {"router": ["W+F"]}]
