"""Records and line ops for classes bench/reallogs12's tune half missed (issue 17, helper
s20-rl12tune): Open MPI binding outside the allocation (``--bind-to none``), errno-24 open files
(``ulimit -n``), Cray MPICH given GPU buffers without GPU support, Open MPI libraries not loaded,
invisible characters run as commands (strip them), an MPICH program started without srun
(start it with srun), a PBS select without mpiprocs, a ppr mapping asked too many processes;
and not-script failures (advice, no fix): slurmstepd affinity plugin faults, PBS hook
exceptions, job requeues, srun task launches that fail unspecified, program flags of another
release, Open MPI that cannot reach the site's PMIx, a tool's own command refused. Wordings are
mostly other threads' than the measured ones (bench/s20rl12tune_probe)."""

from __future__ import annotations

import re

import pytest

from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.kb import failures_dir, load_file
from maple_flow.repair.patch_lines import launch_with_srun, pbs_select_mpiprocs, strip_invisible
from maple_flow.repair.text import FixNotApplicable

NEW = load_file(failures_dir() / "s20_rl12tune.yaml")
ZWSP = "\u200b"


def _diagnose(script: str, log: str, cluster: str = "delta") -> dict:
    from maple_flow.cli.repair import diagnose_log

    return diagnose_log(script, log, cluster, None, False)


def test_new_records_are_sourced_and_signature_only() -> None:
    assert len(NEW) == 21  # 22 less the overload record merged into s20_breadth.yaml
    assert all(r.references and r.signature_only for r in NEW)
    for r in NEW:
        assert bool(r.fix) != bool(r.family in {"site", "program", "library", "hardware",
                                                "network"}), r.id


_SRUN_PY = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
export MASTER_PORT=12802
{launch}
"""


def _fix(script: str, log: str, cluster: str = "delta") -> tuple[str, str]:
    data = _diagnose(script, log, cluster)
    proposed = data["proposed"]
    assert proposed is not None, (data.get("why_none"), data.get("diagnoses", [])[:2])
    return proposed["record_id"], proposed["diff"]


# -- script fixes ---------------------------------------------------------------------------

_OMPI_BIND = ("Open MPI tried to bind a new process, but something went wrong.  The\n"
              "process was killed without launching the target application.  Your job\n"
              "will now abort.\n  Local host:        arm04-builder23\n"
              "  Error message:     hwloc_set_cpubind returned \"Error\" for bitmap \"0-3\"\n")


def test_hwloc_cpubind_error_turns_mpirun_binding_off() -> None:
    script = _SRUN_PY.format(launch="mpirun -np 4 ./tst_parallel4")
    record, diff = _fix(script, _OMPI_BIND)
    assert record == "openmpi-bind-outside-allowed-cpus"
    assert re.search(r"(?m)^\+mpirun .*--bind-to none", diff), diff


def test_orte_affinity_failure_turns_mpirun_binding_off() -> None:
    script = _SRUN_PY.format(launch="mpirun -np 4 ./app")
    log = ("An attempt to set processor affinity has failed - please check to\n"
           "ensure that your system supports such functionality. If so, then\n")
    record, diff = _fix(script, log)
    assert record == "openmpi-bind-outside-allowed-cpus"
    assert re.search(r"(?m)^\+mpirun .*--bind-to none", diff), diff


def test_binding_overload_allows_overloading_the_core_binding() -> None:
    """The overload refusal is s20_breadth.yaml's record (Open MPI's own remedy, the line's
    binding unit with overload-allowed); this session's copy with --bind-to none was merged
    into it."""
    script = _SRUN_PY.format(launch="mpirun -np 8 --bind-to core ./app")
    log = ("A request was made to bind to that would result in binding more\n"
           "processes than cpus on a resource:\n")
    record, diff = _fix(script, log)
    assert record == "openmpi-binding-overload-refused"
    assert re.search(r"(?m)^-mpirun .*--bind-to core ", diff), diff
    assert re.search(r"(?m)^\+mpirun .*--bind-to core:overload-allowed", diff), diff


def test_hwloc_cpubind_error_without_mpirun_gives_no_bind_fix() -> None:
    script = _SRUN_PY.format(launch="srun ./tst_parallel4")
    data = _diagnose(script, _OMPI_BIND)
    assert (data["proposed"] or {}).get("record_id") != "openmpi-bind-outside-allowed-cpus"


@pytest.mark.parametrize("log", [
    "    parent_r, child_w = os.pipe()\nOSError: [Errno 24] Too many open files\n",
    "RuntimeError: Too many open files. Communication with the workers is no longer possible. "
    "Please increase the limit using `ulimit -n` in the shell or change the sharing strategy\n",
])
def test_errno24_raises_the_open_files_limit(log: str) -> None:
    script = _SRUN_PY.format(launch="torchrun --standalone --nproc_per_node=4 train.py")
    record, diff = _fix(script, log)
    assert record == "python-open-files-limit-workers"
    assert re.search(r'(?m)^\+ulimit -n "\$\(ulimit -Hn\)"', diff), diff


_CRAY_MEMOPS = ("process_vm_readv: Bad address\nAssertion failed in file "
                "../src/mpid/ch4/shm/cray_common/cray_common_memops.c at line 461: 0\n")
_CRAY_SCRIPT = """#!/bin/bash
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=2
#SBATCH -t 00:30:00
module load cray-mpich
srun --ntasks=2 ./test_gpu_mpi
"""


def test_cray_memops_assert_turns_mpich_gpu_support_on() -> None:
    record, diff = _fix(_CRAY_SCRIPT, _CRAY_MEMOPS, "perlmutter")
    assert record == "cray-mpich-gpu-buffers-without-gpu-support"
    assert re.search(r"(?m)^\+export MPICH_GPU_SUPPORT_ENABLED=1", diff), diff


def test_cray_memops_assert_with_gpu_support_on_is_not_the_script() -> None:
    script = _CRAY_SCRIPT.replace("module load cray-mpich",
                                  "module load cray-mpich\nexport MPICH_GPU_SUPPORT_ENABLED=1")
    data = _diagnose(script, _CRAY_MEMOPS, "perlmutter")
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == ("cray-mpich-memops-with-gpu-support-on",
                                                     "not_script")


_LIBMPI = ("./build/all_reduce_perf: error while loading shared libraries: libmpi.so.40: "
           "cannot open shared object file: No such file or directory\n")


def test_open_mpi_library_missing_loads_the_site_mpi_module() -> None:
    script = _SRUN_PY.format(launch="mpirun -np 4 ./build/all_reduce_perf -b 8 -e 128M")
    record, diff = _fix(script, _LIBMPI)
    assert record == "openmpi-libraries-not-loaded"
    assert re.search(r"(?m)^\+module load openmpi$", diff), diff


@pytest.mark.parametrize("extra", ["module load openmpi/4.1.6",
                                   "export LD_LIBRARY_PATH=/opt/mpi/lib",
                                   "apptainer exec img.sif true"])
def test_open_mpi_library_missing_with_an_mpi_set_up_is_not_this_record(extra: str) -> None:
    script = _SRUN_PY.format(launch=f"{extra}\nmpirun -np 4 ./build/all_reduce_perf")
    data = _diagnose(script, _LIBMPI)
    assert (data["proposed"] or {}).get("record_id") != "openmpi-libraries-not-loaded"


def test_zero_width_space_line_is_stripped() -> None:
    script = _SRUN_PY.format(launch=f"{ZWSP}\nsrun python -u train.py")
    log = f"/var/spool/slurmd/job1234/slurm_script: line 7: {ZWSP}: command not found\n"
    record, diff = _fix(script, log)
    assert record == "invisible-character-run-as-command"
    assert re.search(f"(?m)^-{ZWSP}$", diff), diff
    bytes_log = "/opt/spool/job_scripts/108641: line 7: $'\\342\\200\\213': command not found\n"
    assert _fix(script, bytes_log)[0] == "invisible-character-run-as-command"


def test_strip_invisible_refuses_a_clean_script() -> None:
    with pytest.raises(FixNotApplicable):
        strip_invisible("#!/bin/bash\nsrun python train.py\n")
    assert strip_invisible(f"a{ZWSP}b\n\ufeffc\n") == "ab\nc\n"


_PMI2 = (" MPICH ERROR [Rank 0] [job id ] [Wed Mar 12 13:54:20 2025] [x3100c0s21b0n0] - "
         "Abort(1092879) (rank 0 in comm 0): Fatal error in PMPI_Init: Other MPI error, error "
         "stack:\nMPIR_Init_thread(170):\nMPID_Init(441).......:\n"
         "MPIR_pmi_init(115)...: PMI2_Job_GetId returned 14\n")


def test_mpich_program_without_srun_is_started_with_srun() -> None:
    script = _CRAY_SCRIPT.replace("srun --ntasks=2 ./test_gpu_mpi", "./vasp_std")
    record, diff = _fix(script, _PMI2, "perlmutter")
    assert record == "mpich-program-started-without-srun"
    assert re.search(r"(?m)^-\./vasp_std$", diff) and re.search(r"(?m)^\+srun \./vasp_std$",
                                                                 diff), diff


def test_launch_with_srun_refuses_what_it_cannot_place() -> None:
    with pytest.raises(FixNotApplicable):
        launch_with_srun("#!/bin/bash\nsrun -n 1 hostname\n./app\n")
    with pytest.raises(FixNotApplicable):
        launch_with_srun("#!/bin/bash\n./app\necho done\n")
    assert launch_with_srun("#!/bin/bash\n  ./app -i in \\\n   -o out\n") == \
        "#!/bin/bash\n  srun ./app -i in \\\n   -o out\n"


_PBS = """#!/bin/bash
#PBS -l select=4:ncpus=32
#PBS -l walltime=01:00:00
#PBS -A MyProject
module load openmpi
mpirun -np 8 --map-by socket:pe=4 ./mdrun_mpi
"""
_SLOTS = ("There are not enough slots available in the system to satisfy the 8 slots\n"
          "that were requested by the application:\n")


def test_pbs_select_without_mpiprocs_gets_ranks_per_node() -> None:
    record, diff = _fix(_PBS, _SLOTS, "polaris")
    assert record == "pbs-select-without-mpiprocs"
    assert re.search(r"(?m)^\+#PBS -l select=4:ncpus=32:mpiprocs=2$", diff), diff


@pytest.mark.parametrize("script", [
    _PBS.replace("select=4:ncpus=32", "select=4:ncpus=32:mpiprocs=2"),
    _PBS.replace("-np 8", "-np $NP"),
    _PBS.replace("-np 8", "-np 6"),
])
def test_pbs_select_mpiprocs_refuses_what_it_does_not_know(script: str) -> None:
    with pytest.raises(FixNotApplicable):
        pbs_select_mpiprocs(script)


_PPR = ("Your job has requested more processes than the ppr for\nthis topology can support:\n\n"
        "  App: ./bin/epoch1d\n  Number of procs:  {procs}\n  PPR: {ppr}:node\n\n"
        "Please revise the conflict and try again.\n")


def test_ppr_count_above_the_nodes_is_lowered_to_what_they_hold() -> None:
    script = _SRUN_PY.format(launch="mpiexec -n 120 --map-by ppr:40:node ./bin/epoch1d") \
        .replace("--nodes=1", "--nodes=2")
    record, diff = _fix(script, _PPR.format(procs=120, ppr=40))
    assert record == "openmpi-ppr-more-procs-than-nodes-hold"
    assert re.search(r"(?m)^\+mpiexec -n 80 --map-by ppr:40:node", diff), diff


def test_ppr_count_that_fits_is_the_mappers_not_the_scripts() -> None:
    script = _SRUN_PY.format(launch="mpirun -n 3 --map-by ppr:36:node ./osu_barrier")
    data = _diagnose(script, _PPR.format(procs=3, ppr=36))
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (
        "openmpi-ppr-mapper-refuses-a-fitting-count", "not_script")


_OLD_SINGULARITY = 'Error for command "run": unknown flag: --env\n'


def test_old_singularity_is_swapped_for_the_sites_apptainer() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1\n#PBS -l walltime=00:30:00\n#PBS -A MyProject\n"
              "module load singularity\npython3 run_singularity.py --fasta_paths=q.fasta\n")
    record, diff = _fix(script, _OLD_SINGULARITY, "aurora")
    assert record == "singularity-too-old-for-env-flag"
    assert re.search(r"(?m)^\+module load apptainer$", diff), diff


def test_old_singularity_without_a_site_apptainer_module_is_named_not_fixed() -> None:
    script = _SRUN_PY.format(launch="module load singularity\npython3 run_singularity.py")
    data = _diagnose(script, _OLD_SINGULARITY)
    assert data["proposed"] is None
    assert data["diagnoses"][0]["record_id"] == "singularity-too-old-for-env-flag"


# -- not the script --------------------------------------------------------------------------

@pytest.mark.parametrize(("record_id", "log", "script"), [
    ("slurm-task-affinity-plugin-fault",
     "slurmstepd: error: task/cgroup: plugin not compiled with hwloc support, skipping affinity.\n",
     None),
    ("slurm-task-affinity-plugin-fault",
     "slurmstepd-eureka: error: task/cgroup: hwloc_get_obj_below_by_type() failing, task/affinity "
     "plugin may be required to address bug fixed in HWLOC version 1.11.5\n", None),
    ("slurm-job-requeued-preempted",
     "slurmstepd: error: *** JOB 4242 ON gpu-7 CANCELLED AT 2024-03-01T10:00:00 DUE TO JOB "
     "REQUEUE ***\n", None),
    ("slurm-job-preempted",  # s20_notscript.yaml's record (the two copies merged)
     "slurmstepd: error: *** JOB 32391783 ON cn119 CANCELLED AT 2021-06-18T13:05:36 DUE TO "
     "PREEMPTION ***\n", None),
    ("slurm-pmix-plugin-collective-timeout",
     "slurmstepd: error:  mpi/pmix_v3: pmixp_coll_ring_reset_if_to: n1 [0]: pmixp_coll_ring.c:742:"
     " 0x1536c8008e30: collective timeout seq=0\n", None),
    ("srun-task-launch-unspecified-error",
     "srun: error: task 0 launch failed: Error configuring interconnect\n", None),
    ("srun-task-launch-unspecified-error",
     "srun: StepId=1234.0 aborted before step completely launched.\n"
     "srun: error: task 3 launch failed: Unspecified error\n", None),
    ("program-flag-of-another-release",
     "FATAL Flags parsing error: Unknown command line flag 'db_preset'. Did you mean: preset ?\n"
     "Pass --helpshort or --helpfull to see help on flags.\n", None),
    ("openmpi-pmix-client-unreachable",
     " 12: [h18c53:3565784] OPAL ERROR: Unreachable in file ../../../../../opal/mca/pmix/"
     "pmix3x/pmix3x_client.c at line 111\n", None),
    ("tool-built-command-option-refused", "mpiexec: unrecognized option '--quiet'\n",
     "./hello -nl 2\n"),
    ("tool-built-command-option-refused",
     'Ncat: Invalid -d delay "c251-127" (must be greater than 0). QUITTING.\n',
     "$LAUNCHER_DIR/paramrun\n"),
    ("torch-distributed-test-rank-signal",
     "AssertionError: Expected zero exit code but got -11 for pid: 5501\n", None),
])
def test_not_script_wording_is_recognised_with_advice(record_id: str, log: str,
                                                      script: str | None) -> None:
    text = _SRUN_PY.format(launch=script or "srun python -u train.py")
    data = _diagnose(text, log, "anvil")
    assert data["proposed"] is None, data["proposed"]
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record_id, "not_script"), \
        data["diagnoses"][:3]


def test_launcher_option_in_the_script_is_still_the_scripts() -> None:
    text = _SRUN_PY.format(launch="mpiexec --quiet -n 4 ./hello")
    ev = FailureEvidence(cluster="polaris", scheduler="pbs", script=text,
                         stderr="mpiexec: unrecognized option '--quiet'\n")
    found = classify(ev)
    assert found and found[0].record_id == "mpiexec-unknown-option"


def test_pbs_hook_exception_is_the_sites() -> None:
    log = ("qsub: request rejected as filter hook 'check_queue_instance_types' encountered an "
           "exception.  Please inform Admin\n")
    ev = FailureEvidence(cluster="polaris", scheduler="pbs", submit_message=log)
    found = classify(ev)
    assert found and (found[0].record_id, found[0].verdict) == ("pbs-submission-hook-exception",
                                                               "not_script")
