"""Issue 15: the size grammar's phrases, every word accounted for, the words behind each field."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from maple_flow.errors import Contradiction, MissingInformation, UnknownCluster
from maple_flow.extract import extract, extract_explained
from maple_flow.extract.sizes import RULES

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("text", "nodes", "gpn"),
    [
        ("Port my FSDP job (run_clm.py) to perlmutter. It should use 4 nodes and 4 GPUs on "
         "each.", 4, 4),
        ("run_clm.py on perlmutter: three nodes and two GPUs on each", 3, 2),
        ("train.py on delta with 3 GPUs on each of 4 nodes", 4, 3),
        ("train.py on aurora, eight nodes, each with twelve GPUs", 8, 12),
        ("perlmutter gpu nodes x2 running ddp.py", 2, 4),
        ("train.py on aurora-pvc. It should use gpu nodes x1.", 1, 12),
        ("ddp.py on Bridges, 2 nodes with eight GPUs each", 2, 8),
        ("Lonestar -- three GPUs -- torchrun -- train.py", 1, 3),
        ("On Bridges-2 I need 2 full V100 nodes for train.py", 2, 8),
    ],
)
def test_size_phrases(text: str, nodes: int, gpn: int) -> None:
    spec = extract(text)
    assert (spec.nodes, spec.gpus_per_node) == (nodes, gpn)


@pytest.mark.parametrize(
    ("text", "framework", "strategy"),
    [
        ("a launcher for finetune_bert.py -- Accelerate, target delta, 2x4 GPUs",
         "accelerate", "ddp"),
        ("a launcher for finetune_bert.py -- DeepSpeed zero3, target delta, 2x4 GPUs",
         "deepspeed", "zero3"),
        ("a launcher for finetune_bert.py --lr 3e-5 -- FSDP, target delta, 2x4 GPUs",
         "pytorch", "fsdp"),
    ],
)
def test_a_dash_after_the_program_ends_its_arguments(
    text: str, framework: str, strategy: str
) -> None:
    spec = extract(text)
    assert (spec.framework, spec.strategy, spec.nodes, spec.gpus_per_node) == (
        framework, strategy, 2, 4)
    assert spec.args == (["--lr", "3e-5"] if "--lr" in text else [])


def test_a_dash_before_options_keeps_them_the_programs() -> None:
    spec = extract("train.py -- --lr 3e-4 on 2 nodes of polaris")
    assert spec.args == ["--", "--lr", "3e-4"]


def test_parenthesised_program_has_no_closing_parenthesis_in_its_args() -> None:
    spec = extract("Port my job (main.py fit --config cfg.yaml) to pm, 2 nodes")
    assert spec.args == ["fit", "--config", "cfg.yaml"]


def test_a_dash_between_items_is_not_a_minus_sign() -> None:
    spec = extract("my run (train.py) should go on delta - 2 nodes - 6 hours")
    assert spec.walltime == "06:00:00"


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ("train.py on 2 nodes of polaris, 3 please", "unread", "3 please"),
        ("train.py on 2 nodes of polaris x4", "nodes", "x4"),
        ("train.py with ZeRO-2 on 2 nodes of polaris", "strategy", "ZeRO-2"),
        ("train.py on 2 nodes of polaris in the gold queue", "queue", "gold queue"),
    ],
)
def test_unread_words_are_questions_quoting_them(text: str, field: str, words: str) -> None:
    with pytest.raises(MissingInformation) as info:
        extract(text)
    assert field in info.value.missing
    assert words in info.value.missing[field]


@pytest.mark.parametrize(
    "text",
    ["train.py DDP on 2 nodes of polaris", "train.py 2x4 GPUs on polaris"],
)
def test_setup_or_size_among_unquoted_arguments_is_a_contradiction(text: str) -> None:
    with pytest.raises(Contradiction, match="follows the program"):
        extract(text)


def test_quoted_program_arguments_are_the_programs() -> None:
    spec = extract("`train.py DDP` on 2 nodes of polaris")
    assert spec.args == ["DDP"]
    assert spec.strategy == "ddp"


def test_versions_and_memory_are_ignored_with_a_reason() -> None:
    spec, words = extract_explained("train.py with python 3 on 2 nodes of polaris, 40 GB GPUs")
    assert spec.nodes == 2
    assert "a software version" in words["ignored"]
    assert "GPU memory" in words["ignored"]


def test_explained_words_per_field() -> None:
    _, words = extract_explained(
        "a launcher for finetune_bert.py -- Accelerate, target delta, 2x4 GPUs, "
        "one rank per GPU")
    assert words["framework"] == "'Accelerate'"
    assert words["nodes"] == words["gpus_per_node"] == "'2x4'"
    assert words["entrypoint"] == "'finetune_bert.py'"
    assert "one rank per GPU" in words["ignored"].replace("1 rank", "one rank")


def test_generate_explanation_names_the_words() -> None:
    from maple_flow import generate

    result = generate("train.py with torchrun on 2 nodes with 4 GPUs each on Perlmutter")
    assert result.explanation["nodes"].endswith("from '2 nodes'")
    assert result.explanation["gpus_per_node"].endswith("from '4 GPUs each'")
    assert "from 'Perlmutter'" in result.explanation["cluster"]


def test_size_rules_have_distinct_names() -> None:
    names = [rule.name for rule in RULES]
    assert len(names) == len(set(names))


def _frames_module():  # type: ignore[no-untyped-def]
    path = ROOT / "bench" / "extraction" / "make_frames.py"
    spec = importlib.util.spec_from_file_location("make_frames", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_frames"] = module
    spec.loader.exec_module(module)
    return module


def test_frame_corpus_is_deterministic_and_large() -> None:
    frames = _frames_module()
    assert len(frames.DEV_FRAMES) + len(frames.HELDOUT_FRAMES) >= 40
    cases = frames.make(120)
    assert len(cases) >= 5000
    assert [c["input"] for c in cases[:50]] == [c["input"] for c in frames.make(120)[:50]]
    committed = (ROOT / "bench" / "extraction" / "frames.jsonl").read_text().splitlines()
    assert [json.loads(line)["input"] for line in committed[:50]] == [
        c["input"] for c in cases[:50]]


def test_dev_frames_sample_is_exact_or_asks() -> None:
    """Three requests of every DEV frame: the job expected, or the error expected."""
    frames = _frames_module()
    seen: dict[str, int] = {}
    for case in frames.make(3):
        if case["heldout"]:
            continue
        seen[case["style"]] = seen.get(case["style"], 0) + 1
        expected = case["expected"]
        if "error" in expected:
            with pytest.raises((MissingInformation, UnknownCluster)):
                extract(case["input"])
            continue
        spec = extract(case["input"])
        got = spec.model_dump(include=set(expected))
        assert got == expected, case["input"]
    assert len(seen) == len(frames.DEV_FRAMES)
