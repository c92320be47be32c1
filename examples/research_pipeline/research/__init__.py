"""A research pipeline: a researcher, then a critic and a reviser in a loop."""
