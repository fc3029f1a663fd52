"""A model whose parameters need more memory than the GPU has (the model's size, not the job's)."""
import torch

free, total = torch.cuda.mem_get_info()
n = int(total * 1.5) // 4
print(f"building a layer of {n * 4 / 2**30:.0f} GiB on a {total / 2**30:.0f} GiB GPU", flush=True)
weights = torch.nn.Parameter(torch.empty(n, device="cuda"))
print(weights.shape)
