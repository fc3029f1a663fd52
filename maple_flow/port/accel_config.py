"""An ``accelerate launch --config_file cfg.yaml`` whose config selects FSDP: the setup reader
names it PyTorch FSDP (its nearest setup), but the program is an Accelerate program and its
FSDP settings live in that file, which only accelerate launch applies. The port keeps
accelerate launch (the file carried as its option) instead of starting the program without it."""

from __future__ import annotations

from typing import Any

from maple_flow.scriptparse import ParsedScript


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
