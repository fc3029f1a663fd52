"""reallogs18 tune half (issue 17, helper s22-rl18tune): Cray MPICH's OFI completion error
UNDELIVERABLE on Slingshot (the CXI provider's receive matching: FI_CXI_RX_MATCH_MODE=software),
a site filter that asks the total task count when the script's --ntasks line is written as a
comment (``# SBATCH``: the value is taken from it, else the record does not
apply). A bare "slurm_script: line N:
PID Killed" stays unread: two released cases label the same line differently (a memory limit,
a node reboot), so it is no evidence for a fix."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.resources import changed

NEW = load_file(failures_dir() / "rl18tune.yaml")

MPI = """#!/bin/bash
#SBATCH -A m0000
#SBATCH -C cpu
#SBATCH -N 16
#SBATCH --ntasks-per-node=64
#SBATCH -t 02:00:00
module load cray-mpich
srun --cpu-bind=cores ./model.exe
"""
TACC = """#!/bin/bash
#SBATCH -J pilot
#SBATCH -p skx
{tasks}
#SBATCH -N 1
#SBATCH -t 02:00:00
ibrun python agent.py
"""


def _proposed(script: str, log: str, cluster: str) -> tuple[str | None, str, dict]:
    data = diagnose_log(script, log, cluster, None, False)
    p = data.get("proposed")
    return (p["record_id"] if p else None), (p["diff"] if p else ""), data


def test_records_are_sourced_signature_only() -> None:
    assert {r.id for r in NEW} == {"cxi-undeliverable-rx-match-mode",
                                   "slurm-filter-task-count-required"}
    assert all(r.references and r.signature_only and r.fix for r in NEW)


@pytest.mark.parametrize("cluster", ["perlmutter", "delta"])
def test_cxi_undeliverable_sets_software_matching(cluster: str) -> None:
    log = ("12: MPICH ERROR [Rank 12] [job id 881.0] [nid001234] - Abort(1): Fatal error in "
           "PMPI_Waitall: Other MPI error, error stack:\n"
           "12: MPIDI_OFI_handle_cq_error(1059): OFI poll failed (ofi_events.c:1061:"
           "MPIDI_OFI_handle_cq_error:Input/output error - UNDELIVERABLE)\n")
    rid, diff, _ = _proposed(MPI, log, cluster)
    assert rid == "cxi-undeliverable-rx-match-mode"
    assert "+export FI_CXI_RX_MATCH_MODE=software" in diff


def test_cxi_canceled_is_not_this_record() -> None:
    log = ("MPIDI_OFI_handle_cq_error(1067): OFI poll failed (ofi_events.c:1069:"
           "MPIDI_OFI_handle_cq_error:Input/output error - CANCELED)\n")
    rid, _, _data = _proposed(MPI, log, "perlmutter")
    assert rid != "cxi-undeliverable-rx-match-mode"


_FILTER = 'Submission error: please define total core count with the "-n" option\n'


@pytest.mark.parametrize("written", ["# SBATCH --ntasks=24", "##SBATCH -n 24"])
def test_task_count_taken_from_the_commented_directive(written: str) -> None:
    rid, diff, _ = _proposed(TACC.format(tasks=written), _FILTER, "stampede3")
    assert rid == "slurm-filter-task-count-required"
    assert "+#SBATCH --ntasks=24" in diff


def test_task_count_not_offered_when_the_script_gives_none() -> None:
    rid, diff, _ = _proposed(TACC.format(tasks=""), _FILTER, "stampede3")
    assert rid is None and not diff


def test_node_count_fixed_first_when_the_filter_asks_both() -> None:
    log = ('please define total node count with the "-N" option\n' + _FILTER)
    script = TACC.format(tasks="").replace("#SBATCH -N 1\n", "")
    rid, diff, _ = _proposed(script, log, "stampede3")
    assert rid == "slurm-filter-nodes-count-required"
    assert "+#SBATCH --nodes=" in diff


def test_task_count_counts_as_cpus_of_the_request() -> None:
    assert changed([{"op": "set_directive", "option": "ntasks", "value": "4"}]) == \
        frozenset({"nodes", "cpus"})
