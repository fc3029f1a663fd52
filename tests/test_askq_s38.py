"""s38askq: the value a question asks follows from what the log names and the script lacks."""

from __future__ import annotations

from pathlib import Path

from maple_flow.cli.repair import diagnose_log

ROOT = Path(__file__).resolve().parent.parent
PYTHON = (ROOT / "bench/reallogs/scripts/srun_python.sh").read_text(encoding="utf-8")
MPI = (ROOT / "bench/reallogs28/scripts/srun_mpi_app.sh").read_text(encoding="utf-8")
PERLMUTTER = (ROOT / "bench/reallogs28/scripts/perlmutter_srun_gpu.sh").read_text(
    encoding="utf-8")
OMPI = ("mpiexec was unable to find the specified executable file, and therefore\n"
        "did not launch the job.\n\nNode:       n01\nExecutable: {exe}\n")
COST = ("sbatch: error: Job cost estimated at 71582788.25 node hours, your balance is 4293.00"
        " node\n hours (Repo: 4292.57 node hours). Cannot proceed\n")


def _ask(script: str, log: str, cluster: str) -> tuple[str, list[str]]:
    data = diagnose_log(script, log, cluster, None, False)
    first = data["diagnoses"][0]["record_id"] if data["diagnoses"] else ""
    return first, list((data.get("question") or {}).get("needs") or [])


def test_qos_min_line_naming_mem_asks_memory_not_gres() -> None:
    log = ("| pending with `(QOSMinGRES)` on `highmem` | `highmem` needs `--mem` of at least"
           " 100 G |\n")
    assert _ask(PYTHON, log, "delta") == ("s36-slurm-qos-min-memory", ["mem"])
    gres = "The cluster's debug QOS rejects CPU-only jobs with `QOSMinGRES`.\n"
    assert _ask(PYTHON, gres, "delta") == ("s36-slurm-qos-min-gres", ["gres"])


def test_launcher_token_taken_as_program_asks_the_option() -> None:
    script = MPI.replace("srun --cpu-bind=cores ./solver input.dat",
                         "mpiexec -n 1 --display-map -x LD_LIBRARY_PATH ./picongpu")
    first, needs = _ask(script, OMPI.format(exe="LD_LIBRARY_PATH"), "anvil")
    assert (first, needs) == ("launcher-token-taken-as-program", ["option_value"])
    real = MPI.replace("srun --cpu-bind=cores ./solver input.dat", "mpirun -n 4 pw.x")
    first, needs = _ask(real, OMPI.format(exe="pw.x"), "anvil")
    assert first == "mpi-launcher-program-not-found" and needs == ["path"]


def test_missing_config_file_asks_the_file_not_a_program_path() -> None:
    script = PYTHON.replace("--batch-size 256 --epochs 32", "--config configs/run.yaml")
    log = "FileNotFoundError: [Errno 2] No such file or directory: 'configs/run.yaml'\n"
    assert _ask(script, log, "delta") == ("config-file-not-found", ["config"])


def test_zero_walltime_priced_unlimited_asks_walltime_not_account() -> None:
    zero = PERLMUTTER.replace("#SBATCH -t 02:00:00", "#SBATCH -t 00:00:00")
    assert zero != PERLMUTTER
    assert _ask(zero, COST, "perlmutter") == ("zero-walltime-priced-unlimited", ["walltime"])
    assert _ask(PERLMUTTER, COST, "perlmutter")[0] != "zero-walltime-priced-unlimited"


def test_rejected_value_question_says_where_values_are_listed() -> None:
    script = PYTHON.replace("srun python", "srun --mpi=pmix_v9 python")
    data = diagnose_log(script, "srun: error: Invalid MPI type 'pmix_v9'\n", "delta", None,
                        False)
    question = data.get("question") or {}
    assert data["diagnoses"][0]["record_id"] == "entity-value-rejected"
    assert question.get("needs") == ["value"]
    assert "srun --mpi=list" in (question.get("advice") or "")
