"""A job that asks no GPU but pins its one process with a default-valued
``CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0}"`` drives that many GPUs (the scheduler sets
none without a GPU request); the variables it requires of its submitter (``: "${X:?}"``) are
its inputs, not the source site's environment; a launch re-rendered on the target keeps a
``"${ARR[@]}"`` word live. Shapes of unseen26 tune's ufrgs-pcad job (written here, not copied)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation
from maple_flow.shellquote import kept_as_text, shell_word

WHOLE = ("#!/bin/bash\n#SBATCH --exclusive\n#SBATCH --time=02:00:00\n#SBATCH --partition=p1\n"
         "set -euo pipefail\n")


def test_a_default_pin_gives_the_one_process_its_gpus_instead_of_an_ask() -> None:
    script = WHOLE + 'export CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0,1}"\npython train.py\n'
    r = port(script, "perlmutter")["perlmutter"]
    assert r.status == "generated", r.notes
    said = [n for n in r.notes if "CUDA_VISIBLE_DEVICES:-0,1" in n and "sees 2 GPU(s)" in n]
    assert said and "where the scheduler sets none" in said[0]


def test_without_the_pin_the_whole_node_job_is_still_asked() -> None:
    with pytest.raises(MissingInformation):
        port(WHOLE + "python train.py\n", "perlmutter")


def test_a_pin_defaulting_to_another_variable_is_no_count() -> None:
    script = WHOLE + 'export CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-$GPU}"\npython t.py\n'
    with pytest.raises(MissingInformation):
        port(script, "perlmutter")


def test_a_required_input_read_by_an_export_is_kept_and_named() -> None:
    script = (WHOLE + ': "${TOOL_ROOT:?TOOL_ROOT not set}"\n: "${LOGDIR:?LOGDIR not set}"\n'
              'export CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0}"\n'
              'export LD_PRELOAD="$TOOL_ROOT/lib/libtrace.so"\nexport LOGDIR="${LOGDIR}"\n'
              "python train.py\n")
    r = port(script, "polaris")["polaris"]
    assert r.status == "generated", r.notes
    assert 'export LD_PRELOAD="$TOOL_ROOT/lib/libtrace.so"' in r.script
    said = [n for n in r.notes if n.startswith("submit-time inputs")]
    assert said and "$TOOL_ROOT" in said[0] and "$LOGDIR" in said[0]


def test_an_array_expansion_word_stays_live() -> None:
    assert shell_word("${ARGS[@]}") == '"${ARGS[@]}"'
    assert not kept_as_text("${ARGS[@]}")
    assert shell_word("${ARGS[0]}") != '"${ARGS[0]}"'  # one element: not this form
