from google.adk.agents.callback_context import CallbackContext


def remember_plan(callback_context: CallbackContext):
    callback_context.state["plan"] = "pro"
    return None
