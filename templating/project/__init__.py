"""The project model's layer: what an agent project holds, read statically, never imported.

It sits between the compiler core and the linter. Its front door is `reading`: paths (or one
file's unsaved text) in, per-file `Reading`s and the assembled `ProjectModel` out; lint,
the graph, ``render --explain`` and the language server all enter there. Each kind of file
(Python source, ADK Agent Config YAML, an evaluation's session, a skill's ``SKILL.md``,
prompt files) is one module
of `surfaces`, described by one frozen `Surface` record and listed in its registry; `files`
walks folders, `encoding` decodes, `python_source` and `yaml_source` find instructions (an
`Instruction` with the source offset of every character), helped by `literal`, `evaluate`
and `definitions`. The ADK words they look for live in `adk_vocabulary`.

The project model: each surface reads a file into picklable `FileFacts` (agents, state
writers found by `writers`, references to names of sibling modules); `assemble` resolves
them against each other into a `ProjectModel` (``writers_of``, ``written_keys``,
``agent_of``), `order` says which keys are written before each agent runs, and `graph`
draws it. Nothing here imports the linter, the command line or the server.
"""
