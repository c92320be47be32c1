"""``templating server``: a language server for the instructions of LLM agents.

It speaks the Language Server Protocol over stdio with pygls (the optional ``server`` extra),
so nothing here is imported by ``import templating`` or ``templating lint``. Modules:

- `workspace`: what the server asks of the project (findings of a
  buffer, the instructions in it, the writers of a state key), the one seam where the
  project model plugs in;
- `positions`: offsets, lines and columns, and the placeholder or
  brace under the cursor;
- `diagnostics`, `actions`,
  `navigation`: findings as diagnostics, code actions, and hover,
  definition and completion, as plain lsprotocol values;
- `app`: the pygls server, its handlers, debouncing and the guard
  that keeps one failing handler from taking the server down.
"""
