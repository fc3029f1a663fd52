"""A model whose layer sizes do not chain (a bug in the user's model code)."""
import torch

model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                            torch.nn.Linear(64, 10)).cuda()
print(model(torch.randn(32, 64, device="cuda")).shape)
