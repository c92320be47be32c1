"""The Go front end: adk-go programs read on the shared tree-sitter layer.

`reader.read_go` is what the ``go`` surface calls. A ``.go`` file is agent code only when it
imports a ``google.golang.org/adk`` package; the Go grammar is imported the first time such a
file is read.
"""
