"""Multi-node launches that do not go through the scheduler's launcher (bench/dslaunch_probe):
deepspeed's own multi-node launch (``--hostfile``, ``--launcher slurm|openmpi``, ``--no_ssh
--node_rank``, ``--num_nodes -1``) read and named in the port, bash arrays and arithmetic
``for`` headers read as what they are, ``${#HOSTS[@]}`` counted, and a program given as
`` `pwd`/train.py `` through a variable read."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.launcher_opts import _names_launcher
from maple_flow.scriptparse.launch import read_words
from maple_flow.scriptparse.script import parse_script
from maple_flow.scriptparse.shell import split_commands
from maple_flow.scriptparse.values import expand

LAUNCHER_SLURM = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --gres=gpu:8
#SBATCH --ntasks-per-node=8
#SBATCH --time=02:00:00
hostfile=/admin/home/me/hostfile.txt
rm -f $hostfile
for node in `scontrol show hostnames $SLURM_NODELIST`; do
  echo $node slots=8 >> $hostfile
done
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
deepspeed --launcher slurm --master_addr $MASTER_ADDR --hostfile=$hostfile train.py --deepspeed
"""

OPENMPI_ALL_HOSTS = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --gres=gpu:8
#SBATCH --ntasks-per-node=1
#SBATCH --time=02:00:00
hostfile=/admin/home/me/hostfile.txt
srun deepspeed --num_nodes -1 --launcher openmpi --master_addr $MASTER_ADDR \\
    --hostfile=$hostfile train.py --deepspeed
"""

HOSTFILE_PATH = """#!/bin/bash
#SBATCH -N 2
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
HOST_FILE=/work/me/hostfile
deepspeed --num_gpus 1 --num_nodes 2 --hostfile $HOST_FILE --no_ssh --node_rank=0 \\
    --master_addr node01 --master_port=29500 train_vgg16.py --deepspeed
"""

SSH_LOOP = """#!/bin/bash
RANK=0
HOSTS=("austin" "baton-rouge" "hartford" "oklahoma-city")
NUM_NODES=${#HOSTS[@]}
RENDEVOUS_HOST="${HOSTS[0]}:42424"
for host in ${HOSTS[@]}; do
    ssh $host torchrun --nproc_per_node=1 --nnodes=$NUM_NODES --node_rank=$RANK \\
        --rdzv_backend=c10d --rdzv_endpoint=$RENDEVOUS_HOST train_script.py "$@" &
    ((RANK=RANK+1))
done
wait
"""


def test_deepspeed_value_options_take_paths_and_negative_counts() -> None:
    line = read_words(["deepspeed", "--num_nodes", "-1", "--launcher", "openmpi",
                       "--hostfile", "/w/hosts", "--num_gpus", "4", "t.py", "--a"])
    assert line is not None and line.entrypoint == "t.py"
    assert line.stages[0].options == [("--num_nodes", "-1"), ("--launcher", "openmpi"),
                                      ("--hostfile", "/w/hosts"), ("--num_gpus", "4")]


def test_deepspeed_hostfile_given_as_an_absolute_path_is_read() -> None:
    parsed = parse_script(HOSTFILE_PATH)
    assert parsed.launch.entrypoint == "train_vgg16.py"


def test_deepspeed_num_nodes_minus_one_is_no_size_and_no_program() -> None:
    result = port(OPENMPI_ALL_HOSTS, targets=["perlmutter"])["perlmutter"]
    assert result.status == "generated", result.notes
    launch = result.script.split("torchrun", 1)[1]
    assert " -1 " not in launch  # once carried onto torchrun as if it were the program
    assert any("--num_nodes -1" in n and "--launcher openmpi" in n for n in result.notes)


def test_deepspeed_launcher_slurm_and_hostfile_are_named_on_every_target() -> None:
    for target in ("perlmutter", "polaris"):
        result = port(LAUNCHER_SLURM, targets=[target])[target]
        assert result.status == "generated", result.notes
        note = next(n for n in result.notes if "its own multi-node launch" in n)
        assert "--launcher slurm" in note and "--hostfile" in note and "--local_rank" in note
        assert "Slurm-only" in note


def test_deepspeed_per_node_no_ssh_launch_is_named() -> None:
    result = port(HOSTFILE_PATH, targets=["polaris"])["polaris"]
    note = next(n for n in result.notes if "its own multi-node launch" in n)
    assert "--no_ssh" in note and "--node_rank 0" in note and "once per node" in note


def test_launcher_named_only_by_a_program_option_is_not_the_launcher() -> None:
    assert not _names_launcher("torchrun --nnodes=2 train.py --deepspeed", "deepspeed")
    assert _names_launcher("srun deepspeed --num_gpus 4 train.py", "deepspeed")


def test_bash_arrays_and_arithmetic_for_are_not_commands() -> None:
    cmds = split_commands('HOSTS=("austin" "baton-rouge")\nnodes+=($item)\n'
                          "for ((i = 0; i < N; i++)); do\n  echo $i\ndone\n")
    assert [(c.words, c.assignments) for c in cmds] == [
        ((), (("HOSTS", '("austin" "baton-rouge")'),)),
        ((), (("nodes+", "($item)"),)),  # an append, named as bash's ``X+=y`` is
        (("for", "((i = 0; i < N; i++))"), ()),
        (("echo", "$i"), ()),
    ]


def test_array_length_of_a_literal_array() -> None:
    assert expand("${#HOSTS[@]}", {"HOSTS[@]": "a b-c d"}) == "3"
    assert expand("${#HOSTS[@]}", {}) == "${#HOSTS[@]}"


def test_ssh_loop_over_a_host_array_has_a_known_size() -> None:
    text = SSH_LOOP.replace("#!/bin/bash\n", "#!/bin/bash\n#SBATCH --time=01:00:00\n")
    result = port(text, targets=["perlmutter"])["perlmutter"]
    assert result.status == "generated", result.notes
    assert "NRANKS=4" in result.script


def test_program_from_pwd_substitution_in_a_variable_is_read() -> None:
    parsed = parse_script(SSH_LOOP.replace('RANK=0\n', 'RANK=0\nTRAIN=`pwd`/train_script.py\n')
                          .replace(" train_script.py", " $TRAIN"))
    assert parsed.launch.entrypoint == "`pwd`/train_script.py"


MANY_RANKS_A_NODE = """#!/bin/bash
#$ -cwd
#$ -l rt_F=4
#$ -l h_rt=01:00:00
module load cuda/12.2/12.2.0 nccl/2.18/2.18.5-1
mpirun -machinefile $SGE_JOB_HOSTLIST -npernode 80 -np 320 python render.py --ngpus-pernode 4
"""


def test_many_ranks_a_node_without_a_gpu_count_is_asked_not_spread_one_gpu_each() -> None:
    import pytest

    from maple_flow.errors import MissingInformation

    with pytest.raises(MissingInformation, match="80 ranks a node"):
        port(MANY_RANKS_A_NODE, targets=["polaris"])


def test_ssh_loop_keeps_the_variable_naming_the_program_and_names_ssh() -> None:
    text = (SSH_LOOP.replace('RANK=0\n', 'RANK=0\nTRAIN=`pwd`/train_script.py\n')
            .replace(" train_script.py", " $TRAIN"))
    result = port(text, targets=["perlmutter"])["perlmutter"]
    assert result.status == "generated", result.notes
    assert "TRAIN=`pwd`/train_script.py" in result.script  # was dropped, then refused
    assert "$TRAIN \"$@\"" in result.script
    assert any(n.startswith("`ssh $host` in front of the launch") for n in result.notes)
    assert not any("not in the port, and no other note says why" in n and "ssh" in n
                   for n in result.notes)


MPIRUN_FIXED_HOST = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
mpirun -np 1 -H 192.168.1.29:1 -bind-to none python train_horovod.py -nw 1
"""


def test_mpirun_host_list_is_named_unless_it_is_the_job_node_file() -> None:
    result = port(MPIRUN_FIXED_HOST, targets=["perlmutter"])["perlmutter"]
    assert any("was told its hosts (`-H 192.168.1.29:1`)" in n for n in result.notes)
    pbs = MPIRUN_FIXED_HOST.replace("-H 192.168.1.29:1", "--hostfile $PBS_NODEFILE")
    result = port(pbs, targets=["perlmutter"])["perlmutter"]
    assert not any("was told its hosts" in n for n in result.notes)


SSH_HEREDOC = """#!/bin/bash
#PBS -l select=2:ngpus=2
mapfile -t nodes < <(sort -u $PBS_NODEFILE)
for ((i = 0; i < ${#nodes[@]}; i++)); do
    ssh ${nodes[i]} /bin/bash << ENDSSH &
    torchrun --nproc_per_node=2 --nnodes=2 --node_rank=$i train.py
ENDSSH
done
wait
"""


def test_ssh_running_a_heredoc_shell_is_refused_naming_the_heredoc() -> None:
    import pytest

    from maple_flow.errors import ParseError

    with pytest.raises(ParseError, match="heredoc") as err:
        port(SSH_HEREDOC, targets=["polaris"])
    assert "i++" not in str(err.value)  # the arithmetic for header is no program
