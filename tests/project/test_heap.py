"""`give_back_free_memory` hands the C library's free heap back to the system: after many
medium blocks are freed, glibc keeps them resident until it is called."""

import sys
from pathlib import Path

import pytest

from templating.project.heap import _malloc_trim
from tests.bounded import run_python

CODE = """
def resident():
    return int(open("/proc/self/statm").read().split()[1]) * 4096 // 2**20

from templating.project.heap import give_back_free_memory
blocks = [bytes(2_000) + bytes([i % 256]) for i in range(50_000)]  # 100 MB, each below mmap's size
kept = blocks[-1:]  # the heap's top stays in use: only a trim can hand back what is below it
del blocks
before = resident()
give_back_free_memory()
print(before, resident())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or _malloc_trim() is None, reason="glibc's malloc_trim")
def test_freed_heap_memory_is_handed_back(tmp_path: Path) -> None:
    outcome = run_python(CODE, tmp_path)
    assert outcome.returncode == 0, outcome.stderr
    before, after = map(int, outcome.stdout.split())
    assert before - after >= 80, (before, after)


def test_without_the_call_it_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from templating.project import heap

    monkeypatch.setattr(heap, "_malloc_trim", lambda: None)
    heap.give_back_free_memory()  # no C library call to make: returns quietly
