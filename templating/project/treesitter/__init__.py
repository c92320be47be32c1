"""What the tree-sitter front ends share: parsing and queries.

`parsing` loads a grammar the first time a file of its language is read (a project with no Go
file never imports the Go grammar) and turns tree-sitter's UTF-8 byte offsets into the
character offsets the model counts in. `queries` reads a front end's ``queries/*.scm`` files
from package data and is the one module that runs a query through the binding.
"""
