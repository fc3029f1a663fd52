"""Compositional extraction corpus: sentence frames x slot fillers, with the expected JobSpec.

Run: PYTHONPATH=$PWD .venv/bin/python bench/extraction/make_frames.py [--per-frame 120]
Writes bench/extraction/frames.jsonl (deterministic: seed 15). Score it with
    PYTHONPATH=$PWD .venv/bin/python bench/extraction/run.py --cases \
        bench/extraction/frames.jsonl --split {dev|heldout}

Each case's ``style`` is its frame id; the split is by frame: every request of a HELD-OUT
frame is held out. The held-out frames (``HELDOUT_FRAMES``) were written before the extractor
was changed for issue 15, run once on the unchanged code, and are never tuned on.
Slots: cluster (id, name or any alias of templates/clusters/*.yaml, in any case), framework
and strategy (every spelling), size (every form of ``SIZE_FORMS``, digits or words), program
(script or module, with arguments), walltime and account (the profile's example account).
A frame whose words do not give a whole job expects the error a user must get instead.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from maple_flow.knowledge.clusters import iter_profiles

OUT = Path(__file__).with_name("frames.jsonl")
SEED = 15
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
          8: "eight", 9: "nine", 10: "ten", 12: "twelve", 16: "sixteen"}


@dataclass(frozen=True)
class Cluster:
    id: str
    words: tuple[str, ...]
    per_node: int
    account: str


@dataclass(frozen=True)
class Setup:
    words: str
    framework: str
    strategy: str


@dataclass(frozen=True)
class Program:
    text: str
    entrypoint: str
    module: bool
    args: tuple[str, ...]


SETUPS = (
    Setup("torchrun", "pytorch", "ddp"), Setup("PyTorch DDP", "pytorch", "ddp"),
    Setup("DDP", "pytorch", "ddp"), Setup("ddp", "pytorch", "ddp"),
    Setup("distributed data parallel", "pytorch", "ddp"), Setup("pytorch", "pytorch", "ddp"),
    Setup("FSDP", "pytorch", "fsdp"), Setup("fsdp", "pytorch", "fsdp"),
    Setup("fully sharded data parallel", "pytorch", "fsdp"),
    Setup("PyTorch FSDP", "pytorch", "fsdp"),
    Setup("DeepSpeed", "deepspeed", "zero3"), Setup("deepspeed", "deepspeed", "zero3"),
    Setup("DeepSpeed ZeRO-3", "deepspeed", "zero3"), Setup("ZeRO stage 3", "deepspeed", "zero3"),
    Setup("DeepSpeed zero3", "deepspeed", "zero3"), Setup("Deep Speed", "deepspeed", "zero3"),
    Setup("Accelerate", "accelerate", "ddp"), Setup("HF Accelerate", "accelerate", "ddp"),
    Setup("Hugging Face Accelerate", "accelerate", "ddp"), Setup("accelerate", "accelerate", "ddp"),
    Setup("Accelerate with FSDP", "accelerate", "fsdp"),
)
PROGRAMS = (
    Program("train.py", "train.py", False, ()),
    Program("train.py --epochs 10", "train.py", False, ("--epochs", "10")),
    Program("finetune_bert.py", "finetune_bert.py", False, ()),
    Program("finetune_bert.py --model bert-base-uncased --lr 3e-5", "finetune_bert.py", False,
            ("--model", "bert-base-uncased", "--lr", "3e-5")),
    Program("run_clm.py", "run_clm.py", False, ()),
    Program("scripts/pretrain.py --steps 1000 --batch-size 32", "scripts/pretrain.py", False,
            ("--steps", "1000", "--batch-size", "32")),
    Program("python -m mypkg.train --config configs/big.yaml", "mypkg.train", True,
            ("--config", "configs/big.yaml")),
    Program("python -m trainer.main", "trainer.main", True, ()),
    Program("ddp.py", "ddp.py", False, ()),
    Program("main.py fit --config cfg.yaml", "main.py", False, ("fit", "--config", "cfg.yaml")),
)
TIMES = (("for 2 hours", "02:00:00"), ("2h", "02:00:00"), ("walltime 00:30:00", "00:30:00"),
         ("for 90 minutes", "01:30:00"), ("6 hours", "06:00:00"), ("for one hour", "01:00:00"))


def _clusters() -> list[Cluster]:
    out = []
    for p in iter_profiles():
        words = (p.id, p.name, *p.aliases)
        out.append(Cluster(p.id, tuple(dict.fromkeys(words)), p.gpu.per_node,
                           p.account.example or ""))
    return sorted(out, key=lambda c: c.id)


def _num(rng: random.Random, n: int) -> str:
    return _WORDS[n] if n in _WORDS and rng.random() < 0.3 else str(n)


def _pl(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


#: A size form: (rng, nodes, GPUs per node, GPUs per node of the cluster) -> words or None
#: where the form cannot say that size.
SizeForm = Callable[[random.Random, int, int, int], str | None]


def _both(fmt: str) -> SizeForm:
    def render(rng: random.Random, n: int, g: int, full: int) -> str | None:
        return fmt.format(n=_num(rng, n), g=_num(rng, g), t=_num(rng, n * g), nd=n, gd=g,
                          node=_pl(n, "node"), gpu=_pl(g, "GPU"), tgpu=_pl(n * g, "GPU"))

    return render


def _full(fmt: str) -> SizeForm:
    def render(rng: random.Random, n: int, g: int, full: int) -> str | None:
        words = fmt.format(n=_num(rng, n), nd=n, node=_pl(n, "node"))
        return words if g == full else None

    return render


def _half(rng: random.Random, n: int, g: int, full: int) -> str | None:
    return "half a node" if n == 1 and full % 2 == 0 and g == full // 2 else None


def _single(rng: random.Random, n: int, g: int, full: int) -> str | None:
    return f"a single node with {_num(rng, g)} {_pl(g, 'GPU')}" if n == 1 else None


def _total(rng: random.Random, n: int, g: int, full: int) -> str | None:
    t = n * g
    ok = (n == 1 and t <= full) or (n > 1 and g == full)
    return f"{_num(rng, t)} {_pl(t, 'GPU')}" if ok else None


SIZE_FORMS: dict[str, SizeForm] = {
    "each": _both("{n} {node} with {g} {gpu} each"),
    "x_words": _both("{n} {node} x {g} {gpu}"),
    "nxm": _both("{nd}x{gd} GPUs"),
    "and_on_each": _both("{n} {node} and {g} {gpu} on each"),
    "per_node_on": _both("{g} {gpu} per node on {n} {node}"),
    "across": _both("{t} {tgpu} across {n} {node}"),
    "comma_per_node": _both("{n} {node}, {g} {gpu} per node"),
    "slash_node": _both("{n} {node} ({g} GPUs/node)"),
    "in_total_over": _both("{t} {tgpu} in total over {n} {node}"),
    "nodes_full": _full("{n} {node}"),
    "gpu_nodes_x": _full("gpu nodes x{nd}"),
    "full_nodes": _full("{n} full {node}"),
    "half": _half,
    "single": _single,
    "n_node_job": _both("a {n}-node job with {g} {gpu} per node"),
    "each_with": _both("{n} {node}, each with {g} {gpu}"),
    "on_each_of": _both("{g} {gpu} on each of {n} {node}"),
    "total": _total,
    "all_gpus_of": _full("all GPUs on {n} {node}"),
    "apiece": _both("{n} {node} using {g} {gpu} apiece"),
}


def _size(rng: random.Random, cluster: Cluster) -> tuple[str, int, int]:
    for _ in range(200):
        form = SIZE_FORMS[rng.choice(sorted(SIZE_FORMS))]
        n = rng.choice((1, 2, 2, 3, 4, 4, 8, 16))
        g = rng.choice(range(1, cluster.per_node + 1)) if rng.random() < 0.5 else cluster.per_node
        words = form(rng, n, g, cluster.per_node)
        if words:
            return words, n, g
    raise RuntimeError("no size form fits")


def _case_word(rng: random.Random, word: str) -> str:
    r = rng.random()
    return word.lower() if r < 0.3 else word.upper() if r < 0.4 else word


@dataclass
class Slots:
    cluster: str
    fw: str
    size: str
    prog: str
    qprog: str
    time: str
    acct: str
    sep: str


# Frames: {cluster} {fw} {size} {prog} (unquoted) {qprog} (in backticks) {time} {acct} {sep}.
# A frame without {fw} expects PyTorch DDP. "!" marks a frame that must end in an error.
DEV_FRAMES = {
    "d01": "run {prog} on {cluster} with {fw} on {size}",
    "d02": "Write a job script for {cluster}: {fw}, {size}, {qprog}",
    "d03": "{cluster}{sep}{size}{sep}{fw}{sep}{prog}",
    "d04": "I need to launch {prog} using {fw} on {cluster}, {size}, {time}",
    "d05": "Port my {fw} job ({prog}) to {cluster}. It should use {size}.",
    "d06": "a launcher for {prog} -- {fw}, target {cluster}, {size}",
    "d07": "{cluster} {size} running {prog}",
    "d08": "please generate a slurm/pbs script for {qprog} on {cluster} ({size}), {fw}",
    "d09": "{fw} training of {qprog} on {cluster} with {size}, account {acct}",
    "d10": "can you make me a {cluster} script? {size}, {fw}. command: {prog}",
    "d11": "Run {qprog} on {size} of {cluster} using {fw}",
    "d12": "train with {fw} on {cluster}: {size}; {time}; {qprog}",
    "d13": "Set up {prog} for {cluster} with {size} and {fw}",
    "d14": "{prog} on {cluster}, {size}",
    "d15": "{qprog} {sep}{fw}{sep}{cluster}{sep}{size}",
    "d16": "Hi! Could you pleese write a job for {cluster}? I want {fw} with {size}. "
           "The program is {qprog}.",
    "d17": "target: {cluster}\nframework: {fw}\nsize: {size}\nprogram: {qprog}",
    "d18": "on {cluster} i want {size} for {prog} ({fw})",
    "d19": "{fw} | {cluster} | {size} | {qprog} | {time}",
    "d20": "launch {qprog} with {fw} across {size} on {cluster}, charge it to {acct}",
    "d21": "Need {size} on {cluster} to train {prog} with {fw}.",
    "d22": "my {fw} run ({prog}) should go on {cluster} - {size} - {time}",
    "d23": "{cluster} job: {prog}, {size}",
    "d24": "Using {fw}, run {qprog} on {cluster}. Size: {size}.",
    "d25": "Generate the submission script: cluster {cluster}, {size}, {fw}, {qprog}",
    "d26": "{prog} -- {fw} -- {cluster} -- {size}",
    "d27": "I'd like to scale {prog} to {size} on {cluster} using {fw}",
    "d28": "scirpt for {cluster} pls, {size}, {fw}, run {qprog}",
    "d29": "!no_size run {qprog} on {cluster} with {fw}",
    "d30": "!no_cluster run {qprog} with {fw} on {size}",
    "d31": "For {cluster}: {prog} with {fw}. {size}. {time}.",
    "d32": "{size}, {cluster}, {qprog}",
    "d33": "Run {qprog} on {cluster}. Use {fw}. Use {size}. Project {acct}.",
    "d34": "need {fw} on {cluster} for {qprog} with {size}",
    "d35": "!no_program {fw} on {cluster} with {size}",
}
HELDOUT_FRAMES = {
    "h01": "Could you write the batch script to run {prog} on {cluster}? {fw}, {size} please.",
    "h02": "{cluster} - {fw} - {size}: {qprog}",
    "h03": "Port my {fw} training ({qprog}) over to {cluster} and give it {size}",
    "h04": "{prog} -- {fw}, {size}, on {cluster}, {time}",
    "h05": "We want to train {qprog} on {cluster} with {size}.",
    "h06": "launch: {qprog}; where: {cluster}; how: {fw}; size: {size}",
    "h07": "{fw} on {size} ({cluster}) for {prog}",
    "h08": "i need a {cluster} jobscript, {fw}, {size}, acct {acct}, to run {qprog}",
    "h09": "Run {prog} using {fw} on {cluster}; it needs {size}; {time}",
    "h10": "!no_size put {prog} on {cluster} using {fw}",
    "h11": "With {fw}, train {qprog} on {size} at {cluster}",
    "h12": "{cluster}, {fw}: {size}, run {prog}",
    "h13": "make a job for {qprog} on {cluster}. it has to use {size}. framework is {fw}.",
    "h14": "!typo_cluster run {qprog} on {cluster} with {size}",
}


def _slots(rng: random.Random, cluster: Cluster, setup: Setup, prog: Program,
           size: str, time: str) -> Slots:
    word = rng.choice(cluster.words)
    return Slots(cluster=_case_word(rng, word), fw=_case_word(rng, setup.words), size=size,
                 prog=prog.text, qprog=f"`{prog.text}`", time=time, acct=cluster.account,
                 sep=rng.choice((", ", "; ", " - ", " -- ", " | ", ", ")))


def _typo(rng: random.Random, word: str) -> str:
    """A cluster name with one letter dropped or doubled: no longer a known name."""
    i = rng.randrange(1, len(word) - 1)
    return word[:i] + word[i + 1:] if rng.random() < 0.5 else word[:i] + "zq" + word[i:]


def _expected(frame: str, cluster: Cluster, setup: Setup, prog: Program, n: int, g: int,
              walltime: str | None) -> dict[str, Any]:
    uses_fw = "{fw}" in frame
    exp: dict[str, Any] = {
        "cluster": cluster.id,
        "framework": setup.framework if uses_fw else "pytorch",
        "strategy": setup.strategy if uses_fw else "ddp",
        "entrypoint": prog.entrypoint, "module": prog.module, "args": list(prog.args),
        "nodes": n, "gpus_per_node": g,
    }
    if walltime and "{time}" in frame:
        exp["walltime"] = walltime
    if "{acct}" in frame:
        exp["account"] = cluster.account
    return exp


_ERRORS = {
    "no_size": {"error": "MissingInformation", "missing": "nodes"},
    "no_cluster": {"error": ["MissingInformation", "UnknownCluster"], "missing": "cluster"},
    "no_program": {"error": "MissingInformation", "missing": "entrypoint"},
    "typo_cluster": {"error": ["MissingInformation", "UnknownCluster"]},
}


def _one(rng: random.Random, fid: str, frame: str, clusters: list[Cluster]) -> dict[str, Any]:
    cluster = rng.choice(clusters)
    setup = rng.choice(SETUPS)
    prog = rng.choice(PROGRAMS)
    size, n, g = _size(rng, cluster)
    time, walltime = rng.choice(TIMES)
    slots = _slots(rng, cluster, setup, prog, size, time)
    error = None
    if frame.startswith("!"):
        error, frame = frame[1:].split(" ", 1)
        if error == "typo_cluster":
            slots.cluster = _typo(rng, cluster.id)
    text = frame.format(**vars(slots))
    expected = _ERRORS[error] if error else _expected(frame, cluster, setup, prog, n, g, walltime)
    held = fid in HELDOUT_FRAMES
    return {"kind": "text", "style": fid, "split": "heldout" if held else "dev", "heldout": held,
            "input": text, "expected": expected}


def make(per_frame: int) -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    clusters = _clusters()
    cases, seen = [], set()
    for fid, frame in {**DEV_FRAMES, **HELDOUT_FRAMES}.items():
        made = 0
        for _ in range(per_frame * 5):
            case = _one(rng, fid, frame, clusters)
            if case["input"] in seen:
                continue
            seen.add(case["input"])
            case["id"] = f"frm-{fid}-{made:03d}"
            cases.append(case)
            made += 1
            if made == per_frame:
                break
    return cases


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-frame", type=int, default=120)
    parser.add_argument("--out", type=Path, default=OUT)
    opts = parser.parse_args()
    cases = make(opts.per_frame)
    opts.out.write_text("".join(json.dumps(c) + "\n" for c in cases))
    held = sum(c["heldout"] for c in cases)
    print(json.dumps({"cases": len(cases), "heldout": held, "dev": len(cases) - held,
                      "frames": len({c["style"] for c in cases}), "seed": SEED}))


if __name__ == "__main__":
    main()
