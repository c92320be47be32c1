; A return of a name first (`return agent, nil`): what a factory function returns.
(return_statement (expression_list . (identifier) @value)) @return
