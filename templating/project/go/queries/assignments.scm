; Every statement that binds names: `x := v`, `x = v`, `var x = v`.
[
  (short_var_declaration)
  (assignment_statement)
  (var_spec)
] @assignment
