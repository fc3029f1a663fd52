"""A loop that trains on the GPU and averages its metric over ranks with gloo (CPU tensors)."""
import os

import torch
import torch.distributed as dist

torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", 0)))
dist.init_process_group("gloo")
loss = torch.nn.Linear(64, 1).cuda()(torch.randn(32, 64, device="cuda")).square().mean()
metric = torch.tensor([loss.item()])
dist.all_reduce(metric)
print(f"rank {dist.get_rank()} mean loss {metric.item() / dist.get_world_size():.4f}", flush=True)
dist.destroy_process_group()
