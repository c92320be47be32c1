"""Every regular expression of `templating` against adversarial text at growing sizes: the
time must grow linearly (judged by the ratio of times at two sizes, never by an absolute
time), so no pattern backtracks super-linearly on what a user writes. The patterns are the
module-level ones, those held by module-level records (a surface's hints) and every pattern
templating's code compiles while it lints and graphs the examples (inline ones, per-comment
noqa patterns); the text is made from each pattern's own syntax (`pattern_attacks`). They run
in a child process with a time limit: an exponential one fails the test at the bound."""

import subprocess
import sys

from tests.bounded import ROOT

_PROBE = r"""
import contextlib, importlib, io, pkgutil, re, sys, time

# Every pattern templating's own code compiles as it runs (inline `re.search(...)`, the
# comment-specific noqa patterns, a dialect's), recorded by who compiled it.
compiled_here = {}
original = re._compile
def recording(pattern, flags):
    result = original(pattern, flags)
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").startswith("re"):
        frame = frame.f_back
    if frame is not None and frame.f_globals.get("__name__", "").startswith("templating"):
        compiled_here.setdefault(result, f"{frame.f_globals['__name__']}:{frame.f_lineno} {result.pattern!r}"[:160])
    return result
re._compile = recording

import templating
from tests.lint.pattern_attacks import attacks

patterns = {}
def take(name, value, depth=0):
    if isinstance(value, re.Pattern):
        patterns.setdefault(value, name)
    elif depth < 2 and isinstance(value, (tuple, list, frozenset, set, dict)) and len(value) < 200:
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            take(f"{name}[{key!r}]", item, depth + 1)
    elif depth < 2 and hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        for field in value.__dataclass_fields__:
            take(f"{name}.{field}", getattr(value, field, None), depth + 1)

for info in pkgutil.walk_packages(templating.__path__, "templating."):
    if info.name.endswith("__main__"):
        continue
    module = importlib.import_module(info.name)
    for name, value in vars(module).items():
        take(f"{info.name}.{name}", value)
        if isinstance(value, str) and name.endswith("PATTERN"):
            take(f"{info.name}.{name}", re.compile(value))
from templating.dialects import DIALECT_NAMES, get_dialect
for dialect in DIALECT_NAMES:
    take(f"the {dialect} dialect's group pattern", get_dialect(dialect).group_pattern)
from templating.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    for args in (["lint", "--no-cache", "examples", "tests/data"], ["graph", "examples"]):
        try:
            main(args)
        except SystemExit:
            pass
for pattern, name in compiled_here.items():
    take(name, pattern)
assert len(patterns) > 50, sorted(patterns.values())

def cost(pattern, text, repeat=1):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        pattern.search(text); pattern.match(text); pattern.fullmatch(text)
        spent = time.perf_counter() - start
        best = spent if best is None else min(best, spent)
    return best

def text_of(pattern, attack, size):
    prefix, pump, suffix = attack
    text = prefix + pump * max(1, size // len(pump)) + suffix
    return text.encode("utf-8", "replace") if isinstance(pattern.pattern, bytes) else text

slow = []
for pattern, name in sorted(patterns.items(), key=lambda item: item[1]):
    scored = []
    for attack in attacks(pattern):
        small = cost(pattern, text_of(pattern, attack, 14))
        if small > 0.001:  # microseconds if linear or quadratic: confirmed (best of 3) as it grows
            small = cost(pattern, text_of(pattern, attack, 14), 3)
            if small > 0.001 and cost(pattern, text_of(pattern, attack, 20), 3) > 10 * small:
                slow.append(f"{name}: exponential on {attack!r}")
                break
        scored.append((cost(pattern, text_of(pattern, attack, 200)), attack))
    scored.sort(reverse=True)
    for _, attack in scored[:3]:  # the slowest at 200 characters, measured at two sizes
        small = cost(pattern, text_of(pattern, attack, 2_000), 3)
        if small < 0.002:  # linear at this size takes microseconds; quadratic, milliseconds
            continue
        large = cost(pattern, text_of(pattern, attack, 16_000), 2)
        # Linear: about 8 times; quadratic: 64. Below 20 milliseconds, timing is noise.
        if large > 0.02 and large > 32 * small:
            slow.append(f"{name}: {small:.4f}s -> {large:.4f}s on {attack!r}")
            break
print(len(patterns))
print("\n".join(slow))
"""


def test_hostile_every_pattern_is_linear_in_its_input() -> None:
    completed = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    count, *slow = completed.stdout.strip().splitlines()
    assert int(count) > 50
    assert slow == [], slow


def test_hostile_strict_placeholder_of_dots_is_linted_at_once(tmp_path) -> None:
    # `{a.<30 dots>#}` doubled the strict did-you-mean's time per dot (hours at 30).
    from tests.bounded import run_templating

    (tmp_path / "pyproject.toml").write_text('[tool.templating]\ndialect = "strict"\n', encoding="utf-8")
    (tmp_path / "p.prompt").write_text("{a" + "." * 30 + "#}\n" + "{b" + "." * 5_000 + "#}\n", encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "p.prompt"], tmp_path, seconds=20)
    assert outcome.returncode in (0, 1), outcome.stderr
    assert "checked" in outcome.stdout
