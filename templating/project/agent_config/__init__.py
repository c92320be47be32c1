"""The ADK Agent Config front end: reads YAML agent configs into instructions and facts."""
