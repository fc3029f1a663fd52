"""unseen9 tune causes (issue 14, h10-porttune9): a launch's environment prefix inside a
``bash -c`` body, a ``$( )`` value of a prefix, a source with no time limit, a layout repack
against a program that fixes its own counts, ``pbsdsh`` of a user script, and commands in
conditions read as the launch. Every fixture is our own script shape, none copied from a case."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script

BODY_PREFIX = """#!/bin/bash
#SBATCH --nodes=2 --ntasks-per-node=1 --gres=gpu:4 --time=01:00:00
srun bash -c 'TORCH_SHOW_CPP_STACKTRACES=1 WANDB_MODE=offline torchrun --nproc_per_node 4 \\
  --nnodes $SLURM_NNODES --node_rank $SLURM_PROCID fit.py --lr 3'
"""


def test_an_env_prefix_inside_a_bash_c_body_is_kept_on_every_target() -> None:
    assert parse_script(BODY_PREFIX).env["WANDB_MODE"] == "offline"
    for target, r in port(BODY_PREFIX, ["polaris", "delta"]).items():
        assert "WANDB_MODE=offline" in r.script, target
        assert "TORCH_SHOW_CPP_STACKTRACES=1" in r.script, target


SUBST_PREFIX = """#!/bin/bash
#SBATCH --nodes=1 --ntasks-per-node=4 --gres=gpu:4 --time=01:00:00
PYTHONPATH="$(dirname "$0")/..":$PYTHONPATH \\
srun python tools/fit.py cfg.py
"""


def test_a_prefix_computed_by_a_command_substitution_stays_live() -> None:
    script = port(SUBST_PREFIX, "perlmutter")["perlmutter"].script
    assert "export PYTHONPATH=$(dirname" in script
    assert "\\$(dirname" not in script


NO_TIME = """#!/bin/bash
#SBATCH --nodes=1 --ntasks-per-node=4 --gres=gpu:4
srun python fit.py
"""


def test_a_source_with_no_time_limit_says_so_with_the_ports_value() -> None:
    r = port(NO_TIME, "polaris")["polaris"]
    note = next(n for n in r.notes if "no time limit" in n)
    assert "00:30:00" in note and "--walltime" in note
    timed = port(NO_TIME.replace("gpu:4", "gpu:4 --time=02:00:00"), "polaris")["polaris"]
    assert not any("no time limit" in n for n in timed.notes)


REPACK = """#!/bin/bash
#SBATCH --nodes=3 --ntasks-per-node=4 --gres=gpu:4 --time=04:00:00
srun python fit.py trainer=ddp3
"""


def test_a_layout_change_names_both_layouts_and_the_programs_own_counts() -> None:
    r = port(REPACK, "aurora")["aurora"]
    note = next(n for n in r.notes if n.startswith("layout changed"))
    assert "3 node(s) x 4" in note and "1 node(s) x 12" in note and "Trainer(" in note
    same = port(REPACK, "delta")["delta"]  # 3 x 4 on Delta's 4-GPU nodes: no change
    assert not any(n.startswith("layout changed") for n in same.notes)


def test_a_device_count_argument_is_read_as_the_gpus_per_node() -> None:
    script = REPACK.replace("--nodes=3", "--nodes=1").replace("--ntasks-per-node=4",
                                                                "--ntasks-per-node=6")
    script = script.replace("gpu:4", "gpu:6").replace("trainer=ddp3", "--ndevice 6")
    r = port(script, "delta")["delta"]
    assert any("`--ndevice 6`" in n and "change it to 4" in n for n in r.notes)


PBSDSH = """#PBS -l select=2:ngpus=2:ncpus=16
#PBS -l walltime=10:00:00
cd $PBS_O_WORKDIR
pbsdsh -v -- bash "$PBS_O_WORKDIR"/node_start.sh $HOSTNAME 2 "fit.py --lr 3"
"""


def test_pbsdsh_of_a_user_script_is_refused_naming_pbsdsh_and_the_script() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(PBSDSH)
    text = str(err.value)
    assert "line 4" in text and "pbsdsh" in text and "node_start.sh" in text


def test_pbsdsh_of_a_bash_c_command_is_refused_naming_pbsdsh() -> None:
    script = PBSDSH.replace('bash "$PBS_O_WORKDIR"/node_start.sh $HOSTNAME 2 "fit.py --lr 3"',
                            "bash -c 'cd /w && torchrun --nnodes 2 fit.py'")
    with pytest.raises(ParseError, match=r"pbsdsh.*bash -c"):
        parse_script(script)


CONDITION = """#!/bin/bash
#PBS -l select=1:ngpus=1
#PBS -l walltime=02:00:00
if /opt/tools/probe --quick >/dev/null 2>&1; then
  echo probed
elif /opt/tools/other -l >/dev/null 2>&1; then
  echo other
fi
"""


def test_a_command_in_a_condition_is_a_test_not_the_launch() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(CONDITION)
    assert "/opt/tools" not in str(err.value)


LOOKED_UP = """#!/bin/bash
#PBS -l select=1:ngpus=1
#PBS -l walltime=02:00:00
RUNPY="${PYBIN:-$(command -v python3)}"
if ! "$RUNPY" -c 'import torch'; then exit 2; fi
exec "$RUNPY" -m pkg.fit --epochs 2
"""


def test_the_jobs_python_found_by_command_v_is_the_launch() -> None:
    p = parse_script(LOOKED_UP)
    assert (p.launch.entrypoint, p.launch.module, p.launch.args) == ("pkg.fit", True,
                                                                     ["--epochs", "2"])


TIMED_EXEC = LOOKED_UP.replace(
    'exec "$RUNPY" -m pkg.fit --epochs 2\n',
    'WRAP=()\nif [ -x /usr/bin/time ]; then\n'
    '  exec /usr/bin/time -v "$RUNPY" -m pkg.fit --epochs 2\n'
    'fi\nexec "$RUNPY" -m pkg.fit --epochs 2\n')


def test_a_kept_block_that_execs_the_program_itself_is_named() -> None:
    r = port(TIMED_EXEC, "delta")["delta"]
    assert any("execs the program pkg.fit itself" in n for n in r.notes)


SELF_DEFAULT = """#!/bin/bash
#SBATCH --nodes=1 --ntasks-per-node=1 --gres=gpu:1 --time=01:00:00
ROOT=$(pwd)
CFG="${CFG:-$ROOT/cfg.json}"
export CFG
python fit.py
"""


def test_a_bare_export_of_a_self_defaulted_variable_is_not_a_literal() -> None:
    script = port(SELF_DEFAULT, "perlmutter")["perlmutter"].script
    assert "\\${CFG" not in script
    assert 'CFG="${CFG:-$ROOT/cfg.json}"' in script
