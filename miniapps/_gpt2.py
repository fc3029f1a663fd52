"""A small self-contained GPT-2 for the mini-apps (torch only: no transformers, no downloads).

Token + position embeddings, pre-LayerNorm blocks (causal self-attention through
``scaled_dot_product_attention``, GELU MLP), a final LayerNorm and an LM head tied to the token
embedding; the loss is cross-entropy on labels shifted by one, as in GPT-2.

GPT-2 initialisation (weights normal(0, 0.02), residual projections scaled by
1/sqrt(2 * n_layer), biases zero, LayerNorm one/zero) happens in each layer's own
``reset_parameters``, i.e. inside its constructor, so it also holds under DeepSpeed's
``zero.Init``, which partitions a module's parameters as soon as its constructor returns: an
init pass over the finished model would only see empty partitions there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import nn


@dataclass(frozen=True)
class GPT2Config:
    """Model shape (the names follow Hugging Face's GPT2Config)."""

    vocab_size: int = 256
    n_positions: int = 64
    n_embd: int = 32
    n_layer: int = 2
    n_head: int = 2
    layer_norm_epsilon: float = 1e-5
    initializer_range: float = 0.02

    def __post_init__(self) -> None:
        if self.n_embd % self.n_head:
            raise ValueError(f"n_embd {self.n_embd} is not a multiple of n_head {self.n_head}")


class Output(NamedTuple):
    """What the model returns: the loss (None without labels) and the logits."""

    loss: torch.Tensor | None
    logits: torch.Tensor


class Linear(nn.Linear):
    """``nn.Linear`` with GPT-2's init: weight normal(0, std), bias zero."""

    def __init__(self, n_in: int, n_out: int, std: float, bias: bool = True) -> None:
        self.std = std  # read by reset_parameters, which nn.Linear.__init__ calls
        super().__init__(n_in, n_out, bias=bias)

    def reset_parameters(self) -> None:
        """GPT-2 init, run by the constructor."""
        nn.init.normal_(self.weight, mean=0.0, std=self.std)
        if self.bias is not None:
            nn.init.zeros_(self.bias)


class Embedding(nn.Embedding):
    """``nn.Embedding`` with GPT-2's init: normal(0, std)."""

    def __init__(self, num: int, dim: int, std: float) -> None:
        self.std = std
        super().__init__(num, dim)

    def reset_parameters(self) -> None:
        """GPT-2 init, run by the constructor."""
        nn.init.normal_(self.weight, mean=0.0, std=self.std)


class Attention(nn.Module):
    """Causal multi-head self-attention."""

    def __init__(self, cfg: GPT2Config) -> None:
        super().__init__()
        self.n_head = cfg.n_head
        self.qkv = Linear(cfg.n_embd, 3 * cfg.n_embd, cfg.initializer_range)
        self.proj = Linear(cfg.n_embd, cfg.n_embd, _residual_std(cfg))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """(batch, seq, n_embd) -> (batch, seq, n_embd)."""
        b, t, c = x.shape
        q, k, v = (
            z.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
            for z in self.qkv(x).split(c, dim=2)
        )
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        out: torch.Tensor = self.proj(y.transpose(1, 2).reshape(b, t, c))
        return out


class Block(nn.Module):
    """Pre-LayerNorm transformer block: x + attn(ln(x)), then x + mlp(ln(x))."""

    def __init__(self, cfg: GPT2Config) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(cfg.n_embd, eps=cfg.layer_norm_epsilon)
        self.attn = Attention(cfg)
        self.ln_2 = nn.LayerNorm(cfg.n_embd, eps=cfg.layer_norm_epsilon)
        self.fc = Linear(cfg.n_embd, 4 * cfg.n_embd, cfg.initializer_range)
        self.proj = Linear(4 * cfg.n_embd, cfg.n_embd, _residual_std(cfg))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """(batch, seq, n_embd) -> (batch, seq, n_embd)."""
        x = x + self.attn(self.ln_1(x))
        out: torch.Tensor = x + self.proj(F.gelu(self.fc(self.ln_2(x)), approximate="tanh"))
        return out


class GPT2LMHeadModel(nn.Module):
    """GPT-2 language model; ``blocks`` holds the transformer blocks (FSDP shards each)."""

    def __init__(self, cfg: GPT2Config) -> None:
        super().__init__()
        self.config = cfg
        self.wte = Embedding(cfg.vocab_size, cfg.n_embd, cfg.initializer_range)
        self.wpe = Embedding(cfg.n_positions, cfg.n_embd, cfg.initializer_range)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layer))
        self.ln_f = nn.LayerNorm(cfg.n_embd, eps=cfg.layer_norm_epsilon)
        self.lm_head = Linear(cfg.n_embd, cfg.vocab_size, cfg.initializer_range, bias=False)
        self.lm_head.weight = self.wte.weight  # tied, as in GPT-2

    def forward(self, input_ids: torch.Tensor, labels: torch.Tensor | None = None) -> Output:
        """Logits for every position; with labels, the mean next-token cross-entropy."""
        t = input_ids.shape[1]
        if t > self.config.n_positions:
            raise ValueError(f"sequence length {t} > n_positions {self.config.n_positions}")
        pos = torch.arange(t, device=input_ids.device)
        x = self.wte(input_ids) + self.wpe(pos)
        for block in self.blocks:
            x = block(x)
        logits: torch.Tensor = self.lm_head(self.ln_f(x))
        if labels is None:
            return Output(None, logits)
        loss = F.cross_entropy(
            logits[:, :-1].reshape(-1, logits.shape[-1]).float(), labels[:, 1:].reshape(-1)
        )
        return Output(loss, logits)


def _residual_std(cfg: GPT2Config) -> float:
    """GPT-2 scales the init of projections into the residual stream by 1/sqrt(2 n_layer)."""
    return cfg.initializer_range / math.sqrt(2 * cfg.n_layer)


def build(cfg: GPT2Config, seed: int = 1234) -> GPT2LMHeadModel:
    """The model with weights that depend only on ``cfg`` and ``seed`` (same on every rank)."""
    torch.manual_seed(seed)
    return GPT2LMHeadModel(cfg)
