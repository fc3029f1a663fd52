"""Records of the failure families bench/s20repairbreadth_probe's tune half left unrecognised
(issue 17): Open MPI's binding protection (a fix on the mpirun line), and MPI failures that are
not the script's - no loadable pml component, PMIx without its munge component, ranks no Open MPI
transport connects, UCX with no active-message transport. Each test uses another wording, script
or site than the measured cases."""

from __future__ import annotations

import re

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.resolve import Context, Unresolved, fill

NEW = load_file(failures_dir() / "s20_breadth.yaml")
POLARIS = get_profile("polaris")

_SLURM = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=16
#SBATCH --time=02:00:00
module load openmpi
{launch}
"""

_BIND_V4 = ("A request was made to bind to that would result in binding more\n"
            "processes than cpus on a resource:\n\n   Bind to:     NUMA\n   Node:        n042\n"
            "   #processes:  9\n   #cpus:       8\n\nYou can override this protection by adding "
            "the \"overload-allowed\"\noption to your binding directive.\n")
_BIND_V5 = ("[1,3]<stderr>: A request was made to bind to that would result in binding more\n"
            "[1,3]<stderr>: processes than cpus available in your allocation:\n\n"
            "   Application:     ./lmp\n   #processes:      4\n   Binding policy:  CORE\n")


def test_new_records_are_sourced_and_signature_only() -> None:
    assert {r.id for r in NEW} == {
        "openmpi-binding-overload-refused", "mpi-pml-component-not-loadable",
        "pmix-psec-munge-missing", "openmpi-ranks-unreachable",
        "ucx-no-active-message-transport", "lightning-devices-under-per-task-gpu-binding",
        "lightning-devices-above-job-gpus", "mpich-hydra-proxy-cannot-reach-mpiexec"}
    assert all(len(r.references) >= 2 and r.signature_only for r in NEW)


@pytest.mark.parametrize(("launch", "log", "new"), [
    # the line's own unit keeps its binding, with the qualifier Open MPI names
    ("mpirun -np 32 --bind-to numa ./app", _BIND_V4,
     "mpirun -np 32 --bind-to numa:overload-allowed ./app"),
    # no --bind-to: Open MPI binds to core by default
    ("mpirun -np 32 --map-by slot:PE=4 ./lmp -in in.lj", _BIND_V5,
     "mpirun --bind-to core:overload-allowed -np 32 --map-by slot:PE=4 ./lmp -in in.lj"),
    # a qualifier the line has already is kept
    ("mpiexec -n 32 --bind-to core:report ./app", _BIND_V4,
     "mpiexec -n 32 --bind-to core:report,overload-allowed ./app"),
])
def test_binding_overload_is_allowed_on_the_mpi_line(launch: str, log: str, new: str) -> None:
    data = diagnose_log(_SLURM.format(launch=launch), log, "anvil", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data
    assert proposed["record_id"] == "openmpi-binding-overload-refused"
    assert re.search(rf"(?m)^\+{re.escape(new)}$", proposed["diff"]), proposed["diff"]


def test_a_line_that_binds_to_nothing_or_allows_overload_gets_no_fix() -> None:
    for launch in ("mpirun -np 32 --bind-to none ./app",
                   "mpirun -np 32 --bind-to core:overload-allowed ./app", "srun ./app"):
        with pytest.raises(Unresolved):
            fill("{bind:overload}", Context(script=_SLURM.format(launch=launch)))
        data = diagnose_log(_SLURM.format(launch=launch), _BIND_V4, "anvil", None, False)
        assert data["proposed"] is None, data


def test_the_memory_binding_warning_is_not_the_refusal() -> None:
    warning = ("WARNING: a request was made to bind a process. While the system\n"
               "supports binding the process itself, at least one node does NOT\n"
               "support binding memory to the process location.\n")
    data = diagnose_log(_SLURM.format(launch="mpirun -np 32 ./app"), warning, "anvil", None,
                        False)
    assert all(d["record_id"] != "openmpi-binding-overload-refused" for d in data["diagnoses"])


@pytest.mark.parametrize(("log", "record"), [
    ("--------------------------------------------------------------------------\n"
     "No components were able to be opened in the pml framework.\n\nThis typically means that "
     "either no components of this type were\ninstalled, or none of the installed components "
     "can be loaded.\n\n  Host:      gpu-a17\n  Framework: pml\n",
     "mpi-pml-component-not-loadable"),
    ("[node7:31337] PML ucx cannot be selected\n", "mpi-pml-component-not-loadable"),
    ("A requested component was not found, or was unable to be opened.  This\nmeans that this "
     "component is either not installed or is unable to be\nused on your system.  Note that\n"
     "PMIx stopped checking at the first component that it did not find.\n\nHost:      a100-3\n"
     "Framework: psec\nComponent: munge\n", "pmix-psec-munge-missing"),
    ("At least one pair of MPI processes are unable to reach each other for\nMPI communications."
     "  This means that no Open MPI device has indicated\nthat it can be used to communicate "
     "between these processes.\n\n  BTLs attempted: self vader\n", "openmpi-ranks-unreachable"),
    ("[1700000000.1] [gpu12:4242:0]   select.c:630  UCX  ERROR   no active messages transport "
     "to <no debug data>: sysv/memory - Destination is unreachable, tcp/ib0 - Destination is "
     "unreachable\n", "ucx-no-active-message-transport"),
    ('[proxy:0:3@gpu-017] HYDU_sock_connect (lib/utils/sock.c:140): unable to connect from '
     '"gpu-017" to "gpu-001" (Connection timed out)\n', "mpich-hydra-proxy-cannot-reach-mpiexec"),
    ("[proxy:0:1@cn12] main (proxy/pmip.c:105): unable to connect to server cn01 at port 40111 "
     "(check for firewalls!)\n", "mpich-hydra-proxy-cannot-reach-mpiexec"),
])
def test_installation_and_fabric_failures_are_not_the_script(log: str, record: str) -> None:
    data = diagnose_log(_SLURM.format(launch="mpirun -np 32 ./app"), log, "delta", None, False)
    assert data["proposed"] is None, data
    first = data["diagnoses"][0]
    assert first["record_id"] == record and first["verdict"] == "not_script", data["diagnoses"]


@pytest.mark.parametrize(("launch", "log"), [
    # the script picks the BTLs (shared memory only, across nodes): its own choice may be why
    ("mpirun -np 32 --mca btl self,vader ./app",
     "At least one pair of MPI processes are unable to reach each other for\nMPI communications."),
    ("mpiexec -n 32 -iface ib0 ./app",
     '[proxy:0:1@cn12] HYDU_sock_connect (utils/sock/sock.c:145): unable to connect from "cn12" '
     'to "cn01" (Connection refused)'),
    ("export UCX_TLS=tcp\nmpirun -np 32 ./app",
     "UCX  ERROR no active messages transport to <no debug data>: tcp/eth0 - Destination is "
     "unreachable"),
])
def test_a_script_that_selects_the_transport_is_not_told_it_is_not_the_script(
        launch: str, log: str) -> None:
    data = diagnose_log(_SLURM.format(launch=launch), log, "delta", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "openmpi-ranks-unreachable" not in ids
    assert "ucx-no-active-message-transport" not in ids
    assert "mpich-hydra-proxy-cannot-reach-mpiexec" not in ids


_POLARIS = """#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime={wall}
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
mpiexec -n 8 --ppn 4 python train.py
"""


def test_a_queue_move_keeps_the_walltime_the_new_queue_takes() -> None:
    # three hours on a one-hour queue: capacity takes two nodes for three hours, so the job
    # moves and keeps its walltime (cut to one hour it would end early in the new queue)
    log = "qsub: Job exceeds queue and/or server resource limits"
    data = diagnose_log(_POLARIS.format(wall="03:00:00"), log, "polaris", None, False)
    diff = data["proposed"]["diff"]
    assert re.search(r"(?m)^\+#PBS -q capacity$", diff), diff
    changed = [line for line in diff.splitlines()
               if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))]
    assert not [line for line in changed if "walltime" in line], diff
    with pytest.raises(Unresolved):
        fill("{walltime:cap}", Context(script=_POLARIS.format(wall="03:00:00"),
                                       profile=POLARIS))


def test_the_walltime_is_cut_when_no_queue_takes_it() -> None:
    # 200 hours: no Polaris queue given unasked takes it, so the walltime is cut to the limit
    ctx = Context(script=_POLARIS.format(wall="200:00:00"), profile=POLARIS)
    assert fill("{walltime:cap}", ctx) == "01:00:00"
    ctx = Context(script=_POLARIS.format(wall="00:30:00"), profile=POLARIS)
    assert fill("{walltime:cap}", ctx) == "00:30:00"


_LIGHTNING = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
{gpus}
#SBATCH --time=04:00:00
srun python fit.py --devices 4
"""
_PL_LOG = ("lightning_fabric.utilities.exceptions.MisconfigurationException: You requested "
           "gpu: [0, 1, 2, 3]\n But your machine only has: [0]\n")


def test_lightning_under_per_task_binding_gets_the_node_gpus() -> None:
    for gpus in ("#SBATCH --gpus-per-task=1",
                 "#SBATCH --gres=gpu:4\n#SBATCH --gpu-bind=single:1"):
        data = diagnose_log(_LIGHTNING.format(gpus=gpus), _PL_LOG, "delta", None, False)
        proposed = data["proposed"]
        assert proposed is not None, data
        assert proposed["record_id"] == "lightning-devices-under-per-task-gpu-binding"
        assert re.search(r"(?m)^-#SBATCH --(gpus-per-task|gpu-bind)", proposed["diff"])


def test_lightning_above_the_job_gpus_asks_the_trainer_gpus() -> None:
    data = diagnose_log(_LIGHTNING.format(gpus="#SBATCH --gres=gpu:a100:2"), _PL_LOG, "delta",
                        None, False)
    proposed = data["proposed"]
    assert proposed is not None and proposed["record_id"] == "lightning-devices-above-job-gpus"
    assert re.search(r"(?m)^\+#SBATCH --gres=gpu:(a100:)?4$", proposed["diff"]), proposed["diff"]


@pytest.mark.parametrize("gpus", ["#SBATCH --gpus-per-node=4", "#SBATCH --gres=gpu:1"])
def test_lightning_gets_no_fix_when_the_job_has_the_gpus_or_a_node_has_too_few(
        gpus: str) -> None:
    # four GPUs asked and given: the tasks see one each for a reason the script does not show;
    # eight asked on a four-GPU node: no GPU count of the job can give them
    log = _PL_LOG if "4" in gpus else _PL_LOG.replace("[0, 1, 2, 3]", "[0, 1, 2, 3, 4, 5, 6, 7]")
    data = diagnose_log(_LIGHTNING.format(gpus=gpus), log, "delta", None, False)
    assert data["proposed"] is None, data


def test_lightning_with_no_gpu_at_all_is_not_these_records() -> None:
    log = "You requested GPUs: [0, 1]\n But your machine only has: []\n"
    data = diagnose_log(_LIGHTNING.format(gpus="#SBATCH --gpus-per-task=1"), log, "delta", None,
                        False)
    assert all(not d["record_id"].startswith("lightning-devices") for d in data["diagnoses"])
