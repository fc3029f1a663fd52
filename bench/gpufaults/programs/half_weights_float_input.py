"""Half-precision weights fed a float32 batch without autocast (a bug in the user's code)."""
import torch

model = torch.nn.Linear(64, 10).cuda().half()
print(model(torch.randn(32, 64, device="cuda")).shape)
