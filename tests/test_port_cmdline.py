"""A job whose program is not in the script (``$*`` on the launch, ``sbatch --wrap``) is
refused with that reason, naming the line (not "no launch line" or an installed command)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError

HEAD = "#!/bin/bash\n#SBATCH --nodes=1 --ntasks=1 --gres=gpu:v100:1 -t 1:00:00\n\n"


def _refusal(script: str) -> str:
    with pytest.raises(MapleError) as err:
        port(script, "delta", account="bbka-delta-gpu")
    return str(err.value)


@pytest.mark.parametrize("launch", ["srun python3.7 $*", 'python "$@"',
                                    "srun my_wrapper exec ~/.local/bin/deepspeed $*"])
def test_a_program_from_the_jobs_command_line_is_refused_with_that_reason(launch: str) -> None:
    why = _refusal(HEAD + "module load pytorch\n" + launch + "\n")
    assert "line 5" in why and "command line" in why


def test_an_sbatch_wrap_submitter_is_refused_as_a_submitter() -> None:
    script = ("\n\nsbatch --account=abc --gres=gpu:4 --time=20:00 \\\n"
              "  --wrap=\"module load torch; python3 -m src.train --config c.yaml\"\n")
    why = _refusal(script)
    assert "--wrap" in why and "sbatch command line" in why


def test_positional_arguments_of_the_program_are_still_ported() -> None:
    r = port(HEAD + "srun python train.py \"$@\"\n", "delta", account="bbka-delta-gpu")["delta"]
    assert r.status == "generated"
    assert 'train.py "$@"' in r.script
