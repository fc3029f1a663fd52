"""A job script whose every launch is commented out (bench/s19portgeneral_probe): the refusal
names the commented launch lines instead of the generic "should start a Python program".
Fixtures written here, not copied."""

from __future__ import annotations

import pytest

from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.script import commented_launches

HEAD = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=1\n#SBATCH -t 1:00:00\n"
        "##SBATCH --reservation=r1\n")


def test_every_launch_commented_out_is_named_in_the_refusal() -> None:
    """Only ``# ENV=1 torchrun x.py`` lines: refused, naming the lines and saying to uncomment."""
    script = HEAD + ("cd /data/proj\n\n# first dataset\n"
                     "# FOO=1 torchrun run/train.py --conf a.conf\n"
                     "#python eval.py --split test\n")
    with pytest.raises(ParseError) as err:
        parse_script(script)
    text = str(err.value)
    assert "commented out" in text
    assert "line 9 `FOO=1 torchrun run/train.py --conf a.conf`" in text
    assert "line 10 `python eval.py --split test`" in text


def test_directives_shebang_and_prose_are_not_commented_launches() -> None:
    """``##SBATCH``, the shebang and a comment that is prose are not launches."""
    script = HEAD + "# train the model with python\n# -----\n"
    assert commented_launches(script) == []
    with pytest.raises(ParseError) as err:
        parse_script(script)
    assert "commented out" not in str(err.value)


def test_a_live_launch_with_commented_alternatives_parses() -> None:
    """A live launch next to commented-out ones is the launch (nothing refused)."""
    script = HEAD + "# torchrun --nproc_per_node=1 old.py\npython new.py --x 1\n"
    assert parse_script(script).launch.entrypoint == "new.py"
