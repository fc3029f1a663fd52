"""Site classes of helper s33b4 (templates/failures/s33_b4.yaml): an x86_64 build run on the
aarch64 GH200 nodes of Vista or DeltaAI is not the script's ("Exec format error"), while the
same errno from srun/slurmstepd starting the step's own program stays with the script records."""

from __future__ import annotations

from pathlib import Path

from repair_result import diagnose_first as _diagnose

from maple_flow.repair import load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s33b4_probe" / "scripts"
TACC = (SCRIPTS / "tacc_torchrun_per_node.sh").read_text(encoding="utf-8")
VISTA = TACC.replace("#SBATCH -p gpu-a100", "#SBATCH -p gh")
RECORD = "s33-aarch64-node-runs-x86-build"


def test_x86_binary_on_vista_is_not_the_script() -> None:
    first, data = _diagnose(VISTA, "bash: ./sim: cannot execute binary file: Exec format error\n",
                            "vista")
    assert first == RECORD
    assert load_knowledge_base().get(RECORD).family in NOT_SCRIPT_FAMILIES
    assert data.get("proposed") is None


def test_x86_venv_python_on_deltaai_is_not_the_script() -> None:
    log = "OSError: [Errno 8] Exec format error: '/work/nvme/x/venv/bin/python3'\n"
    first, data = _diagnose(VISTA.replace("-p gh", "-p ghx4"), log, "deltaai")
    assert first == RECORD and data.get("proposed") is None


def test_step_program_execve_stays_with_the_script_records() -> None:
    first, _ = _diagnose(VISTA, "slurmstepd: error: execve(): train.sh: Exec format error\n",
                         "vista")
    assert first != RECORD


def test_x86_site_is_not_answered_by_the_aarch64_record() -> None:
    first, _ = _diagnose(TACC, "bash: ./sim: cannot execute binary file: Exec format error\n",
                         "lonestar6")
    assert first != RECORD


PIP_NONE = ("ERROR: Could not find a version that satisfies the requirement torch "
            "(from versions: none)\n")
PIP_CU = ("Looking in indexes: https://download.pytorch.org/whl/cu130\n" + PIP_NONE
          + "ERROR: No matching distribution found for torch\n")


def test_pip_finds_no_wheel_on_vista_is_advice_not_a_module_fix() -> None:
    first, data = _diagnose(VISTA, PIP_CU, "vista")
    assert first == "s33-aarch64-pip-no-wheel-for-platform"
    assert load_knowledge_base().get(first).family in NOT_SCRIPT_FAMILIES
    assert data.get("proposed") is None


def test_pip_finds_no_wheel_on_deltaai_single_line() -> None:
    first, data = _diagnose(VISTA.replace("-p gh", "-p ghx4"), PIP_NONE, "deltaai")
    assert first == "s33-aarch64-pip-no-wheel-for-platform" and data.get("proposed") is None


def test_pip_record_leaves_x86_sites_alone() -> None:
    first, _ = _diagnose(TACC, PIP_NONE, "lonestar6")
    assert first != "s33-aarch64-pip-no-wheel-for-platform"
