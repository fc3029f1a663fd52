"""Which quirks of a profile the twin reproduces, by quirk id (the profile holds the text).

The twin reads quirks from the profile; this module only says which ids it knows how to
emulate and how, so a new quirk id is simply not emulated until code is added here.
"""

from __future__ import annotations

from maple_flow.models import ClusterProfile

#: quirk id -> how the twin reproduces it.
EMULATED: dict[str, str] = {
    "login-shell": "`module` exists only in login shells (#!/bin/bash -l): no BASH_ENV set-up",
    "pbs-not-slurm": "PBS jobs see no SLURM_* variables and no working srun/sbatch",
    "no-gres": "--gres/--gpus-per-task/--mem are rejected at submission (profile rule)",
    "n-and-t-required": "-N and -t are required at submission (profile rule)",
    "constraint-gpu": "-C gpu is required at submission (profile rule)",
    "filesystems-required": "-l filesystems is required at submission (profile rule)",
    "default-qos-debug": "a job with no -q gets the debug QOS time limit",
    "prod-min-nodes": "qsub rejects prod jobs under the queue's minimum node count",
    "prod-256-min": "qsub rejects prod jobs under the queue's minimum node count",
    "hsn-master-addr": "PBS_NODEFILE holds <node>.<domain> names that resolve locally",
    "local-rank-pals": "mpiexec sets PALS_*/PMI_* variables; SLURM_* are removed",
    "ibrun-node-rank": "ibrun sets PMI_RANK/PMI_SIZE per task",
    "ompi-node-rank": "mpirun sets OMPI_COMM_WORLD_* per task",
    "no-export": "jobs inherit the submit-time environment (sbatch's default)",
    "venv-on-scratch": "$SCRATCH exists and holds the venv the profile's activate line sources",
    "three-gpus": "nodes carry the profile's GPU count as GRES; full-node jobs run that many ranks",
    "eight-gpus": "nodes carry the profile's GPU count as GRES; full-node jobs run that many ranks",
    "one-gpu-per-node": "nodes carry one GPU as GRES; world size equals the node count",
    "twelve-tiles": "nodes carry 12 devices as GRES; full-node jobs run 12 ranks per node",
    "tiles-not-cards": "nodes carry 8 devices as GRES; full-node jobs run 8 ranks per node",
    "capitalised-partitions": "partition names are the real ones and case-sensitive (Slurm)",
    "typed-gpus": "nodes carry typed GRES; the typed --gpus request is required (profile rule)",
    "gpus-per-node": "--gpus-per-node is required at submission (profile rule)",
    "account-suffix": "the account format is checked at submission (profile pattern)",
    "account-gpu-suffix": "the account format is checked at submission (profile pattern)",
    "separate-system": "only this cluster's partitions exist; others are rejected",
    "four-node-cap": "jobs over the queue's node limit are rejected at submission",
    "per-task-env": "SLURM_PROCID/SLURM_LOCALID differ per srun task (real srun)",
}


def emulated(profile: ClusterProfile, quirk_id: str) -> bool:
    """True when ``profile`` has the quirk ``quirk_id`` and the twin reproduces it."""
    return quirk_id in EMULATED and any(q.id == quirk_id for q in profile.quirks)


def report(profile: ClusterProfile) -> tuple[list[str], list[str]]:
    """(emulated, not emulated) quirk ids of ``profile``."""
    ids = [q.id for q in profile.quirks]
    return [i for i in ids if i in EMULATED], [i for i in ids if i not in EMULATED]
