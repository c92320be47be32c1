; Each import of the file: its alias, if any, and its path.
(import_spec
  name: (_)? @alias
  path: (interpreted_string_literal) @path)
