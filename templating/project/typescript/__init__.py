"""The TypeScript/JavaScript front end: adk-js (``@google/adk``) and IQAI's ADK-TS (``@iqai/adk``).

`templating.project.typescript.reader.read_typescript` reads one file: the agents it builds,
their instructions (in the port's dialect) and the state its code writes. tree-sitter and its
grammars are imported only when a file of these languages is read.
"""
