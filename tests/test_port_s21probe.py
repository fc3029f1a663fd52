"""Classes found by bench/s21portprobe_probe (tune half): a plain wrapper in front of an
environment runner (``exec uv run python -m pkg.train``), bash's ``exec`` in front of the
program (a builtin: it cannot run behind the target's launcher or runner), and a runner
written with its path (``~/.local/bin/uv run``: in a batch shell the tool may not be on $PATH).
Each kept as the user wrote it on the target's launch, or named with the true reason."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.scriptparse import parse_script

ONE = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n#SBATCH -t 01:00:00\n"
TARGETS = ["perlmutter", "polaris", "lonestar6"]


def _ported(script: str, target: str) -> tuple[str, list[str]]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return r.script, r.notes


def _launch(script: str, program: str) -> str:
    """The ported launch command (its continuation lines joined) that runs ``program``."""
    lines = script.splitlines()
    end = max(i for i, x in enumerate(lines) if program in x)
    start = end
    while start > 0 and lines[start - 1].rstrip().endswith("\\"):
        start -= 1
    return " ".join(x.rstrip("\\ ") for x in lines[start:end + 1])


@pytest.mark.parametrize("wrapper", ["exec", "nohup", "time"])
def test_a_runner_behind_a_plain_wrapper_is_read_as_the_runner(wrapper: str) -> None:
    p = parse_script(ONE + f"{wrapper} uv run python -m pkg.train --lr 1\n")
    assert [s.name for s in p.launch.stages] == [wrapper, "uv run"]
    assert p.launch.entrypoint == "pkg.train" and p.launch.module


@pytest.mark.parametrize("target", TARGETS)
def test_exec_uv_run_keeps_the_users_runner(target: str) -> None:
    script, notes = _ported(ONE + "exec uv run python -m pkg.train --lr 1\n", target)
    line = _launch(script, "pkg.train")
    assert "uv run" in line and "-m pkg.train --lr 1" in line
    assert any("`uv run`" in n and "kept" in n for n in notes)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("line", ["exec python train.py --lr 1",
                                  "exec uv run python train.py --lr 1"])
def test_bashs_exec_is_not_put_behind_the_targets_launcher(target: str, line: str) -> None:
    script, notes = _ported(ONE + line + "\n", target)
    launch = _launch(script, "train.py")
    assert " exec " not in f" {launch} ", launch  # `srun exec python`: no such command
    assert any("`exec`" in n and "not carried" in n for n in notes)


@pytest.mark.parametrize("target", TARGETS)
def test_a_runner_written_with_its_path_keeps_the_path(target: str) -> None:
    script, notes = _ported(ONE + "~/.local/bin/uv run scripts/train.py --lr 1\n", target)
    line = _launch(script, "scripts/train.py")
    assert "~/.local/bin/uv run" in line, line
    assert any("`~/.local/bin/uv run`" in n for n in notes)


def test_a_bare_runner_stays_bare() -> None:
    p = parse_script(ONE + "uv run --frozen python train.py\n")
    stage = p.launch.stages[0]
    assert stage.name == "uv run" and stage.via == "" and stage.operands == ["--frozen"]


def test_exec_in_front_of_a_rank_launcher_stays_in_front_of_the_targets() -> None:
    four = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
            "#SBATCH -t 01:00:00\n")
    script, notes = _ported(four + "exec srun python train.py --lr 1\n", "polaris")
    launch = _launch(script, "train.py")
    assert launch.startswith("exec mpiexec"), launch  # the job's shell replaced, as in the source
    assert not any("`exec`" in n and "not carried" in n for n in notes)


# --- ${name:+word} (bench/s21portprobe_probe/round2, tune) ----------------------------------

def test_expand_reads_an_alternate_value_as_one_construct() -> None:
    from maple_flow.scriptparse.values import expand
    assert expand("a ${X:+--x $X} b", {"X": ""}) == "a  b"
    assert expand("a ${X:+--x $X} b", {"X": "v"}) == "a --x v b"
    assert expand("a ${X+--x} b", {"X": ""}) == "a --x b"  # no colon: set is enough
    # not known: kept whole, its inner reference too (not `${X:+--x }`)
    assert expand("a ${X:+--x $X} $Y", {"Y": "1"}) == "a ${X:+--x $X} 1"


@pytest.mark.parametrize("target", TARGETS)
def test_an_alternate_value_in_a_bash_c_body_is_not_cut_in_half(target: str) -> None:
    body = 'python x.py --lr 1 ${ADAPTER:+--adapter $ADAPTER}'
    script, _ = _ported(ONE + f'ADAPTER=""\nsrun bash -c "{body}"\n', target)
    assert "${ADAPTER:+--adapter }" not in script


@pytest.mark.parametrize("target", TARGETS)
def test_a_bash_c_body_keeps_references_to_overridable_defaults(target: str) -> None:
    # "override via environment": the submit environment decides STEPS; the port must not
    # write its default into the launch (the job would ignore `STEPS=8 sbatch job.sh`)
    src = ONE + 'STEPS=${STEPS:-4}\nsrun bash -c "python x.py --steps $STEPS --lr 1"\n'
    script, _ = _ported(src, target)
    launch = _launch(script, "x.py")
    assert "--steps $STEPS --lr 1" in launch, launch
    assert "STEPS=${STEPS:-4}" in script
