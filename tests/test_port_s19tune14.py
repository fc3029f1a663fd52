"""Launch shapes of bench/unseen14's tune half and bench/s19tune14_probe: an MPI launcher's
valued option is never the program, ... (fixtures written for these tests, not copies)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError

MPIRUN_MAP_BY_PE = """#!/bin/bash
#SBATCH --nodes 2
#SBATCH --ntasks-per-node 1
#SBATCH --gpus-per-node 1
#SBATCH --cpus-per-task 16
#SBATCH -t 00:30:00

cd bin
app=solver
mpirun --map-by {mapping} ./apps/$app --input data/mesh.h5 --iters 100
"""


@pytest.mark.parametrize("mapping", ["node:PE=$SLURM_CPUS_PER_TASK", "ppr:1:node:pe=16",
                                     "slot"])
def test_an_mpi_launchers_option_value_is_never_read_as_the_program(mapping: str) -> None:
    with pytest.raises(MapleError) as err:
        port(MPIRUN_MAP_BY_PE.format(mapping=mapping), ["vista"])
    why = str(err.value)
    assert "./apps/$app is a program that is not Python" in why
    assert f"{mapping} is a program" not in why
