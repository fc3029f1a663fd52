"""maple_flow's version (one place; the package __init__ and render.py read it)."""

__version__ = "0.1.0"
