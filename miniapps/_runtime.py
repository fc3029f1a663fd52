"""The torch side shared by the mini-apps: device, process group, collectives, checks, exit.

A mini-app gives ``run_miniapp`` its name and three callbacks (import its framework, initialise
the process group, run one training step); everything else (rank env, rendezvous, collectives,
device-model and rendezvous checks, the report line, a clean exit) happens here.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any, NoReturn

import _perf
from _common import (
    JOB_LAYOUT_FILE,
    REPORT_PREFIX,
    REPORTS_DIR,
    MiniAppError,
    RankInfo,
    Report,
    can_bind,
    check_layout,
    check_rendezvous,
    derive_rank_info,
    env_snapshot,
    gpus_per_node,
    pick_device,
    ranks_per_node_wanted,
    rendezvous,
)

VOCAB, SEQ, BATCH = 256, 16, 2


@dataclass
class Ctx:
    """What a mini-app's callbacks get: rank info, the torch device, the report to fill."""

    info: RankInfo
    device: Any  # torch.device
    backend: str
    gpu: bool
    report: Report
    argv: list[str]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def timeout(self) -> timedelta:
        """Process-group timeout: MAPLE_MINIAPP_TIMEOUT_S seconds (default 300)."""
        return timedelta(seconds=float(os.environ.get("MAPLE_MINIAPP_TIMEOUT_S", "300")))


def gpt2_config() -> Any:
    """A tiny GPT-2 config: 2 layers, width 32, byte-sized vocabulary."""
    from _gpt2 import GPT2Config

    return GPT2Config(vocab_size=VOCAB, n_positions=64, n_embd=32, n_layer=2, n_head=2)


def tiny_gpt2() -> Any:
    """The tiny GPT-2 (``_gpt2``, torch only) with the same initial weights on every rank."""
    from _gpt2 import build

    return build(gpt2_config(), seed=1234)


def batch(ctx: Ctx) -> Any:
    """A random token batch that differs per rank (so gradients must be averaged)."""
    import torch

    gen = torch.Generator().manual_seed(100 + ctx.info.rank)
    return torch.randint(0, VOCAB, (BATCH, SEQ), generator=gen).to(ctx.device)


def check_loss(ctx: Ctx, loss: Any) -> float:
    """Record the step's loss; a non-finite loss is an error."""
    value = float(loss.detach().float().cpu().item())
    ctx.report.step.update({"ok": math.isfinite(value), "loss": value})
    if not math.isfinite(value):
        ctx.report.errors.append(f"step: loss is not finite ({value})")
    return value


#: Relative spread of the ranks' parameter checksums still taken as equal. Ranks whose
#: intra-op thread counts differ split the optimizer's elementwise loops differently, and
#: vector and scalar code round the last bit differently (seen on the warm twin: 1.1e-8).
#: A step taken without averaging gradients moves every parameter by about AdamW's lr (1e-3)
#: in a rank-dependent direction: orders of magnitude above this bound.
CHECKSUM_RTOL = 1e-7


def checksums_agree(sums: list[float]) -> bool:
    """Whether the ranks' parameter checksums are equal up to float32 rounding."""
    return max(sums) - min(sums) <= CHECKSUM_RTOL * max(1.0, max(abs(s) for s in sums))


def check_params_equal(ctx: Ctx, params: Any) -> None:
    """For data parallel: a checksum of all parameters must be equal on every rank."""
    import torch.distributed as dist

    total = sum(float(p.detach().double().abs().sum().item()) for p in params)
    sums: list[Any] = [None] * ctx.info.world_size
    dist.all_gather_object(sums, total)
    ctx.report.step["param_checksum_spread"] = max(sums) - min(sums)
    ctx.report.step["param_checksums_equal"] = checksums_agree(sums)
    if not ctx.report.step["param_checksums_equal"]:
        ctx.report.step["ok"] = False
        ctx.report.errors.append(f"step: parameters differ across ranks after the step ({sums})")


def _place(local_rank: int, n_devices: int | None, report: Report) -> int:
    """Logical device index; a bad mapping is recorded (not raised) so that every rank still
    joins the collectives and reports, instead of leaving its peers waiting for a timeout."""
    try:
        index, report.modelled_device = pick_device(local_rank, n_devices, os.environ)
        return index
    except MiniAppError as exc:
        report.errors.append(f"device: {exc}")
        return local_rank % n_devices if n_devices else 0


def _uuid(api: Any, index: int) -> str | None:
    """The GPU's UUID: with cgroup-constrained GPUs every rank may see its own GPU as device 0,
    so duplicates on real hardware are judged by UUID, not by the visible index."""
    try:
        uuid = getattr(api.get_device_properties(index), "uuid", None)
    except Exception:  # an older runtime without device properties
        return None
    return str(uuid) if uuid else None


def _select_device(info: RankInfo, report: Report) -> tuple[Any, str, bool]:
    """(torch device, backend, on a GPU): CUDA/ROCm with NCCL, Intel XPU with xccl, else CPU
    with gloo. MAPLE_MINIAPP_BACKEND overrides the backend."""
    import torch

    forced = os.environ.get("MAPLE_MINIAPP_BACKEND", "").strip()
    if torch.cuda.is_available() and torch.cuda.device_count() > 0:
        index = _place(info.local_rank, torch.cuda.device_count(), report)
        torch.cuda.set_device(index)
        report.device_uuid = _uuid(torch.cuda, index)
        return torch.device("cuda", index), forced or "nccl", True
    xpu = getattr(torch, "xpu", None)
    if xpu is not None and xpu.is_available() and xpu.device_count() > 0:
        index = _place(info.local_rank, xpu.device_count(), report)
        xpu.set_device(index)
        report.device_uuid = _uuid(xpu, index)
        if getattr(torch.distributed, "is_xccl_available", lambda: False)():
            return torch.device("xpu", index), forced or "xccl", True
        import oneccl_bindings_for_pytorch  # type: ignore[import-not-found]  # noqa: F401

        return torch.device("xpu", index), forced or "ccl", True
    _place(info.local_rank, None, report)
    return torch.device("cpu"), forced or "gloo", False


def default_init(ctx: Ctx) -> None:
    """Plain ``init_process_group`` from the env (MASTER_ADDR/PORT, RANK, WORLD_SIZE)."""
    import torch.distributed as dist

    dist.init_process_group(
        backend=ctx.backend, init_method="env://", rank=ctx.info.rank,
        world_size=ctx.info.world_size, timeout=ctx.timeout,
    )


def _collectives(ctx: Ctx) -> None:
    import torch
    import torch.distributed as dist

    n, rank = ctx.info.world_size, ctx.info.rank
    t = torch.tensor([rank + 1], dtype=torch.int64, device=ctx.device)
    dist.all_reduce(t)
    value, expected = int(t.item()), n * (n + 1) // 2
    ctx.report.collectives["allreduce"] = {"ok": value == expected, "value": value,
                                           "expected": expected}
    outs = [torch.zeros(1, dtype=torch.int64, device=ctx.device) for _ in range(n)]
    dist.all_gather(outs, torch.tensor([rank], dtype=torch.int64, device=ctx.device))
    got = [int(o.item()) for o in outs]
    good = got == list(range(n))
    short = n <= 64 or not good  # keep the line short for big jobs
    ctx.report.collectives["allgather"] = {"ok": good, "value": got if short else None,
                                           "expected": list(range(n)) if short else None}
    for name, res in ctx.report.collectives.items():
        if not res["ok"]:
            ctx.report.errors.append(
                f"collective {name} wrong: got {res['value']}, expected {res['expected']}")


def _device_model(ctx: Ctx) -> None:
    import torch.distributed as dist

    rep = ctx.report
    per_node = gpus_per_node(os.environ)
    wanted = ranks_per_node_wanted(_read_beside(JOB_LAYOUT_FILE))
    mine = (rep.host, rep.device_uuid or rep.modelled_device)
    placements: list[Any] = [None] * ctx.info.world_size
    dist.all_gather_object(placements, mine)
    hosts = [h for h, _ in placements]
    ctx.extra["hosts"] = hosts
    counts = {h: hosts.count(h) for h in dict.fromkeys(hosts)}
    rep.device_model = {"gpus_per_node": per_node, "ranks_per_node_wanted": wanted,
                        "ranks_per_host": counts,
                        "rank0_host": hosts[0], "checked": per_node is not None or ctx.gpu}
    if per_node is None and not ctx.gpu:
        rep.notes.append("device model not checked: no GPU and MAPLE_TWIN_GPUS_PER_NODE unset")
    else:
        rep.errors.extend(check_layout([(h, d) for h, d in placements], per_node, wanted))
    owns = can_bind if ctx.info.rank == 0 else None
    found = check_rendezvous(rep.master_addr or "", hosts, rank0_owns=owns)
    verdicts: list[Any] = [None] * ctx.info.world_size
    dist.all_gather_object(verdicts, found)
    rep.errors.extend(verdicts[0])  # rank 0 alone can test its own interfaces


def _read_beside(name: str) -> str | None:
    """The text of file ``name`` beside the mini-apps, or None when there is none."""
    try:
        return (Path(__file__).resolve().parent / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _save(report: Report, line: str) -> None:
    """Also keep the report as a file beside the mini-apps (shared by every node of a job).

    Launchers forward output in chunks (srun: 1 KiB), so a long line can be cut by another
    rank's output; the file is what the verifier reads first.
    """
    folder = Path(__file__).resolve().parent / REPORTS_DIR
    name = f"rank-{report.rank}.json" if report.rank is not None else f"pid-{os.getpid()}.json"
    try:
        folder.mkdir(exist_ok=True)
        (folder / name).write_text(line[len(REPORT_PREFIX):] + "\n", encoding="utf-8")
    except OSError:
        pass  # a read-only location: stdout still carries the report


def _finish(report: Report, code: int | None = None) -> NoReturn:
    sys.stdout.flush()
    sys.stderr.flush()
    line = report.line()
    _save(report, line)
    os.write(1, (line + "\n").encode())  # one write: short lines of ranks do not interleave
    os._exit(code if code is not None else (0 if report.ok else 1))


def _adopt_rank(report: Report, info: RankInfo) -> None:
    report.rank, report.local_rank, report.world_size = info.rank, info.local_rank, info.world_size
    report.node_rank, report.rank_source = info.node_rank, info.source
    for key, value in (("RANK", info.rank), ("LOCAL_RANK", info.local_rank),
                       ("WORLD_SIZE", info.world_size)):
        os.environ[key] = str(value)  # the frameworks read the torchrun names


def run_miniapp(
    setup: str,
    imports: Callable[[], None],
    train_step: Callable[[Ctx], None],
    init: Callable[[Ctx], None] = default_init,
    t_start: float | None = None,
) -> NoReturn:
    """Run the whole mini-app for this rank, print its report line, and exit."""
    t0 = t_start if t_start is not None else time.perf_counter()
    report = Report(setup=setup, env=env_snapshot(os.environ))
    phase = "env"
    try:
        info = derive_rank_info(os.environ)
        _adopt_rank(report, info)
        report.master_addr, report.master_port = rendezvous(os.environ)
        phase = "import"
        t = time.perf_counter()
        import torch.distributed as dist

        imports()
        report.timings["import_s"] = round(time.perf_counter() - t, 4)
        phase = "device"
        device, backend, gpu = _select_device(info, report)
        report.device, report.backend = str(device), backend
        ctx = Ctx(info, device, backend, gpu, report, sys.argv[1:])
        phase = "init"
        t = time.perf_counter()
        init(ctx)
        report.timings["init_s"] = round(time.perf_counter() - t, 4)
        report.backend = str(dist.get_backend())
        phase = "collectives"
        t = time.perf_counter()
        _collectives(ctx)
        _device_model(ctx)
        report.timings["collectives_s"] = round(time.perf_counter() - t, 4)
        phase = "step"
        t = time.perf_counter()
        train_step(ctx)
        report.timings["step_s"] = round(time.perf_counter() - t, 4)
        if _perf.enabled():
            phase = "perf"
            t = time.perf_counter()
            report.perf = _perf.measure(ctx, ctx.extra["hosts"])
            report.timings["perf_s"] = round(time.perf_counter() - t, 4)
        phase = "teardown"
        dist.barrier()
        dist.destroy_process_group()
        report.timings["total_s"] = round(time.perf_counter() - t0, 4)
    except BaseException as exc:
        report.errors.append(f"{phase}: {type(exc).__name__}: {exc}".strip())
        report.timings["total_s"] = round(time.perf_counter() - t0, 4)
        _finish(report, 2 if phase == "env" else 1)
    _finish(report)
