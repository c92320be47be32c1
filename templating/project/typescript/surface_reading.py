"""The TypeScript surface's reader: one file's text in, `Found` out, sharing a run's caches."""

from __future__ import annotations

from pathlib import Path

from templating.project.frontend import Found, Problem
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache
from templating.project.typescript.modules import ScriptCache, load_script
from templating.project.typescript.reader import read_script
from templating.project.typescript.vocabulary import is_script

__all__ = ["lent_instructions", "read_source"]


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


#: A folder with more script files than this is not searched for a module's borrowers.
_MAX_SIBLINGS = 50


def lent_instructions(path: Path, text: str, sources: SourceCache) -> list[Instruction]:
    """The instructions the module at ``path`` (its text ``text``, an editor's buffer perhaps)
    lends to the agent modules beside it that import it: a prompts module has none of its own."""
    cache = ScriptCache(sources)
    display = sources.display(path)
    cache.modules[sources.key(path)] = load_script(path, text, display)
    # Listed once per run (`SourceCache.listing`): `--add-noqa` asks this of every file it edits.
    names = sources.listing(path.parent)
    siblings = [path.parent / name for name in names if name != path.name and surface_claims(Path(name))]
    if len(siblings) > _MAX_SIBLINGS:
        return []
    found: list[Instruction] = []
    for sibling in siblings:
        module = cache.load(sibling)
        if module is None or path.stem not in module.source.text:
            continue
        reading = read_script(module, sources.key(sibling), cache)
        found.extend(instruction for instruction in reading.instructions if instruction.source.path == display)
    return found


def surface_claims(path: Path) -> bool:
    """Whether the TypeScript surface reads the file at ``path``."""
    return is_script(path.name)
