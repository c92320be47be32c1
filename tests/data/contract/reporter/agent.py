"""An ADK 2.x workflow whose agents read structured values: a model's dict, a list, a dict
written in code (rendered as Python's repr), and the text and JSON that are safe."""

from google.adk import Agent, Workflow
from pydantic import BaseModel
from contract_scripted import model

from templating import compile_template


class Report(BaseModel):
    headline: str
    score: int


def load_prefs(ctx):
    ctx.state["prefs"] = {"seat": "aisle", "vegetarian": True}
    ctx.state["note"] = "keep it short"


analyst = Agent(
    name="analyst",
    model=model("analyst", '{"headline": "Sales up", "score": 7}'),
    instruction="Analyse {topic}.",
    output_schema=Report,
    output_key="report",
)
tagger = Agent(
    name="tagger",
    model=model("tagger", '["sales", "q3"]'),
    instruction="Tag {topic}.",
    output_schema=list[str],
    output_key="tags",
)
titler = Agent(
    name="titler",
    model=model("titler", '"Quarterly sales"'),
    instruction="Title {topic}.",
    output_schema=str,
    output_key="title",
)
writer = Agent(
    name="writer",
    model=model("writer"),
    instruction="Write up {report} tagged {tags} as {title}, for {prefs}. {note}",
)
json_writer = Agent(
    name="json_writer",
    model=model("json_writer"),
    instruction=compile_template("Write up {report|json} tagged {tags} for {prefs}.", dialect="strict"),
)

root_agent = Workflow(
    name="reporter", edges=[("START", load_prefs, analyst, tagger, titler, writer, json_writer)]
)
