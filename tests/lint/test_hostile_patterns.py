"""Every regular expression of `templating` against adversarial text at growing sizes: the
time must grow linearly (judged by the ratio of times at two sizes, never by an absolute
time), so no pattern backtracks super-linearly on what a user writes. The patterns run in a
child process with a time limit: an exponential one fails the test at the bound."""

import subprocess
import sys

from tests.bounded import ROOT

_PROBE = r"""
import importlib, pkgutil, re, sys, time
import templating

patterns = {}
for info in pkgutil.walk_packages(templating.__path__, "templating."):
    if info.name.endswith("__main__"):
        continue
    module = importlib.import_module(info.name)
    for name, value in vars(module).items():
        if isinstance(value, re.Pattern):
            patterns[f"{info.name}.{name}"] = value
        elif isinstance(value, str) and name.endswith("PATTERN"):
            patterns[f"{info.name}.{name}"] = re.compile(value)
    for name, value in vars(module).items():  # a dialect's placeholder pattern
        if isinstance(getattr(value, "pattern", None), str) and not isinstance(value, re.Pattern):
            patterns[f"{info.name}.{name}.pattern"] = re.compile(value.pattern)
assert len(patterns) > 25, sorted(patterns)

ALPHABET = "{}.a :[]-?\\$#/*\"'\n\t<>%_0("

def shapes(size):
    for c in ALPHABET:
        yield c * size
        yield (c + "a") * (size // 2)
        yield "{a" + c * size + "#}"
        yield "a" + c * size + "#"
        yield "{{" + (c + " ") * (size // 2)

def cost(pattern, size):
    encode = isinstance(pattern.pattern, bytes)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        for text in shapes(size):
            text = text.encode() if encode else text
            pattern.search(text)
            pattern.match(text)
            pattern.fullmatch(text)
        spent = time.perf_counter() - start
        best = spent if best is None else min(best, spent)
    return best

slow = []
for name, pattern in sorted(patterns.items()):
    small, large = cost(pattern, 2_000), cost(pattern, 16_000)
    # Linear: about 8 times; quadratic: 64. Below 50 milliseconds, timing is noise.
    if large > 0.05 and large > 32 * small:
        slow.append(f"{name}: {small:.4f}s -> {large:.4f}s")
print(len(patterns))
print("\n".join(slow))
"""


def test_hostile_every_pattern_is_linear_in_its_input() -> None:
    completed = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    count, *slow = completed.stdout.strip().splitlines()
    assert int(count) > 25
    assert slow == [], slow


def test_hostile_strict_placeholder_of_dots_is_linted_at_once(tmp_path) -> None:
    # `{a.<30 dots>#}` doubled the strict did-you-mean's time per dot (hours at 30).
    from tests.bounded import run_templating

    (tmp_path / "pyproject.toml").write_text('[tool.templating]\ndialect = "strict"\n', encoding="utf-8")
    (tmp_path / "p.prompt").write_text("{a" + "." * 30 + "#}\n" + "{b" + "." * 5_000 + "#}\n", encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "p.prompt"], tmp_path, seconds=20)
    assert outcome.returncode in (0, 1), outcome.stderr
    assert "checked" in outcome.stdout
