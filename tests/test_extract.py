"""Extraction from plain words: counts, units, clusters, setups, program, time, account, queue."""

from __future__ import annotations

import pytest

from maple_flow.errors import (
    Contradiction,
    MapleError,
    MissingInformation,
    ParseError,
    UnknownCluster,
)
from maple_flow.extract import extract
from maple_flow.extract.numbers import words_to_digits
from maple_flow.extract.request import MAX_REQUEST

PROG = " `python train.py --epochs 3`"


@pytest.mark.parametrize(
    ("text", "nodes", "gpn"),
    [
        ("2 nodes on Perlmutter", 2, 4),
        ("I'll use 2 servers on Perlmutter", 2, 4),
        ("two machines on polaris", 2, 4),
        ("--nodes 2 on polaris", 2, 4),
        ("-N 3 on polaris", 3, 4),
        ("8 GPUs across 2 nodes on Polaris", 2, 4),
        ("4 GPUs per node on 3 nodes of delta", 3, 4),
        ("16 ranks on 4 nodes, Perlmutter", 4, 4),
        ("4xA100 per node on 2 nodes, anvil", 2, 4),
        ("all GPUs of 2 nodes on Aurora", 2, 12),
        ("one node on Lonestar6", 1, 3),
        ("a pair of nodes on vista", 2, 1),
        ("a dozen nodes on aurora", 12, 12),
        ("2 GPUs on Perlmutter", 1, 2),
        ("2x4 on Polaris", 2, 4),
        ("2 nodes with 2 GPUs each on delta", 2, 2),
    ],
)
def test_sizes(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text + PROG)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


@pytest.mark.parametrize(
    ("text", "cluster"),
    [
        ("NERSC's Perlmutter", "perlmutter"),
        ("ALCF Polaris", "polaris"),
        ("on delta ai", "deltaai"),
        ("on delta", "delta"),
        ("TACC LS6", "lonestar6"),
        ("PSC Bridges-2", "bridges2"),
        ("STAMPEDE3", "stampede3"),
    ],
)
def test_clusters(text: str, cluster: str) -> None:
    assert extract(f"{text}, 1 node," + PROG).cluster == cluster


@pytest.mark.parametrize(
    ("words", "setup"),
    [
        ("torchrun", ("pytorch", "ddp")),
        ("DDP", ("pytorch", "ddp")),
        ("PyTorch distributed", ("pytorch", "ddp")),
        ("FSDP", ("pytorch", "fsdp")),
        ("fully sharded", ("pytorch", "fsdp")),
        ("DeepSpeed", ("deepspeed", "zero3")),
        ("ZeRO-3", ("deepspeed", "zero3")),
        ("ZeRO stage 3", ("deepspeed", "zero3")),
        ("PyTorch with DeepSpeed ZeRO-3", ("deepspeed", "zero3")),
        ("accelerate", ("accelerate", "ddp")),
        ("HF Accelerate", ("accelerate", "ddp")),
    ],
)
def test_setups(words: str, setup: tuple[str, str]) -> None:
    assert extract(f"{words} on 1 node of polaris" + PROG).setup == setup


def test_program_and_args_verbatim_in_order() -> None:
    spec = extract(
        "train on polaris, 2 nodes: run_image_classification.py --model vit "
        "--lr 3e-4 --epochs 2 for 2 hours"
    )
    assert spec.entrypoint == "run_image_classification.py"
    assert spec.args == ["--model", "vit", "--lr", "3e-4", "--epochs", "2"]
    assert spec.walltime == "02:00:00" and spec.nodes == 2


def test_module_entrypoint() -> None:
    spec = extract("python -m pkg.train --x 1 on 1 node of vista")
    assert (spec.entrypoint, spec.module, spec.args) == ("pkg.train", True, ["--x", "1"])


@pytest.mark.parametrize(
    ("words", "seconds"),
    [
        ("for 2 hours", "02:00:00"),
        ("30 min", "00:30:00"),
        ("--time 01:30:00", "01:30:00"),
        ("walltime 1:00:00", "01:00:00"),
        ("half an hour", "00:30:00"),
        ("1h30m", "01:30:00"),
    ],
)
def test_walltime(words: str, seconds: str) -> None:
    assert extract(f"1 node on polaris {words}" + PROG).walltime == seconds


@pytest.mark.parametrize(
    ("words", "account"),
    [
        ("project m1234", "m1234"),
        ("allocation ABC123", "ABC123"),
        ("-A xyz", "xyz"),
        ("charge it to bbka-delta-gpu", "bbka-delta-gpu"),
    ],
)
def test_account(words: str, account: str) -> None:
    assert extract(f"1 node on delta, {words}" + PROG).account == account


def test_queue_names_take_the_cluster_spelling() -> None:
    assert extract("1 node on bridges2 in the gpu-shared partition" + PROG).queue == "GPU-shared"
    assert extract("2 nodes on perlmutter, on the regular QOS" + PROG).queue == "regular"
    assert extract("debug queue, 1 node on polaris" + PROG).queue == "debug"


def test_provenance() -> None:
    spec = extract("8 GPUs across 2 nodes on Polaris" + PROG)
    assert spec.origin("nodes") == "said"
    assert spec.origin("gpus_per_node") == "derived"
    assert spec.origin("walltime") == "default"
    assert extract("all GPUs of 2 nodes on Polaris" + PROG).origin("gpus_per_node") == "derived"


def test_missing_fields_are_named() -> None:
    with pytest.raises(MissingInformation) as info:
        extract("DDP please")
    assert set(info.value.missing) == {"cluster", "entrypoint", "nodes"}
    assert all(info.value.missing.values())


@pytest.mark.parametrize(
    "text",
    [
        "8 GPUs across 2 nodes, 3 per node on polaris",
        "2 nodes and 3 nodes on polaris",
        "7 GPUs across 2 nodes of delta",
        "FSDP with DeepSpeed and accelerate, 1 node of delta",
    ],
)
def test_contradictions(text: str) -> None:
    with pytest.raises(Contradiction):
        extract(text + PROG)


def test_overrides_win() -> None:
    spec = extract("2 nodes" + PROG, cluster="vista", account="abc")
    assert (spec.cluster, spec.account, spec.origin("account")) == ("vista", "abc", "said")


def test_not_text_and_too_long() -> None:
    with pytest.raises(ParseError):
        extract(b"bytes")  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        extract("x" * 30_000)


def test_words_to_digits() -> None:
    assert (
        words_to_digits("a pair of nodes, twenty-four GPUs, half a dozen") == "2 nodes, 24 GPUs, 6"
    )
    assert words_to_digits("ZeRO stage three") == "ZeRO stage 3"


# ---- hostile and edge input (issue 10) ------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "entry", "args"),
    [
        ("train.py --data ~/data --out $SCRATCH/run on 2 nodes of polaris", "train.py",
         ["--data", "~/data", "--out", "$SCRATCH/run"]),
        ("`python ~/code/train.py --out $SCRATCH/x --cfg ${HOME}/c.yaml` on 2 nodes of polaris",
         "~/code/train.py", ["--out", "$SCRATCH/x", "--cfg", "${HOME}/c.yaml"]),
        ("$HOME/train.py --x ~ on polaris 2 nodes", "$HOME/train.py", ["--x", "~"]),
        ("~/proj/train.py --ckpt=$SCRATCH/ckpt on 1 node of perlmutter", "~/proj/train.py",
         ["--ckpt=$SCRATCH/ckpt"]),
    ],
)
def test_home_and_variables_kept_as_written(text: str, entry: str, args: list[str]) -> None:
    """~/ and $VAR stay as the user wrote them: the renderer keeps them expandable."""
    spec = extract(text)
    assert spec.entrypoint == entry
    assert spec.args == args


@pytest.mark.parametrize(
    "text",
    [
        "train.py on 2 nodes of polaris for -2 hours",
        "train.py on 2 nodes of polaris for - 2 hours",
        "train.py on 2 nodes of polaris for minus 3 minutes",
        "train.py on 2 nodes of polaris for 0 minutes",
        "train.py on 2 nodes of polaris for 0 hours",
        "train.py on 2 nodes of polaris, walltime 00:00:00",
        "train.py on 2 nodes of polaris -t 0",
        "train.py on 2 nodes of polaris, time limit 0:00",
        "train.py on 2 nodes of polaris for 0h0m",
    ],
)
def test_negative_or_zero_durations_are_errors(text: str) -> None:
    with pytest.raises(ParseError, match="time limit must be positive"):
        extract(text)


@pytest.mark.parametrize("walltime", [0, "0", "00:00:00", "0:00", "0-00:00:00", "-1", -5])
def test_jobspec_rejects_zero_and_negative_walltime(walltime: object) -> None:
    from pydantic import ValidationError

    from maple_flow.models import JobSpec

    with pytest.raises(ValidationError):
        JobSpec(cluster="polaris", gpus_per_node=4, entrypoint="t.py", walltime=walltime)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("train.py on 2 nodes on Frontier", "Frontier"),
        ("train on Frontier: train.py, 2 nodes", "Frontier"),
        ("train.py on 8 GPUs on Summit", "Summit"),
        ("train.py on 8 GPUs, summit cluster", "summit"),
        ("train.py on 4 nodes, cluster: frontier", "frontier"),
    ],
)
def test_unknown_cluster_in_words_is_named(text: str, name: str) -> None:
    with pytest.raises(UnknownCluster) as exc:
        extract(text)
    message = str(exc.value)
    assert f"unknown cluster {name!r}" in message
    assert "perlmutter" in message and "bridges2" in message


def test_known_cluster_wins_over_other_capitalised_words() -> None:
    assert extract("train.py on 2 nodes On Polaris. Runs On Monday").cluster == "polaris"


def test_request_longer_than_8_kib_is_refused() -> None:
    ok = "train.py on 2 nodes of polaris " + " " * (MAX_REQUEST - 40)
    assert len(ok) <= MAX_REQUEST and extract(ok).nodes == 2
    with pytest.raises(ParseError, match="limit is 8192"):
        extract("train.py on 2 nodes of polaris " + "x" * MAX_REQUEST)


def test_extract_raises_only_maple_errors_on_bad_values() -> None:
    with pytest.raises(MapleError):
        extract("train.py on 2 nodes of polaris", nodes=0)
    with pytest.raises(MapleError):
        extract("train.py on 2 nodes of polaris", env={"MY VAR": "1"})


@pytest.mark.parametrize("text", ["train.py on A100 GPUs", "train.py on H100s with Python 3.11",
                                  "train.py using Docker"])
def test_non_machines_are_not_unknown_clusters(text: str) -> None:
    with pytest.raises(MissingInformation):
        extract(text)


# Phrasings seen in tickets and chat (bench/extraction/phrasings.jsonl measures them); each
# test below is in its own words, not a copy of a benchmark request.


@pytest.mark.parametrize(
    ("text", "nodes", "gpn"),
    [
        # a count written next to the nodes is per node, unless only a total fits the nodes
        ("Delta: 3 nodes, 12 GPUs. main.py", 3, 4),
        ("Delta: 3 nodes, 4 GPUs. main.py", 3, 4),
        ("Vista, 3 nodes and 3 GPUs, main.py", 3, 1),
        ("Polaris, 2 nodes with 2 GPUs, main.py", 2, 2),
        ("Anvil: 3 nodes and 6 GPUs in total, main.py", 3, 2),
        ("Delta: 2 nodes, 8 GPUs, 4 GPUs per node, main.py", 2, 4),
        # shorthands
        ("Delta 3N main.py", 3, 4),
        ("polaris x3 nodes main.py", 3, 4),
        ("Delta -N3 main.py", 3, 4),
        ("3N x 2 GPUs on Anvil, main.py", 3, 2),
        # half a node
        ("half a node of Delta, main.py", 1, 2),
        ("Aurora, half of a node, main.py", 1, 6),
    ],
)
def test_sizes_as_people_write_them(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


def test_half_a_node_of_one_gpu_is_a_contradiction() -> None:
    with pytest.raises(Contradiction, match="half a node"):
        extract("half a node on Vista: main.py")


def test_total_gpus_next_to_nodes_that_do_not_split_evenly_is_refused() -> None:
    with pytest.raises(Contradiction):
        extract("Delta: 3 nodes, 8 GPUs in total, main.py")


@pytest.mark.parametrize(
    ("text", "entry", "args"),
    [
        ("Delta 1 node, python main.py, 3 hours", "main.py", []),
        ("Delta 1 node python main.py --seed 1, for 3 hours", "main.py", ["--seed", "1"]),
        ("Delta 1 node main.py --seed 1 -A abcd-delta-gpu", "main.py", ["--seed", "1"]),
        ("Delta main.py --seed 1 -N 2 -t 60", "main.py", ["--seed", "1"]),
        ("Delta main.py --seed 7 2 nodes", "main.py", ["--seed", "7"]),
        ("Delta main.py 3 hours on 2 nodes", "main.py", []),
        ("Delta 2 nodes `main.py -t 5 -p 0.1`", "main.py", ["-t", "5", "-p", "0.1"]),
    ],
)
def test_what_follows_an_unquoted_program(text: str, entry: str, args: list[str]) -> None:
    spec = extract(text)
    assert (spec.entrypoint, spec.args) == (entry, args)


def test_scheduler_flags_after_an_unquoted_program_are_read_as_such() -> None:
    spec = extract("Delta main.py --seed 1 -A abcd-delta-gpu -t 90 -N 2")
    assert (spec.account, spec.walltime, spec.nodes) == ("abcd-delta-gpu", "01:30:00", 2)


@pytest.mark.parametrize(
    "launcher",
    [
        "python -m torch.distributed.run --nnodes 3 --nproc_per_node 2",
        "python -m torch.distributed.launch --nnodes=3 --nproc_per_node=2 --use_env",
        "`python -m torch.distributed.run --nnodes 3 --nproc_per_node 2",
    ],
)
def test_torch_distributed_module_is_the_launcher_not_the_program(launcher: str) -> None:
    closing = "`" if launcher.startswith("`") else ""
    spec = extract(f"Anvil: {launcher} fit.py --steps 9{closing}")
    assert (spec.entrypoint, spec.module, spec.args) == ("fit.py", False, ["--steps", "9"])
    assert (spec.framework, spec.nodes, spec.gpus_per_node) == ("pytorch", 3, 2)


@pytest.mark.parametrize(
    ("text", "cluster", "queue"),
    [
        ("Stampede3 pvc partition, 1 node, main.py", "stampede3", "pvc"),
        ("Anvil GPU queue, 1 node, main.py", "anvil", "gpu"),
        ("Delta, gpuA100x4-preempt, 2 nodes, main.py", "delta", "gpuA100x4-preempt"),
        ("Vista gh-dev 2 nodes main.py", "vista", "gh-dev"),
        ("Perlmutter debug run, 1 node, main.py", "perlmutter", None),  # a word, not a queue
        ("Anvil GPU, 1 node, main.py", "anvil", None),  # the alias "Anvil GPU" alone
    ],
)
def test_queue_named_next_to_the_cluster(text: str, cluster: str, queue: str | None) -> None:
    spec = extract(text)
    assert (spec.cluster, spec.queue) == (cluster, queue)


@pytest.mark.parametrize(
    ("text", "account"),
    [
        ("Polaris 1 node main.py, project MyGroupAI", "MyGroupAI"),
        ("Polaris 1 node main.py, account Mycelium", "Mycelium"),
        ("Polaris 1 node main.py, my project is TheoryLab", "TheoryLab"),
    ],
)
def test_account_names_that_start_like_filler_words(text: str, account: str) -> None:
    assert extract(text).account == account


@pytest.mark.parametrize(("centre", "cluster"), [("NERSC", "perlmutter"), ("PSC", "bridges2")])
def test_centre_with_one_gpu_cluster_names_it(centre: str, cluster: str) -> None:
    assert extract(f"{centre}, 1 node, main.py").cluster == cluster


@pytest.mark.parametrize("each", ["each", "per node", "/node", "on each node", "apiece"])
def test_a_count_next_to_the_nodes_said_per_node_stays_per_node(each: str) -> None:
    # 6 per node is more than a Delta node holds: the policy check refuses it later, the
    # extractor must not quietly read it as 6 in total (3 per node).
    spec = extract(f"Delta, 2 nodes, 6 GPUs {each}, main.py")
    assert (spec.nodes, spec.gpus_per_node) == (2, 6)


@pytest.mark.parametrize(
    ("text", "account", "queue"),
    [
        ("Perlmutter; 3 nodes; main.py; m4321; premium", "m4321", "premium"),
        ("Delta, 2 nodes, abcd-delta-gpu, main.py", "abcd-delta-gpu", None),
        ("Aurora, 2 nodes, main.py, (capacity)", None, "capacity"),
        ("Polaris, 2 nodes, main.py, TheoryLab", None, None),  # a plain word: not taken
        ("Polaris, 2 nodes, bf16, main.py", None, None),  # a precision, not an account
        ("Delta, 2 nodes, a100, main.py", None, None),  # a GPU model
        ("Perlmutter, 2 nodes, main.py, the m4321 project", "m4321", None),  # a rule's, not bare
        ("Perlmutter, debug run with m4321 data, 1 node, main.py", None, None),  # not list items
        # model and run names where the account pattern would take them: only the example's
        # shape (m1234) is a bare account there
        ("PM, gpt2, 8 GPUs, 2 nodes, main.py", None, None),
        ("Perlmutter, resnet50, 1 node, main.py", None, None),
        ("Polaris, llama-7b, 1 node, main.py", None, None),
        ("LS6, ASC23013, 1 node, main.py", "ASC23013", None),  # a strict pattern: its own forms
    ],
)
def test_bare_account_and_queue_as_list_items(
    text: str, account: str | None, queue: str | None
) -> None:
    spec = extract(text)
    assert (spec.account, spec.queue) == (account, queue)


@pytest.mark.parametrize(
    "said", ["gpus per node=2", "GPUs/node: 2", "gpus_per_node = 2", "GPU's per node: 2"]
)
def test_gpus_per_node_written_as_a_setting(said: str) -> None:
    spec = extract(f"Anvil, nodes=3, {said}, main.py")
    assert (spec.nodes, spec.gpus_per_node) == (3, 2)


def test_count_next_to_the_nodes_agreeing_with_a_per_node_flag_is_per_node() -> None:
    spec = extract("Anvil: 3 nodes, 2 GPUs, `torchrun --nproc_per_node 2 main.py`")
    assert (spec.nodes, spec.gpus_per_node) == (3, 2)


def test_a_parenthesis_after_an_unquoted_program_ends_its_args() -> None:
    spec = extract("main.py --seed 3 (Anvil, 2 nodes, 90 min)")
    assert (spec.args, spec.cluster, spec.nodes, spec.walltime) == (
        ["--seed", "3"], "anvil", 2, "01:30:00")


@pytest.mark.parametrize(("text", "nodes", "per_node"), [
    ("main.py on 32 GH200 nodes on Vista", 32, 1),  # nodes of a kind: that many nodes
    ("main.py on 3 A100 nodes on Delta", 3, 4),
    ("main.py on 2 GPU nodes on Delta", 2, 4),
    ("main.py on two 4-GPU nodes on Delta", 2, 4),  # a count before: GPUs per node
    ("main.py on an 8 GPU node on Bridges-2", 1, 8),  # an article before: GPUs per node
    ("main.py on 3-GPU nodes, 6 GPUs in total, on Lonestar6", 2, 3),  # hyphen: per node
])
def test_gpu_nodes_read_as_a_kind_of_node_or_as_gpus_per_node(
        text: str, nodes: int, per_node: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, per_node)


@pytest.mark.parametrize(("text", "args"), [
    ("main.py fit --config c.yaml on Delta, 1 node", ["fit", "--config", "c.yaml"]),
    ("python -m pkg.cli train --epochs 2 on 1 Delta node", ["train", "--epochs", "2"]),
    ("main.py with --epochs 3 on Delta, 1 node", ["--epochs", "3"]),
    ("main.py using --lr 0.1 --bs 8 on 2 Polaris nodes", ["--lr", "0.1", "--bs", "8"]),
    ("main.py with torchrun on 8 GPUs across 2 nodes on Polaris", []),  # a launcher, not args
    ("main.py with -A abcd-delta-gpu on Delta, 1 node", []),  # a scheduler flag ends them
    ("main.py fast on Delta, 1 node", []),  # a plain word with no options after it
])
def test_subcommands_and_options_after_with_are_the_programs(text: str, args: list[str]) -> None:
    assert extract(text).args == args


@pytest.mark.parametrize(("text", "phrase"), [
    ("run 24 independent copies of sweep.py, 6 per GPU, on one Delta node", "independent copies"),
    ("sweep.py --seed 3 sharing 4 GPUs on 1 node of Polaris", "sharing 4 GPUs"),
    ("triples mode on Delta: 2 nodes, 8 tasks per node, python mnist.py", "triples mode"),
    ("main.py on Delta, 1 node, 3 tasks per GPU", "3 tasks per GPU"),
])
def test_independent_tasks_sharing_gpus_are_not_one_training_job(text: str, phrase: str) -> None:
    from maple_flow.errors import NotOneJob

    with pytest.raises(NotOneJob) as err:
        extract(text)
    assert err.value.phrase == phrase and "maple triples --on" in str(err.value)
    assert ".py" in err.value.hint  # the program is carried into the suggested command


@pytest.mark.parametrize("text", [
    "main.py on Delta, 2 nodes, 1 rank per GPU",
    "main.py on Delta with 8 GPUs across 2 nodes, one process per GPU",
    "main.py on the shared QOS of Perlmutter, 2 GPUs",
    "main.py on Bridges-2 GPU-shared, 1 node, 2 GPUs",
])
def test_one_rank_per_gpu_and_shared_queues_are_ordinary_jobs(text: str) -> None:
    spec = extract(text)
    assert spec.entrypoint == "main.py" and spec.nodes is not None
