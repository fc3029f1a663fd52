"""Write the seed launch templates (templates/launch/<cluster>/<framework>-<strategy>.yaml).

The YAML files are the source of truth once written; this script only seeds them from the
cluster profiles and the table below (which recipe each center documents). Run it again after
a profile changes, review the diff, commit. Usage:

    .venv/bin/python scripts/seed_launch_templates.py [CLUSTER ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from maple_flow.knowledge.clusters import all_profiles
from maple_flow.models import SETUPS, ClusterProfile, Framework, Strategy

ROOT = Path(__file__).resolve().parent.parent / "templates" / "launch"

#: Frameworks whose multi-node launch the center itself documents (cluster-facts.md).
DOCUMENTED: dict[str, set[str]] = {
    "perlmutter": {"pytorch"},
    "polaris": {"pytorch", "deepspeed"},
    "aurora": {"pytorch", "deepspeed"},
    "lonestar6": {"pytorch", "accelerate"},
    "stampede3": set(),
    "vista": {"pytorch", "accelerate"},
    "delta": {"pytorch"},
    "deltaai": set(),
    "anvil": set(),
    "bridges2": set(),
}

STRATEGY_WORDS = {
    "ddp": "DistributedDataParallel (DDP)",
    "fsdp": "Fully Sharded Data Parallel (FSDP)",
    "zero3": "ZeRO stage 3 (sharded parameters, gradients and optimizer state)",
}
FRAMEWORK_WORDS = {
    "pytorch": "PyTorch", "deepspeed": "DeepSpeed", "accelerate": "Hugging Face Accelerate",
}


def launch_form(profile: ClusterProfile, framework: Framework) -> str:
    """The launch macro: rank_per_gpu, torchrun_c10d, torchrun_static or accelerate_static."""
    if profile.launch.style == "rank-per-gpu":
        return "rank_per_gpu"
    if framework == "accelerate":
        return "accelerate_static"
    return "torchrun_c10d" if profile.launch.launcher == "srun" else "torchrun_static"


def template_launcher(profile: ClusterProfile, form: str) -> str:
    """The Template.launcher value: what starts the training processes."""
    return {"rank_per_gpu": profile.launch.launcher, "accelerate_static": "accelerate"}.get(
        form, "torchrun"
    )


def how_it_launches(profile: ClusterProfile, form: str) -> str:
    """One sentence on how ranks start, for the description."""
    site = profile.launch.launcher
    bind = f" with {profile.launch.cpu_bind}" if profile.launch.cpu_bind else ""
    if form == "rank_per_gpu":
        return (
            f"{site}{bind} starts one rank per GPU ({profile.gpu.per_node} per node); each rank "
            f"sets RANK from ${profile.launch.rank_var}, LOCAL_RANK from "
            f"${profile.launch.local_rank_var} and WORLD_SIZE, then runs the program with "
            "torch.distributed env:// initialisation"
        )
    rank = f"node rank ${profile.launch.node_rank_var}"
    if form == "torchrun_c10d":
        return f"{site} starts one torchrun per node with c10d rendezvous on the first node"
    if form == "accelerate_static":
        return (f"{site}{bind} starts one `accelerate launch --multi_gpu` per node with "
                f"--machine_rank from the {rank} and a static rendezvous on the first node")
    return (f"{site}{bind} starts one torchrun per node with --node_rank from the {rank} and a "
            "static rendezvous on the first node")


def rendezvous_words(profile: ClusterProfile) -> str:
    if profile.scheduler == "pbs":
        return "MASTER_ADDR is the first host of $PBS_NODEFILE"
    return 'MASTER_ADDR is the first host of `scontrol show hostnames "$SLURM_JOB_NODELIST"`'


def description(
    profile: ClusterProfile, framework: Framework, strategy: Strategy, form: str
) -> str:
    sched = "PBS Pro" if profile.scheduler == "pbs" else "Slurm"
    gpu = profile.gpu
    unit = "tiles" if gpu.vendor == "intel" else "GPUs"
    vendor = {"intel": "Intel", "nvidia": "NVIDIA"}[gpu.vendor]
    model = gpu.model if gpu.model.lower().startswith(gpu.vendor) else f"{vendor} {gpu.model}"
    return (
        f"{profile.name} ({profile.center}) {FRAMEWORK_WORDS[framework]} "
        f"{STRATEGY_WORDS[strategy]} multi-node training launch. {sched} batch job on "
        f"{model} nodes ({gpu.per_node} {unit} per node, "
        f"{gpu.device_api}, backend {profile.network.backend}), request style "
        f"{profile.directives.gpu_request}. {how_it_launches(profile, form)}; "
        f"{rendezvous_words(profile)}, MASTER_PORT is a per-job port. Modules: "
        f"{', '.join(profile.software.modules) or 'none'}."
    )


def derived_from(profile: ClusterProfile, framework: Framework, strategy: Strategy) -> str:
    notes: list[str] = []
    if framework not in DOCUMENTED[profile.id]:
        basis = ("the center's PyTorch launch recipe" if "pytorch" in DOCUMENTED[profile.id]
                 else "the launch recipe the profile infers (its launch sources and doubts)")
        notes.append(
            f"{profile.center} documents no multi-node {FRAMEWORK_WORDS[framework]} launch for "
            f"{profile.name}; derived from {basis}: {profile.launch.launcher}, "
            f"{profile.launch.style}."
        )
    if strategy == "fsdp":
        notes.append("FSDP launches exactly like DDP; only the training program differs.")
    if framework == "deepspeed" and profile.launch.style != "rank-per-gpu":
        notes.append("The deepspeed launcher needs ssh; torchrun per node starts the ranks and "
                     "deepspeed.initialize reads RANK/LOCAL_RANK/WORLD_SIZE from it.")
    return " ".join(notes)


def sources(profile: ClusterProfile) -> list[str]:
    keys: list[str] = []
    for group in (profile.launch, profile.directives, profile.software, profile.network):
        keys += [k for k in group.sources if k not in keys]
    return keys


def body(form: str) -> str:
    return (
        '{% import "_common/launch.j2" as launch with context %}\n'
        '{% include "_common/preamble.j2" %}\n'
        f"{{{{ launch.{form}() }}}}\n"
    )


def seed(profile: ClusterProfile, framework: Framework, strategy: Strategy) -> dict[str, object]:
    form = launch_form(profile, framework)
    return {
        "id": f"{profile.id}-{framework}-{strategy}",
        "cluster": profile.id,
        "framework": framework,
        "strategy": strategy,
        "launcher": template_launcher(profile, form),
        "scheduler": profile.scheduler,
        "description": description(profile, framework, strategy, form),
        "sources": sources(profile),
        "derived_from": derived_from(profile, framework, strategy),
        "origin": "seed",
        "body": body(form),
    }


def _str_representer(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


def main(argv: list[str]) -> None:
    yaml.SafeDumper.add_representer(str, _str_representer)
    for profile in all_profiles().values():
        if argv and profile.id not in argv:
            continue
        folder = ROOT / profile.id
        folder.mkdir(parents=True, exist_ok=True)
        for framework, strategy in SETUPS:
            data = seed(profile, framework, strategy)
            path = folder / f"{framework}-{strategy}.yaml"
            path.write_text(yaml.safe_dump(data, sort_keys=False, width=100), encoding="utf-8")
            print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
