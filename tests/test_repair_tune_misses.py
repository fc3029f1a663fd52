"""The classes of failure the tune halves of the real-log sets missed: the job's host memory,
accelerate without --machine_rank, Open MPI started by srun without PMI, a rendezvous host
name nobody resolves, and accelerate's 'None:None' endpoint (not an unset port variable)."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.patch_directives import set_directive
from maple_flow.repair.patch_env import names_first_node
from maple_flow.repair.resolve import Context, Unresolved, fill

HEAD = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
MASTER = 'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\n'


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict[str, Any]) -> str:
    return str(data["diagnoses"][0]["record_id"]) if data["diagnoses"] else ""


def _added(data: dict[str, Any]) -> list[str]:
    proposed = data.get("proposed") or {}
    return [ln[1:] for ln in str(proposed.get("diff", "")).splitlines()
            if ln.startswith("+") and not ln.startswith("+++")]


# --- the job's host memory --------------------------------------------------------------

def _mem(directives: str) -> str:
    script = f"#!/bin/bash\n#SBATCH --nodes=1\n{directives}srun python t.py\n"
    return fill("{mem:node}", Context(profile=get_profile("delta"), script=script))


@pytest.mark.parametrize("directives", [
    "#SBATCH --ntasks-per-node=4\n#SBATCH --cpus-per-task=2\n#SBATCH --mem-per-cpu=4G\n",
    "#SBATCH --mem=64G\n", "#SBATCH --gpus-per-node=4\n#SBATCH --mem-per-gpu=20G\n", ""])
def test_memory_below_a_node_is_raised_to_the_whole_node(directives: str) -> None:
    assert _mem(directives) == "0"


@pytest.mark.parametrize("directives", ["#SBATCH --mem=0\n", "#SBATCH --mem=300G\n",
                                        "#SBATCH --mem=300GiB\n",  # maple_flow.units' grammar
                                        "#SBATCH --ntasks-per-node=64\n#SBATCH --mem-per-cpu=8G\n"])
def test_memory_of_a_whole_node_is_not_raised(directives: str) -> None:
    with pytest.raises(Unresolved, match="already asks all"):
        _mem(directives)


def test_a_slurm_memory_option_replaces_the_other_two() -> None:
    script = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --mem-per-cpu=4G\n#SBATCH -t 1:00:00\nsrun x\n"
    after = set_directive(script, "slurm", "mem", "0")
    assert "#SBATCH --mem=0\n" in after and "mem-per-cpu" not in after
    assert after.index("--mem=0") < after.index("-t 1:00:00")  # where the old one was
    assert set_directive(after, "slurm", "mem", "0") == after
    assert set_directive(script, "pbs", "mem", "4gb").count("mem-per-cpu") == 1  # Slurm only


def test_dataloader_workers_killed_by_the_job_memory_limit_get_the_node_memory() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n"
              "#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=2\n#SBATCH --mem-per-cpu=4G\n"
              "#SBATCH --time=02:00:00\nsrun python -u train.py\n")
    for log in ("RuntimeError: DataLoader worker (pid 2637) is killed by signal: Killed.\n",
                "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch. Some of "
                "your processes may have been killed by the cgroup out-of-memory handler.\n"):
        data = _diagnose(script, log)
        # s37rl42: the cgroup's oom-kill report under a --mem-per-cpu below the node names the
        # per-CPU request itself (job-memory-per-cpu-too-small, same family, same fix)
        assert _first(data) in {"host-memory-job-limit", "job-memory-per-cpu-too-small"}
        assert _added(data) == ["#SBATCH --mem=0"]
    whole = script.replace("--mem-per-cpu=4G", "--mem=0")
    data = _diagnose(whole, "RuntimeError: DataLoader worker (pid 1) is killed by signal: "
                            "Killed.\n")
    assert data["proposed"] is None  # more memory is not there: no fix, said why


def test_shared_memory_bus_errors_stay_the_programs() -> None:
    log = "RuntimeError: DataLoader worker (pid 4) is killed by signal: Bus error.\n"
    script = HEAD + "#SBATCH --mem-per-cpu=4G\nsrun python t.py\n"
    assert _first(_diagnose(script, log)) != "host-memory-job-limit"


# --- accelerate without --machine_rank ----------------------------------------------------

ACCEL_LOG = ('    setattr(args, "node_rank", int(args.machine_rank))\nTypeError: int() argument '
             "must be a string, a bytes-like object or a number, not 'NoneType'\n")
ACCEL = "accelerate launch --multi_gpu --num_machines 2 --num_processes 8 train.py --lr 1"


def test_machine_rank_is_each_tasks_node_index_inside_a_per_node_task_shell() -> None:
    data = _diagnose(HEAD + MASTER + f"srun bash -c '{ACCEL}'\n", ACCEL_LOG)
    assert _first(data) == "accelerate-machine-rank-missing"
    assert _added(data) == [
        "srun bash -c 'accelerate launch --machine_rank=$SLURM_NODEID --multi_gpu "
        "--num_machines 2 --num_processes 8 train.py --lr 1'"]


@pytest.mark.parametrize("launch", [f"srun {ACCEL}", f'srun bash -c "{ACCEL}"', ACCEL])
def test_machine_rank_is_not_written_where_the_batch_shell_would_expand_it(launch: str) -> None:
    data = _diagnose(HEAD + MASTER + launch + "\n", ACCEL_LOG)
    assert _first(data) == "accelerate-machine-rank-missing"
    assert data["proposed"] is None
    assert "batch shell" in str(data["why_none"])


# --- Open MPI started by srun without PMI -------------------------------------------------

def test_open_mpi_direct_launch_without_pmi_uses_pmix() -> None:
    log = ('PMI2_Init failed to intialize.  Return code: 1\n'
           'The application appears to have been direct launched using "srun",\n'
           "but OMPI was not built with SLURM's PMI support and therefore cannot\nexecute.\n")
    for launch, added in (("srun --mpi=pmi2 python t.py", "srun --mpi=pmix python t.py"),
                          ("srun python t.py", "srun --mpi=pmix python t.py")):
        data = _diagnose(HEAD + launch + "\n", log, "anvil")
        assert _first(data) == "openmpi-direct-launch-no-pmi"
        assert _added(data) == [added]


# --- a rendezvous host name nobody resolves -----------------------------------------------

@pytest.mark.parametrize(("value", "named"), [
    ('$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)', True),
    ("$(scontrol show hostname $SLURM_NODELIST | sed -n 1p)", True),
    ('$(head -n 1 "$PBS_NODEFILE")', True),
    ('"$(head -n 1 "$PBS_NODEFILE" | cut -d . -f 1).hsn.cm.polaris.alcf.anl.gov"', True),
    ("login01.example", False), ("$(hostname)", False), ("localhost", False)])
def test_first_node_by_name_in_its_usual_spellings(value: str, named: bool) -> None:
    assert names_first_node(value, "slurm") is named


def test_an_unresolvable_first_node_name_becomes_its_address() -> None:
    script = (HEAD + MASTER + "export MASTER_PORT=29500\nsrun torchrun --nnodes=2 "
              '--nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$(hostname):29400" '
              "train.py\n")
    log = ("RendezvousConnectionError: TCP client failed to connect/validate to host "
           "gpu-0:29400 - Name or service not known\n")
    data = _diagnose(script, log)
    assert _first(data) == "rendezvous-host-name-unresolvable"
    added = _added(data)
    assert "export MASTER_ADDR=$(hostname -I | awk '{print $1}')" in added
    assert any('--rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT"' in ln for ln in added)
    gai = ("[c10d] The IPv6 network addresses of (job-1.internal, 50745) cannot be retrieved "
           "(gai error: -2 - Name or service not known).\n")
    assert _added(_diagnose(script, gai))[0].startswith("export MASTER_ADDR=$(hostname -I")


def test_an_unresolvable_other_host_becomes_the_first_node_by_name() -> None:
    script = (HEAD + "export MASTER_ADDR=login01.example\nexport MASTER_PORT=29500\n"
              "srun python t.py\n")
    log = "MASTER_ADDR login01.example does not resolve: [Errno -2] Name or service not known\n"
    assert _added(_diagnose(script, log)) == [
        'export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | sed -n 1p)']


# --- accelerate's 'None:None' endpoint ----------------------------------------------------

def test_accelerates_none_endpoint_is_not_an_unset_port_variable() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=2\n"
              "accelerate launch --config_file ./z2.yaml --num_processes 2 train.py\n")
    none = ("ValueError: The port number of the rendezvous endpoint 'None:None' must be an "
            "integer between 0 and 65536.\n")
    data = _diagnose(script, none)
    assert [d["record_id"] for d in data["diagnoses"]] == ["accelerate-endpoint-none"]
    assert data["proposed"] is None
    unset = none.replace("None:None", "nid200004:")
    torchrun = HEAD + "srun torchrun --rdzv_endpoint=$MASTER_ADDR:$MASTERPORT t.py\n"
    assert _first(_diagnose(torchrun, unset)) == "rendezvous-port-unset"


def test_a_pbs_first_node_without_the_sites_domain_gets_the_domain_name() -> None:
    from maple_flow.repair.patch_env import set_master_addr

    script = ('#!/bin/bash\n#PBS -l select=2\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\n'
              "mpiexec -n 8 --ppn 4 python t.py\n")
    domain = "hsn.cm.polaris.alcf.anl.gov"
    named = set_master_addr(script, "pbs", domain)
    assert f'| cut -d . -f 1).{domain}"' in named
    assert set_master_addr(named, "pbs", domain) == named
    assert set_master_addr(script, "pbs", "") == script
