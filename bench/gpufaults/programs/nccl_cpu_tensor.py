"""A DDP program that all-reduces a CPU tensor on an NCCL-only group (a bug in user code)."""
import os

import torch
import torch.distributed as dist

torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", 0)))
dist.init_process_group("nccl")
count = torch.tensor([1.0])
dist.all_reduce(count)
print(f"rank {dist.get_rank()} count {count.item()}", flush=True)
dist.destroy_process_group()
