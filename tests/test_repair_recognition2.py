"""Recognition of other wordings and new records (issue 17, h7-repairrec): each log is a public
thread's text (named in the test), none of them a case of a benchmark's held-out half."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import FailureEvidence, apply_fix, classify
from maple_flow.repair.lognorm import canonical_lines

SRUN_TORCHRUN = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n"
                 "#SBATCH --gpus-per-node=4\n#SBATCH --time=02:00:00\n"
                 "srun torchrun --nnodes=2 --nproc_per_node=4 train.py\n")
TORCHRUN_ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=4\n"
                "#SBATCH --time=01:00:00\ntorchrun --nproc-per-node=4 train.py --epochs 3\n")


def _first(log: str, script: str = SRUN_TORCHRUN, cluster: str = "delta") -> tuple[str, str]:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    assert found, log
    return found[0].record_id, found[0].verdict


# snowflakedb/ArcticTraining#219 (PyTorch >= 2.6 words the watchdog's report this way)
WATCHDOG_26 = ("[rank5]:[E626 16:48:25.440238649 ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID "
               "0(default_pg) Rank 5]  failure detected by watchdog at work sequence id: 120049 "
               "PG status: last enqueued work: 120051, last completed work: 120048\n")


def test_the_watchdogs_later_wording_reads_as_the_earlier_one() -> None:
    assert canonical_lines(WATCHDOG_26) == [
        "Timeout at NCCL work: 120049, last enqueued NCCL work: 120051, "
        "last completed NCCL work: 120048."]


def test_a_hang_after_many_collectives_in_the_later_wording_is_not_the_script() -> None:
    """Read by the record's signature (its figure decides), not guessed by similarity."""
    first = classify(FailureEvidence(cluster="delta", stderr=WATCHDOG_26, script=SRUN_TORCHRUN))[0]
    assert (first.record_id, first.verdict, first.method) == (
        "collective-hang-after-progress", "not_script", "signature")


def test_a_hang_at_the_first_collectives_is_not_called_one_after_progress() -> None:
    early = WATCHDOG_26.replace("120049", "2").replace("120051", "2").replace("120048", "1")
    found = classify(FailureEvidence(cluster="delta", stderr=early, script=SRUN_TORCHRUN))
    assert canonical_lines(early) and not any(
        d.record_id == "collective-hang-after-progress" and d.method == "signature"
        for d in found)


def test_loss_scale_underflow_in_deepspeeds_and_fairseqs_words_is_not_the_script() -> None:
    # yangjianxin1/Firefly#68 (DeepSpeed), facebookresearch/fairseq#1529 (fairseq)
    for log in ("Exception: Current loss scale already at minimum - cannot decrease scale "
                "anymore. Exiting run.\n",
                "FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably "
                "exploding. Try lowering the learning rate, using gradient clipping or "
                "increasing the batch size.\n"):
        found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN_TORCHRUN))
        assert (found[0].record_id, found[0].verdict) == ("fp16-loss-scale-underflow",
                                                          "not_script")
        assert not found[0].fix.ops and found[0].fix.advice


def test_an_nccl_internal_check_is_a_library_failure_without_a_fix() -> None:
    # Lightning-AI/pytorch-lightning#18760, hiyouga/LlamaFactory#2428
    for log in ("RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp"
                ":1269, internal error, NCCL version 2.14.3\nncclInternalError: Internal check "
                "failed. This is either a bug in NCCL or due to memory corruption\n",
                "10.223.4.143: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/"
                "distributed/c10d/ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3"
                "\n"):
        found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN_TORCHRUN))
        assert (found[0].record_id, found[0].verdict) == ("nccl-internal-check-failed",
                                                          "not_script")


def test_the_cause_nccl_names_after_an_internal_error_comes_first() -> None:
    # codefuse-ai/MFTCoder#31: the internal error's "Last error:" names the interface, and the
    # script set NCCL_SOCKET_IFNAME: the script's setting is the fix, not a library bug
    log = ("torch.distributed.DistBackendError: NCCL error in: /opt/conda/conda-bld/pytorch/work/"
           "torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1207, internal error, NCCL version "
           "2.14.3\nncclInternalError: Internal check failed.\nLast error:\n"
           "Bootstrap : no socket interface found\n")
    script = SRUN_TORCHRUN.replace("srun ", "export NCCL_SOCKET_IFNAME=eth0\nsrun ")
    record, verdict = _first(log, script, "perlmutter")
    assert verdict == "script" and record.startswith("nccl-socket-")


def test_torchrun_older_than_its_hyphenated_options_gets_the_underscore_spelling() -> None:
    # ziplab/LITv2#13, bytedance/xpu-perf#58: older torchrun knows only --nproc_per_node
    found = classify(FailureEvidence(
        cluster="lonestar6", script=TORCHRUN_ONE,
        stderr="torchrun: error: unrecognized arguments: --nproc-per-node=4\n"))
    assert found[0].record_id == "torch-launcher-hyphen-option"
    fixed = apply_fix(TORCHRUN_ONE, found[0].fix, get_profile("lonestar6"))
    assert "torchrun --nproc_per_node=4 train.py --epochs 3" in fixed
    assert "--nproc-per-node" not in fixed


def test_the_programs_own_unknown_argument_is_not_torchruns() -> None:
    log = "train.py: error: unrecognized arguments: --local-rank=0\n"
    assert all(d.record_id != "torch-launcher-hyphen-option" for d in classify(
        FailureEvidence(cluster="lonestar6", stderr=log, script=TORCHRUN_ONE)))


def test_deepspeeds_op_builder_without_cuda_home_loads_a_cuda_module() -> None:
    # deepspeedai/DeepSpeed#2772, thinhlpg/vixtts-demo#12
    log = ("deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, "
           "unable to compile CUDA op(s)\n")
    found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN_TORCHRUN))
    assert found[0].record_id == "cuda-home-unset"
    assert [op.op for op in found[0].fix.ops] == ["add_module"]
    assert found[0].fix.ops[0].name.startswith("cuda")  # type: ignore[union-attr]


def test_apex_loss_scale_halved_to_nothing_is_underflow_but_a_high_scale_is_not() -> None:
    # NVIDIA/apex#834 (scale reaches 0), apex#318 (1e-312); apex#493 (256: still training)
    for log in ("Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 0.0\n",
                "Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to "
                "8.289046e-317\n"):
        assert _first(log, TORCHRUN_ONE) == ("fp16-loss-scale-underflow", "not_script")
    high = "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to 256.0\n"
    assert all(d.record_id != "fp16-loss-scale-underflow" for d in classify(
        FailureEvidence(cluster="delta", stderr=high, script=TORCHRUN_ONE)))


DS_HOSTFILE = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
               "#SBATCH --gpus-per-node=4\n#SBATCH --time=04:00:00\n"
               "deepspeed --num_gpus 4 --num_nodes 2 --hostfile hostfile train.py\n")


def test_the_older_deepspeed_runners_failing_ssh_is_its_ssh_check() -> None:
    # deepspeedai/DeepSpeed#4649: the runner's `ssh HOST hostname -I` of DeepSpeed before its
    # passwordless-ssh check, read as the check's wording; on Slurm the ranks start by srun
    log = ("subprocess.CalledProcessError: Command '['ssh deepspeed-helloworld-worker-0 "
           "hostname -I']' returned non-zero exit status 255.\n")
    assert canonical_lines(log) == ["Command 'ssh -o PasswordAuthentication=no "
                                    "deepspeed-helloworld-worker-0 hostname' returned non-zero "
                                    "exit status 255."]
    first = classify(FailureEvidence(cluster="delta", stderr=log, script=DS_HOSTFILE))[0]
    assert (first.record_id, first.method, first.verdict) == ("deepspeed-ssh-check",
                                                              "signature", "script")


def test_a_view_to_the_wrong_size_and_a_channel_mismatch_are_the_programs() -> None:
    # tulerfeng/Video-R1#31 (rank-prefixed), sanghyun-son/EDSR-PyTorch#239 (old wording, srun)
    for log, record in (
            ("[rank4]:     rewards_per_device = gathered_rewards.view(num_devices, "
             "self.num_generations)\n[rank4]: RuntimeError: shape '[2, 8]' is invalid for input "
             "of size 17\n", "tensor-view-shape-invalid"),
            ("RuntimeError: Given groups=1, weight of size 128 4 2 2, expected input[175, 3, 256, "
             "256] to have 4 channels, but got 3 channels instead\nsrun: error: j-071: task 0: "
             "Exited with exit code 1\n", "conv-input-channels-mismatch")):
        first = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN_TORCHRUN))[0]
        assert (first.record_id, first.verdict, first.method) == (record, "not_script",
                                                                  "signature")


def test_a_busy_slurm_controller_is_not_the_script() -> None:
    # snakemake-executor-plugin-slurm#313; ai-dynamo/nixl#1980 (srun then says the job expired)
    for log in ("WorkflowError:\nSLURM sbatch failed. The error message was sbatch: error: Batch "
                "job submission failed: Unexpected message received\n",
                "srun: error: Unable to confirm allocation for job 1632417: Socket timed out on "
                "send/recv operation\nsrun: Check SLURM_JOB_ID environment variable. Expired or "
                "invalid job 1632417\n"):
        found = classify(FailureEvidence(cluster="delta", stderr=log, script=SRUN_TORCHRUN))
        assert (found[0].record_id, found[0].verdict) == ("slurm-controller-busy", "not_script")
        assert not found[0].fix.ops
