"""Resuming from a checkpoint written by another model definition (the user's code)."""
import torch

old = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.Linear(16, 4))
torch.save(old.state_dict(), "/tmp/ckpt.pt")
new = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
new.load_state_dict(torch.load("/tmp/ckpt.pt"))
print("resumed")
