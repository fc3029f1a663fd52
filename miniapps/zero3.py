"""Verification mini-app: DeepSpeed ZeRO-3 on a tiny GPT-2 (built with HfDeepSpeedConfig).

The user's DeepSpeed config (``--deepspeed_config``, ``--deepspeed-config``, ``--deepspeed`` or
``--ds_config`` among the ignored user arguments) is read when the file exists, with the keys
that would make a one-step check fail or compile kernels replaced (ZeRO stage 3, batch sizes,
optimizer, scheduler; fp16/bf16 off on CPU); otherwise an inline config is used. The optimizer
is torch AdamW (FusedAdam would compile for about 70 s). Prints one report line per rank.
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _runtime import Ctx, batch, check_loss, gpt2_config, run_miniapp  # noqa: E402

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


def ds_config(ctx: Ctx) -> dict[str, Any]:
    """The user's config with the one-step overrides, or an inline ZeRO-3 config."""
    path = config_path(ctx.argv)
    cfg: dict[str, Any] = {}
    if path and os.path.isfile(path):
        with open(path) as fh:
            cfg = json.load(fh)
        ctx.report.step["ds_config"] = path
    else:
        if path:
            ctx.report.notes.append(f"DeepSpeed config {path} not found: using an inline config")
        ctx.report.step["ds_config"] = "inline"
    for key in ("optimizer", "scheduler", "train_batch_size"):
        cfg.pop(key, None)
    if not ctx.gpu:
        for key in ("fp16", "bf16"):
            cfg.pop(key, None)
    zero = cfg.setdefault("zero_optimization", {})
    zero.update({"stage": 3})
    for key in ("offload_param", "offload_optimizer"):
        zero.pop(key, None)  # CPU offload compiles an extension on first use
    cfg.update({"train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 1,
                "steps_per_print": 1000000, "wall_clock_breakdown": False})
    return cfg


def _imports() -> None:
    import deepspeed  # noqa: F401
    import transformers.integrations.deepspeed
    import transformers.models.gpt2.modeling_gpt2  # noqa: F401


def _init(ctx: Ctx) -> None:
    import deepspeed
    import deepspeed.comm.torch

    if not ctx.gpu:  # the CPU shared-memory all-reduce op compiles for ~25 s on first use
        # sys.modules: the attribute deepspeed.comm.torch is shadowed by the torch package
        ds_comm: Any = sys.modules["deepspeed.comm.torch"]
        ds_comm.build_shm_op = lambda: None
        ctx.report.notes.append("DeepSpeed CPU shm comm op disabled (no compile); gloo used")
    deepspeed.init_distributed(dist_backend=ctx.backend, auto_mpi_discovery=False,
                               timeout=ctx.timeout)


def _step(ctx: Ctx) -> None:
    import deepspeed
    import torch
    from transformers import GPT2LMHeadModel
    from transformers.integrations import deepspeed as hf_ds

    cfg = ds_config(ctx)
    hf_config: Any = hf_ds.HfDeepSpeedConfig
    keep = hf_config(cfg)  # must stay alive while the model is built: ZeRO-3 init
    torch.manual_seed(1234)
    model_cls: Any = GPT2LMHeadModel
    model = model_cls._from_config(gpt2_config())
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
    del keep


if __name__ == "__main__":
    run_miniapp("zero3", _imports, _step, init=_init, t_start=T0)
