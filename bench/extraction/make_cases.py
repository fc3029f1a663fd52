# ruff: noqa: E501  (case tables: one phrasing style per line)
"""Write bench/extraction/cases.jsonl: plain-language requests and real-style batch scripts.

Expected values come from the parameters each case is built from, never from the extractor.
Styles marked held-out were written with the rest but never looked at while tuning.
Run: .venv/bin/python bench/extraction/make_cases.py
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from script_styles import SCRIPT_STYLES  # type: ignore[import-not-found]

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.models import ClusterProfile, format_walltime

OUT = Path(__file__).with_name("cases.jsonl")
SETUP_WORDS = {
    ("pytorch", "ddp"): ["torchrun", "DDP", "PyTorch distributed", "PyTorch DDP",
                         "distributed data parallel", "torch DDP"],
    ("pytorch", "fsdp"): ["FSDP", "fully sharded data parallel", "PyTorch FSDP", "fully sharded"],
    ("deepspeed", "zero3"): ["DeepSpeed ZeRO-3", "ZeRO stage 3", "DeepSpeed", "deepspeed zero3",
                             "DeepSpeed with ZeRO stage 3"],
    ("accelerate", "ddp"): ["accelerate", "HF Accelerate", "Hugging Face Accelerate",
                            "accelerate launch"],
}
PROGRAMS: list[tuple[str, bool, list[str]]] = [
    ("run_image_classification.py", False, ["--model_name_or_path", "google/vit-base-patch16-224",
                                            "--dataset_name", "cifar10", "--output_dir", "out"]),
    ("train.py", False, ["--config", "configs/gpt2.yaml", "--epochs", "3"]),
    ("pkg.train", True, ["--lr", "3e-4", "--batch-size", "64"]),
    ("pretrain_gpt.py", False, ["--num-layers", "24", "--hidden-size", "1024"]),
    ("main.py", False, ["--arch", "resnet50", "--epochs", "90"]),
    ("finetune_llama.py", False, ["--model", "meta-llama/Llama-3.2-1B", "--bf16"]),
    ("scripts/train_vit.py", False, []),
    ("mytools.trainer", True, []),
    ("train_unet.py", False, ["--data", "./data/brats", "--epochs", "50"]),
]
WORD = {1: "one", 2: "two", 3: "three", 4: "four", 6: "six", 8: "eight", 12: "twelve", 16: "sixteen"}
Style = Callable[["Ctx"], str]


class Ctx:
    """The parameters of one case and helpers to phrase them."""

    def __init__(self, rng: random.Random, prof: ClusterProfile, setup: tuple[str, str]) -> None:
        self.rng, self.p, self.setup = rng, prof, setup
        self.full = prof.gpu.per_node
        queues = prof.queues.items
        self.nodes = rng.choice([n for n in (1, 2, 3, 4, 8) if n <= max(q.max_nodes for q in queues)])
        self.gpn = self.full
        self.exp: dict[str, Any] = {"cluster": prof.id, "framework": setup[0], "strategy": setup[1]}
        self.entry, self.module, self.args = rng.choice(PROGRAMS)
        self.exp.update(entrypoint=self.entry, module=self.module, args=self.args)

    def cluster(self) -> str:
        p = self.p
        options = [p.name, p.id, p.name.lower(), self.rng.choice(p.aliases),
                   f"{p.center}'s {p.name}", f"{p.center} {p.name}", p.name.upper()]
        return self.rng.choice(options)

    def fw(self) -> str:
        return self.rng.choice(SETUP_WORDS[self.setup])  # type: ignore[index]

    def partial(self) -> None:
        """Use fewer GPUs than a node has, where a node has more than one."""
        if self.full > 1:
            self.gpn = self.rng.choice([g for g in range(1, self.full + 1) if self.full % g == 0])

    def size(self) -> None:
        self.exp.update(nodes=self.nodes, gpus_per_node=self.gpn)

    def prog(self) -> str:
        head = f"python -m {self.entry}" if self.module else self.entry
        return " ".join([head, *self.args])

    def prog_ticks(self) -> str:
        head = f"python -m {self.entry}" if self.module else f"python {self.entry}"
        return "`" + " ".join([head, *self.args]) + "`"

    def wall(self) -> str:
        seconds, phrase = self.rng.choice([
            (7200, "for 2 hours"), (1800, "30 min"), (5400, "--time 01:30:00"),
            (3600, "walltime 1:00:00"), (5400, "for 90 minutes"), (3600, "for an hour"),
            (14400, "4h"), (1800, "half an hour"), (2700, "45 minutes"), (21600, "6 hours"),
        ])
        self.exp["walltime"] = format_walltime(seconds)
        return phrase

    def acct(self) -> str:
        a = self.p.account.example
        self.exp["account"] = a
        return self.rng.choice([f"project {a}", f"allocation {a}", f"-A {a}", f"account {a}",
                                f"charge it to {a}", f"using allocation {a}"])

    def queue(self) -> str:
        fit = [q for q in self.p.queues.items if q.max_nodes >= self.nodes]
        q = self.rng.choice(fit or self.p.queues.items).name
        self.exp["queue"] = q
        word = "QOS" if self.p.queues.items[0].kind == "qos" else self.rng.choice(["queue", "partition"])
        return self.rng.choice([f"in the {q} {word}", f"{q} {word}", f"on the {q} {word}", f"-q {q}"])

    def n_words(self) -> str:
        return WORD.get(self.nodes, str(self.nodes))


def _s(fn: Callable[[Ctx], str], heldout: bool = False) -> tuple[Style, bool]:
    return fn, heldout


def _all(c: Ctx) -> Ctx:
    c.size()
    return c


def _one(c: Ctx) -> Ctx:
    c.nodes = 1
    return _all(c)


def _bill(c: Ctx) -> str:
    c.exp["account"] = c.p.account.example
    return c.p.account.example


TEXT_STYLES: list[tuple[Style, bool]] = [
    _s(lambda c: f"train with {c.fw()} on {_all(c).nodes} nodes of {c.cluster()}: {c.prog_ticks()}"),
    _s(lambda c: f"I'll use {_all(c).nodes} servers on {c.cluster()} with {c.fw()}, run {c.prog()}"),
    _s(lambda c: f"Run {c.prog_ticks()} on {c.cluster()} using {c.fw()}, {_all(c).n_words()} machines, {c.wall()}"),
    _s(lambda c: (c.partial(), f"{c.fw()} job on {c.cluster()}: {c.gpn * _all(c).nodes} GPUs across {c.nodes} nodes, {c.prog_ticks()}")[1]),
    _s(lambda c: (c.partial(), f"{c.gpn} GPUs per node on {_all(c).nodes} nodes, {c.cluster()}, {c.fw()}, {c.prog_ticks()} {c.acct()}")[1]),
    _s(lambda c: (c.partial(), f"{c.cluster()} {_all(c).nodes}x{c.gpn} {c.fw()} run of {c.prog_ticks()}")[1]),
    _s(lambda c: f"all GPUs of {_all(c).nodes} nodes on {c.cluster()} with {c.fw()}; entry point {c.prog()}"),
    _s(lambda c: (c.partial(), f"please launch {c.prog_ticks()} with {c.fw()} on {c.cluster()} --nodes {_all(c).nodes} --gpus-per-node {c.gpn}")[1]),
    _s(lambda c: f"one node on {c.cluster()}, {c.fw()}, {_one(c).prog_ticks()}, {c.wall()}"),
    _s(lambda c: f"{c.cluster()}: {c.fw()} training, -N {_all(c).nodes}, {c.prog_ticks()}, {c.queue()}"),
    _s(lambda c: (c.partial(), f"{c.gpn * _all(c).nodes} ranks on {c.nodes} nodes of {c.cluster()} ({c.fw()}) running {c.prog_ticks()}")[1]),
    _s(lambda c: f"Could you write me a {c.fw()} script for {c.cluster()}? {_all(c).nodes} nodes, {c.wall()}, {c.acct()}. The command is {c.prog_ticks()}"),
    _s(lambda c: f"{c.fw()} | {c.cluster()} | {_all(c).nodes} nodes | {c.prog_ticks()}"),
    _s(lambda c: f"need {_all(c).n_words()} full nodes on {c.cluster()} for {c.fw()} training of {c.prog_ticks()}, {c.queue()}"),
    _s(lambda c: (c.partial(), f"{_all(c).nodes} nodes with {c.gpn} GPUs each on {c.cluster()} running {c.prog_ticks()} via {c.fw()}")[1]),
    _s(lambda c: f"cluster={c.p.id} nodes={_all(c).nodes} {c.fw()} {c.prog_ticks()}"),
    _s(lambda c: f"On {c.cluster()}, start {c.prog_ticks()} under {c.fw()} on {_all(c).nodes} nodes; {c.acct()}; {c.wall()}"),
    _s(lambda c: f"{c.fw()} on {c.cluster()} with --nnodes {_all(c).nodes} --nproc_per_node {c.gpn}: {c.prog_ticks()}"),
    _s(lambda c: f"Train {c.prog_ticks()} with {c.fw()}. Cluster: {c.cluster()}. Nodes: {_all(c).nodes}. {c.wall()}."),
    _s(lambda c: f"my {c.fw()} run needs {_all(c).nodes} compute nodes on {c.cluster()} -- {c.prog_ticks()} -- {c.queue()}, {c.acct()}"),
    _s(lambda c: f"{c.prog_ticks()} on {_all(c).nodes} {c.cluster()} nodes using {c.fw()}"),
    _s(lambda c: (c.partial(), f"use {c.gpn}x{c.p.gpu.model.split()[0].split('-')[0]} per node on {_all(c).nodes} nodes at {c.cluster()}; {c.fw()}; {c.prog_ticks()}")[1]),
    _s(lambda c: f"Hi! I want to fine-tune using {c.fw()} on {c.cluster()} across {_all(c).nodes} nodes. Script: {c.prog_ticks()}. Time: {c.wall()}."),
    _s(lambda c: f"{c.cluster()} / {c.fw()} / {_all(c).nodes} nodes / {c.acct()} / {c.prog_ticks()}"),
    _s(lambda c: f"set up {c.fw()} for {c.prog_ticks()} on {c.cluster()}, every GPU on {_all(c).nodes} nodes"),
    _s(lambda c: f"launch {c.prog_ticks()} ({c.fw()}) on {c.cluster()} with {_all(c).nodes} nodes in the default queue"),
    _s(lambda c: f"{_all(c).nodes} nodes. {c.cluster()}. {c.fw()}. {c.prog_ticks()}. {c.wall()}. {c.queue()}."),
    _s(lambda c: f"{c.fw()} pretraining with {c.prog_ticks()} on {c.cluster()}, node count {_all(c).nodes}"),
    _s(lambda c: f"I'd like to run {c.prog_ticks()} on {c.cluster()} using {c.fw()} and {_all(c).nodes} nodes, {c.acct()}"),
    _s(lambda c: f"script for {c.cluster()}: {c.fw()}, nodes={_all(c).nodes}, {c.prog_ticks()}, {c.wall()}"),
    _s(lambda c: (c.partial(), f"Distributed run of {c.prog_ticks()} with {c.fw()} on {c.cluster()}: {_all(c).nodes} nodes x {c.gpn} GPUs")[1]),
    _s(lambda c: f"{c.fw()} on {c.cluster()}; {_all(c).nodes} nodes; {c.prog_ticks()}; {c.acct()}; {c.queue()}; {c.wall()}"),
    _s(lambda c: f"Run {c.prog()} with {c.fw()} on {_all(c).nodes} nodes of {c.cluster()}"),
    _s(lambda c: f"{c.fw()}: {c.prog_ticks()} -- {c.cluster()} -- {_all(c).nodes} nodes"),
    _s(lambda c: f"we need {_all(c).n_words()} nodes on {c.cluster()} to train {c.prog_ticks()} with {c.fw()}"),
    _s(lambda c: f"{c.cluster()} please, {_all(c).nodes} nodes, {c.fw()}, and the training command {c.prog_ticks()}"),
    # held-out styles: written with the rest, never inspected while tuning
    _s(lambda c: f"Can I get a {c.fw()} launch for {c.prog_ticks()} on {c.cluster()}? Let's do {_all(c).nodes} nodes and {c.wall()}.", True),
    _s(lambda c: (c.partial(), f"{c.cluster()} job: {c.gpn * _all(c).nodes} GPUs spread over {c.nodes} nodes, {c.fw()}, {c.prog_ticks()}")[1], True),
    _s(lambda c: f"Target {c.cluster()}. Use {c.fw()}. Allocate {_all(c).nodes} nodes. Execute {c.prog_ticks()}. Bill to {_bill(c)}.", True),
    _s(lambda c: f"{c.prog_ticks()} | nodes: {_all(c).nodes} | system: {c.cluster()} | launcher: {c.fw()}", True),
    _s(lambda c: f"I have {c.prog_ticks()} and want {c.fw()} on {c.cluster()} with {_all(c).nodes} nodes, {c.queue()}", True),
    _s(lambda c: (c.partial(), f"{c.fw()} with {c.gpn} GPUs on each of {_all(c).nodes} nodes ({c.cluster()}), program {c.prog_ticks()}")[1], True),
    _s(lambda c: f"for {c.cluster()}, {_all(c).nodes}-node {c.fw()} job running {c.prog_ticks()}, {c.acct()}", True),
    _s(lambda c: f"Please generate a batch script. System {c.cluster()}, {_all(c).nodes} nodes, {c.fw()}, {c.wall()}, {c.prog_ticks()}", True),
    _s(lambda c: f"{c.fw()}, {c.cluster()}, {_all(c).n_words()} nodes: {c.prog_ticks()}", True),
]
ERROR_CASES: list[tuple[str, str]] = [
    ("train.py with DDP on Polaris, 8 GPUs across 2 nodes, 3 per node", "Contradiction"),
    ("train.py on 2 nodes and also 3 nodes on Perlmutter", "Contradiction"),
    ("torchrun train.py on 8 GPUs", "MissingInformation"),
    ("DDP on Polaris with 2 nodes", "MissingInformation"),
    ("run train.py on Vista", "MissingInformation"),
    ("7 GPUs across 2 nodes of Delta, train.py", "Contradiction"),
    ("train.py on 4 nodes of Atlantis", "MissingInformation"),
    ("FSDP and DeepSpeed ZeRO-3 and Accelerate on Aurora, 1 node, train.py", "Contradiction"),
    ("", "MissingInformation"),
    ("8 GPUs on Lonestar6 for train.py", "MissingInformation"),
    ("a pair of nodes on Perlmutter for 2 hours and 30 min and 1 hour, train.py", "Contradiction"),
    ("Polaris 2 nodes FSDP", "MissingInformation"),
]


def text_cases(rng: random.Random, profiles: list[ClusterProfile]) -> list[dict[str, Any]]:
    setups = list(SETUP_WORDS)
    cases = []
    for i in range(230):
        style_id = i % len(TEXT_STYLES)
        style, heldout = TEXT_STYLES[style_id]
        c = Ctx(rng, profiles[(i * 7 + i // 10) % len(profiles)], setups[(i // 3) % 4])
        text = style(c)
        cases.append({"id": f"text-{i:03d}", "kind": "text", "style": f"t{style_id:02d}",
                      "heldout": heldout, "input": text, "expected": c.exp})
    for j, (text, error) in enumerate(ERROR_CASES):
        cases.append({"id": f"error-{j:02d}", "kind": "text", "style": "error", "heldout": False,
                      "input": text, "expected": {"error": error}})
    return cases


def script_cases(rng: random.Random, profiles: dict[str, ClusterProfile]) -> list[dict[str, Any]]:
    cases = []
    for i in range(110):
        style_id = i % len(SCRIPT_STYLES)
        style, heldout = SCRIPT_STYLES[style_id]
        text, expected = style(rng, profiles, rng.choice(PROGRAMS))
        cases.append({"id": f"script-{i:03d}", "kind": "script", "style": f"s{style_id:02d}",
                      "heldout": heldout, "input": text, "expected": expected})
    return cases


def main() -> None:
    rng = random.Random(20261121)
    profiles = all_profiles()
    cases = text_cases(rng, list(profiles.values())) + script_cases(rng, profiles)
    with OUT.open("w", encoding="utf-8") as fh:
        for case in cases:
            fh.write(json.dumps(case) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
