"""Extraction of a JobSpec from plain words: a deterministic parser, offline and fast."""

from maple_flow.extract.request import HOW_TO_FILL, extract, extract_explained

__all__ = ["HOW_TO_FILL", "extract", "extract_explained"]
