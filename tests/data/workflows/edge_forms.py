"""Every edge form ADK 2.13 accepts, and the node kinds: chains with fan-out tuples, a route dict
with a tuple target and int keys, `DEFAULT_ROUTE`, a route list on an `Edge`, a dict in the
middle of a chain, `node(...)` with a name, a `FunctionTool` and an `AgentTool` as nodes, a `JoinNode` and a nested workflow. Every read here is written in time."""

from google.adk import Agent, Event, Workflow
from google.adk.tools import AgentTool, FunctionTool
from google.adk.workflow import DEFAULT_ROUTE, START, Edge, JoinNode, node
from scenario import MODEL, next_route


def begin():
    return Event(state={"topic": "tides"})


def left():
    return Event(state={"k_left": 1})


def right():
    return Event(state={"k_right": 1})


both = JoinNode(name="both")


def classify():
    return Event(route=next_route("classify", "long"))


def short_path():
    return Event(state={"length": "short"})


def long_path():
    return Event(state={"length": "long"})


def also_long():
    return Event(state={"length": "long"})


@node
def numbered():
    return Event(route=next_route("numbered", 1))


def fallback():
    return None


def ping() -> str:
    """Answer pong."""
    return "pong"


ping_tool = FunctionTool(ping)

helper = Agent(name="helper", model=MODEL, instruction="Help with {topic}.")

helper_tool = AgentTool(helper)

summarize = node(Agent(name="summarizer", model=MODEL, instruction="Summarize {topic}, {length}."), name="summarize")


def inner_step():
    return Event(state={"inner_done": True})


inner = Workflow(name="inner_flow", edges=[(START, inner_step)])

closing = Agent(name="closing", model=MODEL, instruction="{topic} {k_left} {k_right} {length} {inner_done}")

root = Workflow(
    name="edge_forms",
    edges=[
        ("START", begin, (left, right), both, classify),
        (classify, {"short": short_path, "long": (long_path, also_long)}),
        ((short_path, long_path, also_long), numbered),
        Edge(from_node=numbered, to_node=node(fallback, name="fallback"), route=DEFAULT_ROUTE),
        (numbered, {1: ping_tool, 2: helper_tool}),
        ((ping_tool, helper_tool), summarize),
        (summarize, inner, closing),
    ],
)

SCENARIOS = [{"classify": ["short"], "numbered": [1]}, {"classify": ["long"], "numbered": [2]}]

#: `numbered` runs once for `long_path` and once for `also_long` (both on route `long`).
SHAPES = {("TPL018", "numbered")}
