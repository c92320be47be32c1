; `ctx.State().Set(key, value)`: a write through a context's state.
(call_expression
  function: (selector_expression
    operand: (call_expression
      function: (selector_expression
        operand: (_) @context
        field: (field_identifier) @state)
      arguments: (argument_list))
    field: (field_identifier) @set)
  arguments: (argument_list . (_) @key)
  (#eq? @state "State")
  (#eq? @set "Set")) @call

; `ev.Actions.StateDelta[key] = value`: a write into an event's state delta.
(assignment_statement
  left: (expression_list
    (index_expression
      operand: (selector_expression field: (field_identifier) @delta)
      index: (_) @key))
  (#eq? @delta "StateDelta")) @assignment

; `state.Set(key, value)`: a write through a local that may hold `ctx.State()`.
(call_expression
  function: (selector_expression
    operand: (identifier) @alias
    field: (field_identifier) @set)
  arguments: (argument_list . (_) @key)
  (#eq? @set "Set")) @aliased
