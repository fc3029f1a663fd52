"""The DDP loop of ddp_train.py with a 20 s process-group timeout (the user's own choice), so a
rank that never comes is reported in seconds, not half an hour."""
import datetime
import os

import torch
import torch.distributed as dist

local_rank = int(os.environ.get("LOCAL_RANK", 0))
torch.cuda.set_device(local_rank)
dist.init_process_group("nccl", timeout=datetime.timedelta(seconds=20))
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(64, 64).cuda(),
                                                  device_ids=[local_rank])
print(f"rank {dist.get_rank()} of {dist.get_world_size()} ready", flush=True)
dist.destroy_process_group()
