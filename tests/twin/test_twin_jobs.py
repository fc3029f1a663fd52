"""Integration tests on the twin: known-good scripts run, known-bad scripts fail as they would.

Needs root and Debian (the session fixture installs and starts the twin, or skips).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from twin_cases import REPORT, SCRIPTS, BadCase, bad_cases, expected_world

from maple_flow.knowledge.clusters import all_profiles, get_profile

pytestmark = pytest.mark.twin
#: A 2-node job of the largest personality (Aurora, 24 ranks each importing torch) takes about
#: 60 s on 2 idle cores; the bound leaves room for a loaded CI machine and still ends the test.
JOB_TIMEOUT_S = 300
CLUSTERS = list(all_profiles())
BAD = bad_cases()


@pytest.mark.parametrize("cluster", CLUSTERS)
def test_known_good_script_runs_on_two_full_nodes(cluster: str, twin, workdir: Path) -> None:
    script = SCRIPTS / f"{cluster}.sh"
    assert script.exists(), f"no known-good script for {cluster}"
    result = twin.submit(cluster, script, timeout_s=JOB_TIMEOUT_S, workdir=workdir)
    assert result.state == "COMPLETED", (result.message, result.stdout[-3000:],
                                         result.stderr[-3000:])
    assert result.exit_code == 0
    match = REPORT.search(result.stdout)
    assert match, result.stdout[-3000:]
    report = json.loads(match.group(1))
    world, per_node = expected_world(get_profile(cluster))
    assert report["world_size"] == world
    assert report["sum"] == world
    assert sorted(report["ranks_per_node"].values()) == [per_node, per_node]
    assert report["local_ranks"] == list(range(per_node))
    layout = twin.layout(cluster)
    assert set(report["ranks_per_node"]) <= {n.name for n in layout.nodes}


@pytest.mark.parametrize("case", BAD, ids=[c.id for c in BAD])
def test_known_bad_script_fails_like_the_real_cluster(case: BadCase, twin, workdir: Path) -> None:
    script = workdir / f"{case.name}.sh"
    script.write_text(case.text)
    result = twin.submit(case.cluster, script, timeout_s=60, workdir=workdir)
    assert result.state == case.state, (result.message, result.stdout[-2000:])
    if case.state == "REJECTED":
        assert result.job_id is None
        assert case.expect in result.message, result.message
    else:
        assert result.exit_code not in (None, 0)
        assert case.expect in (result.stdout + result.stderr), result.stdout[-2000:]


def test_every_personality_has_a_bad_case_of_each_kind() -> None:
    kinds = {"walltime-over-queue-limit", "unknown-queue", "too-many-gpus-per-node",
             "unknown-module"}
    for cluster in CLUSTERS:
        names = {c.name for c in BAD if c.cluster == cluster}
        assert kinds <= names, (cluster, kinds - names)


@pytest.mark.parametrize(("request_line", "seen"), [
    ("#SBATCH --gpus-per-node=2", "2"),  # part of a node: the job sees what it was given
    ("", "4"),  # no GPU request: the whole node's model
])
def test_device_model_is_the_gpus_the_job_was_given(request_line: str, seen: str, twin,
                                                    workdir: Path) -> None:
    script = workdir / f"gpus{seen}.sh"
    script.write_text(
        "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=2\n#SBATCH -p gpuA100x4\n"
        f"#SBATCH -A bbka-delta-gpu\n#SBATCH --mem=16g\n#SBATCH -t 00:05:00\n{request_line}\n"
        "srun bash -c 'echo \"model=$MAPLE_TWIN_GPUS_PER_NODE\"'\n")
    result = twin.submit("delta", script, timeout_s=JOB_TIMEOUT_S, workdir=workdir)
    assert result.state == "COMPLETED", (result.message, result.stdout[-2000:])
    assert result.stdout.count(f"model={seen}\n") == 2, result.stdout[-2000:]


@pytest.mark.parametrize(("cluster", "header", "seen"), [
    # Stampede3's H100 nodes (4 GPUs; TACC jobs ask no GPUs: the whole node of the partition)
    ("stampede3", "#SBATCH -p h100\n#SBATCH -A TG-CIS230001\n#SBATCH -n 2", "4"),
    # Bridges-2's L40S nodes, reached by the typed GPU request on the shared GPU partition
    ("bridges2", "#SBATCH -p GPU\n#SBATCH --account=cis230018p\n#SBATCH --gpus=l40s-48:8\n"
                 "#SBATCH --ntasks-per-node=2", "8"),
    # Delta's 8-GPU A100 nodes: their own partition, more GPUs than the default nodes
    ("delta", "#SBATCH -p gpuA100x8\n#SBATCH -A bbka-delta-gpu\n#SBATCH --gpus-per-node=8\n"
              "#SBATCH --ntasks-per-node=2\n#SBATCH --mem=16g", "8"),
])
def test_a_node_type_job_runs_on_its_gpus(cluster: str, header: str, seen: str, twin,
                                          workdir: Path) -> None:
    """A job on another node type of the cluster (a port that chose it) runs, and sees that
    node type's GPUs."""
    script = workdir / f"{cluster}-node-type.sh"
    script.write_text(f"#!/bin/bash\n#SBATCH -N 1\n{header}\n#SBATCH -t 00:05:00\n"
                      "srun bash -c 'echo \"model=$MAPLE_TWIN_GPUS_PER_NODE\"'\n")
    result = twin.submit(cluster, script, timeout_s=JOB_TIMEOUT_S, workdir=workdir)
    assert result.state == "COMPLETED", (result.message, result.stdout[-2000:])
    assert result.stdout.count(f"model={seen}\n") == 2, result.stdout[-2000:]
