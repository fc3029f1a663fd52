"""Realistic failed-job evidence for the debug tests and benchmark (tests/data/debug_cases.yaml)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.library import all_templates
from maple_flow.models import JobSpec
from maple_flow.render import render
from maple_flow.repair import FailureEvidence

CASES_FILE = Path(__file__).parent / "data" / "debug_cases.yaml"


@dataclass(frozen=True)
class Case:
    """One fixture: its name, the record a classifier must rank first, the evidence."""

    name: str
    expect: str
    method: str
    evidence: FailureEvidence
    #: The script was edited to carry the fault the log shows (its fix must change it).
    broken: bool = False


@cache
def rendered(template_id: str) -> str:
    """The template rendered for 2 nodes with every GPU of each node."""
    template = all_templates()[template_id]
    profile = get_profile(template.cluster)
    spec = JobSpec(cluster=profile.id, framework=template.framework, strategy=template.strategy,
                   nodes=2, gpus_per_node=profile.gpu.per_node, entrypoint="train.py",
                   args=["--config", "configs/small.yaml"])
    return render(spec, profile, template)


def _script(raw: dict[str, Any]) -> str:
    text = rendered(raw["script"]) if raw.get("script") else ""
    for pattern, replacement in raw.get("script_sub", []):
        new = re.sub(pattern, lambda _m, r=replacement: r, text, count=1)
        if new == text:
            raise AssertionError(f"{raw['name']}: script_sub {pattern!r} changed nothing")
        text = new
    return text


def _case(raw: dict[str, Any]) -> Case:
    profile = get_profile(raw["cluster"])
    evidence = FailureEvidence(
        cluster=profile.id, scheduler=profile.scheduler, job_state=raw.get("job_state"),
        exit_code=raw.get("exit_code"), submit_message=raw.get("submit_message", ""),
        stdout=raw.get("stdout", ""), stderr=raw.get("stderr", ""),
        reasons=raw.get("reasons", []), script=_script(raw),
    )
    return Case(raw["name"], raw["expect"], raw["method"], evidence, bool(raw.get("script_sub")))


@cache
def load_cases() -> tuple[Case, ...]:
    """Every fixture of the cases file."""
    data = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))
    return tuple(_case(raw) for raw in data["cases"])
