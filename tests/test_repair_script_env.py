"""The script's own environment lines that a run rejects (templates/failures/s30_gpu.yaml,
maple_flow/repair/patch_script_env.py), from the misses of bench/gpufaults batch 3 (torch 2.11,
H200) and the s30gpu probe: GPUs hidden above the launch for a CPU step, an allocator setting
PyTorch's parser refuses, a port of base + job number past 65535; and two readings of real
messages: a launcher's config file that does not exist (a question) and torch's per-argument
wording of tensors on two devices (the program's)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import patch_script_env as pse
from maple_flow.repair.text import FixNotApplicable

HEAD = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
"""
LAUNCH = "torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py\n"
NO_GPUS = "RuntimeError: No CUDA GPUs are available\n"
TOKENIZER = ('terminate called after throwing an instance of \'c10::Error\'\n  what():  '
             'i < config_.size() INTERNAL ASSERT FAILED at "/pytorch/c10/core/AllocatorConfig.h"'
             ':124, please report a bug to PyTorch. Index out of bounds in ConfigTokenizer\n')
PORT = ("ValueError: The port number of the rendezvous endpoint '127.0.0.1:31435926' must be "
        "an integer between 0 and 65536.\n")


def _answer(script: str, log: str) -> dict[str, object]:
    return diagnose_log(script, log, "delta", None, False)


def _proposed(script: str, log: str) -> tuple[str | None, str]:
    proposed = _answer(script, log).get("proposed") or {}
    assert isinstance(proposed, dict)
    return proposed.get("record_id"), proposed.get("diff", "")


# -- GPUs hidden above the launch ---------------------------------------------------------------
def test_hidden_gpus_are_shown_again_before_the_launch_the_cpu_step_kept() -> None:
    script = HEAD + ('export CUDA_VISIBLE_DEVICES=""  # CPU-only tokenisation\n'
                     "python prepare_data.py\n" + LAUNCH)
    record, diff = _proposed(script, NO_GPUS)
    assert record == "gpus-hidden-above-launch"
    assert "+unset CUDA_VISIBLE_DEVICES\n torchrun" in diff
    assert "-export CUDA_VISIBLE_DEVICES" not in diff  # the user's CPU step still hides them


@pytest.mark.parametrize("line", ["export HIP_VISIBLE_DEVICES=-1", "CUDA_VISIBLE_DEVICES=",
                                  "export CUDA_VISIBLE_DEVICES='-1'"])
def test_every_spelling_of_no_device_is_read(line: str) -> None:
    assert pse.hidden_devices(HEAD + line + "\n" + LAUNCH)


@pytest.mark.parametrize("after", [
    "export CUDA_VISIBLE_DEVICES=0,1,2,3\n", "unset CUDA_VISIBLE_DEVICES\n",
])
def test_gpus_shown_again_by_a_later_line_are_not_hidden(after: str) -> None:
    script = HEAD + 'export CUDA_VISIBLE_DEVICES=""\npython prep.py\n' + after + LAUNCH
    assert pse.hidden_devices(script) == []
    with contextlib.suppress(FixNotApplicable):  # or nothing to change
        assert pse.show_hidden_devices(script) == script
    record, _ = _proposed(script, NO_GPUS)
    assert record != "gpus-hidden-above-launch"


def test_a_cpu_step_scoped_on_its_own_command_hides_nothing() -> None:
    script = HEAD + "CUDA_VISIBLE_DEVICES= python prep.py\n" + LAUNCH
    record, _ = _proposed(script, NO_GPUS)
    assert record != "gpus-hidden-above-launch"


# -- the allocator setting ----------------------------------------------------------------------
def test_key_equals_value_is_written_key_colon_value() -> None:
    script = HEAD + "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments=True\n" + LAUNCH
    record, diff = _proposed(script, TOKENIZER)
    assert record == "alloc-conf-malformed"
    assert "+export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n" in diff


def test_every_item_is_mended_and_the_quotes_kept() -> None:
    script = HEAD + 'export PYTORCH_ALLOC_CONF="expandable_segments=True,max_split_size_mb:128"\n'
    out = pse.alloc_conf(script + LAUNCH)
    assert 'export PYTORCH_ALLOC_CONF="expandable_segments:True,max_split_size_mb:128"\n' in out


def test_a_key_without_value_drops_the_setting() -> None:
    out = pse.alloc_conf(HEAD + "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments\n" + LAUNCH)
    assert "PYTORCH_CUDA_ALLOC_CONF=" not in out


def test_an_option_torch_does_not_know_is_taken_out_the_others_kept() -> None:
    script = HEAD + "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True,max_split_size_mb:64\n"
    record, diff = _proposed(script + LAUNCH, "RuntimeError: Unrecognized CachingAllocator "
                                              "option: expandable_segments\n")
    assert record == "alloc-conf-option-unknown"
    assert "+export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:64\n" in diff


def test_an_assert_without_the_variable_in_the_script_stays_pytorchs() -> None:
    record, _ = _proposed(HEAD + LAUNCH, TOKENIZER)
    assert record is None


# -- a port past 65535 --------------------------------------------------------------------------
def test_base_plus_job_number_is_bounded() -> None:
    script = HEAD + "export MASTER_PORT=$((20000 + SLURM_JOB_ID))\n" + LAUNCH
    record, diff = _proposed(script, PORT)
    assert record == "rendezvous-port-arithmetic-overflow"
    assert "+export MASTER_PORT=$((20000 + SLURM_JOB_ID % 10000))\n" in diff


def test_a_high_base_gets_a_smaller_range() -> None:
    out = pse.bound_port_arithmetic(HEAD + "PORT=$(($SLURM_JOBID + 60000))\n" + LAUNCH)
    assert "PORT=$((60000 + $SLURM_JOBID % 1000))\n" in out


def test_other_arithmetic_is_refused_naming_its_line() -> None:
    script = HEAD + "export MASTER_PORT=$((SLURM_JOB_ID * 3))\n" + LAUNCH
    with pytest.raises(FixNotApplicable, match="line 6"):
        pse.bound_port_arithmetic(script)


def test_a_port_already_taken_modulo_is_not_this_record() -> None:
    script = HEAD + "export MASTER_PORT=$((20000 + SLURM_JOB_ID % 10000))\n" + LAUNCH
    record, _ = _proposed(script, PORT)
    assert record != "rendezvous-port-arithmetic-overflow"


# -- readings of real messages ------------------------------------------------------------------
def test_a_launchers_missing_config_file_is_a_question() -> None:
    script = HEAD + "accelerate launch --config_file /global/homes/j/u/acc.yaml train.py\n"
    log = ("FileNotFoundError: The passed configuration file `/global/homes/j/u/acc.yaml` does not "
           "exist. Please pass an existing file to `accelerate launch`\n")
    answer = _answer(script, log)
    assert answer.get("proposed") is None
    asked = [d for d in answer["diagnoses"] if d.get("needs")]  # type: ignore[union-attr]
    assert asked and asked[0]["record_id"] == "entity-script-path-missing"


@pytest.mark.parametrize("log", [
    "RuntimeError: Expected all tensors to be on the same device, but got mat1 is on cpu, "
    "different from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_addmm)",
    "RuntimeError: Expected all tensors to be on the same device, but got index is on cuda:0, "
    "different from other tensors on cuda:1 (when checking argument in method "
    "wrapper_CUDA__index_select)",
])
def test_torchs_per_argument_same_device_wording_is_the_programs(log: str) -> None:
    answer = _answer(HEAD + LAUNCH, log + "\n")
    assert answer.get("proposed") is None
    first = answer["diagnoses"][0]  # type: ignore[index]
    assert first["record_id"] == "tensors-on-different-devices"
    assert first["verdict"] == "not_script"


@pytest.mark.parametrize(("script", "mend"), [
    (HEAD + 'export CUDA_VISIBLE_DEVICES=""\npython prep.py\n' + LAUNCH, pse.show_hidden_devices),
    (HEAD + "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments=True\n" + LAUNCH, pse.alloc_conf),
    (HEAD + "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments\n" + LAUNCH, pse.alloc_conf),
    (HEAD + "export MASTER_PORT=$((20000 + SLURM_JOB_ID))\n" + LAUNCH, pse.bound_port_arithmetic),
])
def test_each_mend_applied_twice_is_applied_once(script: str, mend: Callable[[str], str]) -> None:
    once = mend(script)
    assert once != script
    assert mend(once) == once


def test_an_unknown_option_taken_out_twice_is_taken_out_once() -> None:
    script = HEAD + "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True,max_split_size_mb:64\n"
    once = pse.alloc_conf(script + LAUNCH, "expandable_segments")
    assert pse.alloc_conf(once, "expandable_segments") == once
