// Analysis agent typically doesn't need external tools as it synthesizes
// data provided by research agents. If specific analysis tools are needed
// in the future, they can be added here.
