"""An ``accelerate launch --config_file cfg.yaml`` whose config selects FSDP: the setup reader
names it PyTorch FSDP (its nearest setup), but the program is an Accelerate program and its
FSDP settings live in that file, which only accelerate launch applies. The port keeps
accelerate launch (the file carried as its option) instead of starting the program without it."""

from __future__ import annotations

import re
from typing import Any

from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import Stage


def accelerate_setup(p: ParsedScript, framework: str, strategy: str,
                     o: dict[str, Any]) -> tuple[str, str, list[str]]:
    """(framework, strategy, notes) for the target: accelerate with the user's config file
    where the source's accelerate config selects FSDP; otherwise as read."""
    stage = p.launch.stage("accelerate")
    config = stage.get("--config_file", "--config-file") if stage is not None else None
    if config is None or framework == "accelerate" or strategy != "fsdp":
        return framework, strategy, []
    if "framework" in o or "strategy" in o:
        return framework, strategy, []
    return "accelerate", "ddp", [
        f"the source's accelerate config {config} selects fsdp: kept on accelerate launch with "
        "that file, which applies its FSDP settings (a launch without accelerate would not)"]


#: Where ``accelerate launch`` reads its settings when the command names no --config_file
#: (accelerate's docs, "accelerate config": $HF_HOME/accelerate/default_config.yaml).
DEFAULT_CONFIG = "~/.cache/huggingface/accelerate/default_config.yaml"

#: GPU families with FP8 tensor cores (NVIDIA Transformer Engine, which accelerate's
#: ``--mixed_precision fp8`` uses: Hopper, Ada Lovelace, Blackwell). A100, V100 and Intel Max
#: have none.
_FP8_GPUS = re.compile(r"(?i)\b(h100|h200|gh200|l4|l40s?|b100|b200|gb200)\b")


def _accelerate_stage(p: ParsedScript) -> Stage | None:
    return p.launch.stage("accelerate")


def config_notes(p: ParsedScript, script: str, target: str) -> list[str]:
    """What the port cannot see of the settings accelerate reads from a file: the user's
    ``--config_file`` (its counts are overridden by the target's command line, the rest
    applies as written) or, with none, the default config of the account that runs it."""
    stage = _accelerate_stage(p)
    if stage is None:
        return []
    on_target = "accelerate launch" in script
    config = stage.get("--config_file", "--config-file")
    if config is not None:
        if not on_target:
            return []
        return [f"your accelerate config {config} is read on {target} as in the source; the "
                "port cannot see it: its num_processes, num_machines, machine_rank and "
                "main_process_ip are overridden by the target's command line "
                "(--num_processes=\"$NRANKS\" on \"$NNODES\" machines), its other settings apply "
                "as written: make the file exist on the target"]
    counted = stage.has("--num_processes", "--num-processes")
    where = (f"accelerate launch names no --config_file, so it reads your default config "
             f"({DEFAULT_CONFIG}) for what its command line does not set (mixed precision, "
             "FSDP/DeepSpeed, dynamo" + ("" if counted else ", and the source's process "
                                            "count") + "); the port cannot see that file")
    if not on_target:
        return [f"the source's {where}; {target} starts the program without accelerate, so "
                "none of it applies: set those in the program (Accelerator(mixed_precision=...)) "
                "or keep accelerate launch"]
    multi = " and --multi_gpu (which overrides a FSDP/DeepSpeed distributed type)" \
        if "--multi_gpu" in script else ""
    return [f"the source's {where}. On {target} the port sets the processes (one per GPU the "
            f"job asks, \"$NRANKS\"), machines and rank on the command line{multi}; the rest "
            f"comes from {DEFAULT_CONFIG} of your account on {target}: copy yours there (or "
            "give those settings as options) and check the process count is the one you want"]


def launcher_path_note(p: ParsedScript, target: str) -> list[str]:
    """The source ran accelerate by a path (its own env's ``/.../bin/accelerate``): the
    target's launch runs ``accelerate`` from its PATH."""
    if _accelerate_stage(p) is None:
        return []
    text = p.launch_block.text if p.launch_block is not None else ""
    m = re.search(r"(?:^|\s)(\S*/)accelerate\s+launch\b", text)
    if m is None:
        return []
    env = m.group(1).rstrip("/")
    env = env[:-4] if env.endswith("/bin") else env
    return [f"the source ran accelerate by its path {m.group(1)}accelerate (an environment of "
            f"the source's filesystem): on {target} the launch runs `accelerate` from PATH; "
            f"make that environment ({env}) exist on {target} and put it first on PATH (or "
            "activate it) before the launch"]


def fp8_note(p: ParsedScript, script: str, gpu_model: str, target: str) -> list[str]:
    """``--mixed_precision fp8`` kept on a target whose GPUs have no FP8 (A100, V100, Max)."""
    stage = _accelerate_stage(p)
    if stage is None or stage.get("--mixed_precision", "--mixed-precision") != "fp8":
        return []
    if _FP8_GPUS.search(gpu_model):
        return []
    kept = "kept on the target's launch" if "fp8" in script else "not carried"
    return [f"the source asks accelerate for --mixed_precision fp8 ({kept}): {target}'s "
            f"{gpu_model} has no FP8 tensor cores (FP8 needs Hopper, Ada or Blackwell GPUs); "
            "choose bf16 there, or the run fails at start"]


def keep_c10d(script: str, p: ParsedScript) -> tuple[str, list[str]]:
    """The source's accelerate ``--rdzv_backend c10d`` kept on the target's accelerate
    launch (instead of its static rendezvous): the same endpoint, the first node."""
    stage = _accelerate_stage(p)
    backend = stage.get("--rdzv_backend", "--rdzv-backend") if stage else None
    if backend != "c10d" or "--rdzv_backend=static" not in script:
        return script, []
    return script.replace("--rdzv_backend=static", "--rdzv_backend=c10d"), [
        "your accelerate --rdzv_backend c10d is kept on the target's launch (its endpoint "
        "$MASTER_ADDR:$MASTER_PORT, the first node)"]
