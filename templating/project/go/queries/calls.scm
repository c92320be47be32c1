; Every call, with the expression it calls.
(call_expression function: (_) @function) @call
