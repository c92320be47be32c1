; Line comments, where a `// noqa` may sit.
(line_comment) @comment
