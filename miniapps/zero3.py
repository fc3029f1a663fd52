"""Verification mini-app: DeepSpeed ZeRO-3 on a tiny GPT-2 (built inside ``zero.Init``).

The user's DeepSpeed config (``--deepspeed_config``, ``--deepspeed-config``, ``--deepspeed`` or
``--ds_config`` among the ignored user arguments) is read when the file exists, with the keys
that would make a one-step check fail or compile kernels replaced (ZeRO stage 3, batch sizes,
optimizer, scheduler; fp16/bf16 off on CPU); otherwise an inline config is used. The optimizer
is torch AdamW (FusedAdam would compile for about 70 s). The model (``_gpt2``, torch only) is
built inside ``deepspeed.zero.Init``, so its parameters are partitioned as they are created.
Prints one report line per rank.
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _runtime import Ctx, batch, check_loss, run_miniapp, tiny_gpt2  # noqa: E402

CONFIG_FLAGS = ("--deepspeed_config", "--deepspeed-config", "--deepspeed", "--ds_config")


def config_path(argv: list[str]) -> str | None:
    """The DeepSpeed config file named among the user's arguments, if any."""
    for i, arg in enumerate(argv):
        flag, eq, value = arg.partition("=")
        if flag in CONFIG_FLAGS:
            if eq:
                return value
            if i + 1 < len(argv) and not argv[i + 1].startswith("-"):
                return argv[i + 1]
    return None


def _drop_auto(node: Any, where: str, dropped: list[str]) -> Any:
    """Remove HF-Trainer ``"auto"`` values, which only the Trainer fills in."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if value == "auto":
                dropped.append(f"{where}{key}=auto")
            else:
                out[key] = _drop_auto(value, f"{where}{key}.", dropped)
        return out
    return node


def ds_config(argv: list[str], gpu: bool) -> tuple[dict[str, Any], str, list[str]]:
    """(config, its source, notes): the user's config with the one-step overrides, or inline."""
    path, notes = config_path(argv), []
    cfg: dict[str, Any] = {}
    if path and os.path.isfile(path):
        with open(path) as fh:
            cfg = json.load(fh)
    elif path:
        notes.append(f"DeepSpeed config {path} not found: using an inline config")
    source = path if path and os.path.isfile(path) else "inline"
    dropped: list[str] = []
    cfg = _drop_auto(cfg, "", dropped)
    dropped += [k for k in ("optimizer", "scheduler", "train_batch_size") if cfg.pop(k, None)]
    if not gpu:
        dropped += [k for k in ("fp16", "bf16") if cfg.pop(k, None)]
    zero = cfg.setdefault("zero_optimization", {})
    if zero.get("stage", 3) != 3:
        dropped.append(f"zero_optimization.stage={zero['stage']}")
    zero["stage"] = 3
    for key in ("offload_param", "offload_optimizer"):  # CPU offload compiles on first use
        if zero.pop(key, None):
            dropped.append(f"zero_optimization.{key}")
    cfg.update({"train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 1,
                "steps_per_print": 1000000, "wall_clock_breakdown": False})
    if dropped:
        notes.append(f"DeepSpeed config: replaced {', '.join(dropped)} for the check")
    return cfg, source, notes


def _imports() -> None:
    import _gpt2  # noqa: F401
    import deepspeed  # noqa: F401


def _init(ctx: Ctx) -> None:
    import deepspeed
    import deepspeed.comm.torch

    if not ctx.gpu:  # the CPU shared-memory all-reduce op compiles for ~25 s on first use
        # sys.modules: the attribute deepspeed.comm.torch is shadowed by the torch package
        ds_comm: Any = sys.modules["deepspeed.comm.torch"]
        ds_comm.build_shm_op = lambda: None
        ctx.report.notes.append("DeepSpeed CPU shm comm op disabled (no compile); gloo used")
    # on XPU DeepSpeed's accelerator names its own backend (ccl/xccl)
    backend = None if ctx.device.type == "xpu" else ctx.backend
    deepspeed.init_distributed(dist_backend=backend, auto_mpi_discovery=False,
                               timeout=ctx.timeout)


def _step(ctx: Ctx) -> None:
    import deepspeed
    import torch

    cfg, ctx.report.step["ds_config"], notes = ds_config(ctx.argv, ctx.gpu)
    ctx.report.notes.extend(notes)
    with deepspeed.zero.Init(config_dict_or_path=cfg):  # ZeRO-3: partitioned as it is built
        model = tiny_gpt2()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    engine, *_ = deepspeed.initialize(model=model, optimizer=opt, config=cfg)
    tokens = batch(ctx)
    loss = engine(input_ids=tokens, labels=tokens).loss
    engine.backward(loss)
    engine.step()
    check_loss(ctx, loss)
    ctx.report.step["zero_stage"] = engine.zero_optimization_stage()
    ctx.report.step["zero_init"] = all(hasattr(p, "ds_id") for p in model.parameters())
    if engine.zero_optimization_stage() != 3:
        ctx.report.errors.append(f"step: ZeRO stage {engine.zero_optimization_stage()} != 3")


if __name__ == "__main__":
    run_miniapp("zero3", _imports, _step, init=_init, t_start=T0)
