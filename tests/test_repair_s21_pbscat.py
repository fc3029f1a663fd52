"""s21-pbscat (issue 17): PBS Pro/OpenPBS qsub refusals of the job's own request (queue, select
form, chunk and job-wide resources, directive words), qsub limits only the site changes, and
torchrun/elastic launch errors (nnodes, rendezvous port and endpoint, MASTER_ADDR on the own
host, more processes than a node's GPUs, a dist_train.sh wrapper call). Messages are the tools'
own (bench/s21pbscat_probe/catalogue.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_pbs import drop_pbs_directive, pbs_select_mend
from maple_flow.repair.patch_wrapper import wrapper_gpu_count
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs13" / "scripts"
POLARIS = (SCRIPTS / "pbs_polaris_torchrun.sh").read_text(encoding="utf-8")
MPIEXEC = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
DIST = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=2
#SBATCH --time=04:00:00
bash ./tools/dist_train.sh configs/model/config.py GPUS=2
"""


def _diagnose(script: str, log: str, cluster: str = "polaris") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _proposed(data: dict[str, object]) -> tuple[str, str]:
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["record_id"]), str(proposed["diff"])  # type: ignore[index]


def _asks(data: dict[str, object]) -> list[str]:
    return [n for d in data["diagnoses"] for n in d.get("needs", [])]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ patch_pbs


def test_select_mend_moves_job_wide_chunk_resource_into_select() -> None:
    s = "#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l ngpus=4\n#PBS -l place=scatter\n"
    out = pbs_select_mend(s, "into", "ngpus")
    assert "#PBS -l select=2:system=polaris:ngpus=4" in out
    assert "#PBS -l ngpus=4\n" not in out


def test_select_mend_moves_walltime_out_keeping_its_colons() -> None:
    s = "#!/bin/bash\n#PBS -l select=2:system=polaris:walltime=01:00:00\n#PBS -q debug\n"
    out = pbs_select_mend(s, "out_of", "walltime")
    assert "#PBS -l select=2:system=polaris\n" in out
    assert "#PBS -l walltime=01:00:00" in out


def test_select_mend_dedupe_keeps_one_of_equal_values_and_refuses_two_values() -> None:
    s = "#!/bin/bash\n#PBS -l select=2:ncpus=64:ngpus=4:ncpus=64\n"
    assert "#PBS -l select=2:ncpus=64:ngpus=4\n" in pbs_select_mend(s, "dedupe", "ncpus")
    with pytest.raises(FixNotApplicable):
        pbs_select_mend(s.replace("ngpus=4:ncpus=64", "ncpus=32"), "dedupe", "ncpus")


def test_select_mend_drops_empty_fields_and_refuses_a_clean_select() -> None:
    s = "#!/bin/bash\n#PBS -l select=2::ncpus=64:\n"
    assert "#PBS -l select=2:ncpus=64\n" in pbs_select_mend(s, "empty_fields", None)
    with pytest.raises(FixNotApplicable):
        pbs_select_mend("#!/bin/bash\n#PBS -l select=2:ncpus=64\n", "empty_fields", None)


def test_drop_pbs_directive_removes_only_the_echoed_line() -> None:
    s = "#!/bin/bash\n#PBS -l select=2\n#PBS --gres=gpu:4\nhostname\n"
    assert drop_pbs_directive(s, "--gres=gpu:4") == "#!/bin/bash\n#PBS -l select=2\nhostname\n"
    with pytest.raises(FixNotApplicable):
        drop_pbs_directive(s, "--nodes=2")


# ------------------------------------------------------------------ patch_wrapper


@pytest.mark.parametrize(("call", "want"), [
    ("bash ./tools/dist_train.sh cfg.py GPUS=2", "bash ./tools/dist_train.sh cfg.py 2"),
    ("bash tools/dist_train.sh cfg.py --work-dir w --seed 0",
     "bash tools/dist_train.sh cfg.py 2 --work-dir w --seed 0"),
    ("./tools/dist_train.sh cfg.py ${GPU_NUM}", "./tools/dist_train.sh cfg.py 2"),
])
def test_wrapper_gpu_count_writes_the_number(call: str, want: str) -> None:
    assert wrapper_gpu_count(f"#!/bin/bash\n{call}\n", "2") == f"#!/bin/bash\n{want}\n"


def test_wrapper_gpu_count_needs_the_users_config_and_keeps_a_number() -> None:
    with pytest.raises(FixNotApplicable):
        wrapper_gpu_count("#!/bin/bash\nsh tools/dist_train.sh\n", "2")
    assert wrapper_gpu_count("#!/bin/bash\nsh tools/dist_train.sh\n", "2", "c.py") == \
        "#!/bin/bash\nsh tools/dist_train.sh c.py 2\n"
    with pytest.raises(FixNotApplicable):
        wrapper_gpu_count("#!/bin/bash\nbash tools/dist_train.sh c.py 4\n", "2")


# ------------------------------------------------------------------ records through diagnose_log


@pytest.mark.parametrize("log", ["qsub: Access to queue is denied", "qsub: Queue is not enabled",
                                 "qsub: Job rejected by all possible destinations"])
def test_queue_the_server_refuses_asks_the_queue(log: str) -> None:
    data = _diagnose(POLARIS, log)
    assert data["proposed"] is None
    assert "queue" in _asks(data)


@pytest.mark.parametrize("log", ["qsub: would exceed queue generic's per-user limit",
                                 "qsub: Maximum number of jobs already in queue workq",
                                 "qsub: would exceed per-user limit on resource ncpus in queue q"])
def test_site_limits_give_no_fix(log: str) -> None:
    data = _diagnose(MPIEXEC, log)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"].startswith("pbs-entity-")  # type: ignore[index]


def test_resource_beside_select_goes_into_the_chunk() -> None:
    script = POLARIS.replace("#PBS -l place=scatter", "#PBS -l place=scatter\n#PBS -l ngpus=4")
    rid, diff = _proposed(_diagnose(
        script, 'qsub: "-lresource=" cannot be used with "select" or "place", resource is: ngpus'))
    assert rid == "pbs-job-resource-beside-select"
    assert "+#PBS -l select=2:system=polaris:ngpus=4" in diff


def test_place_without_select_writes_select() -> None:
    script = POLARIS.replace("#PBS -l select=2:system=polaris", "#PBS -l nodes=2:ppn=64")
    rid, diff = _proposed(_diagnose(script, 'qsub: Cannot have "place" without "select"'))
    assert rid == "pbs-place-without-select"
    assert "+#PBS -l select=2" in diff


def test_directive_error_drops_a_slurm_option_line() -> None:
    script = MPIEXEC.replace("#PBS -l place=scatter", "#PBS -l place=scatter\n#PBS --gres=gpu:4")
    rid, diff = _proposed(_diagnose(script, "qsub: directive error: --gres=gpu:4"))
    assert rid == "pbs-directive-not-a-qsub-option"
    assert "-#PBS --gres=gpu:4" in diff


def test_rendezvous_timeout_with_literal_nnodes_writes_the_job_nodes() -> None:
    script = POLARIS.replace("--nnodes=${NNODES}", "--nnodes=4")
    rid, diff = _proposed(_diagnose(
        script, "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"))
    assert rid == "torchrun-nnodes-above-job-nodes"
    assert "--nnodes=2 " in diff


def test_endpoint_port_unset_exports_master_port() -> None:
    script = POLARIS.replace("${MASTER_ADDR}:29400", "${MASTER_ADDR}:${MASTER_PORT}")
    log = ("ValueError: The port number of the rendezvous endpoint 'x3004c0s7b0n0:' must be "
           "an integer between 0 and 65536.")
    rid, diff = _proposed(_diagnose(script, log))
    assert rid == "rendezvous-port-variable-unset"
    assert "+export MASTER_PORT=29500" in diff


def test_master_addr_own_hostname_is_set_to_the_first_node() -> None:
    script = MPIEXEC.replace("export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)",
                             "export MASTER_ADDR=$(hostname)")
    log = ("torch.distributed.DistNetworkError: The client socket has timed out after 1800s "
           "while trying to connect to (x1, 29500).")
    rid, diff = _proposed(_diagnose(script, log))
    assert rid == "client-timeout-master-addr-own-host"
    assert "-export MASTER_ADDR=$(hostname)" in diff


def test_invalid_ordinal_lowers_torchrun_processes_not_mpiexec_ranks() -> None:
    script = POLARIS.replace("--nproc_per_node=4", "--nproc_per_node=8")
    rid, diff = _proposed(_diagnose(script, "RuntimeError: CUDA error: invalid device ordinal"))
    assert rid == "device-ordinal-launcher-above-node-gpus"
    assert "--nproc_per_node=4" in diff and "--ppn 4" not in diff


def test_dist_train_wrapper_gets_a_gpu_count_or_asks_the_config() -> None:
    rid, diff = _proposed(_diagnose(DIST, "ValueError: Unsupported nproc_per_node value: GPUS=2",
                                    "delta"))
    assert rid == "dist-train-wrapper-gpu-count"
    assert "+bash ./tools/dist_train.sh configs/model/config.py 2" in diff
    bare = DIST.replace("dist_train.sh configs/model/config.py GPUS=2", "dist_train.sh")
    data = _diagnose(bare, "ValueError: Unsupported nproc_per_node value", "delta")
    assert data["proposed"] is None and "config" in _asks(data)
