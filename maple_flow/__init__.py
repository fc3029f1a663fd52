"""maple_flow."""
