"""s30ray (issue 17): a Ray cluster the job starts itself (Ray's slurm-basic.sh pattern). The
`ray start` steps are read whatever the script calls its variables (ray_steps.py); the ops
make the documented change (patch_ray_steps.py); the same Ray line is read as Ray's or the
program's only where the script shows the launch done as documented."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_ray_steps import (
    ray_block_steps,
    ray_driver_on_head,
    ray_pin_ports,
    ray_quote_json,
)
from maple_flow.repair.ray_steps import (
    head_node_index,
    ray_driver_off_head_node,
    ray_driver_on_head_node,
    ray_step_detached,
    ray_steps,
)
from maple_flow.repair.text import FixNotApplicable

#: Ray's documented Slurm template as users copy it: continued lines, other variable names,
#: a worker loop, the driver in the batch step.
DOCS = """#!/bin/bash
#SBATCH --nodes=3
#SBATCH --tasks-per-node=1
#SBATCH --cpus-per-task=8
#SBATCH --gpus-per-task=1
nodes=$(scontrol show hostnames "$SLURM_JOB_NODELIST")
nodes_array=($nodes)
head_node=${nodes_array[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
port=6379
ip_head=$head_node_ip:$port
srun --nodes=1 --ntasks=1 -w "$head_node" \\
    ray start --head --node-ip-address="$head_node_ip" --port=$port \\
    --num-cpus "${SLURM_CPUS_PER_TASK}" --num-gpus "${SLURM_GPUS_PER_TASK}" --block &
sleep 10
worker_num=$((SLURM_JOB_NUM_NODES - 1))
for ((i = 1; i <= worker_num; i++)); do
    node_i=${nodes_array[$i]}
    srun --nodes=1 --ntasks=1 -w "$node_i" \\
        ray start --address "$ip_head" \\
        --num-cpus "${SLURM_CPUS_PER_TASK}" --num-gpus "${SLURM_GPUS_PER_TASK}" --block &
    sleep 5
done
python -u simple-trainer.py "$SLURM_CPUS_PER_TASK"
"""


def _bash_n(text: str) -> bool:
    return subprocess.run(["bash", "-n"], input=text, text=True, capture_output=True,
                          check=False).returncode == 0


def test_steps_are_read_across_continued_lines() -> None:
    steps = ray_steps(DOCS)
    assert [(s.head, s.launcher, s.blocks, s.background) for s in steps] == [
        (True, "srun", True, True), (False, "srun", True, True)]
    assert head_node_index(DOCS) == 0
    assert ray_driver_on_head_node(DOCS) and not ray_driver_off_head_node(DOCS)
    assert not ray_step_detached(DOCS)


def test_detached_head_step_gets_block_and_background() -> None:
    script = DOCS.replace('--num-gpus "${SLURM_GPUS_PER_TASK}" --block &\nsleep 10',
                          '--num-gpus "${SLURM_GPUS_PER_TASK}"\nsleep 10')
    assert ray_step_detached(script)
    out = ray_block_steps(script)
    assert '--num-gpus "${SLURM_GPUS_PER_TASK}" --block &\nsleep 10' in out
    assert out.count("--block") == 2 and _bash_n(out)
    with pytest.raises(FixNotApplicable):
        ray_block_steps(DOCS)  # every step blocks already


def test_ray_start_in_the_batch_step_is_not_a_detached_step() -> None:
    script = "#!/bin/bash\nray start --head --port=6379\npython train.py\n"
    assert not ray_step_detached(script)
    # an ssh-started node's daemons outlive the ssh session: not a step Slurm cleans up
    assert not ray_step_detached("#!/bin/bash\nssh $node ray start --address=$h:6379\n")
    with pytest.raises(FixNotApplicable):
        ray_block_steps(script)


def test_chained_step_is_left_to_the_user() -> None:
    script = DOCS.replace('--num-gpus "${SLURM_GPUS_PER_TASK}" --block &\nsleep 10',
                          '--num-gpus "${SLURM_GPUS_PER_TASK}" && echo up\nsleep 10')
    with pytest.raises(FixNotApplicable, match="chained"):
        ray_block_steps(script)


def test_agent_ports_pinned_outside_each_worker_range() -> None:
    script = DOCS.replace('ray start --address "$ip_head"',
                          'ray start --address "$ip_head" --min-worker-port=52360 '
                          '--max-worker-port=52400')
    out = ray_pin_ports(script)
    assert "--dashboard-agent-grpc-port=52366 --metrics-export-port=52367 " \
           "--runtime-env-agent-port=52368 &" in out  # the head: default range
    worker = next(line for line in out.splitlines() if "--num-gpus" in line and "52401" in line)
    assert "--dashboard-agent-grpc-port=52401" in worker  # past the worker's own range
    assert _bash_n(out)
    with pytest.raises(FixNotApplicable):
        ray_pin_ports(out)  # pinned already


def test_gcs_port_inside_default_worker_range_moves_the_range() -> None:
    script = DOCS.replace("port=6379", "port=10956")
    out = ray_pin_ports(script)
    assert out.count("--min-worker-port=20002 --max-worker-port=29999") == 2


def test_own_range_holding_own_port_is_refused() -> None:
    script = DOCS.replace('--port=$port', '--port=$port --min-worker-port=6000 '
                          '--max-worker-port=7000')
    with pytest.raises(FixNotApplicable, match="user's choice"):
        ray_pin_ports(script)


def test_json_resources_quoted_for_the_nested_shell() -> None:
    line = ('srun -N1 -n1 -w "$head_node" bash -lc "ray start --head --port=6379 '
            '--resources={\\"trainer\\": 1} --block" &\n')
    out = ray_quote_json("#!/bin/bash\n" + line)
    assert "--resources='{\\\"trainer\\\": 1}' --block\" &" in out
    bare = ray_quote_json('#!/bin/bash\nray start --head --resources={"a": 2}\n')
    assert "--resources='{\"a\": 2}'" in bare
    for fine in ("ray start --head --resources='{\"a\": 2}'",
                 'ray start --head --resources="$RES"',
                 "srun bash -c 'ray start --head --resources={\"a\": 2}'"):
        with pytest.raises(FixNotApplicable):
            ray_quote_json("#!/bin/bash\n" + fine + "\n")


def test_driver_moved_to_a_head_on_another_node() -> None:
    script = DOCS.replace("head_node=${nodes_array[0]}", "head_node=${nodes_array[1]}")
    assert head_node_index(script) == 1 and ray_driver_off_head_node(script)
    out = ray_driver_on_head(script)
    assert 'srun --overlap --nodes=1 --ntasks=1 -w "$head_node" python -u simple-trainer.py' in out
    with pytest.raises(FixNotApplicable):
        ray_driver_on_head(DOCS)  # the head is the first node: the driver is there already


def _ids(script: str, log: str) -> list[tuple[str, str]]:
    data = diagnose_log(script, log, "delta", None, False)
    return [(d["record_id"], d["verdict"]) for d in data["diagnoses"]]  # type: ignore[union-attr]


def test_gcs_line_is_the_script_only_with_a_detached_step() -> None:
    log = "Failed to connect to GCS at address 10.1.2.3:6379\n"
    detached = DOCS.replace('--num-gpus "${SLURM_GPUS_PER_TASK}" --block &\nsleep 10',
                            '--num-gpus "${SLURM_GPUS_PER_TASK}"\nsleep 10')
    assert _ids(detached, log)[0] == ("ray-step-detached-daemons-ended", "script")
    assert _ids(DOCS, log)[0] == ("ray-gcs-unreachable-with-documented-launch", "not_script")


@pytest.mark.parametrize("change", [
    ("ip_head=$head_node_ip:$port", "ip_head=$head_node_ip:6380"),  # not the head's port
    ('--node-ip-address="$head_node_ip"', "--node-ip-address=0.0.0.0"),  # a wildcard head
    ('ray start --address "$ip_head"', 'ray start --address "$HEAD:6379"'),  # unset host
    ("sleep 10\n", ""),  # no wait before the workers
])
def test_gcs_line_is_not_called_rays_where_the_launch_departs(change: tuple[str, str]) -> None:
    script = DOCS.replace(*change)
    assert script != DOCS
    log = "Failed to connect to GCS at address 10.1.2.3:6379\n"
    assert "ray-gcs-unreachable-with-documented-launch" not in [i for i, _ in _ids(script, log)]


def test_raylet_lookup_reading_follows_where_the_driver_runs() -> None:
    log = ("This node has an IP address of 10.0.0.6, but we cannot find a local Raylet with "
           "the same address\n")
    assert _ids(DOCS, log)[0] == ("ray-raylet-lookup-with-driver-on-head", "not_script")
    off = DOCS.replace("head_node=${nodes_array[0]}", "head_node=${nodes_array[2]}")
    assert _ids(off, log)[0] == ("ray-driver-off-the-head-node", "script")


def test_socket_path_too_long_is_the_programs_only_without_a_script_temp_dir() -> None:
    log = "AF_UNIX path length cannot exceed 107 bytes\n"
    assert _ids(DOCS, log)[0] == ("ray-af-unix-path-from-program-temp-dir", "not_script")
    own = DOCS.replace("--port=$port", "--port=$port --temp-dir=/very/long/shared/path")
    assert "ray-af-unix-path-from-program-temp-dir" not in [i for i, _ in _ids(own, log)]


def test_probe_set_is_there() -> None:
    assert (Path(__file__).resolve().parent.parent / "bench" / "s30ray_probe"
            / "cases.yaml").is_file()
