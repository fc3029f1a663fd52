"""GPU sharing by triples: many small independent tasks per GPU in one job (``job``), its
verification on the target (``verify``) and the report (``report``)."""
