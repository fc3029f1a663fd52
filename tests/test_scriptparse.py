"""Parsing real-style Slurm and PBS scripts."""

from __future__ import annotations

import pytest

from maple_flow.errors import MissingInformation, ParseError
from maple_flow.scriptparse import parse_script, read_facts, script_to_spec
from maple_flow.scriptparse.shell import split_commands

POLARIS = """#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A datascience
module use /soft/modulefiles
module load conda
conda activate
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export NCCL_NET_GDR_LEVEL=PHB
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=8 --cpu-bind depth \\
    python3 pytorch_ddp.py --epochs 5 --name "a b"
"""

PERLMUTTER = """#!/bin/bash
#SBATCH -C gpu -q regular -A m1234
#SBATCH --nodes=2 --gpus-per-node=4 --ntasks-per-node=4
#SBATCH --time=02:00:00
module load pytorch/2.6.0
export MASTER_ADDR=$(hostname)
srun -u bash -c "source export_DDP_vars.sh; python train.py --fsdp --lr 1e-3"
"""


def test_pbs_mpiexec() -> None:
    spec = script_to_spec(POLARIS)
    assert (spec.cluster, spec.nodes, spec.gpus_per_node) == ("polaris", 2, 4)
    assert spec.entrypoint == "pytorch_ddp.py"
    assert spec.args == ["--epochs", "5", "--name", "a b"]
    assert (spec.walltime, spec.account, spec.queue) == ("01:00:00", "datascience", "debug-scaling")
    assert spec.origin("cluster") == "derived" and spec.origin("nodes") == "parsed"


def test_pbs_parts() -> None:
    p = parse_script(POLARIS)
    assert p.scheduler == "pbs"
    assert p.modules == ["conda"] and p.module_use == ["/soft/modulefiles"]
    assert p.activations == ["conda activate"]
    assert p.env == {"NCCL_NET_GDR_LEVEL": "PHB"}
    assert p.launch.launcher == "mpiexec"


def test_slurm_srun_bash_c() -> None:
    spec = script_to_spec(PERLMUTTER)
    assert (spec.cluster, spec.nodes, spec.gpus_per_node, spec.strategy) == (
        "perlmutter",
        2,
        4,
        "fsdp",
    )
    assert spec.args == ["--fsdp", "--lr", "1e-3"] and spec.queue == "regular"


@pytest.mark.parametrize(
    ("line", "launcher", "nodes", "gpn", "setup"),
    [
        ("srun torchrun --nnodes 2 --nproc_per_node=4 train.py", "torchrun", 2, 4, "pytorch"),
        (
            "srun python -m torch.distributed.run --nnodes=2 --nproc-per-node=2 -m pkg.train",
            "torchrun",
            2,
            2,
            "pytorch",
        ),
        (
            "deepspeed --num_nodes 2 --num_gpus 4 train.py --deepspeed_config ds.json",
            "deepspeed",
            2,
            4,
            "deepspeed",
        ),
        (
            # started once by the job's shell (no srun): it runs on the first of the 2 nodes
            # only, that machine's 4 processes (s19-portleft2)
            "accelerate launch --multi_gpu --num_processes 8 --num_machines 2 train.py",
            "accelerate",
            1,
            4,
            "accelerate",
        ),
        (
            "srun accelerate launch --multi_gpu --num_processes 8 --num_machines 2 train.py",
            "accelerate",
            2,
            4,
            "accelerate",
        ),
        ("ibrun -n 8 python3 train.py", "ibrun", 2, 4, "pytorch"),
        ("mpirun -np 8 -npernode 4 -mca pml ob1 python train.py", "mpirun", 2, 4, "pytorch"),
        (
            "srun apptainer exec --nv img.sif torchrun --nproc_per_node 4 train.py",
            "torchrun",
            2,
            4,
            "pytorch",
        ),
    ],
)
def test_launch_lines(line: str, launcher: str, nodes: int, gpn: int, setup: str) -> None:
    script = f"#!/bin/bash\n#SBATCH -N 2\n#SBATCH -p gpuA100x4\n{line}\n"
    p = parse_script(script)
    facts = read_facts(p)
    assert p.launch.launcher == launcher
    assert (facts.nodes, facts.gpus_per_node, facts.framework) == (nodes, gpn, setup)


def test_gres_and_gpus_directives() -> None:
    spec = script_to_spec(
        "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gres=gpu:a100:4\n"
        "#SBATCH -p gpuA100x4\nsrun --ntasks-per-node 1 torchrun "
        "--nproc_per_node=$SLURM_GPUS_ON_NODE train.py\n"
    )
    assert (spec.cluster, spec.gpus_per_node) == ("delta", 4)


def test_bashlex_fallback_keeps_going() -> None:
    cmds = split_commands(
        "case $x in a) echo 1;; esac\nif [ -n x ]; then\n  srun python t.py\nfi\n"
    )
    assert ("srun", "python", "t.py") in [c.words for c in cmds]


def test_errors() -> None:
    with pytest.raises(ParseError):
        parse_script("#!/bin/bash\necho hello\n")
    with pytest.raises(ParseError):
        parse_script(b"\xff\xfe\x00")
    with pytest.raises(MissingInformation):
        script_to_spec("#!/bin/bash\nsrun python train.py\n")


@pytest.mark.parametrize("inline", ["python - <<'PY'\nimport os\nprint(os.getcwd())\nPY",
                                    "python3 <<EOF\nprint(1)\nEOF"])
def test_python_heredoc_is_not_the_launch(inline: str) -> None:
    """A python reading its program from a heredoc is inline code, not the training program:
    the launch is the real `python train.py`, before or after it (unseen5 tune case)."""
    text = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=1\n"
            f"python train.py --config c.json\n{inline}\n")
    p = parse_script(text)
    assert p.launch.entrypoint == "train.py"
    assert p.launch.args == ["--config", "c.json"]


@pytest.mark.parametrize("flags", ["$HOSTS_FLAG", "${HOSTS_FLAG%?}", "${EXTRA}"])
def test_mpirun_options_go_on_after_a_variable_of_options(flags: str) -> None:
    """`mpirun -np 4 $HOSTS_FLAG -bind-to none ... python train.py` (the host list built in a
    loop): the variable is one of the launcher's options, the launch is still read."""
    text = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=2\n"
            f"mpirun -np $SLURM_NTASKS {flags} -bind-to none -x NCCL_DEBUG=INFO "
            "python train.py --configs a.py\n")
    p = parse_script(text)
    assert p.launch.entrypoint == "train.py" and p.launch.args == ["--configs", "a.py"]
    assert p.launch.stages[0].name == "mpirun" and len(p.launch.stages) == 1


GENERIC_SLURM = """#!/usr/bin/env bash
#SBATCH --time=00:39:59
#SBATCH --nodes=1
#SBATCH --partition=boost_usr_prod
#SBATCH --account=PROJ_0
#SBATCH --gres=gpu:1
module load python
module load anaconda3
conda activate ocean
python train.py
"""


def test_no_source_cluster_is_guessed_from_what_every_script_has() -> None:
    """`module load python`, -N, -t, a partition and an account are on every cluster: no
    guess (a false one made a Leonardo script 'Intel GPUs' via Stampede3)."""
    from maple_flow.scriptparse.spec import guess_cluster

    assert guess_cluster(parse_script(GENERIC_SLURM), GENERIC_SLURM) is None


def test_a_queue_of_the_site_still_names_the_source() -> None:
    from maple_flow.scriptparse.spec import guess_cluster

    text = GENERIC_SLURM.replace("boost_usr_prod", "gpuA100x4")
    assert guess_cluster(parse_script(text), text) == "delta"
