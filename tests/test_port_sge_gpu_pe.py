"""Grid Engine GPU parallel environments (s25gpus): ``-l gpu=true`` with ``-pe gpu N`` is N GPUs
(UCL CS); with a GPU count resource (``-l gpu=2``, Eddie) the ``gpu`` PE holds cores."""

from __future__ import annotations

from maple_flow import port
from maple_flow.scriptparse.sge import sge_directives, unmapped_lines

UCL = """#$ -l tmem=16G
#$ -l h_rt=10:00:00
#$ -l gpu=true
#$ -pe gpu 2
#$ -S /bin/bash
python3 train.py
"""


def test_gpu_pe_slots_are_the_gpu_count_next_to_a_yes_no_request() -> None:
    gpus = [d.value for d in sge_directives(UCL) if d.option == "gpus-per-node"]
    assert gpus == ["2"]
    assert "#$ -pe gpu 2" not in unmapped_lines(UCL)
    result = port(UCL, ["perlmutter"])["perlmutter"]
    assert result.spec.gpus_per_node == 2, result.notes
    assert any("`#$ -pe gpu 2`" in n and "read as 2 GPU(s)" in n for n in result.notes)


def test_gpu_pe_without_the_yes_no_request_or_with_a_count_is_not_read_as_gpus() -> None:
    alone = UCL.replace("#$ -l gpu=true\n", "")
    assert not [d for d in sge_directives(alone) if d.option == "gpus-per-node"]
    counted = UCL.replace("gpu=true", "gpu=3")
    assert [d.value for d in sge_directives(counted) if d.option == "gpus-per-node"] == ["3"]


def test_a_second_parallel_environment_is_named() -> None:
    two = UCL.replace("#$ -pe gpu 2\n", "#$ -pe gpu 2\n#$ -pe smp 16\n")
    result = port(two, ["perlmutter"])["perlmutter"]
    assert any("`#$ -pe smp 16`" in n and "keeps only one" in n for n in result.notes)
