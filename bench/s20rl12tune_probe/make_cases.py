# ruff: noqa: E501  (the cases are data: one excerpt, one description a line)
"""Write cases.yaml of the s20rl12tune probe and cache each excerpt (run once, before any run).

Each excerpt is the error text a user posted in the public thread of `source`, read with the
search tool (corpus issues) on 2026-11-27, checked against bench/ (sealed sets excluded),
templates/failures/ and /work/wt/claimed_threads.txt (none cited), and claimed as s20rl12tune.
The split is fixed here by sha256(id) parity: even -> tune, odd -> heldout.

    /work/main/.venv/bin/python bench/s20rl12tune_probe/make_cases.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CACHE = Path("/work/cache/s20rl12tune")
SRUN_PY = "srun python -u train.py --batch-size 256 --epochs 32"
SRUN_MPI = "srun --cpu-bind=cores ./solver input.dat"
TORCHRUN = "torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml"
PBS_LAUNCH = "mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py"
ZWSP = "\u200b"

CASES: list[dict] = [
    # ============================================================ Open MPI binds outside the allowed CPUs
    dict(id="ompirelease223-mpiexec-hwloc-set-cpubind-error", kind="script",
         source="https://github.com/open-mpi/ompi-release/issues/223",
         thread_site="Open MPI 1.8 mpiexec -n 1 on a 4-core ARM build host; the launch dies binding the process (hwloc_set_cpubind returned Error for bitmap 0-3)",
         what="Open MPI's default binding asks for CPUs the process may not bind to; turning binding off on the mpirun line (--bind-to none) starts it; DOUBTFUL - the thread is on a package build host and its conclusion was not read; assumed shape - one Delta node, mpirun of 4 ranks inside the job, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN_PY, "mpirun -np 4 ./tst_parallel4"]],
         log=("--------------------------------------------------------------------------\n"
              "Open MPI tried to bind a new process, but something went wrong.  The\n"
              "process was killed without launching the target application.  Your job\n"
              "will now abort.\n"
              "  Local host:        arm04-builder23\n"
              "  Application name:  ./tst_parallel4\n"
              "  Error message:     hwloc_set_cpubind returned \"Error\" for bitmap \"0-3\"\n"
              "  Location:          odls_default_module.c:551\n"
              "--------------------------------------------------------------------------\n"),
         expect={"families": ["launcher"], "fix": r"(?m)^\+.*mpirun .*--bind-to[= ]none"}),
    # ============================================================ open-files limit
    dict(id="neuralrecon91-too-many-open-files-workers", kind="script",
         source="https://github.com/zju3dv/NeuralRecon/issues/91",
         thread_site="training with a multi-worker DataLoader stops with the PyTorch message asking to raise ulimit -n or change the sharing strategy",
         what="the open-files limit of the job is too low for the data-loader workers; raising it (ulimit -n) in the job script before the launch is the fix the message gives; DOUBTFUL - set_sharing_strategy in the code is the other fix; assumed shape - one Delta node, torchrun of 4 ranks, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log=("RuntimeError: Too many open files. Communication with the workers is no longer possible. Please increase the limit using `ulimit -n` in the shell or change the sharing strategy by calling `torch.multiprocessing.set_sharing_strategy('file_system')` at the beginning of your code\n"),
         expect={"families": ["environment", "resources"], "fix": r"(?m)^\+\s*ulimit -n"}),
    dict(id="caduceus58-errno24-dataloader-pipe", kind="script",
         source="https://github.com/kuleshov-group/caduceus/issues/58",
         thread_site="a training run (hydra) starting DataLoader workers fails in os.pipe() with Errno 24",
         what="the job's open-files limit is exhausted when the data-loader workers start; the fix is to raise it (ulimit -n) in the job script; DOUBTFUL - fewer workers also avoid it; assumed shape - one Delta node, torchrun of 4 ranks, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log=("  File \"/home1/jialh/tools/anaconda3/envs/mamba/envs/caduceus_env/lib/python3.8/multiprocessing/popen_fork.py\", line 68, in _launch\n"
              "    parent_r, child_w = os.pipe()\n"
              "OSError: [Errno 24] Too many open files\n"),
         expect={"families": ["environment", "resources"], "fix": r"(?m)^\+\s*ulimit -n"}),
    # ============================================================ Cray MPICH GPU buffers
    dict(id="scalevalidation66-cray-memops-gpu-support-already-on", kind="not_script",
         source="https://github.com/spectral-compute/scale-validation/issues/66",
         thread_site="a CUDA program compiled with SCALE for AMD GPUs, run with MPICH_GPU_SUPPORT_ENABLED=1 srun --ntasks=2 on a Cray system: process_vm_readv Bad address and the cray_common_memops assertion",
         what="GPU support is already on in the job; the buffers come from a compatibility layer (SCALE) that Cray MPICH's GPU transport does not recognise - a toolchain/library problem, not the job script; assumed shape - one Perlmutter node, srun of 2 ranks with MPICH_GPU_SUPPORT_ENABLED=1 exported, diagnosed as on Perlmutter",
         cluster="perlmutter", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=2"],
                  ["module load cray-mpich", "module load cray-mpich\nexport MPICH_GPU_SUPPORT_ENABLED=1"],
                  [SRUN_MPI, "srun --ntasks=2 ./test_scale_mpi"]],
         log=("process_vm_readv: Bad address\n"
              "Assertion failed in file ../src/mpid/ch4/shm/cray_common/cray_common_memops.c at line 461: 0\n"
              "process_vm_readv: Bad address\n"
              "Assertion failed in file ../src/mpid/ch4/shm/cray_common/cray_common_memops.c at line 461: 0\n"),
         expect={}),
    # ============================================================ slurmstepd affinity faults (site)
    dict(id="shinecluster56-hwloc-below-by-type-job-cancelled", kind="not_script",
         source="https://github.com/lyulyul/shine-cluster/issues/56",
         thread_site="one node of a lab Slurm cluster: slurmstepd's task/cgroup plugin fails in hwloc and the job is cancelled; the admins fixed slurm.conf (task/affinity with ConstrainCores, PR #100)",
         what="a node's Slurm task plugin configuration (task/cgroup without task/affinity, an hwloc bug) - fixed by the admins, not the job script; assumed shape - one srun task on one Anvil CPU node, diagnosed as on Anvil",
         cluster="anvil", script="srun_python.sh",
         replace=[["#SBATCH --gpus-per-node=4\n", ""], ["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], [SRUN_PY, "srun python -u prep.py"]],
         log=("slurmstepd-eureka: error: task/cgroup: hwloc_get_obj_below_by_type() failing, task/affinity plugin may be required to address bug fixed in HWLOC version 1.11.5\n"
              "slurmstepd-eureka: error: task/cgroup: task[0] unable to set taskset '0x0'\n"
              "slurmstepd-eureka: error: *** JOB 5788 ON eureka CANCELLED AT 2021-09-12T13:00:18 ***\n"),
         expect={}),
    dict(id="ohpc476-task-cgroup-no-hwloc-support", kind="not_script",
         source="https://github.com/openhpc/ohpc/issues/476",
         thread_site="OpenHPC Slurm 16.05 with TaskPlugin=task/cgroup: slurmstepd says the plugin was built without hwloc and skips affinity; fixed in the Slurm package build",
         what="the site's Slurm was built without hwloc support - a packaging/configuration issue of the cluster, not the job script; assumed shape - srun of 6 tasks over 2 Anvil nodes with --cpu_bind=cores, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=2"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=3"], [SRUN_MPI, "srun -N 2 --ntasks=6 --cpu_bind=cores ./solver input.dat"]],
         log="slurmstepd: error: task/cgroup: plugin not compiled with hwloc support, skipping affinity.\n",
         expect={}),
    # ============================================================ PBS submission hook crashed (site)
    dict(id="edh74-qsub-filter-hook-exception", kind="not_script",
         source="https://github.com/awslabs/engineering-development-hub/issues/74",
         thread_site="a PBS Pro cluster (SOCA): every few days qsub is refused because the site's queuejob hook raises; rebooting the scheduler clears it",
         what="the site's PBS submission hook crashed (the message says to inform the admin) - a scheduler-side fault, not the job's directives; assumed shape - the Polaris mpiexec job, diagnosed as on Polaris",
         cluster="polaris", script="pbs_mpiexec.sh",
         log="qsub: request rejected as filter hook 'check_queue_instance_types' encountered an exception.  Please inform Admin\n",
         expect={}),
    # ============================================================ Open MPI/PRRTE mapper bug (library)
    dict(id="prrte1421-ppr-mapper-fewer-procs-than-ppr", kind="not_script",
         source="https://github.com/openpmix/prrte/issues/1421",
         thread_site="Open MPI main / PRRTE: mpirun -n 3 --map-by ppr:36:node is refused although 3 processes fit; a mapper bug fixed in PRRTE",
         what="a bug of the PRRTE mapper (fewer processes than the ppr asks per node) - not the job script, whose request fits; assumed shape - one Anvil node, mpirun -n 3 --map-by ppr:36:node, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["module load cray-mpich", "module load openmpi"],
                  [SRUN_MPI, "mpirun -n 3 --map-by ppr:36:node --rank-by slot ./osu_barrier -x 1 -i 1"]],
         log=("Your job has requested more processes than the ppr for\n"
              "this topology can support:\n\n"
              "  App: /fsx/osu-micro-benchmarks/mpi/collective/osu_barrier\n"
              "  Number of procs:  3\n"
              "  Procs mapped:  3\n"
              "  Total number of procs:  36\n"
              "  PPR: 36:node\n\n"
              "Please revise the conflict and try again.\n"),
         expect={}),
    # ============================================================ Singularity too old for --env
    dict(id="afsingularity23-run-unknown-flag-env", kind="script",
         source="https://github.com/prehensilecode/alphafold_singularity/issues/23",
         thread_site="the alphafold_singularity wrapper (run_singularity.py) started from a Slurm batch file; the site's singularity rejects --env",
         what="the singularity the job loads is older than the wrapper needs (no run --env); the fix is loading a newer singularity/apptainer module in the job script; DOUBTFUL - the thread's resolution is not quoted in the part read; assumed shape - one Delta GPU task, `module load singularity` then the wrapper, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"],
                  ["export MASTER_PORT=12802", "export MASTER_PORT=12802\nmodule load singularity"],
                  [SRUN_PY, "python3 alphafold-2.2.4/singularity/run_singularity.py --data_dir=alphafold-dbs --fasta_paths=T1050.fasta --max_template_date=2020-05-14 --model_preset=monomer_casp14"]],
         log='Error for command "run": unknown flag: --env\n',
         expect={"families": ["containers", "modules"], "fix": r"(?m)^\+\s*module load (singularity|apptainer)"}),
    # ============================================================ MPI libraries not on the library path
    dict(id="cpptraj764-libmpicxx-not-on-library-path", kind="script",
         source="https://github.com/Amber-MD/cpptraj/issues/764",
         thread_site="a Slurm array job runs $MPI_HOME/bin/mpiexec -n 4 cpptraj.MPI with MPI_HOME=/usr/local/mpich-3.2.1 exported but the MPI's lib directory not on LD_LIBRARY_PATH; the maintainer: add it to LD_LIBRARY_PATH in the script",
         what="the MPI program cannot load the MPI's shared libraries because the job script never puts them on the library path; the fix is in the script (LD_LIBRARY_PATH or the MPI's module); assumed shape - one Delta node, the MPI started by its own mpiexec, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=4"],
                  ["module load cray-mpich", "export MPI_HOME=/usr/local/mpich-3.2.1"],
                  [SRUN_MPI, "$MPI_HOME/bin/mpiexec -n 4 cpptraj.MPI -i cpptraj.in"]],
         log=("cpptraj.MPI: error while loading shared libraries: libmpicxx.so.12: cannot open shared object file: No such file or directory\n"
              "cpptraj.MPI: error while loading shared libraries: libmpicxx.so.12: cannot open shared object file: No such file or directory\n"),
         expect={"families": ["environment", "modules"], "fix": r"(?m)^\+.*(LD_LIBRARY_PATH=.*(MPI_HOME|mpich)|module load)"}),
    # ============================================================ zero-width characters
    dict(id="contributing3-zero-width-space-blank-lines", kind="script",
         source="https://github.com/lionel-/contributing/issues/3",
         thread_site="a build script pasted from a web page: its blank-looking lines hold U+200B (hex e2808b) and bash reports each as a command not found",
         what="blank-looking lines of the script hold an invisible zero-width space that the shell runs as a command; the fix deletes those characters; assumed shape - the Delta srun job with such a line before the launch, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[["export MASTER_PORT=12802", "export MASTER_PORT=12802\n" + ZWSP]],
         log=f"/var/spool/slurmd/job1234/slurm_script: line 9: {ZWSP}: command not found\n",
         expect={"families": ["scheduler", "program"], "fix": "(?m)^-.*" + ZWSP}),
    # ============================================================ a program older/newer than its flags (not the script)
    dict(id="alphafold548-unknown-flag-image-not-rebuilt", kind="not_script",
         source="https://github.com/google-deepmind/alphafold/issues/548",
         thread_site="AlphaFold 2.2.2 run_docker.py passes a flag the old image does not know; fixed by rebuilding the image",
         what="the container image is older than the launcher script that passes the flag - rebuild the image; not the job script; assumed shape - one Delta GPU task running run_docker.py, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"],
                  [SRUN_PY, "srun python3 docker/run_docker.py --fasta_paths=complex.fasta --max_template_date=2022-01-01 --model_preset=multimer"]],
         log=("FATAL Flags parsing error: Unknown command line flag 'num_multimer_predictions_per_model'\n"
              "Pass --helpshort or --helpfull to see help on flags.\n"),
         expect={}),
    dict(id="alphafold294-db-preset-older-model", kind="not_script",
         source="https://github.com/google-deepmind/alphafold/issues/294",
         thread_site="run_docker.py of AlphaFold 2.1 with a 2.0 image: the image's program knows --preset, not --db_preset; the maintainer: update both to the same release",
         what="the installed program (image) and its launcher come from different releases - update them together; not the job script; assumed shape - one Delta GPU task running run_docker.py, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"],
                  [SRUN_PY, "srun python3 run_docker.py --fasta_paths=test.fasta --max_template_date=2021-11-01 --data_dir=/mnt/rhd/database/data_set"]],
         log=("FATAL Flags parsing error: Unknown command line flag 'db_preset'. Did you mean: preset ?\n"
              "Pass --helpshort or --helpfull to see help on flags.\n"),
         expect={}),
    # ============================================================ Open MPI without the site's PMIx (not the script)
    dict(id="ufswm2200-opal-unreachable-pmix3x-srun", kind="not_script",
         source="https://github.com/ufs-community/ufs-weather-model/issues/2200",
         thread_site="Hera after the Rocky 8 move: every rank of an srun-launched Open MPI model stops with OPAL ERROR Unreachable in pmix3x_client.c; the site's Slurm/PMIx install was at fault",
         what="the Open MPI build and the site's Slurm PMIx do not match after a system change - a site installation problem, not the job script; assumed shape - one Delta CPU node, srun of the MPI program with Open MPI loaded, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["module load cray-mpich", "module load openmpi"], [SRUN_MPI, "srun ./fv3.exe"]],
         log=("  7: [h18c53:3565779] OPAL ERROR: Unreachable in file ../../../../../opal/mca/pmix/pmix3x/pmix3x_client.c at line 111\n"
              " 12: [h18c53:3565784] OPAL ERROR: Unreachable in file ../../../../../opal/mca/pmix/pmix3x/pmix3x_client.c at line 111\n"
              " 14: [h18c53:3565786] OPAL ERROR: Unreachable in file ../../../../../opal/mca/pmix/pmix3x/pmix3x_client.c at line 111\n"),
         expect={}),
    dict(id="ompirelease1001-pmi2-jobid-singleton", kind="not_script",
         source="https://github.com/open-mpi/ompi-release/pull/1001",
         thread_site="Open MPI 1.10 built with Slurm PMI2: a program started without srun (singleton) fails in PMI2_Job_GetId; fixed in Open MPI (PR #1001)",
         what="an Open MPI bug in singleton start-up with PMI2 - fixed in the library, not the job script; assumed shape - one Delta node, the MPI program started bare with Open MPI loaded, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=1"],
                  ["module load cray-mpich", "module load openmpi"], [SRUN_MPI, "./mpi_hello"]],
         log=(" PMI2_Job_GetId failed failed\n"
              "  --> Returned value (null) (14) instead of ORTE_SUCCESS\n"),
         expect={}),
    # ============================================================ PBS request without MPI slots
    dict(id="ompi1449-pbs-one-slot-per-node-mpirun-np8", kind="script",
         source="https://github.com/open-mpi/ompi/issues/1449",
         thread_site="Torque: qsub of a script asking 4 nodes gives one slot per node (PBS_NODEFILE 4 lines); mpirun -np 8 --map-by socket:pe=8 has not enough slots",
         what="the PBS request gives Open MPI one slot per node while mpirun starts 8 ranks; the fix asks for MPI processes per node in the request (mpiprocs in the select line on PBS Pro); DOUBTFUL - the site runs Torque (ppn), and the thread turns to pe= mapping later; assumed shape - 4 Polaris nodes, select without mpiprocs, Open MPI mpirun -np 8, diagnosed as on Polaris",
         cluster="polaris", script="pbs_mpiexec.sh",
         replace=[["#PBS -l select=2:system=polaris", "#PBS -l select=4:ncpus=32"], ["module load conda\nconda activate", "module load openmpi"],
                  [PBS_LAUNCH, "mpirun -np 8 --map-by socket:pe=8 --display-allocation mdrun_mpi -s topol -cpi -v -maxh 8"]],
         log=("======================   ALLOCATED NODES   ======================\n"
              "\tr06-cn207: slots=1 max_slots=0 slots_inuse=0 state=UP\n"
              "\tr06-cn206: slots=1 max_slots=0 slots_inuse=0 state=UP\n"
              "\tr06-cn205: slots=1 max_slots=0 slots_inuse=0 state=UP\n"
              "\tr06-cn204: slots=1 max_slots=0 slots_inuse=0 state=UP\n"
              "=================================================================\n"
              "--------------------------------------------------------------------------\n"
              "There are not enough slots available in the system to satisfy the 8 slots\n"
              "that were requested by the application:\n"),
         expect={"families": ["scheduler", "launcher"], "fix": r"(?m)^\+#PBS -l select=.*mpiprocs="}),
]


def split_of(case_id: str) -> str:
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def main() -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    out, index = [], []
    for case in CASES:
        row = {"id": case["id"], "split": split_of(case["id"]), "kind": case["kind"]}
        row.update({k: v for k, v in case.items() if k not in row})
        out.append(row)
        text = case["log"]
        path = CACHE / f"{case['id']}.txt"
        path.write_text(text, encoding="utf-8")
        index.append({"id": case["id"], "source": case["source"],
                      "sha256": hashlib.sha256(text.encode()).hexdigest()})
    (CACHE / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    header = (HERE / "cases_header.txt").read_text(encoding="utf-8")
    body = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True,
                          width=200)
    (HERE / "cases.yaml").write_text(header + body, encoding="utf-8")
    print(len(out), "cases;", sum(r["split"] == "tune" for r in out), "tune")


if __name__ == "__main__":
    main()
