"""The language-neutral project model: the records every front end emits (instructions,
facts, workflows) and what rules ask of them (assembly, order, paths, graphs).

It imports no front end, no surface and no reading code.
"""
