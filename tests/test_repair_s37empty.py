"""s37empty (issue 17): records that were found but ended with "no fix applies".

- a module op on a script whose program is not Python (``./juldate``, ``Rscript``) loads the
  module above the script's last command instead of refusing for want of a Python launch;
- a PBS ncpus kill whose limit is the script's own ncpus request raises that request above the
  CPU use PBS saw (patch_pbs_ncpus.py), within one node's CPUs; other limits are refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_env import add_module
from maple_flow.repair.patch_pbs_ncpus import pbs_raise_ncpus
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs13" / "scripts"
MPIEXEC = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
CPU_JOB = ("#!/bin/bash\n#SBATCH -J run\n#SBATCH -p skx\n#SBATCH -N 1\n#SBATCH -n 1\n"
           "#SBATCH -t 02:00:00\n#SBATCH -A MyProject\nmodule load gcc/13.2.0\n{body}\n")


def _select(value: str) -> str:
    return MPIEXEC.replace("#PBS -l select=2:system=polaris", f"#PBS -l select={value}")


# -- a module for a program that is not Python ---------------------------------------------
@pytest.mark.parametrize("body", ["./juldate", "Rscript analysis.R", "ibrun ./xhpcg_avx2",
                                  "../../dineof dineof.init\necho done"])
def test_module_loaded_above_a_program_that_is_not_python(body: str) -> None:
    out = add_module(CPU_JOB.format(body=body), "intel")
    assert "module load gcc/13.2.0\nmodule load intel\n" + body.split("\n")[0] in out


def test_module_still_goes_above_the_python_launch() -> None:
    script = CPU_JOB.format(body="python train.py\nmodule load cleanup\necho done")
    out = add_module(script, "intel")
    assert "module load gcc/13.2.0\nmodule load intel\npython train.py" in out


def test_intel_runtime_of_a_compiled_program_gets_the_module_on_stampede3() -> None:
    data = diagnose_log(CPU_JOB.format(body="./juldate"),
                        "./juldate: error while loading shared libraries: libimf.so: cannot "
                        "open shared object file: No such file or directory\n",
                        "stampede3", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert "+module load intel" in str(proposed["diff"])  # type: ignore[index]


# -- PBS ncpus --------------------------------------------------------------------------------
def test_select_chunk_ncpus_raised_above_the_use() -> None:
    out = pbs_raise_ncpus(_select("1:ncpus=8:mem=96gb"), "19.38", "8", 64)
    assert "#PBS -l select=1:ncpus=25:mem=96gb\n" in out


def test_raise_is_capped_at_a_nodes_cpus() -> None:
    out = pbs_raise_ncpus(_select("1:ncpus=16:mem=8gb"), "58.88", "16", 64)
    assert "#PBS -l select=1:ncpus=64:mem=8gb\n" in out


def test_two_chunks_raised_when_their_sum_is_the_limit() -> None:
    out = pbs_raise_ncpus(_select("2:ncpus=8"), "24", "16", 64)
    assert "#PBS -l select=2:ncpus=15\n" in out


def test_job_wide_ncpus_raised() -> None:
    script = MPIEXEC.replace("#PBS -l select=2:system=polaris", "#PBS -l ncpus=8")
    assert "#PBS -l ncpus=15\n" in pbs_raise_ncpus(script, "11.85", "8", 64)


@pytest.mark.parametrize(("script", "used", "limit"), [
    (_select("2:system=polaris"), "19.38", "8"),     # no ncpus asked: the site's default
    (_select("1:ncpus=32"), "19.38", "8"),           # the limit is not the script's
    (_select("1:ncpus=16"), "164.4", "16"),          # more than a node has: the layout's fault
    (_select("1:ncpus=16"), "12", "16"),             # no use above the limit
])
def test_limits_not_the_scripts_or_beyond_a_node_are_refused(script: str, used: str,
                                                             limit: str) -> None:
    with pytest.raises(FixNotApplicable):
        pbs_raise_ncpus(script, used, limit, 64)


def test_log_line_gives_the_ncpus_fix_on_polaris() -> None:
    data = diagnose_log(_select("1:ncpus=16:mem=8gb"),
                        "=>> PBS: job killed: ncpus 39.46 exceeded limit 16 (sum)\n",
                        "polaris", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert "+#PBS -l select=1:ncpus=50:mem=8gb" in str(proposed["diff"])  # type: ignore[index]


# -- an inherited module whose name is also a word of the script ------------------------------
CONFLICT = ('Lmod has detected the following error:  Cannot load module "miniconda/24.5.0" '
            "because these module(s) are loaded:\n   python3\n")


def test_inherited_module_named_as_the_program_is_unloaded() -> None:
    script = CPU_JOB.format(body="module load miniconda/24.5.0\npython3 train.py")
    data = diagnose_log(script, CONFLICT, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert "+module unload python3\n module load miniconda/24.5.0" in str(
        proposed["diff"])  # type: ignore[index]


def test_module_the_script_loads_itself_is_swapped_not_unloaded() -> None:
    script = CPU_JOB.format(body="module load python3/3.11\nmodule load miniconda/24.5.0\n"
                                 "python3 train.py")
    data = diagnose_log(script, CONFLICT, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert "module unload" not in str(proposed["diff"])  # type: ignore[index]
    assert "-module load python3/3.11" in str(proposed["diff"])  # type: ignore[index]


# -- a typed GPU request from the submit command, the script's untyped one ---------------------
GRES = ("sbatch: error: Batch job submission failed: Invalid GRES specification (with and "
        "without type identification)\n")
GPU_JOB = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n{gpus}\n"
           "#SBATCH --time=02:00:00\nsrun python train.py\n")


def test_scripts_only_untyped_request_is_dropped() -> None:
    data = diagnose_log(GPU_JOB.format(gpus="#SBATCH --gpus=1"), GRES, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert "-#SBATCH --gpus=1\n" in str(proposed["diff"])  # type: ignore[index]


@pytest.mark.parametrize("gpus", [
    "#SBATCH --gpus=a100:1\n#SBATCH --gpus-per-node=a100:1",   # all typed: the site's plugin
    "#SBATCH --gpus=1\n#SBATCH --gpus-per-node=1",             # two untyped kinds: which?
])
def test_no_untyped_request_to_drop_gives_no_fix(gpus: str) -> None:
    data = diagnose_log(GPU_JOB.format(gpus=gpus), GRES, "delta", None, False)
    assert data["proposed"] is None


# -- a rendezvous client timeout printed in seconds, torchrun started once on several nodes ----
ONCE = ("#!/bin/bash\n#SBATCH --nodes=3\n#SBATCH --gpus-per-node=4\n#SBATCH --time=03:00:00\n"
        "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
        "torchrun --nnodes=3 --nproc_per_node=4 --rdzv_id=1 --rdzv_backend=c10d "
        "--rdzv_endpoint=${MASTER_ADDR} train.py\n")


@pytest.mark.parametrize("after", ["60s", "60000ms"])
def test_torchrun_once_timeout_in_either_unit_starts_it_on_every_node(after: str) -> None:
    log = (f"[E socket.cpp:860] [c10d] The client socket has timed out after {after} while "
           "trying to connect to (node-01, 29400).\n")
    data = diagnose_log(ONCE, log, "delta", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert "+srun --ntasks-per-node=1 torchrun" in str(proposed["diff"])  # type: ignore[index]
