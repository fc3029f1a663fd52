"""Records decided by the evidence in the log (issue 17, reallogs2 classes): a CUDA OOM is the
script's only with fragmentation or several processes on one GPU; otherwise it is advice."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log

SRUN_TORCHRUN = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n"
                 "#SBATCH --gpus-per-node=4\nsrun torchrun --nproc_per_node=4 train.py\n")
OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 896.00 MiB. GPU 2 has a "
       "total capacity of 79.32 GiB of which 261.56 MiB is free. Process 1837 has 79.07 GiB "
       "memory in use. Of the allocated memory 77.48 GiB is allocated by PyTorch, and {unalloc} "
       "is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
       "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.")


def _log(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def test_model_size_oom_is_not_the_script() -> None:
    data = _log(SRUN_TORCHRUN.replace("=4\nsrun", "=1\nsrun"), OOM.format(unalloc="480.00 KiB"))
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "cuda-out-of-memory"
    assert data["diagnoses"][0]["verdict"] == "not_script"


def test_fragmented_oom_gets_the_allocator_setting() -> None:
    data = _log(SRUN_TORCHRUN, OOM.format(unalloc="6.20 GiB"))
    assert data["proposed"]["record_id"] == "cuda-out-of-memory-fragmented"
    assert "expandable_segments:True" in data["proposed"]["script"]


def test_oom_of_several_processes_on_one_gpu_is_one_launcher_per_node() -> None:
    log = OOM.format(unalloc="0 B").replace(
        "memory in use.", "memory in use. Process 1838 has 40.00 GiB memory in use.", 1)
    data = _log(SRUN_TORCHRUN, log)
    assert data["proposed"]["record_id"] == "cuda-out-of-memory-shared-gpu"
    assert "#SBATCH --ntasks-per-node=1" in data["proposed"]["script"]


def test_srun_cpus_per_task_short_option_is_a_launch_line() -> None:
    from maple_flow.scriptparse import parse_script

    for line, options in [
        ("srun -n 4 -c 40 python -u train.py --lr 1", [("-n", "4"), ("-c", "40")]),
        ("srun -C gpu -e err.log python -O -B train.py --lr 1", [("-C", "gpu"), ("-e", "err.log")]),
    ]:
        launch = parse_script(f"#!/bin/bash\n#SBATCH -N 1\n{line}\n").launch
        assert (launch.entrypoint, launch.args) == ("train.py", ["--lr", "1"])
        assert launch.stages[0].options == options
    container = parse_script("#!/bin/bash\napptainer exec -c --nv img.sif python t.py\n").launch
    assert container.stages[0].options == [("-c", None), ("--nv", None)]


RDZV = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
        'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)\n'
        "export MASTER_PORT=29500\nsrun torchrun --nnodes=2 --nproc_per_node=4 "
        "--rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT train.py\n")


def test_a_fix_that_only_respells_the_script_is_no_fix() -> None:
    log = ("torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. "
           "1/2 clients joined.")
    data = _log(RDZV, log)
    assert data["proposed"] is None
    assert "changes nothing" in data["skipped"][0]["why"]


def test_meaning_sees_real_changes() -> None:
    from maple_flow.repair.meaning import same_meaning

    assert same_meaning(RDZV, RDZV.replace("head -n1", "sed -n 1p") + "# a note\n")
    assert same_meaning(RDZV, RDZV.replace("#SBATCH -N 2", "#SBATCH  -N 2"))
    assert not same_meaning(RDZV, RDZV.replace("head -n1", "tail -n1"))
    assert not same_meaning(RDZV, RDZV.replace("#SBATCH -N 2", "#SBATCH -N 3"))
    assert not same_meaning(RDZV, RDZV.replace("29500", "29501"))


MODULES = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=3\nmodule load gcc/11.2.0\n"
           "module load upp/10.0.8\nsrun python train.py\n")


def test_lmod_prerequisites_named_in_the_log_are_loaded_first() -> None:
    log = ('Lmod has detected the following error: Cannot load module "upp/10.0.8" without\n'
           "these module(s) loaded:\n   cuda gcc/13.2.0\n")
    data = _log(MODULES, log, "lonestar6")
    assert data["proposed"]["record_id"] == "lmod-prerequisite-named"
    script = data["proposed"]["script"]
    assert script.index("module load cuda/12.8") < script.index("module load upp/10.0.8")
    assert script.index("module load gcc/13.2.0") < script.index("module load upp/10.0.8")


def test_lmod_prerequisites_the_profile_does_not_list_are_loaded_as_lmod_names_them() -> None:
    """Lmod names modules the site's modulefile declares, so they exist there: a name the
    profile does not list is loaded as written (was: no fix), just before the module that
    needs it; one the profile lists is its profile name."""
    log = ('Lmod has detected the following error: Cannot load module "upp/10.0.8" without\n'
           "these module(s) loaded:\n   bacio cuda\n")
    data = _log(MODULES, log, "lonestar6")
    assert data["proposed"]["record_id"] == "lmod-prerequisite-named"
    script = data["proposed"]["script"]
    assert script.index("module load gcc/11.2.0") < script.index("module load bacio") \
        < script.index("module load cuda/12.8") < script.index("module load upp/10.0.8")


def test_lmod_not_loadable_without_names_is_recognised_with_advice_only() -> None:
    log = ('Lmod has detected the following error:  These module(s) or extension(s) exist but '
           'cannot be loaded as requested: "upp/10.0.8"\n')
    data = _log(MODULES, log, "lonestar6")
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "lmod-module-exists-not-loadable"
    assert data["diagnoses"][0]["method"] == "signature"


PBS = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n#PBS -q prod\n"
       "#PBS -A Proj\nmpiexec -n 8 python train.py\n")


def test_records_of_another_scheduler_are_never_candidates() -> None:
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.classify import record_schedulers

    kb = load_knowledge_base()
    assert record_schedulers(kb.get("slurm-invalid-account")) == {"slurm"}
    for log in ("qsub: Job rejected by all possible destinations",
                "qsub: Job rejected by all possible destinations (invalid project)",
                "qsub: submit error (Invalid account or partition for this job)"):
        data = _log(PBS, log, "polaris")
        ids = [d["record_id"] for d in data["diagnoses"]]
        assert ids and not any(
            record_schedulers(kb.get(i)) == {"slurm"} for i in ids), (log, ids)


def test_torque_nodes_statement_becomes_a_select_of_the_same_count() -> None:
    script = PBS.replace("select=2:system=polaris", "nodes=2:ppn=64")
    data = _log(script, "qsub: Nodes statement is not supported, use select statement.\n",
                "polaris")
    new = data["proposed"]["script"]
    assert "#PBS -l select=2:system=polaris" in new and "nodes=2:ppn=64" not in new


def test_select_without_a_node_count_asks_for_it() -> None:
    script = PBS.replace("#PBS -l select=2:system=polaris\n", "")
    log = "qsub: Resource: select is required to be set\n"
    data = _log(script, log, "polaris")
    assert data["proposed"] is None and data["verdict"] == "ask"
    answered = diagnose_log(script, log, "polaris", None, False, {"nodes": "4"})
    assert "#PBS -l select=4:system=polaris" in answered["proposed"]["script"]


def test_a_queue_by_request_only_is_never_chosen_unasked() -> None:
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.repair.resolve import Context, fill

    script = PBS.replace("select=2:", "select=32:").replace("-q prod", "-q debug-scaling")
    profile = get_profile("polaris")
    assert not profile.queues.get("demand").auto  # type: ignore[union-attr]
    assert fill("{queue:nodes}", Context({}, profile, script)) == "prod"


def test_a_request_fix_must_change_the_resource_the_message_names() -> None:
    from maple_flow.repair.resources import misses_named

    queue_fix = [{"op": "set_queue", "name": "{queue:nodes}"},
                 {"op": "set_walltime", "walltime": "{walltime:cap}"}]
    mem = ["qsub: submit error (Job exceeds queue resource limits MSG=cannot satisfy queue "
           "max mem requirement)"]
    assert misses_named(queue_fix, mem)
    assert misses_named([{"op": "set_queue", "name": "{queue:partition}"}],
                        ["sbatch: error: Batch job submission failed: gpus per job exceeded"])
    assert not misses_named(queue_fix, ["qsub: Job exceeds queue and/or server resource limits"])
    assert not misses_named(queue_fix, ["MSG=cannot locate feasible nodes"])
    assert not misses_named([{"op": "remove_directive", "option": "mem"}], mem)
    assert not misses_named([{"op": "export_env", "name": "X", "value": "1"}], mem)
    data = _log(PBS.replace("#PBS -q prod\n", "#PBS -q prod\n#PBS -l mem=96gb\n"), mem[0],
                "polaris")
    assert data["proposed"] is None or data["proposed"]["record_id"] != "pbs-queue-limits"


def test_a_gpu_spelling_fix_keeps_the_users_gpu_count() -> None:
    gres = ("sbatch: error: Batch job submission failed: Invalid generic resource (gres) "
            "specification\n")
    for asked, typed in (("--gpus=1", "v100-32:1"), ("--gres=gpu:2", "v100-32:4")):
        script = (f"#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH {asked}\n"
                  "#SBATCH -p GPU-shared\nsrun python train.py\n")
        data = _log(script, gres, "bridges2")
        assert f"#SBATCH --gpus={typed}" in data["proposed"]["script"], asked


def test_memory_beyond_a_node_is_fixed_by_memory_not_partition() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n#SBATCH --mem={}\n"
              "srun python train.py\n")
    log = ("sbatch: error: Batch job submission failed: Requested node configuration is not "
           "available")
    big = _log(script.format("500G"), log)
    assert big["proposed"]["record_id"] == "slurm-node-config-memory"
    assert "#SBATCH --mem=0\n" in big["proposed"]["script"]
    fits = _log(script.format("200G"), log)
    assert not fits["proposed"] or fits["proposed"]["record_id"] != "slurm-node-config-memory"
    with_mem = PBS.replace("#PBS -q prod\n", "#PBS -q prod\n#PBS -l mem=96gb\n")
    pbs = _log(with_mem, "qsub: submit error (Job exceeds queue resource "
               "limits MSG=cannot satisfy queue max mem requirement)", "polaris")
    assert "mem=96gb" not in pbs["proposed"]["script"]


def test_an_unknown_pbs_resource_inside_the_select_chunk_is_removed() -> None:
    script = PBS.replace("select=2:system=polaris", "select=2:system=polaris:AMD=true")
    data = _log(script, "qsub: Unknown resource: AMD\n", "polaris")
    assert "#PBS -l select=2:system=polaris\n" in data["proposed"]["script"]


def test_a_pinned_device_list_prefixed_to_the_launch_is_removed() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n"
              "CUDA_VISIBLE_DEVICES=1,2 torchrun --standalone --nproc_per_node=4 train.py\n")
    log = ("RuntimeError: cuda runtime error (101) : invalid device ordinal at "
           "/pytorch/torch/csrc/cuda/Module.cpp:59\n")
    data = _log(script, log, "anvil")
    assert data["proposed"]["record_id"] == "invalid-device-ordinal-visible-devices"
    new = data["proposed"]["script"]
    assert "CUDA_VISIBLE_DEVICES=1,2" not in new
    assert "\ntorchrun --standalone --nproc_per_node=4 train.py\n" in new


def test_similarity_skips_records_about_a_script_shape_the_script_lacks() -> None:
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.classify import for_script

    kb = load_knowledge_base()
    record = kb.get("duplicate-gpu-visible-devices")
    plain = "#!/bin/bash\n#SBATCH -N 1\nsrun python train.py\n"
    assert for_script([record], plain) == []
    assert for_script([record], plain.replace("srun", "export CUDA_VISIBLE_DEVICES=0\nsrun"))
    assert for_script([kb.get("cuda-out-of-memory")], plain)  # no script condition: kept


def test_more_gpus_per_node_than_a_node_has_is_fixed_by_the_gpu_count() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH {}\n"
              "srun python train.py\n")
    log = ("sbatch: error: Batch job submission failed: Requested node configuration is not "
           "available")
    over = _log(script.format("--gres=gpu:8"), log)
    assert over["proposed"]["record_id"] == "slurm-node-config-gpus"
    assert "gpu:8" not in over["proposed"]["script"]
    fits = _log(script.format("--gres=gpu:4"), log)
    assert fits["proposed"]["record_id"] != "slurm-node-config-gpus"


def test_records_decided_by_a_figure_are_never_offered_by_similarity() -> None:
    from maple_flow.repair import FailureEvidence, classify

    log = "RuntimeError: not enough GPU memory on device 0: out of memory while allocating 3 GiB"
    ev = FailureEvidence(cluster="delta", job_state="FAILED", exit_code=1, stderr=log,
                         script=SRUN_TORCHRUN)
    ids = [d.record_id for d in classify(ev)]
    assert ids and not {"cuda-out-of-memory-fragmented", "cuda-out-of-memory-shared-gpu"} & set(ids)


def test_a_partition_named_after_gpus_is_a_partition_error() -> None:
    """The partition's name (gpu-nonexistent) is a value of the message, not a GPU count."""
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH -p gpu-nonexistent\n#SBATCH --ntasks-per-node=3"
              "\n#SBATCH -t 00:10:00\nsrun python train.py\n")
    data = _log(script, "sbatch: error: invalid partition specified: gpu-nonexistent",
                "lonestar6")
    assert data["proposed"]["record_id"] == "slurm-invalid-partition"
    assert "gpu-nonexistent" not in data["proposed"]["script"]


def test_meaning_sees_a_changed_assignment() -> None:
    """A fix that sets a user variable (NRANKS_PER_NODE=8 -> 4 on 4-GPU Polaris nodes) changes
    the script: the assignment is part of what the shell reads."""
    from maple_flow.repair.meaning import same_meaning

    script = ("#!/bin/bash\n#PBS -l select=2:system=polaris\nNRANKS_PER_NODE=8\n"
              "mpiexec -n 16 --ppn ${NRANKS_PER_NODE} python train.py\n")
    assert not same_meaning(script, script.replace("NRANKS_PER_NODE=8", "NRANKS_PER_NODE=4"))
    assert same_meaning(script, script.replace("NRANKS_PER_NODE=8", "NRANKS_PER_NODE='8'"))


def test_ranks_per_node_held_in_a_user_variable_are_fixed_there() -> None:
    """issue 17's Polaris script: NRANKS_PER_NODE=8 on 4-GPU nodes, read by mpiexec --ppn."""
    script = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=0:30:00\n"
              "NNODES=`wc -l < $PBS_NODEFILE`\nNRANKS_PER_NODE=8\n"
              "NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\n"
              "mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=8 python train.py\n")
    data = _log(script, "ranks per node 8 != 4 (host x3001c0s1b0n0)", "polaris")
    assert data["proposed"] is not None, data["why_none"]
    assert "+NRANKS_PER_NODE=4" in data["proposed"]["diff"]
