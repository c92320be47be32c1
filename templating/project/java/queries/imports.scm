; The package a file declares and the names it imports.
(package_declaration (_) @package)
(import_declaration (_) @import)
