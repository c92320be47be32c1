"""The Java front end: adk-java (and Java on adk-kotlin) programs read with tree-sitter-java.

`reader.read_java` turns one ``.java`` file that imports an ADK port into instructions and
`FileFacts`; `evaluate` turns an instruction expression into text with exact positions;
`vocabulary` holds the port's words.
"""
