# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'

PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'

# ---------------------------------------------------------------- script cases

case(
    id='arjuna264-lammps-env-outside-job-libfftw3-not-found',
    kind='script',
    source='https://github.com/ArjunaCluster/ArjunaUsers/issues/264',
    thread_site='CMU Arjuna (Slurm, CPU partition); a LAMMPS binary built in the user\'s home under a conda environment is started with `srun lmp` from a job script that sets up nothing; the user had run `conda activate LAMMPS` and `export PATH=...` on the login node before `sbatch`; the admin: set up the environment within the submission script, not outside of it (the spank x11 message can be ignored)',
    what='the job script does not activate the environment that provides the FFTW library the LAMMPS binary was linked against, so the loader cannot find libfftw3 on the compute node; the fix is in the job script (activate the conda environment / load the module / export the library path before srun); assumed shape - one LAMMPS task under srun on one Anvil CPU node, no environment setup in the script, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['module load cray-mpich\n', ''], [MPIAPP, 'srun lmp -in in.melt -l lmp.out']],
    log='''
/home/pmalakar/lammps/build//lmp: error while loading shared libraries: libfftw3.so.3: cannot open shared object file: No such file or directory
srun: error: d001: task 0: Exited with exit code 127
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(conda activate|source activate|module load|export (PATH|LD_LIBRARY_PATH)=)'},
)

case(
    id='canu444-lsf-mhap-array-default-one-hour-runlimit',
    kind='script',
    source='https://github.com/marbl/canu/issues/444',
    thread_site='an LSF cluster; Canu submits its mhap overlap jobs as an array job without a run-time request, and one of them is killed at the site default run limit of one hour; the Canu developer: the default wall clock time on your system is 1 hr, pass a longer limit through to the grid with gridOptions',
    what='the job that was killed asks for no run time, so it gets the one-hour site default - the fix is a longer time request in the job (`gridOptions` passes it to every job Canu submits); assumed shape - one task of an array job under srun on an Anvil CPU node with no `--time` request (LSF mapped to Slurm), diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --array=1-16'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=4'], ['#SBATCH --time=06:00:00\n', ''], ['module load cray-mpich\n', ''], [MPIAPP, 'srun ./mhap.sh "$SLURM_ARRAY_TASK_ID"']],
    log='''
TERM_RUNLIMIT: job killed after reaching LSF run time limit.
Exited with exit code 140.
    Run time :                                   3609 sec.
Running job 3 based on LSB_JOBINDEX=3 and offset=0.
User defined signal 2
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH (--time|-t)[= ]'},
)

case(
    id='vscdocs175-pbs-walltime-exceeded-limit',
    kind='script',
    source='https://github.com/hpcugent/vsc_user_docs/pull/175',
    thread_site='HPC-UGent (VSC, PBS/Torque) user documentation, troubleshooting chapter: the message a job prints when it runs past its requested walltime, and the advice - the job did not complete within the requested walltime, request more walltime',
    what='the job asked for less walltime than it needs; the fix is a larger `-l walltime` in the job script; assumed shape - a Polaris-style PBS job with a two-minute walltime request (HPC-UGent PBS mapped to Polaris PBS), diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l walltime=01:00:00', '#PBS -l walltime=00:02:00']],
    log='''
=>> PBS: job killed: walltime 146 exceeded limit 120
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#PBS -l walltime='},
)

case(
    id='nfcorernaseq867-star-oom-kill-cgroup-batch-step',
    kind='script',
    source='https://github.com/nf-core/rnaseq/issues/867',
    thread_site='nf-core/rnaseq on a Slurm cluster with a genome larger than the human one; the STAR alignment job is killed by the cgroup OOM handler because the memory the job asked for is too low (the reporter: "attributed memory is too low"), and the pipeline does not retry with more; the reporter found the fix in the pipeline usage docs (raise the STAR process memory in a custom resource config)',
    what='the STAR job asks Slurm for less memory than it uses; the fix is a larger memory request for that job (in nf-core, the process memory in a config file, which Nextflow writes as the job\'s `--mem`); assumed shape - the alignment as one srun task on an Anvil CPU node with too small a `#SBATCH --mem`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=12\n#SBATCH --mem=36G'], ['module load cray-mpich', 'module load star'], [MPIAPP, 'srun STAR --runThreadN 12 --genomeDir star_index --readFilesIn R1.fq.gz R2.fq.gz --readFilesCommand zcat --outSAMtype BAM Unsorted']],
    log='''
slurmstepd: error: Detected 39 oom-kill event(s) in StepId=36616044.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.
''',
    expect={'families': ['resources'], 'fix': r'(?m)^(\+#SBATCH --mem(-per-cpu|-per-gpu)?[= ]|-#SBATCH --mem=36G)'},
)

case(
    id='splicingnf119-star-killed-slurm-script-memory-60gb',
    kind='script',
    source='https://github.com/TheJacksonLaboratory/splicing-pipelines-nf/issues/119',
    thread_site='JAX Sumner (Slurm); the splicing pipeline\'s STAR process, given 60 GB in the Sumner executor config, exits 137 on a large mouse dataset after writing 26 GB BAMs; the maintainers: the memory requirement must be raised for the STAR process (60 GB -> 80 GB in conf/executors/sumner.config)',
    what='the STAR job\'s memory request is too small for the data; the fix is a larger memory request for that job (the executor config is what sets the job\'s `--mem`); assumed shape - STAR as one srun task on an Anvil CPU node with `#SBATCH --mem=60G`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=24\n#SBATCH --mem=60G'], ['module load cray-mpich', 'module load star'], [MPIAPP, 'srun STAR --runThreadN 24 --genomeDir star_index --readFilesIn B6_405_18M_MERGE_R1.fq.gz B6_405_18M_MERGE_R2.fq.gz --readFilesCommand zcat --outSAMtype BAM SortedByCoordinate']],
    log='''
slurm_script: line 72: 285848 Killed
  Process `star (B6_405_18M_MERGE)` terminated for an unknown reason -- Likely it has been terminated by the external system
''',
    expect={'families': ['resources'], 'fix': r'(?m)^(\+#SBATCH --mem(-per-cpu|-per-gpu)?[= ]|-#SBATCH --mem=60G)'},
)

case(
    id='cbio257-torque-moab-mem-soft-limit-default-1g',
    kind='script',
    source='https://github.com/cBio/cbio-cluster/issues/257',
    thread_site='MSKCC cBio cluster (Torque/Moab); a job submitted without a memory request gets the default 1 GB and Moab reports the soft-limit violation; the admin: either increase your requested memory or decrease the job\'s usage, e.g. `qsub -l mem=4G`',
    what='the job script requests no memory, so the job runs under the 1 GB default; the fix is an explicit memory request in the job script; assumed shape - a Polaris-style PBS job without a memory request (Torque/Moab mapped to PBS on Polaris), diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], [POL, 'mpiexec -n 1 --ppn 1 python refine_structure.py']],
    log='''
job 3264830 exceeded MEM usage soft limit
''',
    expect={'families': ['resources', 'scheduler'], 'fix': r'(?m)^\+#PBS -l .*mem='},
)

case(
    id='mpich6686-perlmutter-cpu-nodes-yaksa-cuda-init-no-device',
    kind='script',
    source='https://github.com/pmodels/mpich/issues/6686',
    thread_site='NERSC Perlmutter CPU-only nodes; a program linked against an MPICH built with CUDA support aborts in MPI_Init because the yaksa datatype engine tries to initialise CUDA on a node with no GPU; the MPICH developer: set `MPIR_CVAR_ENABLE_GPU=0` to prevent any CUDA initialisation at runtime; the reporter: that fixed that error',
    what='the job environment leaves MPICH\'s GPU support on for a CPU-only run; the fix is one environment setting in the job script (`export MPIR_CVAR_ENABLE_GPU=0`); assumed shape - an MPI program under srun on two Perlmutter CPU nodes with a CUDA-enabled MPICH, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A m0000'], ['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH -N 1', '#SBATCH -N 2'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks-per-node=128\n#SBATCH -c 2'], ['module load pytorch/2.3.1', 'module load mpich'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores ./mpi_app input.dat']],
    log='''
CUDA Error (yaksuri_cuda_init_hook:src/backend/cuda/hooks/yaksuri_cuda_init_hooks.c,173): no CUDA-capable device is detected
''',
    expect={'families': ['environment', 'library'], 'fix': r'(?m)^\+.*MPIR_CVAR_ENABLE_GPU=0'},
)

case(
    id='warpx4234-frontier-waitall-ofi-undeliverable-rx-match-mode',
    kind='script',
    source='https://github.com/BLAST-WarpX/warpx/issues/4234',
    thread_site='OLCF Frontier (Slurm, Cray MPICH over Slingshot-11), large 3D WarpX runs crash at random times in MPI_Waitall with an OFI UNDELIVERABLE completion error; the WarpX maintainer points to the OLCF known issue OLCFDEV-1597, and the cross-referenced PR BLAST-WarpX/warpx#4235 adds the documented workaround to the Frontier job script (`export MPICH_SMP_SINGLE_COPY_MODE=NONE`, plus `export FI_CXI_RX_MATCH_MODE=software` recommended by OLCF support; a 12-hour 384-node run with these settings did not fail)',
    what='DOUBTFUL - the fix the thread gives is environment settings in the job script (the centre\'s documented workaround for a system issue); a reader could call the underlying cause a Slingshot/MPICH system problem; assumed shape - WarpX under srun on many Perlmutter GPU nodes without those settings (Frontier mapped to Perlmutter: Cray EX, Slingshot-11, Cray MPICH, srun), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 1024'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./warpx.3d inputs_3d']],
    log='''
MPICH ERROR [Rank 8281] [job id 1410467.0] [Wed Aug 23 06:05:55 2023] [frontier01982] - Abort(136982671) (rank 8281 in comm 0): Fatal error in PMPI_Waitall: Other MPI error, error stack:
PMPI_Waitall(339)..............: MPI_Waitall(count=26, req_array=0x1006e9b0, status_array=0xfefafb0) failed
MPIDI_OFI_handle_cq_error(1062): OFI poll failed (ofi_events.c:1064:MPIDI_OFI_handle_cq_error:Input/output error - UNDELIVERABLE)
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*(FI_CXI_RX_MATCH_MODE=software|MPICH_SMP_SINGLE_COPY_MODE=NONE)'},
)

case(
    id='e3sm5750-frontier-mpas-wait-undeliverable-match-mode-software',
    kind='script',
    source='https://github.com/E3SM-Project/E3SM/issues/5750',
    thread_site='OLCF Frontier (Slurm, cray-mpich/8.1.23), an E3SM GMPAS-NYF case at 56 tasks per node fails in MPI_Wait with an OFI UNDELIVERABLE error; the E3SM developer: setting FI_CXI_RX_MATCH_MODE to software worked as expected (also for a 64 task-per-node case), and the team considers making it the Frontier default',
    what='the job environment leaves the CXI provider in hardware receive-matching mode; the fix stated is `export FI_CXI_RX_MATCH_MODE=software` in the job environment; assumed shape - an MPI model under srun on Perlmutter CPU nodes at 56 tasks per node (Frontier mapped to Perlmutter: Cray EX, Slingshot-11, Cray MPICH, srun), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A m0000'], ['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH -N 1', '#SBATCH -N 68'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks-per-node=56\n#SBATCH -c 2'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./e3sm.exe']],
    log='''
3725: MPICH ERROR [Rank 3725] [job id 1373423.0] [Thu Jul  6 13:56:00 2023] [frontier02817] - Abort(472526735) (rank 3725 in comm 0): Fatal error in PMPI_Wait: Other MPI error, error stack:
3725: PMPI_Wait(202).................: MPI_Wait(request=0x7fffffe49ec8, status=0x7fffffe6e350) failed
3725: MPIDI_OFI_handle_cq_error(1062): OFI poll failed (ofi_events.c:1064:MPIDI_OFI_handle_cq_error:Input/output error - UNDELIVERABLE)
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*FI_CXI_RX_MATCH_MODE=software'},
)

case(
    id='warpx3356-perlmutter-gpus-per-task-gpu-bind-ofi-canceled',
    kind='script',
    source='https://github.com/BLAST-WarpX/warpx/issues/3356',
    thread_site='NERSC Perlmutter, a 512-node WarpX run crashes in MPI_Send with an OFI CANCELED completion error; the job script still used `--gpus-per-task=1` and `--gpu-bind=single:1`; the maintainer asks to retry with BLAST-WarpX/warpx#3349, which drops those options (known HPE cgroup bugs with CUDA-aware MPI) for `--gpus-per-node=4` and `CUDA_VISIBLE_DEVICES=$SLURM_LOCALID`; BLAST-ImpactX/impactx#243 cites this issue for the same Perlmutter job-script change',
    what='DOUBTFUL - the GPU binding options of the job script trigger the crash on Perlmutter; the fix is in the job script (no per-task GPU binding, all GPUs per node with one exposed per rank, or one task per GPU); the thread does not show a final confirmation by the reporter; assumed shape - WarpX under srun on many Perlmutter GPU nodes with `--gpus-per-task=1 --gpu-bind=single:1`, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 512'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-task=1\n#SBATCH --gpu-bind=single:1'], ['module load pytorch/2.3.1', 'module load cray-mpich\nexport MPICH_GPU_SUPPORT_ENABLED=1'], [PM, 'srun --cpu-bind=cores ./warpx.3d inputs_3d']],
    log='''
MPICH ERROR [Rank 409] [job id 3072903.0] [Wed Aug 31 00:41:07 2022] [nid001780] - Abort(740940175) (rank 409 in comm 0): Fatal error in PMPI_Send: Other MPI error, error stack:
PMPI_Send(163).................: MPI_Send(buf=0x7fad8a147f90, count=1706944, MPI_CHAR, dest=408, tag=1615155, comm=0x84000003) failed
MPIDI_OFI_handle_cq_error(1059): OFI poll failed (ofi_events.c:1061:MPIDI_OFI_handle_cq_error:Input/output error - CANCELED)
''',
    expect={'families': ['devices', 'launcher'], 'fix': r'(?m)^(-#SBATCH --gpus-per-task=1|-#SBATCH --gpu-bind=single:1|\+#SBATCH --ntasks-per-gpu=1|\+.*CUDA_VISIBLE_DEVICES=\$SLURM_LOCALID)'},
)

case(
    id='e3sm8650-pm-gpu-after-maintenance-libcudart-so-13-not-found',
    kind='script',
    source='https://github.com/E3SM-Project/E3SM/issues/8650',
    thread_site='NERSC Perlmutter GPU nodes after the August maintenance (CUDA 13 installed on the system); every non-debug E3SM test builds but fails at start because the executable resolves libcudart.so.13 and cannot load it; the E3SM developer\'s fix is a job-environment setting already used for debug cases - `LD_LIBRARY_PATH=$CRAY_LD_LIBRARY_PATH:$LD_LIBRARY_PATH`',
    what='the job environment does not put the Cray programming-environment library path first, so the loader looks for a CUDA runtime that is not on the library path; the fix is an environment line in the job script (prepend `$CRAY_LD_LIBRARY_PATH` to `LD_LIBRARY_PATH`); assumed shape - an MPI model under srun on Perlmutter GPU nodes with the Cray modules loaded, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load PrgEnv-gnu cudatoolkit cray-mpich'], [PM, 'srun --cpu-bind=cores ./e3sm.exe']],
    log='''
...e3sm.exe: error while loading shared libraries: libcudart.so.13: cannot open shared object file: No such file or directory
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*LD_LIBRARY_PATH=\S*CRAY_LD_LIBRARY_PATH'},
)

case(
    id='rp1319-stampede-generated-script-commented-ntasks-directive',
    kind='script',
    source='https://github.com/radical-cybertools/radical.pilot/issues/1319',
    thread_site='TACC Stampede (Slurm with TACC\'s submission filter); the pilot job script that RADICAL-Pilot/SAGA generated has `# SBATCH --ntasks=16` (a space after `#`, so Slurm reads it as a comment) and TACC\'s filter rejects the job for having no core count; the generated script is shown in the thread',
    what='DOUBTFUL - the batch script lacks a task-count directive because the only `--ntasks` line is not a directive; the fix is in the job script (`#SBATCH --ntasks=16` / `#SBATCH -n 16`); the cause is read from the script shown in the thread (a generator bug), the thread\'s own closing comment is not visible; assumed shape - a TACC job started by ibrun with the task-count line written as `# SBATCH`, diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -N 2\n#SBATCH -n 6', '# SBATCH --ntasks=16\n#SBATCH -N 1'], ['module load cuda/12.2\n', ''], ['ibrun python train.py --epochs 10', 'ibrun python bootstrap_agent.py']],
    log='''
--> Submission error: please define total core count with the "-n" option
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^(\+#SBATCH (-n|--ntasks)[= ]|-# SBATCH --ntasks=16)'},
)

case(
    id='warpx3398-crusher-modules-not-loaded-in-job-hip-oom',
    kind='script',
    source='https://github.com/BLAST-WarpX/warpx/issues/3398',
    thread_site='OLCF Crusher (Slurm, AMD MI250X); a new WarpX user compiled successfully, but every example run with the sample Crusher submit script aborts at GPU initialisation with hipErrorOutOfMemory; the reporter\'s resolution: all the modules must be loaded in the job script',
    what='the job script does not load the modules (ROCm / programming environment) the executable was built with, so the GPU runtime fails at start-up; the fix is `module load` lines in the job script; assumed shape - WarpX under srun on one Perlmutter GPU node without the build modules loaded (Crusher mapped to Perlmutter: Cray EX, Slingshot, srun), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1\n', ''], [PM, 'srun --cpu-bind=cores ./warpx.3d inputs_3d']],
    log='''
amrex::Abort::1::HIP error in file WarpX/build/_deps/fetchedamrex-src/Src/Base/AMReX_GpuDevice.cpp line 402 hipErrorOutOfMemory !!!
SIGABRT
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+.*(module load|source \S*profile)'},
)

# ---------------------------------------------------------------- not-script cases

case(
    id='nesi53-diamond-module-missing-lmdb-dependency',
    kind='not_script',
    source='https://github.com/GenomicsAotearoa/metagenomics_summer_school/issues/53',
    thread_site='NeSI Mahuika (Slurm), a DIAMOND array job for a summer school; the centre module DIAMOND/2.1.9-GCC-11.3.0 did not load its LMDB dependency; the NeSI staff rebuilt the module with LMDB as a dependency, after which all ten array tasks completed',
    what='a broken site module (a missing dependency in the module build) - fixed by the centre, not by the job script; assumed shape - a CPU array job under srun on Anvil loading the site DIAMOND module, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1\n#SBATCH --array=1-10'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=16'], ['module load cray-mpich', 'module load DIAMOND/2.1.9-GCC-11.3.0'], [MPIAPP, 'srun diamond blastx -d nr.dmnd -q bin_${SLURM_ARRAY_TASK_ID}.faa -o bin_${SLURM_ARRAY_TASK_ID}.tsv']],
    log='''
diamond: error while loading shared libraries: liblmdb.so: cannot open shared object file: No such file or directory
''',
)

case(
    id='cactus884-toil-slurm-job-requests-no-gpu-accelerators',
    kind='not_script',
    source='https://github.com/ComparativeGenomicsToolkit/cactus/issues/884',
    thread_site='Progressive Cactus with --gpu on a Slurm GPU cluster through Toil\'s Slurm batch system; Cactus issues its LastzRepeatMaskJob with no accelerators, so Toil submits it without a GPU request and the GPU repeat masker finds no device (a Cactus bug, related to #844, whose fix makes the job request GPUs)',
    what='DOUBTFUL - the job that fails is submitted by Cactus/Toil itself with an empty accelerator list; the user\'s launch script asked for GPUs correctly and cannot change what Cactus requests for its child jobs - a bug of the workflow program; a reader could call the child job\'s request "the script"; assumed shape - the Cactus driver started on a Delta GPU node with a GPU request, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1'], [SRUNPY, 'cactus ./jobstore turtles.txt turtles.hal --gpu --batchSystem slurm --binariesMode singularity']],
    log='''
[2023-01-04T16:00:42-0800] [MainThread] [I] [toil.leader] Issued job 'LastzRepeatMaskJob' kind-LastzRepeatMaskJob/instance-ckyxwqlt v3 with job batch system ID: 128 and disk: 8.6 Gi, memory: 14.9 Gi, cores: 2, accelerators: [], preemptable: True
RuntimeError: Command ['singularity', '--silent', 'run', '/projects/CanSeq/scratch/cactus/turtles/jobstore/cactus.img', 'segalign_repeat_masker', '/var/tmp/ef06a20ba6935e179dc6f6b333895d53/94eb/c872/tmpdubq_9kd.tmp', '--lastz_interval=10000000', '--markend', '--neighbor_proportion', '0.2', '--M', '10', '--step=3', '--ambiguous=iupac,100,100'] exited 1: stdout=None, stderr=Using 2 threads
        Error: No GPU device found!
''',
)

case(
    id='pybnf642-srun-launcher-login-node-cpu-count',
    kind='not_script',
    source='https://github.com/lanl/PyBNF/issues/642',
    thread_site='a Slurm cluster where salloc opens its shell on the login node; the PyBNF srun launcher (added in #614) derives the CPUs per task from the login node\'s own processor count because SLURM_CPUS_ON_NODE is empty there, so the worker step asks for more CPUs than the allocation holds (root cause traced to pybnf/cluster.py, issue closed)',
    what='a bug in how the PyBNF launcher computes its srun request, not the user\'s job script; assumed shape - PyBNF started inside an allocation on one Anvil CPU node, its workers launched by srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['module load cray-mpich', 'module load anaconda'], [MPIAPP, 'pybnf -c fit.conf -t SLURM']],
    log='''
srun: error: Unable to create step for job NNNNN: More processors requested than permitted
''',
)

case(
    id='warpx4236-lumi-mpi-init-pmi-allgather-failed',
    kind='not_script',
    source='https://github.com/BLAST-WarpX/warpx/issues/4236',
    thread_site='LUMI (Slurm, HPE Cray EX, Cray MPICH over Slingshot-11), large 3D WarpX runs abort in MPI_Init_thread before WarpX starts; the maintainer: this looks exactly like the OLCF known system bug OLCFDEV-1655 (occasional fault during MPI init) and asks the reporter to open a ticket with LUMI support',
    what='DOUBTFUL - an intermittent failure of the system MPI/PMI start-up at scale, a known bug of the Cray software stack handled with the centre, not a fault of the job script; the centre could still name a job-environment workaround; assumed shape - WarpX under srun on many Perlmutter GPU nodes (LUMI mapped to Perlmutter: Cray EX, Slingshot-11, Cray MPICH, srun), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 256'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./warpx.3d inputs_3d']],
    log='''
MPICH ERROR [Rank 0] [job id 4292261.0] [Thu Aug  3 00:01:58 2023] [nid006593] - Abort(1616271) (rank 0 in comm 0): Fatal error in PMPI_Init_thread: Other MPI error, error stack:
MPIR_Init_thread(170).......:
MPID_Init(501)..............:
MPIDI_OFI_mpi_init_hook(805):
MPIDU_bc_table_create(204)..:  PMI_Allgather failed: -1
''',
)

case(
    id='scream2337-frontier-512-node-runs-unstable-barrier-segfault',
    kind='not_script',
    source='https://github.com/E3SM-Project/scream/issues/2337',
    thread_site='OLCF Frontier, ten identical 512-node SCREAM ne1024pg2 production runs: five succeed, five fail at different points for different reasons (an MPI_Barrier error in Cray MPICH, segmentation faults of single tasks, one with no message); documented as Frontier instability',
    what='the same job script succeeds in half of identical runs and the failures occur at different points with different symptoms - system instability of the machine at that time, not a fault of the launch script; assumed shape - SCREAM under srun on many Perlmutter GPU nodes (Frontier mapped to Perlmutter: Cray EX, Slingshot-11, Cray MPICH, srun), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 512'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./e3sm.exe']],
    log='''
 120: MPICH ERROR [Rank 120] [job id 1310298.0] [Fri Apr 28 12:08:17 2023] [frontier00314] - Abort(609820559) (rank 120 in comm 0): Fatal error in PMPI_Barrier: Other MPI error, error stack:
 120: PMPI_Barrier(280)...................: MPI_Barrier(comm=comm=0xc4000033) failed
srun: error: frontier02038: task 872: Segmentation fault
srun: launch/slurm: _step_signal: Terminating StepId=1310827.0
''',
)

case(
    id='sisyphus305-returnn-worker-usage-file-eio-hpcwork',
    kind='not_script',
    source='https://github.com/rwth-i6/sisyphus/issues/305',
    thread_site='RWTH Aachen CLAIX (Slurm), a RETURNN training job run by a Sisyphus worker; the worker\'s logging thread dies with EIO writing its usage file on the HPCWORK file system while the job itself continues; the reporter: some random file-system hiccup',
    what='a transient I/O error of the cluster\'s shared file system - not the launch script; assumed shape - the training under srun on one Delta GPU node writing to a shared work directory, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1'], [SRUNPY, 'srun python3 returnn/rnn.py returnn.config']],
    log='''
Exception in thread Thread-2:
Traceback (most recent call last):
  File ".../tools/sisyphus/sisyphus/worker.py", line 130, in run
    log_usage(resources)
  File ".../tools/sisyphus/sisyphus/worker.py", line 78, in log_usage
    with open(usage_file_path, "w") as usage_file:
OSError: [Errno 5] Input/output error: '.../work/i6_core/returnn/training/ReturnnTrainingJob.1KSN5KXuom2X/usage.run.1'
''',
)

case(
    id='e3sm6533-pm-cpu-sum-of-areas-not-4pi-suspect-nodes',
    kind='not_script',
    source='https://github.com/E3SM-Project/E3SM/issues/6533',
    thread_site='NERSC Perlmutter CPU nodes; E3SM cases fail intermittently at initialisation with a sanity check on the global grid-cell areas; a developer notes the check failing means data corruption, usually in the MPI system; the issue is resolved as at least two suspect nodes (nid004324, nid006855) on the machine',
    what='faulty compute nodes corrupt data in the run - hardware/node state handled by the centre, not the launch script; assumed shape - an MPI model under srun on Perlmutter CPU nodes, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A m0000'], ['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH -N 1', '#SBATCH -N 8'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks-per-node=128\n#SBATCH -c 2'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./e3sm.exe']],
    log='''
ERROR: sum of areas on globe does not equal 4*pi
''',
)

case(
    id='scream933-theta-sick-node-cloud-optics-out-of-range',
    kind='not_script',
    source='https://github.com/E3SM-Project/scream/issues/933',
    thread_site='ALCF Theta (Cray XC40, Cobalt, aprun); SCREAM jobs stop in a range check of the shortwave cloud optics during time stepping, at varying steps, while the same setup sometimes runs fine; the developer traced every failure to the same compute node (nid00985) and reported it to the centre, asking how to exclude a node on Theta',
    what='a sick compute node corrupts values in the run - hardware/node state for the centre, not the launch script (excluding the node is only a workaround); assumed shape - the model under srun on Perlmutter CPU nodes (Theta mapped to Perlmutter, the other Cray system; no site of the ten runs Cobalt/aprun), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -A m0000_g', '#SBATCH -A m0000'], ['#SBATCH -C gpu', '#SBATCH -C cpu'], ['#SBATCH -N 1', '#SBATCH -N 16'], ['#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 32', '#SBATCH --ntasks-per-node=64\n#SBATCH -c 4'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./e3sm.exe']],
    log='''
ERROR: get_cloud_optics_sw: ssa_out outside valid range (or asm_out outside of valid range)
''',
)

case(
    id='noresm587-betzy-bad-nodes-ucx-ud-endpoint-timeout',
    kind='not_script',
    source='https://github.com/NorESMhub/NorESM/issues/587',
    thread_site='Sigma2 Betzy (Slurm, InfiniBand); NorESM runs crash repeatedly with a UCX UD endpoint timeout whenever they land on nodes b1373-b1375 and b1382; with those nodes excluded the model runs; the reporter notified Sigma2',
    what='faulty nodes / their fabric links - a hardware problem for the centre, not the launch script (excluding the nodes with `--exclude` is only a workaround until the centre repairs them); assumed shape - the coupled model under srun on many Anvil CPU nodes (Betzy mapped to Anvil: Slurm, InfiniBand, AMD CPU nodes), diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=16'], ['#SBATCH --ntasks-per-node=64\n#SBATCH --cpus-per-task=2', '#SBATCH --ntasks-per-node=128\n#SBATCH --cpus-per-task=1\n#SBATCH --export=ALL'], ['module load cray-mpich', 'module load openmpi'], [MPIAPP, 'srun ./cesm.exe']],
    log='''
208: [b1374:545909:0:545909] ud_ep.c:278 Fatal: UD endpoint 0xaff0a40 to : unhandled timeout error 208: ==== backtrace (tid: 545909) ==== 208: 0 0x000000000005e810 uct_ud_ep_deferred_timeout_handler() .....
''',
)

case(
    id='picongpu4561-frontier-pqs-higuera-cary-gpu-memory-access-fault',
    kind='not_script',
    source='https://github.com/ComputationalRadiationPhysics/picongpu/issues/4561',
    thread_site='OLCF Frontier (Slurm, AMD MI250X, HIP backend), the PIConGPU LaserWakefield example with the stock Frontier profile and submit template; the run crashes reproducibly after the first time step only when the Higuera-Cary pusher and the PQS particle shape are combined - every other pusher/shape combination runs (issue labelled bug, HIP backend)',
    what='a bug in the program (or its HIP code generation) for one pusher/shape combination - the same job script runs every other combination, so the launch script is not at fault; assumed shape - the simulation under srun on Perlmutter GPU nodes (Frontier mapped to Perlmutter: Cray EX, Slingshot, srun; the AMD-specific message is kept as posted), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./bin/picongpu -d 2 2 2 -g 192 2048 192 -s 100 -p 1']],
    log='''
Memory access fault by GPU node-11 (Agent handle: 0x917be0) on address 0x7ece8ca0d000. Reason: Unknown.
''',
)

case(
    id='shamrock2339-adastra-luminosity-kernel-out-of-bounds-multinode',
    kind='not_script',
    source='https://github.com/Shamrock-code/Shamrock/issues/2339',
    thread_site='CINES Adastra (Slurm, HPE Cray EX, AMD MI250X); a Shamrock SPH simulation on two or more nodes with compute_luminosity enabled systematically aborts with a GPU memory access fault; the developer: probably an out-of-bound memory access in the luminosity kernel, a PR to fix it follows (issue closed)',
    what='an out-of-bounds access in the program\'s luminosity kernel - a bug in user/application code, not the launch script; assumed shape - the simulation under srun on two Perlmutter GPU nodes (Adastra mapped to Perlmutter: Cray EX, Slingshot, srun; the AMD-specific message is kept as posted), diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load cray-mpich'], [PM, 'srun --cpu-bind=cores ./shamrock --sycl-cfg auto:HIP --rscript run_sph.py']],
    log='''
Memory access fault by GPU node-XX (Agent handle: 0x8124d0) on address 0x1550c5001000. Reason: Unknown.
!!! Received signal : Aborted (code 6) from world rank 4
''',
)
