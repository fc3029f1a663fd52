# ruff: noqa: E501
"""s26rl24 (issue 17): a job script saved with CRLF endings (line endings written as line
feeds), Lightning's refusal of --ntasks (tasks per node instead), PALS mpiexec refusing Open
MPI's -x (respelled --env), torchrun given no training script because its command lost the
continuation (the backslash mended), and two not-script classes that end with advice: MPI
message truncation and a crash in MPICH's own frames. Each test fails without its rule."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.meaning import same_meaning
from maple_flow.repair.patch_lines import continue_launch_command, unix_line_endings
from maple_flow.repair.text import FixNotApplicable

SRUN = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00

srun python train.py --epochs 3
"""
CRLF = SRUN.replace("\n", "\r\n")
TORCHRUN = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\
    --rdzv_endpoint="$MASTER_ADDR:29500" --rdzv_id="$SLURM_JOB_ID"
    train.py --epochs 10
"""
TORCHRUN_LOG = "torchrun: error: the following arguments are required: training_script, training_script_args\n"
LIGHTNING = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python train.py fit --trainer.devices=4
"""
LIGHTNING_LOG = "RuntimeError: You set `--ntasks=4` in your SLURM bash script, but this variable is not supported. HINT: Use `--ntasks-per-node=4` instead.\n"
PALS = """#!/bin/bash
#PBS -l select=2
#PBS -l walltime=01:00:00
#PBS -A proj
cd $PBS_O_WORKDIR
mpiexec -n 24 --ppn 12 -x CCL_KVS_MODE=tcp python train.py
"""
MPI_APP = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --time=01:00:00
srun ./app input.yaml
"""


def _record(result: dict[str, object]) -> str | None:
    proposed = result.get("proposed")
    return proposed.get("record_id") if isinstance(proposed, dict) else None


@pytest.mark.parametrize("log", [
    "/var/spool/slurmd/job1/slurm_script: line 6: $'\\r': command not found\n",
    "./job.sh: \u884c 6: $'\\r'\uff1a\u672a\u627e\u5230\u547d\u4ee4\n",
    "-bash: /var/spool/pbs/mom_priv/jobs/1.SC: /bin/bash^M: bad interpreter: No such file or directory\n",
])
def test_a_crlf_script_is_written_with_unix_line_endings(log: str) -> None:
    result = diagnose_log(CRLF, log, "delta", None, False)
    assert _record(result) == "script-crlf-line-endings"
    assert "-srun python train.py --epochs 3\r" in _diff(result)
    assert "+srun python train.py --epochs 3\n" in _diff(result) + "\n"


def test_a_carriage_return_message_on_a_script_without_crlf_gets_no_line_ending_fix() -> None:
    result = diagnose_log(SRUN, "slurm_script: line 6: $'\\r': command not found\n", "delta", None, False)
    assert _record(result) != "script-crlf-line-endings"


def test_line_endings_differ_in_meaning_and_the_op_refuses_a_script_without_them() -> None:
    assert not same_meaning(CRLF, SRUN)
    assert unix_line_endings(CRLF) == SRUN
    with pytest.raises(FixNotApplicable):
        unix_line_endings(SRUN)


def test_torchrun_without_its_script_gets_the_lost_continuation_back() -> None:
    result = diagnose_log(TORCHRUN, TORCHRUN_LOG, "delta", None, False)
    assert '+    --rdzv_endpoint="$MASTER_ADDR:29500" --rdzv_id="$SLURM_JOB_ID" \\' in _diff(result)


@pytest.mark.parametrize("script", [
    TORCHRUN.replace('\n    train.py', '\ntrain.py'),  # not indented under the command: another command
    TORCHRUN.replace('--rdzv_id="$SLURM_JOB_ID"\n', '--rdzv_id="$SLURM_JOB_ID" train.py\n'),  # it names a program
    TORCHRUN.replace('--rdzv_id="$SLURM_JOB_ID"\n', '--rdzv_id="$SLURM_JOB_ID"\n\n'),  # a blank line between
])
def test_continue_launch_command_refuses_what_is_no_lost_continuation(script: str) -> None:
    with pytest.raises(FixNotApplicable):
        continue_launch_command(script, "torchrun")


@pytest.mark.parametrize("log", [
    LIGHTNING_LOG,
    # the wording without backticks, the count written N (a user's note of the message)
    "RuntimeError: You set --ntasks=N in your SLURM bash script, but this variable is not supported. HINT: Use --ntasks-per-node=N instead.\n",
])
def test_lightning_ntasks_becomes_tasks_per_node(log: str) -> None:
    result = diagnose_log(LIGHTNING, log, "delta", None, False)
    assert "+#SBATCH --ntasks-per-node=4" in _diff(result)
    assert "-#SBATCH --ntasks=4" in _diff(result)


def test_lightning_ntasks_with_a_step_that_sets_its_own_count_gets_no_header_fix() -> None:
    script = LIGHTNING.replace("srun python", "srun -n 4 python")
    result = diagnose_log(script, LIGHTNING_LOG, "delta", None, False)
    assert _record(result) != "lightning-slurm-ntasks-not-supported"


def test_pals_mpiexec_gets_its_env_option_for_open_mpis_x() -> None:
    result = diagnose_log(PALS, "mpiexec: unrecognized option '-x'\n", "aurora", None, False)
    assert "+mpiexec -n 24 --ppn 12 --env CCL_KVS_MODE=tcp python train.py" in _diff(result)


def test_hydras_wording_is_not_read_as_pals() -> None:
    log = "[mpiexec@n1] match_arg (utils/args/args.c:163): unrecognized argument x\n"
    result = diagnose_log(PALS, log, "aurora", None, False)
    assert _record(result) != "pals-mpiexec-openmpi-env-flag"


@pytest.mark.parametrize(("log", "record"), [
    ("[n1:77] *** An error occurred in MPI_Recv\n[n1:77] *** MPI_ERR_TRUNCATE: message truncated\n", "mpi-message-truncated"),
    ("Abort(4) on node 3 (rank 3 in comm 0): Fatal error in PMPI_Recv: Message truncated, error stack:\n", "mpi-message-truncated"),
    ("#0  0x00001519e8def6e3 in MPIDIG_mpi_cancel_recv () from /opt/mpich/lib/libmpi.so.12\n#1  0x00001519e8def53d in MPIDI_OFI_recv_event () from /opt/mpich/lib/libmpi.so.12\n",
     "mpi-library-internal-crash-frame"),
])
def test_mpi_library_failures_are_not_the_scripts(log: str, record: str) -> None:
    result = diagnose_log(MPI_APP, log, "delta", None, False)
    assert result["verdict"] == "not_script"
    assert result["not_script"]["record_id"] == record
    assert not result.get("proposed")


def test_a_crash_in_mpi_start_up_frames_is_not_called_a_library_bug() -> None:
    log = "#0  0x00007f0000001000 in MPIDI_OFI_mpi_init_hook () from /opt/cray/lib/libmpi_gnu.so.12\n"
    result = diagnose_log(MPI_APP, log, "delta", None, False)
    assert (result.get("not_script") or {}).get("record_id") != "mpi-library-internal-crash-frame"


def test_the_mpi_records_are_advice_only() -> None:
    kb = load_knowledge_base()
    for rid in ("mpi-message-truncated", "mpi-library-internal-crash-frame"):
        record = kb.get(rid)
        assert not record.script_problem and not record.fix and record.advice


def test_the_cli_reads_the_scripts_crlf_endings(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """`maple repair --log` reads the script's bytes: universal newlines would hide the CRs."""
    import json

    from maple_flow.cli import main

    script = tmp_path / "job.sbatch"
    script.write_bytes(CRLF.encode())
    log = tmp_path / "job.log"
    log.write_text("/var/spool/slurmd/job1/slurm_script: line 6: $'\\r': command not found\n")
    try:
        main(["repair", str(script), "--on", "delta", "--log", str(log), "--json"])
    except SystemExit as exit_:
        assert not exit_.code, capsys.readouterr()
    data = json.loads(capsys.readouterr().out)
    assert (data.get("proposed") or {}).get("record_id") == "script-crlf-line-endings"


@pytest.mark.parametrize(("script", "log", "cluster"), [
    ("#!/bin/bash\r\n#PBS -l select=1\r\n#PBS -l walltime=01:00:00\r\nmpiexec -n 4 ./app\r\n",
     "qsub:  script is written in DOS/Windows text format\n", "polaris"),
    (CRLF, "sbatch: error: Batch script contains DOS line breaks (\\r\\n)\n", "delta"),
])
def test_the_schedulers_own_crlf_refusal_gets_the_line_endings_fix(script: str, log: str, cluster: str) -> None:
    result = diagnose_log(script, log, cluster, None, False)
    assert _record(result) == "script-crlf-line-endings"


def test_pals_x_with_a_variable_passed_by_name_alone_is_not_respelled() -> None:
    script = PALS.replace("-x CCL_KVS_MODE=tcp", "-x CCL_KVS_MODE=tcp -x PATH")
    result = diagnose_log(script, "mpiexec: unrecognized option '-x'\n", "aurora", None, False)
    assert _record(result) != "pals-mpiexec-openmpi-env-flag"
