"""The project model's layer: what an agent project holds, read statically, never imported.

It sits between the compiler core and the linter: :mod:`~templating.project.files` picks the
files, :mod:`~templating.project.encoding` reads them, :mod:`~templating.project.python_source`
and :mod:`~templating.project.yaml_source` find instructions (an
:class:`~templating.project.instruction.Instruction` with the source offset of every
character), helped by :mod:`~templating.project.literal` (Python string literals) and
:mod:`~templating.project.modules` (imports between modules of one package).

The project model: :func:`~templating.project.agents.python_facts` and
:func:`~templating.project.yaml_agents.yaml_facts` read one file each into picklable
:class:`~templating.project.facts.FileFacts` (agents, state writers found by
:mod:`~templating.project.writers`, references to names of sibling modules);
:func:`~templating.project.model.assemble` resolves them against each other into a
:class:`~templating.project.model.ProjectModel` (``writers_of``, ``written_keys``,
``agent_of``), and :mod:`~templating.project.order` says which keys are written before each
agent runs. The linter, the graph and the language server stand on it; nothing here imports
them.
"""
