"""DDP over a model with a branch that is never used (a user-code bug DDP reports)."""
import os

import torch
import torch.distributed as dist


class Net(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.used = torch.nn.Linear(16, 16)
        self.unused = torch.nn.Linear(16, 16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.used(x)


local_rank = int(os.environ.get("LOCAL_RANK", 0))
torch.cuda.set_device(local_rank)
dist.init_process_group("nccl")
model = torch.nn.parallel.DistributedDataParallel(Net().cuda(), device_ids=[local_rank])
for step in range(3):
    model(torch.randn(4, 16, device="cuda")).sum().backward()
    print("step", step, flush=True)
dist.destroy_process_group()
