"""Tiny torch.distributed check for the twin's tests: gloo all-reduce and a gather of
(host, local rank) over every rank; rank 0 prints one TWIN-REPORT JSON line."""

import json
import os
import socket
from collections import Counter
from datetime import timedelta

import torch
import torch.distributed as dist


def main() -> None:
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    local = int(os.environ.get("LOCAL_RANK", "-1"))
    dist.init_process_group("gloo", timeout=timedelta(seconds=90))
    total = torch.ones(1)
    dist.all_reduce(total)
    seen: list[object] = [None] * world
    dist.all_gather_object(seen, (socket.gethostname(), local, rank))
    if rank == 0:
        per_node = Counter(h for h, _, _ in seen)  # type: ignore[misc]
        print("TWIN-REPORT " + json.dumps({
            "world_size": world, "sum": total.item(), "ranks_per_node": dict(per_node),
            "local_ranks": sorted({lr for _, lr, _ in seen}),  # type: ignore[misc]
            "master_addr": os.environ.get("MASTER_ADDR"),
        }), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
