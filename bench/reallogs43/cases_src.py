# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: Q&A / discussion threads and issue threads of smaller projects (s37gather43's source kind).

# ---------------------------------------------------------------- FESOM/fesom2#166 (1)

case(
    id='fesom2juwels-psmpi-infiniband-wrong-opcode-broken-pipe-rerun-ok',
    kind='not_script',
    source='https://github.com/FESOM/fesom2/issues/166',
    thread_site='FESOM/fesom2#166 "Infiniband instability on Juwels": the AWI-CM3 coupled model (FESOM2 ocean core) in decade-long production runs on JUWELS (JSC, Slurm, ParaStation MPI over InfiniBand); twice in 300 simulated years a run died with these ParaStation messages in the middle of the run; the asker thinks it is most likely an issue for the computing centre, and both times the repeated simulation ran successfully (issue closed)',
    what='an intermittent InfiniBand fault in the middle of long good runs, gone on a plain rerun of the same job - the fabric, not the job script; the lines are the asker\'s own log lines (the truncated `transport retry counter exceeded` line left out); not one of the ten sites - JUWELS, a Slurm cluster with InfiniBand - so mapped by scheduler and fabric family to Bridges-2; assumed shape - a CPU MPI model started by srun over 8 nodes (the thread does not show the job script)',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['module load cray-mpich', 'module load openmpi/4.0.5-gcc10.2.0'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores ./fesom.x']],
    log='''
359: <PSP:r0000359:ib:ibv_poll_cq(): Infiniband returned the wrong Opcode 5408>
359: <PSP:r0000359:connection to (10.13.6.39,20811,0x168,r0000386) (type:openib,state:open) : read : Broken pipe>
359: <PSP:r0000359:connection to (10.13.6.39,20811,0x168,r0000386) (type:openib,state:wo) : write : Broken pipe>
356: <PSP:r0000356:ib:ibv_poll_cq(): Infiniband returned the wrong Opcode 5416>
''',
)

# ---------------------------------------------------------------- Lightning-AI/pytorch-lightning#18504 (1)

case(
    id='fabricslurm-one-task-allocation-fabric-world-size-1-of-4-gpus',
    kind='script',
    source='https://github.com/Lightning-AI/pytorch-lightning/issues/18504',
    thread_site='Lightning-AI/pytorch-lightning#18504 "Fabric fail to use all the gpu on SLURM" (question, closed): a Fabric program asks for devices=[0,1,2,3] on a 4-GPU Slurm node; torch sees 4 GPUs but Fabric\'s world size is 1 and it starts one process; the asker reports that setting the Slurm job name to `bash` (so Lightning does not treat the run as Slurm-managed and spawns its own processes) makes it work; the maintainer\'s reply explains the two ways of using Slurm (batch submission with one task per device, or an interactive shell)',
    what='Lightning\'s Slurm environment takes the world size from the allocation\'s task count, and the job has one task for four devices; the fix is in how the job is set up (one task per device with srun, or the interactive job name that hands process launching back to Lightning), so labelled script; the lines are the asker\'s own output (the two print lines and the dashed rules left out); the thread does not name the cluster - a university Slurm GPU cluster - so diagnosed on DeltaAI (4 GPUs a node); assumed shape - a one-task batch job that runs `python` directly',
    cluster='deltaai',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4', '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'python pretrain_fabric.py --devices 4']],
    log='''
Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/1
distributed_backend=nccl
All distributed processes registered. Starting with 1 processes
''',
    expect={'families': ['launcher', 'resources'], 'fix': r'(?m)^\+.*(--ntasks-per-node[= ]4\b|--ntasks[= ]4\b|--job-name[= ]bash\b|-J\s+bash\b)'},
)

# ---------------------------------------------------------------- E3SM-Project/E3SM issue threads (3): site modules removed at NERSC maintenance

E3SM_MAP = 'the E3SM case scripts turn the machine file\'s module list (env_mach_specific.xml) into the module loads of the job environment before srun starts e3sm.exe, so the job script here carries those loads'
E3SM_PINNED = [['module load cray-mpich\nmodule load cray-hdf5-parallel\nmodule load cray-netcdf-hdf5parallel\nmodule load cray-parallel-netcdf', 'module load cray-mpich/8.1.28\nmodule load cray-hdf5-parallel/1.12.2.9\nmodule load cray-netcdf-hdf5parallel/4.9.0.7\nmodule load cray-parallel-netcdf/1.12.3.9']]

case(
    id='e3smpm-maint21-netcdf-module-version-removed-after-downtime',
    kind='script',
    source='https://github.com/E3SM-Project/E3SM/issues/6155',
    thread_site='E3SM-Project/E3SM#6155 "module changes after perlmutter downtime - maint-2.1": after a Perlmutter maintenance the asker can no longer submit jobs from the maint-2.1 branch; the pinned cray-netcdf-hdf5parallel/4.9.0.7 (and its siblings) no longer exist; the machine-file maintainer answers that the branch module versions must be updated and that the versions in E3SM master work meanwhile (copy them)',
    what='the job loads module versions that the site removed at the maintenance; the cure is changing the module lines of the job environment (current versions, or unpinned defaults) - a change to what the job script loads, so labelled script; the exact new version is not in the log, so a right fix either drops the pin or names another version of the same module (a specific version guess would be invented - the regex accepts any load of cray-netcdf-hdf5parallel other than 4.9.0.7); the line is the asker\'s own (two spaces after the colon kept); ' + E3SM_MAP + '; ran on Perlmutter (pm-cpu); assumed shape - a 4-node CPU job with the pinned module list the asker shows',
    cluster='perlmutter',
    script='perlmutter_srun_cpu_model.sh',
    replace=E3SM_PINNED,
    log='''
Lmod has detected the following error:  The following module(s) are unknown: "cray-netcdf-hdf5parallel/4.9.0.7"
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*module\s+(load|swap)\s+(\S+\s+)*cray-netcdf-hdf5parallel(?!/4\.9\.0\.7)(/\S+)?\s*$'},
)

case(
    id='e3smpm-maint21-four-pe-modules-unknown-after-feb-maintenance',
    kind='script',
    source='https://github.com/E3SM-Project/E3SM/issues/8098',
    thread_site='E3SM-Project/E3SM#8098 "Modules not loading in case.setup and case.build on Perlmutter (pm-cpu) with maint-2.1": since the February 18-20 Perlmutter maintenance the E3SM 2.1 cases neither set up, build nor run; the module load of the pinned Cray PE versions fails because four of them were removed; after the maintainers updated the maint-2.1 machine modules (a PR updating maint branches to the versions of master) the asker reports it all works (issue closed)',
    what='the job environment pins Cray PE module versions the site removed at a maintenance; the cure is the module list (current versions), a job-environment change, so labelled script; the new versions are not in the log, so a right fix drops the pins or names other versions of these modules (the regex accepts an added load of cray-mpich other than 8.1.27); the lines are the asker\'s own (the repeated Lmod header line and the advice lines left out; the header line `Lmod has detected the following error: The following module(s) are unknown:` is already in other sets); ' + E3SM_MAP + '; ran on Perlmutter CPU nodes; assumed shape - a 4-node pm-cpu job with the pinned list the error names',
    cluster='perlmutter',
    script='perlmutter_srun_cpu_model.sh',
    replace=[['module load PrgEnv-intel\nmodule load cray-mpich\nmodule load cray-hdf5-parallel\nmodule load cray-netcdf-hdf5parallel\nmodule load cray-parallel-netcdf', 'module load PrgEnv-intel/8.3.3 intel/2023.1.0 craype-accel-host craype/2.7.20 cray-mpich/8.1.27 cray-hdf5-parallel/1.12.2.3 cray-netcdf-hdf5parallel/4.9.0.3 cray-parallel-netcdf/1.12.3.3 cmake/3.24.3']],
    log='''
ERROR: module command /usr/share/lmod/lmod/libexec/lmod python load PrgEnv-intel/8.3.3 intel/2023.1.0 craype-accel-host craype/2.7.20 cray-mpich/8.1.27 cray-hdf5-parallel/1.12.2.3 cray-netcdf-hdf5parallel/4.9.0.3 cray-parallel-netcdf/1.12.3.3 cmake/3.24.3 failed with message:
"cray-parallel-netcdf/1.12.3.3" "cray-hdf5-parallel/1.12.2.3" "cray-mpich/8.1.27"
"cray-netcdf-hdf5parallel/4.9.0.3"
''',
    expect={'families': ['modules'], 'fix': r'(?m)^\+\s*module\s+(load|swap)\s+(\S+\s+)*cray-mpich(?!/8\.1\.27)(/\S+)?(\s|$)'},
)

case(
    id='e3smpm-maint21-hdf5-version-mismatch-abort-cray-ld-path-workaround',
    kind='script',
    source='https://github.com/E3SM-Project/E3SM/issues/7339',
    thread_site='E3SM-Project/E3SM#7339 "For maint-2.1, need similar work-around already on main to avoid HDF error": a coupled maint-2.1 test on Perlmutter CPU nodes aborts when netCDF opens an input file, with HDF5\'s version-mismatch warning; the machine-file maintainer says the same work-around already on master (PR #7059) is needed - putting $CRAY_LD_LIBRARY_PATH in front of LD_LIBRARY_PATH in the job environment, so the run picks up the HDF5 library of the loaded module',
    what='the run links the HDF5 shared library of another version than the one the model was built against (after a site software change the default library path no longer points at the loaded module\'s copy), and HDF5 aborts at the first netCDF-4 open; the cure the thread gives is an environment line in the job (LD_LIBRARY_PATH with $CRAY_LD_LIBRARY_PATH first), so labelled script; the HDF5 warning itself names HDF5_DISABLE_VERSION_CHECK, which also stops the abort, so the regex accepts either; the lines are the maintainer\'s own (the warning\'s explanatory lines, the `Bye...` line, the `forrtl` abort line - already in another set - the traceback header and the libc frames left out); ' + E3SM_MAP + '; ran on Perlmutter (pm-cpu); assumed shape - a 4-node CPU job with the maint-2.1 module list',
    cluster='perlmutter',
    script='perlmutter_srun_cpu_model.sh',
    replace=[['module load PrgEnv-intel\nmodule load cray-mpich\nmodule load cray-hdf5-parallel\nmodule load cray-netcdf-hdf5parallel\nmodule load cray-parallel-netcdf', 'module load PrgEnv-intel/8.3.3 intel/2023.1.0 craype-accel-host craype/2.7.20 cray-mpich/8.1.27 cray-hdf5-parallel/1.12.2.3 cray-netcdf-hdf5parallel/4.9.0.3 cray-parallel-netcdf/1.12.3.3 cmake/3.24.3']],
    log='''
  0: Warning! ***HDF5 library version mismatched error***
  0: libhdf5_parallel_  000015377178EBEB  Unknown               Unknown  Unknown
  0: libnetcdf_paralle  0000153770DD4F7A  NC4_open              Unknown  Unknown
  0: libnetcdff_parall  0000153770AE6819  netcdf_mp_nf90_op     Unknown  Unknown
  0: e3sm.exe           0000000001016B0B  chem_surfvals_mp_         309  chem_surfvals.F90
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(LD_LIBRARY_PATH=\S*CRAY_LD_LIBRARY_PATH|HDF5_DISABLE_VERSION_CHECK=\S*[12])'},
)

case(
    id='screampm-elm-restart-write-bcast-flood-coll-sync',
    kind='script',
    source='https://github.com/E3SM-Project/scream/issues/1920',
    thread_site='E3SM-Project/scream#1920 "ELM hangs while writing output/restarts due to MPI_bcast flooding": SCREAM/E3SM runs on Perlmutter hang or die when the land model writes its restart files - a very large number of MPI_Bcast calls from the I/O layer floods the Slingshot network; a user\'s RRM run died at its first restart write with this Cray MPICH error; the developers found that MPICH_COLL_SYNC=MPI_Bcast (a barrier before each broadcast) cures it, and E3SM PR #5291 adds it to the Perlmutter job environment (fixing this issue)',
    what='the Cray MPICH broadcast tree fails under a flood of unsynchronised broadcasts on this network; the cure the thread settles on is an environment variable in the job (MPICH_COLL_SYNC=MPI_Bcast), so labelled script; the line is the user\'s own as quoted in the thread (the error stack below it is cut off there); ' + E3SM_MAP + '; ran on Perlmutter CPU nodes; assumed shape - a 4-node pm-cpu job (the real run was larger)',
    cluster='perlmutter',
    script='perlmutter_srun_cpu_model.sh',
    replace=[],
    log='''
 1536: MPICH ERROR [Rank 1536] [job id 3458129.0] [Sat Oct 22 15:35:58 2022] [nid005474] - Abort(134243855) (rank 1536 in comm 0): Fatal error in MPIR_CRAY_Bcast_Tree: Other MPI error, error stack:
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*MPICH_COLL_SYNC=["\']?(MPI_Bcast|1)\b'},
)

# ---------------------------------------------------------------- arttumiettinen/pi2#12 (1)

case(
    id='pi2stitch-ra-cluster-oom-kill-oversized-tiles-program-fix',
    kind='not_script',
    source='https://github.com/arttumiettinen/pi2/issues/12',
    thread_site='arttumiettinen/pi2#12 "Processes being killed by the cgroup out-of-memory handler when running on RA cluster": the pi2 non-rigid stitcher (nr_stitcher.py) submits its stitching jobs to the PSI RA Slurm cluster; every job is killed by the cgroup OOM handler, resubmitted and killed again until it gives up; the maintainer answers that the problem is most probably an unexpectedly large tile image size, fixed in the experimental branch (rebuild from it and rerun); issue closed',
    what='DOUBTFUL - the maintainer names the cause and the fix, the asker\'s confirmation is not shown (the issue is closed); the memory blow-up comes from the program\'s handling of oversized tiles and the fix is a newer build of the program, not the job\'s memory request - so not_script even though the line looks like a plain `--mem` problem (a fix raising --mem would be a guess the thread does not support); the line is the asker\'s own; not one of the ten sites - the PSI RA cluster, Slurm CPU nodes - so mapped by scheduler family to Anvil; assumed shape - one CPU node, the stitcher\'s worker started by srun',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --cpus-per-task=32\n#SBATCH --mem=64G'], ['module load cray-mpich\n', ''], ['srun --cpu-bind=cores ./solver input.dat', 'srun pi2 "nr_stitch_pi2_script.txt"']],
    log='''
slurmstepd: error: Detected 1 oom-kill event(s) in StepId=329325.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.
''',
)

# ---------------------------------------------------------------- ReactionMechanismGenerator/RMG-Py#1688 (+#1708) (1)

case(
    id='rmgnfs-seed-mechanism-h5-create-no-locks-available-slurm',
    kind='script',
    source='https://github.com/ReactionMechanismGenerator/RMG-Py/pull/1688',
    thread_site='ReactionMechanismGenerator/RMG-Py#1688 "Prevent file locking for HDF5 files" (PR, with issue #1708 "h5py locking of HDF5 files causes issues on NFS mounted file systems"): an RMG run in a Slurm batch job on a group server fails at making the seed mechanism when h5py creates the filter-tensor file on an NFS-mounted file system; the PR author cites h5py#1082 and the only known fix, exporting HDF5_USE_FILE_LOCKING=FALSE; #1708 says the fix (setting the variable) went into the py3 branch',
    what='HDF5 locks the file it creates and the NFS file system the run writes to has no lock service; the fix the thread gives is the export of HDF5_USE_FILE_LOCKING=FALSE before the program (which RMG later set in its own code) - in the job script, so labelled script; the lines are the poster\'s own (curly quotes as posted, the Fortran solver warning and the `deactivate` line from the script\'s end kept as noise, the traceback\'s frame lines left out); the thread names no site - a Slurm server with NFS home - so diagnosed on Anvil; assumed shape - a one-task CPU job that runs rmg.py with python',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8', '#SBATCH --ntasks-per-node=1\n#SBATCH --cpus-per-task=8'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'source activate rmg_env\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'python RMG-Py/rmg.py input.py\ndeactivate']],
    log='''
Making seed mechanism...
IOError: Unable to create file (unable to lock file, errno = 37, error message = ‘No locks available’)
dbolsm(). more than (i1)=itmax iterations solving bounded least squares problem.
error number =    22, message level =     1
/var/spool/slurm/spool/jobxxxx/slurm_script: line 33: deactivate: No such file or directory
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+.*HDF5_USE_FILE_LOCKING=["\']?FALSE'},
)

# ---------------------------------------------------------------- easybuilders/easybuild-easyconfigs#20233 (1)

case(
    id='ugentompi-ofed2310-ud-qp-init-not-permitted-libfabric-mtl',
    kind='script',
    source='https://github.com/easybuilders/easybuild-easyconfigs/issues/20233',
    thread_site='easybuilders/easybuild-easyconfigs#20233 "\"Failed to modify UD QP to INIT on mlx5_0: Operation not permitted\" error with OpenMPI after updating to OFED 23.10": after the HPC-UGent clusters moved to OFED 23.10, users of the EasyBuild OpenMPI modules hit this error (not every run); the EasyBuild maintainer pinned it down to the libfabric dependency of OpenMPI and gives the run-time work-around - tell OpenMPI not to use libfabric (`mpirun -mca pml ucx -mca btl \'^uct,ofi\' -mca mtl \'^ofi\'`, or the same as OMPI_MCA_ environment variables); another site (SURF) set FI_PROVIDER=verbs instead',
    what='OpenMPI picks the libfabric (ofi) transport, which fails on the new InfiniBand driver stack; the cure that needs no rebuild is in the job - the mpirun options or OMPI_MCA_ exports that keep OpenMPI on UCX (or FI_PROVIDER=verbs) - so labelled script (the lasting fix, OpenMPI rebuilt without libfabric, is the site\'s); the line is the maintainer\'s own; not one of the ten sites - HPC-UGent, Slurm clusters with InfiniBand and EasyBuild OpenMPI - so mapped by scheduler and fabric family to Bridges-2; assumed shape - a 2-node CPU MPI job started with mpirun from the OpenMPI module',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['module load cray-mpich', 'module load OpenMPI/4.1.5-GCC-12.3.0'], ['srun --cpu-bind=cores ./solver input.dat', 'mpirun ./solver input.dat']],
    log='''
Failed to modify UD QP to INIT on mlx5_0: Operation not permitted
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*(OMPI_MCA_mtl=\S*\^ofi|OMPI_MCA_btl=\S*\^\S*ofi|OMPI_MCA_pml=\S*ucx|-mca\s+mtl\s+\S*\^ofi|--mca\s+mtl\s+\S*\^ofi|-mca\s+pml\s+ucx|--mca\s+pml\s+ucx|FI_PROVIDER=\S*verbs)'},
)

# ---------------------------------------------------------------- DataBiosphere/toil#5452 (1)

case(
    id='toilgi-bad-node-burns-retries-workflow-restart-ok',
    kind='not_script',
    source='https://github.com/DataBiosphere/toil/issues/5452',
    thread_site='DataBiosphere/toil#5452 "One bad Slurm node can consume all your retries in under a minute and fail your workflow, requiring a manual restart": a Cactus/Toil workflow on the UCSC Genomics Institute Slurm cluster failed when one job used up all its retries in under a minute; every try had been scheduled on the same node (phoenix-11), which could not start jobs; a manual restart of the workflow later worked fine; the Toil maintainer turns it into a feature request (avoid nodes that just failed a job); closed',
    what='a broken compute node that fails every job Slurm sends it - a node fault, gone when the workflow is restarted (and the node is avoided), not a fault of the job script; the lines are the Toil leader\'s own log lines as posted; not one of the ten sites - the GI Slurm cluster - so mapped by scheduler family to Delta; assumed shape - a one-task batch job running the Toil leader, which submits the workflow\'s jobs to Slurm',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00', '#SBATCH --ntasks-per-node=1\n#SBATCH --cpus-per-task=4\n#SBATCH --time=48:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''], ['srun python -u train.py --batch-size 256 --epochs 32', 'cactus-pangenome ./js seqfile.txt --outDir out --outName pg --reference ref --batchSystem slurm']],
    log='''
[2026-02-07T20:32:47-0800] [MainThread] [W] [toil.leader] Job failed with exit value 1: 'merge_alignments' kind-merge_alignments/instance-698hz4ag v2
Exit reason: FAILED
Failed job in backing scheduler: 27386587
[2026-02-07T20:32:47-0800] [MainThread] [W] [toil.leader] Job 'merge_alignments' kind-merge_alignments/instance-698hz4ag v2 has no new version available immediately. The batch system may have killed (or never started) the Toil worker.
[2026-02-07T20:32:47-0800] [MainThread] [W] [toil.leader] No log file is present, despite job failing: 'merge_alignments' kind-merge_alignments/instance-698hz4ag v2
[2026-02-07T20:32:50-0800] [MainThread] [W] [toil.job] Due to failure we are reducing the remaining try count of job 'merge_alignments' kind-merge_alignments/instance-698hz4ag v2 with ID kind-merge_alignments/instance-698hz4ag to 4
''',
)

# ---------------------------------------------------------------- ESMCI/cime#3947 (1)

case(
    id='cimeizumi-hydra-tm-poll-obit-error-at-finalize-retry',
    kind='not_script',
    source='https://github.com/ESMCI/cime/issues/3947',
    thread_site='ESMCI/cime#3947 "Try to use MPIRUN_RETRY_REGEX to rerun failed jobs on izumi": on NCAR\'s izumi cluster (PBS/Torque, MPICH Hydra mpiexec) CTSM test jobs increasingly fail after running all the way to MPI finalize, with these Hydra messages; the CTSM team already works around it by retrying failed tests (`--retry 1`), and the CIME developers suggest a machine-file regex that reruns a job whose log matches the message (closed as wontfix/stale)',
    what='an intermittent failure of the launcher\'s PBS task-manager polling at the very end of good runs, cured by running the same job again - a site/launcher fault, not the job script; the lines are the asker\'s own; not one of the ten sites - izumi, a PBS cluster - so mapped by scheduler family to Polaris (PBS, mpiexec); assumed shape - a PBS CPU job starting the model with mpiexec',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'mpiexec -n ${NTOTRANKS} ./cesm.exe']],
    log='''
[mpiexec@i040.unified.ucar.edu] HYDT_bscd_pbs_wait_for_completion (tools/bootstrap/external/pbs_wait.c:67): tm_poll(obit_event) failed with TM error 17002
[mpiexec@i040.unified.ucar.edu] HYDT_bsci_wait_for_completion (tools/bootstrap/src/bsci_wait.c:23): launcher returned error waiting for completion
[mpiexec@i040.unified.ucar.edu] HYD_pmci_wait_for_completion (pm/pmiserv/pmiserv_pmci.c:218): launcher returned error waiting for completion
[mpiexec@i040.unified.ucar.edu] main (ui/mpich/mpiexec.c:340): process manager error waiting for completion
''',
)

# ---------------------------------------------------------------- montefiore-institute/alan-cluster user-support threads (2)

ALAN_MAP = 'not one of the ten sites - the Alan GPU cluster of the Montefiore Institute (Liege), a small Slurm GPU cluster whose support desk is this GitHub tracker - so mapped by scheduler family'

case(
    id='alanclu-slurm-conf-parse-error-while-admins-add-nodes',
    kind='not_script',
    source='https://github.com/montefiore-institute/alan-cluster/issues/15',
    thread_site='montefiore-institute/alan-cluster#15 "[Issue] Parse error in file /etc/slurm/slurm.conf line 118: \\" ThreadsPer\\"": on the Alan cluster no Slurm command worked (squeue, sbatch, ...); the cluster maintainer answers that a colleague is adding nodes to the configuration, and soon after that it is fixed; closed',
    what='a broken line in the site\'s slurm.conf while the administrators were adding nodes - every Slurm command fails for every user until the configuration is repaired; nothing in the job can fix it, so not_script; the line is the asker\'s own (as quoted in the thread title); ' + ALAN_MAP + ' to Vista; assumed shape - a one-node GPU Python job submitted with sbatch',
    cluster='vista',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8', '#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:1\n#SBATCH --cpus-per-task=4'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''], ['srun python -u train.py --batch-size 256 --epochs 32', 'python train.py']],
    log='''
Parse error in file /etc/slurm/slurm.conf line 118: " ThreadsPer"
''',
)

case(
    id='alanclu-pending-nodes-down-drained-partition-full-wait',
    kind='not_script',
    source='https://github.com/montefiore-institute/alan-cluster/issues/24',
    thread_site='montefiore-institute/alan-cluster#24 "GPU allocation": a user\'s two-GPU job on the gpu2080ti partition stays pending with this squeue line and the user asks whether the script is wrong; the cluster maintainer answers that the script is fine - the reason means the partition is fully allocated, so the job waits until resources are released; closed',
    what='a job waiting in the queue because the partition\'s GPUs are all in use - not a fault of the script (the maintainer checked it); the cure is to wait, so not_script; the line is the asker\'s own squeue line; ' + ALAN_MAP + ' to Lonestar6; the script is the asker\'s own (mail and comment lines left out, paths shortened to the program name)',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00', '#SBATCH --job-name=pythonjob\n#SBATCH --time=00:10:00\n#SBATCH --output=output_val.txt\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:2\n#SBATCH --mem-per-cpu=10240\n#SBATCH --partition=gpu2080ti'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''], ['srun python -u train.py --batch-size 256 --epochs 32', 'python DeepNet.py']],
    log='''
1020391 gpu2080ti pythonjo    rnath PD       0:00      1 (Nodes required for job are DOWN, DRAINED or reserved for jobs in higher priority partitions)
''',
)

# ---------------------------------------------------------------- nwchemgit/nwchem#775 (1)

case(
    id='nwchemshifter-cq-exhaustion-warning-cq-size-no-help-code-fix',
    kind='not_script',
    source='https://github.com/nwchemgit/nwchem/issues/775',
    thread_site='nwchemgit/nwchem#775 "NWChem Shifter image fails with MPI errors": an NWChem calculation from the maintainers\' Shifter image on Perlmutter CPU nodes first failed with MPI errors; with the maintainer\'s suggested setting the job no longer failed but stalled until the wall time with this MPICH warning; the asker set FI_CXI_DEFAULT_CQ_SIZE=71680 as the warning suggests and got the same stall; the NWChem maintainer then found the cause in poorly parallelized NWChem code and published a fixed image to rerun with the same batch script; closed',
    what='DOUBTFUL - the maintainer\'s fix is in the thread, the asker\'s confirmation is not shown; the stall comes from the program flooding the receive queue, and the environment change the warning itself proposes did not help (the asker\'s own report), the cure is a fixed build of the program (a new image), so not_script even though the line names an environment variable; the line is the asker\'s own; ran on Perlmutter; assumed shape - a multi-node CPU job running the NWChem Shifter image with srun',
    cluster='perlmutter',
    script='perlmutter_shifter.sh',
    replace=[['#SBATCH -A m0000_g\n#SBATCH -C gpu', '#SBATCH -A m0000\n#SBATCH -C cpu'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks-per-node=128\n#SBATCH -c 2'], ['#SBATCH --image=nersc/pytorch:24.06.01\n#SBATCH --module=gpu,nccl-plugin', '#SBATCH --image=ghcr.io/edoapra/nwchem-721.nersc.mpich4.mpi-pr:latest\n#SBATCH --module=mpich'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'export FI_CXI_DEFAULT_CQ_SIZE=71680\n'], ['srun shifter python train.py --epochs 10', 'srun --mpi=pmi2 shifter nwchem input.nw']],
    log='''
PE 191: MPICH WARNING: OFI is failing to make progress on posting a receive. MPICH suspects a hang due to completion queue exhaustion. Setting environment variable FI_CXI_DEFAULT_CQ_SIZE to a higher number might circumvent this scenario. OFI retry continuing...
''',
)

# ---------------------------------------------------------------- AlexsLemonade/scpca-nf#204 (1)

case(
    id='scpcanf-compute-node-no-route-to-s3-references',
    kind='not_script',
    source='https://github.com/AlexsLemonade/scpca-nf/issues/204',
    thread_site='AlexsLemonade/scpca-nf#204 "Add to documentation that compute nodes need internet access": a tester ran the scpca-nf Nextflow workflow on a Slurm system and got these lines - the workflow\'s tasks read reference files straight from an S3 bucket and the compute nodes could not reach it; the maintainer suspects the compute nodes have no internet access (a common security practice) and closes the issue with documentation changes (#230, #231) on running where compute nodes lack internet (references staged beforehand)',
    what='the tasks fetch their reference data from the internet and the site\'s compute nodes have no outbound route - a site network policy; the cure is staging the references on the shared file system before the run (or a site-provided proxy), not a change to the job script, so not_script; a data-access case; the lines are the tester\'s own (the blank line and the `Caused by:` header line left out); the thread names no site - a Slurm cluster with closed compute nodes - so diagnosed on Stampede3; assumed shape - a one-task batch job running the Nextflow head process, which sends the tasks to Slurm',
    cluster='stampede3',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n#SBATCH --time=02:00:00', '#SBATCH --ntasks-per-node=1\n#SBATCH --cpus-per-task=2\n#SBATCH --time=24:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'module load nextflow\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'nextflow run AlexsLemonade/scpca-nf -profile cluster --run_ids run01']],
    log='''
WARN: Unable to get file attributes file: s3://scpca-references/barcodes/10X/3M-february-2018.txt -- Cause: com.amazonaws.SdkClientException: Unable to execute HTTP request: No route to host (Host unreachable)
WARN: Unable to get file attributes file: s3://scpca-references/homo_sapiens/ensembl-104/annotation/Homo_sapiens.GRCh38.104.spliced_intron.tx2gene_3col.tsv -- Cause: com.amazonaws.SdkClientException: Unable to execute HTTP request: No route to host (Host unreachable)
Error executing process > 'map_quant_rna:fry_quant_rna (run01-rna)'
 No route to host (Host unreachable)
''',
)

# ---------------------------------------------------------------- neurodesk/neurocommand#76 (1)

case(
    id='neurodeskpbs-retired-30days-fs-in-singularity-bindpath',
    kind='script',
    source='https://github.com/neurodesk/neurocommand/issues/76',
    thread_site='neurodesk/neurocommand#76 "problem mounting /30days when downloading Freesurfer image from CLI": on UQ\'s Awoonga cluster (PBS) the Neurodesk FreeSurfer container fails to start with this Singularity error; the reporter (a Neurodesk developer) explains that the HPC no longer provides the /30days file system while the Singularity bind paths still name it; closed',
    what='DOUBTFUL - the cause is the reporter\'s own and the closing change is not shown; the job environment asks Singularity to bind a file system the site has retired, and Singularity refuses to start the container; the cure is dropping /30days from the bind list (SINGULARITY_BINDPATH or -B) in the job, so labelled script; a file-system case; the line is the reporter\'s own (the installer\'s progress lines and the line break inside the message left out); not one of the ten sites - a PBS cluster - so mapped by scheduler family to Aurora; assumed shape - a one-node PBS job running a FreeSurfer command in the container, with the site-wide bind list exported in the script',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2\n#PBS -l place=scatter', '#PBS -l select=1'], ['module load frameworks\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=12\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'module load apptainer\nexport SINGULARITY_BINDPATH=/30days,/90days,/QRISdata\nsingularity exec freesurfer_7.1.1_20210225.simg recon-all -s sub01 -all']],
    log='''
FATAL:   container creation failed: mount /30days->/30days error: while mounting /30days: mount source /30days doesn't exist
''',
    expect={'families': ['containers', 'filesystem'], 'fix': r'(?m)(^\+\s*export\s+(SINGULARITY|APPTAINER)_BINDPATH=(?!\S*/30days)\S+|^-\s*export\s+SINGULARITY_BINDPATH=\S*/30days)'},
)

# ---------------------------------------------------------------- nanoporetech/dorado#1506 (1)

case(
    id='doradogh200-prebuilt-arm64-no-kernel-image',
    kind='not_script',
    source='https://github.com/nanoporetech/dorado/issues/1506',
    thread_site='nanoporetech/dorado#1506 "NVIDIA GH200 (96G): CUDA error: no kernel image is available for execution on the device": the pre-built linux-arm64 release of the dorado basecaller (1.1.1) downloads its models on a GH200 node and then stops with this CUDA error at the first kernel launch; closed (the closing comment is not in the excerpt; a sibling thread, #1594, reports GH200 users getting dorado to work by compiling it from source)',
    what='DOUBTFUL - the closing answer is not shown; the pre-built binary carries no GPU code for this GPU generation on this platform, so no job-script change can help - the cure is a build of the program that includes the GPU architecture (or a release that does), so not_script; a hardware-generation case; the lines are the asker\'s own (the paths, the PyTorch `TORCH_USE_CUDA_DSA` hint line - already in other sets - and the C++ stack frames left out); the thread names no site - a GH200 node under Slurm - so diagnosed on Vista (GH200); assumed shape - a one-GPU basecalling job started with srun',
    cluster='vista',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=32'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'export CUDA_LAUNCH_BLOCKING=1\n'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun dorado-1.1.1-linux-arm64/bin/dorado basecaller sup,5mCG_5hmCG pod5 --batchsize 0 --recursive --device cuda:all --trim all > calls.bam']],
    log='''
[2025-09-27 09:48:38.790] [info] > Creating basecall pipeline
[2025-09-27 09:48:39.361] [info] Using CUDA devices:
[2025-09-27 09:48:39.361] [info] cuda:0 - NVIDIA GH200 480GB
[2025-09-27 09:48:39.676] [error] CUDA error: no kernel image is available for execution on the device
''',
)

# ---------------------------------------------------------------- firemodels/fds#6713 (1)

case(
    id='fdsramslot-random-sigsegv-later-memtest-found-bad-dimm',
    kind='not_script',
    source='https://github.com/firemodels/fds/issues/6713',
    thread_site='firemodels/fds#6713 "forrtl: severe (174): SIGSEGV, segmentation fault occurred": an FDS 6.6 job on an 11-core, 32 GB Linux machine run through a job scheduler dies with random segmentation faults after running for a while, although the stack size is unlimited and 30 GB of memory was requested; the same job runs fine on other machines; the asker later reports that the cause was the RAM slots - memtest86 found two major errors; closed',
    what='faulty memory in the one machine - a hardware fault, not the job script: the stack limit was already unlimited and a larger memory request did not help (the asker\'s own reports), and the same job ran elsewhere; the lines are the asker\'s own (the traceback header and the last two frames left out); not one of the ten sites - a single Linux compute machine under a scheduler - so diagnosed on Stampede3 as a one-node CPU job; assumed shape - one MPI process with OpenMP threads started by ibrun',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -J train\n#SBATCH -p gpu-a100\n#SBATCH -N 2\n#SBATCH -n 6\n#SBATCH -t 02:00:00', '#SBATCH -J fds\n#SBATCH -p skx\n#SBATCH -N 1\n#SBATCH -n 1\n#SBATCH -t 48:00:00'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'module load fds\nulimit -s unlimited\nexport OMP_NUM_THREADS=11\nibrun fds job.fds']],
    log='''
forrtl: severe (174): SIGSEGV, segmentation fault occurred
fds                00000000059AAB24  Unknown               Unknown  Unknown
libpthread-2.23.s  00002B9B3D623390  Unknown               Unknown  Unknown
fds                0000000005E9C7F0  Unknown               Unknown  Unknown
fds                0000000005A8B326  MAIN__                    645  main.f90
''',
)

# ---------------------------------------------------------------- DeltaGroupNJUPT/Vina-GPU#31 (1)

case(
    id='vinagpu-segfault-only-under-sbatch-stack-limit-ulimit-s',
    kind='script',
    source='https://github.com/DeltaGroupNJUPT/Vina-GPU/issues/31',
    thread_site='DeltaGroupNJUPT/Vina-GPU#31 "Seg Fault ONLY when submitting with sbatch": a Vina-GPU docking run works when the asker runs the same script on the machine directly but segfaults right after setup when submitted with sbatch; the asker reports that setting `ulimit -s 8196` in the Slurm submission script solved it; closed',
    what='the program needs a different stack limit than the batch job gets from the submitting shell and the site\'s limits (a resource limit of the job\'s shell, set in the job script); the cure the asker reports is a `ulimit -s` line in the sbatch script, so labelled script; the regex accepts any `ulimit -s` setting, since the right value depends on the limit the job inherits; the lines are the asker\'s own (the long command line in the last line kept as posted); the thread names no site - a Slurm GPU cluster - so diagnosed on Delta; assumed shape - a one-GPU job that runs Vina-GPU from the batch step',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --cpus-per-task=8'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''], ['srun python -u train.py --batch-size 256 --epochs 32', 'Vina-GPU --receptor receptor/4no7_prot.pdbqt --ligand ligand_library/ligand_files/PV-000017780877_1_T1.pdbqt --out output/PV-000017780877_1_T1.pdbqt_out.pdbqt --log output/PV-000017780877_1_T1.pdbqt_out.log --center_x -8.654 --center_y 2.229 --center_z 19.715 --size_x 24.0 --size_y 26.25 --size_z 22.5 --thread 100']],
    log='''
Reading input ... done.
Setting up the scoring function ... done.
Analyzing the binding site ... done.
Using random seed: 319215121
/var/spool/slurm/d/job75896/slurm_script: line 10: 1763903 Segmentation fault      (core dumped) Vina-GPU --receptor receptor/4no7_prot.pdbqt --ligand ligand_library/ligand_files/PV-000017780877_1_T1.pdbqt --out output/PV-000017780877_1_T1.pdbqt_out.pdbqt --log output/PV-000017780877_1_T1.pdbqt_out.log --center_x -8.654 --center_y 2.229 --center_z 19.715 --size_x 24.0 --size_y 26.25 --size_z 22.5 --thread 100
''',
    expect={'families': ['resources', 'environment'], 'fix': r'(?m)^\+\s*ulimit\s+(-S\s+|-H\s+)?-s\s+(\d+|unlimited)\b'},
)

# ---------------------------------------------------------------- noaa-ocs-modeling/CoastalApp#15 (1)

case(
    id='coastalapp-source-modulefile-dir-mkl-lib-missing-on-ranks',
    kind='script',
    source='https://github.com/noaa-ocs-modeling/CoastalApp/issues/15',
    thread_site='noaa-ocs-modeling/CoastalApp#15 "`error while loading shared libraries: libmkl_intel_lp64.so` when submitting to Slurm on Hera": a coupled ADCIRC/WW3/NEMS run submitted with sbatch on NOAA\'s Hera fails at once - line 15 of the job script sources the model\'s `modulefiles/hera`, which is a directory, and every rank of NEMS.x then cannot load the MKL library; closed (the closing comment is not in the excerpt)',
    what='DOUBTFUL - the closing answer is not shown; the job script\'s environment step sources a directory instead of the module file inside it, so the compiler/MKL modules the model was built with are never loaded and the executable cannot find its libraries; the cure is the job script\'s module line (source the file under modulefiles/hera, or module use/load it), so labelled script; the regex accepts sourcing or loading a module file under modulefiles/hera; the lines are the asker\'s own (two of the repeated per-rank lines kept, paths as posted); not one of the ten sites - NOAA Hera, Slurm CPU nodes - so mapped by scheduler family to Anvil; assumed shape - a CPU MPI job whose line 15 sources the module directory, then srun NEMS.x',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['module load cray-mpich', 'source /scratch2/COASTAL/coastal/save/Zachary.Burnett/ADC-WW3-NWM-NEMS/modulefiles/hera'], ['srun --cpu-bind=cores ./solver input.dat', 'srun ./NEMS.x']],
    log='''
/var/spool/slurmd/job14587258/slurm_script: line 15: source: /scratch2/COASTAL/coastal/save/Zachary.Burnett/ADC-WW3-NWM-NEMS/modulefiles/hera: is a directory
/scratch2/COASTAL/coastal/save/Zachary.Burnett/flo/runs/a70_FLO_ATM_WAV2OCN_v2.1_new_hwrf_land_mask_hera/rt_20200306_h21_m45_s06r726/./NEMS.x: error while loading shared libraries: libmkl_intel_lp64.so: cannot open shared object file: No such file or directory
/scratch2/COASTAL/coastal/save/Zachary.Burnett/flo/runs/a70_FLO_ATM_WAV2OCN_v2.1_new_hwrf_land_mask_hera/rt_20200306_h21_m45_s06r726/./NEMS.x: error while loading shared libraries: libmkl_intel_lp64.so: cannot open shared object file: No such file or directory
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+\s*((source|\.)\s+\S*modulefiles/hera/\S+|module\s+(use|load)\s+\S*modulefiles/hera\S*)'},
)

# ---------------------------------------------------------------- marbl/canu#511 (1)

case(
    id='canupbspro-ovlstore-config-script-wrong-workdir-program-fix',
    kind='not_script',
    source='https://github.com/marbl/canu/issues/511',
    thread_site='marbl/canu#511 "another pbspro workdir issue?": a Canu 1.5 assembly run under PBS Pro stops near the end of the correction phase, where it configures the overlap store, with these lines - the generated step script is not started in the directory it expects, so the relative path to the overlap job list does not resolve; the Canu maintainer answers that it is the same bug as #485 in another step, fixed in the code (and the half-built store directory can be removed and the run restarted); closed',
    what='the workflow\'s own generated scripts start in the wrong directory under PBS Pro (which does not keep the submission directory) - a bug in the program\'s job generation, fixed by the maintainers, not in the user\'s job script; the lines are the asker\'s own (the blank line left out); not one of the ten sites - a PBS Pro cluster - so mapped by scheduler family to Polaris; assumed shape - a one-node PBS job running the Canu driver, which submits its own steps with qsub',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris\n#PBS -l place=scatter\n#PBS -l walltime=01:00:00', '#PBS -l select=1:system=polaris\n#PBS -l walltime=24:00:00'], ['module use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'canu -p banaMH17 -d banaMH17 genomeSize=550m -nanopore-raw reads.fastq.gz useGrid=true gridOptions="-A MyProject -l filesystems=home:eagle"']],
    log='''
Can't open './1-overlapper/ovljob.files': No such file or directory
Canu snapshot v1.5 +22 changes (r8222 700032eff25266fbd0757b006376d5635d12fa34) failed with:
  failed to generate configuration for building overlap store
''',
)
