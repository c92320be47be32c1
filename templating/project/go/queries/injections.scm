; `instructionutil.InjectSessionState(ctx, template)`: a template a provider injects itself.
(call_expression
  function: (selector_expression
    operand: (identifier) @package
    field: (field_identifier) @function)
  arguments: (argument_list (_) . (_) @template .)
  (#eq? @function "InjectSessionState")) @inject
