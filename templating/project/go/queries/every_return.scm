; Every return statement.
(return_statement) @return
