"""Words of real requests (bench/extraction/real_requests4.jsonl, tune half) that the
extraction misread or refused wrongly: each test fails without its fix."""

from __future__ import annotations

import pytest

from maple_flow.errors import Contradiction, MissingInformation, NotOneJob
from maple_flow.extract import extract


def _size(text: str) -> tuple[int, int]:
    spec = extract(text)
    return spec.nodes, spec.gpus_per_node


@pytest.mark.parametrize("setting", ["zero_stage: 3", "zero_stage=3", "ZeRO stage: 3"])
def test_the_zero_stage_key_of_a_config_is_zero3(setting: str) -> None:
    spec = extract(f"train.py on 2 Delta nodes, deepspeed, {setting}")
    assert (spec.framework, spec.strategy) == ("deepspeed", "zero3")


@pytest.mark.parametrize("setting", ["zero_stage: 2", "ZeRO stage 2"])
def test_an_unsupported_zero_stage_is_one_question(setting: str) -> None:
    with pytest.raises(MissingInformation) as caught:
        extract(f"train.py on 2 Delta nodes, deepspeed, {setting}")
    assert set(caught.value.missing) == {"strategy"}  # not also "the number 2 is unread"


@pytest.mark.parametrize(("text", "size"), [
    ("train.py on Perlmutter: I have five ubuntu servers, and each machine has 4GPUs", (5, 4)),
    ("train.py on Delta, 2 separate nodes", (2, 4)),
    ("train.py on Delta: 2 Nodes where each node have 4 NVIDIA-V100 GPUs", (2, 4)),
    ("train.py on Bridges-2: 16 GPU on 2 node with each node 8 GPU", (2, 8)),
])
def test_node_and_gpu_vocabulary(text: str, size: tuple[int, int]) -> None:
    assert _size(text) == size


def test_a_size_compared_with_is_not_the_size_asked_for() -> None:
    text = "main.py on DeltaAI: I ran it with 16 H100 GPUs, it is just a bit slower than 32 GPUs"
    assert _size(text) == (4, 4)


@pytest.mark.parametrize("text", [
    "On Lonestar6, a program such that each job is assigned a different GPU of a node",
    "train.py on Delta, one experiment per GPU on 1 node",
])
def test_one_independent_job_a_gpu_is_not_one_training_job(text: str) -> None:
    with pytest.raises(NotOneJob):
        extract(text)


@pytest.mark.parametrize("text", [
    "train.py on Delta: 4 V100 GPUs with a batch size of 8 per GPU",
    "train.py on Perlmutter: 4 NVIDIA A100 GPUs for 10 epochs",
    "train.py on Delta, lr=3e-4, 4 GPUs",
])
def test_a_program_setting_in_words_is_asked_for_as_an_argument(text: str) -> None:
    with pytest.raises(MissingInformation) as caught:  # not NotOneJob ("8 per GPU")
        extract(text)
    assert set(caught.value.missing) == {"unread"}
    assert "setting of the program" in caught.value.missing["unread"]


def test_a_batch_of_samples_per_gpu_is_no_gpu_sharing() -> None:
    with pytest.raises(MissingInformation):
        extract("train.py on Delta, 4 GPUs, 16 samples per GPU")


def test_a_verb_after_project_is_no_account() -> None:
    spec = extract("train_picie.py on Delta: all models in our project was run with a single V100")
    assert (spec.account, spec.nodes, spec.gpus_per_node) == (None, 1, 1)


def test_keywords_of_the_programs_own_call_are_its_code() -> None:
    text = ("on Delta: #SBATCH --nodes=4, #SBATCH --gres=gpu:2, srun python train.py with "
            "Trainer(max_epochs=100,devices=2,num_nodes=4)")
    assert _size(text) == (4, 2)


def test_a_launcher_word_in_the_sentence_is_not_named_as_the_program() -> None:
    with pytest.raises(MissingInformation) as caught:
        extract("training using srun on Bridges-2: srun --ntasks=16 --ntasks-per-node=8 "
                "fairseq-train, on 2 nodes")
    assert caught.value.missing["entrypoint"].startswith("name the training program")


def test_sacred_config_updates_after_with_are_the_programs() -> None:
    spec = extract("on 2 Delta nodes: python run.py with data_root=/data task_mlm_itm step200k")
    assert spec.args == ["with", "data_root=/data", "task_mlm_itm", "step200k"]


# Round 2: words of real_requests5's tune half (time limits said in words, image sizes).

@pytest.mark.parametrize(("said", "walltime"), [
    ("for about a week", "168:00:00"),
    ("for 2 weeks", "336:00:00"),
    ("roughly 5 days 19 hours", "139:00:00"),
    ("for 2 hours and 30 minutes", "02:30:00"),
    ("1 day, 6 hours", "30:00:00"),
])
def test_durations_in_words(said: str, walltime: str) -> None:
    assert extract(f"train.py on 2 Delta nodes, {said}").walltime == walltime


@pytest.mark.parametrize("said", ["about 3-4 days", "between 1~2 days", "2 or 3 hours",
                                  "between 1 and 2 days", "4 to 5 hours"])
def test_a_range_of_durations_is_asked_for(said: str) -> None:
    with pytest.raises(MissingInformation) as caught:
        extract(f"train.py on 2 Delta nodes, it takes {said}")
    assert set(caught.value.missing) == {"walltime"}
    assert "is a range" in caught.value.missing["walltime"]


def test_a_range_beside_a_walltime_said_apart_is_not_asked() -> None:
    spec = extract("train.py on 2 Delta nodes, it takes 1-2 days, --time=48:00:00")
    assert spec.walltime == "48:00:00"


@pytest.mark.parametrize("said", ["overnight", "for a few days", "for a month"])
def test_a_time_with_no_number_is_asked_for(said: str) -> None:
    with pytest.raises(MissingInformation) as caught:
        extract(f"train.py on 2 Delta nodes {said}")
    assert "walltime" in caught.value.missing


@pytest.mark.parametrize("said", ["at 1024x1024", "256x256 px", "with 512x512 images"])
def test_an_image_size_is_not_nodes_by_gpus(said: str) -> None:
    assert _size(f"train.py on Polaris {said}, 8 GPUs") == (2, 4)


def test_nodes_by_gpus_is_still_read() -> None:
    assert _size("train.py on Polaris, 2x4 GPUs") == (2, 4)


def test_two_durations_of_one_unit_are_not_summed() -> None:
    with pytest.raises(Contradiction):
        extract("2 nodes on Perlmutter for 2 hours and 30 min and 1 hour, train.py")


def test_asking_how_many_hours_gives_no_time() -> None:
    spec = extract("bunny/train/train.py on Polaris: the paper used 8 A100 GPUs for training, "
                   "how many hours does it take?")
    assert (spec.nodes, spec.gpus_per_node, spec.walltime) == (2, 4, "00:30:00")
