"""The instructions of the dozen, as a project keeps them: in a module of their own."""

ROOT = """You are the front desk of {company}.
Greet {user_name} and send them to the right desk."""

POLICY = "Refunds within 30 days. Never promise a date. Keep {braces} as written."

DRAFT = "Draft an answer about {topic} for {user_name}; their orders: {items}."
