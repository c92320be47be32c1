; `Name: value` in a composite literal whose keys are plain names (a struct's fields).
(keyed_element
  .
  (literal_element (identifier) @key)
  .
  (literal_element (_) @value))
