"""sbatch refuses a count directive whose value the script shows is no count (issue 17, s33vala):

- an empty or zero count directive (`--cpus-per-task=`, `--ntasks=0`) named by the log is
  dropped (Slurm's default applies); a placeholder, a value the script does not hold, or a
  count the log does not name as refused still asks;
- a shell expansion with a default (`--ntasks=${SLURM_NTASKS:-4}`) gets its literal default;
- SGE's `-S /bin/bash` read by Slurm as --core-spec is dropped (core-spec is a CPU request).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resources import changed

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")


def _with(old: str, new: str) -> str:
    assert old in SRUN_PY
    return SRUN_PY.replace(old, new)


@pytest.mark.parametrize(("old", "new", "log"), [
    ("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task=",
     "Output: 'sbatch: error: Invalid numeric value \"\" for cpus-per-task.'\n"),
    ("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=",
     'sbatch: error: Invalid numeric value "" for --ntasks-per-node.\n'),
    ("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=0",
     'sbatch: error: Invalid numeric value "0" for --ntasks.\n'),
    ("#SBATCH --cpus-per-task=8", "#SBATCH -c 0",
     'sbatch: error: Invalid numeric value "0" for --cpus-per-task.\n'),
])
def test_an_empty_or_zero_count_directive_is_dropped(old: str, new: str, log: str) -> None:
    result = diagnose_log(_with(old, new), log, "delta", None, False)
    assert result["proposed"]["record_id"] == "s33-sbatch-count-directive-empty"
    assert f"-{new}\n" in _diff(result)
    assert "\n+#SBATCH" not in _diff(result)


@pytest.mark.parametrize(("script", "log"), [
    # a placeholder: the count is the user's own
    (_with("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task=<CORES>"),
     'sbatch: error: Invalid numeric value "<CORES>" for --cpus-per-task.\n'),
    # the empty value came from the command line: the script's own count is not at fault
    (SRUN_PY, 'sbatch: error: Invalid numeric value "" for --ntasks.\n'),
    # the script's empty directive is another option than the one the log names
    (_with("#SBATCH --cpus-per-task=8", "#SBATCH --cpus-per-task="),
     'sbatch: error: Invalid numeric value "" for --ntasks-per-node.\n'),
])
def test_a_count_only_the_user_has_is_asked(script: str, log: str) -> None:
    result = diagnose_log(script, log, "delta", None, False)
    assert result.get("proposed") is None
    assert _first(result)["record_id"] == "sbatch-count-not-a-number"


def test_a_shell_default_in_a_directive_becomes_its_literal() -> None:
    script = _with("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=${SLURM_NTASKS:-4}")
    log = 'sbatch: error: Invalid numeric value "${SLURM_NTASKS:-4}" for --ntasks\n'
    result = diagnose_log(script, log, "delta", None, False)
    assert result["proposed"]["record_id"] == "s33-sbatch-directive-shell-default"
    assert "+#SBATCH --ntasks=4\n" in _diff(result)


def test_a_shell_variable_without_default_is_asked() -> None:
    script = _with("#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks=${NTASKS}")
    log = 'sbatch: error: Invalid numeric value "${NTASKS}" for --ntasks\n'
    result = diagnose_log(script, log, "delta", None, False)
    assert result.get("proposed") is None


def test_sge_shell_option_read_as_core_spec_is_dropped() -> None:
    script = _with("#SBATCH --time=02:00:00", "#SBATCH --time=02:00:00\n#SBATCH -S /bin/bash")
    log = 'sbatch: error: Invalid numeric value "/bin/bash" for --core-spec.\n'
    result = diagnose_log(script, log, "delta", None, False)
    assert result["proposed"]["record_id"] == "s33-sbatch-sge-shell-option-as-core-spec"
    assert "-#SBATCH -S /bin/bash\n" in _diff(result)


def test_core_spec_is_a_cpu_request() -> None:
    assert changed([{"op": "remove_directive", "option": "core-spec"}]) == {"cpus"}
