"""Another MPI's "set this variable" option is taken off the launch line with its variable
exported, never dropped with it (s34wrong): Intel/MPICH ``-env NAME VALUE`` refused by Open
MPI, Open MPI's ``-x NAME=VALUE`` refused by MPICH's Hydra."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_envopts import env_assignments, remove_keeping_env
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --time=01:00:00\n"
OMPI_LOG = 'mpiexec: Error: unknown option "-env"\n'
HYDRA_LOG = "[mpiexec@node01] match_arg (utils/args/args.c:163): unrecognized argument x\n"


def _diff(script: str, log: str) -> str:
    data = diagnose_log(script, log, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["diff"])  # type: ignore[index]


@pytest.mark.parametrize("line, export", [
    ("mpiexec -env OMP_NUM_THREADS 4 -n 8 ./cgyro", "+export OMP_NUM_THREADS=4"),
    ("mpiexec -n 64 -env OMP_NUM_THREADS 1 commander3 param.txt", "+export OMP_NUM_THREADS=1"),
])
def test_open_mpi_refusing_env_keeps_the_variable(line: str, export: str) -> None:
    diff = _diff(HEAD + line + "\n", OMPI_LOG)
    assert export in diff
    assert "-env" not in diff.split("+++", 1)[1].replace("-" + line, "")


def test_hydra_refusing_x_assignment_keeps_the_variable() -> None:
    diff = _diff(HEAD + "mpiexec -n 2 -x COUPLED=1 ./solver\n", HYDRA_LOG)
    assert "+export COUPLED=1" in diff and "+mpiexec -n 2 ./solver" in diff


def test_x_name_only_is_dropped_with_nothing_exported() -> None:
    diff = _diff(HEAD + "mpiexec -n 2 -x OMP_NUM_THREADS ./solver\n", HYDRA_LOG)
    assert "+export" not in diff and "+mpiexec -n 2 ./solver" in diff


def test_other_options_are_dropped_as_before() -> None:
    script = HEAD + "mpiexec -n 8 --bind-to core ./app\n"
    assert env_assignments(script, "mpiexec", "--bind-to") == []
    assert "--bind-to" not in remove_keeping_env(script, "mpiexec", "--bind-to")


def test_a_variable_the_policy_keeps_out_is_refused() -> None:
    script = HEAD + "mpiexec -n 2 -env LD_PRELOAD /x.so ./app\n"
    with pytest.raises(FixNotApplicable):
        remove_keeping_env(script, "mpiexec", "-env")
