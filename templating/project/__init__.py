"""The project model's layer: what an agent project holds, read statically, never imported.

It sits between the compiler core and the linter: :mod:`~templating.project.files` picks the
files, :mod:`~templating.project.encoding` reads them, :mod:`~templating.project.python_source`
and :mod:`~templating.project.yaml_source` find instructions (an
:class:`~templating.project.instruction.Instruction` with the source offset of every
character), helped by :mod:`~templating.project.literal` (Python string literals) and
:mod:`~templating.project.modules` (imports between modules of one package). The linter, the
graph and the language server stand on it; nothing here imports them.
"""
