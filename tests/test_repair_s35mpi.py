"""MPI launchers' start-up texts (issue 17, s35mpi; templates/failures/mpi_s35.yaml): a component
Open MPI cannot open that the script never selects is the installation's (advice, no fix); Open
MPI's PMIx client without srun's pmix plugin gets `srun --mpi=pmix`; Intel MPI's hydra failing
to start its proxies under a forced ssh bootstrap in a Slurm job gets the bootstrap dropped.
Look-alikes (the script selects the component, no srun line, no forced bootstrap) get no fix."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

HEAD = "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --time=01:00:00\n"
COMPONENT = ("A requested component was not found, or was unable to be opened.  This\n"
             "means that this component is either not installed or is unable to be\n"
             "used on your system.\n\nHost:      gpua001\nFramework: pml\nComponent: ucx\n")
OPAL = "[cn0610:26671] OPAL ERROR: Not initialized in file ext2x_client.c at line 112\n"
OMPI5 = ("PMIx_Init failed for the following reason:\n\n  NOT-SUPPORTED\n\n"
         "Open MPI requires access to a local PMIx server to execute. Please ensure\n"
         "that either you are operating in a PMIx-enabled environment, or use \"mpirun\"\n"
         "to execute the job.\n")
BSTRAP = ("[mpiexec@a001] check_exit_codes (../../../../../src/pm/i_hydra/libhydra/demux/"
          "hydra_demux_poll.c:117): unable to run bstrap_proxy on a002 (pid 1234, exit code "
          "65280)\n")


def _data(script: str, log: str, cluster: str = "delta") -> dict:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict) -> str | None:
    return data["diagnoses"][0]["record_id"] if data["diagnoses"] else None


def test_a_component_the_script_never_selects_is_the_installations() -> None:
    data = _data(HEAD + "module load openmpi\nmpirun -np 8 python train.py\n", COMPONENT)
    assert data["proposed"] is None
    assert _first(data) == "openmpi-component-not-openable-unselected"
    assert data["verdict"] == "not_script"


def test_a_component_the_launch_line_selects_is_not_called_the_installations() -> None:
    for line in ("mpirun -np 8 --mca pml ucx python train.py\n",
                 "export OMPI_MCA_pml=ucx\nmpirun -np 8 python train.py\n"):
        data = _data(HEAD + "module load openmpi\n" + line, COMPONENT)
        ids = [d["record_id"] for d in data["diagnoses"]]
        assert "openmpi-component-not-openable-unselected" not in ids


def test_open_mpi_pmix_client_under_a_plain_srun_gets_the_pmix_plugin() -> None:
    for log in (OPAL, OMPI5):
        data = _data(HEAD + "module load openmpi\nsrun python train.py\n", log)
        assert data["proposed"]["record_id"] == "openmpi-pmix-client-without-srun-pmix"
        assert "+srun --mpi=pmix python train.py" in data["proposed"]["diff"]


def test_open_mpi_pmix_client_without_srun_or_with_pmix_gets_no_srun_fix() -> None:
    for body in ("python relax.py\n", "srun --mpi=pmix python train.py\n",
                 "mpirun -np 8 python train.py\n"):
        for log in (OPAL, OMPI5):
            data = _data(HEAD + "module load openmpi\n" + body, log)
            proposed = data["proposed"]
            assert proposed is None or proposed["record_id"] != \
                "openmpi-pmix-client-without-srun-pmix"


def test_forced_ssh_bootstrap_in_a_slurm_job_is_dropped() -> None:
    for line, left in (("mpiexec -bootstrap ssh -n 8 ./hello\n", "+mpiexec -n 8 ./hello"),
                       ("mpiexec -r ssh -np 8 ./hello\n", "+mpiexec -np 8 ./hello")):
        data = _data(HEAD + "module load intel-oneapi-mpi\n" + line, BSTRAP, "anvil")
        assert data["proposed"]["record_id"] == "intel-hydra-forced-ssh-bootstrap-in-slurm"
        assert left in data["proposed"]["diff"]


def test_ssh_bootstrap_forced_by_the_scripts_environment_is_unset() -> None:
    script = (HEAD + "module load intel-oneapi-mpi\nexport I_MPI_HYDRA_BOOTSTRAP=ssh\n"
              "mpiexec -n 8 ./hello\n")
    data = _data(script, BSTRAP, "anvil")
    assert data["proposed"]["record_id"] == "intel-hydra-ssh-bootstrap-env-in-slurm"
    assert "+unset I_MPI_HYDRA_BOOTSTRAP" in data["proposed"]["diff"]


def test_bootstrap_failure_without_a_forced_ssh_bootstrap_gets_no_fix() -> None:
    data = _data(HEAD + "module load intel-oneapi-mpi\nmpiexec -n 8 ./hello\n", BSTRAP, "anvil")
    assert data["proposed"] is None


def test_prrte_daemon_failure_is_read_as_the_launchers() -> None:
    log = ("PRTE was unable to reliably start one or more daemons.\n"
           "This usually is caused by:\n")
    data = _data(HEAD + "module load openmpi/5\nmpirun -np 8 python train.py\n", log)
    assert _first(data) == "prrte-daemons-failed-to-start"
    assert data["proposed"] is None


PY_DENIED = ("[proxy:0:0@n1] HYDU_create_process (utils/launch/launch.c:74): execvp error on "
             "file ./federated.py (Permission denied)\n")
PY_NOT_FOUND = ("mpirun was unable to find the specified executable file, and therefore\n"
                "did not launch the job.  This error was first reported for process\n"
                "rank 0; it may have occurred for other processes as well.\n\n"
                "Node:       gpua001\nExecutable: train.py\n")


def test_a_python_file_the_mpi_launcher_runs_itself_is_run_through_python() -> None:
    for line, log, new in (("mpirun -n 4 ./federated.py\n", PY_DENIED,
                            "+mpirun -n 4 python ./federated.py"),
                           ("mpirun -np 4 train.py --epochs 3\n", PY_NOT_FOUND,
                            "+mpirun -np 4 python train.py --epochs 3")):
        data = _data(HEAD + "module load openmpi\n" + line, log)
        assert data["proposed"]["record_id"] == "mpi-launcher-runs-python-file"
        assert new in data["proposed"]["diff"]


def test_a_launch_line_that_already_runs_python_or_a_missing_path_gets_no_interpreter() -> None:
    swallowed = _data(HEAD + "mpirun -np 4 -mca plm_rsh_args python3 train.py\n", PY_NOT_FOUND)
    missing = _data(HEAD + "mpirun -n 4 ./federated.py\n",
                    PY_DENIED.replace("Permission denied", "No such file or directory"))
    for data in (swallowed, missing):
        proposed = data["proposed"]
        assert proposed is None or proposed["record_id"] != "mpi-launcher-runs-python-file"


def test_the_interpreter_goes_after_a_launchers_options_with_their_values() -> None:
    from maple_flow.repair.patch_entity import run_through_interpreter
    from maple_flow.repair.text import FixNotApplicable

    line = "mpirun -np 8 --map-by ppr:4:node --bind-to core train.py --epochs 10"
    assert run_through_interpreter(line, 1, "train.py", "python") == \
        "mpirun -np 8 --map-by ppr:4:node --bind-to core python train.py --epochs 10"
    for other in ("mpirun -np 8 ./wrapper.sh train.py", "cd run train.py"):
        try:
            run_through_interpreter(other, 1, "train.py", "python")
        except FixNotApplicable:
            continue
        raise AssertionError(other)


IMPROPER = ("mpirun has exited due to process rank 0 with PID 0 on\n"
            "node AI-141 exiting improperly. There are three reasons this could occur:\n")


def test_a_rank_ending_without_finalize_and_no_error_of_its_own_is_the_programs() -> None:
    data = _data(HEAD + "mpirun -n 1 ./cluster -p gene.packed\n",
                 "cluster:        2990\n12.2869 seconds.\n" + IMPROPER)
    assert _first(data) == "mpi-rank-exited-without-finalize"
    assert data["verdict"] == "not_script" and data["proposed"] is None


def test_a_rank_error_in_the_same_log_answers_instead_of_the_launchers_report() -> None:
    log = ("python: can't open file '/home/u/trian.py': [Errno 2] No such file or directory\n"
           + IMPROPER)
    data = _data(HEAD + "mpirun -np 4 python trian.py\n", log)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "mpi-rank-exited-without-finalize" not in ids


def test_hydra_without_a_topology_library_is_the_mpi_package() -> None:
    log = ("[proxy:0:0@8f73] HYDT_topo_bind (tools/topo/topo.c:89): no topology library "
           "available\n[proxy:0:0@8f73] HYDU_create_process (utils/launch/launch.c:66): bind "
           "process failed\n")
    data = _data(HEAD + "module load mpich\nmpiexec -bind-to core -n 4 ./a.out\n", log)
    assert _first(data) == "hydra-no-topology-library"
    assert data["verdict"] == "not_script" and data["proposed"] is None
