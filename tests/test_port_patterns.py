"""Porting the launch patterns of real centre scripts (issues 8 and 10).

Every fixture is our own reproduction of one pattern, in the style of the centres (Slurm and
PBS, helper files, wrapper variables); none is copied from a centre. Each test fails when the
old behaviour (no launch line, a frozen ``$VAR``, a silent 1 x 1, torchrun for an MPI
program, a dropped set-up step, a silent exit 0) comes back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maple_flow import port
from maple_flow.cli import main
from maple_flow.errors import MissingInformation
from maple_flow.scriptparse import parse_script, read_facts

SLURM = """#!/bin/bash
#SBATCH -A m1234 -C gpu -q regular
#SBATCH --nodes=2 --ntasks-per-node=4 --gpus-per-node=4
#SBATCH --time=01:00:00
"""
PBS = """#!/bin/bash -l
#PBS -A datascience
#PBS -l select=2:ncpus=64:ngpus=4:mpiprocs=4
#PBS -l walltime=01:00:00
#PBS -q prod
"""


def _notes(result: object) -> str:
    return "\n".join(result.notes)


# --- issue 8.1: launch lines the old parser did not find -----------------------------------

def test_program_in_a_variable_run_through_bash_c_with_a_helper() -> None:
    script = SLURM + (
        'cmd="python train.py --lr 0.1 --epochs 3"\n'
        'srun --cpu-bind=cores bash -c "source env_helper.sh; $cmd"\n'
    )
    r = port(script, "delta")["delta"]
    assert (r.spec.entrypoint, r.spec.args) == ("train.py", ["--lr", "0.1", "--epochs", "3"])
    assert r.spec.setup_steps == ["source env_helper.sh"]
    assert "env_helper.sh" in _notes(r)


@pytest.mark.parametrize("value", ["", "shifter --image=docker:me/torch:24 --module=gpu"])
def test_wrapper_variable_before_the_launcher(value: str) -> None:
    script = SLURM.replace("ntasks-per-node=4", "ntasks-per-node=1") + (
        f'SHIFTER="{value}"\n'
        "srun ${SHIFTER} torchrun --nnodes=2 --nproc_per_node=4 train.py --bs 32\n"
    )
    p = parse_script(script)
    assert p.launch.launcher == "torchrun" and p.launch.entrypoint == "train.py"
    r = port(script, "polaris")["polaris"]
    assert r.spec.ranks == 8 and r.spec.launch_model == "launcher"
    assert ("shifter" in _notes(r)) == bool(value)


@pytest.mark.parametrize("line", [
    "mpiexec -n 8 --ppn 4 ${EXT_ENV} python3 train.py --steps 10",
    "mpiexec -n 8 --ppn 4 ${LOG_WRAPPER} python3 train.py --steps 10",
])
def test_unknown_wrapper_variable_is_skipped_and_said(line: str) -> None:
    r = port(PBS + line + "\n", "perlmutter")["perlmutter"]
    assert (r.spec.entrypoint, r.spec.args, r.spec.ranks) == ("train.py", ["--steps", "10"], 8)
    wrapper = line.split()[5]
    assert f"`{wrapper}` in front of the program is not set" in _notes(r)


SRUN_PER_RANK = SLURM + """export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" \\
  | head -n 1)
export MASTER_PORT=29511
srun bash -c "
  export RANK=\\$SLURM_PROCID
  export LOCAL_RANK=\\$SLURM_LOCALID
  export WORLD_SIZE=\\$SLURM_NTASKS
  python train.py --name 'run a'
"
"""


def test_multiline_bash_c_per_rank_exports() -> None:
    facts = read_facts(parse_script(SRUN_PER_RANK))
    assert (facts.entrypoint, facts.args) == ("train.py", ["--name", "run a"])
    assert facts.launch_model == "per_rank"
    assert facts.rank_vars == {"RANK": "rank", "LOCAL_RANK": "local_rank",
                               "WORLD_SIZE": "world_size"}
    r = port(SRUN_PER_RANK, "polaris")["polaris"]
    assert r.spec.launch_model == "per_rank" and r.spec.rank_vars == facts.rank_vars
    assert "torchrun" not in r.script and "mpiexec" in r.script
    assert "RANK" not in r.spec.env and "per rank" in _notes(r)
    assert "runs inside" not in _notes(r)  # a multi-line quoted body is not a loop


def test_eval_of_a_built_command_with_a_helper_step_before() -> None:
    script = SLURM + (
        "python generate_config.py --out cfg.yaml\n"
        'PRELOAD="source .venv/bin/activate;"\n'
        'CMD="accelerate launch --config_file cfg.yaml --num_processes 8 --num_machines 2"\n'
        'CMD+=" finetune.py --epochs 1"\n'
        'eval "$PRELOAD $CMD"\n'
    )
    r = port(script, "delta")["delta"]
    assert (r.spec.entrypoint, r.spec.args) == ("finetune.py", ["--epochs", "1"])
    # eval'd once by the job's shell (no srun): accelerate ran on the first of the 2 nodes
    # only, its machine's 4 processes, waiting for the other machine (s19-portleft2)
    assert (r.spec.framework, r.spec.ranks) == ("accelerate", 4)
    assert any("`--num_machines 2`" in n for n in r.notes)
    given = port(script, "delta", ranks=8)["delta"]
    assert given.spec is not None and given.spec.ranks == 8
    assert r.spec.setup_steps == ["python generate_config.py --out cfg.yaml",
                                  "source .venv/bin/activate"]


# --- issue 8.2: runtime paths stay expandable ----------------------------------------------

def test_submit_dir_path_stays_live_and_is_renamed_for_pbs() -> None:
    script = SLURM + "srun python ${SLURM_SUBMIT_DIR}/multinode.py 50 10\n"
    results = port(script, ["polaris", "delta"])
    pol, delta = results["polaris"], results["delta"]
    assert pol.spec.entrypoint == "${PBS_O_WORKDIR}/multinode.py"
    assert '"${PBS_O_WORKDIR}/multinode.py"' in pol.script
    assert "'${PBS_O_WORKDIR}" not in pol.script and "'${SLURM_SUBMIT_DIR}" not in delta.script
    assert '"${SLURM_SUBMIT_DIR}/multinode.py"' in delta.script
    assert "$SLURM_SUBMIT_DIR -> $PBS_O_WORKDIR" in _notes(pol)
    assert "passed as written" in _notes(delta)


def test_computed_workdir_keeps_its_assignment() -> None:
    script = PBS + "WORKDIR=$(pwd)\nexport PEER=$MASTER_ADDR\n" + (
        "mpiexec -n 8 --ppn 4 python $WORKDIR/mlp_ddp.py\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert r.spec.entrypoint == "$WORKDIR/mlp_ddp.py"
    assert r.spec.setup_steps == ["WORKDIR=$(pwd)", "export PEER=$MASTER_ADDR"]
    assert r.spec.env == {}
    assert '"$WORKDIR/mlp_ddp.py"' in r.script


# --- issue 8.3: the size is read or asked, never a silent 1 -----------------------------------

def test_pbs_nodefile_count_with_select_directive() -> None:
    script = PBS.replace("select=2", "select=3") + (
        "NNODES=$(wc -l < $PBS_NODEFILE)\n"
        "mpiexec -n $((NNODES * 4)) --ppn 4 python train.py\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert (r.spec.nodes, r.spec.gpus_per_node) == (3, 4)


def test_opaque_size_is_asked_not_guessed(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    script = "#!/bin/bash\nNODES=$2\nmpirun -n $((NODES*12)) python train.py\n"
    with pytest.raises(MissingInformation) as info:
        port(script, "delta")
    assert "ranks" in info.value.missing and "--ranks" in str(info.value)
    assert port(script, "delta", ranks=24)["delta"].spec.ranks == 24
    path = tmp_path / "job.sh"
    path.write_text(script)
    with pytest.raises(SystemExit) as exit_info:
        main(["port", str(path), "--to", "delta", "--json"])
    assert exit_info.value.code == 2 and "--ranks" in capsys.readouterr().err


def test_total_gpus_directive_sizes_an_srun_job() -> None:
    script = "#!/bin/bash\n#SBATCH --gpus=8\n#SBATCH -t 30\nsrun python train.py\n"
    assert port(script, "delta")["delta"].spec.ranks == 8


# --- issue 8.4: the launch model is kept ----------------------------------------------------

@pytest.mark.parametrize(("line", "model"), [
    ("mpiexec -n 8 --ppn 4 python allreduce_mpi4py.py", "per_rank"),
    ("horovodrun -np 8 -H host1:4,host2:4 python train_hvd.py", "per_rank"),
    ("mpiexec -n 2 --ppn 1 torchrun --nnodes 2 --nproc_per_node 4 train.py", "launcher"),
])
def test_launch_model(line: str, model: str) -> None:
    r = port(PBS + line + "\n", "delta")["delta"]
    assert r.spec.launch_model == model and r.spec.ranks == 8
    assert ("one process per GPU" in _notes(r)) == (model == "per_rank")
    if "hvd" in line:
        assert "Horovod" in _notes(r)


def test_pals_rank_variables_go_to_the_target() -> None:
    script = PBS + "export RANK=$PMI_RANK\nexport LOCAL_RANK=$PALS_LOCAL_RANKID\n" + (
        "mpiexec -n 8 --ppn 4 python train.py\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert r.spec.rank_vars == {"RANK": "rank", "LOCAL_RANK": "local_rank"}
    assert "torchrun" not in r.script


# --- issue 8.5: device family ---------------------------------------------------------------

def test_nvidia_to_intel_warns_about_cuda_and_nccl() -> None:
    script = SLURM + "srun python train.py --backend nccl --device cuda\n"
    r = port(script, "aurora", source="perlmutter")["aurora"]
    assert "xpu" in _notes(r) and "xccl" in _notes(r) and "cuda, nccl" in _notes(r)


def test_intel_source_only_variables_are_not_copied() -> None:
    script = PBS.replace("ngpus=4:mpiprocs=4", "mpiprocs=12") + (
        'export CPU_AFFINITY="list:1-8:9-16:17-24:25-32:33-40:41-48"\n'
        "export APPTAINERENV_ZE_FLAT_DEVICE_HIERARCHY=FLAT\n"
        "export MASTER_ADDR=x4000c0s0b0n0.hsn.cm.aurora.alcf.anl.gov\n"
        "export PEER_HOST=x4000c0s0b0n0.hsn.cm.aurora.alcf.anl.gov\n"
        "export CCL_PROCESS_LAUNCHER=pmix\n"
        "export WANDB_MODE=offline\n"
        "mpiexec -n 24 --ppn 12 --cpu-bind list:1-8 python train.py --device xpu\n")
    r = port(script, "perlmutter", source="aurora")["perlmutter"]
    assert r.spec.setup_steps == ["export WANDB_MODE=offline"] and r.spec.env == {}
    notes = _notes(r)
    for name in ("CPU_AFFINITY", "APPTAINERENV_ZE_FLAT_DEVICE_HIERARCHY", "PEER_HOST",
                 "CCL_PROCESS_LAUNCHER"):
        assert name in notes
    assert "device family changes" in notes and "cuda/nccl" in notes


# --- issue 8.6: user set-up kept in order, drops say why -------------------------------------

def test_user_setup_steps_are_kept_in_order() -> None:
    script = SLURM + (
        "module load pytorch/2.6.0\n"
        "cd $SLURM_SUBMIT_DIR\n"
        "git clone https://github.com/me/proj.git\n"
        "cd proj\n"
        "pip install --user -r requirements.txt\n"
        "source ~/venvs/torch/bin/activate\n"
        "conda activate /global/common/software/m1234/env\n"
        "python prepare_data.py --out data/\n"
        "srun python train.py\n"
        "python evaluate.py\n")
    r = port(script, "polaris")["polaris"]
    assert r.spec.setup_steps == [
        "git clone https://github.com/me/proj.git", "cd proj",
        "pip install --user -r requirements.txt", "source ~/venvs/torch/bin/activate",
        "conda activate /global/common/software/m1234/env",
        "python prepare_data.py --out data/",
    ]
    notes = _notes(r)
    assert "`cd $SLURM_SUBMIT_DIR` is not copied: the target's script starts in the submit" in notes
    # the project's own env (NERSC /global/common/software/<project>): the user's, kept flagged
    assert "/global/common/software/m1234/env is your own environment" in notes
    assert r.script.rstrip().endswith("\npython evaluate.py")  # kept after the launch (issue 14)
    assert "1 line(s) after the launch kept" in notes
    assert "git clone" in r.script and "prepare_data.py" in r.script


def test_heredoc_is_not_the_program_and_becomes_printf() -> None:
    script = SLURM + (
        "cat > ds_config.json <<'EOF'\n"
        '{"train_batch_size": 8}\n'
        "python not_the_program.py\n"
        "EOF\n"
        "srun python train.py --deepspeed_config ds_config.json\n")
    r = port(script, "delta")["delta"]
    assert r.spec.entrypoint == "train.py"
    assert r.spec.setup_steps == [
        "printf '%s\\n' '{\"train_batch_size\": 8}' 'python not_the_program.py' > ds_config.json"
    ]


# --- issue 8.7: source settings kept, no false notes ----------------------------------------

def test_cpus_per_task_job_name_and_user_env_are_kept() -> None:
    script = SLURM + (
        "#SBATCH --cpus-per-task=8\n#SBATCH -J vit-run\n"
        "export OMP_NUM_THREADS=8\nexport NCCL_DEBUG=INFO\nexport NCCL_NET_GDR_LEVEL=PHB\n"
        "srun python train.py\n")
    r = port(script, "delta")["delta"]
    assert (r.spec.cpus_per_task, r.spec.job_name) == (8, "vit-run")
    assert r.spec.setup_steps == ["export OMP_NUM_THREADS=8", "export NCCL_DEBUG=INFO"]
    assert "--cpus-per-task=8" in r.script
    assert not any("NCCL_DEBUG" in n or "OMP_NUM_THREADS" in n for n in r.notes)
    assert "NCCL_NET_GDR_LEVEL" in _notes(r)


def test_cuda_home_kept_for_nvidia_dropped_for_intel() -> None:
    script = SLURM + "export CUDA_HOME=$CUDA_PATH\nsrun python train.py\n"
    results = port(script, ["delta", "aurora"])
    assert results["delta"].spec.setup_steps == ["export CUDA_HOME=$CUDA_PATH"]
    assert "CUDA_HOME" not in results["aurora"].script
    assert "is for CUDA" in _notes(results["aurora"])


def test_omp_threads_from_slurm_becomes_the_cpu_count() -> None:
    script = SLURM + ("#SBATCH --cpus-per-task=16\n"
                      "export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK\nsrun python train.py\n")
    assert port(script, "polaris")["polaris"].spec.env == {"OMP_NUM_THREADS": "16"}


# --- issue 8.8: a port that breaks the target's rules is refused ----------------------------

def test_port_beyond_the_queue_limits_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    script = SLURM.replace("--nodes=2", "--nodes=8") + "srun python train.py\n"
    r = port(script, "anvil")["anvil"]
    assert r.status == "refused" and r.script == ""
    assert "refused for Anvil" in r.notes[0] and "hint" in r.notes[0]
    path = tmp_path / "job.sh"
    path.write_text(script)
    with pytest.raises(SystemExit) as exit_info:
        main(["port", str(path), "--to", "anvil,delta", "--json"])
    assert exit_info.value.code == 2
    data = json.loads(capsys.readouterr().out)
    assert data["anvil"]["status"] == "refused" and data["delta"]["status"] == "generated"


# --- issue 10 ---------------------------------------------------------------------------------

def test_account_exports_are_dropped_and_said() -> None:
    script = SLURM + "export SBATCH_ACCOUNT=m1234\nexport SRUN_ACCOUNT=m1234\n" + (
        "srun python train.py\n")
    r = port(script, "delta")["delta"]
    assert "SBATCH_ACCOUNT" not in r.spec.env and "SRUN_ACCOUNT" not in r.spec.env
    assert "SBATCH_ACCOUNT=m1234 carries the source's account" in _notes(r)
    assert "m1234" not in r.script


def test_options_variable_is_split_as_the_shell_does() -> None:
    script = SLURM + 'OPTS="--lr 0.1 --epochs 3"\nNAME="my run"\n' + (
        'srun python train.py $OPTS --name "$NAME"\n')
    facts = read_facts(parse_script(script))
    assert facts.args == ["--lr", "0.1", "--epochs", "3", "--name", "my run"]


def test_shellcheck_findings_on_carried_lines_are_notes() -> None:
    script = SLURM + "mkdir -p $OUT_ROOT/out\nsrun python train.py\n"
    r = port(script, "delta")["delta"]
    assert r.spec.setup_steps == ["mkdir -p $OUT_ROOT/out"]
    assert any(n.startswith("shellcheck: ") and "SC2086" in n for n in r.notes)
    assert "not set by the script (set them in the environment on the target): $OUT_ROOT" in (
        _notes(r))


# --- more centre patterns -------------------------------------------------------------------

def test_rank0_gated_helper_runs_once_as_a_setup_step() -> None:
    script = SLURM + (
        "LOCAL_RANK=$PMI_RANK\n"
        'if [ "$LOCAL_RANK" -eq 0 ]; then\n    python make_config.py\nfi\n'
        "srun torchrun --nnodes 2 --nproc_per_node 4 train.py\n")
    r = port(script, "delta")["delta"]
    assert r.spec.setup_steps == ["python make_config.py"]
    assert "ran only where $LOCAL_RANK is 0" in _notes(r)


def test_step_reading_a_dropped_variable_is_not_run_empty() -> None:
    script = SLURM + (
        'export MIOPEN_USER_DB_PATH="/tmp/miopen-${USER}"\n'
        'mkdir -p "$MIOPEN_USER_DB_PATH"\n'
        "srun python train.py\n")
    r = port(script, "delta")["delta"]
    assert r.spec.setup_steps == [] and "MIOPEN" not in r.script
    assert "reads $MIOPEN_USER_DB_PATH, which is not copied" in _notes(r)


def test_container_wrapped_setup_step_is_kept_without_the_container() -> None:
    script = SLURM + (
        "singularity exec --nv /site/containers/torch.sif pip install --user peft\n"
        "singularity exec --nv /site/containers/torch.sif torchrun --nproc_per_node 4 "
        "--nnodes 2 train.py\n")
    r = port(script, "polaris")["polaris"]
    assert r.spec.setup_steps == ["pip install --user peft"]
    # the image runs the launch only (issue 14: Polaris's Apptainer), not the set-up step
    with_image = [x for x in r.script.splitlines() if "/site/containers/torch.sif" in x]
    assert len(with_image) == 1 and "train.py" in with_image[0]


def test_launch_inside_a_loop_is_said() -> None:
    script = PBS + "for SIZE in 1 2 4\ndo\n  mpiexec -n 8 --ppn 4 python bench.py $SIZE\ndone\n"
    r = port(script, "delta")["delta"]
    assert "runs inside `for SIZE in 1 2 4`" in _notes(r)


def test_rocm_script_is_not_taken_for_a_catalogue_cluster() -> None:
    script = ("#!/bin/bash\n#SBATCH -A ABC123\n#SBATCH -N 1\n#SBATCH -p batch\n"
              "module load gcc/11.2.0\nmodule load rocm/5.4.0\n"
              "export MIOPEN_USER_DB_PATH=/tmp/m\n"
              "srun -n 8 --ntasks-per-node 8 python train.py\n")
    r = port(script, "aurora")["aurora"]
    assert r.spec.ranks == 8
    assert "AMD GPUs" in _notes(r) and "xpu/xccl" in _notes(r)


def test_cli_asks_for_ranks_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    import io

    import maple_flow.cli.generate as cli_generate

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    asked: list[str] = []
    monkeypatch.setattr(cli_generate.sys, "stdin", Terminal())
    monkeypatch.setattr(cli_generate.typer, "prompt",
                        lambda text, **_: asked.append(text) or 24)
    path = tmp_path / "job.sh"
    path.write_text("#!/bin/bash\nNODES=$2\nmpirun -n $((NODES*12)) python train.py\n")
    main(["port", str(path), "--to", "delta", "-o", str(tmp_path / "out")])
    assert asked and asked[0].startswith("ranks")
    assert "#SBATCH -N 6" in (tmp_path / "out" / "delta.sh").read_text()


def test_declare_exports_and_launch_redirection() -> None:
    script = SLURM + (
        "declare -xr MASTER_ADDR=$(hostname -i)\ndeclare -x WANDB_MODE=offline\n"
        "srun python train.py > train_log.txt 2>&1\n")
    r = port(script, "delta")["delta"]
    assert r.spec.setup_steps == ["declare -x WANDB_MODE=offline"] and r.spec.env == {}
    assert r.script.count("MASTER_ADDR=") == 1
    assert r.script.rstrip().endswith("train.py > train_log.txt 2>&1")  # kept (issue 14)
    assert "kept after the launch, as in the source: `> train_log.txt 2>&1`" in _notes(r)


def test_other_vendor_tools_and_scheduler_variables_are_not_carried() -> None:
    script = PBS + (
        "NGPU=$(nvidia-smi -L | wc -l)\n"
        "ACCUM=$((64 / NGPU))\n"
        "cat $PBS_NODEFILE > hosts.txt\n"
        "git clone https://example.org/me/proj.git\n"
        "mpiexec -n 8 --ppn 4 python train.py --accum $ACCUM\n")
    aurora = port(script, "aurora")["aurora"]
    assert aurora.spec.setup_steps == ["cat $PBS_NODEFILE > hosts.txt",
                                       "git clone https://example.org/me/proj.git"]
    assert "`nvidia-smi` belongs to nvidia GPUs" in _notes(aurora)
    assert "the program's arguments read $ACCUM, which is not copied" in _notes(aurora)
    delta = port(script, "delta")["delta"]
    # issue 14: PBS's node file is written from Slurm's node list on a Slurm target
    assert "cat $MAPLE_NODEFILE > hosts.txt" in delta.spec.setup_steps
    assert "$PBS_NODEFILE (one host per line) is a file the port writes" in _notes(delta)
    assert any(s.startswith("NGPU=") for s in delta.spec.setup_steps)


# --- issue 8 (b): a launch line inside a loop -------------------------------------------------

LOOP_PBS = PBS + (
    "cd $PBS_O_WORKDIR\n"
    'SIZES="1 4 16"\n'
    "mkdir -p out$PBS_JOBID\n"
    "for SIZE in $SIZES\n"
    "do\n"
    "    date\n"
    "    module list\n"
    "    mpiexec -n 8 --ppn 4 python bench.py --size ${SIZE} > out$PBS_JOBID/$SIZE.txt\n"
    "    echo done $SIZE $PBS_JOBID\n"
    "done\n"
)


def test_launch_in_a_for_loop_keeps_the_loop_around_the_target_launch() -> None:
    r = port(LOOP_PBS, "perlmutter")["perlmutter"]
    assert r.status == "generated"
    assert r.spec.loop_open == ["for SIZE in $SIZES", "do", "    date"]
    assert r.spec.loop_close == ["    echo done $SIZE $SLURM_JOB_ID", "done"]
    assert 'SIZES="1 4 16"' in r.spec.setup_steps  # the loop reads it: kept
    lines = r.script.splitlines()
    start, launch, end = (lines.index("for SIZE in $SIZES"),
                          next(i for i, ln in enumerate(lines) if ln.startswith("    srun ")),
                          lines.index("done"))  # the launch indented as in the loop's body
    assert start < launch < end
    back = parse_script(r.script)
    assert back.launch_loop is not None and back.launch_loop.variables == ["SIZE"]
    assert back.launch.args == ["--size", "${SIZE}"]
    notes = _notes(r)
    assert "`module list` in the loop around the launch is not copied" in notes
    assert "the loop is kept around the target's launch line" in notes
    assert "$SIZE" not in " ".join(n for n in r.notes if n.startswith("read but not set"))


@pytest.mark.parametrize("body, why", [
    ("for S in 1 2; do mpiexec -n 8 --ppn 4 python bench.py $S; done\n", "shares one line"),
    ("for S in 1 2\ndo\n    mpiexec -n 8 --ppn 4 python bench.py $S | sort\ndone\n",
     "shares its line"),
])
def test_a_loop_that_cannot_be_kept_refuses_the_target_with_the_reason(body: str, why: str) -> None:
    r = port(PBS + body, "perlmutter")["perlmutter"]
    assert r.status == "refused" and r.script == ""
    assert why in r.notes[0] and "loop" in r.notes[0]


def test_a_launch_piped_to_tee_in_a_loop_is_kept_with_its_log() -> None:
    # s18-layout: `| tee FILE` only logs the launch's output (it was refused as "shares its
    # line"); the loop and the tee are kept around the target's launch
    body = "for S in 1 2\ndo\n    mpiexec -n 8 --ppn 4 python bench.py $S | tee log.$S\ndone\n"
    r = port(PBS + body, "perlmutter")["perlmutter"]
    assert r.status == "generated", r.notes
    assert "    python bench.py $S | tee log.$S\ndone" in r.script


def test_an_if_inside_the_loop_is_kept_around_the_target_launch() -> None:
    body = ('while read -r S; do\n  if [ -n "$S" ]; then\n'
            "    mpiexec -n 8 --ppn 4 python bench.py $S\n  fi\ndone < sizes.txt\n")
    r = port(PBS + body, "perlmutter")["perlmutter"]
    assert r.status == "generated"
    assert r.spec.loop_open == ["while read -r S; do", '  if [ -n "$S" ]; then']
    assert r.spec.loop_close == ["  fi", "done < sizes.txt"]


def test_launches_in_both_branches_of_an_if_get_the_targets_launcher() -> None:
    body = ('if [ "$MODE" == train ]; then\n    # the training run\n'
            "    mpiexec -n 8 --ppn 4 python train.py --epochs 10\nelse\n"
            "    mpiexec -n 8 --ppn 4 python evaluate.py\nfi\necho finished\n")
    r = port(PBS + body, "perlmutter")["perlmutter"]
    assert r.status == "generated" and "mpiexec" not in r.script
    lines = r.script.splitlines()
    train = next(i for i, x in enumerate(lines) if "train.py" in x)
    assert lines[train].startswith("    srun ")  # indented as in the source
    assert lines.index('if [ "$MODE" == train ]; then') < train < lines.index("else")
    assert lines.index("else") < next(i for i, x in enumerate(lines) if "evaluate.py" in x)
    assert lines.index("fi") < lines.index("echo finished")
    assert "the block is kept around the target's launch line" in _notes(r)


def test_launch_in_a_loop_to_a_pbs_target_keeps_pbs_variables() -> None:
    r = port(LOOP_PBS, "aurora")["aurora"]
    assert r.spec.loop_close == ["    echo done $SIZE $PBS_JOBID", "done"]
    assert "for SIZE in $SIZES" in r.script


# --- issue 8 (b): script arguments, environment-overridable variables, counted GPUs ----------

ARGS_SLURM = """#!/bin/bash
#SBATCH --nodes=1 --ntasks=1 --gres=gpu:4 --time=00:30:00
lr=${LR:-0.001}
steps=${STEPS:-100}
ngpu=$(nvidia-smi -L | wc -l)
accum=$((64 / ngpu))
torchrun --nnodes=1 --nproc-per-node=$ngpu train.py --lr $lr --accum $accum --first $1 $@
"""


@pytest.mark.parametrize("target", ["perlmutter", "polaris", "aurora"])
def test_script_arguments_and_overridable_variables_stay_live(target: str) -> None:
    r = port(ARGS_SLURM, target)[target]
    assert r.spec.args == ["--lr", "$lr", "--accum", "$accum", "--first", "$1", "$@"]
    # as written: the source leaves $1 and $@ unquoted (split into words), so does the port
    assert "train.py --lr $lr --accum $accum --first $1 $@\n" in r.script
    assert "lr=${LR:-0.001}" in r.spec.setup_steps
    # issue 14 (s22-keeplines): the user's line stays although nothing reads it (harmless)
    assert "steps=${STEPS:-100}" in r.spec.setup_steps
    notes = _notes(r)
    # s24inputs: one submit-time inputs note names them and how the target's submit command
    # gives them (the $LR/$STEPS defaults run silently unless given)
    assert "submit-time inputs: the job takes its own arguments ($1, $@)" in notes
    assert "($LR, $STEPS)" in notes and "own default" in notes
    assert ("qsub -v" in notes) == (target != "perlmutter")


@pytest.mark.parametrize("target", ["perlmutter", "aurora"])
def test_a_counted_gpu_variable_of_the_launcher_is_the_targets_own_count(target: str) -> None:
    r = port(ARGS_SLURM, target)[target]
    steps = r.spec.setup_steps
    assert 'ngpu="$GPUS_PER_NODE"' in steps and "accum=$((64 / ngpu))" in steps
    assert steps.index('ngpu="$GPUS_PER_NODE"') < steps.index("accum=$((64 / ngpu))")
    assert "nvidia-smi" not in r.script
    assert "counts the source job's size for its launcher" in _notes(r)


def test_a_constant_variable_is_still_read_as_its_value() -> None:
    script = ARGS_SLURM.replace("lr=${LR:-0.001}", "lr=0.001")
    r = port(script, "perlmutter")["perlmutter"]
    assert r.spec.args[:2] == ["--lr", "0.001"]


def test_a_script_argument_inside_a_word_is_named_in_a_note() -> None:
    script = SLURM + "srun python train.py --tag=run$1\n"
    r = port(script, "delta")["delta"]
    # s24inputs: named once, in the submit-time inputs note (no "passed as text": $1 expands)
    notes = _notes(r)
    assert "submit-time inputs: the job takes its own arguments ($1)" in notes
    assert "passed as text" not in notes


# --- issue 8 (b): a launcher from a sourced helper, a container prefix in a variable ----------

HELPER_LAUNCH = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --gres=gpu:4
#SBATCH --time=00:30:00
source site_launch.sh
RUN_IN="singularity exec --bind /data:/data /site/images/torch-24.sif"
if [ ! -d cache ]; then
    ${RUN_IN} python -c "import prep; prep.fetch('cache')"
fi
CMD="${LAUNCHER} ${RUN_IN} python train.py --epochs 2"
${CMD}
"""


def test_a_launcher_from_a_helper_asks_for_the_size() -> None:
    with pytest.raises(MissingInformation) as err:
        port(HELPER_LAUNCH, "perlmutter")
    text = str(err.value)
    assert "${LAUNCHER}" in text and "site_launch.sh" in text and "ranks=" in text


def test_a_launcher_from_a_helper_uses_the_ntasks_directives_when_given() -> None:
    script = HELPER_LAUNCH.replace("--nodes=2\n", "--nodes=2\n#SBATCH --ntasks-per-node=4\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (2, 4, 8)


@pytest.mark.parametrize("target", ["perlmutter", "polaris", "aurora"])
def test_a_container_prefix_variable_is_emptied_on_the_target(target: str) -> None:
    r = port(HELPER_LAUNCH, target, ranks=8)[target]
    assert "torch-24.sif" not in r.script and "singularity" not in r.script
    assert 'RUN_IN=""' in r.spec.setup_steps
    assert any(s.strip().startswith("${RUN_IN} python -c") for s in r.spec.setup_steps)
    notes = _notes(r)
    assert "source's container image /site/images/torch-24.sif: set empty on the target" in notes


# --- issue 8 (b): another GPU vendor's tools and variables ------------------------------------

NVIDIA_TOOLS = """#!/bin/bash
#SBATCH --nodes=2 --ntasks-per-node=4 --gpus-per-node=4 --time=00:30:00
nvidia-cuda-mps-control -d
export CUDA_MPS_PIPE_DIRECTORY=/tmp/mps
export CUDA_VISIBLE_DEVICES=$(nvidia-smi --query-gpu=index --format=csv,noheader | paste -sd,)
nvidia-smi
mkdir -p logs
srun python train.py
"""
XPU_TOOLS = PBS + """export ZE_AFFINITY_MASK=0,1
export ONEAPI_DEVICE_SELECTOR=level_zero:gpu
xpu-smi discovery
mkdir -p logs
mpiexec -n 8 --ppn 4 python train.py
"""


@pytest.mark.parametrize("script, target, tools", [
    (NVIDIA_TOOLS, "aurora", ("nvidia-", "CUDA_MPS", "CUDA_VISIBLE_DEVICES")),
    (XPU_TOOLS, "polaris", ("xpu-smi", "ZE_AFFINITY_MASK", "ONEAPI_DEVICE_SELECTOR")),
])
def test_another_vendors_gpu_tools_are_dropped_with_a_note(
    script: str, target: str, tools: tuple[str, ...]
) -> None:
    r = port(script, target)[target]
    assert not [t for t in tools if t in r.script]
    assert "mkdir -p logs" in r.spec.setup_steps
    vendor = "nvidia" if target == "aurora" else "intel"
    assert len([n for n in r.notes if f"belongs to {vendor} GPUs" in n]) >= 3


def test_the_targets_own_gpu_tools_are_kept() -> None:
    r = port(NVIDIA_TOOLS, "perlmutter")["perlmutter"]
    assert "nvidia-cuda-mps-control -d" in r.spec.setup_steps
    assert "CUDA_VISIBLE_DEVICES" in r.script


def test_verification_runs_a_looped_port_once() -> None:
    """The mini-app swap takes the user's loop out: ranks must report once, not per pass."""
    import subprocess

    from maple_flow.verify.prepare import prepare

    r = port(LOOP_PBS, "perlmutter")["perlmutter"]
    ready = prepare(r.script, "perlmutter", entrypoint=r.spec.entrypoint, spec=r.spec)
    assert "for SIZE in" not in ready.script and "\ndone" not in ready.script
    assert "maple_miniapps/ddp.py" in ready.script
    assert subprocess.run(["bash", "-n"], input=ready.script, text=True, timeout=30,
                          check=False).returncode == 0


def test_an_assignment_read_only_before_it_is_not_kept() -> None:
    """A block that sets and reads ``CMD`` itself does not need the later ``CMD=`` that only
    builds the source's launch line."""
    script = SLURM + ('if [ "$1" = env ]; then\n  CMD="env"\n  $CMD\n  exit\nfi\n'
                      'CMD="python train.py --lr 1"\nsrun $CMD\n')
    r = port(script, "delta")["delta"]
    assert (r.spec.entrypoint, r.spec.args) == ("train.py", ["--lr", "1"])
    assert not [s for s in r.spec.setup_steps if s.startswith("CMD=\"python")]
    assert "holds the source's launch command" in _notes(r)


# --- found by the realport harness once a size was given ------------------------------------

@pytest.mark.parametrize("tool", ["nsys profile -o out", "ncu --set full", "nvprof"])
def test_nvidia_profiler_wrapper_is_not_carried_to_intel_gpus(tool: str) -> None:
    script = SLURM + (
        'if [ "${PROFILE:-0}" -eq 1 ]; then\n'
        f'    export PROFILE_CMD="{tool}"\n'
        'fi\n'
        'srun bash -c "${PROFILE_CMD} python train.py"\n'
    )
    results = port(script, ["aurora", "polaris"])
    assert tool.split()[0] not in results["aurora"].script
    assert f"`{tool.split()[0]}` belongs to nvidia GPUs" in _notes(results["aurora"])
    assert tool.split()[0] in results["polaris"].script  # NVIDIA to NVIDIA: kept


@pytest.mark.parametrize("line", ["source $HOME/site/http_proxy_polaris",
                                  ". ~/envs/polaris-env.sh"])
def test_a_sourced_file_named_for_another_cluster_stays_there(line: str) -> None:
    script = PBS + f"{line}\nsource ./setup.sh\nmpiexec -n 8 --ppn 4 python train.py\n"
    results = port(script, ["perlmutter", "polaris"])
    assert line not in results["perlmutter"].script
    assert "named for Polaris" in _notes(results["perlmutter"])
    assert "source ./setup.sh" in results["perlmutter"].script
    assert line in results["polaris"].script  # on Polaris itself it is the user's own


def test_scheduler_size_variable_in_arguments_follows_the_target_job() -> None:
    script = SLURM + 'srun python train.py --ranks-per-node=${SLURM_NTASKS_PER_NODE} "$@"\n'
    results = port(script, ["anvil", "aurora"])
    assert results["anvil"].spec.args == ["--ranks-per-node=${SLURM_NTASKS_PER_NODE}", "$@"]
    assert results["aurora"].spec.args == ["--ranks-per-node=${GPUS_PER_NODE}", "$@"]
    assert "\nGPUS_PER_NODE=8\n" in results["aurora"].script  # 8 ranks on one Aurora node


@pytest.mark.parametrize("options", ["--bind /data", "-B /data,/scratch:/scratch",
                                     "--home /home/me --nv", "--overlay /tmp/ov.img --nv"])
def test_container_options_with_path_values_are_not_the_image(options: str) -> None:
    script = SLURM + (
        f"singularity exec {options} my.sif pip list\n"
        f"srun singularity exec {options} my.sif python train.py --lr 1\n"
    )
    r = port(script, "delta")["delta"]
    assert (r.spec.entrypoint, r.spec.args) == ("train.py", ["--lr", "1"])
    assert r.spec.setup_steps == ["pip list"]
    # dropped with a note, or (issue 14: --home, --overlay are carried) run on the target
    notes = _notes(r)
    assert "container my.sif (singularity)" in notes or "(singularity image my.sif)" in notes


# --- real scripts from NCSA Delta / Purdue Gilbreth ----------------------------------------

def test_value_built_from_the_job_id_is_kept_and_renamed() -> None:
    script = SLURM + ("RUN_DIR=runs/${SLURM_JOB_ID}/tp2\nmkdir -p $RUN_DIR\n"
                      "srun python train.py --out $RUN_DIR\n")
    pol = port(script, "polaris")["polaris"]
    assert "RUN_DIR=runs/${PBS_JOBID}/tp2" in pol.script
    assert "mkdir -p $RUN_DIR" in pol.script
    assert "computed from the source scheduler" not in _notes(pol)


def test_heredoc_of_the_users_own_values_becomes_double_quoted_printf() -> None:
    script = SLURM + (
        "BATCH=64\n"
        "cat <<EOT > ds_config.json\n"
        '{"train_batch_size": $BATCH}\n'
        "EOT\n"
        "srun python train.py --deepspeed_config ds_config.json\n")
    r = port(script, "delta")["delta"]
    assert "BATCH=64" in r.script
    assert r.spec.setup_steps[-1] == (
        "printf '%s\\n' \"{\\\"train_batch_size\\\": $BATCH}\" > ds_config.json")


def test_heredoc_reading_the_scheduler_is_carried_only_under_the_same_scheduler() -> None:
    script = SLURM + ("cat <<EOT > hosts.txt\n$SLURM_JOB_NODELIST\nEOT\n"
                      "srun python train.py\n")
    r = port(script, "delta")["delta"]  # Slurm sets the same value there: kept as written
    assert "cat <<EOT > hosts.txt\n$SLURM_JOB_NODELIST\nEOT\n" in r.script
    r = port(script, "polaris")["polaris"]
    assert "hosts.txt" not in r.script
    assert "the heredoc expands the source scheduler's values" in _notes(r)


def test_world_size_from_the_scheduler_is_the_targets_rank_count() -> None:
    script = SLURM + ("WORLD_SIZE=$SLURM_NTASKS\nDP=$((WORLD_SIZE / 2))\n"
                      "srun python train.py --dp $DP\n")
    r = port(script, "polaris")["polaris"]
    assert 'WORLD_SIZE="$NRANKS"' in r.script
    assert "DP=$((WORLD_SIZE / 2))" in r.script
    assert "which is not copied" not in _notes(r)


def test_config_file_written_from_a_launch_variable_is_not_a_printed_launch_line() -> None:
    script = SLURM + ('OUT=runs/a\ncat <<EOT > cfg.json\n{"dir": "$OUT"}\nEOT\n'
                      "srun python train.py --out $OUT --cfg cfg.json\n")
    r = port(script, "delta")["delta"]
    assert "> cfg.json" in r.script
    assert "prints the source's launch line" not in _notes(r)
    # an echo of the program's argument is the user's (issue 14): it stays, OUT set above it
    echo = port(SLURM + 'OUT=runs/a\necho "$OUT"\nsrun python train.py --out $OUT\n',
                "delta")["delta"]
    assert "prints the source's launch line" not in _notes(echo)
    assert 'OUT=runs/a\necho "$OUT"' in echo.script


def test_branch_the_scripts_own_values_decide_keeps_its_arguments() -> None:
    script = SLURM + ('USE_DS=1\nOPTS="--lr 0.1"\n'
                      'if [[ ${USE_DS} -eq 1 ]]; then\n  OPTS="${OPTS} --deepspeed"\nfi\n'
                      "srun python train.py $OPTS\n")
    assert read_facts(parse_script(script)).args == ["--lr", "0.1", "--deepspeed"]
    skipped = script.replace("USE_DS=1", "USE_DS=0")
    assert read_facts(parse_script(skipped)).args == ["$OPTS"]  # not taken: left to run time
    unknown = script.replace("USE_DS=1\n", "")
    assert read_facts(parse_script(unknown)).args == ["$OPTS"]


@pytest.mark.parametrize(("block", "taken"), [
    ('if [ "$MODE" = "ds" ]; then\n  X=1\nfi', True),
    ('if [ "$MODE" != "ds" ]; then\n  X=1\nfi', False),
    ("if [[ $N -gt 3 ]]; then\n  X=1\nfi", False),
    ('if [ "$MODE" = "ds" ]; then\n  X=1\nelse\n  X=2\nfi', None),
    ('if [ "$OTHER" = "ds" ]; then\n  X=1\nfi', None),
    ("if [ -f cfg ]; then\n  X=1\nfi", None),
])
def test_branch_taken_reads_only_tests_the_values_decide(block: str, taken: bool | None) -> None:
    from maple_flow.scriptparse.values import branch_taken

    assert branch_taken(block, {"MODE": "ds", "N": "2"}) is taken


def test_part_of_one_node_goes_to_the_partial_node_queue_not_a_refusal() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gres=gpu:2\n#SBATCH --ntasks-per-node=2\n"
              "#SBATCH --time=02:00:00\nsrun python3 train.py\n")
    r = port(script, "bridges2")["bridges2"]
    assert r.status == "generated", r.notes[:1]
    assert (r.spec.nodes, r.spec.gpus_per_node, r.spec.queue) == (1, 4, "GPU-shared")
    assert "part of one node" in r.explanation["queue"]  # the one chooser (policy) picked it


def test_the_node_list_slurm_sets_is_not_reported_as_unset() -> None:
    script = SLURM + ('mapfile -t nodes < <(scontrol show hostnames "$SLURM_JOB_NODELIST")\n'
                      'echo "first: ${nodes[0]}"\nsrun python train.py\n')
    r = port(script, "delta")["delta"]
    assert "mapfile -t nodes" in r.script
    assert "$SLURM_JOB_NODELIST" not in "\n".join(
        n for n in r.notes if n.startswith("read but not set"))


# --- realusers: patterns from users' own scripts -------------------------------------------

def test_deepspeed_include_localhost_devices_fix_the_size() -> None:
    # no directives: the size is the device list the deepspeed launcher is told to use
    script = ("export DATA=./data\n"
              "deepspeed --include localhost:0,1,2,3 --master_port=29501 train.py \\\n"
              "  --deepspeed_config=ds.json --data=\"$DATA\"\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (1, 4, 4)
    r = port(script, "perlmutter")["perlmutter"]
    assert (r.spec.nodes, r.spec.gpus_per_node) == (1, 4)


def test_deepspeed_include_two_hosts_with_equal_device_lists() -> None:
    script = "deepspeed --include nodeA:0,1@nodeB:0,1 train.py\n"
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node) == (2, 2)


def test_a_comment_ending_in_a_backslash_does_not_swallow_the_launch_line() -> None:
    script = ("# nsys profile -o prof \\\n"
              "deepspeed --include localhost:0,1 train.py --lr=1e-5 \\\n"
              "  --steps=20 \\\n\n")
    p = parse_script(script)
    assert p.launch.entrypoint == "train.py"
    assert p.launch.args == ["--lr=1e-5", "--steps=20"]


def test_library_path_prepending_the_users_own_environment_is_kept() -> None:
    own = SLURM + ("export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH\n"
                   "srun python train.py\n")
    r = port(own, "anvil")["anvil"]
    assert "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH" in r.script
    site = SLURM + ("export LD_LIBRARY_PATH=/opt/cray/site/lib:$LD_LIBRARY_PATH\n"
                    "srun python train.py\n")
    assert "/opt/cray/site/lib" not in port(site, "anvil")["anvil"].script


def test_slurm_array_job_keeps_its_array_on_a_slurm_target() -> None:
    script = SLURM + ("#SBATCH --array=1-100\n"
                      "srun python train.py --seed ${SLURM_ARRAY_TASK_ID}\n")
    r = port(script, "delta")["delta"]
    assert r.status == "generated", r.notes[:2]
    assert "#SBATCH --array=1-100" in r.script
    assert "--seed ${SLURM_ARRAY_TASK_ID}" in r.script
    assert "$SLURM_ARRAY_TASK_ID" not in "\n".join(
        n for n in r.notes if n.startswith("read but not set"))


def test_slurm_array_job_to_pbs_is_translated() -> None:
    """Issue 14 (bench/schedmap_probe): a range is PBS Pro's -J, its index $PBS_ARRAY_INDEX
    (was refused)."""
    script = SLURM + "#SBATCH -a 0-7\nsrun python train.py --seed $SLURM_ARRAY_TASK_ID\n"
    r = port(script, "polaris")["polaris"]
    assert r.status == "generated", r.notes[:2]
    assert "#PBS -J 0-7" in r.script and "--seed $PBS_ARRAY_INDEX" in r.script


def test_pbs_array_job_to_slurm_is_translated() -> None:
    script = PBS + "#PBS -J 1-10\nmpiexec -n 8 --ppn 4 python train.py --i $PBS_ARRAY_INDEX\n"
    r = port(script, "perlmutter")["perlmutter"]
    assert r.status == "generated", r.notes[:2]
    assert "#SBATCH --array=1-10" in r.script and "--i $SLURM_ARRAY_TASK_ID" in r.script


def test_an_export_carried_as_written_stays_after_the_step_before_it() -> None:
    script = SLURM + ("if [ -f .env ]; then\n  export $(grep -v '^#' .env | xargs)\nfi\n"
                      "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH\n"
                      "srun python train.py\n")
    text = port(script, "delta")["delta"].script
    assert text.index("grep -v '^#' .env") < text.index(
        "export LD_LIBRARY_PATH=$CONDA_PREFIX/lib:$LD_LIBRARY_PATH")


def test_verification_runs_an_array_port_as_one_job() -> None:
    """The twin runs one element of a kept array (its first index), not the whole array."""
    from maple_flow.verify.prepare import prepare

    script = SLURM + "#SBATCH --array=3-100:2%4\nsrun python train.py --i $SLURM_ARRAY_TASK_ID\n"
    r = port(script, "delta")["delta"]
    ready = prepare(r.script, "delta", entrypoint=r.spec.entrypoint, spec=r.spec)
    assert "#SBATCH --array=3\n" in ready.script


def test_pbs_array_job_keeps_its_array_on_a_pbs_target() -> None:
    script = PBS + "#PBS -J 1-10\nmpiexec -n 8 --ppn 4 python train.py --i $PBS_ARRAY_INDEX\n"
    r = port(script, "aurora")["aurora"]
    assert r.status == "generated", r.notes[:2]
    assert "#PBS -J 1-10\n" in r.script
    assert "$PBS_ARRAY_INDEX" not in "\n".join(
        n for n in r.notes if n.startswith("read but not set"))


# --- realusers2: launches of an installed command (a console script) ----------------------

def test_srun_of_an_installed_command_is_ported_as_itself() -> None:
    """`srun fairseq-train ...` runs a package's console script: the target's launcher starts
    it as itself (no python in front of it), the helper srun steps around it untouched
    (bench/portcmd_probe; it used to be refused)."""
    script = SLURM + (
        'head_ip=$(srun -N1 -n1 hostname -I | awk \'{print $1}\')\n'
        "nvidia-smi\n"
        "srun fairseq-train data-bin/wiki --arch transformer_lm --max-update 100\n"
    )
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes[:2]
    assert "fairseq-train data-bin/wiki --arch transformer_lm --max-update 100" in r.script
    assert "python fairseq-train" not in r.script
    assert any("installed command" in n for n in r.notes)


def test_a_system_tool_under_srun_is_not_taken_for_an_installed_command() -> None:
    from maple_flow.errors import ParseError

    with pytest.raises(ParseError) as err:
        port(SLURM + "srun hostname\n", ["polaris"])
    assert "no launch line found" in str(err.value)


def test_torchrun_asking_more_nodes_than_the_job_has_is_asked_not_guessed() -> None:
    """`#SBATCH --nodes=3` but `torchrun --nnodes=5`: the rendezvous waits for 5 nodes that
    never come, so the script fixes no size that runs; the port asks instead of taking 5."""
    script = (
        "#!/bin/bash\n#SBATCH --nodes=3\n#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu-a100\n"
        'srun bash -c "torchrun --nproc_per_node=3 --nnodes=5 --node_rank=\\$SLURM_NODEID '
        '--master_addr=$(hostname) --master_port=29500 train.py"\n'
    )
    with pytest.raises(MissingInformation) as err:
        port(script, ["perlmutter"])
    text = str(err.value)
    assert "--nnodes" in text and "5" in text and "3" in text
    ported = port(script, ["perlmutter"], ranks=9)["perlmutter"]
    assert "9 ranks in total, as you said" in _notes(ported)


def test_torchrun_nnodes_equal_to_the_job_keeps_its_size() -> None:
    script = (
        "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
        "srun torchrun --nproc_per_node=4 --nnodes=2 train.py\n"
    )
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (2, 4, 8)


_CONDA_INIT = """__conda_setup="$('/sw/team/miniforge3/bin/conda' 'shell.bash' 'hook' 2> /dev/null)"
if [ $? -eq 0 ]; then
    eval "$__conda_setup"
else
    if [ -f "/sw/team/miniforge3/etc/profile.d/conda.sh" ]; then
        . "/sw/team/miniforge3/etc/profile.d/conda.sh"
    else
        export PATH="/sw/team/miniforge3/bin:$PATH"
    fi
fi
unset __conda_setup
conda activate trainenv
"""


def test_conda_init_block_of_a_conda_on_the_source_filesystem_is_dropped_with_a_note() -> None:
    """The block `conda init` writes, for a conda installed under a path of the source's
    filesystem, sets up the source's conda: it is not carried, and a note names the path."""
    script = SLURM + _CONDA_INIT + "srun python train.py --epochs 2\n"
    result = port(script, ["polaris"])["polaris"]
    assert "__conda_setup" not in result.script
    assert "/sw/team/miniforge3" not in result.script
    assert "conda activate trainenv" in result.script
    notes = _notes(result)
    assert "/sw/team/miniforge3/bin/conda" in notes and "source's filesystem" in notes


def test_conda_init_block_of_a_conda_in_the_home_directory_is_kept() -> None:
    script = SLURM + _CONDA_INIT.replace("/sw/team/miniforge3", "$HOME/miniforge3") + (
        "srun python train.py --epochs 2\n")
    result = port(script, ["polaris"])["polaris"]
    assert 'eval "$__conda_setup"' in result.script
