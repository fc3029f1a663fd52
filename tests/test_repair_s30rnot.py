"""s30rnot: an application's own report, in its own frame, that its input is wrong (GROMACS,
Quantum ESPRESSO, OpenFOAM, LAMMPS of any source tree, a gfortran namelist read) is read as not
the launch script's - advice, no fix - unless its message speaks of what the launch or the
environment sets, quotes a name of the job script, or the rest of the log speaks of the launch."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.app_input import input_error
from maple_flow.repair.structure import read

APP = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=64\n#SBATCH --time=02:00:00\n"
       "module load {module}\nsrun --cpu-bind=cores {line}\n")

#: (module, launch line, log): input errors in each application's own frame (fixtures written
#: for these tests in the frames the programs print).
INPUT_ERRORS = [
    ("gromacs", "gmx_mpi mdrun -deffnm md",
     "Program:     gmx grompp, version 2023.3\n"
     "Source file: src/gromacs/gmxpreprocess/toppush.cpp (line 2210)\n\n"
     "Fatal error:\nAtomtype CT3 not found\n"),
    ("gromacs", "gmx_mpi mdrun -deffnm md",
     "Fatal error:\nSyntax error - File ligand.itp, line 12\nLast line read:\n"
     "'[ moleculetype ]'\nInvalid order for directive moleculetype\n"),
    ("quantum-espresso", "pw.x -in scf.in",
     "     Error in routine  iosys (1):\n      ecutrho must be >= ecutwfc\n"),
    ("quantum-espresso", "pw.x -in scf.in",
     "     task #         0\n     from read_cards : error #         1\n"
     "     unknown card  K_POINT\n"),
    ("openfoam", "simpleFoam -parallel",
     "--> FOAM FATAL IO ERROR:\nkeyword div(phi,k) is undefined in dictionary "
     '"/scratch/u/case/system/fvSchemes.divSchemes"\n\n'
     "    From function const Foam::entry& Foam::dictionary::lookupEntry\n"
     "    in file db/dictionary/dictionary.C at line 566.\n\nFOAM exiting\n"),
    ("lammps", "lmp -in in.melt",
     "ERROR: Illegal fix nvt command (../fix_nh.cpp:112)\nLast command: fix 1 all nvt temp\n"),
    ("lammps", "lmp -in in.melt",
     "ERROR on proc 0: Invalid atom type in create_atoms command\n"
     "Last command: create_atoms 3 box\n"),
    ("model", "./model.exe",
     "At line 88 of file setup.f90 (unit = 11, file = 'params.nml')\n"
     "Fortran runtime error: Cannot match namelist object name dt_max\n"),
]


@pytest.mark.parametrize(("module", "line", "log"), INPUT_ERRORS)
def test_application_input_error_is_not_the_script(module: str, line: str, log: str) -> None:
    script = APP.format(module=module, line=line)
    reading = read(log, script)
    assert reading is not None and reading.category == "appinput"
    found = classify(FailureEvidence(cluster="anvil", stderr=log, script=script))
    assert found and (found[0].record_id, found[0].verdict) == (
        "structure-application-input-error", "not_script")
    assert diagnose_log(script, log, "anvil", None, False)["proposed"] is None


#: The same frames whose message speaks of what the launch or the environment sets.
LAUNCH_MESSAGES = [
    "--> FOAM FATAL ERROR:\nTrying to use the dummy Pstream library.\n"
    "This dummy library cannot be used in parallel mode\n",
    "--> FOAM FATAL ERROR:\nbool IPstream::init(int& argc, char**& argv) : attempt to run "
    "parallel on 1 processor\n",
    "--> FOAM FATAL ERROR:\nnumber of processor directories = 4 is not equal to the number of "
    "processors = 8\n",
    "Program:     gmx mdrun, version 2022\nSource file: src/gromacs/taskassignment/x.cpp "
    "(line 1)\n\nFatal error:\nWhen using GPUs, setting the number of OpenMP threads without "
    "specifying the number of ranks can lead to conflicting demands.\n",
    "Program:     gmx grompp, version 2022\nSource file: src/gromacs/x.cpp (line 1)\n\n"
    "Fatal error:\nFile 'topol.top' does not exist or is not accessible.\n",
    "     Error in routine mp_start_pools (1):\n      invalid number of pools, out of range\n",
    "     Error in routine readpp (1):\n      file ./Si.pz-vbc.UPF not found\n",
    "ERROR: Cannot open input script in.melt: No such file or directory (src/lammps.cpp:460)\n",
    "ERROR: Package gpu command without GPU package installed (../input.cpp:1543)\n",
    "ERROR: Processor count in z must be > 0 (../comm.cpp:512)\n",
    "At line 12 of file io.f90 (unit = 10, file = 'missing.nml')\n"
    "Fortran runtime error: Cannot open file 'missing.nml': No such file or directory\n",
]


@pytest.mark.parametrize("log", LAUNCH_MESSAGES)
def test_message_of_the_launch_or_environment_is_not_read(log: str) -> None:
    assert input_error(log, APP.format(module="m", line="./app input")) is None


def test_message_quoting_a_value_of_the_script_is_not_read() -> None:
    script = APP.format(module="lammps", line="lmp -in in.strain -var MODE axial_xx")
    log = "ERROR: Invalid variable value axial_xx in if command (src/variable.cpp:4812)\n"
    assert input_error(log, script) is None
    other = "ERROR: Illegal if command: unknown keyword elif_x (src/input.cpp:910)\n"
    assert input_error(other, script) is not None


def test_launch_words_elsewhere_in_the_log_veto_the_reading() -> None:
    log = ("ERROR: Illegal fix nvt command (../fix_nh.cpp:112)\nLast command: fix 1 all nvt\n"
           "srun: error: Unable to create step for job 42: Requested nodes are busy\n")
    assert read(log, APP.format(module="lammps", line="lmp -in in.melt")) is None


def test_fortran_runtime_error_not_about_the_input_text_is_not_read() -> None:
    log = ("At line 40 of file solver.f90 (unit = 6, file = 'stdout')\n"
           "Fortran runtime error: End of file\n")
    assert input_error(log) is None


def test_a_fatal_error_line_without_gromacs_frame_is_not_read() -> None:
    assert input_error("Fatal error:\nsomething went wrong in the solver\n") is None


def test_bare_lammps_error_line_read_where_the_script_runs_lammps() -> None:
    log = "ERROR: Illegal velocity command: unknown keyword dist\n"
    lammps = APP.format(module="lammps", line="lmp -in in.melt")
    reading = read(log, lammps)
    assert reading is not None and reading.category == "appinput"
    assert input_error(log, APP.format(module="m", line="./solver input.dat")) is None
    assert input_error(log) is None


def test_bare_gromacs_fatal_error_read_where_the_script_runs_gmx() -> None:
    log = "Fatal error:\nNo such moleculetype LIG\n"
    gromacs = APP.format(module="gromacs", line="gmx_mpi mdrun -deffnm md")
    assert input_error(log, gromacs) is not None
    assert input_error(log, APP.format(module="m", line="./solver input.dat")) is None


def test_installer_error_line_in_a_lammps_job_is_not_read() -> None:
    lammps = APP.format(module="lammps", line="lmp -in in.melt")
    log = "ERROR: No matching distribution found for lammps-tools==9.9\n"
    assert input_error(log, lammps) is None


def test_domain_decomposition_message_is_the_launchs() -> None:
    gromacs = APP.format(module="gromacs", line="gmx_mpi mdrun -deffnm md")
    log = ("Fatal error:\nThe X-size of the box (3.1) times the triclinic skew factor is "
           "smaller than the number of DD cells (4) times the smallest allowed cell size\n")
    assert input_error(log, gromacs) is None


@pytest.mark.parametrize(("line", "runs"), [
    ("srun --cpu-bind=cores lmp -in in.melt", True),
    ("mpirun -np 4 /opt/lammps/bin/lmp_mpi -in in.melt", True),
    ("cd $HOME/lammps && ./solver input.dat", False),
    ("cp in.melt /tmp/lmp_data && ./solver in.melt", False),
])
def test_lammps_runs_only_where_a_command_runs_it(line: str, runs: bool) -> None:
    log = "ERROR: Illegal velocity command: unknown keyword dist\n"
    script = f"#!/bin/bash\n#SBATCH --nodes=1\nmodule load m\n{line}\n"
    assert (input_error(log, script) is not None) is runs


def test_namd_fatal_error_in_charm_abort_frame() -> None:
    log = ("------------- Processor 0 Exiting: Called CmiAbort ------------\n"
           "Reason: FATAL ERROR: DIDN'T FIND vdW PARAMETER FOR ATOM TYPE CX9\n")
    reading = read(log, APP.format(module="m", line="./app input"))
    assert reading is not None and reading.category == "appinput"


def test_namd_config_file_it_cannot_access_is_not_read() -> None:
    log = ("------------- Processor 0 Exiting: Called CmiAbort ------------\n"
           "Reason: FATAL ERROR: Unable to access config file eq.conf\n")
    assert input_error(log, APP.format(module="namd", line="namd2 +ppn 4 eq.conf")) is None


def test_bare_namd_fatal_error_read_where_the_script_runs_namd() -> None:
    log = "FATAL ERROR: DIDN'T FIND \"NATOM\" IN PSF FILE\n"
    assert input_error(log, APP.format(module="namd", line="namd3 md.conf")) is not None
    assert input_error(log, APP.format(module="m", line="./solver input.dat")) is None
