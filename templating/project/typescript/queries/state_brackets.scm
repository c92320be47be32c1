; `x.state['k'] = v` and `x.actions.stateDelta['k'] = v`.
(assignment_expression
  left: (subscript_expression
    object: (member_expression property: (property_identifier) @field)
    index: (_) @key)
  (#any-of? @field "state" "stateDelta")) @assignment
