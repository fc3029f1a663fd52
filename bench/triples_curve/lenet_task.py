"""A small training task for the triples throughput curve: LeNet-style CNN on MNIST-sized
synthetic data (28x28, 10 classes; no download), on the GPU the task sees or the CPU.

    python lenet_task.py --epochs 3 --batches 100 --seed {task}

Prints one JSON line: seconds of training, device, final loss.
"""

from __future__ import annotations

import argparse
import json
import time

import torch
from torch import nn


def lenet() -> nn.Module:
    return nn.Sequential(
        nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
        nn.Linear(16 * 5 * 5, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batches", type=int, default=100)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    images = torch.randn(args.batches * args.batch_size, 1, 28, 28)
    labels = torch.randint(0, 10, (args.batches * args.batch_size,))
    model = lenet().to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    loss = torch.tensor(0.0)
    start = time.perf_counter()
    for _ in range(args.epochs):
        for b in range(args.batches):
            x = images[b * args.batch_size:(b + 1) * args.batch_size].to(device)
            y = labels[b * args.batch_size:(b + 1) * args.batch_size].to(device)
            opt.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
    if device.type == "cuda":
        torch.cuda.synchronize()
    print(json.dumps({"train_s": round(time.perf_counter() - start, 3), "device": str(device),
                      "loss": round(float(loss), 4)}))


if __name__ == "__main__":
    main()
