# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).
# Split by sha256(source) parity (make_cases.py), so all cases of one source share a half.
# Written before any run of maple on these cases.

# ---------------------------------------------------------------- RTX PRO 6000 Xid 79 RMA report (1)

case(
    id='rtxpro6000rma-xid79-fallen-off-bus-xid154-os-reboot-sustained-vllm-load',
    kind='not_script',
    source='find_string:57946448263',
    thread_site='a user\'s hardware fault report prepared for NVIDIA and the vendor (RMA request) on one NVIDIA RTX PRO 6000 Blackwell Workstation Edition (96 GB) serving a local vLLM inference server under sustained load: the card dropped off the PCIe bus 9 times in 17 days (Xid 79 then Xid 154 "OS Reboot"), each event unrecoverable without a full reboot or power cycle; power capping (600 -> 500 W, then 400 W with a clock lock) only reduces frequency; open suspects are the PSU transient response (an older ATX 2.x unit on an 8-pin adapter) and board thermals; planned fix: a new PSU, and the unit is requested for inspection/replacement',
    what='the GPU itself leaves the bus (Xid 79 -> 154, register reads return 0xffffffff) under sustained load, and the report\'s own cures are hardware (PSU swap, RMA) - nothing in a job script can bring the card back; the excerpt is the report\'s "Failure signature" block (its `(xN)`/`(x187)` counts and bracket note kept as written); the line `NVRM: GPU 0000:01:00.0: GPU has fallen off the bus.` of that block repeats bench/reallogs33 word for word and is left out; no scheduler - a single workstation - so mapped to Polaris as a one-node PBS job of a GPU inference server (assumed shape: one node, `python -m vllm.entrypoints.openai.api_server` from the batch step)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'python -m vllm.entrypoints.openai.api_server --model $HOME/models/served --gpu-memory-utilization 0.90']],
    log='''
NVRM: Xid (PCI:0000:01:00): 79, pid=<varies>, name=<chrome|Xwayland|none>, GPU has fallen off the bus.
NVRM: Xid (PCI:0000:01:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (OS Reboot)
NVRM: _threadNodeCheckTimeout: API_GPU_ATTACHED_SANITY_CHECK failed!   (xN)
NVRM: GPU0 _issueRpcAndWait: rpcSendMessage failed with status 0x0000000f for fn 10 ... (x187)   [GSP RPC timeout during teardown]
NVRM: GPU0 _intrServiceStallCommonCheckBegin: Failed GPU reg read : 0xffffffff. Check whether GPU is present on the bus
''',
)

# ---------------------------------------------------------------- BigScience training chronicles and Jean Zay notes (4; project bigscience-workshop/bigscience)

BS = 'https://github.com/bigscience-workshop/bigscience/blob/9e64edec2ad1fb9263bf39ba616a84ff64b4d947/train/'
BS13_SOURCE = BS + 'tr1-13B-base/chronicles.md'
BS176_SOURCE = BS + 'tr11-176B-ml/chronicles.md'
BS_JZ = 'the BigScience project\'s training chronicles (the team\'s own run ledger, in their repository) for jobs on the Jean Zay supercomputer (IDRIS, Slurm, one task per node, `srun ... bash -c "$LAUNCHER --node_rank $SLURM_PROCID $CMD"` starting `python -u -m torch.distributed.launch/run` with Megatron-DeepSpeed on every node)'
BS13_MAP = 'not one of the ten sites - Jean Zay, a Slurm cluster with 4 x V100 nodes, one launcher per node under srun - so mapped by scheduler and launcher family to Perlmutter (Slurm, 4 GPUs a node, one torch.distributed launcher per node under srun); assumed shape - the tr1-13B-round1.slurm layout, scaled down to 2 nodes'
BS176_MAP = 'not one of the ten sites - Jean Zay\'s A100 partition, a Slurm cluster with 8 x A100 nodes, one launcher per node under srun - so mapped by scheduler and launcher family to Bridges-2 (Slurm, 8-GPU nodes, one torch.distributed launcher per node under srun); assumed shape - the tr11-176B-ml.slurm layout, scaled down to 2 nodes'
BS_PM = [['#SBATCH -N 2', '#SBATCH -A m0000_g\n#SBATCH -C gpu\n#SBATCH -q regular\n#SBATCH -N 2'], ['#SBATCH --cpus-per-task=32', '#SBATCH --cpus-per-task=64'], ['srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10', 'srun --jobid $SLURM_JOBID bash -c \'python -u -m torch.distributed.launch --nproc_per_node 4 --nnodes 2 --master_addr $MASTER_ADDR --master_port $MASTER_PORT --node_rank $SLURM_PROCID pretrain_gpt.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 4 --deepspeed --deepspeed_config ds_config.json\'']]
BS_B2 = [['#SBATCH -N 2', '#SBATCH -p GPU\n#SBATCH -N 2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=h100-80:16'], ['#SBATCH --cpus-per-task=32', '#SBATCH --cpus-per-task=64'], ['srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10', 'export NCCL_ASYNC_ERROR_HANDLING=1\nsrun --wait=60 --kill-on-bad-exit=1 --jobid $SLURM_JOB_ID bash -c "python -u -m torch.distributed.run --nproc_per_node 8 --nnodes 2 --rdzv_endpoint $MASTER_ADDR:$MASTER_PORT --rdzv_backend c10d --max_restarts 0 --tee 3 --node_rank \\$SLURM_PROCID pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --deepspeed --deepspeed_config ds_config.json"']]

case(
    id='bigscience13b-uncorrectable-ecc-after-43k-iterations-then-oom-on-same-node',
    kind='not_script',
    source=BS13_SOURCE,
    thread_site=BS_JZ + '; "Corrupt GPU crashes the training multiple times": a Slurm array job of the 13B model crashed after many hours of good training (iteration 43680) with an uncorrectable ECC error; the next job of the array was given the same node and died at start-up with `CUDA error: out of memory` in a barrier; the JZ admins confirmed one node was faulty, the next job did not land on it and training continued; lesson: log per node (`#SBATCH --output=%x-%j-%N.out`) to find and `--exclude` a bad node',
    what='a GPU of one node has failing memory (uncorrectable ECC), confirmed by the centre\'s admins; the cure was taking the node out of service (a job landing elsewhere), not a change to the script - an `--exclude` of the bad node is at most a workaround, and the log does not name the node; hardware fault after 43k good iterations; the excerpt is the chronicle\'s first log block trimmed to the iteration line, the end of the traceback and the two error lines (the frame dump dropped); ' + BS13_MAP,
    cluster='perlmutter',
    script='srun_torchrun.sh',
    replace=BS_PM,
    log='''
iteration    43680/  311541 | consumed samples:     25709904 | elapsed time per iteration (ms): 25593.4 | learning rate: 9.135E-05 | global batch size:  1024 | lm loss: 2.635663E+00 | loss scale: 131072.0 | grad norm: 17224.723 | num zeros: 0.0 | number of skipped iterations:   0 | number of nan iterations:   0 |
time (ms)
Traceback (most recent call last):
  File "/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/DeepSpeed-big-science/deepspeed/runtime/pipe/engine.py", line 679, in _exec_backward_pass
    torch.autograd.backward(tensors=(outputs, ), grad_tensors=(grad_tensors, ))
RuntimeError: transform: failed to synchronize: cudaErrorECCUncorrectable: uncorrectable ECC error encountered
terminate called after throwing an instance of 'c10::Error'
  what():  CUDA error: uncorrectable ECC error encountered
Exception raised from create_event_internal at /opt/conda/conda-bld/pytorch_1616554793803/work/c10/cuda/CUDACachingAllocator.cpp:733 (most recent call first):
''',
)

case(
    id='bigscience176b-gpu-dies-cuda-unknown-error-in-nccl-work-cleanup-loop',
    kind='not_script',
    source=BS176_SOURCE,
    thread_site=BS_JZ + '; 2022-03-21: "One of the GPUs crashed" - one rank died in the NCCL watchdog with `CUDA error: unknown error`; 7.3 h of work were lost (2 iterations before a checkpoint); the response was more frequent checkpoints; "2022-04-XX repeated hardware crashes": every week or so one of the GPUs dies, the Slurm job auto-restarts from the last checkpoint',
    what='a GPU failing during a long healthy run (the chronicle files it under hardware failures; the job restarts on other nodes); nothing in the job script caused it, and the project\'s responses (more frequent checkpoints, a restart) change no launch line; the excerpt is the chronicle\'s log block trimmed to the error and the first NCCL watchdog frames; ' + BS176_MAP,
    cluster='bridges2',
    script='srun_torchrun.sh',
    replace=BS_B2,
    log='''
[default3]:terminate called after throwing an instance of 'c10::CUDAError'
[default3]:  what():  CUDA error: unknown error
[default3]:Exception raised from query at ../aten/src/ATen/cuda/CUDAEvent.h:95 (most recent call first):
[default3]:frame #1: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x11a (0x15190c6c29ea in /gpfswork/rech/six/commun/conda/tr11-176B-ml/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)
[default3]:frame #2: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x50 (0x15190c6c4fd0 in /gpfswork/rech/six/commun/conda/tr11-176B-ml/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)
[default3]:frame #3: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x145 (0x15190c6c6265 in /gpfswork/rech/six/commun/conda/tr11-176B-ml/lib/python3.8/site-packages/torch/lib/libtorch_cuda_cpp.so)
''',
)

case(
    id='bigscience176b-eval-deadlock-after-45k-iterations-deepspeed-branch-rollback',
    kind='not_script',
    source=BS176_SOURCE,
    thread_site=BS_JZ + '; 2022-04-30 "hanging at eval": after 1 day 7 h of good training the eval stage at iteration 45000 got stuck after the first eval dataset - no NCCL or distributed timeout, GPUs spinning at 100% for 3+ hours (the PULSE lines are the team\'s status cron); reproduced on 2 nodes with py-spy; cause: a rebased DeepSpeed branch (pipe engine race); fixed by checking out the earlier DeepSpeed commit, later by a `dist.barrier` before eval (DeepSpeed PR 1944) and `num_workers=0` for the validation DataLoader (Megatron-DeepSpeed PR 282)',
    what='a deadlock in the framework code (a race in the DeepSpeed pipeline engine and a DataLoader worker lock) after a long good run; the fixes were code changes and a library rollback, nothing in the job script - a hang after long good training; the excerpt is the chronicle\'s own log block (iteration line, validation line, then the status lines showing the job still running hours later; the separator lines and a repeated PULSE pair dropped); ' + BS176_MAP,
    cluster='bridges2',
    script='srun_torchrun.sh',
    replace=BS_B2,
    log='''
[default7]: iteration    45000/  115311 | consumed samples:     76002224 | consumed tokens: 155652554752 | elapsed time per iteration (s): 111.00 | learning rate: 4.298E-05 | global batch size:  2048 | lm loss: 2.113567E+00 | grad norm: 0.139 | num zeros: 0.0 | number of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 18.451 | TFLOPs: 141.26 |
[default7]:valid loss at iteration 45000 | lm loss value: 2.327091E+00 | lm loss PPL: 1.024808E+01 |
[2022-05-01 03:56:11] PULSE: tr11-176B-ml is waiting to be scheduled (1528874_[1-3%1] on 'gpu_p5' partition)
[2022-05-01 03:56:11] PULSE: tr11-176B-ml is running for 1-07:27:33 since 2022-04-29T20:28:38 (1528763 on 'gpu_p5' partition (jean-zay-iam[01-34,36-49])
[2022-05-01 05:56:18] PULSE: tr11-176B-ml is waiting to be scheduled (1528874_[1-3%1] on 'gpu_p5' partition)
[2022-05-01 05:56:18] PULSE: tr11-176B-ml is running for 1-09:27:40 since 2022-04-29T20:28:38 (1528763 on 'gpu_p5' partition (jean-zay-iam[01-34,36-49])
''',
)

# ---------------------------------------------------------------- Stas Bekman's ML Engineering notes (2; project stas00/ml-engineering)

MLE = 'https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/'

case(
    id='mlengineering-broken-node-network-nccl-connect-refused-exclude-node',
    kind='not_script',
    source=MLE + 'orchestration/slurm/users.md',
    thread_site='the author\'s "SLURM for Users" notes (ML Engineering book, orchestration/slurm/users.md), "Broken Network": a node whose network is broken makes the other nodes fail to connect to it; with `NCCL_DEBUG=INFO` the log names the peer that refuses connections, whose IP reverse-resolves to a Jean Zay node (r10i6n5.ib0.xa.idris.fr); cure: `--exclude` that node from the sbatch and report it to the cluster\'s admins; the surrounding test job is a 2-node, 4-GPU-per-node `srun --jobid $SLURM_JOBID bash -c \'$LAUNCHER --node_rank $SLURM_PROCID $SCRIPT\'` with `python -u -m torch.distributed.run`',
    what='one node\'s interconnect is broken - a node fault for the admins; excluding the node is a workaround for the next submission, not a fix to the script, and the log gives only an IP (no hostname) so no exclude line could be written from it; the excerpt is the notes\' two quoted blocks (the error, then the NCCL WARN line seen after adding NCCL_DEBUG=INFO); the block\'s first line `work = default_pg.barrier(opts=opts)` and its line `ncclSystemError: System call (socket, malloc, munmap, etc) failed.` repeat earlier sets word for word and are left out; not one of the ten sites - Jean Zay (IDRIS, Slurm, 4-GPU nodes, one torch.distributed launcher per node under srun) - so mapped by scheduler and launcher family to DeltaAI (Slurm, 4 GPUs a node)',
    cluster='deltaai',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -N 2\n#SBATCH --partition=ghx4\n#SBATCH --account=bxyz-dtai-gh'], ['#SBATCH --cpus-per-task=32', '#SBATCH --cpus-per-task=72'], ['srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10', 'export NCCL_DEBUG=INFO\nsrun --jobid $SLURM_JOBID bash -c \'python -u -m torch.distributed.run --nproc_per_node 4 --nnodes 2 --master_addr $MASTER_ADDR --master_port $MASTER_PORT --node_rank $SLURM_PROCID test-nodes-nccl.py\'']],
    log='''
RuntimeError: NCCL error in: /opt/conda/conda-bld/pytorch_1616554793803/work/torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled system error, NCCL version 2.7.8
r11i6n2:486514:486651 [1] include/socket.h:403 NCCL WARN Connect to 10.148.3.247<56821> failed : Connection refused
''',
)

# ---------------------------------------------------------------- Polaris cluster-facts note of an SFNO-E3SM group (1)

case(
    id='polarisnote-conda-aws-nccl-module-points-at-missing-plugin-dir-no-net-plugin',
    kind='script',
    source='find_string:58506228257',
    thread_site='a research group\'s own Polaris notes ("ALCF Polaris - cluster facts & multi-node recipe", hpc/ notes of a physicsnemo fork training SFNO-E3SM; PBS Pro, PALS mpiexec, 4 x A100 nodes): "Broken conda module variants" - the `conda/2025-09-25-aws-nccl-1.9.1` and `conda/2025-09-26-aws-nccl-1.9.1` modules point LD_LIBRARY_PATH at an aws-ofi-nccl plugin directory that does not exist, and because they also set `NCCL_NET="AWS Libfabric"` NCCL refuses to fall back and dies with `Failed to initialize any NET plugin` -> `ncclInvalidUsage`; recommendation: do not use the `-aws-nccl-*` modules, load plain `conda/2025-09-25` and export the documented NCCL/FI block (verified working)',
    what='the job loads a module variant whose NCCL plugin path is missing on disk; the fix the note gives, and verified, is the module line of the job script (plain `conda/2025-09-25`, with the NCCL/FI exports), so labelled script; the module file itself is broken, which the note says is worth reporting to ALCF, but the job-side cure is a script line; the two lines are the note\'s own inline quotes of the error, split where it joins them with an arrow; assumed shape - the note\'s multi-node PyTorch job template with the `-aws-nccl-1.9.1` module in place of the plain one',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -q debug-scaling', '#PBS -q debug'], ['module load conda\nconda activate', 'module load conda/2025-09-25-aws-nccl-1.9.1\nconda activate base'], ['--depth=16 --cpu-bind depth python train.py', '--hostfile "${PBS_NODEFILE}" --cpu-bind depth -d 8 python allreduce_probe.py']],
    log='''
Failed to initialize any NET plugin
ncclInvalidUsage
''',
    expect={'families': ['modules', 'environment', 'network'], 'fix': r'(?m)^\+\s*module\s+load\s+conda(/2025-09-2[56])?\s*$'},
)

# ---------------------------------------------------------------- argonne-lcf/Megatron-DeepSpeed ALCF notes (2)

ALCF_MDS = 'https://github.com/argonne-lcf/Megatron-DeepSpeed/blob/ffa3456d68b630192fcaefcc3288bd18525b8d95/ALCF/'

case(
    id='alcfmds-polaris-checkpoint-save-gptmodel-missing-tp-replicated-patterns',
    kind='not_script',
    source=ALCF_MDS + 'README.md',
    thread_site='the ALCF fork of Megatron-DeepSpeed, its own ALCF/README.md notes (a list of known bugs kept by the maintainer): "Unable to save checkpoints with torch==2.1 + cuda==11.8" on Polaris (conda env polaris/2024-03-06, PBS job launched with mpiexec through the repository\'s train script) - training progresses fine for 200 iterations, then the first checkpoint save crashes in `_universal_checkpoint_info` because GPTModel has no `_get_tp_replicated_param_patterns`; marked "Fixed in a57a21f" (a commit to the model code)',
    what='a mismatch between the repository\'s model code and the DeepSpeed universal-checkpoint hook, fixed by a code commit; nothing in the job script caused it or fixes it - a program bug hit at the first checkpoint after good training; the excerpt is the README\'s own log blocks trimmed to the last good iteration line, the save line and the end of the traceback (the doubled `Traceback` header and the middle frames dropped); Polaris is where it ran; assumed shape - the repository\'s PBS job (2 nodes, mpiexec, one rank per GPU) running pretrain_gpt_alcf.py with DeepSpeed',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['module load conda\nconda activate', 'module load conda/2023-10-04\nconda activate /lus/eagle/projects/datascience/foremans/miniconda3/envs/polaris/2024-03-06'], ['python train.py', 'python3 -Wignore pretrain_gpt_alcf.py --deepspeed --deepspeed_config ds_config.json --tensor-model-parallel-size 2 --save checkpoints/ds_stage2_nl32_hs4096_mb8_seq4096_gb768_pp1_tp2_fp16 --save-interval 200']],
    log='''
iteration      200/  317892 | consumed samples:       153600 | consumed tokens:    629145600 | elapsed time per iteration (ms): 14541.4 | learning rate: 2.407E-04 | global batch size:   768 | lm loss: 5.897035E+00 | loss scale: 8192.0 | actual seqlen:  4096 | number of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 52.815 | tokens per gpu per second (tgs): 1126.713 | TFLOPs: 68.63 |
saving checkpoint at iteration     200 to checkpoints/ds_stage2_nl32_hs4096_mb8_seq4096_gb768_pp1_tp2_fp16
Traceback (most recent call last):
  File "/lus/eagle/projects/datascience/foremans/tmp/Megatron-DeepSpeed/megatron/checkpointing.py", line 259, in save_checkpoint
    state_dict[UNIVERSAL_CHECKPOINT_INFO] = _universal_checkpoint_info(model)
  File "/lus/eagle/projects/datascience/foremans/tmp/Megatron-DeepSpeed/megatron/model/gpt_model.py", line 203, in universal_checkpoint_info
    info[TP_REPLICATED_PARAMETER_PATTERNS] = self._get_tp_replicated_param_patterns()
AttributeError: 'GPTModel' object has no attribute '_get_tp_replicated_param_patterns'
''',
)

case(
    id='alcfmds-aurora-ds-to-universal-dp768-narrow-length-negative',
    kind='not_script',
    source=ALCF_MDS + 'notes/universal_checkpoint_bug.md',
    thread_site='the ALCF fork of Megatron-DeepSpeed, its own note "Universal Checkpoint Conversion Bug (with DP=768)": on Aurora (frameworks 2024.2.1_u1), converting a checkpoint written by a 12-node (DP=768) run to universal format with DeepSpeed\'s `ds_to_universal.py` fails after extracting 767/768 ZeRO fragments with `RuntimeError: narrow(): length must be non-negative.` in `_strip_tensor_paddings`; checkpoints from 4 nodes convert fine; the note walks through the debugger, explains the padding bookkeeping and proposes and confirms a code fix in DeepSpeed\'s checkpoint code',
    what='a bug in DeepSpeed\'s checkpoint conversion at large data-parallel size, fixed by a patch to the library; the job command is right and no script change helps - a library bug; the excerpt is the note\'s output block trimmed to the extraction progress line and the end of the worker traceback; Aurora is where it ran; assumed shape - a one-node PBS job on Aurora running the conversion with python3 from the batch step (the note runs the same command on a compute node)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['#PBS -l select=2', '#PBS -l select=1'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py', 'ckpt_dir=checkpoints/ws768_ds_stage1_nl32_hs4096_mb4_seq4096_gb3072_sp1_pp1_tp1_bf16_optadamw_lr0.00020_lwf0.05\ngs=$(cat "${ckpt_dir}/latest_checkpointed_iteration.txt")\npython3 deps/DeepSpeed/deepspeed/checkpoint/ds_to_universal.py --input_folder "${ckpt_dir}/global_step${gs}" --output_folder "${ckpt_dir}/global_step${gs}_universal" --keep_temp_folder']],
    log='''
Convert DeepSpeed Checkpoint to Universal Checkpoint
*** 1. Extracting ZeRO fragments
100%|████████████████████████▋| 767/768 [01:49<00:00,  7.01it/s]
concurrent.futures.process._RemoteTraceback:
Traceback (most recent call last):
  File "/lus/flare/projects/Aurora_deployment/foremans/projects/argonne-lcf/tmp/2024-12-28-154515/Megatron-DeepSpeed/deps/DeepSpeed/deepspeed/checkpoint/zero_checkpoint.py", line 62, in get_state_for_rank
    self._strip_tensor_paddings(sd)
  File "/lus/flare/projects/Aurora_deployment/foremans/projects/argonne-lcf/tmp/2024-12-28-154515/Megatron-DeepSpeed/deps/DeepSpeed/deepspeed/checkpoint/zero_checkpoint.py", line 110, in _strip_tensor_paddings
    group_state[state_name] = torch.narrow(state_value, 0, 0, raw_length).clone()
RuntimeError: narrow(): length must be non-negative.
''',
)

case(
    id='bigsciencejz-gsutil-typeerror-without-google-cloud-sdk-path-inc-sourced',
    kind='script',
    source='https://github.com/bigscience-workshop/bigscience/blob/9e64edec2ad1fb9263bf39ba616a84ff64b4d947/jz/envs/README.md',
    thread_site='the BigScience project\'s Jean Zay environment notes (jz/envs/README.md, the team\'s own setup guide): "If you intend to use `gsutil`, add the following lines" - sourcing the shared google-cloud-sdk `path.bash.inc` (and `completion.bash.inc`) from the project\'s common lib directory; "Without them, `gsutil` on Jean Zay fails with a hard-to-debug `TypeError: argument should be integer or bytes-like object, not \'str\'` error"',
    what='the job calls the project\'s shared gsutil without sourcing its SDK environment file, so gsutil runs under the wrong Python setup; the notes\' cure is the sourcing lines in the environment the job runs (the job script or the shell rc it uses), so labelled script; the line is the notes\' own quoted error; not one of the ten sites - Jean Zay (IDRIS, Slurm) - so mapped by scheduler family to Lonestar6 (TACC, Slurm), assumed shape - a one-node data-transfer job that syncs checkpoints to a Google Cloud bucket with the project\'s gsutil',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p normal'], ['#SBATCH -N 2', '#SBATCH -N 1'], ['#SBATCH -n 6', '#SBATCH -n 1'], ['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate\nexport MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)\nexport MASTER_PORT=29500\nibrun python train.py --epochs 10', 'export PATH=$WORK/commun/lib/google-cloud-sdk/bin:$PATH\ngsutil -m rsync -r checkpoints/ gs://bigscience-backups/tr11-176B-ml/checkpoints/']],
    log='''
TypeError: argument should be integer or bytes-like object, not 'str'
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^\+.*google-cloud-sdk/(path|completion)\.bash\.inc'},
)

# ---------------------------------------------------------------- rectified-flow training fix note (1)

case(
    id='rectifiedflownote-nccl-allreduce-watchdog-timeout-seq18723-slow-norm-logging',
    kind='not_script',
    source='find_string:49244937740',
    thread_site='a user\'s fix note in a rectified-flow training repository (docs/nccl_timeout_fix.md, "Fix for NCCL Collective Timeout in Multi-GPU Training"): multi-GPU DDP training dies after many steps (collective SeqNum 18723) with the NCCL watchdog timing out an ALLREDUCE after 600 s; root cause given: the program computed gradient and parameter norms for the progress bar and wandb by stacking tensors on the GPU, which was slow enough that one process lagged behind the collectives; fix: compute the norms with a CPU accumulation loop (code change); "additional recommendations" if timeouts persist: a longer NCCL timeout, smaller batches, offline wandb, less frequent progress updates',
    what='a rank falls behind because of the program\'s own monitoring code, and the fix the note applies is in the training code; the job script is not at fault - a longer timeout is only a fallback the note lists, not the cure; a failure after long good training (18723 collectives in); the line is the note\'s own quoted error; assumed shape - one 8-GPU node, torchrun from the batch step; a single-node run of unknown site, mapped to Delta (Slurm, 8-way A100 nodes)',
    cluster='delta',
    script='torchrun_single.sh',
    replace=[['#SBATCH --gpus-per-node=4', '#SBATCH --partition=gpuA100x8\n#SBATCH --gpus-per-node=8'], ['torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml', 'torchrun --standalone --nnodes=1 --nproc_per_node=8 train.py --config configs/rectified_flow.yaml']],
    log='''
[rank6]:[E921 03:35:20.399015003 ProcessGroupNCCL.cpp:685] [Rank 6] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=18723, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600017 milliseconds before timing out.
''',
)

# ---------------------------------------------------------------- a Charm++/reconverse group's NCSA Delta machine notes (2)

DELTA_NOTE_SITE = 'a research group\'s own "NCSA Delta - machine reference" notes (Charm++/reconverse and ChaNGa runs on Delta, Slingshot-11, cxi libfabric provider, jobs launched with srun)'

case(
    id='deltanote-changa-cxi-mr-cache-default-monitor-cxil-map-write-error-multi-proc',
    kind='script',
    source='find_string:70585267845',
    thread_site=DELTA_NOTE_SITE + '; "Multi-process runs (reconverse/LCI over cxi)": in the ChaNGa node-cache campaign (1-8 CPU nodes, srun --mpi=pmix) every run with more than one process per node aborted at the first load-balancing migration with `cxil_map: write error` and LCI `backend_ofi.cpp register_memory_impl:394` `fi_mr_regattr` "Invalid argument" / "Bad address" under the default libfabric MR-cache monitor; working setting, in addition to FI_PROVIDER=cxi and LCI_NETWORK_BACKENDS=ofi: `export FI_MR_CACHE_MONITOR=userfaultfd FI_CXI_RX_MATCH_MODE=hybrid` (disabling the cache instead trades the error for an RX match-mode abort and is slow; memhooks fails like the default)',
    what='the job runs the cxi provider with its default memory-registration cache monitor, which breaks when several processes per node register memory; the working cure the notes record is two exported variables in the job script, so labelled script (both together are the verified setting; a fix that sets the monitor to userfaultfd is the part that removes this error); the lines are the notes\' own inline quotes of the messages, one per line and with markdown backticks dropped; Delta is where it ran; assumed shape - a 2-node ChaNGa CPU job on the cpu partition, 2 processes per node, launched with srun --mpi=pmix and the notes\' cxi exports',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -A mzu-delta-cpu\n#SBATCH -p cpu\n#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=2'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=64'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'export FI_PROVIDER=cxi\nexport LCI_NETWORK_BACKENDS=ofi\nexport SLURM_CPU_BIND=none SRUN_CPU_BIND=none\nsrun --mpi=pmix --cpu-bind=none -N 2 -n 4 -c 64 ./ChaNGa +pe 128 +pemap 1-8,17-24,33-40,49-56 lambb.param']],
    log='''
cxil_map: write error
backend_ofi.cpp register_memory_impl:394
fi_mr_regattr "Invalid argument" / "Bad address"
''',
    expect={'families': ['network', 'environment'], 'fix': r'(?m)^\+.*\bFI_MR_CACHE_MONITOR=userfaultfd'},
)

case(
    id='deltanote-reconverse-srun-mpi-pmi2-each-rank-starts-as-one-process',
    kind='script',
    source='find_string:70585267845',
    thread_site=DELTA_NOTE_SITE + '; "The launcher trap: use --mpi=pmix, not --mpi=pmi2": `srun --mpi=pmi2` does not bootstrap a multi-process reconverse job on Delta and fails silently - each rank initializes as its own job, `Reconverse> Starting Reconverse with 1 process` printed once per rank, so a 2-process test runs as two isolated 1-process runs; forcing LCT_PMI_BACKEND=pmi2 does not change it (LCT tries pmix first and the site libpmix initializes as a singleton); fix: `srun --mpi=pmix` (-> "Starting Reconverse with 2 processes"), now the default of the project\'s site-run script',
    what='the launch line picks the pmi2 plugin, under which the program\'s PMI layer cannot see the other ranks; the fix the notes give and verify is the srun `--mpi` option on the launch line, so labelled script; the line is the notes\' own quote (the note says it prints once per rank; it is given once, as the note shows it); Delta is where it ran; assumed shape - a 2-node GPU test on gpuA100x4-interactive, one task per node, `srun --mpi=pmi2 ... ./app +pe 2`',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -A mzu-delta-gpu\n#SBATCH -p gpuA100x4-interactive\n#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n#SBATCH --mem=32g'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=8'], ['#SBATCH --time=06:00:00', '#SBATCH --time=00:25:00'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'source $PROJECT/env-cuda.sh\nsrun --mpi=pmi2 -N 2 --ntasks-per-node=1 -c 8 --gpus-per-task=1 ./jacobi3d +pe 2']],
    log='''
Reconverse> Starting Reconverse with 1 process
''',
    expect={'families': ['launcher', 'environment'], 'fix': r'(?m)^\+.*\bsrun\b.*--mpi=pmix'},
)

# ---------------------------------------------------------------- a distributed-training project's Miyabi-G run ledger (1)

case(
    id='miyabiledger-qsub-queue-name-from-another-site-unknown-queue',
    kind='script',
    source='find_string:60681473942',
    thread_site='a distributed-training project\'s own run ledger (in Chinese; entries with environment, command, expectation, actual result, confirmed root cause, next step) on Miyabi-G (University of Tokyo, PBS Pro, GH200 nodes): entry "p0-final-compute-validation-allocation-attempt1" - `qsub -I -q rt_HG -l select=1 -l walltime=00:15:00 -W group_list=xg24i002` was refused at once with `qsub: Unknown queue`, no job ID created; confirmed root cause: a queue name that does not belong to this Miyabi PBS installation was carried over; every current Miyabi script of the repository uses `debug-g` or `regular-g` (the 10-minute debug-g suits the 33-second test); next attempt used `-q debug-g`',
    what='the request names a queue of another site, so PBS rejects it at submission; the ledger\'s confirmed cure is the queue option of the request (`debug-g`/`regular-g`), so labelled script; the source is an interactive `qsub -I`, assumed shape - the same request written as a batch job\'s `#PBS -q` directive; the line is the ledger\'s own quote of the scheduler\'s reply; not one of the ten sites - Miyabi-G (PBS Pro) - so mapped by scheduler family to Polaris (PBS Pro, named queues), where a right fix names one of its own queues',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:system=polaris'], ['#PBS -q debug-scaling', '#PBS -q rt_HG'], ['mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py', 'python -m pytest tests/p0 -q']],
    log='''
qsub: Unknown queue
''',
    expect={'families': ['scheduler', 'directives'], 'fix': r'(?m)^\+\s*#PBS\s+-q\s+(?!rt_HG\b)\S+'},
)

# ---------------------------------------------------------------- a tabular-ML project's environment-traps note (1)

case(
    id='envtrapsnote-xgboost-pin-removed-shared-libnccl-so2-import-torch-fails',
    kind='not_script',
    source='find_string:61532493629',
    thread_site='a tabular-ML project\'s own findings note ("Two environment traps that would each have cost days", trap 3 "Pinning XGBoost silently broke torch"): pinning `xgboost<3.0` uninstalled `nvidia-nccl-cu13`; because nvidia-nccl-cu12 and -cu13 install into the same `nvidia/nccl/lib/` directory, removing one deleted the other\'s `libnccl.so.2` - `uv pip list` still listed nvidia-nccl-cu12 2.21.5, but the file was gone and `import torch` failed; fix: `uv pip install --reinstall-package nvidia-nccl-cu12 nvidia-nccl-cu12==2.21.5`, and an environment check that the library is on disk',
    what='a file of the Python environment was deleted by a dependency change; the cure is reinstalling the wheel in the environment, not a line of the job script - a module load or LD_LIBRARY_PATH edit would point torch at another NCCL than the one it was built with and is not the fix; the line is the note\'s own quote; a single shared GPU box (no scheduler), mapped to Anvil as a one-node Slurm job, assumed shape - `srun python -u train.py` on one GPU from the project\'s uv venv',
    cluster='anvil',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH -p gpu\n#SBATCH --nodes=1'], ['#SBATCH --ntasks-per-node=4', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus-per-node=1'], ['srun python -u train.py --batch-size 256 --epochs 32', 'source .venv/bin/activate\nsrun python -u scripts/benchmark.py --member xgboost_gpu']],
    log='''
ImportError: libnccl.so.2: cannot open shared object file
''',
)

# ---------------------------------------------------------------- an Arkouda-on-HPE-Cray-EX container project's README (1)

case(
    id='arkoudacxi-e4scl-srun-chapel-heap-unset-cxil-map-fi-mr-reg-enomem',
    kind='script',
    source='find_string:57548129120',
    thread_site='a container project\'s README for running Arkouda (Chapel, CHPL_COMM=ofi, cxi provider) on HPE Cray EX systems through `e4s-cl launch --profile ... srun ... --export=ALL,FI_PROVIDER=cxi,APPTAINERENV_CHPL_RT_MAX_HEAP_SIZE=50% -- arkouda_server_real -nl N`; Troubleshooting: "e4s-cl multi-locale launch fails with cxil_map: write error / fi_mr_reg(...): Cannot allocate memory" - a CXI/libfabric memory-registration failure during Chapel runtime startup, starting with `cxil_map: write error`, then `cxip_do_map(...): Cannot allocate memory` .... `fi_mr_reg(...): Cannot allocate memory`; the cure pointed to is `APPTAINERENV_CHPL_RT_MAX_HEAP_SIZE=<value>` in the srun `--export=` list (smaller values when registration fails; site-specific tuning)',
    what='the launch leaves the Chapel runtime heap unbounded, so registering it with the NIC fails; the README\'s cure is a variable in the srun --export list of the launch line, so labelled script (the value is site-specific; any explicit CHPL_RT_MAX_HEAP_SIZE passed into the container matches); the three lines are the README\'s own inline quotes, one per line, with its `....` ellipsis marker dropped; not tied to one site - HPE Cray EX with Slurm and Slingshot - so diagnosed on Perlmutter (HPE Cray EX, srun, cxi); assumed shape - a 2-node CPU job launching the server through e4s-cl and srun with FI_PROVIDER=cxi exported but no heap size',
    cluster='perlmutter',
    script='srun_mpi_app.sh',
    replace=[['#SBATCH --nodes=8', '#SBATCH -A m0000\n#SBATCH -C cpu\n#SBATCH -q regular\n#SBATCH --nodes=2'], ['#SBATCH --ntasks-per-node=64', '#SBATCH --ntasks-per-node=1'], ['#SBATCH --cpus-per-task=2', '#SBATCH --cpus-per-task=256\n#SBATCH --exclusive'], ['module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat', 'LOCALES=2\ne4s-cl launch --profile arkouda-hpe-ex srun --nodes="${LOCALES}" --ntasks="${LOCALES}" --cpus-per-task=256 --kill-on-bad-exit \\\n  --export=ALL,FI_PROVIDER=cxi \\\n  -- arkouda_server_real -nl "${LOCALES}" --logLevel=INFO']],
    log='''
cxil_map: write error
cxip_do_map(...): Cannot allocate memory
fi_mr_reg(...): Cannot allocate memory
''',
    expect={'families': ['environment', 'containers', 'network'], 'fix': r'(?m)^\+.*CHPL_RT_MAX_HEAP_SIZE=\S+'},
)

case(
    id='mlengineering-xid63-row-remapper-new-row-pending-gpu-reset',
    kind='not_script',
    source=MLE + 'compute/accelerator/nvidia/debug.md',
    thread_site='the author\'s "Troubleshooting NVIDIA GPUs" notes (ML Engineering book, compute/accelerator/nvidia/debug.md): the system log shows `NVRM: Xid (PCI:0000:10:1c): 63, pid=1896, Row Remapper: New row marked for remapping, reset gpu to activate.` on an 8 x A100-80GB node; `nvidia-smi -q` shows DRAM correctable errors and a pending row remap; Xid 63 is an ECC row-remapping event (HW error / driver error / framebuffer corruption) - the spare row takes effect only after a reboot or a GPU reset (`nvidia-smi -r -i <gpu_id>`, an admin action); if it recurs for the same address after reboot (Xid 64) the GPU needs an RMA; when the application crashes with it, the error was usually uncorrectable',
    what='a GPU memory row is failing and waits for a reset to be remapped - a hardware and node-administration matter (reset, reboot, RMA), not anything in the job script; the line is the notes\' own quoted Xid log line; the job itself is assumed - an 8-GPU node of a Slurm cluster running one torchrun per node under srun, mapped to Bridges-2 (8-GPU nodes)',
    cluster='bridges2',
    script='srun_torchrun.sh',
    replace=[['#SBATCH -N 2', '#SBATCH -p GPU\n#SBATCH -N 2'], ['#SBATCH --gpus-per-node=4', '#SBATCH --gpus=h100-80:16'], ['--nproc_per_node=4', '--nproc_per_node=8']],
    log='''
NVRM: Xid (PCI:0000:10:1c): 63, pid=1896, Row Remapper: New row marked for remapping, reset gpu to activate.
''',
)

# ---------------------------------------------------------------- an MoE-communication project's Perlmutter run notes (1)

case(
    id='pmmoenotes-nvshmem-libfabric-abi17-shim-segfault-after-image-update-load-libfabric-1-20',
    kind='script',
    source='find_string:68861733539',
    thread_site='an MoE-communication research project\'s own run notes on Perlmutter (multi-node srun jobs, NVSHMEM 3.2.5 + NCCL modules): 2026-09-16 "NVSHMEM init SIGSEGV on EVERY arm (ROOT-CAUSED + FIXED)" - a 4-node chain failed all 12 cells in ~13 s each, rank stdout stopping at "before flux_shm initialization"; under gdb the crash is in `nvshmemi_libfabric_init_state` calling into libfabric 2.3.1\'s 1.7-ABI compatibility shim: the 2026-09-14 compute-node image replaced /opt/cray/libfabric/1.20.1 with 2.3.1, while the NVSHMEM module was built against libfabric 1.x; fix: `module load libfabric/1.20.1` (NERSC\'s copy) BEFORE the runtime modules, verified on 1 and 2 nodes; every later Perlmutter run needs it until NVSHMEM is rebuilt',
    what='the job\'s module stack pairs an NVSHMEM built for libfabric 1.x with the new system libfabric 2.x; the verified cure is a module load line in the job script (libfabric/1.20.1 ahead of the runtime modules), so labelled script - the root change is a site image update, but the job-side fix is the script; the first line is the program\'s last output as the notes quote it, the second the notes\' own gdb frame chain from the 1-PE probe of the same crash; Perlmutter is where it ran; assumed shape - a 2-node srun job loading cudatoolkit, nvshmem/3.2.5-1, nccl/2.24.3 and a conda env',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    replace=[['#SBATCH -N 1', '#SBATCH -N 2'], ['module load pytorch/2.3.1', 'module load cudatoolkit/12.4 nvshmem/3.2.5-1 nccl/2.24.3 conda/Miniforge3-25.11.0-1\nconda activate $PSCRATCH/envs/flux'], ['srun --cpu-bind=cores python train.py --config configs/run.yaml', 'srun --cpu-bind=cores python -m flux.testing.moe_layer_bench --spec comet_eplb_gate_2n_k2.yaml']],
    log='''
before flux_shm initialization
fi_control <- fi_dupinfo_ <- fi_getinfo_1_7 <- nvshmemi_libfabric_init_state (nvshmem_transport_libfabric.so.3)
''',
    expect={'families': ['modules', 'network', 'environment'], 'fix': r'(?m)^\+.*module\s+load\s+.*\blibfabric/1\.20'},
)

# ---------------------------------------------------------------- a VLA fine-tuning project's FASRC notes (1)

case(
    id='fasrcvlanotes-deepspeed-op-build-nvcc-not-found-module-load-cuda',
    kind='script',
    source='find_string:67624185633',
    thread_site='a vision-language-action fine-tuning project\'s own notes for Harvard FASRC (Slurm; 2-node DeepSpeed training scripts), "Common issues": "DeepSpeed nvcc not found" - `FileNotFoundError: No such file or directory: \'/usr/local/cuda/bin/nvcc\'`; fix: `module load cuda/12.2.0-fasrc01` (already in all scripts)',
    what='DeepSpeed compiles its ops at run time and looks for nvcc under the default CUDA_HOME because the job loads no CUDA toolkit module; the cure is the module load line in the job script, so labelled script; the line is the notes\' own quoted error; not one of the ten sites - FASRC Cannon, a university Slurm cluster - so mapped by scheduler family to Lonestar6 (TACC, Slurm, cuda modules), assumed shape - a one-node, 3-GPU DeepSpeed-launcher job with a conda env and no cuda module',
    cluster='lonestar6',
    script='deepspeed_hostfile.sh',
    replace=[['#SBATCH --nodes=2', '#SBATCH -p gpu-a100\n#SBATCH --nodes=1'], ['#SBATCH --gpus-per-node=4', '#SBATCH -A MyProject'], ["scontrol show hostnames \"$SLURM_JOB_NODELIST\" | sed 's/$/ slots=4/' > hostfile\nexport MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n", 'source $WORK/miniconda3/bin/activate vla\n'], ['deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json', 'deepspeed --num_gpus 3 train_vla.py --deepspeed ds_zero2.json --framework.qwenvl.attn_implementation sdpa']],
    log='''
FileNotFoundError: No such file or directory: '/usr/local/cuda/bin/nvcc'
''',
    expect={'families': ['modules', 'environment'], 'fix': r'(?m)^\+.*(module\s+load\s+\S*cuda|CUDA_HOME=\S+)'},
)
