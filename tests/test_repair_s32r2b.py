"""s32r2b: not-script records of templates/failures/s32_r2b.yaml (a batch output copy refused
by ssh, Megatron's NaN grad-norm check, a MUMPS factorisation error, a package missing from the
environment the job activates, IPEX built for another torch in the user's own environment),
and the look-alikes that stay with the script records."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify

SLURM = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
         "#SBATCH --gpus-per-node=1\n#SBATCH --time=01:00:00\n")
VENV = SLURM + "source $HOME/envs/exp/bin/activate\nsrun python -u train.py\n"
BARE = SLURM + "srun python -u train.py\n"
MIXED = SLURM + ("module load pytorch/2.3\nsource $HOME/envs/exp/bin/activate\n"
                 "srun python train.py\n")
CONTAINER = SLURM + ("source $HOME/envs/exp/bin/activate\n"
                     "srun apptainer exec --nv img.sif python train.py\n")
AURORA = ("#!/bin/bash\n#PBS -l select=1\n#PBS -l walltime=01:00:00\n#PBS -A P\n"
          "module load frameworks\nsource $HOME/venv/bin/activate\n"
          "mpiexec -n 12 --ppn 12 python train.py\n")
PBS = ("#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n#PBS -A P\n"
       "mpiexec -n 8 --ppn 4 ./app.x\n")

COPY_DENIED = ("Unable to copy file /opt/torque/spool/1.fe1.OU to u@login1.example.edu:/home/u/o\n"
               "*** error from copy\nPermission denied (publickey,gssapi-keyex,password).\n"
               "lost connection\n*** end error output\n")
COPY_NO_DIR = ("Unable to copy file /var/spool/pbs/spool/1.pbs.OU to /home/u/missing/o.txt\n"
               "*** error from copy\n/bin/cp: cannot create regular file `/home/u/missing/o.txt':"
               " No such file or directory\n*** end error output\n")
NAN = ("AssertionError: Rank 13: found NaN in local grad norm in backward pass before "
       "data-parallel communication collective. Device: 5, node: n15\n")
MUMPS = "MFEM abort: Error during MUMPS numerical factorization\n"
MUMPS_MEM = "On return from DMUMPS, INFOG(1)= -13\n" + MUMPS
MISSING = "ModuleNotFoundError: No module named 'pyBigWig'\n"
IPEX = ("Intel Extension for PyTorch 2.6 needs to work with PyTorch 2.6.*,\n"
        "but PyTorch 2.5.0+cpu is found\n")


def _first(script: str, log: str, cluster: str = "delta") -> tuple[str, str] | None:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    return (found[0].record_id, found[0].verdict) if found else None


@pytest.mark.parametrize(("script", "log", "cluster", "record"), [
    (PBS, COPY_DENIED, "polaris", "batch-output-copy-ssh-refused"),
    (VENV, NAN, "delta", "megatron-grad-norm-nan-check"),
    (PBS, MUMPS, "polaris", "mumps-factorization-failed"),
    (VENV, MISSING, "delta", "python-package-missing-in-activated-env"),
    (VENV, IPEX, "delta", "ipex-torch-mismatch-own-env"),
    (VENV, "Loss is nan, stopping training\n", "delta", "training-stopped-loss-not-finite"),
])
def test_not_script_classes_are_recognised(script: str, log: str, cluster: str,
                                            record: str) -> None:
    assert _first(script, log, cluster) == (record, "not_script")
    assert diagnose_log(script, log, cluster, None, False)["proposed"] is None


@pytest.mark.parametrize(("script", "log", "cluster", "record"), [
    (PBS, COPY_NO_DIR, "polaris", "batch-output-copy-ssh-refused"),
    (PBS, MUMPS_MEM, "polaris", "mumps-factorization-failed"),
    (BARE, MISSING, "delta", "python-package-missing-in-activated-env"),
    (MIXED, MISSING, "delta", "python-package-missing-in-activated-env"),
    (CONTAINER, MISSING, "delta", "python-package-missing-in-activated-env"),
    (VENV, "ModuleNotFoundError: No module named 'torch'\n", "delta",
     "python-package-missing-in-activated-env"),
    (VENV, MISSING, "deltaai", "python-package-missing-in-activated-env"),
    (AURORA, IPEX, "aurora", "ipex-torch-mismatch-own-env"),
    (BARE, IPEX, "delta", "ipex-torch-mismatch-own-env"),
])
def test_look_alikes_stay_off_the_not_script_record(script: str, log: str, cluster: str,
                                                     record: str) -> None:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    assert all(d.record_id != record for d in found if d.method != "similarity")
    assert not found or found[0].record_id != record
