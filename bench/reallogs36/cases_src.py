# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.

# ---------------------------------------------------------------- Perlmutter Nsight Systems run report (2)

NSYS_SOURCE = 'find_string:57691973345'
NSYS_SITE = 'a user\'s run report (run-004, "Nsight Systems profile of the run-003 optimum, 1 GPU") for an AMReX multigrid solver on Perlmutter: six one-rank `nsys profile` runs on an A100 GPU node, each problem written up as what was seen, why, and what the next run must change'
NSYS_SCRIPT = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['module load pytorch/2.3.1', 'module load cudatoolkit']]

case(
    id='nsysperlmutter-nsys-rep-on-global-home-errno-524-write-to-pscratch',
    kind='script',
    source=NSYS_SOURCE,
    thread_site=NSYS_SITE + '; "Report generation failed on Perlmutter": every run wrote a .qdstrm but no .nsys-rep, the importer failing with errno 524 (ENOTSUPP) because its file creation is not supported on NERSC global home (/global/u2); the .qdstrm files were converted elsewhere; fix stated for the next run: write the reports (`nsys profile -o ...`) to $PSCRATCH, not $HOME',
    what='the job writes its profiler output under the home file system, which cannot create the report file; the fix the report gives is the `-o` path on the launch line ($PSCRATCH), so labelled script; the three lines are the report\'s own quoted importer error; assumed shape - one rank under srun, `nsys profile -o <home path> --trace=cuda,nvtx` in front of the solver binary (the binary name and inputs are assumed)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=NSYS_SCRIPT + [['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun -n 1 nsys profile -o /global/u2/w/wqz/mygitrepo/warpx-solver/nodefd/run-004/nsys-nosync1-r1 --trace=cuda,nvtx \\\n    ./main3d.gnu.MPI.CUDA.ex inputs nosync=1 recreate_linop=0 nsolves=20 nwarmup=3']],
    log='''
Import Failed ... CreateFileException
[errinfo_errno] = 524, "Unknown error 524"
[file] = /global/u2/w/wqz/mygitrepo/warpx-solver/nodefd/run-004/nsys-nosync1-r1.nsys-rep
''',
    expect={'families': ['filesystem'], 'fix': r'(?m)^\+.*\bnsys\s+profile\b.*(-o|--output)[ =]\S*(PSCRATCH|pscratch|SCRATCH)'},
)

case(
    id='nsysperlmutter-gpu-metrics-already-under-profiling-node-monitor-holds-counters',
    kind='not_script',
    source=NSYS_SOURCE,
    thread_site=NSYS_SITE + '; "GPU metrics failed - not the permission problem that was anticipated": all four GPUs of the node report "Already under profiling"; something already holds the profiling context on every GPU, most likely NERSC\'s node-health GPU monitoring (DCGM); "That is a question for NERSC, not a script bug"',
    what='the GPU performance counters are taken by a site service on the node, so no change to the job script gives the profiler the counters; the report itself calls it a question for the centre, not a script bug - labelled not_script (node administration); the line is the report\'s own quoted message; assumed shape - the same one-rank `nsys profile` job with `--gpu-metrics-devices=all`',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=NSYS_SCRIPT + [['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun -n 1 nsys profile -o $PSCRATCH/run-004/nsys-metrics --gpu-metrics-devices=all \\\n    ./main3d.gnu.MPI.CUDA.ex inputs nosync=1 recreate_linop=0 nsolves=20 nwarmup=3']],
    log='''
Ampere GA100 | NVIDIA A100-SXM4-80GB PCI[0000:c1:00.0] - Already under profiling
''',
)

# ---------------------------------------------------------------- Aurora frameworks/2026.1.0 notes (1 + 1)

AURORA_FW_MAP = 'Aurora itself (PBS, PALS mpiexec, one rank per tile)'

case(
    id='auroraglog-frameworks-2026-module-lib-not-on-loader-path-import-torch-libglog',
    kind='script',
    source='find_string:66032137868',
    thread_site='a user\'s note "`frameworks/2026.1.0` on Aurora: `import torch` dies on `libglog.so.0`" (status: open upstream, workaround one line): after the module reached Aurora, loading it and importing torch fails in torchcomms; the library ships in the module\'s own lib/ directory, but the modulefile does not put that directory on LD_LIBRARY_PATH; workaround: `export LD_LIBRARY_PATH="$FW/lib:$LD_LIBRARY_PATH"` with FW=/opt/aurora/26.181.0/frameworks/aurora_frameworks-2026.1.0 after `module load frameworks/2026.1.0` - with that line jobs 8781129 (1 node) and 8789506 (2 nodes) ran',
    what='the job loads a frameworks module whose own library directory is not on the loader path; the cure the note gives and verified is one exported line in the job script (the module\'s lib/ on LD_LIBRARY_PATH; loading the previous module frameworks/2025.3.1 also avoids it), so labelled script although the root cause is the module\'s packaging; the line is the note\'s own quoted error; ' + AURORA_FW_MAP + '; assumed shape - the base Aurora job with `module load frameworks/2026.1.0`',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'module load frameworks/2026.1.0']],
    log='''
OSError: libglog.so.0: cannot open shared object file: No such file or directory
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*(\bLD_LIBRARY_PATH=\S*(aurora_frameworks-2026\.1\.0|\$\{?FW\}?|\$\{?CONDA_PREFIX\}?)/lib|module\s+load\s+frameworks/2025)'},
)

case(
    id='aurorawandbshadow-job-starts-in-home-wandb-run-dir-shadows-package',
    kind='script',
    source='https://github.com/saforem2/ezpz/blob/9b17e854bf2b822d33c4dfe9bee14b7cf832443b/experiments/aurora/frameworks_2026_1_0_bugs.pbs',
    thread_site='a PBS reproducer with a written diagnosis (saforem2/ezpz experiments/aurora/frameworks_2026_1_0_bugs.pbs, "Two independent packaging bugs in Aurora\'s frameworks/2026.1.0"), BUG 2: `import wandb` succeeds but yields an empty module; (a) the module ships an empty site-packages/wandb/, (b) "the actual shadow": PBS jobs start with cwd=$HOME, cwd is on sys.path, and the ~/wandb run-output directory wandb itself creates becomes a namespace package, so the import binds that directory; "(b) would shadow a working site install too - so pip install alone does not reliably fix it; you must also not run from a directory containing a wandb/ folder"; workarounds: `python3 -m pip install --user wandb` (fixes a), `cd somewhere without a ./wandb dir` (fixes b)',
    what='the job never changes directory, so it runs in $HOME, where an old wandb output directory shadows the package; the source names this shadow as the cause that bites and its cure is a `cd` in the job script (a user-site install of wandb only fixes the packaging half), so labelled script; the two lines are the reproducer\'s own quoted output (its "<- the giveaway" annotation dropped); ' + AURORA_FW_MAP + '; assumed shape - the base Aurora job without its `cd ${PBS_O_WORKDIR}` line, training script logging to wandb',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['cd ${PBS_O_WORKDIR}\n', ''], ['module load frameworks', 'module load frameworks/2026.1.0'], ['python train.py', 'python3 $HOME/projects/agpt/train.py --wandb']],
    log='''
AttributeError: module 'wandb' has no attribute '__version__'
__path__: ['/home/<user>/wandb']
''',
    expect={'families': ['environment', 'filesystem'], 'fix': r'(?m)^\+\s*cd\s+\S+'},
)
