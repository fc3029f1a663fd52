"""Verification mini-app: PyTorch FSDP (``fully_shard``) on a tiny GPT-2.

One training step, one all-reduce, one all-gather; user arguments are ignored. Prints one
``MAPLE_MINIAPP_REPORT {json}`` line per rank.
"""

from __future__ import annotations

import time

T0 = time.perf_counter()

import os  # noqa: E402
import sys  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _runtime import Ctx, batch, check_loss, run_miniapp, tiny_gpt2  # noqa: E402


def _imports() -> None:
    import _gpt2  # noqa: F401
    import torch.distributed.fsdp  # noqa: F401


def _step(ctx: Ctx) -> None:
    import torch
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard

    mesh = init_device_mesh(ctx.device.type, (ctx.info.world_size,))
    model = tiny_gpt2().to(ctx.device)
    for block in model.blocks:
        fully_shard(block, mesh=mesh)
    fully_shard(model, mesh=mesh)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    tokens = batch(ctx)
    loss = model(input_ids=tokens, labels=tokens).loss
    loss.backward()
    opt.step()
    check_loss(ctx, loss)
    ctx.report.step["sharded_params"] = sum(p.to_local().numel() for p in model.parameters())


if __name__ == "__main__":
    run_miniapp("fsdp", _imports, _step, t_start=T0)
