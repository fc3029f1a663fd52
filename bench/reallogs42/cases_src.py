# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Sources: centre documentation / known-issues pages and library or framework troubleshooting pages.

# ---------------------------------------------------------------- ARCHER2 known issues (2)

ARCHER2_SOURCE = 'https://github.com/ARCHER2-HPC/archer2-docs/blob/f2c681c50032bf53a72624af5aac7d1a5c914831/docs/known-issues/index.md'
ARCHER2_SITE = 'ARCHER2 (EPCC, HPE Cray EX, Slurm, cray-mpich) documentation, "Known Issues" page (docs/known-issues/index.md at the 2021-03-24 commit, published as docs.archer2.ac.uk/known-issues/)'
ARCHER2_MAP = 'not one of the ten sites - ARCHER2 is an HPE Cray EX system run by Slurm with cray-mpich - so mapped by system and scheduler family to Perlmutter (CPU nodes, srun, cray-mpich)'

case(
    id='archer2known-ucx-ibv-reg-mr-cannot-allocate-memory-ucx-ib-reg-methods-direct',
    kind='script',
    source=ARCHER2_SOURCE,
    thread_site=ARCHER2_SITE + ', item "MPI `UCX ERROR: ivb_reg_mr`": with the UCX layer for MPI communication a job may fail with these lines (ibv_reg_mr ... Cannot allocate memory, MPIDI_UCX_send ... Input/output error); workaround - add `export UCX_IB_REG_METHODS=direct` to the job submission script before the `srun` command (may cost performance)',
    what='the centre\'s cure is one exported variable in the job script before srun, so labelled script (a library/fabric behaviour with a job-environment workaround, as earlier sets labelled documented env cures); the lines are the page\'s own quoted error block, trimmed to the UCX registration errors, the MPICH abort and the first error stack (the repeated "aborting job" stack and the two xpmem WARN lines left out); ' + ARCHER2_MAP + '; assumed shape - a 16-node CPU MPI job that switched to the UCX flavour of cray-mpich',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=16'], ['module load cray-mpich', 'module swap craype-network-ofi craype-network-ucx\nmodule swap cray-mpich cray-mpich-ucx']],
    log='''
[1613401128.440695] [nid001192:11838:0] ib_md.c:325 UCX ERROR ibv_reg_mr(address=0xabcf12c0, length=26400, access=0xf) failed: Cannot allocate memory
[1613401128.440768] [nid001192:11838:0] ucp_mm.c:137 UCX ERROR failed to register address 0xabcf12c0 mem_type bit 0x1 length 26400 on md[4]=mlx5_0: Input/output error (md reg_mem_types 0x15)
[1613401128.440773] [nid001192:11838:0] ucp_request.c:269 UCX ERROR failed to register user buffer datatype 0x8 address 0xabcf12c0 len 26400: Input/output error
MPICH ERROR [Rank 1534] [job id 114930.0] [Mon Feb 15 14:58:48 2021] [unknown] [nid001192] - Abort(672797967) (rank 1534 in comm 0): Fatal error in PMPI_Isend: Other MPI error, error stack:
PMPI_Isend(160)......: MPI_Isend(buf=0xabcf12c0, count=3300, MPI_DOUBLE_PRECISION, dest=1612, tag=4, comm=0x84000004, request=0x7fffb38fa0fc) failed
MPID_Isend(416)......:
MPID_isend_unsafe(92):
MPIDI_UCX_send(95)...: returned failed request in UCX netmod(ucx_send.h 95 MPIDI_UCX_send Input/output error)
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*\bUCX_IB_REG_METHODS=["\']?direct\b'},
)

case(
    id='archer2known-mpi-init-ofid-getinfo-no-data-available-bad-node-service-desk',
    kind='not_script',
    source=ARCHER2_SOURCE,
    thread_site=ARCHER2_SITE + ', item "Job failures with `MPI_Init` errors": a failure with an error message similar to these lines (PMPI_Init ... MPIDI_NM_mpi_init_hook ... ofid_getinfo ... No data available) indicates a problem with the node; contact the ARCHER2 Service Desk with the job ID of the failed job',
    what='the centre says the message means a fault on a compute node (its network interface not available to libfabric), handled by the service desk; nothing in the job script is implicated - not_script (node administration / fabric); the lines are the page\'s own quoted error block (its trailing "..." line left out, trailing spaces of the two stack lines dropped by the generator); ' + ARCHER2_MAP + '; assumed shape - an 8-node CPU MPI job with the default cray-mpich (OFI)',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[],
    log='''
MPICH ERROR [Rank 7] [job id 65233.0] [Mon Jan 11 16:15:34 2021] [unknown] [nid001066] - Abort(1115279) (rank 7 in comm 0): Fatal error in PMPI_Init: Other MPI error, error stack:
MPIR_Init_thread(632)......:
MPID_Init(516).............:
MPIDI_NM_mpi_init_hook(575): **ofid_getinfo ofi_init.h 575 MPIDI_NM_mpi_init_hook No data available
''',
)

# ---------------------------------------------------------------- ARCHER2 FAQ page (2)

ARCHER2_FAQ_SOURCE = 'https://github.com/ARCHER2-HPC/archer2-docs/blob/7a5396d497a2a12a20a304eb9d3d224352c188ef/docs/faq/index.md'
ARCHER2_FAQ_SITE = 'ARCHER2 (EPCC, HPE Cray EX, Slurm) documentation, "ARCHER2 Frequently Asked Questions" (docs/faq/index.md, published as docs.archer2.ac.uk/faq/), section "Job failures" - "Your job has failed with an ugly message from the scheduler ... common causes, and possible remedies"'
ARCHER2_FAQ_MAP = 'not one of the ten sites - ARCHER2 (Slurm, 128-core AMD EPYC CPU nodes) - so mapped by scheduler family and node shape to Anvil (Slurm, 128-core AMD CPU nodes)'

case(
    id='archer2faq-step-cancelled-due-to-node-failure-hardware-resubmit',
    kind='not_script',
    source=ARCHER2_FAQ_SOURCE,
    thread_site=ARCHER2_FAQ_SITE + '; "What does a hardware fault look like?": this line at the end of standard output means a hardware failure on the node has caused the job to crash; such failures are detected automatically (the hardware is restarted or replaced), the time is not charged, it is "merely unlucky": just resubmit the same job',
    what='the centre says the message is a node hardware failure and the cure is to resubmit the same job unchanged - not_script (hardware); the line is the page\'s own example; ' + ARCHER2_FAQ_MAP + '; assumed shape - an 8-node CPU MPI job',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[],
    log='''
slurmstepd: error: *** STEP 7871129.0 ON nid001520 CANCELLED AT 2024-10-23T20:04:10 DUE TO NODE FAILURE ***
''',
)

case(
    id='archer2faq-step-cancelled-due-to-time-limit-raise-time-or-long-qos',
    kind='script',
    source=ARCHER2_FAQ_SOURCE,
    thread_site=ARCHER2_FAQ_SITE + '; "Job cancelled owing to time limit": jobs reaching their time limit are cancelled with a message of this form; check the time limit given with `--time`; if a longer time is required, consider the `long` QoS or, exceptionally, a reservation (or a smaller/shorter problem, checkpointing)',
    what='the step ran into the wall-time the job script asked for; the remedies the page gives are the `--time` request and the QoS, both job-script directives, so labelled script (a right fix raises `--time` or asks for the long QoS); the line is the page\'s own example; ' + ARCHER2_FAQ_MAP + '; assumed shape - an 8-node CPU MPI job with `--time=06:00:00`',
    cluster='anvil',
    script='srun_mpi_app.sh',
    replace=[],
    log='''
slurmstepd: error: *** STEP 7871128.0 ON nid001258 CANCELLED AT 2024-10-24T01:21:34 DUE TO TIME LIMIT ***
''',
    expect={'families': ['resources', 'directives', 'scheduler'], 'fix': r'(?m)^\+#SBATCH\s+(--time[= ]|-t\s*)(?!06:00:00\b)\S+|^\+#SBATCH\s+(--qos[= ]|-q\s*)long\b'},
)

# ---------------------------------------------------------------- NVIDIA HPC-X known issues pages (2 sources, 1 each)

HPCX_SITE = 'NVIDIA HPC-X Software Toolkit (Open MPI + UCX + UCC for InfiniBand clusters) release documentation, "Known Issues" table, each entry given as description (with the error text), workaround (an environment variable), keywords and version'
HPCX_MAP = 'not one of the ten sites - a framework page for Open MPI/UCX on InfiniBand GPU clusters - so mapped by MPI and fabric family to Bridges-2 (Open MPI `mpirun` on its InfiniBand GPU nodes, base copied from reallogs33); assumed shape - the HPC-X init script sourced instead of the site Open MPI module, 2 nodes x 8 V100 ranks'
HPCX_REPL = [['module load openmpi/4.0.5-gcc10.2.0', 'source $PROJECT/hpcx-v2.19/hpcx-mt-init.sh\nhpcx_load']]

case(
    id='hpcx219known-ucx-ibv-reg-dmabuf-mr-invalid-argument-cuda-memory-disable-gdr-copy',
    kind='script',
    source='https://docs.nvidia.com/networking/display/hpcxv219/known+issues',
    thread_site=HPCX_SITE + ' (HPC-X 2.19); issue 3819771: in certain scenarios RDMA operations involving CUDA memory may fail with this error; workaround - disable the gdr_copy transport with `UCX_TLS=^gdr_copy`, or disable DMA-buffer registrations with `UCX_CUDA_COPY_DMABUF=no`',
    what='the documented cure is an environment variable set for the run (in the job script or as `mpirun -x`), so labelled script, either variable being right; a library known issue rather than one job\'s verified rerun; the line is the page\'s own error text (the sentence-final full stop after "Invalid argument" dropped); ' + HPCX_MAP,
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=HPCX_REPL,
    log='''
UCX ERROR ibv_reg_dmabuf_mr(address=0xfff939e00000, length=16, access=0xf) failed: Invalid argument
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*(\bUCX_TLS=["\']?\^[\w,^]*gdr_copy|\bUCX_CUDA_COPY_DMABUF=["\']?no\b)'},
)

case(
    id='hpcx224known-rc-verbs-send-completion-remote-access-error-exclude-rc-v',
    kind='script',
    source='https://docs.nvidia.com/networking/display/hpcxv224/known+issues',
    thread_site=HPCX_SITE + ' (HPC-X 2.24, also listed for 2.23 and 2.25.1); issue 4422894: when sending relatively large amounts of data this error may occur; workaround - exclude the rc_v transport by setting `UCX_TLS=^rc_v`',
    what='the documented cure is one environment variable for the run (job script or `mpirun -x`), so labelled script; a library known issue rather than one job\'s verified rerun; the line is the page\'s own error text (two spaces after the colon kept); ' + HPCX_MAP.replace('hpcx-v2.19', 'hpcx-v2.24'),
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[['module load openmpi/4.0.5-gcc10.2.0', 'source $PROJECT/hpcx-v2.24/hpcx-mt-init.sh\nhpcx_load']],
    log='''
rc_verbs_iface.c:128  send completion with error: remote access error
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*\bUCX_TLS=["\']?\^[\w,^]*rc_v\b'},
)

# ---------------------------------------------------------------- AWS awsome-distributed-training EFA cheatsheet (1)

case(
    id='efacheatsheet-dataloader-fork-oserror-cannot-allocate-memory-efa-huge-pages',
    kind='script',
    source='https://github.com/aws-samples/awsome-distributed-training/blob/ea22b7f6b69ae5ce598cf270734ec065aa916c3e/1.architectures/efa-cheatsheet.md',
    thread_site='AWS "awsome-distributed-training" reference architectures, "EFA Cheatsheet" (1.architectures/efa-cheatsheet.md), table "Settings via environment variables": set `FI_EFA_USE_HUGE_PAGE=0` when `os.fork()` causes `OSError: Cannot allocate memory`, which typically happens with the multi-process PyTorch data loader - disabling libfabric\'s EFA huge pages costs a little performance but prevents fork failures when the OS runs out of huge pages; every sample preset exports it',
    what='the documented cure is one exported variable in the job environment (libfabric EFA provider setting), so labelled script; a framework cheatsheet, not one job\'s verified rerun; the line is the page\'s own error text (written inline in the table; no traceback is given, so the excerpt is that one line); not one of the ten sites - AWS Slurm clusters (ParallelCluster/HyperPod) with EFA - so mapped by scheduler family to DeltaAI (Slurm, srun, libfabric-based fabric, 4 GPUs a node); the job keeps the EFA provider exports the cheatsheet\'s presets use so the fabric is visible in the script; assumed shape - srun, one rank per GPU, a data loader with 8 worker processes',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['export MASTER_PORT=12802', 'export MASTER_PORT=12802\nexport FI_PROVIDER=efa\nexport FI_EFA_USE_DEVICE_RDMA=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun python -u train.py --batch-size 256 --epochs 32 --num-workers 8']],
    log='''
OSError: Cannot allocate memory
''',
    expect={'families': ['environment', 'network'], 'fix': r'(?m)^\+.*\bFI_EFA_USE_HUGE_PAGE=["\']?0\b'},
)

# ---------------------------------------------------------------- Axolotl FAQ page (2)

AXO_SOURCE = 'https://github.com/axolotl-ai-cloud/axolotl/blob/b36dac27898d6dd0e3e24e852e15101a6b92be78/docs/faq.qmd'
AXO_SITE = 'the Axolotl fine-tuning framework\'s "FAQ" page (docs/faq.qmd, published as docs.axolotl.ai/docs/faq.html), questions written as the error text with a one-line answer'

case(
    id='axolotlfaq-single-gpu-deepspeed-flag-no-module-mpi4py-remove-deepspeed',
    kind='script',
    source=AXO_SOURCE,
    thread_site=AXO_SITE + '; "Q: ModuleNotFoundError: No module named \'mpi4py\' using single GPU with deepspeed - A: You may be using deepspeed with single gpu. Please remove the `deepspeed:` section in the yaml file or `--deepspeed` CLI flag."',
    what='the job asks for one GPU and still passes `--deepspeed` on the launch line; the FAQ\'s cure is to drop the flag (or the yaml section), and here the flag is on the launch line of the job script, so labelled script; the fix regex accepts an added launch line without `--deepspeed` (a larger GPU request is not what the page says); the line is the page\'s own error text; not one of the ten sites - a framework FAQ - so put on Vista (one GH200 per node, Slurm) as a one-GPU job; assumed shape - `accelerate launch -m axolotl.cli.train` from the batch step',
    cluster='vista',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=1'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch -m axolotl.cli.train qlora-llama3-8b.yml --deepspeed deepspeed_configs/zero2.json']],
    log='''
ModuleNotFoundError: No module named 'mpi4py'
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+(?!.*--deepspeed)\s*accelerate launch .*axolotl'},
)

case(
    id='axolotlfaq-chat-template-property-mapping-missing-undefined-dict-content',
    kind='not_script',
    source=AXO_SOURCE,
    thread_site=AXO_SITE + '; "Q: `jinja2.exceptions.UndefinedError: \'dict object\' has no attribute \'content\' / \'role\' / ____` - A: the property mapping for the stated attribute does not exist when building `chat_template` prompt; e.g. for `no attribute \'content\'` check that the correct mapping for `content` is added under `message_property_mappings`" (in the training config yaml)',
    what='the dataset\'s message fields do not match the chat-template mapping in the training configuration (a yaml the program reads), so the cure is in the input data / program configuration, not in the job script - not_script (input data); the line is the page\'s error text with its alternatives (`/ \'role\' / ____`) reduced to the first one, `\'content\'`; not one of the ten sites - a framework FAQ - so put on Lonestar6 (Slurm, 3 A100 a node) as a one-node `accelerate launch` job; assumed shape - `accelerate launch -m axolotl.cli.train` over the node\'s 3 GPUs',
    cluster='lonestar6',
    script='accelerate.sh',
    replace=[['#SBATCH --gpus-per-node=2', '#SBATCH --gpus-per-node=3'], ['accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py', 'accelerate launch --num_processes 3 -m axolotl.cli.train sft-chat.yml']],
    log='''
jinja2.exceptions.UndefinedError: 'dict object' has no attribute 'content'
''',
)

# ---------------------------------------------------------------- Sigma2 (NRIS) documentation, stage-in/stage-out page (1)

case(
    id='sigma2stageout-stage-out-path-missing-rsync-link-stat-job-held-so',
    kind='script',
    source='https://github.com/UNINETTSigma2/documentation/blob/e0347991600973debaf6d4f402cd205fdfa8b53a/jobs/job_scripts/stage_in_stage_out.md',
    thread_site='Sigma2/NRIS user documentation (documentation.sigma2.no), "Staging In / Out Files from / to NIRD using Slurm" (Olivia, HPE Cray EX with GH200 nodes, Slurm burst-buffer lua plugin): staging is asked for with `#STAGE IN` / `#STAGE OUT` lines among the `#SBATCH` lines of the job script; if the copying fails, "for instance because the file or directory doesn\'t exist", the job is left in state `STAGE_OUT` (`SO`) with the copy\'s error message as the job reason (this squeue listing); such a job must be requeued before it can be cancelled, and resubmitted after fixing the problem',
    what='the failing item is the from-path of a `#STAGE OUT` directive in the job script (a path that does not exist when the job ends), so labelled script; the right path is the user\'s and no log reveals it, so the expectation is a question (`ask`), a proposed path would be invented; if the program had simply failed to write its result, the cause would not be the script - the page\'s own example names the path `nonexisting_file`, so the directive is the implicated line; the lines are the page\'s own squeue listing (header, job line, rsync line); not one of the ten sites - Sigma2\'s Olivia (Slurm, GH200) - so mapped by scheduler and node family to DeltaAI (Slurm, GH200 nodes), keeping the `#STAGE OUT` line as the source writes it; assumed shape - a one-node job whose directive names the missing file',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --time=02:00:00', '#SBATCH --time=02:00:00\n#STAGE OUT /cluster/work/projects/nn9999k/bhm/nonexisting_file /nird/datalake/NS9999K/bhm/results']],
    log='''
$ squeue --me
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
              5882    normal staging.      bhm SO       0:02      1 (burst_buffer/lua: JobHeldAdmin: slurm_bb_data_out failed: rsync: [sender] link_stat "/cluster/work/projects/nn9999k/bhm/nonexisting_file" failed: No such file or directory (2)
rsync error: some files/attrs were not transferred (see previous errors) (code 23) at main.c(1336) [sender=3.2.7]
''',
    # s37 (lead, tune half): 'directives'/'filesystem' name no record family, so no answer
    # could be right; the records of directives are of the scheduler family (label widened)
    expect={'families': ['directives', 'filesystem', 'scheduler'], 'ask': True},
)

# ---------------------------------------------------------------- CSCS (Alps) documentation pages (2 sources, 1 each)

CSCS_MAP = 'not one of the ten sites - CSCS Alps (HPE Cray EX, Slurm, GH200 nodes with 4 GPUs) - so mapped by scheduler and node family to DeltaAI (Slurm, 4 GH200 a node)'

case(
    id='cscsmpshook-five-ranks-four-exclusive-gpus-device-busy-or-unavailable',
    kind='script',
    source='https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/docs/software/container-engine/resource-hook.md',
    thread_site='CSCS user documentation (docs.cscs.ch), Container Engine "Annotations and hooks" page, "NVIDIA CUDA MPS hook": on several Alps vClusters the GPUs run in exclusive-process mode, so a node with 4 GPUs runs at most 4 CUDA processes; the example "Available GPUs and oversubscription error without the CUDA MPS hook" shows `srun -t2 -N1 -n4 ...` passing and `srun -t2 -N1 -n5 --environment=vectoradd-cuda /cuda-samples/vectorAdd` failing with these lines; to run more processes than GPUs, start CUDA MPS (the `com.hooks.nvidia_cuda_mps.enabled = "true"` annotation in the environment file)',
    what='the launch line starts 5 tasks on a node whose 4 GPUs each accept one process; the cure is in the job (as many tasks as GPUs on the srun line / directives, or MPS started for the job), so labelled script; the fix regex accepts a task count of at most 4 on srun or in the directives, or MPS enabled (the EDF annotation or `nvidia-cuda-mps-control`); the lines are the page\'s own console output, `srun: error: ...` kept as the page elides it; ' + CSCS_MAP + '; assumed shape - a batch job asking for 5 tasks on one node and the page\'s srun line',
    cluster='deltaai',
    script='srun_python.sh',
    replace=[['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=5'], ['srun python -u train.py --batch-size 256 --epochs 32', 'srun -t2 -N1 -n5 --environment=vectoradd-cuda /cuda-samples/vectorAdd']],
    log='''
Failed to allocate device vector A (error code CUDA-capable device(s) is/are busy or unavailable)!
srun: error: ...
''',
    expect={'families': ['resources', 'devices', 'launcher'], 'fix': r'(?m)^\+.*(\bsrun\b.*(-n\s*[1-4]\b|--ntasks[= ][1-4]\b)|--ntasks-per-node=[1-4]\b|nvidia_cuda_mps|nvidia-cuda-mps-control)'},
)

case(
    id='cscscp2k-dlaf-cusolver-internal-error-oversubscribed-gpu-handles',
    kind='script',
    source='https://github.com/eth-cscs/cscs-docs/blob/80abed138e7cc52ebf6703b82ed02520ab9bf92f/docs/software/sciapps/cp2k.md',
    thread_site='CSCS user documentation (docs.cscs.ch), CP2K page, section DLA-Future, "`CUSOLVER_STATUS_INTERNAL_ERROR` during initialization": when heavily over-subscribing the GPU by running multiple ranks per GPU, the (always initialised) DLA-Future library creates too many cuSOLVER handles and fails with these lines; if DLA-Future is not needed, set `DLAF_NUM_GPU_BLAS_HANDLES=1` and `DLAF_NUM_GPU_LAPACK_HANDLES=1`',
    what='the documented cure is two environment variables in the job environment, so labelled script (either variable is accepted by the fix regex); the lines are the page\'s own error block; ' + CSCS_MAP + '; assumed shape - a 2-node CP2K job from the `cp2k-dlaf` uenv view with 32 ranks a node over 4 GPUs',
    cluster='deltaai',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=32\n#SBATCH --gpus-per-node=4\n#SBATCH --uenv=cp2k/2025.1:v2\n#SBATCH --view=cp2k-dlaf'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['module load cray-mpich\n', 'export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK\n'], ['srun --cpu-bind=cores ./solver input.dat', 'srun --cpu-bind=cores cp2k.psmp -i H2O-128.inp -o H2O-128.out']],
    log='''
created exception: cuSOLVER function returned error code 7 (CUSOLVER_STATUS_INTERNAL_ERROR): pika(bad_function_call)
terminate called after throwing an instance of 'pika::cuda::experimental::cusolver_exception'
what(): cuSOLVER function returned error code 7 (CUSOLVER_STATUS_INTERNAL_ERROR): pika(bad_function_call)
''',
    expect={'families': ['environment', 'devices'], 'fix': r'(?m)^\+.*\bDLAF_NUM_GPU_(BLAS|LAPACK)_HANDLES=["\']?1\b'},
)

# ---------------------------------------------------------------- UPPMAX documentation, runtime tips FAQ (2)

UPPMAX_SOURCE = 'https://github.com/UPPMAX/UPPMAX-documentation/blob/26d4db11881715dcbb1c1dfb1b8dcdef507f6815/docs/cluster_guides/runtime_tips.md'
UPPMAX_SITE = 'UPPMAX (Uppsala, Slurm clusters Rackham/Pelle) user documentation, "Runtime tips" FAQ (docs/cluster_guides/runtime_tips.md, published as docs.uppmax.uu.se/cluster_guides/runtime_tips/)'
UPPMAX_MAP = 'not one of the ten sites - UPPMAX (Slurm, Lmod/environment modules) - so mapped by scheduler family to Bridges-2 (Slurm, modules; base copied from reallogs33)'

case(
    id='uppmaxtips-sbatch-without-login-shell-init-unknown-shell-type-load',
    kind='script',
    source=UPPMAX_SOURCE,
    thread_site=UPPMAX_SITE + '; "What is causing the sbatch script error \'Unknown shell type `load`\'?": this error when running an sbatch script means the script starts with `#!/bin/bash`; make it start with `#!/bin/bash -l` (the trailing -l loads the environment settings that make the module system usable)',
    what='the centre\'s cure is the first line of the job script (a login shell, so `module` is defined), so labelled script; the line is the page\'s own error text; ' + UPPMAX_MAP + '; the broken script is the base as written (it starts with `#!/bin/bash` and calls `module load`)',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[],
    log='''
init.c(379):ERROR:109: Unknown shell type load
''',
    expect={'families': ['modules', 'environment', 'syntax'], 'fix': r'(?m)^\+#!\s*/bin/bash\s+(-l|--login)\b'},
)

case(
    id='uppmaxtips-slurmstepd-get-pss-smaps-ferror-harmless-after-job-end',
    kind='not_script',
    source=UPPMAX_SOURCE,
    thread_site=UPPMAX_SITE + '; "I get `slurmstepd: error: _get_pss:ferror() /proc/$$/smaps`": this message sometimes occurs in the Slurm output file; it does not affect the results and can be ignored - when Slurm collects the PSS memory statistics after the job has finished, the kernel statistics file of the process is already gone (the clean-up slightly out of sync); only the job\'s PSS-based memory statistics may be unreliable',
    what='the centre says the line is a harmless accounting message from Slurm after the job ended; nothing in the job (or the program) is wrong - not_script (a scheduler/system message to be left alone); the line is the page\'s own text of the message (its literal `$$` kept); ' + UPPMAX_MAP + '; assumed shape - the base Bridges-2 mpirun job with a login-shell first line',
    cluster='bridges2',
    script='bridges2_mpirun.sh',
    replace=[['#!/bin/bash\n', '#!/bin/bash -l\n']],
    log='''
slurmstepd: error: _get_pss: ferror() indicates error on file /proc/$$/smaps
''',
)

# ---------------------------------------------------------------- Intel MPI Library Developer Guide, troubleshooting pages (2 sources, 1 each)

IMPI_SITE = 'Intel MPI Library Developer Guide for Linux OS, "Troubleshooting" chapter, one page per error message with sections Error Message, Cause, Solution'

case(
    id='impiguide-hydra-pipe-error-too-many-open-files-too-many-ranks-per-node',
    kind='script',
    source='https://intel.com/content/www/us/en/docs/mpi-library/developer-guide-linux/2021-6/error-message-too-many-open-files.html',
    thread_site=IMPI_SITE + ', page "Error Message: Too Many Open Files": error message - the Hydra proxy\'s `HYD_spawn ... pipe error (Too many open files)`, `launch_processes ... error creating process`, `main ... error launching_processes`; cause - too many processes per node are launched; solution - specify fewer processes per node with the `-ppn` option or the `I_MPI_PERHOST` environment variable',
    what='the job starts more ranks on a node than the launcher can open pipes for; the cure is the per-node rank count (task request / launcher option / I_MPI_PERHOST), all in the job script, so labelled script; the fix regex accepts a task count of at most 48 (one SKX node\'s cores), more nodes, or an explicit per-node count; the lines are the page\'s error block (the page prints it as one run-on paragraph; split here at each `[proxy:0:0@host1]` record); not one of the ten sites - an Intel MPI (Hydra) page - so put on Stampede3, whose `ibrun` starts Intel MPI through Hydra; assumed shape - one SKX node asked for 512 tasks of a CPU MPI solver',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 512'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', 'module load intel/24.0 impi/21.11\n'], ['ibrun python train.py --epochs 10', 'ibrun ./solver input.dat']],
    log='''
[proxy:0:0@host1] HYD_spawn (../../../../../src/pm/i_hydra/libhydra/spawn/intel/hydra_spawn.c:57): pipe error (Too many open files)
[proxy:0:0@host1] launch_processes (../../../../../src/pm/i_hydra/proxy/proxy.c:509): error creating process
[proxy:0:0@host1] main (../../../../../src/pm/i_hydra/proxy/proxy.c:860): error launching_processes
''',
    expect={'families': ['resources', 'launcher', 'directives'], 'fix': r'(?m)^\+#SBATCH\s+(-n\s*|--ntasks[= ])([1-9]|[1-3]\d|4[0-8])\b|^\+#SBATCH\s+(-N\s*|--nodes[= ])([2-9]|\d{2,})\b|^\+.*(I_MPI_PERHOST=|-ppn\s+\d+|--ntasks-per-node[= ]\d+)'},
)

case(
    id='impiguide-comm-dup-too-many-communicators-program-leaks-communicators',
    kind='not_script',
    source='https://www.intel.com/content/www/us/en/docs/mpi-library/developer-guide-linux/2021-16/error-message-too-many-communicators.html',
    thread_site=IMPI_SITE + ', page "Error Message: Too Many Communicators": error message - an abort in `MPI_Comm_dup` ending in `MPIR_Get_contextid_sparse_group(609): Too many communicators (0/32768 free on this process; ignore_id=0)`; cause - MPI limits how many communicators can be created (32766, MPI_COMM_WORLD and MPI_COMM_SELF included; each RMA window consumes one too), fewer if the application creates communicators with similar groups; i.e. the application creates communicators (or windows) without freeing them',
    what='the program exhausts MPI\'s communicator ids (it duplicates/creates communicators or RMA windows and does not free them); the cure is in the application\'s code, nothing in the job script - not_script (a bug in the user\'s program); the lines are the page\'s error block (printed there as one run-on paragraph; split here at each stack frame, the frame text kept); not one of the ten sites - an Intel MPI (MPICH-derived) page - so put on Aurora (PBS, PALS mpiexec, MPICH-based MPI) as a CPU MPI job; assumed shape - 2 nodes, 12 ranks a node',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\nexport MASTER_PORT=29500\n', ''], ['--cpu-bind depth -d 8 python train.py', '--cpu-bind depth -d 8 ./solver input.dat']],
    log='''
Abort(136403471) on node 0 (rank 0 in comm 0): Fatal error in internal_Comm_dup: Other MPI error, error stack:
internal_Comm_dup(24268)............: MPI_Comm_dup(MPI_COMM_WORLD, newcomm=0x75fe1d097008) failed
MPIR_Comm_dup_impl(738).............:
MPII_Comm_dup(1207).................:
MPII_Comm_copy(1249)................:
MPIR_Get_contextid_sparse_group(609): Too many communicators (0/32768 free on this process; ignore_id=0)
''',
)

# ---------------------------------------------------------------- Megatron-Bridge release known-issues page (1)

case(
    id='mbridgeknown-deepseek-v3-h100-deepep-dispatch-cpu-timeout-release-bug',
    kind='not_script',
    source='https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/067f987df03b8355b03192d88d70f1709fedf51a/docs/releases/known-issues.md',
    thread_site='the NeMo Megatron-Bridge project documentation, "Known Issues" page (docs/releases/known-issues.md, per-release list of known issues and limitations), release 25.11: "Deepseek V3 on H100 has an issue when using DeepEP and fails with `RuntimeError: DeepEP error: timeout (dispatch CPU)`" - a known defect of that release, no job-side workaround given',
    what='the project lists the failure as a known defect of its 25.11 release (DeepSeek-V3 with the DeepEP expert dispatcher on H100); nothing in the job script causes or cures it - not_script (a library/framework bug; a later release or another dispatcher is the way out, and which one is not shown); the line is the page\'s own error text; not one of the ten sites - a framework page for 8 x H100 Slurm clusters - so mapped by scheduler family to Delta (Slurm, Apptainer, torchrun one per node); assumed shape - 8 nodes, the 25.11 NeMo container, the DeepSeek-V3 pretraining recipe with the DeepEP dispatcher',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH --nodes=8'], ['pytorch_24.04.sif', 'nemo_25.11.sif'], ['torchrun --nnodes=2', 'torchrun --nnodes=8'], ['--rdzv_id="$SLURM_JOB_ID" train.py', '--rdzv_id="$SLURM_JOB_ID" scripts/performance/run_script.py --recipe deepseek_v3_pretrain_config model.moe_token_dispatcher_type=flex model.moe_enable_deepep=true']],
    log='''
RuntimeError: DeepEP error: timeout (dispatch CPU)
''',
)

case(
    id='hpcx2181known-cuda-ipc-gdrcopy-same-buffer-gdr-map-failed-no-workaround',
    kind='not_script',
    source='https://docs.nvidia.com/networking/display/hpcxv2181lts/Known+Issues',
    thread_site=HPCX_SITE + ' (HPC-X 2.18.1 LTS, also listed for 2.17.1 and 2.19); issue 3606732: when CUDA buffers are used for intra-node transfers, the program may crash with an assertion `offset <= key->b_len\' failed in cuda_ipc, due to a conflict between cuda_ipc and gdrcopy memory registration on the same buffer; in other cases the error message "gdr_map failed" can be printed; Workaround: N/A',
    what='a defect inside the UCX transports of that HPC-X release, for which the vendor gives no workaround - nothing in the job script is shown to cure it, so not_script (a library bug; a later release is the way out); the line is the message the page quotes (the only text it gives; the assertion is paraphrased there, so left out); not one of the ten sites - an Open MPI/UCX page for InfiniBand GPU clusters - so mapped by fabric to Lonestar6 (InfiniBand, A100 nodes, Slurm), with the HPC-X `mpirun` launch; assumed shape - 2 nodes x 3 GPUs, one rank per GPU, CUDA-aware MPI training',
    cluster='lonestar6',
    script='bridges2_mpirun.sh',
    replace=[['#SBATCH -p GPU', '#SBATCH -p gpu-a100'], ['#SBATCH --ntasks-per-node=8', '#SBATCH --ntasks-per-node=3'], ['#SBATCH --gpus=v100-32:16\n', ''], ['module load openmpi/4.0.5-gcc10.2.0', 'source $WORK/hpcx-v2.18.1/hpcx-mt-init.sh\nhpcx_load']],
    log='''
gdr_map failed
''',
)

# ---------------------------------------------------------------- DeepSpeed installation-details tutorial page (1)

case(
    id='dsinstall-op-builder-installed-cuda-differs-from-torch-cuda-jit-extension',
    kind='script',
    source='https://github.com/deepspeedai/DeepSpeed/blob/ae0ea694474b0e5b25184dc95ea1510d0163dd7e/docs/_tutorials/advanced-install.md',
    thread_site='DeepSpeed documentation, "Installation Details" tutorial (docs/_tutorials/advanced-install.md, published as deepspeed.ai/tutorials/advanced-install/), section "CUDA version mismatch": this exception means the CUDA installed (the one `nvcc` finds, used to JIT-compile the ops) differs from the CUDA torch was compiled with; the easiest fix is changing the CUDA version installed (or the torch version) so that at least the major versions match; to skip the check, set `DS_SKIP_CUDA_CHECK=1` (beware of unexpected behaviour)',
    what='the job loads a CUDA toolkit module whose version differs from the one the framework\'s torch was built with, and DeepSpeed\'s JIT op build refuses it; the cures the page gives are the CUDA toolkit in the job environment (the module line) or the `DS_SKIP_CUDA_CHECK=1` variable, so labelled script; the fix regex accepts dropping the mismatching module, loading another CUDA module, or the skip variable (the page names all three; which CUDA version matches is not in the log, its `{VERSION}` placeholders are the page\'s own); the line is the page\'s own error text; put on Polaris with the DeepSpeed launcher over a PBS hostfile (new base `scripts/pbs_polaris_deepspeed.sh`); assumed shape - the conda framework module plus a standalone CUDA 11.8 toolkit module loaded for a build',
    cluster='polaris',
    script='pbs_polaris_deepspeed.sh',
    replace=[['conda activate\n', 'conda activate\nmodule load cudatoolkit-standalone/11.8.0\n']],
    log='''
Exception: >- DeepSpeed Op Builder: Installed CUDA version {VERSION} does not match the version torch was compiled with {VERSION}, unable to compile cuda/cpp extensions without a matching cuda version.
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+.*\bDS_SKIP_CUDA_CHECK=["\']?1\b|^\+\s*module\s+(load|swap|switch)\s+(?!cudatoolkit-standalone/11\.8\.0\b)\S*cuda\S*|^-\s*module\s+load\s+cudatoolkit-standalone/11\.8\.0\b'},
)

# ---------------------------------------------------------------- Sigma2 (NRIS) documentation, memory-settings page (1)

case(
    id='sigma2memsettings-batch-step-oom-kill-after-lowering-mem-per-cpu',
    kind='script',
    source='https://github.com/UNINETTSigma2/documentation/blob/e0347991600973debaf6d4f402cd205fdfa8b53a/jobs/choosing-memory-settings.md',
    thread_site='Sigma2/NRIS user documentation (documentation.sigma2.no), "How to choose the right amount of memory" (jobs/choosing-memory-settings.md), section "By reducing the memory parameter until a job fails": start from a generous `#SBATCH --mem-per-cpu=3500M` and reduce it until the job fails with this oom-kill message, then go back to the last setting that worked (or start low and increase until the job is not stopped)',
    what='the batch step was killed for exceeding the memory the job script asked for; the page\'s cure is the `--mem-per-cpu` directive (a larger request), so labelled script; the fix regex accepts a different `--mem-per-cpu` or a `--mem` request; the first line is the page\'s own example, its second line (`Some of the step tasks have been OOM Killed.`) is left out because it repeats a line of other sets; not one of the ten sites - Sigma2\'s Slurm clusters (Saga/Betzy/Olivia) - so mapped by scheduler family to Delta (Slurm, shared CPU nodes where `--mem-per-cpu` applies); assumed shape - a one-node CPU job whose request was lowered to 500M a core',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH --nodes=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=2\n#SBATCH --mem-per-cpu=500M']],
    log='''
slurmstepd: error: Detected 1 oom_kill event in StepId=10404708.batch.
''',
    expect={'families': ['resources', 'directives'], 'fix': r'(?m)^\+#SBATCH\s+--mem-per-cpu[= ](?!500M\b)\S+|^\+#SBATCH\s+--mem[= ]\S+'},
)

# ---------------------------------------------------------------- Hugging Face Transformers "Debugging" guide (1)

case(
    id='hfdebugging-t5-fp16-activation-overflow-inf-nan-detected-dropout-frame',
    kind='not_script',
    source='https://github.com/huggingface/transformers/blob/2a02398de8c7f088f6005f89f49ba62867a1dc06/docs/source/en/debugging.md',
    thread_site='Hugging Face Transformers documentation, "Debugging" guide (docs/source/en/debugging.md), section "Underflow and Overflow Detection": with `--debug underflow_overflow` the Trainer prints this report when inf/nan first appears; in the example (google/mt5-small under fp16 mixed precision) the activations of `T5DenseGatedGeluDense` reach ~6.27e+04, near fp16\'s limit, and the following `Dropout` overflows to inf on the first batch; the fix is in the model code - switch those frames to fp32 (e.g. turn autocast off around the original forward) - or other model-side remedies',
    what='the numbers overflow inside the model\'s forward pass under mixed precision; the guide\'s cure is a change to the model code, nothing in the job script - not_script (the user\'s program / numerics); the lines are the guide\'s own trimmed report (its second, shorter copy: header and the last three frames); not one of the ten sites - a framework guide - so put on Vista (one GH200 per node, Slurm) with the DeepSpeed launcher over a hostfile, fp16 set in the DeepSpeed config file (not on the launch line); assumed shape - 2 nodes x 1 GPU, the Trainer script run with `--debug underflow_overflow`',
    cluster='vista',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ["sed 's/$/ slots=4/'", "sed 's/$/ slots=1/'"], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 1 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile run_translation.py --model_name_or_path google/mt5-small --deepspeed ds_config_fp16.json --debug underflow_overflow --do_train --output_dir out']],
    log='''
Detected inf/nan during batch_number=0
Last 21 forward frames:
abs min  abs max  metadata
                  encoder.block.2.layer.1.DenseReluDense.wo Linear
1.01e-06 6.44e+00 weight
0.00e+00 9.74e+03 input[0]
3.18e-04 6.27e+04 output
                  encoder.block.2.layer.1.DenseReluDense T5DenseGatedGeluDense
1.79e-06 4.65e+00 input[0]
3.18e-04 6.27e+04 output
                  encoder.block.2.layer.1.dropout Dropout
3.18e-04 6.27e+04 input[0]
0.00e+00      inf output
''',
)

# ---------------------------------------------------------------- UC Merced MERCED cluster documentation, news page (1)

case(
    id='mercednews-node-failure-message-from-node-scheduler-communication-kernel-fix',
    kind='not_script',
    source='find_string:9083658122',
    thread_site='the UC Merced research computing documentation for the MERCED cluster (Slurm), "Docs News" page (news.md, found with the code search, text id 9083658122, the tool shows no repository name), entry "Node failure errors" (April 28, 2020): jobs were reporting this message; the cause was communication issues between the compute nodes and the Slurm scheduler (the message "will indicate incorrectly that there is a NODE FAILURE"); the fix was an upgrade of the cluster kernel during a 2-day shutdown, with affected users given higher queue priority afterwards; an "Update on node failure errors" (May 3) reports the issue resolved and jobs running as usual',
    what='the centre traced the cancellations to a system fault (node-scheduler communication) and fixed it with a kernel upgrade on the cluster; nothing in the users\' job scripts was involved - not_script (node administration); the line is the page\'s own quoted error message with its placeholders (`JOB ID`, `mrcdXY`, `TXXXX`) kept; not one of the ten sites - a university Slurm cluster - so mapped by scheduler family to Stampede3 (Slurm, `ibrun` MPI jobs; the centre noted the failures especially in MPI jobs); assumed shape - a 2-node CPU MPI job',
    cluster='stampede3',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p skx'], ['#SBATCH -n 6', '#SBATCH -n 96'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\n', ''], ['ibrun python train.py --epochs 10', 'ibrun ./solver input.dat']],
    log='''
*** JOB ID ON mrcdXY CANCELLED AT 2020-04-27TXXXX DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***
''',
)
