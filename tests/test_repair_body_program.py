"""A program's own arguments are found and edited inside a quoted ``bash -c`` body too
(bench/repairgen bash_c variants: `srun bash -c "python -m X --arg 2"`)."""

from __future__ import annotations

import pytest

from maple_flow.repair import patch_launch as pl
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n"


@pytest.mark.parametrize("quote", ['"', "'"])
def test_argument_replaced_inside_a_bash_c_body(quote: str) -> None:
    text = (f"{HEAD}srun bash -c {quote}cd run; python -u -m pkg.train -t a,b "
            f"--world-size 2{quote}\n")
    new = pl.add_argument(text, "pkg.train", "--world-size", "8")
    assert new == text.replace("--world-size 2", "--world-size 8")


def test_argument_appended_inside_the_body_before_its_closing_quote() -> None:
    text = f'{HEAD}srun -l bash -c "python train.py --epochs 3"\n'
    new = pl.add_argument(text, "train.py", "--backend", "nccl")
    assert new.endswith('bash -c "python train.py --epochs 3 --backend=nccl"\n')
    assert pl.backend_argument(new, "train.py") == "--backend"


def test_a_value_that_needs_quoting_in_the_body_is_refused() -> None:
    text = f'{HEAD}srun bash -c "python train.py --epochs 3"\n'
    with pytest.raises(FixNotApplicable, match="quoting inside the bash -c body"):
        pl.add_argument(text, "train.py", "--name", "a b")


def test_a_program_in_no_body_is_still_not_applicable() -> None:
    text = f'{HEAD}srun bash -c "python other.py"\n'
    with pytest.raises(FixNotApplicable, match="not a word of the launch line"):
        pl.add_argument(text, "train.py", "--epochs", "3")
