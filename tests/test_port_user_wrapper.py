"""The user's own wrapper script in front of the Python program (issue 14 point 6): kept in
front of the target's interpreter where it stood in front of the source's, or named as not
carried; never said to be replaced by the target's launcher. Fixtures are our own shapes."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.api import PortResult

HEAD = "#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=4 --gpus-per-node=4\n#SBATCH -t 02:00:00\n"


def _port(launch: str, target: str = "delta") -> PortResult:
    return port(HEAD + launch + "\n", target)[target]


def _wrapper_note(r: PortResult, name: str) -> str:
    return next(n for n in r.notes if f"your wrapper script {name}" in n)


def test_a_wrapper_in_front_of_python_under_srun_is_kept_in_front_of_the_interpreter() -> None:
    r = _port("srun --mpi=pmix install.sh python src/prep.py --data /d")
    assert "install.sh python3 src/prep.py --data /d" in r.script
    note = _wrapper_note(r, "install.sh")
    assert "kept, verbatim" in note and "cannot see inside it" in note and "./install.sh" in note
    assert not any("replaces it" in n for n in r.notes)


def test_a_wrapper_in_front_of_python_under_mpirun_is_kept_on_a_pbs_target() -> None:
    r = _port("mpirun -np 8 ./wrapper.sh python train.py --lr 1", "polaris")
    assert "./wrapper.sh python train.py --lr 1" in r.script
    assert "kept, verbatim" in _wrapper_note(r, "./wrapper.sh")


def test_a_wrapper_inside_the_container_stays_inside_it() -> None:
    r = _port("srun singularity exec --nv img.sif ./launch.sh python train.py")
    assert "img.sif ./launch.sh python train.py" in r.script


def test_a_wrapper_in_front_of_a_per_node_launcher_is_named_as_not_carried() -> None:
    r = _port("srun ./env.sh torchrun --nnodes 2 --nproc_per_node 4 train.py")
    assert "./env.sh python" not in r.script
    note = _wrapper_note(r, "./env.sh")
    assert "NOT carried" in note and "per-node launcher" in note
    assert not any("replaces it" in n for n in r.notes)


def test_a_centres_gpu_binding_helper_is_the_sites_and_not_carried() -> None:
    r = _port("mpiexec -n 8 --ppn 4 ./set_affinity_gpu_polaris.sh python train.py", "delta")
    assert "set_affinity_gpu_polaris.sh python" not in r.script
    note = next(n for n in r.notes if "set_affinity_gpu_polaris.sh" in n)
    assert "ALCF (Polaris)'s helper" in note and "not carried to Delta" in note


def test_a_wrapper_in_front_of_a_shell_script_program_is_kept_in_front_of_it() -> None:
    one_gpu = "#!/bin/bash\n#SBATCH -n 1 --gpus=1\n#SBATCH -t 01:00:00\n"
    r = port(one_gpu + "srun ./install.sh ./scripts/run_exp.sh $2 $3\n", "vista")["vista"]
    assert "./install.sh ./scripts/run_exp.sh $2 $3\n" in r.script  # $2 $3 unquoted, as written
    assert "kept, verbatim" in _wrapper_note(r, "./install.sh")
