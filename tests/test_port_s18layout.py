"""s18-layout: Grid Engine sources read (sites' node types, a shebang missing its `#`, no
shebang), and several ranks that deliberately share a GPU asked as exactly that."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

ABCI_SHARE = ("#$ -l rt_G.small=1\n#$ -l h_rt=12:00:00\n#$ -cwd\n\n"
              "module load python/3.10/3.10.14 cuda/11.8/11.8.0\ncd ~/repo/x\n"
              "python train/train.py config.yaml 10")


def test_a_site_node_type_share_is_read_as_its_gpus_and_named() -> None:
    r = port(ABCI_SHARE, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "#SBATCH --gpus-per-node=1" in r.script and "#SBATCH -N 1" in r.script
    notes = "\n".join(r.notes)
    assert "node type `rt_G.small` of ABCI 2.0" in notes
    assert "the source has no shebang (its line 1 is `#$ -l rt_G.small=1`)" in notes


def test_a_whole_node_type_gives_the_nodes_and_the_launch_the_ranks() -> None:
    script = ("#!/bin/bash\n#$ -l rt_F=2\n#$ -l h_rt=01:00:00\n#$ -cwd\n"
              "mpirun -np 8 -npernode 4 python train.py\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated", r.notes
    assert "#SBATCH -N 2" in r.script
    assert "whole node(s)" in "\n".join(r.notes)


BROKEN = ("!/bin/bash\n#$ -N fit\n#$ -l cuda=1\n#$ -pe default 2\n\n"
          "source activate tf\npython /net/store/run.py --x=1\n")


def test_a_shebang_missing_its_hash_does_not_hide_the_grid_engine_directives() -> None:
    r = port(BROKEN, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "#SBATCH --gpus-per-node=1" in r.script
    assert "\n!/bin/bash" not in r.script
    assert any(n.startswith("line 1 `!/bin/bash` is a shebang missing its `#`")
               for n in r.notes)


SHARED = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=2
#SBATCH --gres=gpu:1
#SBATCH -p GPU-shared
#SBATCH -t 01:00:00
mpiexec -n 2 python base.py
"""


def test_ranks_that_share_a_gpu_as_the_counts_agree_are_asked_the_share_not_the_count() -> None:
    with pytest.raises(MissingInformation) as err:
        port(SHARED, ["anvil"])
    text = str(err.value)
    assert "is unknown" not in text
    assert "the source runs 2 rank(s) (`mpiexec -n 2`" in text and "2 ranks a GPU" in text
    assert "to keep the source's layout (2 ranks on 1 GPU(s) a node)" in text


def test_ranks_and_gpus_that_disagree_are_still_asked_the_count() -> None:
    with pytest.raises(MissingInformation, match="is unknown"):
        port(SHARED.replace("mpiexec -n 2 python", "mpiexec -n 3 python"), ["anvil"])


STAGING = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-node=2
#SBATCH --time=01:00:00
master_addr=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR=$master_addr
echo "MASTER_ADDR="$MASTER_ADDR
for node in $(scontrol show hostnames $SLURM_JOB_NODELIST)
do
    ssh $node
    mkdir /scratch/serialized/
    cp -r /scratch/gpfs/someone/data/* /scratch/serialized/
done
srun python train.py --data /scratch/serialized/
"""


def test_an_echo_of_master_addr_is_kept_when_the_port_sets_master_addr() -> None:
    r = port(STAGING, ["stampede3"])["stampede3"]
    assert r.status == "generated", r.notes
    assert 'echo "MASTER_ADDR="$MASTER_ADDR' in r.script
    assert not any("`echo \"MASTER_ADDR=\"$MASTER_ADDR` is not copied" in n for n in r.notes)


def test_a_kept_staging_loop_names_its_ssh_and_the_source_paths() -> None:
    r = port(STAGING, ["stampede3"])["stampede3"]
    note = next(n for n in r.notes if n.startswith("set-up kept: `for node in"))
    assert "`ssh $node` logs in to another host" in note
    assert "with no command it runs nothing there" in note
    assert "/scratch/gpfs/someone/data" in note
    # the loop sets $node: it is not "read but not set"
    assert not any(n.startswith("read but not set") and "$node" in n for n in r.notes)


STAGE_LOOP = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --time=01:00:00
for stage in a b; do
    if [[ "$stage" == "a" ]]; then
        srun python3 train.py --x 1 \\
            OUT out/a \\
            # SOLVER.STEPS $steps \\
            2>&1 | tee "logs/a.txt"
    fi
    if [[ "$stage" == "b" ]]; then
        for i in 1 2; do
            name="d_${i}shot"
            names="('${name}',)"
            shot=$((i-1))
            srun python3 train.py --x 2 \\
                DATASETS "$names" SHOT $shot \\
                2>&1 | tee "logs/b_${i}.txt"
        done
    fi
done
"""


def test_a_stage_loop_whose_launch_is_piped_to_tee_is_ported_with_its_loop_lines() -> None:
    r = port(STAGE_LOOP, ["anvil"])["anvil"]
    assert r.status == "generated", r.notes
    for kept in ('name="d_${i}shot"', "names=\"('${name}',)\"", "shot=$((i-1))",
                 '| tee "logs/b_${i}.txt"'):
        assert kept in r.script, kept
    assert not any("only builds the source's launch line" in n for n in r.notes)


def test_a_comment_inside_a_continued_command_ends_it_and_is_named() -> None:
    r = port(STAGE_LOOP, ["anvil"])["anvil"]
    assert any(n.startswith("line 10 `# SOLVER.STEPS $steps \\` is a comment inside a "
                            "continued command") for n in r.notes)
    assert '2>&1 | tee "logs/a.txt"' in r.script


def test_slurmd_nodename_is_the_hostname_on_pbs() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n"
              'echo "running on $SLURMD_NODENAME"\ntorchrun --nproc_per_node=4 train.py\n')
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert 'MAPLE_NODENAME="$(hostname -s)"' in r.script
    assert 'echo "running on $MAPLE_NODENAME"' in r.script


def test_a_grid_engine_mpi_job_that_names_no_gpu_reads_as_a_cpu_job() -> None:
    script = ("#!/bin/sh\n#$ -S /bin/bash\n#$ -cwd\n#$ -pe impi 1200\n#$ -l h_vmem=9G\n"
              "source activate py2\nmpiexec -bootstrap sge -n 1200 python tree.py\n")
    with pytest.raises(MissingInformation, match="reads as a CPU job") as err:
        port(script, ["anvil"])
    assert "1200 slots of the parallel environment impi" in str(err.value)
    # a site node type holds GPUs: still asked as a count, never called a CPU job
    with pytest.raises(MissingInformation, match="state no GPU count"):
        port("#!/bin/bash\n#$ -l rt_AF=1\n#$ -cwd\npython3 train.py\n", ["perlmutter"])


def test_tasks_of_a_plain_python_job_are_its_one_process_cpus() -> None:
    script = ("#!/bin/bash\n#SBATCH --ntasks-per-node=4\n#SBATCH --cpus-per-task=2\n"
              "#SBATCH --gpus-per-node=1\n#SBATCH -t 01:00:00\npython train.py\n")
    r = port(script, ["deltaai"])["deltaai"]
    assert r.status == "generated", r.notes
    assert "#SBATCH --cpus-per-task=8" in r.script
    assert any("the tasks only reserved CPUs" in n for n in r.notes)


def test_a_staging_loop_over_the_slurm_hosts_loops_over_the_pbs_hosts() -> None:
    r = port(STAGING, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert 'for node in $(uniq "$PBS_NODEFILE")\ndo\n    ssh $node' in r.script
    note = next(n for n in r.notes if "a loop over the job's hosts" in n)
    assert "`ssh $node` logs in to another host" in note


def test_a_rank_count_rounded_up_to_whole_nodes_is_named_with_the_fewer_ranks_choice() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n"
              "srun torchrun --nnodes=2 --nproc_per_node=4 train.py\n")
    r = port(script, ["lonestar6"])["lonestar6"]
    assert r.status == "generated", r.notes
    note = next(n for n in r.notes if n.startswith("the source ran 8 ranks"))
    assert "cannot hold the source's 8 exactly" in note and "(8 -> 9)" in note
    assert "pass ranks=6 (2 x 3)" in note
