"""Fixes that find the line at fault in a user's script (issue 17 point 3, s15-repairbreadth):
launcher options on an ``srun``/``mpiexec`` line that starts a program that is not Python, and
signatures that read the real wordings. Each log is a public thread's text (named in the test),
from a tune half (bench/reallogs6, bench/reallogs7, bench/repairapply_probe), never a held-out
case."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.patch_launch import remove_launcher_arg, set_launcher_arg
from maple_flow.repair.text import FixNotApplicable

MPI_APP = ("#!/bin/bash\n#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n"
           "#SBATCH --cpus-per-task=2\n#SBATCH --mem-per-cpu=1G\n#SBATCH --time=06:00:00\n"
           "module load cray-mpich\nsrun hostname\nsrun --cpu-bind=cores ./solver input.dat\n")
ACCELERATE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --gpus-per-node=2\n#SBATCH --time=08:00:00\n"
              "accelerate launch --config_file ./zero2.yaml --num_processes 2 train.py\n")
AURORA = ("#!/bin/bash\n#PBS -l nodes=1:ppn=1:mem=10gb\n#PBS -l place=scatter\n"
          "#PBS -l walltime=01:00:00\n#PBS -l filesystems=home:flare\n#PBS -A MyProject\n"
          "cd ${PBS_O_WORKDIR}\nmodule load frameworks\n"
          "mpiexec -n 24 --ppn 12 --cpu-bind depth -d 8 python train.py\n")


def _answer(script: str, log: str, cluster: str) -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _added(data: dict[str, Any]) -> list[str]:
    diff = data["proposed"]["diff"]
    return [line[1:] for line in diff.splitlines() if line.startswith("+") and
            not line.startswith("+++")]


def test_a_launcher_option_goes_on_the_last_srun_of_a_program_that_is_not_python() -> None:
    after = set_launcher_arg(MPI_APP, "srun", "--cpus-per-task", "${SLURM_CPUS_PER_TASK}")
    assert after.splitlines()[-1] == (
        'srun --cpus-per-task="${SLURM_CPUS_PER_TASK}" --cpu-bind=cores ./solver input.dat')
    assert "srun hostname\n" in after
    assert remove_launcher_arg(MPI_APP, "srun", "--cpu-bind").splitlines()[-1] == (
        "srun ./solver input.dat")


def test_the_python_launch_line_still_wins_over_another_srun() -> None:
    script = MPI_APP.replace("./solver input.dat", "python train.py") + "srun hostname\n"
    after = set_launcher_arg(script, "srun", "--cpus-per-task", "4")
    assert "\nsrun --cpus-per-task=4 --cpu-bind=cores python train.py\n" in after
    assert after.count("srun hostname\n") == 2


def test_a_script_without_that_launcher_still_says_why() -> None:
    with pytest.raises(FixNotApplicable, match="no srun command"):
        set_launcher_arg("#!/bin/bash\n#SBATCH -N 1\n./solver\n", "srun", "-c", "2")


def test_srun_cpus_per_task_in_slurms_own_wording_is_fixed_on_the_srun_line() -> None:
    # FairRootGroup/DDS#490 (bench/reallogs7 tune): Slurm spells it cpus_per_task
    log = ("srun: fatal: cpus_per_task set by two different environment variables "
           "SLURM_CPUS_PER_TASK=2 != SLURM_TRES_PER_TASK=cpu:1\n")
    # s28r2logs: the script asks its own --cpus-per-task, so the step gets that (the job's
    # SLURM_CPUS_PER_TASK may be inherited or widened: the value srun refused to trust)
    data = _answer(MPI_APP, log, "anvil")
    assert data["proposed"]["record_id"] == "srun-step-cpus-differ-from-job-request"
    assert _added(data) == ["srun --exact --cpus-per-task=2 --cpu-bind=cores ./solver input.dat"]
    # without a request of its own the start code's record still answers
    data = _answer(MPI_APP.replace("#SBATCH --cpus-per-task=2\n", ""), log, "anvil")
    assert data["proposed"]["record_id"] == "srun-cpus-per-task-not-inherited"
    assert _added(data) == [
        'srun --cpus-per-task="${SLURM_CPUS_PER_TASK}" --cpu-bind=cores ./solver input.dat']


def test_a_bare_address_already_in_use_gives_the_launcher_a_port() -> None:
    # huggingface/accelerate#74 (bench/repairapply_probe tune): TCPStore's bare message
    log = ("  File \"/home/.local/lib/python3.7/site-packages/torch/distributed/rendezvous.py\", "
           "line 179, in _env_rendezvous_handler\n    store = TCPStore(master_addr, master_port, "
           "world_size, start_daemon, timeout)\nRuntimeError: Address already in use\n")
    first = classify(FailureEvidence(cluster="delta", stderr=log, script=ACCELERATE))[0]
    assert (first.record_id, first.method) == ("port-in-use", "signature")
    data = _answer(ACCELERATE, log, "delta")
    assert data["proposed"]["record_id"] == "port-in-use"
    assert any(line.startswith("accelerate launch --main_process_port=")
               for line in _added(data))


def test_address_in_use_inside_a_longer_message_is_not_the_bare_wording() -> None:
    log = "RuntimeError: Address already in use by the profiler server on 6006, try another\n"
    firsts = classify(FailureEvidence(cluster="delta", stderr=log, script=ACCELERATE))
    assert not any(d.record_id == "port-in-use" and d.method == "signature" for d in firsts)


def test_qsub_node_specification_error_on_a_nodes_request_writes_a_select() -> None:
    # equinor/ert#7355 (bench/reallogs7 tune): mem inside a Torque nodes= chunk
    log = "failed with exit code 241 and error message: qsub: node(s) specification error\n"
    data = _answer(AURORA, log, "aurora")
    assert data["proposed"]["record_id"] == "pbs-select-required"
    assert "#PBS -l select=1" in _added(data)
    assert "-#PBS -l nodes=1:ppn=1:mem=10gb" in data["proposed"]["diff"]


def test_node_specification_error_without_a_nodes_request_is_not_that_record() -> None:
    script = AURORA.replace("nodes=1:ppn=1:mem=10gb", "select=1")
    log = "qsub: node(s) specification error\n"
    firsts = classify(FailureEvidence(cluster="aurora", stderr=log, script=script))
    assert not any(d.record_id == "pbs-select-required" and d.method == "signature"
                   for d in firsts)


def test_cpu_count_per_node_sets_cpus_per_task_to_what_a_node_has() -> None:
    # ComparativeGenomicsToolkit/cactus#1792 (bench/reallogs6 tune): 200 CPUs on one task
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --cpus-per-task=200\n#SBATCH --time=02:00:00\nsrun python train.py\n")
    data = _answer(script, "sbatch: error: CPU count per node can not be satisfied\n", "anvil")
    assert data["proposed"]["record_id"] == "slurm-node-config-cpus"
    assert _added(data) == ["#SBATCH --cpus-per-task=128"]


def test_horovodrun_with_another_mpi_on_path_is_told_to_use_gloo() -> None:
    # horovod/horovod#2389 (bench/reallogs4 tune): MPICH's Hydra mpirun on PATH
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=4\n"
              "#SBATCH --time=04:00:00\nmodule load mpich\n"
              "horovodrun -np 4 -H localhost:4 python train_hvd.py --epochs 10\n")
    log = ("Unknown MPI implementation given in output of mpirun --version:\nHYDRA build "
           "details:\n    Version:                                 3.3.2\n")
    data = _answer(script, log, "deltaai")
    assert data["proposed"]["record_id"] == "horovodrun-unknown-mpi"
    assert _added(data) == [
        "horovodrun --gloo -np 4 -H localhost:4 python train_hvd.py --epochs 10"]
