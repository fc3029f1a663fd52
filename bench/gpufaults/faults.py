"""Produce real failure logs of common launch mistakes with real torch, NCCL and a real GPU.

Each fault runs a tiny program (programs/) the way a broken job script would start it on one
node: too many ranks for the GPUs, ranks without LOCAL_RANK, a CUDA_VISIBLE_DEVICES that names
no GPU, a taken port, a rendezvous that waits for a node never started, a missing launcher, a
bad NCCL interface, and three failures that are not the script's (a label out of range, a model
larger than the GPU, a DDP unused parameter). Their stdout+stderr are the logs of
bench/gpufaults/cases.yaml (make_cases.py). Needs a CUDA GPU and torch; not maple_flow.

    python3 bench/gpufaults/faults.py -o logs.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

PROGRAMS = Path(__file__).resolve().parent / "programs"
DROP = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT", "CUDA_VISIBLE_DEVICES",
        "LOCAL_WORLD_SIZE", "NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME", "PYTORCH_CUDA_ALLOC_CONF",
        "SLURM_JOB_ID")


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def torchrun(*args: str) -> list[str]:
    """The torchrun command line of this Python."""
    return [sys.executable, "-m", "torch.distributed.run", *args]


def prog(name: str) -> str:
    return str(PROGRAMS / name)


def faults() -> dict[str, dict[str, Any]]:
    """Each fault: its processes (argv, extra environment) started together."""
    port = free_port()
    ranks2 = {"WORLD_SIZE": "2", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port)}
    return {
        "nproc-exceeds-gpus": {"procs": [(torchrun("--standalone", "--nproc_per_node=2",
                                                   prog("ddp_train.py")), {})]},
        "ranks-without-local-rank": {"procs": [([sys.executable, prog("ddp_train.py")],
                                                {**ranks2, "RANK": str(r)}) for r in (0, 1)]},
        "visible-devices-name-no-gpu": {"procs": [(torchrun("--standalone", "--nproc_per_node=1",
                                                            prog("ddp_train.py")),
                                                   {"CUDA_VISIBLE_DEVICES": "4,5,6,7"})]},
        "port-taken": {"hold_port": True,
                       "procs": [(torchrun("--nnodes=1", "--nproc_per_node=1",
                                           "--master_addr=127.0.0.1", "--master_port={port}",
                                           prog("ddp_train.py")), {})]},
        "rendezvous-waits-for-second-node": {
            "procs": [(torchrun("--nnodes=2", "--nproc_per_node=1", "--rdzv_backend=c10d",
                                f"--rdzv_endpoint=127.0.0.1:{free_port()}",
                                "--rdzv_conf=join_timeout=20", prog("ddp_train.py")), {})]},
        "no-launcher": {"procs": [([sys.executable, prog("ddp_train.py")], {})]},
        "nccl-socket-ifname-absent": {"procs": [(torchrun("--standalone", "--nproc_per_node=1",
                                                          prog("ddp_train.py")),
                                                 {"NCCL_SOCKET_IFNAME": "ib0"})]},
        "accelerate-processes-exceed-gpus": {
            "procs": [([sys.executable, "-m", "accelerate.commands.launch", "--multi_gpu",
                        "--num_processes", "2", "--num_machines", "1", "--main_process_port",
                        str(free_port()), prog("ddp_train.py")], {})]},
        # batch 2 (expectations in cases_spec.yaml, batch: 2)
        "visible-devices-one-under-torchrun": {"procs": [(torchrun(
            "--standalone", "--nproc_per_node=2", prog("ddp_train.py")),
            {"CUDA_VISIBLE_DEVICES": "0"})]},
        "local-rank-from-global-rank": {"procs": [([sys.executable, prog("ddp_train.py")],
                                                   {**ranks2, "RANK": str(r),
                                                    "LOCAL_RANK": str(r)}) for r in (0, 1)]},
        "master-addr-unresolvable": {"procs": [(torchrun(
            "--nnodes=1", "--nproc_per_node=1", "--master_addr=gpu-node-001-ib.invalid",
            f"--master_port={free_port()}", prog("ddp_train.py")), {})]},
        "world-size-above-ranks": {"procs": [([sys.executable,
                                               prog("ddp_train_short_timeout.py")],
                                              {**ranks2, "RANK": "0", "LOCAL_RANK": "0"})]},
        "nccl-net-ib-without-ib": {"procs": [(torchrun("--standalone", "--nproc_per_node=1",
                                                       prog("ddp_train.py")),
                                              {"NCCL_NET": "IB"})]},
        "loss-goes-nan": {"procs": [([sys.executable, prog("loss_goes_nan.py")], {})]},
        "model-shape-mismatch": {"procs": [([sys.executable, prog("shape_mismatch.py")], {})]},
        "checkpoint-keys-mismatch": {"procs": [([sys.executable, prog("checkpoint_keys.py")],
                                                {})]},
        "label-out-of-range": {"procs": [([sys.executable, prog("label_out_of_range.py")], {})]},
        "model-larger-than-gpu": {"procs": [([sys.executable, prog("model_too_big.py")], {})]},
        "ddp-unused-parameter": {"procs": [(torchrun("--standalone", "--nproc_per_node=1",
                                                     prog("unused_parameter.py")), {})]},
        **batch3(),
    }


def batch3() -> dict[str, dict[str, Any]]:
    """Batch 3 (session s30; expectations in cases_spec.yaml, batch: 3)."""
    one_rank = ("--standalone", "--nproc_per_node=1")
    return {
        "visible-devices-emptied-for-preprocessing": {"procs": [(torchrun(
            *one_rank, prog("ddp_train.py")), {"CUDA_VISIBLE_DEVICES": ""})]},
        "nproc-from-unset-gpus-per-node": {"procs": [(torchrun(
            "--standalone", "--nproc_per_node=", prog("ddp_train.py")), {})]},
        "torchrun-ranks-share-one-gpu": {"procs": [(torchrun(
            "--standalone", "--nproc_per_node=2", prog("ddp_modulo_gpu.py")), {})]},
        "gloo-socket-ifname-absent": {"procs": [(torchrun(
            *one_rank, prog("gloo_metrics.py")), {"GLOO_SOCKET_IFNAME": "ib0"})]},
        "rdzv-endpoint-host-unset": {"procs": [(torchrun(
            "--nnodes=1", "--nproc_per_node=1", "--rdzv_backend=c10d",
            f"--rdzv_endpoint=:{free_port()}", prog("ddp_train.py")), {})]},
        "alloc-conf-equals-typo": {"procs": [(torchrun(*one_rank, prog("ddp_train.py")),
                                              {"PYTORCH_CUDA_ALLOC_CONF":
                                               "expandable_segments=True"})]},
        "accelerate-config-from-source-site": {"procs": [(
            [sys.executable, "-m", "accelerate.commands.launch", "--config_file",
             "/global/homes/j/jdoe/.cache/huggingface/accelerate/default_config.yaml",
             "--num_processes", "1", prog("ddp_train.py")], {})]},
        "master-port-from-job-id-overflows": {"procs": [(torchrun(
            "--nnodes=1", "--nproc_per_node=1", "--rdzv_backend=c10d",
            "--rdzv_endpoint=127.0.0.1:31435926", prog("ddp_train.py")),
            {"SLURM_JOB_ID": "31415926"})]},
        "input-left-on-cpu": {"procs": [([sys.executable, prog("input_on_cpu.py")], {})]},
        "inplace-before-backward": {"procs": [([sys.executable,
                                                prog("inplace_before_backward.py")], {})]},
        "half-weights-float-input": {"procs": [([sys.executable,
                                                 prog("half_weights_float_input.py")], {})]},
        "dataset-index-error": {"procs": [([sys.executable, prog("dataset_index_error.py")],
                                           {})]},
        "nccl-collective-on-cpu-tensor": {"procs": [(torchrun(*one_rank,
                                                              prog("nccl_cpu_tensor.py")), {})]},
    }


def run_fault(spec: dict[str, Any], timeout: float) -> dict[str, Any]:
    """Start the fault's processes together; their exit codes and interleaved output."""
    base = {k: v for k, v in os.environ.items() if k not in DROP}
    base.update(PYTHONUNBUFFERED="1", OMP_NUM_THREADS="1")
    holder = None
    port = ""
    if spec.get("hold_port"):
        holder = socket.socket()
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = str(holder.getsockname()[1])
    start = time.perf_counter()
    procs = []
    for argv, extra in spec["procs"]:
        argv = [a.replace("{port}", port) for a in argv]
        procs.append((argv, subprocess.Popen(argv, env={**base, **extra},
                                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                             text=True)))
    outputs, codes, timed_out = [], [], []
    for _argv, proc in procs:
        try:
            out, _ = proc.communicate(timeout=max(1.0, timeout - (time.perf_counter() - start)))
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
            timed_out.append(len(codes))
        outputs.append(out)
        codes.append(proc.returncode)
    if holder:
        holder.close()
    return {"argv": [" ".join(a) for a, _ in procs], "rc": codes,
            "seconds": round(time.perf_counter() - start, 1), "killed_at_timeout": timed_out,
            "log": "".join(outputs)}


def meta() -> dict[str, Any]:
    import torch
    gpu = torch.cuda.get_device_name() if torch.cuda.is_available() else None
    return {"host": platform.node(), "python": platform.python_version(),
            "torch": torch.__version__, "cuda": torch.version.cuda,
            "nccl": ".".join(map(str, torch.cuda.nccl.version())) if gpu else None, "gpu": gpu,
            "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--out", required=True, help="JSON file of the logs")
    parser.add_argument("--only", nargs="*", help="fault ids (default: all)")
    parser.add_argument("--batch3", action="store_true", help="only batch 3's faults")
    parser.add_argument("--timeout", type=float, default=90)
    args = parser.parse_args()
    result: dict[str, Any] = {"meta": meta(), "faults": {}}
    for fault_id, spec in faults().items():
        if (args.only and fault_id not in args.only) or (args.batch3 and fault_id not in batch3()):
            continue
        result["faults"][fault_id] = run_fault(spec, args.timeout)
        r = result["faults"][fault_id]
        print(fault_id, r["rc"], r["seconds"], "s", flush=True)
        Path(args.out).write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
