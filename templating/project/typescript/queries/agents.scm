; `new LlmAgent({...})` and the other agent classes of both ports.
(new_expression
  constructor: (identifier) @class
  arguments: (arguments) @arguments) @agent
