"""The size-bounded memo the parser, the literal decoder and the checks remember results in."""

from templating.memo import Memo


def _remember(memo: Memo, key: str, weight: int, calls: list[str]) -> str:
    def compute() -> str:
        calls.append(key)
        return key.upper()

    return memo.get(key, compute, lambda value: weight)


def test_memo_remembers_until_the_total_weight_passes_its_bound():
    memo: Memo[str] = Memo(100)
    calls: list[str] = []
    for key in ("a", "b", "c"):
        assert _remember(memo, key, 10, calls) == key.upper()
    assert _remember(memo, "a", 10, calls) == "A" and calls == ["a", "b", "c"]
    for index in range(10):  # 100 more: the oldest are forgotten first, the latest read kept longest
        _remember(memo, f"k{index}", 10, calls)
    calls.clear()
    _remember(memo, "b", 10, calls)
    _remember(memo, "k9", 10, calls)
    assert calls == ["b"]


def test_memo_never_remembers_a_value_heavier_than_a_tenth_of_its_bound():
    memo: Memo[str] = Memo(100)
    calls: list[str] = []
    _remember(memo, "big", 11, calls)
    _remember(memo, "big", 11, calls)
    assert calls == ["big", "big"]


def test_memo_forgets_the_oldest_past_its_count_of_entries_however_light():
    # A lint run over thousands of files reads each small instruction once: a memo held by
    # weight alone would keep every parsed template alive to the end of the run.
    memo: Memo[str] = Memo(1_000_000, entries=3)
    calls: list[str] = []
    for key in ("a", "b", "c", "d"):
        _remember(memo, key, 1, calls)
    calls.clear()
    for key in ("b", "c", "d", "a"):
        _remember(memo, key, 1, calls)
    assert calls == ["a"]
    assert len(memo) == 3
