"""Scheduler job states shared by the twin and the verification jobs."""

from __future__ import annotations

#: Slurm states after which a job no longer runs (the twin's PBS jobs are Slurm jobs too).
FINAL_STATES = frozenset({"COMPLETED", "FAILED", "TIMEOUT", "CANCELLED", "NODE_FAIL",
                          "OUT_OF_MEMORY", "PREEMPTED", "BOOT_FAIL", "DEADLINE"})
