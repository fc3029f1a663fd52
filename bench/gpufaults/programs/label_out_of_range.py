"""A classifier step whose labels exceed the class count (a data/user-code bug)."""
import torch

logits = torch.randn(8, 5, device="cuda", requires_grad=True)
labels = torch.tensor([0, 1, 2, 3, 4, 7, 1, 2], device="cuda")
loss = torch.nn.functional.cross_entropy(logits, labels)
loss.backward()
print("loss", loss.item())
