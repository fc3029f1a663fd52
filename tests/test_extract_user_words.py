"""How users describe their jobs in public threads (bench/extraction/real_requests.jsonl): GPU
names, Lightning and launcher keywords, counts said as sentences, and the words that must be
asked about rather than guessed."""

from __future__ import annotations

import pytest

from maple_flow.errors import Contradiction, MissingInformation, NotOneJob
from maple_flow.extract import extract


@pytest.mark.parametrize(
    ("text", "nodes", "gpn"),
    [
        # GPU names people write: consumer cards, a memory size before the model, "x" or "*"
        ("train.py on delta with 2 NVIDIA GeForce RTX 3090 GPUs", 1, 2),
        ("train.py on bridges2 on 8x 4090", 1, 8),
        ("train.py on perlmutter on 3 40GB A100s", 1, 3),
        ("train.py on bridges2 with 4*V100 32G", 1, 4),
        # counts of a node, said in many ways
        ("train.py on perlmutter, 3 nodes, each 4 A100 gpus", 3, 4),
        ("train.py on bridges2, a node of 6 V100 gpus", 1, 6),
        ("train.py on delta, a 6 node (2xA100 40gb) job", 6, 2),
        ("train.py on polaris with 2 nodes (8 GPUs total)", 2, 4),
        ("train.py on delta across 2 nodes where each node has 3 GPUs", 2, 3),
        ("train.py on 2 nodes on Delta, each equipped with 2 GPUs", 2, 2),
        ("train.py on delta on 2 nodes; the number of GPUs we need is 8.", 2, 4),
        # keywords of Lightning, accelerate's config, PBS and the DeepSpeed launcher
        ("train.py on delta: Trainer(devices=2, num_nodes=3)", 3, 2),
        ("accelerate launch train.py on stampede3, num_machines: 2, num_processes: 16", 2, 8),
        ("train.py on polaris, -l select=3:system=polaris", 3, 4),
        ("deepspeed train.py on delta: nnodes=2, num_local_procs=3", 2, 3),
        ("deepspeed train.py on delta: nnodes=4, dist_world_size=16", 4, 4),
        ("torchrun --nnode 2 --nproc_per_node 3 train.py on delta", 2, 3),
    ],
)
def test_user_size_words(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


@pytest.mark.parametrize(
    ("words", "setup"),
    [
        ("L.Fabric(strategy=DeepSpeedStrategy(config=cfg))", ("deepspeed", "zero3")),
        ("Trainer(strategy=FSDPStrategy())", ("pytorch", "fsdp")),
        ("Trainer(strategy='deepspeed_stage_3')", ("deepspeed", "zero3")),
    ],
)
def test_lightning_strategy_names(words: str, setup: tuple[str, str]) -> None:
    spec = extract(f"train.py on delta, 2 nodes, {words}")
    assert (spec.framework, spec.strategy) == setup


def test_runs_side_by_side_are_not_one_job() -> None:
    with pytest.raises(NotOneJob):
        extract("run 3 experiments in parallel on one Delta node: python sweep.py")


def test_a_project_in_general_names_no_account() -> None:
    spec = extract("On Polaris, a DOE project running train.py on 2 nodes")
    assert spec.account is None
    assert extract("train.py on polaris, 2 nodes, an allocation called ABC123").account == "ABC123"


@pytest.mark.parametrize(
    "flags", ["--nnodes nodes --nproc_per_node=4", "--nnodes $NNODES --nproc_per_node 4",
              "-N <N> --gpus-per-node=4"],
)
def test_a_size_flag_without_a_number_is_asked(flags: str) -> None:
    with pytest.raises(MissingInformation) as err:
        extract(f"multi-node training on delta with {flags}, python train.py")
    assert "nodes" in err.value.missing


@pytest.mark.parametrize(
    "bound", ["on more than one node", "on >1 node", "with at least 16 GPUs", "on 4+ nodes",
              "with 16 or more gpus", "on up to 8 nodes", "on two (or more) nodes"],
)
def test_a_bound_is_asked_not_taken_as_the_count(bound: str) -> None:
    with pytest.raises(MissingInformation) as err:
        extract(f"torchrun train.py on perlmutter {bound}")
    assert "nodes" in err.value.missing


@pytest.mark.parametrize(
    ("text", "nodes", "gpn"),
    [
        ("train.py on delta: -N 2 --gres=gpu:2", 2, 2),
        ("train.py on delta: #SBATCH --nodes=3, #SBATCH --gres=gpu:a100:2", 3, 2),
        ("train.py on delta: 2 GPU instances, each with 2 A100s", 2, 2),
        ("train.py on delta, 3 x Machines, each has 2 GPUs", 3, 2),
        ("Multi-node on delta: torchrun --nnodes 2 --node_rank 0 --nproc_per_node 2 "
         "--master_port 12345 main.py", 2, 2),
        ("train.py on bridges2, slurm: nodes: 1, ntasks_per_node: 8", 1, 8),
        ("Delta: nodes=2, ntasks-per-node=4, python train.py", 2, 4),
    ],
)
def test_slurm_and_launcher_words(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


@pytest.mark.parametrize(
    ("words", "setup"),
    [
        ("accelerate launch --use_deepspeed train.py", ("accelerate", "zero3")),
        ("DeepSpeed ZeRO-3 through accelerate launch train.py", ("accelerate", "zero3")),
        ("accelerate launch --use_fsdp train.py", ("accelerate", "fsdp")),
    ],
)
def test_accelerate_with_its_plugins(words: str, setup: tuple[str, str]) -> None:
    spec = extract(f"on delta, 2 nodes: {words}")
    assert (spec.framework, spec.strategy) == setup


@pytest.mark.parametrize(
    ("text", "nodes", "gpn"),
    [
        ("train.py on delta: 2 nodes 4xA100", 2, 4),
        ("train.py on delta: two 4xA100 nodes", 2, 4),
        ("train.py on delta: a node 2x 40GB A100", 1, 2),
        ("train.py on bridges2: 2 nodes, 16x GPUs", 2, 8),
    ],
)
def test_a_nodes_hardware_as_vendors_write_it(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


@pytest.mark.parametrize(("text", "nodes", "gpn"), [
    # one torchrun a node: --ntasks-per-node counts launchers, the GPU flag counts GPUs
    ("train.py with torchrun on perlmutter, 2 nodes, --ntasks-per-node=1 --gres=gpu:4", 2, 4),
    ("train.py with torchrun on delta, --nodes=2 --gpus-per-node=4 --ntasks-per-node=1", 2, 4),
    # one task a GPU: the same count twice
    ("train.py with srun on delta, 2 nodes --ntasks-per-node=4 --gres=gpu:4", 2, 4),
    # tasks alone still count the GPUs of a node
    ("train.py on delta, 2 nodes ntasks-per-node=4", 2, 4),
])
def test_tasks_per_node_beside_a_gpu_count(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


def test_more_tasks_than_gpus_a_node_is_asked() -> None:
    from maple_flow.errors import Contradiction

    with pytest.raises(Contradiction):
        extract("train.py with srun on delta, 2 nodes --ntasks-per-node=8 --gres=gpu:4")


@pytest.mark.parametrize("text", [
    "python sweep.py --multirun optimizer.lr=0.1,0.01,0.001 on 2 Delta GPUs",
    "on one Polaris node: python src/train.py -m data.batch_size=64,128 +seed=1,2",
    "several parallel runs of python tune.py on one Polaris node",
])
def test_a_sweep_of_runs_is_not_one_job(text: str) -> None:
    with pytest.raises(NotOneJob):
        extract(text)


def test_a_list_value_without_a_sweep_is_an_argument() -> None:
    spec = extract("python train.py data.splits=train,val on 2 Delta GPUs")
    assert spec.args == ["data.splits=train,val"]
    assert (spec.nodes, spec.gpus_per_node) == (1, 2)


def test_comments_after_pasted_directives_are_not_read() -> None:
    spec = extract("Write a job for `train.py` on Delta: #SBATCH -N 2 # two nodes for now, "
                   "#SBATCH --ntasks-per-node=4 # one task per GPU, "
                   "#SBATCH --time=01:00:00 # an hour, 3 tries")
    assert (spec.nodes, spec.gpus_per_node, spec.walltime) == (2, 4, "01:00:00")


def test_a_comment_sign_outside_a_directive_is_kept() -> None:
    assert extract("train.py on Delta, # of nodes: 2").nodes == 2


@pytest.mark.parametrize(("text", "gpn"), [
    ("on Bridges-2, two full nodes: torchrun --nproc-per-node 8 --nnodes 2 train.py", 8),
    ("all GPUs of 2 Delta nodes, 4 GPUs per node: python train.py", 4),
])
def test_a_full_node_agrees_with_its_gpu_count(text: str, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (2, gpn)


def test_a_full_node_disagrees_with_another_count() -> None:
    with pytest.raises(Contradiction, match="says 4"):
        extract("on Delta, two full nodes: torchrun --nproc-per-node 2 --nnodes 2 train.py")


@pytest.mark.parametrize(("text", "entry", "args", "gpn"), [
    ("two Anvil nodes: torchrun --nnodes 2 --nproc-per-node 2 -m dora run", "dora", ["run"], 2),
    ("on 2 Delta nodes: `torchrun --nnodes=2 --nproc_per_node 4 --module pkg.train --lr 3`",
     "pkg.train", ["--lr", "3"], 4),
    ("accelerate launch --num_processes 8 -m trainer.main --cfg a.yaml on 2 Delta nodes",
     "trainer.main", ["--cfg", "a.yaml"], 4),
])
def test_a_launcher_runs_a_module(text: str, entry: str, args: list[str], gpn: int) -> None:
    spec = extract(text)
    assert (spec.entrypoint, spec.module, spec.args) == (entry, True, args)
    assert (spec.nodes, spec.gpus_per_node) == (2, gpn)


def test_a_programs_own_m_flag_is_its_argument() -> None:
    spec = extract("torchrun --nproc_per_node 4 train.py -m resnet on 1 Delta node")
    assert (spec.entrypoint, spec.module, spec.args) == ("train.py", False, ["-m", "resnet"])


@pytest.mark.parametrize(("text", "nodes", "gpn"), [
    ("python train.py on Delta, 2 nodes each have 2 3090s", 2, 2),
    ("train.py on bridges2 on 8 4090s", 1, 8),
])
def test_a_gpu_model_in_the_plural_is_no_duration(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node, spec.walltime) == (nodes, gpn, "00:30:00")


def test_seconds_are_still_a_duration() -> None:
    assert extract("python train.py on 2 Delta nodes for 3600s").walltime == "01:00:00"


@pytest.mark.parametrize("text", [
    "train_dist.py on Vista with two nodes; each node has only one gpu",
    "train.py on 2 Delta nodes, each node has just 1 GPU",
])
def test_a_node_with_only_n_gpus_counts_them_per_node(text: str) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (2, 1)


@pytest.mark.parametrize(("text", "nodes", "gpn"), [
    ("Write a job for `train.py` on Aurora: mpiexec -n 24 -ppn 12 --cpu-bind depth -d 16", 2, 12),
    ("train.py on Perlmutter: salloc -N 1 --ntasks-per-node=4 -C gpu -c 32 -G 4", 1, 4),
    ("train.py on 2 Delta nodes, --cpus-per-task=16 --gpus-per-node=4", 2, 4),
])
def test_cpu_placement_flags_are_the_clusters(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


def test_a_walltime_flag_with_one_digit_fields() -> None:
    assert extract("python train.py on Delta, --time=8:0:0 --gres=gpu:4").walltime == "08:00:00"


def test_an_unread_walltime_flag_is_asked_about() -> None:
    with pytest.raises(MissingInformation) as caught:
        extract("python train.py on Delta, --time=overnight --gres=gpu:4")
    assert "walltime" in caught.value.missing


@pytest.mark.parametrize(("flags", "gpn"), [
    ("-N2 --gpus-per-node=8 --ntasks-per-node=8 --gpus-per-task=1", 8),
    ("--ntasks=2 --nodes=2 --gpus-per-task=8", 8),
    ("-N 2 --ntasks-per-node=1 --gpus-per-task=8", 8),
    ("-N 2 --gpus-per-task=8", 8),
    ("-N 2 --ntasks-per-node=2 --gpus-per-task=2", 4),
])
def test_gpus_per_task_count_with_the_tasks(flags: str, gpn: int) -> None:
    spec = extract(f"on Bridges-2: srun {flags} python train.py")
    assert (spec.nodes, spec.gpus_per_node) == (2, gpn)


@pytest.mark.parametrize(("flag", "walltime"), [
    ("--time 2 hours", "02:00:00"), ("-t 90", "01:30:00"), ("--time=45", "00:45:00"),
])
def test_a_time_flag_with_its_own_unit(flag: str, walltime: str) -> None:
    assert extract(f"python train.py on 2 Delta nodes, {flag}").walltime == walltime


def test_a_walltime_word_then_a_duration_is_no_question() -> None:
    assert extract("python train.py on 2 Delta nodes, walltime 2h on delta").walltime == "02:00:00"


@pytest.mark.parametrize(("text", "program"), [
    ("on Bridges-2, 2 nodes: sbatch --wrap \"srun litgpt pretrain --config c.yaml\"", "litgpt"),
    ("on Stampede3: srun -N2 --gpus-per-node=8 ./pippy_wrapper.sh", "./pippy_wrapper.sh"),
])
def test_a_launched_command_that_is_no_python_program_is_named(text: str, program: str) -> None:
    with pytest.raises(MissingInformation) as caught:
        extract(text)
    assert caught.value.missing["entrypoint"].startswith(f"{program!r} is not a Python program")


@pytest.mark.parametrize("text", [
    "on Delta, 2 nodes: srun -N 2 --gpus-per-node 4 hangs forever",
    "on Delta, 2 nodes: srun python",
])
def test_no_program_named_gets_the_plain_question(text: str) -> None:
    with pytest.raises(MissingInformation) as caught:
        extract(text)
    assert caught.value.missing["entrypoint"].startswith("name the training program")
