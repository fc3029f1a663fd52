"""A dataset whose length is larger than its list of samples (a bug in the user's data code)."""
import torch
from torch.utils.data import DataLoader, Dataset


class Samples(Dataset):
    def __init__(self) -> None:
        self.items = [torch.randn(64) for _ in range(100)]

    def __len__(self) -> int:
        return 128

    def __getitem__(self, i: int) -> torch.Tensor:
        return self.items[i]


model = torch.nn.Linear(64, 10).cuda()
for batch in DataLoader(Samples(), batch_size=16, num_workers=2, shuffle=True):
    model(batch.cuda()).sum().backward()
print("done")
