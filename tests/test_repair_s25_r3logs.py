"""reallogs23 tune half (issue 17, helper s25r3logs): a one-node Slurm job on HPE Slingshot 11
gets no network VNI unless it asks for one, so libfabric's CXI provider cannot make an auth key
(``cxip_gen_auth_key failed: -38``, seen by programs as ``fi_domain failed: -38``): the job asks
``--network=single_node_vni``. A job of several nodes gets its VNI; the same message there has
another cause, so no fix is offered (``{one_node:VALUE}``)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import failures_dir, load_file

NEW = load_file(failures_dir() / "s25r3logs.yaml")

JOB = """#!/bin/bash
#SBATCH -A m0000
#SBATCH -C gpu
#SBATCH -q regular
{nodes}
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 00:30:00
module load PrgEnv-gnu
srun --cpu-bind=cores ./app -ll:gpu 1
"""
LOGS = [
    "*** FATAL ERROR (proc 0): in gasnetc_ofi_init() at /src/gasnet_ofi.c:946: "
    "fi_domain failed: -38(Function not implemented)\n",
    "libfabric:4242:1700000000::cxi:domain:cxip_domain():1765<warn> nid001: "
    "cxip_gen_auth_key failed: -38:Function not implemented\n",
]


def _proposed(script: str, log: str, cluster: str) -> tuple[str | None, str]:
    data = diagnose_log(script, log, cluster, None, False)
    p = data.get("proposed")
    return (p["record_id"] if p else None), (p["diff"] if p else "")


def test_record_is_sourced_signature_only() -> None:
    assert {r.id for r in NEW} == {"slingshot-single-node-vni-missing"}
    assert all(len(r.references) >= 3 and r.signature_only and r.fix for r in NEW)


@pytest.mark.parametrize("log", LOGS)
@pytest.mark.parametrize("cluster", ["perlmutter", "deltaai"])
@pytest.mark.parametrize("nodes", ["#SBATCH -N 1", ""])
def test_one_node_job_asks_for_a_vni(log: str, cluster: str, nodes: str) -> None:
    rid, diff = _proposed(JOB.format(nodes=nodes), log, cluster)
    assert rid == "slingshot-single-node-vni-missing"
    assert "+#SBATCH --network=single_node_vni" in diff


@pytest.mark.parametrize("log", LOGS)
def test_several_nodes_get_no_vni_fix(log: str) -> None:
    rid, diff = _proposed(JOB.format(nodes="#SBATCH -N 2"), log, "perlmutter")
    assert rid != "slingshot-single-node-vni-missing"
    assert "single_node_vni" not in diff


def test_other_fi_domain_errors_are_not_this_record() -> None:
    rid, _ = _proposed(JOB.format(nodes="#SBATCH -N 1"),
                       "fi_domain failed: -12(Cannot allocate memory)\n", "perlmutter")
    assert rid != "slingshot-single-node-vni-missing"


# srun's count option given a shell variable that expanded empty (``Invalid numeric value ""``):
# the job's own directive for that count is what the variable stood for ({job_count:X})
EMPTY = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
{cpus}
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
module load cuda
srun {option} ./bin/app
"""
_EMPTY_LOG = 'srun: error: Invalid numeric value "" for --cpus-per-task.\n'


@pytest.mark.parametrize("option", ["--cpus-per-task=$OMP_NUM_THREADS",
                                    '-c "${NTHREADS}"'])
def test_empty_count_variable_takes_the_jobs_directive(option: str) -> None:
    script = EMPTY.format(cpus="#SBATCH --cpus-per-task=64", option=option)
    rid, diff = _proposed(script, _EMPTY_LOG, "delta")
    assert rid == "srun-empty-count-variable"
    assert "+srun --cpus-per-task=64 ./bin/app" in diff.replace("-c 64", "--cpus-per-task=64")


@pytest.mark.parametrize(("cpus", "option"), [
    ("", "--cpus-per-task=$OMP_NUM_THREADS"),          # the job gives no count of its own
    ("#SBATCH --cpus-per-task=64", "--cpus-per-task=16"),  # srun's value is no variable
])
def test_empty_count_variable_without_a_known_count_is_not_fixed(cpus: str, option: str) -> None:
    _rid, diff = _proposed(EMPTY.format(cpus=cpus, option=option), _EMPTY_LOG, "delta")
    assert not diff
