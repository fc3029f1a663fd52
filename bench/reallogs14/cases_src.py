# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

SRUN_TR = 'srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py --epochs 10'
TR1 = 'torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml'
LIGHT = 'srun python train.py trainer.devices=4 trainer.num_nodes=2'
AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
PYX = 'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py'
PM = 'srun --cpu-bind=cores python train.py --config configs/run.yaml'
IBRUN = 'ibrun python train.py --epochs 10'
SRUNPY = 'srun python -u train.py --batch-size 256 --epochs 32'
ACC = 'accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py'
DS = 'deepspeed --num_gpus 4 --num_nodes 2 --master_addr "$MASTER_ADDR" --hostfile hostfile train.py --deepspeed_config ds_config.json'

case(
    id='pyxis4-run-pyxis-not-writable-plugin-init',
    kind='not_script',
    source='https://github.com/NVIDIA/pyxis/issues/4',
    thread_site='a site installing pyxis + enroot on its Slurm cluster; `srun --container-image=centos ...` fails at task launch; slurmd.log on the compute node shows pyxis cannot create its per-user runtime directory under /run (owned by root); the fix is in the site\'s pyxis/enroot runtime-path configuration',
    what='the container plugin cannot create its runtime directory on the compute node - a site installation / configuration fault of pyxis, not of the job script (the same srun line works once the site config is fixed); assumed shape - the pyxis srun job, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
srun: error: task 0 launch failed: Plugin initialization failed
[2019-09-24T10:10:06.901] [321.0] error: pyxis: couldn't mkdir /run/pyxis/100005: No such file or directory
[2019-09-24T10:10:06.901] [321.0] error: spank: required plugin spank_pyxis.so: init_post_opt() failed with rc=-1
[2019-09-24T10:10:06.901] [321.0] error: Plugin stack initialization failed.
''',
)

case(
    id='enroot200-stateless-rootfs-pivot-root-einval',
    kind='not_script',
    source='https://github.com/NVIDIA/enroot/issues/200',
    thread_site='a stateless (warewulf) GPU cluster whose nodes run with the root file system in RAM (rootfs); enroot cannot pivot_root there, so every container start fails; the workaround discussed is patching enroot-switchroot (issue open)',
    what='the container runtime cannot switch root on nodes booted with a rootfs root file system - a node image / site configuration limitation of enroot, not the job script; assumed shape - the pyxis srun job, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
enroot-switchroot: failed to switch root: /raid/enroot/raf-ssd: Invalid argument
pivot_root(".", ".")                    = -1 EINVAL (Invalid argument)
''',
)

case(
    id='pyxis123-epilog-run-enroot-permission-node-drain',
    kind='not_script',
    source='https://github.com/NVIDIA/pyxis/issues/123',
    thread_site='Azure NDv4 Slurm cluster; after the site upgraded pyxis 0.15 -> 0.16 the pyxis epilog fails for every job and nodes go to DRAIN; the maintainer - a change of container scope in 0.16, undone with `container_scope=global` in plugstack.conf',
    what='the node epilog of the container plugin fails after a site upgrade of pyxis, draining nodes - a site / plugin configuration fault, not the job script; assumed shape - the pyxis srun job, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
Sep 24 08:24:46 nda100v4-2 slurmd[8614]: error: [job 5888] epilog failed status=1:0
Sep 24 08:26:20 nda100v4-2 spank-epilog[38569]: error: pyxis: couldn't execute enroot command
Sep 24 08:26:20 nda100v4-2 spank-epilog[38569]: error: pyxis:     mkdir: cannot create directory '/run/enroot': Permission denied
Sep 24 08:26:20 nda100v4-2 spank-epilog[38569]: error: pyxis: couldn't get list of existing containers
Sep 24 08:26:20 nda100v4-2 spank-epilog[38569]: error: spank: required plugin spank_pyxis.so: job_epilog() failed with rc=-1
''',
)

case(
    id='pyxis84-spank-option-container-image-not-found',
    kind='not_script',
    source='https://github.com/NVIDIA/pyxis/issues/84',
    thread_site='Slurm 20.11.8 on CentOS 7 with pyxis 0.7.0 / enroot; a job asking for an enroot container gets its GPU but the container never starts; it works when slurmd is started by hand with -Dvv; the maintainer - pyxis must be installed (and loaded) on the login node and on all compute nodes',
    what='the Slurm daemons on the node do not load the pyxis plugin, so the container options are unknown - a site installation fault, not the job script; assumed shape - the pyxis srun job, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
error: Warning: SPANK plugin "pyxis" option "container-image" not found
''',
)

case(
    id='salient2-forkexec-slurmstepd-in-container',
    kind='not_script',
    source='https://github.com/MITIBMxGraph/SALIENT_artifact/issues/2',
    thread_site='a university platform where the user runs the artifact\'s Docker image as a Kubernetes pod and starts Slurm by hand inside it (only the node list of slurm.conf edited); testing Slurm gives the error; the maintainer - the Docker image is not set up to run distributed experiments through Slurm, use a Conda environment on a real cluster',
    what='DOUBTFUL - slurmd cannot start a step daemon inside a hand-configured container - a fault of the Slurm installation, not of the job script; assumed shape - srun python per GPU, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
error: _forkexec_slurmstepd: slurmstepd failed to send return code got 0: No error
''',
)

case(
    id='nccl379-topo-file-missing-cpu-attributes',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/379',
    thread_site='a 2-socket system with 4 GPUs per socket and a topology injected with NCCL_TOPO_FILE; with fewer than 5 GPUs NCCL has not read the other CPU node\'s attributes and init fails; the NCCL maintainer - fixed in NCCL 2.8',
    what='an NCCL bug in topology ingestion (fixed in 2.8) - a library fault, not the job script; assumed shape - a single-node torchrun job on 4 of the GPUs, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
graph/xml.h:77 NCCL WARN Attribute arch of node cpu not found
NCCL INFO graph/topo.cc:380 -> 3
NCCL INFO graph/topo.cc:466 -> 3
NCCL INFO graph/topo.cc:569 -> 3
NCCL INFO init.cc:581 -> 3
NCCL INFO init.cc:840 -> 3
NCCL INFO group.cc:73 -> 3 [Async thread]
''',
)

case(
    id='awsofinccl785-static-topo-xml-gpu-subset',
    kind='not_script',
    source='https://github.com/aws/aws-ofi-nccl/issues/785',
    thread_site='AWS p5.48xlarge (8 H100, EFA), a job using a subset of the GPUs; NCCL loads the static topology profile shipped by the aws-ofi-nccl plugin and fails; the AWS maintainer - the static topo file had issues, plugin versions after 1.11 generate the topology dynamically, update to v1.13.2-aws',
    what='an outdated network plugin in the image / node software ships a broken static topology file - a site / library version fault, not the job script; assumed shape - a single-node torchrun job on part of the node\'s GPUs, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
2a8874e7d1e6:2196:2275 [1] graph/xml.h:101 NCCL WARN Attribute arch of node cpu not found
2a8874e7d1e6:2196:2275 [1] NCCL INFO graph/topo.cc:493 -> 3
2a8874e7d1e6:2196:2275 [1] NCCL INFO graph/topo.cc:623 -> 3
2a8874e7d1e6:2196:2275 [1] NCCL INFO graph/topo.cc:773 -> 3
''',
)

case(
    id='sisyphus156-slurm-temporarily-unable-accept-job',
    kind='not_script',
    source='https://github.com/rwth-i6/sisyphus/issues/156',
    thread_site='RWTH i6 Slurm cluster, the sisyphus workflow manager submitting many array jobs (apptainer exec ... sis worker) with sbatch; submission errors appear before duplicate-task problems',
    what='the Slurm controller is temporarily unable to accept jobs (controller busy / overloaded) - a scheduler-side condition, not a fault of the job script; assumed shape - a one-node srun python job, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    log='''
[2023-11-23 10:52:11,445] ERROR: Error to submit job
[2023-11-23 10:52:11,445] ERROR: Output: Submitted batch job 3146028
[2023-11-23 10:52:11,445] ERROR: Error: sbatch: error: Slurm temporarily unable to accept job, sleeping and retrying
''',
)

case(
    id='rocmsystems11174-rccl-gdr-flush-qp-remote-write',
    kind='not_script',
    source='https://github.com/ROCm/rocm-systems/pull/11174',
    thread_site='AMD GPU nodes with Broadcom bnxt_re RDMA NICs, a 2+ node RCCL run over net_ib with the GDR flush scratchpad active; the RCCL June drop lost REMOTE_WRITE on the flush loopback QP in an NCCL 2.30.4 sync; the PR restores it',
    what='a regression in the collective library (RCCL) that tears down the queue pair on every NIC - a library bug fixed upstream, not the job script; assumed shape - srun torchrun on 2 GPU nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
NET/IB : bnxt_re0:1 async fatal event on QP: invalid request local work queue error
Got completion ... status=IBV_WC_REM_INV_REQ_ERR(9) opcode=IBV_WC_RECV(128)
''',
)

case(
    id='nccl2119-putsignal-unable-allocate-requests-hang',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/2119',
    thread_site='vLLM / SGLang serving with NCCL in a high-concurrency scenario; the log shows the IB request pool exhausted and then requests are lost and the GPU waits forever; the reporter traces it to ncclRmaProxyPollDesc dropping a descriptor when ncclIbGetRequest fails (issue open)',
    what='a bug in NCCL\'s RMA proxy (a transient out-of-requests error leaks a descriptor, so a put is dropped and the stream wait deadlocks) - a library bug, not the job script; assumed shape - srun torchrun on 2 GPU nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
NET/IB: unable to allocate requests.
''',
)

MPIAPP = 'module load cray-mpich\nsrun --cpu-bind=cores ./solver input.dat'

case(
    id='sheffield1512-srun-execve-app-needs-export-all',
    kind='script',
    source='https://github.com/rcgsheffield/sheffield_hpc/pull/1512',
    thread_site='University of Sheffield Bessemer (Slurm), the VASP example job script; after `module load VASP/...`, a direct `srun vasp_std` fails on the compute node because the program is not found; the documentation PR changes the launch line to `srun --export=ALL vasp_std` (the reviewer notes this should be the default and is odd)',
    what='DOUBTFUL - the step does not see the PATH set by `module load` in the batch script, so execve cannot find the program; the fix in the job script is `srun --export=ALL` (or the full path); the site default may be the deeper cause; assumed shape - an srun MPI application after a module load, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, 'module load VASP/5.4.4-intel-2019b\nsrun vasp_std']],
    log='''
slurmstepd: error: execve(): vasp_std: No such file or directory
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^\+.*srun .*(--export[= ]ALL|/vasp_std)'},
)

case(
    id='scr93-llnl-dotkit-use-lines-off-site',
    kind='script',
    source='https://github.com/llnl/scr/issues/93',
    thread_site='a non-LLNL Slurm cluster running the SCR tutorial job script (written for LLNL: MSUB headers, `. /usr/local/tools/dotkit/init.sh`, `use scr-1.1`, `scr_srun`); the maintainer - those are LLNL-specific items, drop the dotkit init and `use` lines; scr_srun must come from the user\'s own SCR install',
    what='the job script sources a site-specific environment tool (dotkit) and its `use` command that this cluster does not have, so the SCR launcher is never put on PATH; the fix in the script is to drop the dotkit lines and load / put on PATH the local SCR install; assumed shape - an srun MPI application whose launch goes through scr_srun, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, '. /usr/local/tools/dotkit/init.sh\nuse scr-1.1\nscr_srun --cpu-bind=cores ./solver input.dat']],
    log='''
/local/tmp/slurmd/job08249/slurm_script: line 8: /usr/local/tools/dotkit/init.sh: File or directory not found
/local/tmp/slurmd/job08249/slurm_script: line 9: use: Command not found
/local/tmp/slurmd/job08249/slurm_script: line 23: scr_srun: Command not found
''',
    expect={'families': ['environment', 'modules'], 'fix': r'(?m)^(-\. /usr/local/tools/dotkit/init\.sh|-use scr|\+.*(PATH=.*scr|module load .*scr))'},
)

case(
    id='popsv6-pbs-nodes-ppn-in-slurm-template',
    kind='script',
    source='https://github.com/jmonlong/PopSV/issues/6',
    thread_site='PopSV on a Slurm cluster through BatchJobs; the job template carried a Torque-style node request, so sbatch rejects every submission; the user hard-codes the node count to 1 in the template and the jobs then submit',
    what='the batch script\'s node request uses the Torque `nodes=N:ppn=M` form, which sbatch does not accept; the fix in the script is a plain node count (cores via --ntasks / --cpus-per-task); assumed shape - a one-node srun python job whose --nodes line is `1:ppn=1`, diagnosed as on Delta',
    cluster='delta',
    script='srun_python.sh',
    replace=[['#SBATCH --nodes=1', '#SBATCH --nodes=1:ppn=1']],
    log='''
Error in submitJobs(reg, findJobs(reg), resources = c(list(walltime = step.walltime[1],  :
  Fatal error occured: 101. qsub produced exit code 1; output sbatch.exe: error: "1:ppn=1" is not a valid node count
sbatch.exe: error: invalid node count `1:ppn=1'
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^(-#SBATCH --nodes=1:ppn=1|\+#SBATCH (--nodes=1\s*$|-N 1\s*$))'},
)

case(
    id='nccl1996-ras-segfault-2-27-7',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/1996',
    thread_site='training jobs on H100 and H20 clusters with NCCL 2.27.7 (+CUDA 12.4) crash with a segmentation fault inside NCCL\'s RAS (reliability / diagnostics) thread without any RAS query being made; `NCCL_RAS_ENABLE=0` bypasses it (issue open)',
    what='a crash in NCCL\'s own RAS subsystem in release 2.27.7 - a library bug (an environment workaround exists, the fix belongs to NCCL), not a launch-script fault; assumed shape - srun torchrun on 2 GPU nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
[n125-011-039:288505:0:296459] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x48)
==== backtrace (tid: 296459) ====
 0  /usr/lib/libucs.so.0(ucs_handle_error+0x2d4) [0x7fedc925c274]
 3  /opt/tiger/nccl/lib/libnccl.so(+0x120057) [0x7ff1c18c1057]
 4  /opt/tiger/nccl/lib/libnccl.so(+0x12209d) [0x7ff1c18c309d]
 5  /opt/tiger/nccl/lib/libnccl.so(+0x125331) [0x7ff1c18c6331]
''',
)

case(
    id='awsome141-enroot-epilog-dir-permission-drain',
    kind='not_script',
    source='https://github.com/awslabs/awsome-distributed-ai/issues/141',
    thread_site='a SageMaker HyperPod Slurm cluster set up with the repository\'s pyxis/enroot lifecycle script; the pyxis epilog cannot create enroot\'s data directory on the node NVMe and nodes go to drain; the cause is enroot directory lines left commented out in the install script (site setup)',
    what='the node-side container runtime directories were not created / permitted by the cluster set-up, so the plugin epilog fails and drains the node - a site configuration fault, not the job script; assumed shape - the pyxis srun job, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
Feb 16 19:30:06 ip-10-1-101-117 slurmd[53634]: spank-epilog: error: pyxis: couldn't execute enroot command
Feb 16 19:30:06 ip-10-1-101-117 slurmd[53634]: spank-epilog: error: pyxis:     /usr/bin/enroot: line 44: HOME: unbound variable
Feb 16 19:30:06 ip-10-1-101-117 slurmd[53634]: spank-epilog: error: pyxis:     mkdir: cannot create directory '/opt/dlami/nvme/tmp/enroot/data': Permission denied
Feb 16 19:30:06 ip-10-1-101-117 slurmd[53634]: spank-epilog: error: spank: required plugin spank_pyxis.so: job_epilog() failed with rc=-1
''',
)

case(
    id='nemorl2112-raylet-register-socket-eof',
    kind='not_script',
    source='https://github.com/NVIDIA-NeMo/RL/issues/2112',
    thread_site='NeMo RL GRPO on a Slurm cluster with B200 GPUs, `uv run python examples/run_grpo.py` started from a conda base shell; every launch fails when Ray workers register with the raylet; the maintainers\' root-cause analysis - a Ray / Python version mismatch from launching uv inside a conda environment on an unsupported local setup, not a NeMo RL defect',
    what='DOUBTFUL - the Ray worker processes cannot register with the raylet because the user\'s Python / Ray installation is mismatched (uv launched from a conda environment) - a fault of the user\'s software environment, not of the launch line or directives; assumed shape - a Ray-on-Slurm job, diagnosed as on Delta',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
core_worker_process.cc:232: Failed to register worker to Raylet: IOError: Failed to read data from the socket: End of file
''',
)

case(
    id='nvbandwidth39-multinode-cumemcreate-not-permitted',
    kind='not_script',
    source='https://github.com/NVIDIA/nvbandwidth/issues/39',
    thread_site='nvbandwidth v0.8 built with MULTINODE=1, run with mpirun on H200 nodes (Kubernetes workers, driver 560.35.03); the multinode memory allocation fails at the first test, even for the README\'s local run; the project\'s maintainers state elsewhere (nvbandwidth#35) that the multinode mode needs the IMEX daemon / channels, i.e. a multi-node NVLink fabric set up on the nodes',
    what='DOUBTFUL - the fabric-handle memory allocation is refused because the nodes have no IMEX channel / multi-node NVLink domain for the user - a node / hardware configuration limit, not a fault of the launch script (the cause is inferred from the sibling thread); assumed shape - an srun MPI application on GPU nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, 'srun --mpi=pmix ./nvbandwidth -p multinode']],
    log='''
Running multinode_device_to_device_memcpy_read_ce.
[CUDA_ERROR_NOT_PERMITTED] operation not permitted in expression cuMemCreate(&handle, roundedUpAllocationSize, &prop, 0 ) on tensorflow-benchmarks-worker-0, rank = 0
''',
)

case(
    id='accelerate3319-openmpi-launcher-num-gpus-rejected',
    kind='not_script',
    source='https://github.com/huggingface/accelerate/issues/3319',
    thread_site='2-node job (MPI-operator hostfile) launched with `accelerate launch --use_deepspeed --deepspeed_multinode_launcher openmpi --deepspeed_hostfile /etc/mpi/hostfile ...`; accelerate translates it into a `deepspeed --launcher openmpi ... --num_gpus 1` command, which DeepSpeed\'s OpenMPI runner refuses; the reporter points at accelerate\'s launch.py, which should not set --num_gpus for the OpenMPI launcher (issue open, acknowledged)',
    what='the launcher wrapper (accelerate) adds an option that the DeepSpeed OpenMPI runner does not support - a bug in the library\'s command construction, not in the job script\'s own launch line; assumed shape - accelerate launch with a DeepSpeed multinode launcher on 2 nodes, diagnosed as on Delta',
    cluster='delta',
    script='accelerate.sh',
    replace=[[ACC, 'accelerate launch --mixed_precision bf16 --use_deepspeed --deepspeed_multinode_launcher openmpi \\\n    --deepspeed_hostfile /etc/mpi/hostfile --same_network --num_machines "2" --num_processes "2" \\\n    --main_process_port 29500 --machine_rank "-1" train.py']],
    log='''
openmpi backend does not support limiting num nodes/gpus
''',
)

case(
    id='nccl2077-nvls-multicast-slot-exhaustion-2-29-7',
    kind='not_script',
    source='https://github.com/NVIDIA/nccl/issues/2077',
    thread_site='8x H200 (NVSwitch, Fabric Manager running and healthy), PyTorch FSDP with many 2-rank sub-communicators; NCCL 2.29.7 uses up all 128 NVSwitch multicast slots and fails fatally where 2.28.9 fell back to non-NVLS transport (issue open, root cause traced in the Fabric Manager logs)',
    what='a regression in NCCL 2.29.7\'s NVLS resource handling (no fallback when multicast slots run out) - a library bug; an environment workaround (NCCL_NVLS_ENABLE=0) exists but the fault is not the launch script\'s; assumed shape - a single-node torchrun job on 8 GPUs, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:93, unhandled cuda error, NCCL version 2.29.7
Failed to bind NVLink SHARP (NVLS) Multicast memory of size 2097152 : CUDA error 2 'out of memory'.
This is usually caused by a system or configuration error in the Fabric Manager or NVSwitches.
''',
)

case(
    id='hfhub4134-h200-error-802-fabric-manager-not-ready',
    kind='not_script',
    source='https://github.com/huggingface/huggingface_hub/issues/4134',
    thread_site='Hugging Face Jobs, `--flavor h200`, a plain single-GPU PyTorch / TRL training script; nvidia-smi lists the GPU but the fabric manager never reports Completed and CUDA initialisation fails with error 802 before the model loads; the reporter and maintainers treat it as host infrastructure',
    what='the GPU host\'s fabric manager / NVSwitch bring-up is not complete, so CUDA cannot initialise - a node / site fault, not a fault of the job script; assumed shape - a single-node GPU job, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
[warmup 12] state_ok=False
[warmup] fabric manager never reported Completed; trying anyway
RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized
[warmup] cuda probe failed (rc=1); sleep 10s
''',
)

case(
    id='llamafactory8968-b200-cuda-802-fabric-manager-version',
    kind='not_script',
    source='https://github.com/hiyouga/LlamaFactory/issues/8968',
    thread_site='LLaMA-Factory full fine-tuning of Llama-3.1-70B on one 8x B200 node (torchrun --nproc_per_node 8 started by llamafactory-cli); CUDA initialisation fails on the ranks; a later comment - the core error is Cuda failure 802 `system not yet initialized`, caused by an nvidia-fabricmanager version that differs from the driver, fixed by installing the matching version (issue open)',
    what='DOUBTFUL - the node\'s fabric manager does not match the GPU driver, so CUDA reports the system as not initialised - a node software / site fault, not the job script (the cause comes from a later commenter, not the reporter); assumed shape - a single-node torchrun job on 8 GPUs, diagnosed as on Delta',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '1', '--node_rank', '0', '--nproc_per_node', '8', '--master_addr', '127.0.0.1', '--master_port', '46265', '/workspace/LLaMA-Factory/src/llamafactory/launcher.py', 'saves/Llama-3.1-70B/full/train_2025-08-19-07-33-47/training_args.yaml']' returned non-zero exit status 1.
''',
)

case(
    id='pie500-container-no-nvidia-caps-nvls-init-fails',
    kind='not_script',
    source='https://github.com/pie-project/pie/issues/500',
    thread_site='a 4x H200 NVSwitch pod (full NV18 mesh) on a cloud GPU provider, inside a container that does not expose /dev/nvidia-caps; NCCL detects NVLink SHARP, CUDA refuses the multicast object and communicator init fails on every rank; NCCL_NVLS_ENABLE=0 avoids it (issue open, the project may detect it)',
    what='DOUBTFUL - the container runtime does not pass the NVIDIA capability devices needed for multicast, so NCCL\'s NVLS set-up fails - a site / container configuration fault (an environment workaround exists), not the launch script\'s own error; assumed shape - the pyxis srun job on one node, diagnosed as on Delta',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
[pie-driver-cuda] fatal: NCCL async error at driver/cuda/src/distributed.cpp:100
    (ncclCommInitRankConfig(&comm_, world_size, uid, rank, &config)): unhandled cuda error
transport/nvls.cc:251 NCCL WARN Cuda failure 1 'invalid argument'
transport/nvls.cc:401 -> 1
init.cc:1138 -> 1
''',
)

APPT = 'srun apptainer exec --nv --bind /scratch pytorch_24.04.sif \\\n    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n    --rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT" --rdzv_id="$SLURM_JOB_ID" train.py'

case(
    id='tfupstream1419-miopen-sqlite-db-on-bound-home',
    kind='script',
    source='https://github.com/ROCm/tensorflow-upstream/issues/1419',
    thread_site='an AMD gfx908 Slurm cluster (SLES 15 SP2), TensorFlow-ROCm in a Singularity image run as `singularity exec --writable-tmpfs --rocm -B `pwd`:$HOME ...`; MIOpen cannot use its user database under the bound home directory; the MIOpen maintainer - a file-system issue, export `MIOPEN_USER_DB_PATH="/tmp"` so MIOpen uses the temp directory instead of the shared home (the reporter had worked around it with --fakeroot)',
    what='the job puts MIOpen\'s user performance database on a shared / bound home directory where SQLite cannot work; the fix in the job script is to point MIOPEN_USER_DB_PATH (and the cache dir) at node-local /tmp, or change the container flags; assumed shape - the apptainer srun torchrun job with --rocm and the home bind, diagnosed as on Delta',
    cluster='delta',
    script='apptainer_srun_torchrun.sh',
    replace=[[APPT, 'srun apptainer exec --writable-tmpfs --rocm -B "$PWD":"$HOME" tensorflow_rocm4.2-tf2.5-dev.sif \\\n    python mnist_tutorial.py']],
    log='''
MIOpen(HIP): Warning [FindWinogradSolutions] /root/driver/MLOpen/src/sqlite_db.cpp:212: Internal error while accessing SQLite database: disk I/O error
MIOpen(HIP): Warning [FindDataDirectSolutions] /root/driver/MLOpen/src/sqlite_db.cpp:212: Internal error while accessing SQLite database: disk I/O error
MIOpen(HIP): Warning [FindFftSolutions] /root/driver/MLOpen/src/sqlite_db.cpp:212: Internal error while accessing SQLite database: disk I/O error
''',
    expect={'families': ['environment', 'containers'], 'fix': r'(?m)^\+.*(MIOPEN_USER_DB_PATH=|MIOPEN_CUSTOM_CACHE_DIR=|--fakeroot)'},
)

case(
    id='miopen114-perfdb-shared-home-multinode-race',
    kind='script',
    source='https://github.com/ROCm/MIOpen/issues/114',
    thread_site='BSC CTE-AMD (MI50, ROCm 4.5, Slurm, shared GPFS home): multi-node training fails from 4 nodes up because MIOpen\'s per-user perf-db files under ~/.config/miopen are accessed by all ranks at once; the workaround given in the thread is a separate MIOPEN_USER_DB_PATH (per node / node-local) and the MIOpen developer notes that distributed file systems are the usual cause',
    what='DOUBTFUL - all ranks on all nodes share one MIOpen user database on the parallel file system, so concurrent access breaks at scale; the fix in the job script is to export MIOPEN_USER_DB_PATH (and MIOPEN_CUSTOM_CACHE_DIR) to a node-local or per-job directory before the launch (the reporter had not yet confirmed the workaround in the part read); assumed shape - srun torchrun on AMD GPU nodes, diagnosed as on Delta',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
terminate called after throwing an instance of 'boost::filesystem::filesystem_error'   what():  boost::filesystem::permissions: No such file or directory: "/home/bsc88/bsc88474/.config/miopen//gfx906_60.HIP.2_9_0_8252-64506314e.ufdb.txt"[ERROR] 2022-06-12 19:14:51,438 api: failed (exitcode: -6) local_rank: 1 (pid: 27837) of binary: /gpfs/projects/bsc88/projects/speech-tech-resources/venv_amd_speech/bin/python
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*(MIOPEN_USER_DB_PATH=|MIOPEN_CUSTOM_CACHE_DIR=)'},
)

case(
    id='palace228-wrapper-reads-nodelist-as-file',
    kind='not_script',
    source='https://github.com/awslabs/palace/issues/228',
    thread_site='the `palace` launcher wrapper script on a Slurm cluster (two nodes d05-41, d05-42); the wrapper sets NODE_LIST=$SLURM_JOB_NODELIST and then `cat`s it as if it were a node file (as PBS_NODEFILE is), so mpirun gets no hosts; the maintainer fixed the wrapper (palace#229), confirmed by the reporter',
    what='a bug in the application\'s own launch wrapper (it treats the compressed Slurm node list as a file name) - fixed upstream, not a fault of the user\'s job script; assumed shape - an srun-allocated MPI application started through the wrapper, diagnosed as on Delta',
    cluster='delta',
    script='srun_mpi_app.sh',
    replace=[[MPIAPP, 'module load openmpi\npalace -np 128 cavity.json']],
    log='''
cat: d05-[41-42]: No such file or directory
--------------------------------------------------------------------------
No nodes are available for this job, either due to a failure to
allocate nodes to the job, or allocated nodes being marked
as unavailable (e.g., down, rebooting, or a process attempting
to be relocated to another node when none are available).
''',
)
