# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'
TR1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
LIGHT = 'srun python train.py trainer.devices=4 trainer.num_nodes=2'
PYX = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
IBRUN = 'ibrun python train.py --epochs 10'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
MPIAPP = 'srun --cpu-bind=cores ./solver input.dat'

case(
    id='reproman549-lonestar-sbatch-no-queue-p',
    kind='script',
    source='https://github.com/ReproNim/reproman/issues/549',
    thread_site='TACC Lonestar 5: `reproman run --sub slurm` submits a generated batch script with no partition; the TACC submit filter rejects it; the follow-up (ReproNim/reproman#550) shows the workaround of passing `-p normal` to sbatch',
    what='the batch script names no partition (`-p`), which the TACC submit filter requires; the fix is a `#SBATCH -p <queue>` directive; assumed shape - a TACC ibrun job whose `#SBATCH -p` line is missing, diagnosed as on Lonestar6 (same TACC submit filter family)',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100\n', '']],
    log='''
2020-10-09 14:56:16,942 [ERROR  ] CommandError: command '['sbatch', '/home1/03372/yoh/testslurm/.reproman/jobs/local/20201009-145615-463e/submit']' failed with exitcode 1
| -----------------------------------------------------------------
|           Welcome to the Lonestar 5 Supercomputer
| -----------------------------------------------------------------
|
| --> Submission error: all jobs must have a queue name specified with "-p"
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+#SBATCH (-p|--partition)[= ]?\S+'},
)

case(
    id='nipype1988-stampede-sbatch-no-queue-p',
    kind='script',
    source='https://github.com/nipy/nipype/issues/1988',
    thread_site='TACC Stampede: a nipype workflow (PyNets) submits its nodes with the SLURM plugin and no partition; a maintainer - you are not giving the partition option (`-p`); the user fixed the sbatch arguments',
    what='the generated batch job carries no `-p` partition, which TACC requires; the fix is to give the partition (`#SBATCH -p ...` / sbatch arguments); assumed shape - a TACC srun-torchrun job without its `#SBATCH -p` line, diagnosed as on Stampede3',
    cluster='stampede3',
    script='tacc_torchrun_per_node.sh',
    replace=[['#SBATCH -p gpu-a100\n', '']],
    log='''
RuntimeError: Could not submit sbatch task for node imp_est
Command:
sbatch  -o /tmp/tmpuFQA21/PyNets_WORKFLOW/batch/slurm-%j.out -e /tmp/tmpuFQA21/PyNets_WORKFLOW/batch/slurm-%j.out -J imp_est.PyNets_WORKFLOW.dpisner /tmp/tmpuFQA21/PyNets_WORKFLOW/batch/batchscript_pyscript_20170501_013001_PyNets_WORKFLOW_imp_est.sh
Standard output:
-----------------------------------------------------------------
              Welcome to the Stampede Supercomputer
-----------------------------------------------------------------

--> Submission error: all jobs must have a queue name specified with "-p"
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+#SBATCH (-p|--partition)[= ]?\S+'},
)

case(
    id='sicelore22-sge-dash-S-shell-read-as-core-spec',
    kind='script',
    source='https://github.com/ucagenomix/sicelore-2.1/issues/22',
    thread_site='sicelore-2.1 Nextflow pipeline run with the Slurm executor; its config sets `process.clusterOptions = \'-S /bin/bash\'` (an SGE option), which Nextflow writes as an `#SBATCH` line; sbatch reads `-S` as `--core-spec`',
    what='the batch script carries the SGE shell option `-S /bin/bash` as an #SBATCH directive; in Slurm `-S` is `--core-spec` and wants a number; the fix is to drop the directive (the shebang already selects bash); assumed shape - a one-node srun job with `#SBATCH -S /bin/bash` added to its directives, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00\n', '#SBATCH --time=02:00:00\n#SBATCH -S /bin/bash\n']],
    log='''
sbatch: error: Invalid numeric value "/bin/bash" for --core-spec.
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^-#SBATCH -S /bin/bash'},
)

case(
    id='nextflow2431-sge-l-hvmem-option-to-sbatch',
    kind='script',
    source='https://github.com/nextflow-io/nextflow/issues/2431',
    thread_site='a Nextflow RNA-seq pipeline whose config sets `clusterOptions = { "-l h_vmem=... -S /bin/bash" }` (SGE syntax) while the jobs are submitted with sbatch on a Slurm site',
    what='the job script passes SGE resource syntax (`-l h_vmem=...`) to sbatch, which has no `-l` option; the fix is to write the memory request in Slurm form (`--mem`) or drop the SGE options; DOUBTFUL - the thread names the sge executor although sbatch answers, and no maintainer reply is in the part read; assumed shape - a one-node srun job with `#SBATCH -l h_vmem=15G -S /bin/bash` among its directives, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00\n', '#SBATCH --time=02:00:00\n#SBATCH -l h_vmem=15G -S /bin/bash\n']],
    log='''
Command output:
  sbatch: invalid option -- 'l'
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^-#SBATCH -l h_vmem'},
)

case(
    id='raredisease581-dardel-atp-slurm-conf-empty',
    kind='script',
    source='https://github.com/nf-core/raredisease/issues/581',
    thread_site='PDC Dardel (HPE Cray EX, Slurm): nf-core/raredisease submits its tasks with sbatch from a shell where the `atp` module is loaded by default; atp points SLURM_CONF at a per-user file it truncates and rewrites; nf-core/configs#739 (same error) - a `unset SLURM_CONF` before running nextflow helps, PDC notified',
    what='the job environment points SLURM_CONF at an empty per-user file written by the `atp` module, so every Slurm client in the job fails to read its configuration; the fix in the script is `unset SLURM_CONF` (or not loading atp) before the Slurm commands; DOUBTFUL - a site default (atp loaded by default) is the root, with the script workaround given in the sibling thread; assumed shape - a Cray (Perlmutter-style) GPU job that loads `atp` before srun, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['module load pytorch/2.3.1\n', 'module load pytorch/2.3.1 atp\n']],
    log='''
Command output:
  sbatch: s_p_parse_file: file "/cfs/klemming/home/h/halfdan/.atp/x86_64/slurm.conf" is empty
  sbatch: error: ClusterName needs to be specified
  sbatch: fatal: Unable to process configuration file
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^(\+.*unset SLURM_CONF|-.*module load .*atp)'},
)

case(
    id='plumed667-gmx-mpi-ntmpi-without-thread-mpi',
    kind='script',
    source='https://github.com/plumed/plumed2/issues/667',
    thread_site='GROMACS patched with PLUMED, run as `mpiexec -np 3 gmx_mpi mdrun -v -s dynamics.tpr -plumed plumed.dat -ntomp 1 -ntmpi 2`; the MPI build has no thread-MPI, so `-ntmpi` is refused; the PLUMED maintainer - PLUMED does not work with thread-MPI, use real MPI ranks (mpiexec -np N with gmx_mpi)',
    what='the launch line gives the thread-MPI option `-ntmpi` to the MPI build `gmx_mpi`; ranks must come from the MPI launcher, so the fix is to drop `-ntmpi` from the mdrun line; assumed shape - a CPU MPI job that starts `gmx_mpi mdrun ... -ntomp 1 -ntmpi 2` with srun, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, 'srun --cpu-bind=cores gmx_mpi mdrun -v -s dynamics.tpr -plumed plumed.dat -ntomp 1 -ntmpi 2']],
    log='''
Setting the number of thread-MPI ranks is only supported with thread-MPI and GROMACS was compiled without thread-MPI.
''',
    expect={'families': ['launcher', 'program'], 'fix': r'(?m)^-.*gmx_mpi mdrun .*-ntmpi'},
)

case(
    id='genopred46-snakemake-profile-invalid-partition',
    kind='script',
    source='https://github.com/opain/GenoPred/issues/46',
    thread_site='GenoPred run with `snakemake --profile slurm`; the shipped Slurm profile submits every rule to the authors\' partition `brc`, which does not exist on the user\'s cluster',
    what='the submitted job names a partition (`brc`) that this cluster does not have; the fix is the partition directive (a partition of this site, or none for the default); DOUBTFUL - the maintainer\'s reply is not in the part read, the cause is the error text itself; assumed shape - a one-node srun job with `#SBATCH --partition=brc`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00\n', '#SBATCH --time=02:00:00\n#SBATCH --partition=brc\n']],
    log='''
rule install_ggchicklet:
    output: resources/software/install_ggchicklet.done
    jobid: 2
    resources: cpus=1, mem_mb=8000, time_min=480

sbatch: error: invalid partition specified: brc
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^-#SBATCH --partition=brc'},
)

case(
    id='verkko209-sbatch-must-specify-account',
    kind='script',
    source='https://github.com/marbl/verkko/issues/209',
    thread_site='verkko `--slurm` on a site that rejects jobs without an account; the user tried passing `-A MyAccount -p prod` through `--snakeopts`/`--cluster`, and the submitted jobs still carried no account',
    what='the batch job reaches sbatch without `--account`, which this site requires; the fix is an `#SBATCH --account=...` directive (or `-A` on the submit line); assumed shape - a one-node srun GPU job with no account directive, diagnosed as on Delta (which also requires --account)',
    cluster='delta',
    script='srun_python.sh',
    log='''
sbatch: error: You must specify an account!
''',
    # s38relabel: sbatch requires an account and the script names none; the account is a value only the user has (sacctmgr), in neither log, script nor profile: the right answer asks for it
    expect={'families': ['scheduler'], 'ask': True, 'ask_for': ['account']},
)

case(
    id='ert9000-sbatch-time-float-seconds',
    kind='script',
    source='https://github.com/equinor/ert/issues/9000',
    thread_site='ert forward-model jobs on a Slurm site with `QUEUE_OPTION SLURM MAX_RUNTIME 3600`; the driver wrote `--time=3600.0`, which sbatch rejects; the reporter ran the same sbatch line by hand with `--time=3600` and it worked',
    what='the job asks for its time limit in a form Slurm does not parse (a float, `3600.0`); the fix is the time directive in a valid Slurm format (minutes, or HH:MM:SS); assumed shape - a one-node srun job whose `#SBATCH --time` reads `3600.0`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00\n', '#SBATCH --time=3600.0\n']],
    log='''
RuntimeError: Command "sbatch --job-name=MODEL_0 --chdir=/ert/output/simulations/realisation-0/iter-0 --parsable --output=MODEL_0.stdout --error=MODEL_0.stderr --ntasks=1 --mem=11G --time=3600.0 --partition=longq /ert/output/simulations/realisation-0/iter-0/.slurm_submit_u73vwnk2.sh" failed with exit code 255, output: "<empty>", and error: "sbatch: error: Invalid --time specification"
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^-#SBATCH --time=3600\.0'},
)

case(
    id='sratools91-lsf-bsub-directives-under-sbatch-no-time',
    kind='script',
    source='https://github.com/ncbi/sra-tools/issues/91',
    thread_site='HMS O2 (Slurm): a user moving from LSF submits fastq-dump jobs with `sbatch --wrap` whose text still carries `#BSUB -n 12 / -W 480:00 / -q park_long` lines; Slurm ignores them, and the site filter wants a run-time limit',
    what='the job script carries LSF `#BSUB` directives, which sbatch ignores, so the job has no time limit and the site rejects it; the fix is the Slurm time request (`#SBATCH -t ...`, and the other #BSUB lines as #SBATCH); DOUBTFUL - the thread is about a fastq-dump network error and nobody answers this part, the cause is in the message itself; assumed shape - a one-node srun job whose `#SBATCH --time` line is replaced by the three #BSUB lines, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00\n', '#BSUB -n 12\n#BSUB -W 480:00\n#BSUB -q park_long\n']],
    log='''
There was an error running the Slurm sbatch command.
The command was:
'/usr/bin/sbatch --wrap="#!/bin/bash
#BSUB -n 12
#BSUB -W 480:00
#BSUB -q park_long
#BSUB -R "rusage[mem=12000]"
#BSUB -N
/n/data1/hms/dbmi/park/alon/software/sratoolkit.2.8.2-1-centos_linux64/bin/fastq-dump --split-3 SRR998295
"'
and the output was:
'sbatch: error: Job not submitted: please specify runtime limit with -t.
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^\+#SBATCH (-t|--time)[= ]?\S+'},
)

case(
    id='mrbiomics24-snakemake-job-no-partition-no-default',
    kind='script',
    source='https://github.com/epigen/MrBiomics/issues/24',
    thread_site='MrBiomics (Snakemake 8 modules) on a Slurm site without a default partition: the module-specific default profile is not applied, and with the global default lines commented out the submitted jobs carry no partition at all',
    what='the submitted job names no partition and the site has no default one; the fix is a partition directive in the job (`#SBATCH --partition=...`); DOUBTFUL - the thread is about which Snakemake profile wins, the missing partition is the immediate cause; assumed shape - a CPU MPI job with no partition directive, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    log='''
WorkflowError:
SLURM job submission failed. The error message was sbatch: error: Batch job submission failed: No partition specified or system default partition
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^\+#SBATCH (-p|--partition)[= ]?\S+'},
)

case(
    id='daskjobqueue15-empty-partition-swallows-account-flag',
    kind='script',
    source='https://github.com/dask/dask-jobqueue/issues/15',
    thread_site='early dask-jobqueue SLURMCluster(project=\'ewhite\') on UF HiPerGator: the generated job header had an empty queue option, so sbatch took the next flag as its value and `ewhite` was left as a stray argument; fixed by not writing `-p` when no queue is set (dask/dask-jobqueue#19, "Closes #15")',
    what='the job header has a `-p` directive with no value, which swallows the following `-A` so the account name becomes a stray argument; the fix is to drop the empty partition directive (or give it a value); assumed shape - a one-node srun job with `#SBATCH -p` (empty) followed by `#SBATCH -A ewhite`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00\n', '#SBATCH --time=02:00:00\n#SBATCH -p\n#SBATCH -A ewhite\n']],
    log='''
>>> cluster = SLURMCluster(project='ewhite')
>>> cluster.start_workers(3)
sbatch: error: Invalid argument: ewhite
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^-#SBATCH -p\s*$'},
)

case(
    id='tusas149-memory-growth-oom-on-cray-nodes',
    kind='not_script',
    source='https://github.com/chrisknewman/tusas/issues/149',
    thread_site='tusas (finite-element code) on the rcinante Cray system: ranks are OOM-killed; `free` on the node shows memory use growing during the run, not seen on other systems; the developer fixed it in the code and notes that similar fixes are needed on other branches',
    what='memory use of the program grows during the run until the tasks are OOM-killed; the fix was in the application code, not in the job script (no directive change asked for); DOUBTFUL - the code change itself is not quoted in the part read; assumed shape - a Cray srun job, diagnosed as on Perlmutter',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    log='''
slurmstepd: error: Detected 1 oom_kill event in StepId=440575.0. Some of the step tasks have been OOM Killed.
srun: error: nid001277: tasks 1-3: Out Of Memory
srun: Terminating StepId=440575.0
slurmstepd: error: *** STEP 440575.0 ON nid001277 CANCELLED AT 2023-12-05T07:16:01 ***
''',
)

case(
    id='e3sm1483-edison-debug-qos-29h-time-limit',
    kind='script',
    source='https://github.com/E3SM-Project/E3SM/issues/1483',
    thread_site='NERSC Edison (Cray XC, Slurm): CIME submitted case.run with `--time 29:00:00 -p debug`; the debug partition allows far less, so sbatch refused it; the reporter shows that running the same sbatch line by hand prints "Requested time limit is invalid (missing or exceeds some limit)"',
    what='the job asks the debug partition/QOS for 29 hours, beyond its limit; the fix is the time or the partition/QOS directive (a shorter --time, or the regular QOS); the sbatch line that names the cause repeats an earlier set word for word and is cut; assumed shape - a Perlmutter GPU job with `-q debug` and `-t 29:00:00`, diagnosed as on Perlmutter (same Cray/NERSC family)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -q regular\n', '#SBATCH -q debug\n'], ['#SBATCH -t 02:00:00\n', '#SBATCH -t 29:00:00\n']],
    log='''
Submit job case.run
Submitting job script sbatch   --time 29:00:00 -p debug --account acme case.run
ERROR: Command: 'sbatch   --time 29:00:00 -p debug --account acme case.run ' failed with error 'None'
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^(-#SBATCH -t 29:00:00|-#SBATCH -q debug)'},
)

case(
    id='gfsworkflow1089-multiprog-cfile-without-task-ranks',
    kind='script',
    source='https://github.com/NOAA-EMC/global-workflow/issues/1089',
    thread_site='NOAA Hera (Slurm): the gdasgldas job builds a command file with one copygb command per line and runs it with `srun -l --export=ALL -n 84 --multi-prog ./cfile`; srun rejects the file, whose lines carry no task ranges; fixed by not using the command-file (MPMD) launch on Hera (global-workflow PR #1094, USE_CFP=NO)',
    what='the launch line hands `srun --multi-prog` a command file whose lines are bare commands, while the multi-prog format needs a task range in front of each command; the fix is in the job script - write `<rank> <command>` lines or run the commands without `--multi-prog`; the error line is cut where the stored thread text ends; assumed shape - a CPU job that writes ./cfile in a loop and starts it with srun --multi-prog, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, 'rm -f ./cfile\nfor hh in 12 18 00 06; do\n  echo "copygb -i3 \'-g255 0 2881 1441 90000 0 128 -90000 360000 125 125\' -x gdas.${hh} grib.${hh}" >> ./cfile\ndone\nsrun -l --export=ALL -n 84 --multi-prog ./cfile']],
    log='''
+ gldas_forcing.sh[75](20211222): echo '/scratch2/NCEPDEV/nwprod/hpc-stack/libs/hpc-stack/intel-18.0.5.274/grib_util/1.2.2/bin/copygb -i3 '\\''-g255 0 2881 1441 90000 0 128 -90000 360000 125 125'\\'' -x gdas.2021122206 grib.06'
+ gldas_forcing.sh[77](20211222): srun -l --export=ALL -n 84 --multi-prog ./cfile
srun: error: Invalid task range specification
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(-.*srun .*--multi-prog \./cfile|\+.*echo "(\$\{?\w+\}?|\d+(-\d+)?)\s+copygb)'},
)

case(
    id='emcverif133-multiprog-fewer-lines-than-tasks',
    kind='script',
    source='https://github.com/NOAA-EMC/EMC_verif-global/issues/133',
    thread_site='NOAA Hera: EMC_verif-global inside global-workflow; the job is given 4 tasks (ppn=4) while the METplus task file written for `srun --multi-prog` has nproc=1 lines, so srun finds no command for task 1; the reporter fixed it by passing `--ntasks ${nproc}` to that srun, the maintainer by giving the job a single task by default (global-workflow PR #2804)',
    what='the multi-prog srun inherits more tasks from the allocation than the command file has lines; the fix in the job script is to give that srun the task count of the file (`--ntasks`), or to ask the job for one task; assumed shape - a one-node job with 4 tasks that writes a one-line task file and runs `srun --multi-prog` on it, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n', '#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n'],
             [MPIAPP, 'nproc=1\necho "0 ./run_metplus.sh grid2grid_step1" > task-file\nsrun --multi-prog task-file']],
    log='''
Running as part of global-workflow fails in exgrid2grid_step2.sh with srun: no record for task id 1
''',
    expect={'families': ['launcher', 'resources'], 'fix': r'(?m)^(\+.*srun .*(--ntasks|-n)[= ]?\S+|\+#SBATCH --ntasks(-per-node)?=1\s*$)'},
)

case(
    id='esmtools383-hostfile-srun-invalid-echam-range',
    kind='script',
    source='https://github.com/esm-tools/esm_tools/issues/383',
    thread_site='AWI Ollie (Slurm): an AWI-ESM-2.1 run is started with `srun --multi-prog hostfile_srun`; the generated file gives ECHAM the rank range `0--1` (no ranks) and FESOM `1-288`, so srun refuses line 1; the expected file gives ECHAM nproca*nprocb ranks from the namelist',
    what='the multi-prog configuration of the launch gives the first program an invalid task range; the fix is the range line (ECHAM on 0-575 for 24x24 ranks, FESOM after it); DOUBTFUL - the file is written by esm_tools from its configuration, so the lasting fix is in the tool, the immediate one in the launch file; assumed shape - a CPU job that writes hostfile_srun with a heredoc and starts it with srun --multi-prog, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, "cat > hostfile_srun <<'EOF'\n0--1  ./echam6\n1-288  ./fesom\nEOF\nsrun -l --kill-on-bad-exit=1 --multi-prog hostfile_srun"]],
    log='''
srun: error: Invalid task range specification
srun: error: Line 1 of configuration file hostfile_srun invalid
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^(-0--1\s+\./echam6|\+\d+-\d+\s+\./echam6)'},
)

case(
    id='batchtools232-prince-rejects-ntasks',
    kind='script',
    source='https://github.com/mlr-org/batchtools/issues/232',
    thread_site='NYU Prince (Slurm, site submit filter): R batchtools submits its Slurm template; the filter rejects jobs that specify --ntasks and asks for --nodes with --tasks-per-node; the user later got it to submit after changing the submission',
    what='the job requests its tasks with `--ntasks`, which this site refuses; the fix is the directive form the filter names (`--nodes` with `--tasks-per-node`); DOUBTFUL - the template shown has no --ntasks line and the user does not say what changed; assumed shape - a one-node job whose directives use `--ntasks=1`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n', '#SBATCH --ntasks=1\n']],
    log='''
Submitting 10 jobs in 10 chunks using cluster functions 'Slurm' ...
Error: Fatal error occurred: 101. Command 'sbatch' produced exit code 1. Output: 'sbatch: error: Plase do not specify --ntasks on prince cluster, try to use --nodes and --tasks-per-node together
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^(-#SBATCH --ntasks=1|\+#SBATCH --(tasks-per-node|ntasks-per-node)=\d+)'},
)

case(
    id='gfsworkflow3995-ntasks-only-request-taskprolog-hera',
    kind='script',
    source='https://github.com/NOAA-EMC/global-workflow/issues/3995',
    thread_site='NOAA Hera (Slurm): after global-workflow PR #3989 single-node jobs were requested with `<cores>X</cores>`, which Rocoto submits as `--ntasks=X` instead of `--tasks-per-node=X --nodes=1-1`; on Hera every task of the srun step then fails in the site TaskProlog; reverting to the nodes/ppn request makes the jobs run (works unchanged on Orion, Hercules, Gaea C6)',
    what='the job asks for its 40 tasks with `--ntasks` alone; on this site the task prolog fails for such an allocation, and the fix is the resource request in the job (`--nodes=1` with `--ntasks-per-node=40`); DOUBTFUL - why the Hera prolog fails is not explained in the part read, only that the directive change fixes it; assumed shape - a CPU job with `#SBATCH --ntasks=40` and an srun of 40 ranks, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n', '#SBATCH --ntasks=40\n'],
             [MPIAPP, 'srun -l --export=ALL --hint=nomultithread -n 40 ./gfs_model.x']],
    log='''
+ exglobal_forecast.sh[179]srun -l --export=ALL --hint=nomultithread -n 40 /scratch3/NCEPDEV/stmp/Russ.Treadon/RUNDIRS/C96C48_hybatmDA/gdas.2021122018/gdasfcst.20\\
21122018/fcst.2321952/gfs_model.x
31: slurmstepd: error: TaskProlog failed status=1
 3: slurmstepd: error: TaskProlog failed status=1
 7: slurmstepd: error: TaskProlog failed status=1
23: slurmstepd: error: TaskProlog failed status=1
''',
    expect={'families': ['scheduler', 'resources'], 'fix': r'(?m)^(-#SBATCH --ntasks=40|\+#SBATCH (-N|--nodes)[= ]?1(-1)?\s*$|\+#SBATCH --(ntasks|tasks)-per-node=40)'},
)

case(
    id='wrfmosit19-mpirun-missing-libslurm',
    kind='not_script',
    source='https://github.com/HathewayWill/WRF-MOSIT/issues/19',
    thread_site='WRF built with the WRF-MOSIT install script, run on one 16-core node with mpirun; the mpirun binary was linked against Slurm\'s libslurm.so.36, which is not installed there; the user fixed it by installing the slurm packages and adding the library to LD_LIBRARY_PATH',
    what='the MPI launcher binary cannot load a shared library it was built against (libslurm.so.36 missing on the system); the fix was installing the library (software installation), not a change to the job script; assumed shape - a CPU MPI job that starts `mpirun -np 16 ./wrf.exe`, diagnosed as on Anvil',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, 'mpirun -np 16 ./wrf.exe']],
    log='''
mpirun: error while loading shared libraries: libslurm.so.36: cannot open shared object file: No such file or directory
''',
)
