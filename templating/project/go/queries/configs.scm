; A composite literal of a type from another package (`llmagent.Config{...}`): the candidates
; for agent configs, session requests and event actions.
(composite_literal
  type: (qualified_type
    package: (package_identifier) @package
    name: (type_identifier) @type)
  body: (literal_value) @body) @literal
