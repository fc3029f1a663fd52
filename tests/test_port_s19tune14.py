"""Launch shapes of bench/unseen14's tune half and bench/s19tune14_probe: an MPI launcher's
valued option is never the program, ... (fixtures written for these tests, not copies)."""

from __future__ import annotations

import re

import pytest

from maple_flow import port
from maple_flow.errors import MapleError

MPIRUN_MAP_BY_PE = """#!/bin/bash
#SBATCH --nodes 2
#SBATCH --ntasks-per-node 1
#SBATCH --gpus-per-node 1
#SBATCH --cpus-per-task 16
#SBATCH -t 00:30:00

cd bin
app=solver
mpirun --map-by {mapping} ./apps/$app --input data/mesh.h5 --iters 100
"""


@pytest.mark.parametrize("mapping", ["node:PE=$SLURM_CPUS_PER_TASK", "ppr:1:node:pe=16",
                                     "slot"])
def test_an_mpi_launchers_option_value_is_never_read_as_the_program(mapping: str) -> None:
    with pytest.raises(MapleError) as err:
        port(MPIRUN_MAP_BY_PE.format(mapping=mapping), ["vista"])
    why = str(err.value)
    assert "./apps/$app is a program that is not Python" in why
    assert f"{mapping} is a program" not in why


EXPORT_NONE = """#!/bin/bash
#SBATCH --export={value}
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=02:00:00

module load Python/3.11 CUDA/12.2
source $HOME/envs/rl/bin/activate
python3 train_policy.py --steps 1000
"""


@pytest.mark.parametrize("target", ["perlmutter", "delta", "bridges2"])
def test_export_none_is_not_carried_onto_a_slurm_target_whose_steps_would_inherit_it(
        target: str) -> None:
    result = port(EXPORT_NONE.format(value="NONE"), [target])[target]
    code = [x for x in result.script.splitlines() if not x.startswith("# source directive")]
    assert not any("--export=NONE" in x for x in code)
    said = [n for n in result.notes if "--export=NONE" in n and "SLURM_EXPORT_ENV" in n
            and "sbatch.html" in n]
    assert said, result.notes


def test_export_of_named_variables_only_becomes_all_and_them() -> None:
    result = port(EXPORT_NONE.format(value="WANDB_MODE"), ["delta"])["delta"]
    assert "#SBATCH --export=ALL,WANDB_MODE" in result.script.splitlines()


def test_export_all_is_kept_as_written() -> None:
    result = port(EXPORT_NONE.format(value="ALL"), ["delta"])["delta"]
    assert "#SBATCH --export=ALL" in result.script.splitlines()


DOWNLOADS_IN_JOB = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00

cd $HOME/proj
{step}
python train.py --epochs 5
"""


@pytest.mark.parametrize("target", ["polaris", "aurora"])
@pytest.mark.parametrize("step", [
    "pip install -r requirements.txt", "conda env create -f env.yml",
    "git clone https://github.com/example/tools.git", "wget -q https://example.org/d.tar",
    "huggingface-cli download gpt2 --local-dir weights"])
def test_in_job_downloads_get_the_sites_proxy_on_alcf_targets(target: str, step: str) -> None:
    result = port(DOWNLOADS_IN_JOB.format(step=step), [target])[target]
    lines = result.script.splitlines()
    proxy = "export https_proxy=http://proxy.alcf.anl.gov:3128"
    assert proxy in lines
    assert lines.index(proxy) < next(i for i, x in enumerate(lines) if x.startswith(step[:8]))
    assert any("proxy" in n and step.split()[0] in n for n in result.notes), result.notes


@pytest.mark.parametrize("step", ["pip install --no-index ./wheels/*.whl", "echo ready"])
def test_no_proxy_without_a_download(step: str) -> None:
    result = port(DOWNLOADS_IN_JOB.format(step=step), ["polaris"])["polaris"]
    assert "proxy.alcf" not in result.script


def test_no_proxy_on_a_site_whose_nodes_reach_the_internet() -> None:
    result = port(DOWNLOADS_IN_JOB.format(step="pip install tqdm"), ["delta"])["delta"]
    assert "_proxy" not in result.script.lower()


WRAPPER_WITH_CONFIG_OPTION = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=12:00:00

: "${DATA_DIR:?set DATA_DIR}"
cd $HOME/robot-policy
bash scripts/train_multi.sh --data "${DATA_DIR}" --policy-config configs/policy_cfg.py --out runs/a
"""


@pytest.mark.parametrize("target", ["delta", "vista", "polaris"])
@pytest.mark.parametrize("size", [{}, {"ranks": 4}, {"nodes": 1, "gpus_per_node": 4}])
def test_a_py_file_given_as_a_wrappers_option_value_is_never_the_program(
        target: str, size: dict[str, int]) -> None:
    try:
        result = port(WRAPPER_WITH_CONFIG_OPTION, [target], **size)[target]
    except MapleError as err:
        why = str(err)
        assert "scripts/train_multi.sh" in why and "handed the program" not in why
        return
    words = " ".join(result.script.split())
    assert not re.search(r"python3? configs/policy_cfg\.py", words)
    assert not any("handed the program" in n for n in result.notes)
    if result.status != "refused":
        assert ('bash scripts/train_multi.sh --data "${DATA_DIR}" --policy-config '
                "configs/policy_cfg.py --out runs/a") in words


def test_the_shell_null_command_is_not_the_jobs_work() -> None:
    from maple_flow.scriptparse.shell import split_blocks
    from maple_flow.scriptparse.unread import work_commands

    work = work_commands(split_blocks(': "${A:?set A}"\n./bin/solver --n 4\n'))
    assert [c.words[0] for c in work] == ["./bin/solver"]


ARRAY_PIPELINE = """#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=0:30:00
#PBS -q debug
#PBS -A myproj

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS=4
NTOT=$(( NNODES * NRANKS ))
cd "${PBS_O_WORKDIR}"
LAUNCH=(mpiexec -n "${NTOT}" --ppn "${NRANKS}"
        --depth=8 --cpu-bind depth)

python make_grid.py --out grid
"${LAUNCH[@]}" python simulate.py --grid grid
"${LAUNCH[@]}" python reduce.py --grid grid
"""


@pytest.mark.parametrize("target", ["aurora", "delta", "stampede3"])
def test_stages_launched_through_a_launcher_array_are_never_left_beside_a_serial_launch(
        target: str) -> None:
    """s19-portleft2: a launcher array set once from plain words is written out on its lines,
    so both stages are ported, in order, with the target's launcher (no site words left)."""
    r = port(ARRAY_PIPELINE, [target])[target]
    body = r.script
    assert body.index("make_grid.py") < body.index("simulate.py") < body.index("reduce.py")
    assert "${LAUNCH[@]}" not in body and "--depth=8 --cpu-bind depth" not in body
    assert any("bash array LAUNCH (line 11), on line(s) 15, 16" in n for n in r.notes)


def test_a_launcher_array_changed_after_it_is_set_is_still_refused() -> None:
    script = ARRAY_PIPELINE.replace("\npython make_grid", "\nLAUNCH+=(--env A=1)\npython make_grid")
    with pytest.raises(MapleError) as err:
        port(script, ["delta"])
    assert "${LAUNCH[@]}" in str(err.value) and "array" in str(err.value)


def test_a_serial_script_with_an_array_of_arguments_is_still_ported() -> None:
    script = ARRAY_PIPELINE.replace("LAUNCH=(mpiexec", "OPTS=(--verbose").replace(
        '"${LAUNCH[@]}" python simulate.py', 'python simulate.py "${OPTS[@]}"').replace(
        '"${LAUNCH[@]}" python reduce.py --grid grid\n', "")
    assert port(script, ["delta"], ranks=1)["delta"].script


def test_export_none_is_kept_when_the_job_gives_its_steps_the_environment() -> None:
    reset = "unset SLURM_EXPORT_ENV"
    script = EXPORT_NONE.format(value="NONE").replace("module load", f"{reset}\nmodule load")
    result = port(script, ["delta"])["delta"]
    lines = result.script.splitlines()
    assert "#SBATCH --export=NONE" in lines and reset in lines
    assert lines.index(reset) < next(i for i, x in enumerate(lines) if "train_policy.py" in x)


def test_export_none_is_never_kept_once_the_jobs_own_reset_is_not_copied() -> None:
    reset = "export SLURM_EXPORT_ENV=ALL"
    script = EXPORT_NONE.format(value="NONE").replace("module load", f"{reset}\nmodule load")
    lines = port(script, ["delta"])["delta"].script.splitlines()
    assert reset in lines or "#SBATCH --export=NONE" not in lines


@pytest.mark.parametrize("options", ["-rf hosts.rank -mca btl tcp,self", "-genv OMP_NUM_THREADS 4",
                                     "--bind-to core --report-bindings"])
def test_mpi_options_with_one_or_two_values_are_skipped_to_the_binary(options: str) -> None:
    script = MPIRUN_MAP_BY_PE.replace("mpirun --map-by {mapping}", f"mpirun -np 2 {options}")
    with pytest.raises(MapleError) as err:
        port(script, ["vista"])
    assert "./apps/$app is a program that is not Python" in str(err.value)
