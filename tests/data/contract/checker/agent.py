"""An ADK 2.x workflow whose function nodes' parameters its `state_schema` refuses: building it
raises `StateSchemaError`."""

from google.adk import Context, Event, Workflow
from google.adk.workflow import node
from pydantic import BaseModel


class Tally(BaseModel):
    count: int = 0
    label: str = ""


def tally(ctx, count: int):
    return Event(state={"label": f"{count} items"})


def audit(context: Context, label: str):
    return None


def limits(ctx, limit: int = 3):
    return None


@node(parameter_binding="node_input")
def echo(text: str = ""):
    return text


root_agent = Workflow(name="checker", state_schema=Tally, edges=[("START", tally, audit, limits, echo)])
