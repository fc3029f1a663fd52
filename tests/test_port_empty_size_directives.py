"""Size directives left empty (``#SBATCH --nodes=``, ``#SBATCH --gres=gpu:``, a template to fill
in): the port asks for the sizes, naming the empty directives, and never guesses 1 node x 1 GPU
(port/api.py _ask_size_of_empty_directives). Script shapes written here."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation

TEMPLATE = ("#!/bin/bash\n#SBATCH --job-name=\n#SBATCH --nodes=\n#SBATCH --ntasks-per-node=\n"
            "#SBATCH --gres=gpu:        # GPUs\n#SBATCH --time=01:00:00\nsrun python train.py\n")
GRES_ONLY = "#!/bin/bash\n#SBATCH -p gpu\n#SBATCH --gres=gpu:\n#SBATCH --mem=4G\npython train.py\n"


@pytest.mark.parametrize("script", [TEMPLATE, GRES_ONLY])
def test_empty_size_directives_are_asked(script: str) -> None:
    with pytest.raises(MissingInformation) as raised:
        port(script, ["polaris"])
    text = str(raised.value)
    assert "`#SBATCH --gres=gpu:`" in text and "empty" in text and "gpus_per_node=" in text
    assert "# GPUs" not in text  # the directive as written, less its comment


def test_given_sizes_port_the_template() -> None:
    r = port(TEMPLATE, ["perlmutter"], nodes=2, gpus_per_node=4)["perlmutter"]
    assert r.spec is not None and (r.spec.nodes, r.spec.gpus_per_node) == (2, 4)


def test_a_stated_gpu_count_is_not_asked() -> None:
    """``--nodes=`` empty but ``--gpus-per-node=4`` and ``-N`` unset elsewhere: nodes asked;
    ``--gres=gpu:`` empty beside ``--gpus-per-node=2``: the count is stated, ported."""
    with pytest.raises(MissingInformation, match="nodes"):
        port(TEMPLATE.replace("--gres=gpu:        # GPUs", "--gpus-per-node=4"), ["delta"])
    stated = GRES_ONLY.replace("#SBATCH --mem=4G", "#SBATCH --gpus-per-node=2")
    assert port(stated, ["delta"])["delta"].status == "generated"
