"""Prompts of the planner agent (a lint fixture: positions are pinned by tests)."""

PLANNER_INSTR = """You plan trips for {user:name}.
Reply with {{ "days": [] }} and the {{itinerary}}.
Budget: ${budget}, home: {user.home_city}.
```js
if (ok) { return }
```
"""

UNUSED = "Never passed to an agent: {{ignored}}"

JSON_HINT = '{"city": {city}}'
