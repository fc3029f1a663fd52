"""Verification mini-app: Hugging Face Accelerate (DDP) on a tiny GPT-2.

The ``Accelerator`` initialises the process group (``cpu=True`` when there is no GPU); the run
ends with ``wait_for_everyone()`` and ``destroy_process_group()`` for a clean exit. User
arguments are ignored. Prints one ``MAPLE_MINIAPP_REPORT {json}`` line per rank.
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import os  # noqa: E402
import sys  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _runtime import Ctx, batch, check_loss, check_params_equal, run_miniapp, tiny_gpt2  # noqa: E402


def _imports() -> None:
    import _gpt2  # noqa: F401
    import accelerate  # noqa: F401


def _init(ctx: Ctx) -> None:
    import torch.distributed as dist
    from accelerate import Accelerator

    acc = Accelerator(cpu=not ctx.gpu)
    ctx.extra["accelerator"] = acc
    ctx.report.step["distributed_type"] = str(acc.distributed_type)
    if acc.num_processes != ctx.info.world_size or acc.process_index != ctx.info.rank:
        ctx.report.errors.append(
            f"init: Accelerate sees process {acc.process_index} of {acc.num_processes}, "
            f"the env says rank {ctx.info.rank} of {ctx.info.world_size}"
        )
    if ctx.info.world_size > 1 and "MULTI" not in str(acc.distributed_type):
        ctx.report.errors.append(f"init: Accelerate chose {acc.distributed_type}: one process")
    if not dist.is_initialized():
        raise RuntimeError(f"Accelerate ({acc.distributed_type}) started no process group")
    ctx.report.backend = dist.get_backend()


def _step(ctx: Ctx) -> None:
    import torch

    acc = ctx.extra["accelerator"]
    model = tiny_gpt2()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model, opt = acc.prepare(model, opt)
    tokens = batch(ctx).to(acc.device)
    loss = model(input_ids=tokens, labels=tokens).loss
    acc.backward(loss)
    opt.step()
    check_loss(ctx, loss)
    check_params_equal(ctx, acc.unwrap_model(model).parameters())
    acc.wait_for_everyone()


if __name__ == "__main__":
    run_miniapp("accelerate_ddp", _imports, _step, init=_init, t_start=T0)
