; `req.State = value`: code that fills in a session request's initial state.
(assignment_statement
  left: (expression_list
    (selector_expression
      operand: (identifier) @request
      field: (field_identifier) @field))
  right: (expression_list . (_) @value)
  (#eq? @field "State")) @assignment
