; Every identifier (a name used or declared).
(identifier) @name
