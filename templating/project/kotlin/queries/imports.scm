; The names a file imports.
(import (qualified_identifier) @import)
