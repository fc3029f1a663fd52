"""The source site launcher's own options (srun --mpi/-K/-l/--cpu-bind, mpirun -bind-to/-map-by/
-mca): carried onto the target's launch where it is the same launcher and takes them, else
named in a note with what they did; never dropped silently (issue 14, probe portopts)."""

from __future__ import annotations

import pytest

from maple_flow import port

HEAD = """#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -A abc
#SBATCH -t 01:00:00
"""


def _port(script: str, target: str) -> tuple[str, str]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    line = next(x.strip() for x in r.script.splitlines()
                if x.lstrip().startswith(("srun", "mpiexec", "mpirun", "ibrun")))
    return line, "\n".join(r.notes)


@pytest.mark.parametrize("target", ["delta", "deltaai", "perlmutter"])
def test_srun_options_another_slurm_site_takes_are_carried(target: str) -> None:
    line, notes = _port(HEAD + "srun --mpi=pmi2 -K -l python train.py --lr 1\n", target)
    assert line.startswith("srun --mpi=pmi2 -K -l ")
    assert "options kept on" in notes and "srun --mpi=list" in notes


@pytest.mark.parametrize("target", ["polaris", "vista", "lonestar6"])
def test_srun_options_are_named_when_the_target_launches_otherwise(target: str) -> None:
    line, notes = _port(HEAD + "srun --kill-on-bad-exit=1 --cpu-bind=cores -u "
                        "python train.py --lr 1\n", target)
    assert "kill-on-bad-exit" not in line
    note = next(n for n in notes.splitlines() if "options not carried" in n)
    for word in ("`--kill-on-bad-exit=1` (ends the whole job when one rank fails)",
                 "`--cpu-bind=cores` (CPU/GPU placement", "`-u` (how the ranks' output"):
        assert word in note


def test_a_binding_option_on_the_same_launcher_is_named_not_carried() -> None:
    # the target's launch binds its ranks its own documented way
    line, notes = _port(HEAD + "srun --cpu_bind=none python train.py\n", "delta")
    assert "cpu_bind" not in line
    assert "`--cpu_bind=none` (CPU/GPU placement" in notes


def test_open_mpi_options_are_named_and_exported_variables_kept() -> None:
    script = HEAD + ("mpirun -np 8 -bind-to none -map-by slot -x NCCL_DEBUG=INFO "
                     "-x HOROVOD_FUSION_THRESHOLD=16777216 -mca pml ob1 python train.py\n")
    r = port(script, "polaris")["polaris"]
    notes = "\n".join(r.notes)
    assert "export HOROVOD_FUSION_THRESHOLD=16777216" in r.script
    assert "`-bind-to none`, `-map-by slot` (CPU/GPU placement" in notes
    assert "`-mca 'pml ob1'` (Open MPI transport" in notes
    assert "-np" not in notes.split("options not carried")[1]  # the size is the port's own


def test_size_and_exported_variables_are_not_named_as_dropped() -> None:
    _, notes = _port(HEAD + "srun -n 8 --ntasks-per-node=4 --export=ALL,A=1 python t.py\n",
                     "polaris")
    assert "options not carried" not in notes


PYXIS = HEAD + ("srun --container-image=nvcr.io#nvidia/pytorch:24.01-py3 "
                "--container-mounts=/data:/data --container-workdir=/workspace "
                "python train.py --lr 1\n")


@pytest.mark.parametrize("target", ["delta", "polaris", "vista"])
def test_a_pyxis_registry_image_is_carried_to_apptainer(target: str) -> None:
    r = port(PYXIS, target)[target]
    line = next(x.strip() for x in r.script.splitlines() if "train.py" in x)
    assert line.startswith("apptainer exec --nv -B /data:/data --pwd /workspace "
                           "docker://nvcr.io/nvidia/pytorch:24.01-py3 python")


@pytest.mark.parametrize(("target", "says"), [
    ("perlmutter", "`shifter --image=nvcr.io/nvidia/pytorch:24.01-py3 --module=gpu`"),
    ("aurora", "a CUDA (NVIDIA) image: it does not run on Aurora's GPUs")])
def test_a_pyxis_image_not_carried_is_named_with_its_mounts_and_workdir(
        target: str, says: str) -> None:
    notes = "\n".join(port(PYXIS, target)[target].notes)
    note = next(n for n in notes.splitlines() if "pyxis/enroot container" in n)
    assert says in note and "`/data:/data`" in note and "`/workspace`" in note


def test_an_enroot_squashfs_file_is_named_not_carried() -> None:
    script = PYXIS.replace("nvcr.io#nvidia/pytorch:24.01-py3", "/scratch/u/img.sqsh")
    r = port(script, "delta")["delta"]
    assert "apptainer" not in r.script
    assert "an enroot squashfs file" in "\n".join(r.notes)


def test_srun_gpus_read_as_the_size_of_a_script_with_no_directive() -> None:
    # `srun --gpus=2 python x.py` states its one task's GPUs: no question asked
    r = port("#!/bin/bash\nsrun --gpus=2 --mem=64G python x.py\n", "delta")["delta"]
    assert r.status == "generated"
    assert "its srun asks 2 GPU(s) for its one task" in "\n".join(r.notes)


def test_jsrun_options_are_named_as_jsrun_s() -> None:
    script = ("#!/bin/bash\n#BSUB -nnodes 2\n#BSUB -W 30\n"
              "jsrun -n 12 -r 6 -a 1 -g 1 --smpiargs=\"-disable_gpu_hooks\" python train.py\n")
    notes = "\n".join(port(script, "polaris")["polaris"].notes)
    assert ("the source's jsrun options not carried to Polaris's mpiexec, another launcher"
            in notes)
    assert "`--smpiargs=-disable_gpu_hooks` (Spectrum MPI's options" in notes
