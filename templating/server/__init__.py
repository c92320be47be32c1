"""``templating server``: a language server for the instructions of LLM agents.

It speaks the Language Server Protocol over stdio with pygls (the optional ``server`` extra),
so nothing here is imported by ``import templating`` or ``templating lint``. Modules:

- `protocol` and `documents`: JSON-RPC that answers every bad message with its error, and
  the open documents, with lines and positions as LSP counts them;
- `workspace` and `project`: what the server asks of the project (findings of a buffer, the
  instructions in it, the writers of a state key), read through the project's front door with
  the open buffers standing in for their files;
- `configuration`: the editor's settings (dialect, target ports, select, ignore) over
  ``[tool.templating]``;
- `positions`, `diagnostics`, `actions`, `navigation`, `preview`, `preview_request`: the
  placeholder under the cursor, findings as diagnostics, code actions, hover, definition,
  completion and the instruction preview (``templating/preview``) with the rest of the agent's
  request, as plain lsprotocol values and JSON;
- `language_server`, `app`, `requests`: the pygls server and its state, the document
  handlers with their adaptive pause, and the request handlers, each behind a guard that
  keeps one failing handler from taking the server down.
"""
