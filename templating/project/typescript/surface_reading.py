"""The TypeScript surface's reader: one file's text in, `Found` out, sharing a run's caches."""

from __future__ import annotations

from pathlib import Path

from templating.project.frontend import Found, Problem
from templating.project.model.instruction import SourceFile
from templating.project.sources import SourceCache
from templating.project.typescript.modules import ScriptCache, load_script
from templating.project.typescript.reader import read_script

__all__ = ["read_source"]


def read_source(source: SourceFile, path: Path, sources: SourceCache) -> Found | Problem:
    """What the module ``source`` (at ``path``) gives: its agents' instructions, its facts and
    the dialect of the port it imports."""
    cache = ScriptCache(sources)
    key = sources.key(path)
    module = load_script(path, source.text, source.path)
    cache.modules[key] = module
    reading = read_script(module, key, cache)
    sources.looked_up.update(cache.looked_up - {key})
    return Found(reading.instructions, reading.facts, reading.port)
