"""A training step whose loss takes the log of a negative number (a numerics bug in the
user's model), with anomaly detection on, as users turn it on to find NaNs."""
import torch

torch.autograd.set_detect_anomaly(True)
x = torch.randn(16, 8, device="cuda")
w = torch.randn(8, 1, device="cuda", requires_grad=True)
loss = torch.log(x @ w - 100.0).mean()
loss.backward()
print("loss", loss.item())
