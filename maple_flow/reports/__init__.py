"""Readable reports: Markdown and HTML renderings of verification results."""
