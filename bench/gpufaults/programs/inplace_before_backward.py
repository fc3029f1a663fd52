"""An activation changed in place before backward (a bug in the user's model code)."""
import torch

w = torch.randn(64, 64, device="cuda", requires_grad=True)
h = (torch.randn(32, 64, device="cuda") @ w).sigmoid()
h.mul_(2)
h.sum().backward()
print(w.grad.norm())
