"""maple_flow."""
__version__ = "0.1.0"
