"""Classes the diagnosis missed on bench/reallogs19's tune half (issue 17, helper s22-rl19tune):
fixtures written anew, each failing without its fix."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

NODELIST_LOG = ("srun: error: Required nodelist includes more nodes than permitted by max-node "
                "count (3 > 2). Eliminating nodes from the nodelist.\n")
SRUN_W = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=2\n#SBATCH -t 01:00:00\n"
          "module load python\n"
          "srun -N 2 -n 4 -w gpu01,gpu01,gpu02 python run.py --steps 10\n")


def test_srun_nodelist_over_the_node_count_drops_the_steps_list() -> None:
    for script in (SRUN_W, SRUN_W.replace("-w gpu01,gpu01,gpu02", "--nodelist=gpu01,gpu01,gpu02")):
        data = diagnose_log(script, NODELIST_LOG, "delta", None, False)
        assert data["proposed"] is not None, data.get("why_none")
        assert data["proposed"]["record_id"] == "srun-nodelist-over-node-count"
        diff = data["proposed"]["diff"]
        assert "-srun -N 2 -n 4" in diff and "+srun -N 2 -n 4 python run.py" in diff, diff


def test_nodelist_message_without_a_srun_list_is_not_this_fix() -> None:
    script = SRUN_W.replace(" -w gpu01,gpu01,gpu02", "").replace("#SBATCH -N 2",
                                                                 "#SBATCH -N 2\n#SBATCH -w gpu01")
    data = diagnose_log(script, NODELIST_LOG, "delta", None, False)
    assert (data.get("proposed") or {}).get("record_id") != "srun-nodelist-over-node-count"


SRUN_GPU = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
            "#SBATCH -t 01:00:00\nsrun python train.py\n")
PBS = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n#PBS -A proj\n"
       "module load cray-mpich\nmpiexec -n 8 --ppn 4 ./lmp -in in.lj -k on g 4 -sf kk\n")


def _not_script(script: str, log: str, cluster: str, record: str) -> None:
    data = diagnose_log(script, log, cluster, None, False)
    assert data["proposed"] is None, data.get("proposed")
    first = data["diagnoses"][0]
    assert first["record_id"] == record, [d["record_id"] for d in data["diagnoses"]]


def test_nccl_segment_removed_under_the_job_is_the_nodes_configuration() -> None:
    log = ("gpu7:9120:9188 [1] NCCL WARN unlink shared memory /dev/shm/nccl-Qx81aZ failed, "
           "error: No such file or directory\n")
    _not_script(SRUN_GPU, log, "delta", "nccl-shm-segment-removed-under-job")


def test_apptainer_fuse_mount_failure_is_the_sites_installation() -> None:
    log = ("FATAL:   container creation failed: image driver mount failure: image driver "
           "squashfuse instance exited with error: squashfuse exited: fusermount3: "
           "failed to open /dev/fuse: Operation not permitted\n")
    _not_script(SRUN_GPU.replace("srun python", "srun apptainer exec img.sif python"), log,
                "delta", "apptainer-fuse-mount-unavailable")


def test_gtl_cannot_export_pool_memory_is_the_programs_build() -> None:
    log = ("(GTL DEBUG: 0) cuIpcGetMemHandle: invalid argument, CUDA_ERROR_INVALID_VALUE, "
           "line no 152\n")
    _not_script(PBS, log, "polaris", "gtl-cuipc-get-handle-on-pool-memory")
    bound = SRUN_GPU.replace("srun python", "srun --gpus-per-task=1 --gpu-bind=closest python")
    data = diagnose_log(bound, log, "perlmutter", None, False)
    assert data["diagnoses"][0]["record_id"] != "gtl-cuipc-get-handle-on-pool-memory"
