"""s37rl42: the classes of reallogs42's tune half, each decided by the log and the script's own
evidence (script_facts_s37.py, stage_paths.py, templates/failures/rl42_s37.yaml and the records
extended in environment.yaml, script_shape.yaml, modules.yaml)."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.script_facts import holds
from maple_flow.repair.stage_paths import staged_paths

SRUN = """#!/bin/bash
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
{extra}srun python -u train.py --batch-size 256
"""
CPU = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=64
#SBATCH --cpus-per-task=2
#SBATCH --mem-per-cpu={mem}
#SBATCH --time=06:00:00
srun --cpu-bind=cores ./solver input.dat
"""
ONE_GPU = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node={gpus}
#SBATCH --time=08:00:00
{launch}
"""
POLARIS = """#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
module use /soft/modulefiles
module load conda
conda activate
module load cudatoolkit-standalone/11.8.0
deepspeed --hostfile hostfile --num_gpus 4 train.py --deepspeed_config ds_config.json
"""


def _run(script: str, log: str, cluster: str) -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict[str, Any]) -> str | None:
    return data["diagnoses"][0]["record_id"] if data["diagnoses"] else None


def test_one_node_rsync_copy_is_no_propagation_on_deltaai() -> None:
    log = ('rsync: [sender] link_stat "/work/u/out/model.pt" failed: No such file or directory'
           ' (2)\n')
    data = _run(SRUN.format(nodes=1, extra=""), log, "deltaai")
    assert data["proposed"] is None
    assert "env-not-propagated-deltaai" not in [d["record_id"] for d in data["diagnoses"]]


def test_another_node_missing_a_package_still_is_propagation_on_deltaai() -> None:
    data = _run(SRUN.format(nodes=2, extra=""), "ModuleNotFoundError: No module named 'torch'\n",
                "deltaai")
    assert any(d["record_id"] == "env-not-propagated-deltaai" for d in data["diagnoses"])
    one = _run(SRUN.format(nodes=1, extra=""), "ModuleNotFoundError: No module named 'torch'\n",
               "deltaai")
    assert "env-not-propagated-deltaai" not in [d["record_id"] for d in one["diagnoses"]]


def test_oom_kill_under_a_small_mem_per_cpu_asks_the_whole_node() -> None:
    log = "slurmstepd: error: Detected 1 oom_kill event in StepId=10404708.batch.\n"
    data = _run(CPU.format(mem="500M"), log, "delta")
    assert data["proposed"]["record_id"] == "job-memory-per-cpu-too-small"
    assert "+#SBATCH --mem=0" in data["proposed"]["diff"]
    assert "--exclusive" not in data["proposed"]["diff"]


def test_mem_per_cpu_below_node_fact() -> None:
    from maple_flow.knowledge.clusters import get_profile

    delta = get_profile("delta")
    assert holds("mem_per_cpu_below_node", CPU.format(mem="500M"), delta)
    assert not holds("mem_per_cpu_below_node", CPU.format(mem="64G"), delta)  # 8 TB a node
    assert not holds("mem_per_cpu_below_node", CPU.format(mem="500M"), None)


def test_unknown_shell_type_load_runs_the_script_in_a_login_shell() -> None:
    script = SRUN.format(nodes=1, extra="module load cuda\n")
    data = _run(script, "init.c(379):ERROR:109: Unknown shell type load\n", "bridges2")
    assert data["proposed"]["record_id"] == "envmodules-shell-type-non-login"
    assert "+#!/bin/bash -l" in data["proposed"]["diff"]
    login = script.replace("#!/bin/bash\n", "#!/bin/bash -l\n")
    again = _run(login, "init.c(379):ERROR:109: Unknown shell type load\n", "bridges2")
    assert again["proposed"] is None or again["proposed"]["record_id"] != \
        "envmodules-shell-type-non-login"


def test_deepspeed_op_builder_cuda_mismatch_drops_polaris_standalone_toolkit() -> None:
    log = ("Exception: >- DeepSpeed Op Builder: Installed CUDA version 11.8 does not match the "
           "version torch was compiled with 12.8, unable to compile cuda/cpp extensions "
           "without a matching cuda version.\n")
    data = _run(POLARIS, log, "polaris")
    assert data["proposed"]["record_id"] == "cuda-torch-mismatch"
    assert "-module load cudatoolkit-standalone/11.8.0" in data["proposed"]["diff"]


def test_accepted_minor_cuda_mismatch_warning_is_not_the_failure() -> None:
    log = ("Installed CUDA version 12.6 does not match the version torch was compiled with 12.4 "
           "but since the APIs are compatible, accepting this combination\n")
    data = _run(POLARIS, log, "polaris")
    assert "cuda-torch-mismatch" not in [d["record_id"] for d in data["diagnoses"]
                                          if d["method"] == "signature"]


@pytest.mark.parametrize("line", ["OSError: Cannot allocate memory",
                                  "OSError: [Errno 12] Cannot allocate memory"])
def test_fork_enomem_on_an_efa_job_turns_efa_huge_pages_off(line: str) -> None:
    efa = SRUN.format(nodes=1, extra="export FI_PROVIDER=efa\n")
    data = _run(efa, line + "\n", "deltaai")
    assert data["proposed"]["record_id"] == "efa-fork-enomem-huge-pages"
    assert "FI_EFA_USE_HUGE_PAGE=0" in data["proposed"]["diff"]


def test_fork_enomem_without_efa_gets_no_efa_variable() -> None:
    data = _run(SRUN.format(nodes=1, extra=""), "OSError: Cannot allocate memory\n", "delta")
    assert data["proposed"] is None or "FI_EFA" not in data["proposed"]["diff"]
    done = SRUN.format(nodes=1, extra="export FI_PROVIDER=efa\nexport FI_EFA_USE_HUGE_PAGE=0\n")
    again = _run(done, "OSError: Cannot allocate memory\n", "deltaai")
    assert again["proposed"] is None or again["proposed"]["record_id"] != \
        "efa-fork-enomem-huge-pages"


def test_one_gpu_deepspeed_flag_without_rank_launcher_drops_the_flag() -> None:
    launch = ("accelerate launch -m axolotl.cli.train qlora.yml "
              "--deepspeed deepspeed_configs/zero2.json")
    data = _run(ONE_GPU.format(gpus=1, launch=launch), "ModuleNotFoundError: No module named "
                "'mpi4py'\n", "vista")
    assert data["proposed"]["record_id"] == "deepspeed-flag-one-gpu-mpi-discovery"
    assert "+accelerate launch -m axolotl.cli.train qlora.yml\n" in data["proposed"]["diff"] + "\n"


@pytest.mark.parametrize("gpus,launch", [
    (2, "accelerate launch -m axolotl.cli.train q.yml --deepspeed z.json"),
    (1, "accelerate launch --use_deepspeed -m axolotl.cli.train q.yml --deepspeed z.json"),
    (1, "torchrun --nproc_per_node 1 train.py --deepspeed z.json"),
    (1, "python solver.py input.dat"),
])
def test_mpi4py_missing_elsewhere_is_not_the_flag(gpus: int, launch: str) -> None:
    data = _run(ONE_GPU.format(gpus=gpus, launch=launch),
                "ModuleNotFoundError: No module named 'mpi4py'\n", "vista")
    assert data["proposed"] is None or data["proposed"]["record_id"] != \
        "deepspeed-flag-one-gpu-mpi-discovery"


@pytest.mark.parametrize("line,record", [
    ("slurmstepd: error: _get_pss: ferror() indicates error on file /proc/$$/smaps",
     "slurm-pss-statistics-ferror-after-job"),
    ("jinja2.exceptions.UndefinedError: 'dict object' has no attribute 'content'",
     "chat-template-message-field-undefined"),
    ("RuntimeError: DeepEP error: timeout (dispatch CPU)", "deepep-dispatch-timeout"),
])
def test_not_the_script(line: str, record: str) -> None:
    data = _run(SRUN.format(nodes=1, extra=""), line + "\n", "delta")
    assert data["proposed"] is None
    assert _first(data) == record and data["verdict"] == "not_script"


def test_pss_notice_gives_way_to_the_real_failure() -> None:
    log = ("slurmstepd: error: Detected 1 oom_kill event in StepId=1.batch.\n"
           "slurmstepd: error: _get_pss: ferror() indicates error on file /proc/12/smaps\n")
    data = _run(CPU.format(mem="500M"), log, "delta")
    assert data["proposed"]["record_id"] == "job-memory-per-cpu-too-small"


def test_stage_out_path_missing_asks_for_the_directive_path() -> None:
    script = SRUN.format(nodes=1, extra="").replace(
        "#SBATCH --time=02:00:00\n",
        "#SBATCH --time=02:00:00\n#STAGE OUT /cluster/work/u/missing_file /nird/u/results\n")
    log = ('(burst_buffer/lua: JobHeldAdmin: slurm_bb_data_out failed: rsync: [sender] link_stat '
           '"/cluster/work/u/missing_file" failed: No such file or directory (2)\n')
    data = _run(script, log, "deltaai")
    assert data["proposed"] is None and data["verdict"] == "ask"
    assert data["question"]["record_id"] == "stage-directive-path-missing"


def test_staged_paths() -> None:
    script = ("#!/bin/bash\n#STAGE IN /a/b /c/d\n#DW stage_out source=$DW/x destination=/e/f "
              "type=file\n# STAGE is a word\n")
    assert staged_paths(script) == [("/a/b", 2), ("/c/d", 2), ("/e/f", 3)]


def test_job_on_several_nodes_fact() -> None:
    assert holds("job_on_several_nodes", SRUN.format(nodes=2, extra=""))
    assert not holds("job_on_several_nodes", SRUN.format(nodes=1, extra=""))
    assert holds("job_on_several_nodes", ONE_GPU.format(gpus=1, launch="srun -N 2 python a.py"))
