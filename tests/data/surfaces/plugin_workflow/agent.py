"""A GlobalInstructionPlugin on an App whose root is a graph workflow: every agent node reads it."""

from google.adk import Agent, Event, Workflow
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin
from scripted import MODEL


def save_customer(node_input):
    return Event(state={"customer": "ACME"})


greet = Agent(name="greet", model=MODEL, instruction="Greet.")
thank = Agent(name="thank", model=MODEL, instruction="Thank.")

root_agent = Workflow(name="flow", edges=[("START", greet, save_customer, thank)])
app = App(name="plugin_workflow", root_agent=root_agent, plugins=[GlobalInstructionPlugin("You serve {customer}.")])
