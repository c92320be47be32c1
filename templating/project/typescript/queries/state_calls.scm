; `x.state.set('k', v)`, `x.state.update({...})`, `ctx?.state.set(...)`.
(call_expression
  function: (member_expression
    object: (member_expression property: (property_identifier) @state)
    property: (property_identifier) @method)
  arguments: (arguments) @arguments
  (#eq? @state "state")
  (#any-of? @method "set" "update")) @call

; `state.set('k', v)` on a local `const state = context.state`.
(call_expression
  function: (member_expression
    object: (identifier) @state
    property: (property_identifier) @method)
  arguments: (arguments) @arguments
  (#eq? @state "state")
  (#any-of? @method "set" "update")) @call
