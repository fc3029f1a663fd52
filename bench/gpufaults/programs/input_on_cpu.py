"""The model is moved to the GPU but the batch is not (a bug in the user's training code)."""
import torch

model = torch.nn.Linear(64, 10).cuda()
print(model(torch.randn(32, 64)).shape)
