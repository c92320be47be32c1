"""Function tools: a tool next to an output schema brings google-adk's set_model_response paragraph."""


def look_up(order_id: str) -> dict:
    """Look an order up."""
    return {"order": order_id, "status": "shipped"}


def track(parcel: str) -> dict:
    """Track a parcel."""
    return {"parcel": parcel, "where": "depot"}
