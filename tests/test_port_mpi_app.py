"""Issue 14: a launch whose ranks are an MPI/GPU application (not Python, not a known Python
console script) keeps its rank layout on the target, or is refused naming the numbers."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation
from maple_flow.knowledge.app_commands import count_options, is_python_command

_HEAD = "#!/bin/bash\n#SBATCH -t 01:00:00\n"


def _job(nodes: int, tpn: int, gpus: str, launch: str) -> str:
    return (_HEAD + f"#SBATCH --nodes={nodes}\n#SBATCH --ntasks-per-node={tpn}\n{gpus}\n"
            f"module load lammps\n{launch}\n")


def test_lammps_two_gpus_a_node_keeps_two_nodes_of_two_ranks() -> None:
    text = _job(2, 2, "#SBATCH --gres=gpu:2", "srun lmp -sf gpu -pk gpu 2 -in in.lj")
    result = port(text, ["perlmutter"])["perlmutter"]
    assert result.status == "generated", result.notes
    assert result.spec is not None and (result.spec.nodes, result.spec.gpus_per_node) == (2, 2)
    assert "lmp -sf gpu -pk gpu 2 -in in.lj" in result.script
    options = next(n for n in result.notes if "own GPU and thread options" in n)
    assert "-pk gpu 2" in options and "-sf gpu" in options


def test_eight_ranks_a_node_refused_on_four_gpu_nodes_naming_the_numbers() -> None:
    text = _job(2, 8, "#SBATCH --gpus-per-node=8", "srun -n 16 lmp -k on g 8 -sf kk -in in.lj")
    result = port(text, ["polaris"])["polaris"]
    assert result.status == "refused"
    why = result.notes[0]
    assert "2 node(s) x 8 rank(s) a node" in why and "has 4 GPUs" in why
    assert "-k on g 8" in why


def test_eight_ranks_a_node_kept_on_eight_gpu_nodes() -> None:
    text = _job(1, 8, "#SBATCH --gpus-per-node=8", "mpirun -np 8 gmx_mpi mdrun -ntomp 4 -s x.tpr")
    result = port(text, ["bridges2"])["bridges2"]
    assert result.status == "generated", result.notes
    assert result.spec is not None and (result.spec.nodes, result.spec.gpus_per_node) == (1, 8)
    assert "gmx_mpi mdrun -ntomp 4 -s x.tpr" in result.script
    assert any("layout is kept as the source wrote it" in n for n in result.notes)


def test_ranks_sharing_one_gpu_refused() -> None:
    text = _job(1, 4, "#SBATCH --gres=gpu:1", "srun pw.x -input si.in")
    result = port(text, ["perlmutter"])["perlmutter"]
    assert result.status == "refused"
    assert "sharing 1 GPU(s) a node" in result.notes[0]


def test_no_gpu_count_is_asked() -> None:
    text = _job(2, 2, "#SBATCH --constraint=gpu", "srun jacobi_cuda -t 2 2")
    with pytest.raises(MissingInformation) as err:
        port(text, ["perlmutter"])
    assert "gpus_per_node" in err.value.missing and "2 node(s) x 2" in str(err.value)


def test_binary_path_under_mpirun_is_the_program() -> None:
    text = _job(1, 4, "#SBATCH --gres=gpu:4", "mpirun -n 4 ./main --steps 10")
    result = port(text, ["delta"])["delta"]
    assert result.status == "generated", result.notes
    assert "./main --steps 10" in result.script


def test_python_console_script_still_one_rank_per_target_gpu() -> None:
    text = _job(2, 2, "#SBATCH --gres=gpu:2", "srun fairseq-train data --arch x")
    result = port(text, ["perlmutter"])["perlmutter"]
    assert result.status == "generated", result.notes
    assert result.spec is not None and (result.spec.nodes, result.spec.gpus_per_node) == (1, 4)
    assert not any("MPI/GPU application" in n for n in result.notes)


def test_count_options_and_python_commands() -> None:
    words = ["-k", "on", "g", "8", "-sf", "kk", "-pk", "kokkos", "neigh", "half", "-in", "x"]
    assert count_options(words) == ["-k on g 8", "-sf kk", "-pk kokkos neigh half"]
    assert count_options(["+p24", "+devices", "0,1", "x.namd"]) == ["+p24", "+devices 0,1"]
    assert is_python_command("/env/bin/fairseq-train") and not is_python_command("lmp")
