"""How much text static evaluation may build for one file, and for how long.

The evaluator follows names a bounded number of levels, but a few levels can build a great
deal of text: ``R1 = R0.replace("a", R0)`` squares a text's length, and a 400-byte module of
such lines asks for gigabytes. So every text the evaluator builds is paid for from a budget of
characters, and the evaluation of a file stops after a time limit; past either, the text is a
*hole* (a value known only at run time), never an error. One hostile file then costs the run
at most its budget, and the files beside it (which the project rules read) lint as fast as ever.

Every front end spends from the same budget, on what it builds: a concatenation, a template's
substitutions, a format's arguments spliced in, never the literals it reads from the source (the
file's size bounds those). The Python evaluator pays with `afford` and asks `is_spent` (time
counts too); the tree-sitter evaluators pay with `pay`, which charges each step `STEP` more
characters, and ask `is_exhausted`, so that their bound is counted in steps, not in the seconds
of a reading that walks agents as it evaluates. An evaluator asks before it follows a name, so
that once the budget is gone each further name costs one question: constants that repeat the one
before sixty times over four levels (a kilobyte asking for 13 billion characters) end in a hole.

The front door opens one budget per file (`file_budget`); an evaluation outside one opens its own
(`evaluation_budget`).
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import Iterator

__all__ = [
    "BUDGET_REASON",
    "CHARACTERS",
    "SECONDS",
    "STEP",
    "Budget",
    "afford",
    "current_budget",
    "evaluation_budget",
    "file_budget",
    "is_exhausted",
    "is_spent",
    "pay",
]  # fmt: skip

#: The characters static evaluation may build for one file (every intermediate text counts).
CHARACTERS = 1_000_000
#: The time static evaluation may take for one file, in seconds: a backstop for work that
#: builds little text (branches of branches), never reached by a file of real instructions.
SECONDS = 2.0
#: What one step of a tree-sitter evaluator costs, in characters (see `pay`): at most some
#: 30,000 steps a file, about a second of the slowest front end's name look-ups.
STEP = 32
#: Why a text past the budget is a hole, as TPL010 says it.
BUDGET_REASON = f"the linter builds at most {CHARACTERS:,} characters of text per file, and this exceeds it"


class Budget:
    """What is left to spend: characters, and time until the deadline. The clock starts at
    the first question asked of it, when evaluation starts: parsing a large file first (a
    30 MB module takes seconds) is not the evaluation's time."""

    __slots__ = ("characters", "deadline", "seconds")

    def __init__(self, characters: int = CHARACTERS, seconds: float = SECONDS) -> None:
        self.characters = characters
        self.seconds = seconds
        self.deadline: float | None = None

    def afford(self, count: int) -> bool:
        """Spend ``count`` characters if they are left and time is; say whether they were.
        A text refused leaves the rest to spend: smaller texts after it are still built."""
        if count > self.characters or self.is_spent():
            return False
        self.characters -= count
        return True

    def is_spent(self) -> bool:
        """Whether nothing more may be evaluated: no characters or no time left."""
        if self.deadline is None:
            self.deadline = time.monotonic() + self.seconds
        return self.characters <= 0 or time.monotonic() > self.deadline


_CURRENT: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("templating_budget", default=None)


def current_budget() -> Budget | None:
    """The budget of the file being evaluated, if one is open."""
    return _CURRENT.get()


@contextlib.contextmanager
def file_budget(characters: int = CHARACTERS, seconds: float = SECONDS) -> Iterator[Budget]:
    """Open a budget for the evaluations of one file; they all spend from it."""
    budget = Budget(characters, seconds)
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def afford(count: int) -> bool:
    """Spend ``count`` built characters from the budget of the file being evaluated; ``True``
    when none is open."""
    budget = _CURRENT.get()
    return budget is None or budget.afford(count)


def is_spent() -> bool:
    """Whether the budget of the file being evaluated is spent (never, when none is open)."""
    budget = _CURRENT.get()
    return budget is not None and budget.is_spent()


def pay(count: int) -> bool:
    """Spend ``count`` built characters and `STEP` for the step that built them, refused or not,
    from the budget of the file being evaluated (``True`` when none is open): the bound of the
    tree-sitter evaluators, counted in steps rather than seconds. They evaluate as they walk a
    file's agents, so the time of the whole reading (3,000 nested agents take seconds) is not
    the evaluation's; and a step that builds nothing (a chain of empty strings) still costs something."""
    budget = _CURRENT.get()
    if budget is None:
        return True
    if count + STEP > budget.characters:
        budget.characters -= STEP
        return False
    budget.characters -= count + STEP
    return True


def is_exhausted() -> bool:
    """Whether the characters and steps of the file being evaluated are spent (see `pay`)."""
    budget = _CURRENT.get()
    return budget is not None and budget.characters <= 0


@contextlib.contextmanager
def evaluation_budget() -> Iterator[Budget]:
    """The budget of the file being evaluated, or a budget of this evaluation's own when none
    is open (an evaluator called outside the front door)."""
    budget = _CURRENT.get()
    if budget is not None:
        yield budget
        return
    with file_budget() as budget:
        yield budget
