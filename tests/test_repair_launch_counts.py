"""Launch-line faults with no srun stage to fix them on (bench/reallogs5 tune half,
bench/repairlaunch_probe): the per-node count of torchrun / deepspeed / accelerate above the
job's GPUs (literal or the user's own variable), DeepSpeed given physical GPU ids, a program
that launches itself run by srun once per task, ``--standalone`` whose host does not resolve,
the program's own world size, and a broken torch install (not the script)."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.classify import classify
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import Diagnosis, FailureEvidence
from maple_flow.repair.patch import apply_fix

KB = load_knowledge_base()
JOB = """#!/bin/bash
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node={tpn}
#SBATCH --gpus-per-node={gpus}
#SBATCH --time=01:00:00
{body}
"""
DUPLICATE = ("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, "
             "invalid usage\nDuplicate GPU detected : rank 5 and rank 1 both on CUDA device "
             "41000\n")
SET_DEVICE = ('  File "/opt/venv/lib/python3.11/site-packages/torch/cuda/__init__.py", line 478, '
              "in set_device\n")


def _top(script: str, log: str, cluster: str = "delta") -> tuple[Diagnosis, str]:
    """The first diagnosis and the script after its fix ('' when it has none)."""
    top = classify(FailureEvidence(cluster=cluster, scheduler="slurm", stderr=log,
                                   script=script), KB)[0]
    after = apply_fix(script, top.fix, get_profile(cluster)) if top.fix.ops else ""
    return top, after


def test_duplicate_gpu_with_the_users_count_variable_sets_that_variable() -> None:
    """Was duplicate-gpu: 'the launch line has no srun stage', no fix."""
    body = "NPROC=8\ntorchrun --nnodes 1 --nproc_per_node $NPROC train.py --lr 3e-4"
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=4, body=body), DUPLICATE)
    assert top.record_id == "duplicate-gpu-launcher-above-gpus"
    assert "NPROC=4\n" in after and "--nproc_per_node $NPROC" in after


def test_duplicate_gpu_with_deepspeed_num_gpus_sets_num_gpus() -> None:
    body = "deepspeed --num_gpus 8 finetune.py --deepspeed ds_z3.json"
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=2, body=body), DUPLICATE)
    assert top.record_id == "duplicate-gpu-launcher-above-gpus"
    assert "deepspeed --num_gpus 2 finetune.py" in after


def test_duplicate_gpu_with_accelerate_sets_num_processes() -> None:
    body = "accelerate launch --multi_gpu --num_processes 8 sft.py"
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=4, body=body), DUPLICATE)
    assert top.record_id == "duplicate-gpu-accelerate-above-gpus"
    assert "--num_processes 4 sft.py" in after


def test_duplicate_gpu_with_a_launcher_count_that_fits_is_not_the_count() -> None:
    body = "torchrun --nnodes 1 --nproc_per_node 4 train.py"
    script = JOB.format(nodes=1, tpn=1, gpus=4, body=body)
    top = classify(FailureEvidence(cluster="delta", scheduler="slurm", stderr=DUPLICATE,
                                   script=script), KB)[0]
    assert top.record_id not in {"duplicate-gpu-launcher-above-gpus",
                                 "duplicate-gpu-accelerate-above-gpus"}


def test_set_device_traceback_with_torch_distributed_launch_above_gpus() -> None:
    """A traceback through torch.cuda.set_device without the 'invalid device ordinal' line:
    was not recognised (hints only)."""
    body = "python -m torch.distributed.launch --nproc_per_node=4 tools/train.py cfg.py"
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=1, body=body), SET_DEVICE)
    assert top.record_id == "set-device-launcher-above-gpus" and top.verdict == "script"
    assert "--nproc_per_node=1 tools/train.py" in after


def test_deepspeed_visible_devices_physical_id_is_unset() -> None:
    """The launcher's 'Detected CUDA_VISIBLE_DEVICES' line names the cause even when the
    log's only error line is a traceback header: was a hint only."""
    body = "export CUDA_VISIBLE_DEVICES=3\ndeepspeed main.py --deepspeed"
    log = ("Detected CUDA_VISIBLE_DEVICES=3: setting --include=localhost:3\n"
           "Traceback (most recent call last):\n")
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=1, body=body), log)
    assert top.record_id == "deepspeed-visible-devices-physical-ids" and top.verdict == "script"
    assert "unset CUDA_VISIBLE_DEVICES" in after and "=3" not in after


def test_deepspeed_include_physical_ids_is_removed_not_a_hostfile_question() -> None:
    """Was deepspeed-no-hostfile, which asks for a hostfile the one-node job does not need."""
    body = "deepspeed --include localhost:6,7 run.py --deepspeed cfg.json"
    log = ("[WARNING] [runner.py:202:fetch_hostfile] Unable to find hostfile, will proceed with "
           "training with local resources only.\n    active_resources = "
           "parse_inclusion_exclusion(resource_pool, args.include, args.exclude)\n")
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=2, body=body), log)
    assert top.record_id == "deepspeed-include-physical-ids"
    assert "deepspeed run.py --deepspeed cfg.json" in after


def test_srun_around_deepy_runs_one_task_per_node() -> None:
    """Was unrelated similarity hints (hf-hub-unreachable)."""
    body = "srun python deepy.py train.py configs/1-3B.yml"
    log = ('  File "/work/gpt-neox/megatron/initialize.py", line 151, in '
           "_initialize_distributed\n")
    top, after = _top(JOB.format(nodes=2, tpn=4, gpus=4, body=body), log)
    assert top.record_id == "srun-around-self-launching-program"
    assert "#SBATCH --ntasks-per-node=1" in after


def test_standalone_with_an_unresolvable_host_rendezvous_at_localhost() -> None:
    """Was master-addr-unresolvable, whose MASTER_ADDR export --standalone ignores."""
    body = "torchrun --standalone --nproc_per_node=4 train.py"
    log = ("[W socket.cpp:601] [c10d] The IPv6 network addresses of (gpub012, 29400) cannot be "
           "retrieved (gai error: -2 - Name or service not known).\n")
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=4, body=body), log)
    assert top.record_id == "standalone-host-unreachable"
    assert "torchrun --master_addr=localhost --nproc_per_node=4 train.py" in after


def test_program_world_size_is_the_tasks_srun_starts() -> None:
    """Was not recognised (hints only)."""
    body = "srun python -u -m fairseq_cli.train data-bin --distributed-world-size 4"
    log = "srun: error: gpub021: tasks 4-7: Exited with exit code 1\n"
    top, after = _top(JOB.format(nodes=2, tpn=4, gpus=4, body=body), log)
    assert top.record_id == "program-world-size-argument"
    assert "--distributed-world-size 8" in after


def test_broken_torch_install_is_not_the_script() -> None:
    """Was port-in-use (an invented MASTER_PORT fix)."""
    body = "python -m torch.distributed.run --nproc_per_node 2 train.py"
    for log in ("TypeError: __init__(): incompatible constructor arguments. The following "
                "argument types are supported:\n    1. torch._C._distributed_c10d.TCPStore("
                "host_name: str, port: int)\n",
                "ImportError: /env/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: "
                "undefined symbol: _ZN3c104cuda9SetDeviceEi\n"):
        top, after = _top(JOB.format(nodes=1, tpn=1, gpus=2, body=body), log)
        assert top.record_id == "torch-launcher-library-mismatch"
        assert top.verdict == "not_script" and after == ""


def test_accelerate_on_every_node_gets_the_standard_deepspeed_launcher() -> None:
    """Was deepspeed-no-hostfile, which asks for a hostfile the per-node start does not use."""
    body = ("srun bash -c 'accelerate launch --config_file ds.yaml --num_processes 16 "
            "--num_machines 4 --machine_rank $SLURM_NODEID train.py'")
    log = ("[WARNING] [runner.py:196:fetch_hostfile] Unable to find hostfile, will proceed with "
           "training with local resources only.\n")
    top, after = _top(JOB.format(nodes=4, tpn=1, gpus=4, body=body), log)
    assert top.record_id == "accelerate-deepspeed-pdsh-on-every-node"
    assert "accelerate launch --deepspeed_multinode_launcher=standard --config_file" in after


def test_c10d_without_an_endpoint_gets_one_at_master_addr() -> None:
    """Was not recognised (hints only): torchrun ignores --master_addr under c10d."""
    body = ('export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n'
            "srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
            '--master_addr="$MASTER_ADDR" --master_port 6100 --rdzv_id=7 train.py')
    log = ("master_addr is only used for static rdzv_backend and when rdzv_endpoint is not "
           "specified.\n")
    top, after = _top(JOB.format(nodes=2, tpn=1, gpus=4, body=body), log)
    assert top.record_id == "c10d-rendezvous-without-endpoint"
    assert 'srun torchrun --rdzv_endpoint="$MASTER_ADDR:6100" --nnodes=2' in after


def test_launch_count_records_take_no_key_word_from_another_record(tmp_path) -> None:
    """A record's signature words dilute the key words (evidence_gate) that let another
    record's similarity match act: master-addr-not-rank0 lost its only one ('master_addr')
    to a first version of these records."""
    import shutil
    from pathlib import Path

    from maple_flow.repair.evidence_gate import key_words
    from maple_flow.repair.kb import failures_dir, load_file
    from maple_flow.repair.models import KnowledgeBase

    ours = Path(failures_dir()) / "launch_counts.yaml"
    for path in Path(failures_dir()).glob("*.yaml"):
        if path != ours:
            shutil.copy(path, tmp_path)
    without = KnowledgeBase(records=[r for p in sorted(tmp_path.glob("*.yaml"))
                                     for r in load_file(p)])
    before, after = key_words(without), key_words(KB)
    lost = {rid: sorted(words - after[rid]) for rid, words in before.items()
            if words - after[rid]}
    assert lost == {}
    assert all(r.signature_only for r in load_file(ours))


def test_only_a_count_for_the_world_size_argument_needs_no_review() -> None:
    """The knowledge base's ops need no review (test_repair_safety); the world size argument is
    one maple_flow knows, other program arguments stay for a person to review."""
    from maple_flow.repair import ops as o
    from maple_flow.repair.review import review_reasons

    assert review_reasons([o.AddArgument(name="--distributed-world-size", value="8")]) == []
    assert review_reasons([o.AddArgument(name="--distributed-world-size", value="$N")])
    assert review_reasons([o.AddArgument(name="--lr", value="8")])
