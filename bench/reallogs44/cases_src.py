# ruff: noqa: E501, F821, RUF005
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: users' own notes, ledgers, job-script comments and READMEs in public repositories
# (find_string ids), and GitHub issue threads. Written and labelled before any run.

# ---------------------------------------------------------------- JHU DSAI cluster setup notes (2)

JHU_SOURCE = 'find_string:51817045588'
JHU_SITE = 'a user\'s "JHU DSAI Cluster Setup" notes (a Slurm cluster with A100/H100/L40S partitions, /weka home, a pip-installed torch 2.5.1+cu121 venv); the notes give a TL;DR, a job-script template, "How we debugged \\"cuda available: False\\"" and "What does NOT work"'
JHU_MAP = 'not one of the ten sites - a university Slurm GPU cluster whose jobs must name their account - so mapped by scheduler family (Slurm, `-A` account, one-GPU batch jobs) to Lonestar6 (gpu-a100-small, one A100)'
JHU_ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu-a100-small'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', '']]

case(
    id='jhudsai-no-account-gpu-cgroup-not-bound-cuda-not-initialized',
    kind='script',
    source=JHU_SOURCE,
    thread_site=JHU_SITE + '; symptoms: nvidia-smi works inside the job, torch.cuda.is_available() is False, cuInit returns error 3 (CUDA_ERROR_NOT_INITIALIZED), /dev/nvidia0 gives Invalid argument; root cause: a job submitted without `--account=jvogels3` lands in a QOS that does not grant GPU device access via the devices cgroup; fix: add `#SBATCH --account=jvogels3`',
    what='the job script has no account directive, so the job lands in a QOS whose cgroup does not bind the GPU device; the fix the notes give is one directive in the job script (`#SBATCH --account=...`), so labelled script; the lines are the notes\' own symptom list (markdown backticks dropped, the arrows kept as written); ' + JHU_MAP + '; assumed shape - a one-GPU batch job that activates a venv and runs python directly, with no account line',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=JHU_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'source complexity/bin/activate\npython -m training.train_dem --config configs/training_config.yaml']],
    log='''
torch.cuda.is_available() → False
libcuda.cuInit(0) → error 3 (CUDA_ERROR_NOT_INITIALIZED)
cat /dev/nvidia0 → Invalid argument
''',
    expect={'families': ['scheduler', 'directives', 'devices', 'resources'], 'fix': r'(?m)^\+\s*#SBATCH\s+(--account[= ]|-A\s+)\S+'},
)

case(
    id='jhudsai-site-pytorch-module-lmod-property-table-error-use-own-venv',
    kind='script',
    source=JHU_SOURCE,
    thread_site=JHU_SITE + '; "What does NOT work": `module load pytorch/2.5.1` - Lmod error "MT:add_property(): system property table has no entry for: environ"; TL;DR: do NOT use the cluster\'s pytorch/2.5.1 module (Lmod error, broken), use the pip-installed venv (torch wheels bundle their own CUDA)',
    what='the job script loads the site\'s broken pytorch module instead of the user\'s own venv; the cure the notes give is a change to the job script\'s environment lines (drop the module, activate the venv), so labelled script - the module itself is broken on the site side, which no job script can repair, so a fix that keeps the module is not right; the line is the notes\' quoted Lmod error; ' + JHU_MAP + '; assumed shape - a one-GPU batch job that relies on `module load pytorch/2.5.1` and runs python directly',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=JHU_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'module load pytorch/2.5.1\npython -m training.train_dem --config configs/training_config.yaml']],
    log='''
Lmod error: "MT:add_property(): system property table has no entry for: environ"
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^(-\s*module\s+load\s+pytorch/2\.5\.1|\+.*(\bsource\s+\S*/bin/activate\b|\bconda\s+activate\s+\S+))'},
)

# ---------------------------------------------------------------- ocean/sea-ice hackathon tutor notes (1)

case(
    id='oceanhack-stale-training-lock-rank0-refuses-others-client-socket-timeout',
    kind='not_script',
    source='find_string:66142221551',
    thread_site='the tutors\' notes of an ocean/sea-ice AI hackathon kit ("For the tutors", built on JUPITER, moved to JURECA): a 4-node x 4 GH200 (16 ranks) pre-training run under Slurm (`sbatch scripts/pretrain_large.slurm`, srun), 12-hour QOS limit; "A relaunch used to be refused by the previous launch\'s lock": Slurm kills at the wall clock with SIGKILL, so `modelstore/<name>/.training.lock` was never cleaned up and the guard believed a lock from another host; two 4-node relaunches died an hour in with fifteen copies of `DistNetworkError: The client socket has timed out` - the guard refuses on rank 0 (the rendezvous master) and the other fifteen ranks wait for a store that is never created; fix: the lock now asks `squeue` whether the writing job still exists (program code), plus `srun --kill-on-bad-exit=1` so the step ends when any rank exits',
    what='the relaunch fails because the training program\'s own lock guard (a stale lock from the killed run) stops rank 0 before it creates the rendezvous store; the cure is in the program\'s lock code (and deleting the stale lock), not in the job script - `--kill-on-bad-exit=1` only makes the step end sooner, it does not remove the cause; the line is the notes\' quoted message (one of fifteen copies); not one of the ten sites - JUPITER/JURECA (Slurm, 4 GH200 per node) - so mapped by scheduler and node family to DeltaAI (Slurm, 4 GH200 per node); assumed shape - a 4-node srun job starting one Lightning-style rank per GPU',
    cluster='deltaai',
    script='lightning_srun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=4'], ['srun python train.py trainer.devices=4 trainer.num_nodes=2', 'srun python train.py module=large dataloader=glorys trainer.devices=4 trainer.num_nodes=4']],
    log='''
DistNetworkError: The client socket has timed out
''',
)

# ---------------------------------------------------------------- ALCF (Polaris / Aurora / Crux) GROMACS group notes (1)

case(
    id='alcfgmxnotes-aurora-mpiexec-no-vnis-available-add-no-vni',
    kind='script',
    source='find_string:70292349181',
    thread_site='a research group\'s "ALCF (Polaris / Aurora / Crux)" notes for GROMACS (PBS, project electrolyte-chibueze): the Aurora template runs 12 single-rank simulations per node, each `mpiexec -n 1 --ppn 1 --cpu-bind list:... gmx_mpi mdrun ...` in the background with its own ZE_AFFINITY_MASK tile; note: "No VNIs available in internal allocator" in mdrun.out: add `--no-vni` to `mpiexec` (see Aurora known issues)',
    what='the many concurrent mpiexec launches of one job exhaust the VNIs (Slingshot virtual network identifiers) handed out per launch; the cure the notes give is a flag on the job script\'s launch line (`mpiexec --no-vni`), so labelled script; the line is the notes\' quoted message (the notes do not show the full mdrun.out); Aurora itself; assumed shape - the notes\' 12-per-node Aurora template reduced to its launch loop',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1\n#PBS -q capacity'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=24:00:00'], ['module load frameworks\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=12\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'GMX=/flare/MyProject/${USER}/sw/gromacs-2026.4-aurora/bin/gmx_mpi\nTILES=(0.0 0.1 1.0 1.1 2.0 2.1 3.0 3.1 4.0 4.1 5.0 5.1)\nfor i in $(seq 0 11); do\n  ( cd $(printf "sim%02d" ${i})\n    export ZE_AFFINITY_MASK=${TILES[$i]}\n    mpiexec -n 1 --ppn 1 --cpu-bind list:$((1 + 8 * i))-$((8 + 8 * i)) --env OMP_NUM_THREADS=8 \\\n      ${GMX} mdrun -deffnm md -ntomp 8 -pin inherit -nb gpu -pme gpu -cpi md.cpt -maxh 23.5 > mdrun.out 2>&1 ) &\ndone\nwait']],
    log='''
No VNIs available in internal allocator
''',
    expect={'families': ['launcher', 'network'], 'fix': r'(?m)^\+.*\bmpiexec\b.*--no-vni\b'},
)

# ---------------------------------------------------------------- Datarmor (Ifremer, PBS Pro) ocean-ML runbook pitfalls table (2)

DATARMOR_SOURCE = 'find_string:69464023980'
DATARMOR_SITE = 'an ocean machine-learning project\'s runbook for Datarmor (Ifremer, PBS Pro, csh login shell, V100 `gpuq` queue, Apptainer/Singularity image; `qsub -v OCEANML3D_SITE=datarmor,OCEANML3D_ARGS=... jobs/pbs/train.pbs`, `#PBS -l select=1:ncpus=8:ngpus=1:mem=64g`, `#PBS -l walltime=20:00:00`, Lightning trainer), section "Datarmor-specific pitfalls", a Symptom | Cause table'
DATARMOR_MAP = 'not one of the ten sites - Datarmor is a PBS Pro GPU cluster - so mapped by scheduler family (PBS Pro, qsub, GPU nodes) to Polaris, one node'
DATARMOR_ONE = [['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=20:00:00'], ['#PBS -q debug-scaling', '#PBS -q preemptable']]

case(
    id='datarmorpitfalls-lightning-frozen-at-sanity-checking-dataloader-fork-deadlock',
    kind='not_script',
    source=DATARMOR_SOURCE,
    thread_site=DATARMOR_SITE + '; row: "Training frozen at `Sanity Checking: 0/?`, no error, until the walltime" - DataLoader workers deadlocked on dask\'s threaded scheduler, inherited by `fork` without its threads; fixed on 2026-09-21 in the program (workers read with the synchronous scheduler); an older clone has it with any `num_workers > 0`, which the experiment config sets to 2',
    what='the hang is a deadlock inside the training program\'s data loading (dask\'s threaded scheduler inherited by forked DataLoader workers); the fix is in the program\'s code (a synchronous scheduler in the workers), or, for an old clone, in its experiment config - nothing in the job script\'s directives, launch line or environment causes or cures it, and a longer walltime only waits longer; the line is the table\'s quoted progress text; ' + DATARMOR_MAP + '; assumed shape - a one-GPU PBS job running the Lightning trainer in the Apptainer image',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=DATARMOR_ONE + [['NNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'module load apptainer\napptainer exec --nv --bind /lus/eagle/projects/MyProject apptainer/oceanml3d.sif \\\n    python -m oceanml3d.main experiment=osse3d_gs21_multivar_unet hydra.run.dir=/lus/eagle/projects/MyProject/runs/gs21']],
    log='''
Sanity Checking: 0/?
''',
)

case(
    id='datarmorpitfalls-csh-job-multiline-python-c-unmatched-quote',
    kind='script',
    source=DATARMOR_SOURCE,
    thread_site=DATARMOR_SITE + '; row: "`Unmatched \\"` from a `.pbs` job" - csh cannot carry a multi-line double-quoted string; call a `.py` file, never `python -c`',
    what='the job script (run by csh) passes a multi-line double-quoted program to `python -c`, which csh cannot parse; the cure the runbook gives is a change to the job script itself (put the code in a .py file and call it), so labelled script; the line is the table\'s quoted csh message as written (csh prints it with a closing period); ' + DATARMOR_MAP + '; assumed shape - a csh PBS job whose only step is a multi-line `python -c "..."` summary of a run directory',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=DATARMOR_ONE + [['#!/bin/bash', '#!/bin/csh'], ['module use /soft/modulefiles\nmodule load conda\nconda activate\nNNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'module use /soft/modulefiles\nmodule load conda\nconda activate\npython -c "\nimport glob, xarray as xr\nfor f in sorted(glob.glob(\'runs/gs21/*.zarr\')):\n    print(f, xr.open_zarr(f).sizes)\n"']],
    log='''
Unmatched "
''',
    expect={'families': ['syntax', 'environment'], 'fix': r'(?m)^\+.*\bpython3?\s+\S+\.py\b'},
)

# ---------------------------------------------------------------- EmpireAI Beta (GB200 NVL72) runtime map (2)

EMPIRE_SOURCE = 'find_string:60311553569'
EMPIRE_SITE = 'a project\'s "EmpireAI Beta runtime / environment map" (GB200 NVL72, aarch64, Slurm 25.05 with Pyxis/Enroot, 4 B200 per node, `--gres=gpu:b200:N`); section 6 "Multi-node launch (axolotl SFT, validated Stage-3 pattern)": one container task per node, `srun --nodes=2 --ntasks-per-node=1 --container-image=... bash -lc \'... /usr/bin/python -m torch.distributed.run --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_PROCID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT -m axolotl.cli.train <cfg.yaml>\'`; "NCCL bootstrap interface - pin bond0 (LOAD-BEARING, validated job 31604)": NCCL auto-picks a 100.126.x IPoIB address for its bootstrap, a net served by four ambiguous ib* routes per node and NOT routable node-to-node -> `socketStartConnect ... No route to host` -> bootstrap hangs to the wall (jobs 31572/31584/31589); the earlier `Cuda failure 801 \'operation not supported\'` (job 31572) was a downstream symptom of the bootstrap picking a bad interface, not a fabric/IMEX block (fabric healthy, IMEX channels injected); fix: `export NCCL_SOCKET_IFNAME=bond0 GLOO_SOCKET_IFNAME=bond0 NCCL_SOCKET_FAMILY=AF_INET`; MNNVL stays enabled (`NCCL_MNNVL_ENABLE=0` not needed, would forfeit NVL72 bandwidth)'
EMPIRE_MAP = 'not one of the ten sites - a GB200 NVL72 Slurm cluster with Pyxis containers - so mapped by scheduler and node family (Slurm, aarch64 Grace nodes with 4 GPUs) to DeltaAI'
EMPIRE_SCRIPT = [['#SBATCH --nodes=1', '#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=/mnt/home/user/images/mega_final_dm.sqsh'], ['srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py', 'srun --nodes=2 --ntasks-per-node=1 --container-image="$CONT" --container-mount-home \\\n    bash -lc \'export PATH=/usr/local/bin:/usr/local/cuda/bin:/usr/bin:/bin; export NCCL_DEBUG=INFO; \\\n      /usr/bin/python -m torch.distributed.run --nnodes=2 --nproc_per_node=4 \\\n        --node_rank=$SLURM_PROCID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \\\n        -m axolotl.cli.train configs/sft_qwen3.yaml\'']]
EMPIRE_FIX = r'(?m)^\+.*\bNCCL_SOCKET_IFNAME=\^?\w'

case(
    id='empirebeta-nccl-bootstrap-picks-unroutable-ipoib-socketstartconnect-no-route',
    kind='script',
    source=EMPIRE_SOURCE,
    thread_site=EMPIRE_SITE,
    what='NCCL\'s bootstrap chooses an interface whose addresses the nodes cannot reach each other on; the cure is an exported interface choice in the job\'s launch environment (`NCCL_SOCKET_IFNAME=bond0`, with GLOO_SOCKET_IFNAME), so labelled script; any explicit interface choice that excludes the IPoIB net is accepted by `fix`; the line is the map\'s quoted fragment with its ellipsis as written; ' + EMPIRE_MAP + '; assumed shape - the map\'s two-node torch.distributed.run launch under srun/Pyxis before the bond0 exports were added',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=EMPIRE_SCRIPT,
    log='''
socketStartConnect … No route to host
''',
    expect={'families': ['network', 'environment'], 'fix': EMPIRE_FIX},
)

case(
    id='empirebeta-cuda-failure-801-downstream-of-bad-bootstrap-interface-pin-bond0',
    kind='script',
    source=EMPIRE_SOURCE,
    thread_site=EMPIRE_SITE,
    what='the 801 error looked like an NVLink-fabric/IMEX problem but the map records it as a downstream symptom of the same bad bootstrap interface, cured by the same exported `NCCL_SOCKET_IFNAME=bond0` in the launch environment, so labelled script; disabling MNNVL (`NCCL_MNNVL_ENABLE=0`) is explicitly not the fix; the line is the map\'s quoted error as written; ' + EMPIRE_MAP + '; assumed shape - the same two-node launch as the sibling case (job 31572)',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=EMPIRE_SCRIPT,
    log='''
Cuda failure 801 'operation not supported'
''',
    expect={'families': ['network', 'environment'], 'fix': EMPIRE_FIX},
)

# ---------------------------------------------------------------- kernel-benchmark artifact STATUS note, UMD Zaratan reproduction (1)

case(
    id='zaratankernelbench-compute-node-no-internet-suitesparse-download-errno-110',
    kind='not_script',
    source='find_string:68608082349',
    thread_site='a kernel-benchmark project\'s artifact STATUS.md (RASSM SpMM), "Reproduction on zaratan (2026-09-09)" - UMD Zaratan, Slurm, gate runs sent to an A100 node through the project\'s `bench/gpu_run.sh` (an srun allocation); "Machine gotchas" 2: `bench/gpu_run.sh` compute nodes have no outbound internet; a real-matrix gate that needs a SuiteSparse download must have the .mtx/.tar.gz already cached before the srun job starts (fetch it from the login node first); otherwise urlretrieve inside the compute-node process blocks for several minutes before raising `TimeoutError: [Errno 110] Connection timed out` (observed on pdb1HYS); a plain retry after the login-node prefetch succeeds immediately',
    what='the job tries to download its input matrix from a compute node, which the site gives no outbound network; the cure the note gives is staging the input data on the login node before the job (a data-preparation step outside the job), and a retry of the identical command then succeeds - nothing in the job script\'s directives, launch line or environment was changed, so labelled not_script (input data not staged; site network policy); a proxy setting would be an invented fix here (the note says the nodes have no outbound internet); the line is the note\'s quoted error; not one of the ten sites - UMD Zaratan, a Slurm cluster with A100 nodes - so mapped by scheduler family to Bridges-2; assumed shape - a one-GPU srun job running the benchmark runner on a SuiteSparse matrix',
    cluster='bridges2',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p GPU-shared'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -m kernelbench.runner --kernel spmm --variant spmm-cpu-kernel-f32 \\\n    --impl rassm-spmm-kstream --precision fp64 --matrices pdb1HYS --dims 128']],
    log='''
TimeoutError: [Errno 110] Connection timed out
''',
)

# ---------------------------------------------------------------- ProtSent protein-embedding training notes (2)

PROTSENT_SOURCE = 'find_string:59124170208'
PROTSENT_SITE = 'a protein-embedding project\'s results/method notes (ProtSent, sentence-transformers CachedMNRL training of ESM-2/ESM-C on a shared multi-GPU B300 server, multi-GPU runs through accelerate/DDP, `bash train_*.sh` wrappers with CUDA_VISIBLE_DEVICES)'
PROTSENT_MAP = 'not one of the ten sites - a shared 4+ GPU B300 server - so mapped to a one-node, 4-GPU Slurm job on Perlmutter (4 GPUs a node)'
PROTSENT_SCRIPT = [['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=4\n#SBATCH -C gpu\n#SBATCH -A m0000_g'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --multi_gpu --num_processes 4 train_protsent.py \\\n    --loss_mode multi --dms_file data/dms_pairs.parquet --batch_size 1024 --mini_batch_size 64']]

case(
    id='protsent-mixed-loss-datasets-sharded-across-ranks-collective-seqnum-mismatch',
    kind='not_script',
    source=PROTSENT_SOURCE,
    thread_site=PROTSENT_SITE + '; "Cross-device gather deadlocks with a CoSENT target" (reproduced 2026-08-03, fixed 2026-08-05): multi-GPU runs with a DMS CoSENT dataset in the interleave always died at step 3-20 (2 and 3 ranks, gather on and off, load 107-722); accelerate\'s BatchSamplerShard hands rank i batches i, i+N, ..., so ranks run different datasets on the same step; CachedMultipleNegativesRankingLoss calls .backward() inside its forward and CoSENTLoss does not, so the ranks issue different numbers of DDP allreduces and NCCL aborts on a type mismatch at one sequence number (the quoted block); fix in the program: `_align_proportional_sampler_to_world_size` emits batches in blocks of world_size from a single dataset; after the fix the run cleared step 20 and kept going',
    what='a collective-order bug in the training program (ranks run different losses on the same step and drift apart in their DDP allreduces), fixed in the program\'s sampler; not the job script - the note rules out gather, load and contention, and no directive, launch option or variable changes which collective each rank issues; the lines are the note\'s quoted per-rank collective table with its own trailing annotations kept as written; ' + PROTSENT_MAP + '; assumed shape - a one-node accelerate launch of the multi-task (MNRL + DMS CoSENT) training',
    cluster='perlmutter',
    script='accelerate.sh',
    replace=PROTSENT_SCRIPT,
    log='''
Rank 0: SeqNum=14603, ALLREDUCE, NumelIn=9285184     <- still in training_step
Rank 1: SeqNum=14603, ALLGATHER, NumelIn=1, NumelOut=3  <- already logging loss
Rank 2: SeqNum=14603, ALLGATHER, NumelIn=1, NumelOut=3
''',
)

case(
    id='protsent-expandable-segments-alloc-conf-breaks-dataloader-pidfd-getfd',
    kind='script',
    source=PROTSENT_SOURCE,
    thread_site=PROTSENT_SITE + '; "Sizing" (probe_150m_v2p5.sh, 4 B300s), probe lesson: `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True` breaks the DataLoader with `pidfd_getfd: Operation not permitted` because expandable segments do not support CUDA IPC',
    what='the job\'s environment sets the allocator option that the DataLoader\'s CUDA IPC cannot work with; the cure is the job environment (do not export `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`), so labelled script; `fix` accepts removing that export or unsetting the variable; the line is the note\'s quoted message; ' + PROTSENT_MAP + '; assumed shape - the same one-node accelerate launch with the allocator variable exported in the script',
    cluster='perlmutter',
    script='accelerate.sh',
    replace=PROTSENT_SCRIPT[:1] + [['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\naccelerate launch --multi_gpu --num_processes 4 train_protsent.py \\\n    --batch_size 1024 --mini_batch_size 128 --max_steps 10']],
    log='''
pidfd_getfd: Operation not permitted
''',
    expect={'families': ['environment'], 'fix': r'(?m)^(-.*PYTORCH_CUDA_ALLOC_CONF=\S*expandable_segments:True|\+.*\bunset\s+PYTORCH_CUDA_ALLOC_CONF\b|\+.*PYTORCH_CUDA_ALLOC_CONF=(?!\S*expandable_segments:True))'},
)

# ---------------------------------------------------------------- Frontier DiLoCo scale-out canary report (1)

case(
    id='frontierdiloco-final-checkpoint-peer-request-half-ranks-collective-mismatch',
    kind='not_script',
    source='find_string:55034817560',
    thread_site='a project\'s Frontier (OLCF, Slurm, HPE Cray EX) scale-out canary report for a DiLoCo language-model training run (16 ranks on 2 nodes, /lustre/orion project space): the regular run and the checkpoint resume passed (resumed at step 140, checkpoints through step 190); final-checkpoint completion failed in resume job 4891149 - at step 197 ranks 0-7 entered finalization due to `peer_final_checkpoint_request`, ranks 8-15 did not, and the NCCL watchdog reported sequence 218 with mismatched all-reduce sizes (rank 0 `NumelIn=1`, ranks 8-15 `NumelIn=1299726652`); "No workaround was implemented in the scaleout layer"; the next action is the implementation follow-up `fix-multi-node` for the final-checkpoint collective mismatch',
    what='DOUBTFUL only in that the program fix is not shown; the report itself locates the fault in the training program\'s final-checkpoint coordination (half the ranks enter finalization on a peer request while the others stay in a gradient all-reduce) and says the scale-out/job layer needs no change - a job-script change (timeouts, NCCL variables, node counts) would not make the ranks agree, so labelled not_script (program bug after good training and a good resume); the lines are the report\'s representative failure lines (three of its four, the rank-7 finalization line left out as a repeat of the rank-0 one); not one of the ten sites - Frontier - so mapped by system family (Slurm, HPE Cray EX with Slingshot, srun-started ranks) to Perlmutter; assumed shape - a 4-node x 4-GPU srun job (16 ranks) resuming from the previous checkpoint',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 4'], ['#SBATCH -t 02:00:00', '#SBATCH -t 00:20:00'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'export RESUME_CHECKPOINT=$SCRATCH/runs/e97-MLP/latest.pt\nsrun --cpu-bind=cores python train.py --level E97 --params 100m --diloco-k 10 \\\n    --train-minutes 2 --resume "$RESUME_CHECKPOINT"']],
    log='''
[final-checkpoint] rank 0/16 entering finalization at step=197 reason=peer_final_checkpoint_request remaining_s=996.2 model_variant=level=E97,params=100m,mlp_ratio=1.5 is_head=True
[rank8]:[E623 05:45:03.725058393 ProcessGroupNCCL.cpp:704] [Rank 8] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=218, OpType=ALLREDUCE, NumelIn=1299726652, NumelOut=1299726652, Timeout(ms)=600000) ran for 600001 milliseconds before timing out.
[rank0]:[E623 05:45:04.413715744 ProcessGroupNCCL.cpp:704] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=218, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600001 milliseconds before timing out.
''',
)

# ---------------------------------------------------------------- jwohlwend/boltz#218 (1)

case(
    id='boltzslurm-lightning-rejects-ntasks-200-set-ntasks-per-node',
    kind='script',
    source='https://github.com/jwohlwend/boltz/issues/218',
    thread_site='jwohlwend/boltz#218 "SLURM error when running a simple Boltz1 predict example": `boltz predict sequence.fasta --cache .` on a GPU node of a workplace Slurm cluster fails in Lightning\'s SLURM environment check (`lightning_fabric/plugins/environments/slurm.py`, `_validate_srun_variables`); the asker\'s resolution: "I was sshed on a gpu node in my workplace cluster and $SLURM_NTASKS_PER_NODE was not set. Setting it fixed it."',
    what='the job\'s Slurm task layout (`--ntasks=200` without a per-node count) is what Lightning refuses; the cure shown is in the job\'s environment/directives (set SLURM_NTASKS_PER_NODE, or request `--ntasks-per-node` as the hint says), so labelled script; `fix` accepts a per-node task count, an exported SLURM_NTASKS_PER_NODE, or dropping the --ntasks=200 request for a cpus-per-task one; the lines are the issue\'s own traceback tail as pasted (its "...(path)..." redaction kept); not one of the ten sites - a workplace Slurm GPU cluster - so mapped by scheduler family to Vista (Slurm, one GPU a node); assumed shape - a one-node batch job asking `--ntasks=200` for CPU threads and running boltz predict from the batch step',
    cluster='vista',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks=200\n#SBATCH -p gh'], ['#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=8\n', ''], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\nsrun python -u train.py --batch-size 256 --epochs 32', 'source $WORK/envs/boltz/bin/activate\nboltz predict sequence.fasta --cache .']],
    log='''
...(path).../.conda/envs/Boltz1/lib/python3.11/site-packages/lightning_fabric/plugins/environments/slurm.py", line 221, in _validate_srun_variables
    raise RuntimeError(
RuntimeError: You set `--ntasks=200` in your SLURM bash script, but this variable is not supported. HINT: Use `--ntasks-per-node=200` instead.
''',
    expect={'families': ['scheduler', 'directives', 'launcher', 'environment'], 'fix': r'(?m)^(\+.*(--ntasks-per-node[= ]\d+|\bSLURM_NTASKS_PER_NODE=\d+|--cpus-per-task[= ]\d+|\bunset\s+SLURM_NTASKS\b)|-\s*#SBATCH\s+--ntasks=200\b)'},
)

# ---------------------------------------------------------------- CUDA-graph + packed-sequence experiment log (1)

case(
    id='cgpackedseq-nvlink-uncorrectable-on-three-nvl72-nodes-resubmit-elsewhere',
    kind='not_script',
    source='find_string:66480397060',
    thread_site='a user\'s "CUDA Graph + Packed Sequence Experiment Log" for a Megatron-LM SFT run on a GB200 NVL72 Slurm cluster (nodes named nvl72NNN-TNN, /lustre project space, 8-node proxy jobs and a 64-node full-scale script): Attempt 1 (job 1844538) "FAILED - hardware issue (not code)", about 25 s into training step 1, with `CUDA error: uncorrectable NVLink error detected during the execution` on nodes nvl72069-T01/T07/T08 - "This is a hardware defect, not a code bug"; Attempt 2 (job 1844681) on nvl72142-T[03-05,10-14] with no change ("same code, resubmitted to avoid bad NVLink nodes") succeeded',
    what='an NVLink fault on particular nodes kills a job whose code and script are fine - the same job, unchanged, ran on other nodes; the cure is the site\'s (drain and repair the NVLink fabric of those nodes), a resubmission or an exclude list only steps around it, so labelled not_script (hardware fault); the line is the log\'s quoted error; not one of the ten sites - a GB200 NVL72 Slurm cluster - so mapped by node family (Grace-Blackwell/Grace-Hopper superchips joined by NVLink, Slurm) to DeltaAI (4 GH200 per node); assumed shape - the 8-node proxy job, one task per GPU started by srun in an NGC container through pyxis',
    cluster='deltaai',
    script='srun_pyxis.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=8'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=4'], ['#SBATCH --gpus-per-node=8', '#SBATCH --gpus-per-node=4'], ['CONT=nvcr.io#nvidia/pytorch:24.01-py3', 'CONT=nvcr.io#nvidia/nemo:25.11'], ['srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py', 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace \\\n    python /workspace/Megatron-LM/pretrain_mamba.py --sft --cuda-graph-impl transformer_engine \\\n    --attention-backend flash --fp8-recipe mxfp8 --recompute-granularity selective']],
    log='''
CUDA error: uncorrectable NVLink error detected during the execution
''',
)

# ---------------------------------------------------------------- masked-EqM PI-update log (2)

EQM_SOURCE = 'find_string:55602344543'
EQM_SITE = 'a project\'s "PI Updates - masked-EqM" log (energy-matching image model, EqM-B/2 on ImageNet-1K, single-GPU training jobs on a Harvard FASRC-style Slurm cluster - seas_gpu and gpu_test partitions, checkpoints on the holylabs `ydu_lab` group filesystem); "Stage 2" (seeds 3,4, six ~2.5 h training jobs)'
EQM_MAP = 'not one of the ten sites - a university Slurm cluster with 4-GPU A100/H100 nodes and group-quota lab storage - so mapped by scheduler and node family (Slurm, one-GPU jobs on 4-GPU nodes, shared project storage) to Delta'
EQM_ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH --partition=gpuA100x4'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=04:00:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', 'RESULTS=/projects/bdlab/eqm/results/${SEED_ARM}\nmkdir -p "$RESULTS"\nnvidia-smi > /dev/null || exit 1\n']]

case(
    id='maskedeqm-group-quota-exhausted-by-other-members-mkdir-fails',
    kind='not_script',
    source=EQM_SOURCE,
    thread_site=EQM_SITE + '; "BLOCKER: Stage 2 training failed, holylabs quota exhausted (3rd occurrence)": all six jobs failed with `OSError: [Errno 122] Disk quota exceeded` on the group filesystem at its 4.0Ti/4.0Ti hard cap; a live `mkdir` probe still failed after the job\'s own partial dirs were removed - "the group is externally exhausted by other lab members\' usage"; on resubmission three jobs failed at start with `mkdir: ... Disk quota exceeded`; the quota "flickers writable/unwritable on a timescale of minutes"; options: ask the group admin to free space or raise the quota, point checkpoints at storage not sharing this quota, or retry later',
    what='the job cannot create its results directory because the lab group\'s shared quota is full from other members\' use - the job\'s own footprint was already pruned; the cure is on the storage side (the group admin frees space or raises the quota, or the centre gives another allocation), not in the job script, so labelled not_script (file system); the line is the log\'s quoted job-start failure with its "..." as written; ' + EQM_MAP + '; assumed shape - a one-GPU batch job that makes its results directory on the group project space, checks the GPU, and trains one seed/arm',
    cluster='delta',
    script='srun_python.sh',
    replace=EQM_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --model EqM-B/2 --data-path /projects/bdlab/imagenet/train \\\n    --corruption gaussian --seed 4 --results-dir "$RESULTS"']],
    log='''
mkdir: ... Disk quota exceeded
''',
)

case(
    id='maskedeqm-flaky-node-assert-requires-one-gpu-despite-nvidia-smi',
    kind='not_script',
    source=EQM_SOURCE,
    thread_site=EQM_SITE + '; "Resubmit attempt #2 also failed": besides the quota failures, two jobs (mask_seed4, gm_seed3) failed with `AssertionError: Training currently requires at least one GPU` "despite `nvidia-smi` passing the script\'s own check. Likely a second bad/flaky node (not investigated further, quota is the dominant blocker)"; the same jobs ran elsewhere once resubmitted (seeds 3,4 later completed)',
    what='DOUBTFUL (the node fault is the author\'s reading, not investigated); the job script requests one GPU and its own nvidia-smi check passes, yet the program finds no usable CUDA device on that node - the same script ran to completion on other nodes, so the fault is the node\'s (a GPU that NVML lists but CUDA cannot open), which the site must drain and repair; labelled not_script (hardware/node fault); the line is the log\'s quoted assertion; ' + EQM_MAP + '; assumed shape - the same one-GPU training job with its nvidia-smi check',
    cluster='delta',
    script='srun_python.sh',
    replace=EQM_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --model EqM-B/2 --data-path /projects/bdlab/imagenet/train \\\n    --corruption mask --seed 4 --results-dir "$RESULTS"']],
    log='''
AssertionError: Training currently requires at least one GPU
''',
)

# ---------------------------------------------------------------- MIC-DKFZ/batchgenerators#138 (1)

case(
    id='batchgenerators-nested-threadpool-limits-kills-augmenter-workers-on-cluster',
    kind='not_script',
    source='https://github.com/MIC-DKFZ/batchgenerators/issues/138',
    thread_site='MIC-DKFZ/batchgenerators#138 "Background worker no longer alive" (closed): nnU-Net v2.5.2 with batchgenerators 0.25.1 trainings on a cluster (AMD EPYC 7413 Zen 3 CPU, NVIDIA A100 SXM4 GPU, CentOS 7) constantly fail with the NonDetMultiThreadedAugmenter error; the reporter traced it to two successive `with threadpool_limits(limits=1, user_api=None):` statements and removing the one in `_start()` (keeping the one in `producer()`) solved it; a second user confirms that removing that scope stopped the crashes on a Linux machine; companion reports (batchgenerators#136, nnUNet#2910) point at threadpool_limits not being thread-safe',
    what='the data-augmentation workers die because of the library\'s own nested threadpool_limits scopes; the fix shown is a change to the library code (drop the scope in `_start()`), nothing in the job script or the site, so labelled not_script (program/library bug); the maintainers could not reproduce it on their clusters, so the trigger is node- or library-version-dependent, but no job-script change is reported to cure it; the line is the error as the issue quotes it (class NonDetMultiThreadedAugmenter); not one of the ten sites - a cluster with Zen 3 EPYC CPUs and A100 SXM4 GPUs - so mapped by node family (AMD EPYC Milan + A100 SXM4) to Polaris; assumed shape - a one-node PBS job running one nnUNetv2_train fold on one GPU',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -l walltime=01:00:00', '#PBS -l walltime=06:00:00'], ['#PBS -q debug-scaling', '#PBS -q preemptable'], ['NNODES=$(wc -l < $PBS_NODEFILE)\nNRANKS_PER_NODE=4\nNTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))\nexport MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\nmpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'conda activate nnunet\nexport nnUNet_raw=/eagle/MyProject/nnUNet_raw\nexport nnUNet_preprocessed=/eagle/MyProject/nnUNet_preprocessed\nexport nnUNet_results=/eagle/MyProject/nnUNet_results\nexport CUDA_VISIBLE_DEVICES=0\nnnUNetv2_train 16 3d_fullres 0']],
    log='''
One or more background workers are no longer alive. Exiting. Please check the print statements above for the actual error message
''',
)


# ---------------------------------------------------------------- ULHPC iris first-use notes (1)

case(
    id='ulhpcnotes-lmod-module-in-other-toolchain-tree-load-env-release-first',
    kind='script',
    source='find_string:58585174254',
    thread_site='a user\'s first-use design notes for the University of Luxembourg HPC (ULHPC iris: Slurm, `gpu` partition with 4 x V100 SXM2 nodes, Lmod + EasyBuild modules with category prefixes, `module` available only inside jobs); section "ULHPC-specific two-layer structure (hit in practice)": many modules that `module spider` finds fail on a plain `module load` with the Lmod error quoted below, because they belong to another toolchain tree; fix: `module purge; module load env/release/2023b` (or env/release/default) before the module, and `module spider <full name>` tells which env/release/* to load first',
    what='the job script loads a module from a toolchain tree that is not active, so Lmod refuses it; the cure given is in the job script\'s module lines (load the matching `env/release/*` first, or a module from the active tree), so labelled script; `fix` accepts an added env/release load or a removed/replaced PyTorch module line; the line is the second line of the notes\' quoted Lmod message - its first line, "Lmod has detected the following error: These module(s) or extension(s)", is already a line of another set and is left out; not one of the ten sites - ULHPC iris, a Slurm cluster with a hierarchical Lmod/EasyBuild tree - so mapped by scheduler and module-system family to Stampede3 (Slurm, Lmod hierarchy at TACC); assumed shape - a one-GPU batch job that purges modules, loads the cluster PyTorch and runs the project\'s preflight script',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p h100'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'module purge\nmodule load ai/PyTorch/2.6.0-foss-2024a\nexport HF_HOME=$SCRATCH/hf HF_HUB_OFFLINE=1\npython scripts/experiments/preflight.py']],
    log='''
exist but cannot be loaded as requested: "ai/PyTorch/2.6.0-foss-2024a"
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^(\+\s*module\s+load\s+env/release/\S+|-\s*module\s+load\s+ai/PyTorch/2\.6\.0-foss-2024a)'},
)

# ---------------------------------------------------------------- Spartan vLLM MoE-eval job README, troubleshooting table (2)

SPARTAN_SOURCE = 'find_string:65977183064'
SPARTAN_SITE = 'a project\'s README for running a vLLM MoE expert-statistics evaluation on Spartan (University of Melbourne, Slurm; `spartan/vllm-moe-eval.sbatch`, partition gpu-a100-short, 1 GPU, 3h55m; the job builds a venv on scratch with `uv pip install` and loads GCC/Python/CUDA/NCCL modules named by GCC_MODULE, PYTHON_MODULE, CUDA_MODULE, NCCL_MODULE; datasets and model weights pre-staged from the login node); Troubleshooting table'
SPARTAN_MAP = 'not one of the ten sites - Spartan, a university Slurm cluster with an A100 short partition and Lmod/EasyBuild modules - so mapped by scheduler and node family to Lonestar6 (Slurm, A100 nodes, gpu-a100-small for one-GPU jobs)'
SPARTAN_ONE_GPU = [['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1\n#SBATCH -p gpu-a100-small'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['#SBATCH --time=02:00:00', '#SBATCH --time=03:55:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', '']]

case(
    id='spartanmoeeval-unpinned-venv-datasets-pyarrow-drift-pyextensiontype',
    kind='script',
    source=SPARTAN_SOURCE,
    thread_site=SPARTAN_SITE + '; row "(legacy failure mode)": `[fatal] import datasets: AttributeError: module \'pyarrow\' has no attribute \'PyExtensionType\'` - cause: wrong `datasets` version in the venv (mislabeled dist-info + pyarrow drift); fix: "Already mitigated by `datasets==4.5.0` + `pyarrow<18` pins in the install line; if you see this, force a clean rebuild via `rm -rf $SCRATCH_BASE/venv && sbatch`"',
    what='the job script builds its venv with an unpinned install line, so a newer pyarrow lands next to a datasets release that still uses the removed PyExtensionType; the cure recorded is in the job script\'s install line (pin datasets and pyarrow) plus a rebuild of the venv, so labelled script; `fix` accepts an added pyarrow or datasets pin; the line is the table\'s quoted failure; ' + SPARTAN_MAP + '; assumed shape - the one-GPU batch job that creates/updates its scratch venv with uv pip and runs the analyzer',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=SPARTAN_ONE_GPU + [['srun python -u train.py --batch-size 256 --epochs 32', 'module load gcc/11.2.0 python3/3.9.7 cuda/12.2\nSCRATCH_BASE=$SCRATCH/vllm-moe-eval\n[ -d $SCRATCH_BASE/venv ] || uv venv $SCRATCH_BASE/venv\nsource $SCRATCH_BASE/venv/bin/activate\nuv pip install vllm datasets pyarrow\nexport HF_HOME=$SCRATCH_BASE/hf_cache\npython examples/eval-moe/moe_expert_stats.py --models allenai/OLMoE-1B-7B-0924-Instruct \\\n    --benchmarks mmlu bbh humaneval --output-dir $SCRATCH_BASE/results']],
    log='''
[fatal] import datasets: AttributeError: module 'pyarrow' has no attribute 'PyExtensionType'
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*\b(pyarrow\s*(<|<=|==|~=)\s*\d|datasets\s*(==|<|<=|~=)\s*\d)'},
)

case(
    id='spartanmoeeval-two-gpus-no-nccl-module-named-set-nccl-module',
    kind='script',
    source=SPARTAN_SOURCE,
    thread_site=SPARTAN_SITE + '; row: `[fatal] NGPUS=2 > 1 but no NCCL module is available` - cause: the NCCL auto-probe failed (login node `module avail` returns nothing in non-interactive sessions); fix: `module avail NCCL/` on a gpu-a100-short node, then re-submit with `NCCL_MODULE=<name>` (default `NCCL/2.22.3-CUDA-12.4.1`)',
    what='the job asks for two GPUs but its environment names no NCCL module, so the job script\'s own guard stops it; the cure given is in the job\'s environment (export NCCL_MODULE with a module that exists on the GPU nodes and load it), so labelled script; `fix` accepts an NCCL_MODULE setting or an NCCL module load; the line is the table\'s quoted guard message; ' + SPARTAN_MAP + '; assumed shape - the same batch job asking for two GPUs, with the module probe run at submit time',
    cluster='lonestar6',
    script='srun_python.sh',
    replace=SPARTAN_ONE_GPU[:1] + [['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=2'], ['#SBATCH --time=02:00:00', '#SBATCH --time=03:55:00'], ['export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=12802\n', ''], ['srun python -u train.py --batch-size 256 --epochs 32', 'NGPUS=2\nNCCL_MODULE=${NCCL_MODULE:-$(module -t avail NCCL/ 2>&1 | tail -n 1)}\nif [ "$NGPUS" -gt 1 ] && [ -z "$NCCL_MODULE" ]; then echo "[fatal] NGPUS=$NGPUS > 1 but no NCCL module is available"; exit 1; fi\nmodule load "$NCCL_MODULE"\nsource $SCRATCH/vllm-moe-eval/venv/bin/activate\npython examples/eval-moe/moe_expert_stats.py --models openai/gpt-oss-120b --tensor-parallel-size $NGPUS']],
    log='''
[fatal] NGPUS=2 > 1 but no NCCL module is available
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+.*(\bNCCL_MODULE=["\']?NCCL/\S+|module\s+load\s+["\']?NCCL/\S+)'},
)

# ---------------------------------------------------------------- ResiFlow on GMU ORC Hopper guide (2)

RESIFLOW_SOURCE = 'find_string:66626032946'
RESIFLOW_SITE = 'a project\'s "Running ResiFlow on GMU ORC Hopper" guide, "based on the actual setup/debug process" of its Pass A convergence work (George Mason ORC Hopper, Slurm; CPU-only igraph/DuckDB/pandas flow model, one `sbatch submit_cpu8.slurm` job with `--partition=normal --cpus-per-task=8 --mem=64G`, conda env on /scratch, behaviour set by NIRD_* environment variables)'
RESIFLOW_MAP = 'not one of the ten sites - GMU ORC Hopper, a university Slurm cluster - so mapped by scheduler family to Bridges-2 (Slurm, CPU jobs on RM nodes)'
RESIFLOW_BASE = [['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8\n#SBATCH --mem=64G'], ['module load cray-mpich', 'module purge\nsource $HOME/miniforge/bin/activate $PROJECT/conda_envs/nird\nexport NIRD_CONFIG_PATH=$HOME/multimodal_hazard_project/config.json\nexport NIRD_MAX_FLOW_ITERATIONS=1\nexport NIRD_LCP_DEST_CHUNK_SIZE=300\nexport NIRD_FLOW_DB_BATCH_SIZE=50000']]
RESIFLOW_RUN = 'python $PROJECT/ResiFlow/scripts/1_network_flow_model_revision.py 20 $SLURM_CPUS_PER_TASK'

case(
    id='resiflow-hopper-no-debug-partition-invalid-partition-specified',
    kind='script',
    source=RESIFLOW_SOURCE,
    thread_site=RESIFLOW_SITE + '; "There is no `debug` partition on this cluster (despite some ORC wiki pages referencing one) - use `normal` for short test jobs too"; Known issues table: `sbatch: error: invalid partition specified: debug` - cause: no `debug` partition exists on this cluster - fix: use `--partition=normal`',
    what='the job script names a partition the cluster does not have, so sbatch refuses it; the cure given is the job script\'s partition directive (`--partition=normal`), so labelled script; `fix` accepts a changed partition line; the line is the table\'s quoted sbatch message; ' + RESIFLOW_MAP + '; assumed shape - the short single-iteration test job submitted to a `debug` partition',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=RESIFLOW_BASE[:2] + [['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8\n#SBATCH --mem=64G\n#SBATCH --partition=debug'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:30:00'], RESIFLOW_BASE[3], ['srun --cpu-bind=cores ./solver input.dat', RESIFLOW_RUN]],
    log='''
sbatch: error: invalid partition specified: debug
''',
    expect={'families': ['scheduler', 'directives'], 'fix': r'(?m)^(\+\s*#SBATCH\s+(--partition[= ]|-p\s+)(?!debug\b)\S+|-\s*#SBATCH\s+(--partition[= ]|-p\s+)debug\b)'},
)

case(
    id='resiflow-hopper-duckdb-failed-to-pin-block-chunked-path-strategy',
    kind='script',
    source=RESIFLOW_SOURCE,
    thread_site=RESIFLOW_SITE + '; "How to set NIRD_DUCKDB_MEMORY_LIMIT": too conservative a limit causes `_duckdb.OutOfMemoryException: Out of Memory Error: failed to pin block...` in the itter_path aggregation; at --cpus-per-task=8, 24GB failed (OOM at 22.3/22.3GB used), 40GB resolved it at the time, but a later --mem=128G / 90GB run OOM\'d again with node memory unused; "The bigger lever": the default path strategy runs one unchunked DuckDB join over the whole OD table - set `NIRD_PATH_REALIZATION_STRATEGY=duckdb_chunked_compact` ("This is the fix that matters"), with NIRD_DUCKDB_MEMORY_LIMIT as a safety margin scaled to cores and --mem',
    what='the job\'s environment lets DuckDB run the whole path join unchunked with a memory limit too small for 8 threads, so it cannot pin its buffers; the cure given is in the job script\'s environment exports (select the chunked path strategy, and/or raise NIRD_DUCKDB_MEMORY_LIMIT within --mem), so labelled script; `fix` accepts either export; the line is the guide\'s quoted exception with its "..." as written; ' + RESIFLOW_MAP + '; assumed shape - the 8-core, 64G full-OD job with NIRD_DUCKDB_MEMORY_LIMIT=24GB and the default strategy',
    cluster='bridges2',
    script='srun_mpi_app.sh',
    replace=RESIFLOW_BASE[:3] + [['#SBATCH --time=06:00:00', '#SBATCH --time=04:00:00'], [RESIFLOW_BASE[3][0], RESIFLOW_BASE[3][1] + '\nexport NIRD_DUCKDB_MEMORY_LIMIT=24GB'], ['srun --cpu-bind=cores ./solver input.dat', RESIFLOW_RUN]],
    log='''
_duckdb.OutOfMemoryException: Out of Memory Error: failed to pin block...
''',
    expect={'families': ['environment', 'resources'], 'fix': r'(?m)^\+.*\b(NIRD_PATH_REALIZATION_STRATEGY=\S*chunked\S*|NIRD_DUCKDB_MEMORY_LIMIT=(?!24GB\b)\S+)'},
)
