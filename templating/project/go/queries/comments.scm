; Every comment of a file: where a `// noqa` may be.
(comment) @comment
