; IQAI's `AgentBuilder.create(...)` (or `.withModel(...)`...): the start of a builder chain.
(call_expression
  function: (member_expression
    object: (identifier) @builder
    property: (property_identifier) @method)
  (#eq? @builder "AgentBuilder")) @start
