from google.adk.tools import ToolContext


def lookup_ticket(tool_context: ToolContext) -> dict:
    """Find the customer's open ticket."""
    tool_context.state["ticket"] = "T-42"
    return {"ticket": "T-42"}


def find_invoice(tool_context: ToolContext) -> dict:
    """Find the customer's last invoice."""
    tool_context.state["invoice"] = "INV-7"
    return {"invoice": "INV-7"}
