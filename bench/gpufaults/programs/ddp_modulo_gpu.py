"""A DDP loop that picks its GPU as LOCAL_RANK modulo the GPUs it sees (a common guard)."""
import os

import torch
import torch.distributed as dist

local_rank = int(os.environ.get("LOCAL_RANK", 0))
gpu = local_rank % torch.cuda.device_count()
torch.cuda.set_device(gpu)
dist.init_process_group("nccl")
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(64, 64).cuda(), device_ids=[gpu])
loss = model(torch.randn(32, 64, device="cuda")).square().mean()
loss.backward()
print(f"rank {dist.get_rank()} done", flush=True)
dist.destroy_process_group()
