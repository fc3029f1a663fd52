"""s29r2logs (issue 17): a PBS mem kill whose limit is the script's own mem request raises that
request above the used figure (patch_pbs_mem.py); a limit the script does not ask is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_pbs_mem import pbs_raise_mem, size_kb
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs13" / "scripts"
MPIEXEC = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")


def _select(value: str) -> str:
    return MPIEXEC.replace("#PBS -l select=2:system=polaris", f"#PBS -l select={value}")


def test_size_kb_reads_pbs_sizes() -> None:
    assert size_kb("20gb") == 20 * 1024 ** 2
    assert size_kb("4323312 kb") == 4323312
    assert size_kb("2048") == 2
    with pytest.raises(FixNotApplicable):
        size_kb("lots")


def test_select_chunk_mem_raised_above_the_used_figure() -> None:
    out = pbs_raise_mem(_select("1:ncpus=16:mem=20gb"), "59756048kb", "20971520kb")
    assert "#PBS -l select=1:ncpus=16:mem=72gb\n" in out


def test_two_chunks_each_raised_when_their_sum_is_the_limit() -> None:
    out = pbs_raise_mem(_select("2:ncpus=8:mem=4gb"), "10485760kb", "8388608kb")
    assert "#PBS -l select=2:ncpus=8:mem=7gb\n" in out


def test_scattered_chunks_killed_on_one_host_raise_each_chunk() -> None:
    out = pbs_raise_mem(_select("2:system=polaris:mem=3gb"), "3324036kb", "3145728kb")
    assert "#PBS -l select=2:system=polaris:mem=4gb\n" in out


def test_job_wide_torque_mem_raised() -> None:
    script = "#!/bin/bash\n#PBS -l nodes=1:ppn=1,mem=3gb\npython ld.py\n"
    out = pbs_raise_mem(script, "4323312 kb", "3145728 kb")
    assert "mem=6gb" in out and "mem=3gb" not in out


@pytest.mark.parametrize(("script", "limit"), [
    (_select("1:ncpus=16"), "20971520kb"),             # no mem asked: the site's default
    (_select("1:ncpus=16:mem=40gb"), "20971520kb"),    # the limit is not the script's
    ("#!/bin/bash\n#PBS -l nodes=1:ppn=8,mem=40gb\nrun\n", "2097152kb"),
])
def test_limit_not_the_scripts_request_is_refused(script: str, limit: str) -> None:
    with pytest.raises(FixNotApplicable):
        pbs_raise_mem(script, "3372163kb", limit)


def test_log_line_gives_the_fix_on_the_scripts_select() -> None:
    data = diagnose_log(_select("1:ncpus=16:mem=20gb"),
                        "=>> PBS: job killed: mem 59756048kb exceeded limit 20971520kb\n",
                        "polaris", None, False)
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    assert "+#PBS -l select=1:ncpus=16:mem=72gb" in str(proposed["diff"])  # type: ignore[index]


def test_vmem_kill_gets_no_mem_fix() -> None:
    data = diagnose_log(_select("1:ncpus=16:mem=40gb"),
                        "=>> PBS: job killed: vmem 3372163072 exceeded limit 2147483648\n",
                        "polaris", None, False)
    assert data["proposed"] is None


SRUN = (Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
        / "srun_python.sh").read_text(encoding="utf-8")


def _first(log: str, cluster: str = "delta") -> dict[str, object]:
    data = diagnose_log(SRUN, log, cluster, None, False)
    diagnoses = data["diagnoses"]
    assert diagnoses, data
    return diagnoses[0]  # type: ignore[index,no-any-return]


@pytest.mark.parametrize("log", [
    "ModuleNotFoundError: No module named 'vllm.utils.system_utils'\n",
    "ModuleNotFoundError: No module named 'transformers.modeling_roberta'\n",
])
def test_dotted_module_of_an_installed_package_is_not_the_script(log: str) -> None:
    first = _first(log)
    assert first["record_id"] == "installed-package-lacks-submodule"
    assert first["verdict"] == "not_script"


@pytest.mark.parametrize("log", [
    "ModuleNotFoundError: No module named 'torch._C'\n",      # a broken build, not a release
    "ModuleNotFoundError: No module named 'src.models'\n",    # the project's own folder
    "ModuleNotFoundError: No module named 'deepspeed'\n",     # the package itself
])
def test_other_missing_modules_are_not_read_as_a_release_mismatch(log: str) -> None:
    data = diagnose_log(SRUN, log, "delta", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]  # type: ignore[union-attr]
    assert "installed-package-lacks-submodule" not in ids


def test_lammps_input_error_is_not_the_script() -> None:
    first = _first("ERROR: Could not find group clear group ID G2 (src/group.cpp:137)\n",
                   "anvil")
    assert first["record_id"] == "lammps-input-error-at-source-line"
    assert first["verdict"] == "not_script"


@pytest.mark.parametrize("log", [
    "ERROR: Cannot open input script in.lj: No such file or directory (src/lammps.cpp:460)\n",
    "ERROR: Package gpu command without GPU package installed (src/input.cpp:1543)\n",
])
def test_lammps_errors_a_job_script_can_cause_are_left_out(log: str) -> None:
    data = diagnose_log(SRUN, log, "anvil", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]  # type: ignore[union-attr]
    assert "lammps-input-error-at-source-line" not in ids
