"""Hostile user values: the rendered script parses, runs nothing injected, passes args verbatim.

Each script runs under bash with fake site launchers (srun, mpiexec, ibrun, mpirun) that start
the command they wrap, and fake torchrun/accelerate/python that record the argv they get.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from launch_cases import TEMPLATE_IDS, case, spec_for

from maple_flow.render import render

LAUNCHERS = ("srun", "mpiexec", "ibrun", "mpirun")
PROGRAMS = ("torchrun", "accelerate", "python", "python3")
SKIP_TO = "|".join(("bash", *PROGRAMS))
FAKE_LAUNCHER = f"""#!/bin/bash
while [ $# -gt 0 ]; do case "$1" in {SKIP_TO}) break;; esac; shift; done
exec "$@"
"""
RECORDER = """#!/bin/bash
printf '%s\\0' "$@" > "$MAPLE_REC/argv"
printf '%s' "$HOSTILE" > "$MAPLE_REC/env"
printf '%s %s' "$MASTER_ADDR" "$MASTER_PORT" > "$MAPLE_REC/rdzv"
"""
STUBS = {"module": "#!/bin/bash\n", "conda": "#!/bin/bash\n",
         "scontrol": "#!/bin/bash\necho node001\necho node002\n"}


def _fake_bin(root: Path) -> Path:
    bin_dir = root / "bin"
    bin_dir.mkdir()
    files = {**dict.fromkeys(LAUNCHERS, FAKE_LAUNCHER), **dict.fromkeys(PROGRAMS, RECORDER),
             **STUBS}
    for name, text in files.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return bin_dir


def _environment(root: Path, bin_dir: Path) -> dict[str, str]:
    (root / "nodefile").write_text("x1.example\nx2.example\n")
    (root / "maple-venv" / "bin").mkdir(parents=True)
    (root / "maple-venv" / "bin" / "activate").write_text("")
    (root / "rec").mkdir()
    ranks = dict.fromkeys(("PMI_RANK", "PALS_RANKID", "PALS_LOCAL_RANKID", "SLURM_NODEID",
                           "OMPI_COMM_WORLD_RANK", "MPI_LOCALRANKID", "SLURM_PROCID",
                           "SLURM_LOCALID", "PALS_NODEID", "PMI_LOCAL_RANK"), "0")
    return {
        **ranks, "PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(root), "SCRATCH": str(root),
        "SLURM_JOB_ID": "4242", "SLURM_JOB_NODELIST": "node[001-002]",
        "PBS_JOBID": "4242.pbs01", "PBS_NODEFILE": str(root / "nodefile"),
        "PBS_O_WORKDIR": str(root), "MAPLE_REC": str(root / "rec"),
    }


def _hostile(root: Path) -> dict[str, object]:
    pwn = f"{root}/pwned"
    return {
        "entrypoint": f"my dir/train $(touch {pwn}).py",
        "args": ["a b", "it's", '"dq"', f"; touch {pwn}", f"$(touch {pwn})", f"`touch {pwn}`",
                 "line1\nline2", "$HOME", "*", "", "--x=1 2", "\\", "&&", "|", ">out"],
        "env": {"HOSTILE": f"x'; touch {pwn}; '$(touch {pwn})`touch {pwn}`\nnext $HOME"},
    }


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_hostile_values_arrive_verbatim_and_run_nothing(template_id: str, tmp_path: Path) -> None:
    template, profile = case(template_id)
    values = _hostile(tmp_path)
    spec = spec_for(template, profile, **values)
    script = tmp_path / "job.sh"
    script.write_text(render(spec, profile, template))
    subprocess.run(["bash", "-n", str(script)], check=True)
    env = _environment(tmp_path, _fake_bin(tmp_path))
    proc = subprocess.run(["bash", str(script)], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=30, check=False)
    assert proc.returncode == 0, proc.stderr
    assert not (tmp_path / "pwned").exists()
    argv = (tmp_path / "rec" / "argv").read_text().split("\0")[:-1]
    program = [values["entrypoint"], *values["args"]]  # type: ignore[list-item]
    # `$NAME` stays live on purpose (shell_word); everything else arrives verbatim
    home = str(tmp_path)
    assert argv[-len(program):] == [a.replace("$HOME", home) for a in program]
    hostile = values["env"]["HOSTILE"]  # type: ignore[index]
    assert (tmp_path / "rec" / "env").read_text() == hostile.replace("$HOME", home)
    port = profile.launch.master_port + 242
    assert (tmp_path / "rec" / "rdzv").read_text().split(" ")[1] == str(port)


def test_module_entrypoint_reaches_the_program_as_dash_m(tmp_path: Path) -> None:
    template, profile = case("aurora-deepspeed-zero3")
    spec = spec_for(template, profile, entrypoint="pkg.train", module=True, args=["x y"])
    script = tmp_path / "job.sh"
    script.write_text(render(spec, profile, template))
    env = _environment(tmp_path, _fake_bin(tmp_path))
    subprocess.run(["bash", str(script)], env=env, cwd=tmp_path, check=True, timeout=30)
    argv = (tmp_path / "rec" / "argv").read_text().split("\0")[:-1]
    assert argv == ["-m", "pkg.train", "x y"]


HOSTILE_NAMES = ["debug\ntouch /tmp/pwned #", "q$(touch /tmp/pwned)", "acct;touch /tmp/pwned",
                 "a b", "it's", "`id`", ""]


@pytest.mark.parametrize("value", HOSTILE_NAMES)
@pytest.mark.parametrize("field", ["account", "queue"])
def test_hostile_account_and_queue_are_rejected(field: str, value: str) -> None:
    """Directive values stand on `#SBATCH`/`#PBS` lines, where a newline would end the block
    and start a command: they are checked against a strict pattern before any rendering."""
    from pydantic import ValidationError

    from maple_flow.models import JobSpec

    with pytest.raises(ValidationError):
        JobSpec(cluster="polaris", gpus_per_node=4, entrypoint="t.py", **{field: value})
    JobSpec(cluster="polaris", gpus_per_node=4, entrypoint="t.py", **{field: "TG-ABC123_x.y"})


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_live_variables_expand_and_nothing_else_runs(template_id: str, tmp_path: Path) -> None:
    """Values with `$NAME`/`${NAME}`/`~/` keep those live (double-quoted by shell_word); the
    command substitutions, backticks and quotes next to them stay text."""
    template, profile = case(template_id)
    pwn = f"{tmp_path}/pwned"
    values = {
        "entrypoint": f"$HOME/my dir/train $(touch {pwn}).py",
        "args": [f"${{SCRATCH}}/ckpt`touch {pwn}`", "~/data", f'$HOME"; touch {pwn}; "',
                 f"$HOME\\$(touch {pwn})", "$1$HOME$"],
        "env": {"HOSTILE": f"$SCRATCH/x $(touch {pwn}) `touch {pwn}`"},
    }
    script = tmp_path / "job.sh"
    script.write_text(render(spec_for(template, profile, **values), profile, template))
    env = _environment(tmp_path, _fake_bin(tmp_path))
    proc = subprocess.run(["bash", str(script)], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=30, check=False)
    assert proc.returncode == 0, proc.stderr
    assert not (tmp_path / "pwned").exists()
    home = str(tmp_path)  # HOME and SCRATCH are both tmp_path in _environment
    argv = (tmp_path / "rec" / "argv").read_text().split("\0")[:-1]
    assert argv[-6:] == [
        f"{home}/my dir/train $(touch {pwn}).py", f"{home}/ckpt`touch {pwn}`", f"{home}/data",
        f'{home}"; touch {pwn}; "', f"{home}\\$(touch {pwn})", f"$1{home}$"]
    assert (tmp_path / "rec" / "env").read_text() == f"{home}/x $(touch {pwn}) `touch {pwn}`"
