"""Function-node parameters are read from state: `k_in` is written before, `k_missing` by
nobody, `k_later` only after; `optional` has a default."""

from google.adk import Event, Workflow
from google.adk.workflow import node


def first():
    return Event(state={"k_in": 1})


def use(ctx, node_input, k_in, k_missing, k_later, optional=None):
    return "used"


def last():
    return Event(state={"k_later": 1})


@node(parameter_binding="node_input")
def from_input(k_missing):
    return "fine"


root = Workflow(name="parameters", edges=[("START", first, use, last)])
