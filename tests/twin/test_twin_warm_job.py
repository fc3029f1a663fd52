"""A known-good 2-node job in the twin's warm mode: same result, ranks forked by the zygotes.

Polaris is the personality: its PBS front end must forward the switch into the job shell,
and the ranks start through PALS mpiexec over srun on both nodes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from twin_cases import REPORT, SCRIPTS, expected_world

from maple_flow.knowledge.clusters import get_profile
from maple_flow.twin.warm import warm_dir, zygotes

pytestmark = pytest.mark.twin
JOB_TIMEOUT_S = 300


def test_known_good_job_runs_warm(twin, workdir: Path) -> None:
    cluster = "polaris"
    result = twin.submit(cluster, SCRIPTS / f"{cluster}.sh", timeout_s=JOB_TIMEOUT_S,
                         workdir=workdir, warm=True)
    assert result.state == "COMPLETED", (result.message, result.stdout[-3000:],
                                         result.stderr[-3000:])
    assert "running cold" not in result.stdout + result.stderr
    report = json.loads(REPORT.search(result.stdout).group(1))  # type: ignore[union-attr]
    world, per_node = expected_world(get_profile(cluster))
    assert report["world_size"] == world and report["sum"] == world
    assert sorted(report["ranks_per_node"].values()) == [per_node, per_node]
    assert report["local_ranks"] == list(range(per_node))
    # Every rank of each node was forked by that node's zygote, which is still up (idle).
    ours = {z["node"]: z for z in zygotes(twin.state_dir)
            if z["cluster"] == cluster and z["running"]}
    assert set(report["ranks_per_node"]) <= set(ours)
    for node in report["ranks_per_node"]:
        log = Path(ours[node]["socket"][: -len(".sock")] + ".log").read_text()
        assert log.count("script 'dist_check.py'") >= per_node, log[-2000:]
    assert warm_dir(twin.state_dir).is_dir()
