"""The facts a refusal, an ask or a note states about the script's header (no directive, no
GPU or node count, a job array) and the lines it quotes are checked against the script before
they are issued (maple_flow/scriptparse/claims.py; issue 14, refusal_misreads)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from maple_flow.errors import MissingInformation, ParseError
from maple_flow.port.api import port
from maple_flow.scriptparse.claims import (
    checked_ask,
    checked_reason,
    false_claims,
    header_lines,
    refusals_checked,
)
from maple_flow.scriptparse.shell import split_blocks

MOAB = """#!/bin/bash
#MSUB -N demo
#MSUB -l nodes=1:ppn=4:gpus=2
#MSUB -l walltime=02:00:00

cd $PBS_O_WORKDIR
python train.py --epochs 3
"""

JHINNO = """#!/bin/bash
#JSUB -J demo
#JSUB -q gpu
#JSUB -gpgpu 1

torchrun --nnodes=1 --nproc_per_node=1 train.py
"""


def _claims(reason: str, text: str) -> list[str]:
    return false_claims(reason, split_blocks(text), text)


def test_a_moab_header_is_never_asked_for_as_no_directive() -> None:
    # before: "the script has no scheduler directive (#SBATCH, #PBS, #BSUB), so how many GPUs
    # ... (they were given at submission)" while lines 2-4 are #MSUB directives
    with pytest.raises(MissingInformation) as err:
        port(MOAB, "perlmutter")
    text = str(err.value)
    assert "has no scheduler directive" not in text
    assert "given at submission" not in text
    assert "#MSUB -l nodes=1:ppn=4:gpus=2" in text and "does not read" in text
    assert "pass gpus_per_node=N" in text  # still an ask, its request kept


def test_a_jhinno_header_is_noted_as_unread_and_no_note_says_it_has_none() -> None:
    # before: ported with the #JSUB lines as set-up comments and the note "the source sets no
    # time limit (it has no scheduler directives)"
    result = port(JHINNO, "delta")["delta"]
    assert result.status == "generated"
    assert not any("has no scheduler directive" in n for n in result.notes)
    assert any("Jhinno" in n and "not read" in n for n in result.notes)


@pytest.mark.parametrize("directive", [
    "#$ -l gpu_card=1", "#$ -l sps=1,GPU=4,GPUtype=V100", "#$ -l gpus=0.25",
    "#SBATCH --gres=gpu:a100:2", "#PBS -l select=1:ncpus=8:ngpus=2", '#BSUB -gpu "num=2"',
])
def test_a_stated_gpu_count_contradicts_no_gpu_count(directive: str) -> None:
    text = f"#!/bin/bash\n{directive}\npython train.py\n"
    wrong = _claims("its Grid Engine directives state no GPU count, so how many GPUs ...", text)
    assert wrong and directive in wrong[0]
    ask = checked_ask("the source states no GPU count; pass gpus_per_node=N (--gpus-per-node "
                      "N)", split_blocks(text), text)
    assert "states no GPU count" not in ask and directive in ask
    assert ask.endswith("pass gpus_per_node=N (--gpus-per-node N)")


@pytest.mark.parametrize("directive", ["#SBATCH --gres=gpu:0", "#SBATCH --nodes=0",
                                       "#SBATCH -p gpu", "##SBATCH --gres=gpu:4"])
def test_an_empty_or_commented_count_leaves_the_claim_true(directive: str) -> None:
    text = f"#!/bin/bash\n{directive}\npython train.py\n"
    assert not _claims("the source states no GPU count", text)
    assert not _claims("the node count is computed at run time and no directive states it",
                       text)


def test_directives_after_the_first_command_are_no_header() -> None:
    # sbatch and qsub stop reading directives at the first command: the claim holds
    text = "#!/bin/bash\necho start\n#SBATCH --gres=gpu:4\npython train.py\n"
    assert header_lines(text) == []
    assert not _claims("the script has no scheduler directive (#SBATCH, #PBS, #BSUB)", text)


def test_a_node_count_and_an_array_claim_are_checked() -> None:
    text = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gres=gpu:4\nsrun python x.py\n"
    assert _claims("no directive or launch option states the node count: it is given", text)
    assert _claims("the source is a job array (1-5); port one job", text)
    arrayed = "#!/bin/bash\n#$ -t 1-5\n#$ -l gpu_card=1\npython x.py\n"
    assert not _claims("the source is a job array (1-5); port one job", arrayed)


def test_a_quoted_line_must_be_the_scripts() -> None:
    text = "#!/bin/bash\n#SBATCH -N 1\nsrun --ntasks=2 \\\n  python x.py --lr 0.1\n"
    assert not _claims("line 3 `srun --ntasks=2 python x.py --lr 0.1`: srun starts ...", text)
    assert not _claims("line 3 `srun --ntasks=2 python x.py...`: shortened", text)
    assert _claims("line 3 `srun --ntasks=2 python y.py`: srun starts ...", text)
    assert not _claims("line 3 `srun python`: srun starts ...", text)


def test_a_false_header_claim_in_a_refusal_is_not_issued_on_that_ground() -> None:
    reason = ("the script has no scheduler directive and names no GPU; write the job's size "
              "as directives")
    fixed = checked_reason(reason, split_blocks(MOAB), MOAB)
    assert "has no scheduler directive" not in fixed and "#MSUB" in fixed

    @refusals_checked
    def refuse(text: str) -> None:
        raise ParseError("its directives state no GPU count (the port reads --gres, --gpus)")

    with pytest.raises(ParseError) as err:
        refuse("#!/bin/bash\n#$ -l gpu_card=1\npython x.py\n")
    assert "state no GPU count" not in str(err.value) and "gpu_card=1" in str(err.value)


@dataclass
class _Result:
    status: str
    notes: list[str] = field(default_factory=list)


def test_a_target_rule_refusal_with_a_false_fact_is_reworded() -> None:
    script = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:2\npython x.py\n"

    @refusals_checked
    def refused(text: str) -> dict[str, _Result]:
        return {"aurora": _Result("refused", [
            "refused for Aurora: the source is a job array (0: a single index); port one job",
            "refused for Aurora: the source states no GPU count"])}

    notes = refused(script)["aurora"].notes
    assert all(n.startswith("refused for Aurora: ") for n in notes)
    assert not any("the source is a job array" in n.split(": ", 1)[1][:30] for n in notes)
    assert "--gres=gpu:2" in notes[1]


def test_a_memory_ask_quoted_from_the_header_must_be_the_scripts() -> None:
    text = "#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1:mem=400gb\npython x.py\n"
    assert not _claims("memory: the source asks `select ...:mem=400gb`, more than ...", text)
    assert _claims("memory: the source asks `--mem=512GB`, more than ...", text)
