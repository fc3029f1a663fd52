"""Issue 14, silent drops: every line, directive and launch tool of the source is in the port
or named in a note (bench/account_probe)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.port.accounted import (
    unaccounted_directives,
    unaccounted_lines,
    unaccounted_note,
    unaccounted_stages,
)
from maple_flow.scriptparse.script import launch_command_line, parse_script

HEAD = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n" \
       "#SBATCH -t 1:00:00\n"
ONE = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n"


def _launch(script: str) -> str:
    """The launch command of a port, its continued lines joined."""
    lines = script.split("\n")
    at = (launch_command_line(script) or 1) - 1
    out = [lines[at]]
    while lines[at].rstrip().endswith("\\"):
        at += 1
        out.append(lines[at])
    return " ".join(out)


def test_an_nvidia_profiler_is_named_not_carried_to_intel_gpus() -> None:
    r = port(HEAD + "srun nsys profile -o prof python train.py\n", "aurora")["aurora"]
    assert "nsys" not in _launch(r.script)
    assert any("`nsys profile -o prof`" in n and "NOT carried" in n for n in r.notes)


@pytest.mark.parametrize("target", ["perlmutter", "polaris", "delta"])
def test_a_profiler_behind_the_launcher_stays_in_front_of_the_program(target: str) -> None:
    r = port(HEAD + "srun nsys profile -o prof_%q{SLURM_PROCID} -t cuda,nvtx python train.py"
             " --lr 1\n", target)[target]
    launch = _launch(r.script)
    assert "nsys profile -o prof_%q{SLURM_PROCID} -t cuda,nvtx python" in launch
    assert any("`nsys profile" in n and "kept in front of it" in n for n in r.notes)


def test_a_profiler_in_front_of_the_launcher_stays_there_with_its_variable() -> None:
    src = ONE + 'OUT="/home/me/prof"\nnsys profile -c none --output=$OUT srun python train.py\n'
    r = port(src, "perlmutter")["perlmutter"]
    assert _launch(r.script).lstrip().startswith("nsys profile -c none --output=$OUT srun ")
    assert 'OUT="/home/me/prof"' in r.script  # the variable the kept tool reads is kept


def test_a_profiler_wrapping_torch_distributed_launch_stays_in_front_of_it() -> None:
    src = HEAD + "nsys profile -o out_%p python -m torch.distributed.launch --nproc_per_node=4" \
                 " main.py\n"
    r = port(src, "perlmutter")["perlmutter"]
    assert "nsys profile -o out_%p python -m torch.distributed.launch" in _launch(r.script)


@pytest.mark.parametrize("line", ["py-spy record -o p.svg -- python train.py",
                                  "srun py-spy record -o p.svg --rate 50 -- python train.py"])
def test_py_spy_is_read_as_a_tool(line: str) -> None:
    p = parse_script(ONE + line + "\n")
    assert [s.name for s in p.launch.stages][-1] == "py-spy"
    assert p.launch.entrypoint == "train.py"


def test_py_spy_behind_the_launcher_is_kept_in_front_of_the_program() -> None:
    r = port(HEAD + "srun py-spy record -o p.svg -- python train.py\n", "perlmutter")
    assert "py-spy record -o p.svg -- python train.py" in _launch(r["perlmutter"].script)


def test_py_spy_in_front_of_a_target_launcher_is_named_not_misplaced() -> None:
    r = port(ONE + "py-spy record -o p.svg -- python train.py\n", "delta")["delta"]
    if "py-spy" not in _launch(r.script):
        assert any("`py-spy record -o p.svg --`" in n and "NOT carried" in n for n in r.notes)
    else:
        assert "-- python" in _launch(r.script)


def test_time_behind_the_launcher_is_kept_not_said_to_be_kept() -> None:
    r = port(HEAD + "srun time python train.py\n", "polaris")["polaris"]
    assert "time python train.py" in _launch(r.script)
    assert not any("timed its launch" in n for n in r.notes)


def test_nohup_in_front_of_the_launch_is_kept() -> None:
    r = port(HEAD + "nohup srun python train.py\n", "delta")["delta"]
    assert _launch(r.script).lstrip().startswith("nohup srun ")


def test_lsf_file_patterns_become_slurm_s_and_overwrite_forms_are_read() -> None:
    src = ("#!/bin/bash\n#BSUB -J t[1-4]\n#BSUB -q gpu\n#BSUB -gpu \"num=1\"\n#BSUB -W 1:00\n"
           "#BSUB -o out.%J_%I.log\n#BSUB -eo err.%J_%I.log\n"
           "python train.py --i $LSB_JOBINDEX\n")
    r = port(src, "delta")["delta"]
    assert "#SBATCH --output=out.%j_%a.log" in r.script
    assert "#SBATCH --error=err.%j_%a.log" in r.script
    assert "%I" not in r.script.replace("#BSUB", "")


@pytest.mark.parametrize("directive", ["--export=NONE", "--get-user-env", "--tmp=100G",
                                       "--gres-flags=enforce-binding"])
def test_a_job_effect_directive_is_kept_on_slurm_and_named_elsewhere(directive: str) -> None:
    src = ONE + f"#SBATCH {directive}\npython train.py\n"
    slurm = port(src, "delta")["delta"]
    assert f"#SBATCH {directive}" in slurm.script
    pbs = port(src, "polaris")["polaris"]
    assert any(f"#SBATCH {directive}" in n for n in pbs.notes)


def test_shebang_options_are_kept_or_named() -> None:
    r = port("#!/bin/bash -l #\n" + ONE.split("\n", 1)[1] + "python x.py\n", "perlmutter")
    assert r["perlmutter"].script.startswith("#!/bin/bash -l\n")
    r2 = port("#!/bin/bash -xe\n" + ONE.split("\n", 1)[1] + "python x.py\n", "delta")["delta"]
    assert r2.script.startswith("#!/bin/bash -x\n")
    assert any("shebang's -e" in n for n in r2.notes)
    r3 = port("#!/bin/bash -x\n" + ONE.split("\n", 1)[1] + "python x.py\n", "polaris")
    assert r3["polaris"].script.startswith("#!/bin/bash -lx\n")  # one option word


def test_the_accounting_names_a_dropped_directive_and_a_dropped_tool() -> None:
    src = ONE + "#SBATCH --signal=USR1@90\nsrun env OMP_NUM_THREADS=4 nsys profile python x.py\n"
    p = parse_script(src)
    bare = "#!/bin/bash\nsrun python x.py\n"  # a port that lost both, with no note
    assert unaccounted_directives(p.directives, bare, []) == [(5, "#SBATCH --signal=USR1@90")]
    lost = unaccounted_stages(p.launch, 6, bare, [])
    assert [text for _, text in lost] == ["OMP_NUM_THREADS=4 (in front of the program)",
                                          "nsys (in front of the program)"]
    assert unaccounted_directives(p.directives, bare, ["`#SBATCH --signal=USR1@90` gone"]) == []


def test_the_accounting_note_names_every_line_it_counts() -> None:
    lines = [(n, f"cmd{n} x") for n in range(1, 9)]
    note = unaccounted_note(lines, "Delta")[0]
    assert all(f"line {n} " in note for n in range(1, 9))


# --- the property over bench/realport's cached scripts --------------------------------------

_REALPORT = Path(__file__).resolve().parent.parent / "bench" / "realport"
_CACHE = Path("/work/cache/realport")
_GENERIC = "no other note says why"


def _realport_ports() -> list[tuple[str, str, str, object]]:
    sys.path.insert(0, str(_REALPORT))
    from rp_cases import load_cases  # type: ignore[import-not-found]

    found = []
    for case in load_cases(_REALPORT / "cases.yaml"):
        path = _CACHE / f"{case.id}.sh"
        if not path.is_file():
            continue
        source = path.read_text(encoding="utf-8")
        for target in case.targets:
            try:
                result = port(source, target)[target]
            except MapleError:
                continue
            if result.status == "generated":
                found.append((case.id, target, source, result))
    return found


def _unaccounted(source: str, script: str, notes: list[str]) -> list[tuple[int, str]]:
    """Definition: a source item is accounted for when (lines) its shell words are in the port
    (variables renamed allowed), an assignment's variable or a command's files are still used,
    or a note names it ("line N", its text); (directives) its line is in the port, verbatim or
    as a comment, or a note quotes it, or all it asks is re-chosen for the target (size, time,
    account, queue, hardware); (launch tools) the tool's command word, or the names an env
    prefix sets, are in the port or a note. The launchers themselves are the target's."""
    p = parse_script(source)
    line = launch_command_line(source) or 0
    return (unaccounted_lines(source, script, notes)
            + unaccounted_directives(p.directives, script, notes)
            + (unaccounted_stages(p.launch, line, script, notes) if line else []))


#: realport ports whose pipeline drops a line that only the safety-net note names (known: a
#: helper variable of a dropped block, a layout sum, an env prefix inside a container not
#: carried); a new one fails the test below.
_KNOWN_NET = {
    ("alcf-workshop-nsys-seqpar", "perlmutter"), ("alcf-workshop-nsys-seqpar", "vista"),
    ("alcf-workshop-nsys-seqpar", "aurora"), ("alcf-guide-container-hvd", "perlmutter"),
    ("alcf-guide-container-hvd", "delta"), ("alcf-guide-container-hvd", "aurora"),
    ("olcf-frontier-gpt-srun", "perlmutter"), ("olcf-frontier-gpt-srun", "bridges2"),
    ("olcf-frontier-gpt-srun", "aurora"), ("psc-llama3-fsdp", "perlmutter"),
    ("psc-llama3-fsdp", "delta"), ("psc-llama3-fsdp", "aurora"),
    ("alcf-mlcomm-allreduce-mpi4py-aurora", "polaris"),
    ("alcf-mlcomm-allreduce-mpi4py-aurora", "deltaai"),
    ("alcf-mlcomm-allreduce-mpi4py-aurora", "stampede3"),
}


@pytest.mark.skipif(not _CACHE.is_dir(), reason="bench/realport's script cache is not here")
def test_every_realport_source_item_is_in_the_port_or_named_in_a_note() -> None:
    ports = _realport_ports()
    assert len(ports) > 100
    needs_net, unnamed = set(), []
    for case, target, source, result in ports:
        notes = [n for n in result.notes if _GENERIC not in n]  # type: ignore[attr-defined]
        net = [n for n in result.notes if _GENERIC in n]  # type: ignore[attr-defined]
        lost = _unaccounted(source, result.script, notes)  # type: ignore[attr-defined]
        if lost:
            needs_net.add((case, target))
        unnamed += [(case, target, n, text) for n, text in lost
                    if not any(f"line {n} `{' '.join(text.split())[:20]}" in x for x in net)]
    assert unnamed == []
    assert needs_net <= _KNOWN_NET, sorted(needs_net - _KNOWN_NET)


_DEFAULTS = (HEAD + 'set -euo pipefail\n: "${LR:=0.1}"\n: "${OUT:=runs/$SLURM_JOB_ID}"\n'
             ': "${DATA:?set DATA}"\nsrun python train.py --lr $LR --out $OUT --data $DATA\n')


@pytest.mark.parametrize("target", ["perlmutter", "polaris"])
def test_shell_defaults_are_kept_and_their_scheduler_variables_mapped(target: str) -> None:
    r = port(_DEFAULTS, target)[target]
    assert ': "${LR:=0.1}"' in r.script and ': "${DATA:?set DATA}"' in r.script
    job = "$SLURM_JOB_ID" if target == "perlmutter" else "$PBS_JOBID"
    assert f': "${{OUT:=runs/{job}}}"' in r.script
    assert not any("not set by the script" in n and "LR" in n for n in r.notes)
    assert not any(_GENERIC in n for n in r.notes)


def test_a_scheduler_variable_inside_a_default_is_renamed() -> None:
    from maple_flow.port.rules import translate_scheduler_vars

    assert translate_scheduler_vars("${X:-$SLURM_JOB_ID}", "pbs")[0] == "${X:-$PBS_JOBID}"


def test_a_kept_directive_keeps_the_users_quotes() -> None:
    """`--export=ALL,DESC="two words"` carried to another Slurm site as written: without its
    quotes sbatch refuses the whole script ("Invalid directive")."""
    from maple_flow import port

    line = '#SBATCH --export=ALL,JOB_DESCRIPTION="train a model",EXPECTED="ok"'
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n#SBATCH -t 01:00:00\n"
              f"{line}\n#SBATCH -o logs/%j.out\npython train.py\n")
    ported = port(script, "stampede3")["stampede3"].script
    assert f"\n{line}\n" in ported
    assert "\n#SBATCH --output=logs/%j.out\n" in ported
