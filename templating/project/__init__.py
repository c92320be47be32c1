"""The project model's layer: what an agent project holds, read statically, never imported.

It sits between the compiler core and the linter: `files` picks the
files, `encoding` reads them, `python_source`
and `yaml_source` find instructions (an
`Instruction` with the source offset of every
character), helped by `literal` (Python string literals) and
`modules` (imports between modules of one package).

The project model: `python_facts`,
`yaml_facts` and `session_facts` (an evaluation's ``initial.session.json``) read one file
each into picklable
`FileFacts` (agents, state writers found by
`writers`, references to names of sibling modules);
`assemble` resolves them against each other into a
`ProjectModel` (``writers_of``, ``written_keys``,
``agent_of``), and `order` says which keys are written before each
agent runs. The linter, the graph and the language server stand on it; nothing here imports
them.
"""
