"""The TypeScript surface's reader: one file's text in, `Found` out, sharing a run's caches."""

from __future__ import annotations

from pathlib import Path

from templating.project.model.instruction import SourceFile
from templating.project.python.python_source import ModuleCache
from templating.project.surfaces.surface import Found, Problem
from templating.project.typescript.modules import ScriptCache, load_script
from templating.project.typescript.reader import read_script

__all__ = ["read_source", "script_cache"]


def script_cache(modules: ModuleCache) -> ScriptCache:
    """The cache of parsed scripts that goes with a run's cache of Python modules."""
    cache = getattr(modules, "scripts", None)
    if cache is None:
        cache = ScriptCache(modules.display)
        modules.scripts = cache  # type: ignore[attr-defined]
    return cache


def read_source(source: SourceFile, path: Path, modules: ModuleCache) -> Found | Problem:
    """What the module ``source`` (at ``path``) gives: its agents' instructions and its facts."""
    cache = script_cache(modules)
    cache.looked_up.clear()
    key = modules.key(path)
    module = load_script(path, source.text, source.path)
    cache.modules[key] = module
    reading = read_script(module, key, cache)
    modules.looked_up.update(cache.looked_up - {key})
    return Found(reading.instructions, reading.facts)
