"""Porting a working job script to other clusters: read the source, fit the job to the target,
carry the user's lines, apply the site's rules (``api.port`` is the entry point)."""
