"""s19-portleft2: classes left open by the session's earlier fixers (bench/s19portleft2_probe).

1. A Slurm job asking only per-node counts (--ntasks-per-node, --gpus-per-node, --gres) with no
   -N and no per-job count runs on Slurm's default one node (sbatch(1), -N): read so, with a
   note, not asked; a script that reads a job-size variable (sized at submission) is asked.
3. A per-rank wrapper srun started, kept on a PBS target: one note, naming the target
   launcher's rank variables (profile data), never a second note calling it not carried.
4. A bare ``accelerate launch`` in a several-node job runs on the first node only: that
   machine's share kept, the idle nodes and the disagreeing --num_machines named.
6. GPU counts of one are written "1 GPU".
Script shapes written here."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError, MissingInformation
from maple_flow.port.words import gpus

PER_NODE_ONLY = ("#!/bin/bash\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
                 "#SBATCH -t 01:00:00\nsrun python train.py\n")


@pytest.mark.parametrize("target", ["delta", "polaris", "vista"])
def test_per_node_counts_without_nodes_read_as_one_node(target: str) -> None:
    r = port(PER_NODE_ONLY, [target])[target]
    assert r.spec is not None and r.spec.nodes * r.spec.gpus_per_node == 4
    [note] = [n for n in r.notes if "no node count (no -N/--nodes)" in n]
    assert "ONE node" in note and "--ntasks-per-node=4" in note and "nodes=K" in note


def test_gres_per_node_without_nodes_read_as_one_node() -> None:
    script = PER_NODE_ONLY.replace("--gpus-per-node=4", "--gres=gpu:4")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.spec is not None and (r.spec.nodes, r.spec.gpus_per_node) == (1, 4)


def test_script_reading_a_size_variable_is_still_asked() -> None:
    """`--ranks-per-node=${SLURM_NTASKS_PER_NODE}`: written to be sized at submission."""
    script = PER_NODE_ONLY.replace("train.py", "train.py --nodes ${SLURM_NNODES}")
    with pytest.raises(MissingInformation):
        port(script, ["delta"])


def test_node_count_on_the_srun_line_is_not_overridden() -> None:
    script = PER_NODE_ONLY.replace("srun python", "srun -N 2 python")
    r = port(script, ["delta"])["delta"]
    assert not any("no node count (no -N/--nodes)" in n for n in r.notes)


WRAPPED = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
           "#SBATCH -t 01:00:00\nsrun $PWD/select_rank.sh python train.py\n")


@pytest.mark.parametrize(("target", "names"), [
    ("polaris", ("PMI_RANK", "PALS_LOCAL_RANKID", "PALS_NODEID")),
    ("aurora", ("PALS_RANKID", "PALS_LOCAL_RANKID", "PALS_NODEID")),
])
def test_kept_wrapper_on_pbs_names_the_target_rank_variables(target: str,
                                                             names: tuple[str, ...]) -> None:
    r = port(WRAPPED, [target])[target]
    assert "$PWD/select_rank.sh" in r.script
    kept = [n for n in r.notes if "select_rank.sh" in n]
    assert len(kept) == 1, kept  # one note: no "not set in the script; not carried" beside it
    assert "kept, verbatim" in kept[0] and "SLURM_PROCID" in kept[0]
    assert all(name in kept[0] for name in names)


def test_kept_wrapper_on_slurm_target_has_no_variable_mapping() -> None:
    r = port(WRAPPED, ["delta"])["delta"]
    [kept] = [n for n in r.notes if "select_rank.sh" in n]
    assert "sets none of them" not in kept


BARE_ACCEL = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
              "#SBATCH -t 01:00:00\naccelerate launch --multi_gpu --num_machines 2 "
              "--num_processes 8 --machine_rank 0 train.py\n")


@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_bare_accelerate_in_two_nodes_keeps_the_first_machine(target: str) -> None:
    r = port(BARE_ACCEL, [target])[target]
    assert r.spec is not None and (r.spec.nodes, r.spec.gpus_per_node) == (1, 4)
    [note] = [n for n in r.notes if "directives ask 2 node(s)" in n]
    assert "`accelerate` is started once by the job's shell" in note
    assert "`--num_machines 2`" in note and "ranks=8" in note


def test_srun_accelerate_still_runs_on_every_node() -> None:
    script = BARE_ACCEL.replace("accelerate launch", "srun accelerate launch").replace(
        "--machine_rank 0", "--machine_rank $SLURM_NODEID")
    r = port(script, ["delta"])["delta"]
    assert r.spec is not None and (r.spec.nodes, r.spec.gpus_per_node) == (2, 4)
    assert not any("started once by the job's shell" in n for n in r.notes)


def test_bare_accelerate_given_ranks_runs_on_all_nodes() -> None:
    r = port(BARE_ACCEL, ["delta"], ranks=8)["delta"]
    assert r.spec is not None and (r.spec.nodes, r.spec.gpus_per_node) == (2, 4)


def test_gpu_count_of_one_is_singular() -> None:
    assert gpus(1) == "1 GPU" and gpus(4) == "4 GPUs"
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\nexport JAX_PLATFORMS=cuda\n"
              "python3 work.py\n")
    r = port(script, ["delta"])["delta"]
    assert any("drives 1 GPU in the source" in n for n in r.notes)
    assert not any("1 GPUs" in n for n in r.notes)


ARRAY_STAGES = r'''#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=0:15:00
#PBS -A proj
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS=4
NTOT=$(( NNODES * NRANKS ))
MPIEXEC=(mpiexec -n "${NTOT}" --ppn "${NRANKS}"
         --depth=8 --cpu-bind depth
         --env OMP_NUM_THREADS=4)
python step0.py --ups 1
"${MPIEXEC[@]}" \
    python step1.py --ups 1 \
        --nb 8
"${MPIEXEC[@]}" python step2.py --ups 1
echo finished
'''


@pytest.mark.parametrize("target", ["delta", "polaris", "aurora"])
def test_launcher_array_over_continued_stages_is_written_out(target: str) -> None:
    """Class 2: each `"${MPIEXEC[@]}" python stepN.py` line (a continued one included) is the
    launch it is: both stages on the target's launcher, in order, the serial step before."""
    r = port(ARRAY_STAGES, [target])[target]
    body = r.script
    assert body.index("step0.py") < body.index("step1.py --ups 1 --nb 8") < body.index(
        "step2.py")
    assert "${MPIEXEC[@]}" not in body and "--env OMP_NUM_THREADS" not in body
    assert "export OMP_NUM_THREADS=4" in body
    assert any("bash array MPIEXEC (line 8), on line(s) 12, 15" in n for n in r.notes)


def test_launcher_array_read_elsewhere_is_still_refused() -> None:
    script = ARRAY_STAGES.replace("echo finished", 'echo "${MPIEXEC[@]}"')
    with pytest.raises(MapleError):
        port(script, ["delta"])
