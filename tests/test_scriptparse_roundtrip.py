"""Every script maple_flow renders reads back to the job it was rendered from."""

from __future__ import annotations

import pytest

from maple_flow.generate import generate_from_spec
from maple_flow.knowledge.clusters import all_profiles
from maple_flow.models import SETUPS, JobSpec
from maple_flow.scriptparse import parse_script, read_facts

ARGS = ["--lr", "0.1", "a b", "it's \"quoted\"", "--name=x y", ""]


def _sizes() -> list[tuple[str, int, int]]:
    sizes = []
    for cid, profile in all_profiles().items():
        sizes.append((cid, 2, profile.gpu.per_node))
        if profile.gpu.per_node > 1:
            sizes.append((cid, 1, profile.gpu.per_node // 2))
    return sizes


CASES = [
    pytest.param(cid, fw, st, nodes, gpn, module, id=f"{cid}-{fw}-{st}-{nodes}x{gpn}{mod}")
    for cid, nodes, gpn in _sizes()
    for fw, st in SETUPS
    for module, mod in ((False, ""), (True, "-m"))
]


@pytest.mark.parametrize(("cluster", "framework", "strategy", "nodes", "gpn", "module"), CASES)
def test_rendered_script_reads_back(
    cluster: str, framework: str, strategy: str, nodes: int, gpn: int, module: bool
) -> None:
    entry = "pkg.train" if module else "train.py"
    spec = JobSpec.model_validate({
        "cluster": cluster, "framework": framework, "strategy": strategy, "nodes": nodes,
        "gpus_per_node": gpn, "entrypoint": entry, "module": module, "args": ARGS,
        "walltime": "00:10:00",
    })
    facts = read_facts(parse_script(generate_from_spec(spec).script))
    assert (facts.framework, facts.strategy) == (framework, strategy)
    assert (facts.entrypoint, facts.module, facts.args) == (entry, module, ARGS)
    assert (facts.nodes, facts.gpus_per_node) == (nodes, gpn)
    assert facts.walltime == 600


def test_every_template_is_covered() -> None:
    rendered = {(c[0], c[1], c[2]) for c in (p.values for p in CASES)}
    assert len(rendered) == len(all_profiles()) * len(SETUPS) == 40
