"""A tiny DDP training loop: one rank per GPU, its GPU taken from LOCAL_RANK (0 when unset)."""
import os

import torch
import torch.distributed as dist

local_rank = int(os.environ.get("LOCAL_RANK", 0))
torch.cuda.set_device(local_rank)
dist.init_process_group("nccl")
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(64, 64).cuda(),
                                                  device_ids=[local_rank])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(5):
    loss = model(torch.randn(32, 64, device="cuda")).square().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(f"rank {dist.get_rank()} of {dist.get_world_size()} done, loss {loss.item():.4f}", flush=True)
dist.destroy_process_group()
