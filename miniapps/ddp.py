"""Verification mini-app: PyTorch DDP on a tiny GPT-2 (one step, one all-reduce, one all-gather).

Run per rank by the launch script under test, e.g. ``torchrun ... miniapps/ddp.py [user args]``;
user arguments are ignored. Prints one ``MAPLE_MINIAPP_REPORT {json}`` line per rank.
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
    import torch.nn.parallel  # noqa: F401


def _step(ctx: Ctx) -> None:
    import torch
    from torch.nn.parallel import DistributedDataParallel as DDP

    model = tiny_gpt2().to(ctx.device)
    ids = [ctx.device.index] if ctx.gpu else None
    ddp = DDP(model, device_ids=ids)
    opt = torch.optim.AdamW(ddp.parameters(), lr=1e-3)
    tokens = batch(ctx)
    loss = ddp(input_ids=tokens, labels=tokens).loss
    loss.backward()
    opt.step()
    check_loss(ctx, loss)
    check_params_equal(ctx, ddp.module.parameters())


if __name__ == "__main__":
    run_miniapp("ddp", _imports, _step, t_start=T0)
