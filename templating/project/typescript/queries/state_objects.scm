; `stateDelta: {...}` and `state: {...}` in an object: event actions and session seeds.
(pair
  key: (property_identifier) @field
  value: (_) @value
  (#any-of? @field "stateDelta" "state")) @pair
