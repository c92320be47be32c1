"""The Kotlin front end: adk-kotlin (and Kotlin on adk-java) programs read with tree-sitter-kotlin.

`reader.read_kotlin` turns one ``.kt``/``.kts`` file that imports an ADK port into
instructions and `FileFacts`; `evaluate` turns an instruction expression into text with exact
positions (string templates included, which the grammar misreads); `vocabulary` holds the
port's words.
"""
