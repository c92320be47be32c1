"""Values known only at run time whose kind cannot hold a `{name}` (issue 37): an index from
`enumerate(..., start=1)`, `int(...)`, a word count, a slug a function reduces to
`[a-z0-9-]`, a path built from it and the working folder, a number formatted as one, a
comparison, an enum's values. Built from hostile input (every text holds braces), ADK finds
no placeholder in any of them; the one parameter taken as is, `query`, becomes one."""

import os
import re
from enum import Enum
from pathlib import Path

from google.adk.agents import LlmAgent


class Category(str, Enum):
    DINING = "dining"
    TRAVEL = "travel"


BONUS = ", ".join(c.value for c in Category)


def _slug(text):
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-")


def build(topics, query, title):
    numbered = "\n".join(f"{i}. step" for i, _ in enumerate(topics, start=1))
    words = len(title.split())
    slug = _slug(title)
    out = Path(os.getcwd()) / "out" / slug
    count = 0
    for i, topic in enumerate(topics, start=1):
        count = int(topic.count("{"))
    return LlmAgent(
        name="kinds",
        instruction=(
            f"Pick from {{{BONUS}}}.\n{numbered}\nWords: {words}. Slug: {slug}. Dir: {out}. Cwd: {Path.cwd()}.\n"
            f"Index {i} of {count}; half {words / 2:.1f}; long {words > 3}; mode {Category.DINING.value}.\n"
            f"Query: {query}"
        ),
    )


root_agent = build(["{topic}", "{other}"], "{evil}", "{bad} title {worse}")
