"""Workflows at scale: batch porting of many scripts to many clusters and the revalidation of
every template (``scale``), with the batch folder and its log."""
