# Stands in for the code that writes `plan`: the fake project model points at line 3.

planner = "output_key='plan'"
