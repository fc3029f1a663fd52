"""per_rank launches, the program's own rank variables, set-up steps, live `$VAR` values.

Scripts run under bash with fake site launchers that start four ranks (two per node) and set
ONLY the per-rank variables of the launcher they stand for, so a wrapper that read another
launcher's variables would see nothing.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from launch_cases import case, spec_for
from pydantic import ValidationError

from maple_flow.lint import shellcheck
from maple_flow.models import JobSpec
from maple_flow.render import render, shell_word

#: Per-rank variables each fake launcher sets: rank ones, local-rank ones (two ranks per node).
LAUNCHER_VARS = {
    "srun": (("SLURM_PROCID",), ("SLURM_LOCALID",)),
    "mpiexec": (("PMI_RANK", "PALS_RANKID"), ("PALS_LOCAL_RANKID", "PMI_LOCAL_RANK")),
    "ibrun": (("PMI_RANK",), ("MPI_LOCALRANKID",)),
    "mpirun": (("OMPI_COMM_WORLD_RANK",), ("OMPI_COMM_WORLD_LOCAL_RANK",)),
}
PROGRAMS = ("torchrun", "accelerate", "python", "python3")
RECORDER = """#!/bin/bash
{ printf '%s\\0' "$@"; printf 'ENV\\0'
  for v in $MAPLE_SHOW; do printf '%s=%s\\0' "$v" "${!v}"; done; } > "$MAPLE_REC/rank-$MAPLE_I"
"""
STUBS = {"module": "#!/bin/bash\n", "conda": "#!/bin/bash\n",
         "scontrol": "#!/bin/bash\necho node001\necho node002\n"}
RANK_VARS = {"SLURM_PROCID": "rank", "SLURM_LOCALID": "local_rank", "RANK": "rank",
             "MY_SIZE": "world_size", "MY_LOCAL_SIZE": "local_world_size",
             "MY_NODE": "node_rank", "MY_ADDR": "master_addr", "MY_PORT": "master_port"}


def _fake_launcher(rank_vars: tuple[str, ...], local_vars: tuple[str, ...]) -> str:
    skip = "|".join(("bash", *PROGRAMS))
    sets = " ".join([f"{v}=$i" for v in rank_vars] + [f"{v}=$(( i % 2 ))" for v in local_vars])
    return f"""#!/bin/bash
while [ $# -gt 0 ]; do case "$1" in {skip}) break;; esac; shift; done
for i in 0 1 2 3; do
  MAPLE_I=$i {sets} "$@" || exit 1
done
"""


def _run(script_text: str, launcher: str, root: Path) -> list[tuple[list[str], dict[str, str]]]:
    bin_dir = root / "bin"
    bin_dir.mkdir()
    files = {name: _fake_launcher(*LAUNCHER_VARS[launcher]) for name in LAUNCHER_VARS}
    files.update(dict.fromkeys(PROGRAMS, RECORDER), **STUBS)
    for name, text in files.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (root / "nodefile").write_text("x1.example\nx2.example\n")
    (root / "rec").mkdir()
    (root / "work").mkdir()
    script = root / "job.sh"
    script.write_text(script_text)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(root), "SCRATCH": str(root / "s"),
           "SLURM_JOB_ID": "4242", "SLURM_JOB_NODELIST": "node[001-002]",
           "SLURM_SUBMIT_DIR": str(root / "work"), "PBS_JOBID": "4242.pbs01",
           "PBS_NODEFILE": str(root / "nodefile"), "PBS_O_WORKDIR": str(root),
           "MAPLE_REC": str(root / "rec"),
           "MAPLE_SHOW": " ".join([*RANK_VARS, "LOCAL_RANK", "WORLD_SIZE", "FROM_SETUP", "PWD"])}
    proc = subprocess.run(["bash", str(script)], env=env, cwd=root, capture_output=True,
                          text=True, timeout=30, check=False)
    assert proc.returncode == 0, proc.stderr
    ranks = []
    for i in range(4):
        fields = (root / "rec" / f"rank-{i}").read_text().split("\0")[:-1]
        cut = fields.index("ENV")
        env_seen = dict(f.split("=", 1) for f in fields[cut + 1:])
        ranks.append((fields[:cut], env_seen))
    return ranks


CASES = [("perlmutter-pytorch-ddp", "srun"), ("polaris-pytorch-ddp", "mpiexec"),
         ("lonestar6-pytorch-ddp", "ibrun"), ("vista-accelerate-ddp", "mpirun"),
         ("aurora-deepspeed-zero3", "mpiexec"), ("delta-deepspeed-zero3", "srun")]


@pytest.mark.parametrize(("template_id", "launcher"), CASES)
def test_per_rank_sets_the_programs_rank_variables_from_the_site_launcher(
        template_id: str, launcher: str, tmp_path: Path) -> None:
    template, profile = case(template_id)
    assert profile.launch.launcher == launcher
    spec = spec_for(template, profile, nodes=2, gpus_per_node=2, launch_model="per_rank",
                    rank_vars=RANK_VARS, entrypoint="$SLURM_SUBMIT_DIR/multinode.py",
                    args=["--out", "~/ckpt", "$(touch pwned)"],
                    setup_steps=["mkdir -p sub && cd sub", "export FROM_SETUP=yes"])
    text = render(spec, profile, template)
    assert "torchrun" not in text and "accelerate launch" not in text
    assert "deepspeed " not in text.split("maple-rank")[-1]
    ranks = _run(text, launcher, tmp_path)
    for i, (argv, seen) in enumerate(ranks):
        assert argv[-4:] == [f"{tmp_path}/work/multinode.py", "--out", f"{tmp_path}/ckpt",
                             "$(touch pwned)"]
        assert seen["SLURM_PROCID"] == seen["RANK"] == str(i)
        assert seen["SLURM_LOCALID"] == seen["LOCAL_RANK"] == str(i % 2)
        assert (seen["MY_SIZE"], seen["MY_LOCAL_SIZE"], seen["WORLD_SIZE"]) == ("4", "2", "4")
        assert seen["MY_NODE"] == str(i // 2)
        assert seen["MY_ADDR"].startswith(("node001", "x1.")) and int(seen["MY_PORT"]) > 1024
        assert seen["FROM_SETUP"] == "yes" and seen["PWD"].endswith("/sub")
    assert not list(tmp_path.rglob("pwned"))


@pytest.mark.parametrize(("template_id", "launcher"), CASES)
def test_per_rank_scripts_pass_shellcheck(template_id: str, launcher: str) -> None:
    template, profile = case(template_id)
    spec = spec_for(template, profile, launch_model="per_rank", rank_vars=RANK_VARS,
                    entrypoint="$WORKDIR/x.py", env={"DATA": "${SCRATCH}/d"}, cpus_per_task=8)
    assert [f for f in shellcheck(render(spec, profile, template)) if f.severity != "style"] == []


def test_standard_rank_variables_are_set_once() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    standard = {"RANK": "rank", "LOCAL_RANK": "local_rank", "WORLD_SIZE": "world_size",
                "MASTER_ADDR": "master_addr"}
    spec = spec_for(template, profile, nodes=2, launch_model="per_rank",
                    rank_vars={**standard, "RANK_OF_NODE": "node_rank", "LOCAL_RANK_2": "rank"})
    wrapper = next(line for line in render(spec, profile, template).splitlines()
                   if "maple-rank" in line)
    assert wrapper.count("RANK=") == 4  # MAPLE_, MAPLE_LOCAL_, RANK, LOCAL_RANK
    assert 'RANK_OF_NODE="$(( MAPLE_RANK / 4 ))" LOCAL_RANK_2="$MAPLE_RANK"' in wrapper
    assert "MASTER_ADDR=" not in wrapper and "WORLD_SIZE=" not in wrapper


def test_per_rank_on_a_torchrun_site_starts_one_task_per_gpu() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    spec = spec_for(template, profile, nodes=2, launch_model="per_rank")
    text = render(spec, profile, template)
    assert "#SBATCH --ntasks-per-node=4" in text
    assert 'srun --nodes="$NNODES" --ntasks="$NRANKS" --ntasks-per-node="$GPUS_PER_NODE"' in text
    assert "torchrun" not in text


def test_launcher_model_keeps_the_framework_launcher() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    text = render(spec_for(template, profile, rank_vars=RANK_VARS), profile, template)
    assert "torchrun" in text and "#SBATCH --ntasks-per-node=1" in text


def test_whole_node_site_asks_for_one_task_per_gpu() -> None:
    template, profile = case("lonestar6-pytorch-ddp")
    spec = spec_for(template, profile, nodes=2, gpus_per_node=3, launch_model="per_rank")
    text = render(spec, profile, template)
    # -n alone lets Slurm pack 5 + 1 ranks on two nodes (seen on the twin): fix the layout
    assert "#SBATCH -n 6\n#SBATCH --ntasks-per-node=3\n" in text


def test_setup_steps_come_after_the_site_set_up_and_before_the_launch() -> None:
    template, profile = case("polaris-pytorch-ddp")
    steps = ["cd $PBS_O_WORKDIR/run", "source venv/bin/activate", 'pip install -e ".[dev]"']
    text = render(spec_for(template, profile, setup_steps=steps), profile, template)
    lines = text.splitlines()
    where = [lines.index(s) for s in steps]
    assert where == sorted(where)
    assert lines.index("conda activate base") < where[0]
    assert lines.index('cd "${PBS_O_WORKDIR:-.}"') < where[0]
    assert where[-1] < next(i for i, x in enumerate(lines) if x.startswith("mpiexec"))


@pytest.mark.parametrize("line", [
    "cat <<EOF", "cat <<-'END' > f", "echo 'open", 'echo "open', "echo `date", "a\nb",
    "echo \x00", "pip install \\", "x=$(( 1 + 2 )", "echo $'a",
])
def test_setup_steps_that_would_break_the_script_are_refused(line: str) -> None:
    with pytest.raises(ValidationError):
        JobSpec(cluster="polaris", gpus_per_node=4, entrypoint="t.py", setup_steps=[line])


@pytest.mark.parametrize("line", [
    "tr a b <<< x", "x=$((1<<2))", "echo \"it's\" # don't", 'echo "$(date)" `id`',
    "git clone https://x/y.git && cd y", "export PYTHONPATH=$PWD:${PYTHONPATH:-}",
    "echo $'tab\\'s'", "[[ -d venv ]] || python -m venv venv",
])
def test_ordinary_setup_steps_are_accepted(line: str) -> None:
    JobSpec(cluster="polaris", gpus_per_node=4, entrypoint="t.py", setup_steps=[line])


@pytest.mark.parametrize(("value", "word"), [
    ("train.py", "train.py"),
    ("$SLURM_SUBMIT_DIR/multinode.py", '"$SLURM_SUBMIT_DIR/multinode.py"'),
    ("${SCRATCH}/ck pt", '"${SCRATCH}/ck pt"'),
    ("~/data", '"$HOME/data"'),
    ("~", '"$HOME"'),
    ("~user/x", "'~user/x'"),
    ("$(rm -rf /)", "'$(rm -rf /)'"),
    ("$HOME/$(rm -rf /)`id`", '"$HOME/\\$(rm -rf /)\\`id\\`"'),
    ('$X"\\${Y:-z}$1', '"$X\\"\\\\\\${Y:-z}\\$1"'),
])
def test_shell_word_keeps_only_variable_and_home_references_live(value: str, word: str) -> None:
    assert shell_word(value) == word


@pytest.mark.parametrize("value", [
    "$HOME/$(touch P)", "`touch P`$HOME", '$HOME"; touch P; "', "$HOME\\", "${HOME}$(($(touch P)))",
    "~/$(touch P)", "$HOME'$(touch P)'", "$HOME\n$(touch P)",
])
def test_shell_word_expands_variables_and_runs_nothing(value: str, tmp_path: Path) -> None:
    script = f"printf '%s' {shell_word(value)}"
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(["bash", "-c", script], env=env, cwd=tmp_path, capture_output=True,
                         text=True, timeout=10, check=True).stdout
    expected = value.replace("${HOME}", str(tmp_path)).replace("$HOME", str(tmp_path))
    if expected.startswith("~/"):
        expected = str(tmp_path) + expected[1:]
    assert out == expected
    assert not (tmp_path / "P").exists()


def test_cpus_per_task_and_job_name_are_rendered() -> None:
    template, profile = case("perlmutter-pytorch-ddp")
    text = render(spec_for(template, profile, cpus_per_task=32, job_name="gpt-small"),
                  profile, template)
    assert "#SBATCH --cpus-per-task=32" in text and "#SBATCH -J gpt-small" in text
    template, profile = case("polaris-pytorch-ddp")
    text = render(spec_for(template, profile, cpus_per_task=8, job_name="gpt-small"),
                  profile, template)
    assert "--depth=8 --cpu-bind=depth" in text and "#PBS -N gpt-small" in text


def test_rank_variable_names_must_be_shell_names() -> None:
    with pytest.raises(ValidationError):
        JobSpec(cluster="polaris", gpus_per_node=4, entrypoint="t.py",
                rank_vars={"A;touch x": "rank"})
    with pytest.raises(ValidationError):
        JobSpec(cluster="polaris", gpus_per_node=4, entrypoint="t.py", rank_vars={"A": "bogus"})
