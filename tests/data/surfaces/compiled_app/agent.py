"""An agent whose instruction is a template compiled by this package, in the strict dialect."""

from google.adk import Agent
from scripted import MODEL

from templating import compile_template

GREETING = compile_template('Hello {user:profile.name}. Data: {"k": 1}. Order {order_id}.', dialect="strict")

root_agent = Agent(name="greeter", model=MODEL, instruction=GREETING)
