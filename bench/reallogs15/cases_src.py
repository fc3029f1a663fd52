# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py).

AUR = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
POL = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py'
POL_CONDA = 'module use /soft/modulefiles\nmodule load conda\nconda activate'
RAY_TRAIN = 'python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 2 --actor_num_gpus_per_node 4 --pretrain ./model'

# ---------------------------------------------------------------- script

case(
    id='payu50-openmpi-npernode-conflicting-mapping-policy',
    kind='script',
    source='https://github.com/payu-org/payu/issues/50',
    thread_site='NCI Raijin (PBS Pro, Open MPI 1.8.4 / 1.10.1), climate-model runs started by payu with `mpirun -npernode N`; after a PBS Pro upgrade the runs stop with an Open MPI mapping-policy conflict; the maintainers - the old `-npernode` option has to go (replaced with `-map-by`), the runs work once it is removed',
    what='the mpirun line in the job script passes the deprecated `-npernode` next to a mapping policy set elsewhere, and this Open MPI refuses the two; the fix is to drop `-npernode` (or express it as `--map-by ppr:N:node`); assumed shape - an Open MPI `mpirun -npernode` line in a PBS Pro job in place of the PALS mpiexec line, 2 nodes, diagnosed as on Polaris (the PBS Pro site among the ten)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL_CONDA, 'module load openmpi/1.8.4'], [POL, 'mpirun -np ${NTOTRANKS} --map-by core -npernode ${NRANKS_PER_NODE} ./fms_MOM_SIS.x']],
    log='''
Conflicting directives for mapping policy are causing the policy
to be redefined:

  New policy:   bynode
  Prior policy:  BYCORE

Please check that only one policy is defined.
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^-.*-npernode'},
)

case(
    id='dpdispatcher406-pbs-select-not-supported-use-ncpus',
    kind='script',
    source='https://github.com/deepmodeling/dpdispatcher/issues/406',
    thread_site='a PBS cluster (DP-GEN / dpdispatcher generating the job scripts); qsub rejects every generated script at the `#PBS -l select=1:ncpus=28` line; the site wants `-l ncpus` and `-l mem`; the user changed the machine template and the jobs run',
    what='DOUBTFUL (mapping) - the job script asks for resources with `-l select=...`, which this site\'s PBS refuses (its qsub says to use `-l ncpus` and `-l mem`); the fix is in the #PBS directives of the script; on Polaris itself `-l select` is the required form, so the case is about following the site\'s own rejection message; assumed shape - the resource line of a PBS job script, 1 node, diagnosed as on Polaris (the PBS site among the ten)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=28']],
    log='''
qsub: Error: The system doesn't support the use of "-l select". Please use "-l ncpus" and "-l mem" instead.
''',
    expect={'families': ['scheduler'], 'fix': r'(?m)^(\+#PBS -l (ncpus|mem)=|-#PBS -l select=)'},
)

case(
    id='ezpz221-pbs-nonlogin-shell-modulepath-undefined',
    kind='script',
    source='https://github.com/saforem2/ezpz/issues/221',
    thread_site='ALCF Sunspot (PBS Pro, Aurora test system), an ezpz training job; PBS runs the job script in a non-login shell, so the site profile never sets MODULEPATH and `module load frameworks/...` fails; torch is then imported from the wrong prefix; the fix named by the maintainer (PR #222) - a login shell in the job script (`#!/bin/bash -l`, or re-exec with `bash -l`)',
    what='the job script runs under a non-login bash, so the module path is never set and the framework module does not load; the fix is in the script: `#!/bin/bash -l` (or re-exec under `bash -l`); assumed shape - PBS/PALS mpiexec job on 2 Aurora nodes loading the frameworks module (Sunspot mapped to Aurora, same stack)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'module load frameworks/2026.1.0']],
    log='''
Lmod Warning: MODULEPATH is undefined.
"frameworks/2026.1.0"
OSError: libmkl_intel_lp64.so.3: cannot open shared object file
''',
    expect={'families': ['environment'], 'fix': r'(?m)^(\+#!/bin/bash -l|\+.*exec bash -l|\+.*(source|\.) /etc/profile)'},
)

case(
    id='nbis29-pbs-conda-command-not-found-no-module',
    kind='script',
    source='https://github.com/NBISweden/Genome_Annotation_workflow/issues/29',
    thread_site='a PBS Pro cluster (hpc-batch14), a Nextflow-generated job script that activates a conda environment; on the compute node conda is not on PATH unless its module is loaded (`module load Miniconda/3` on that site); the maintainer - load the module in the job (module directive / beforeScript)',
    what='the job script calls conda without first loading the site\'s conda module, so `conda` is not found and the activate path is empty; the fix is a `module load` of the conda module before activation; assumed shape - activation line `source "$(conda info --base)/bin/activate" annotation` in place of the Polaris conda module lines, PBS torchrun job on 2 Polaris nodes',
    cluster='polaris',
    script='pbs_polaris_torchrun.sh',
    replace=[[POL_CONDA, 'source "$(conda info --base)/bin/activate" annotation']],
    log='''
/var/spool/pbs/mom_priv/jobs/5865502.hpc-batch14.SC: line 286: conda: command not found
/var/spool/pbs/mom_priv/jobs/5865502.hpc-batch14.SC: line 286: /bin/activate: No such file or directory
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*module load (Miniconda|miniconda|conda|anaconda)'},
)

case(
    id='vllm12572-ray-rocm-hip-invalid-device-ordinal',
    kind='script',
    source='https://github.com/vllm-project/vllm/issues/12572',
    thread_site='CINES Adastra (MI250X, Slurm), a Ray cluster started on the allocated nodes and `vllm serve --distributed-executor-backend ray --tensor-parallel-size 2` on a compute node; Ray sets ROCR_VISIBLE_DEVICES for the second rank while CUDA_VISIBLE_DEVICES stays "0,1", so the rank asks for a GPU it cannot see; the linked fix (vllm PR #21522) and the Ray thread - set `RAY_EXPERIMENTAL_NOSET_HIP_VISIBLE_DEVICES=1` / do not let Ray set ROCR_VISIBLE_DEVICES',
    what='DOUBTFUL - the job script starts Ray workers that each rewrite the ROCm visible-device variables, so a vLLM rank selects an ordinal outside its view; the job-script fix is to export `RAY_EXPERIMENTAL_NOSET_HIP_VISIBLE_DEVICES=1` (or `RAY_EXPERIMENTAL_NOSET_ROCR_VISIBLE_DEVICES=1` / unset ROCR_VISIBLE_DEVICES) before `ray start`; the fix comes from the linked PR, not from the issue itself, and vLLM later set it in its ROCm image; assumed shape - Ray on 2 Slurm nodes then vllm serve, diagnosed as on Delta (no ROCm site among the ten)',
    cluster='delta',
    script='ray_slurm.sh',
    replace=[[RAY_TRAIN, 'vllm serve ./model --distributed-executor-backend="ray" --device="cuda" --task="generate" \\\n    --tensor-parallel-size 2 --pipeline-parallel-size 1']],
    log='''
RuntimeError: HIP error: invalid device ordinal
''',
    expect={'families': ['devices', 'environment'], 'fix': r'(?m)^\+.*(RAY_EXPERIMENTAL_NOSET_(HIP|ROCR)_VISIBLE_DEVICES|unset ROCR_VISIBLE_DEVICES)'},
)

# ---------------------------------------------------------------- not script

case(
    id='oneccl217-ze-ipc-drmfd-fallback-hang',
    kind='not_script',
    source='https://github.com/uxlfoundation/oneCCL/issues/217',
    thread_site='two ranks on one Intel GPU node, each restricted to a different GPU with ZE_AFFINITY_MASK; oneCCL init hangs in the Level Zero IPC handle exchange when the pidfd path is unavailable and the drmfd fallback never completes; `CCL_ZE_IPC_EXCHANGE=none` is acknowledged but not honoured on that path (issue open, reported as a oneCCL bug)',
    what='DOUBTFUL - a oneCCL defect (silent drmfd fallback that never completes, an explicit exchange setting ignored); the reporter hit it under a container runtime without pidfd, so a runtime permission is part of the trigger, but the setting the user gave is ignored by the library; not a fault of the job script; assumed shape - PBS/PALS mpiexec job with one rank per tile on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
pidfd is not supported, fallbacks to drmfd exchange mode
value of CCL_ZE_IPC_EXCHANGE changed to be none (default:pidfd)
''',
)

case(
    id='llmscaler595-xe-guc-timedout-job-device-lost',
    kind='not_script',
    source='https://github.com/intel/llm-scaler/issues/595',
    thread_site='2x Intel Arc Pro B70, tensor-parallel 2 in the intel/llm-scaler vLLM image 0.21.0-b2; startup memory profiling crashes with UR_RESULT_ERROR_DEVICE_LOST and the xe driver logs a GuC job timeout and a GT reset; the same setup works with 0.21.0-b1 and fails identically with a newer driver overlay (a regression of that image release)',
    what='a GPU hang / device loss in the kernel driver after a software-stack regression between two image releases (same hardware and launch work with the previous release) - not a fault of the job script; assumed shape - one-node XPU job under PBS/PALS mpiexec, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
[Tue Aug  4 20:51:21 2026] xe 0000:2b:00.0: [drm] Tile0: GT0: Check job timeout: seqno=1484958, lrc_seqno=1484958, guc_id=0, not started
[Tue Aug  4 20:51:21 2026] xe 0000:2b:00.0: [drm] Tile0: GT0: Timedout job: seqno=1484958, lrc_seqno=1484958, guc_id=0, flags=0x73 in no process [-1]
[Tue Aug  4 20:51:21 2026] xe 0000:2b:00.0: [drm] Tile0: GT0: trying reset from guc_exec_queue_timedout_job [xe]
''',
)

case(
    id='vllm55425-xe-ccs-engine-reset-guc-firmware',
    kind='not_script',
    source='https://github.com/vllm-project/vllm/issues/55425',
    thread_site='Intel Arc Pro B60 (BMG-G21, 2 cards); compute-engine resets on timed-out jobs under three unrelated workloads (llama.cpp SYCL, a custom SYCL engine, a Python embedding stack), on both cards; fixed by updating the GuC firmware 70.58.0 -> 70.72.1 with everything else unchanged (comment in the vLLM B70 thread)',
    what='GPU firmware fault (GuC) - engine resets under any workload, cured by a firmware update alone; not a fault of the job script; assumed shape - XPU job under PBS/PALS mpiexec, diagnosed as on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
xe 0000:0b:00.0: [drm] Tile0: GT0: Engine reset: engine_class=ccs, logical_mask: 0x1, guc_id=2, state=0x3
xe 0000:0b:00.0: [drm] Tile0: GT0: Timedout job: seqno=..., lrc_seqno=..., guc_id=2, flags=0x20 in <proc>
''',
)

case(
    id='hvd308-summitdev-pami-finalize-segfault-over-8-nodes',
    kind='not_script',
    source='https://github.com/horovod/horovod/issues/308',
    thread_site='ORNL SummitDev (Power8, LSF, IBM Spectrum MPI 10.2), Horovod training that runs on up to 8 nodes but segfaults on more, inside Spectrum MPI\'s PAMI finalize (PAMI_Client_destroy)',
    what='DOUBTFUL - a crash inside the MPI library\'s PAMI layer at finalize that appears only beyond 8 nodes (scale-dependent MPI/transport fault); the part of the thread read has no maintainer conclusion, but nothing in it points to the launch line; assumed shape - one rank per GPU under mpiexec in a PBS job on Polaris (no LSF site among the ten)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
pure virtual method called
[summitdev-r0c2n05:116876] *** Process received signal ***
[summitdev-r0c2n05:116876] Signal: Segmentation fault (11)
[summitdev-r0c2n05:116876] Signal code: Invalid permissions (2)
[summitdev-r0c2n05:116876] [ 2] /x/.swci/1-compute/opt/spack/20171006/linux-rhel7-ppc64le/gcc-5.4.0/s    pectrum-mpi-10.2.0.0-20180110-6keaqyzn74d6t7ilr5wcmd4ovxjkxue7/lib/pami_port/libpami.so.3(PAMI_Client_destroy+0x3c)[0x10006d8d    7d6c]
''',
)

case(
    id='hvd1453-summit-conda-spectrum-mpi-romio-segfault',
    kind='not_script',
    source='https://github.com/horovod/horovod/issues/1453',
    thread_site='OLCF Summit (LSF, jsrun), Horovod + PyTorch installed in a user conda environment that carries its own copy of Spectrum MPI (lib/spectrum_mpi under the env, with a license file it cannot find); `jsrun -n 1 -a2 -c4 -g2 python pytorch_imagenet_resnet50.py` segfaults in ROMIO MPI_File_open (labelled question / wontfix)',
    what='DOUBTFUL - the crash is inside the MPI library copy bundled in the user\'s conda environment (not the site MPI), i.e. an installation/build problem of the software environment rather than the launch line; a reviewer could argue for a script-side module/environment change, but no job-script fix is given in the thread; assumed shape - mpiexec one rank per GPU in a PBS job on Polaris (no LSF site among the ten)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
/ccs/home/amalik/.conda/envs/hvdpy36PyTorch/lap_se/license/status.dat: No such file or directory
[b21n16:03136] Signal: Segmentation fault (11)
[b21n16:03136] Failing at address: 0x454c49465f49504d
[b21n16:03136] [ 1] /ccs/home/amalik/.conda/envs/hvdpy36PyTorch/lib/spectrum_mpi/mca_io_romio321.so(mca_io_romio_dist_MPI_File_open+0x574)[0x2000c7e0794c]
''',
)

case(
    id='azhop906-impi-bstrap-proxy-pbs-module',
    kind='not_script',
    source='https://github.com/Azure/az-hop/issues/906',
    thread_site='Azure az-hop cluster (OpenPBS, HB120v3 nodes), the site\'s System Ping Pong job template with Intel MPI 2021.4 fails to start its hydra proxies; the az-hop maintainers then set `I_MPI_HYDRA_BOOTSTRAP=ssh` in the site\'s impi module ("otherwise it will break how PBS launch jobs", az-hop #1177)',
    what='DOUBTFUL - a site configuration fault: the site\'s Intel MPI module leaves the PBS bootstrap on, which fails on these nodes, and the site fixed the module; a user could work around it with `export I_MPI_HYDRA_BOOTSTRAP=ssh` in the job script, but the failing script is the site\'s own template and the fix went into the module; assumed shape - mpiexec one rank per core in a PBS job, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
Direct write is requested for job: 11.scheduler, but the destination is not usecp-able from hb120v3-3.internal.cloudapp.net
Loading impi version 2021.4.0
[mpiexec@hb120v3-3] check_exit_codes (../../../../../src/pm/i_hydra/libhydra/demux/hydra_demux_poll.c:117): unable to run bstrap_proxy on hb120v3-3.internal.cloudapp.net (pid 12608, exit code 256)
[mpiexec@hb120v3-3] HYD_print_bstrap_setup_error_message (../../../../../src/pm/i_hydra/mpiexec/intel/i_mpiexec.c:1015): error setting up the bootstrap proxies
''',
)

case(
    id='ert9185-lsf-request-from-non-lsf-host-rejected',
    kind='not_script',
    source='https://github.com/equinor/ert/issues/9185',
    thread_site='Equinor on-premise LSF cluster; after floating LSF licences were introduced (bsub submitting directly instead of over ssh to an LSF server host), submissions and polling fail intermittently with "Request from non-LSF host rejected" and "LSF is down"',
    what='scheduler/site configuration fault: the LSF daemons reject the submitting host or are down; nothing in the job script can change it; assumed shape - a batch job submitted to the site scheduler, diagnosed as on Polaris (no LSF site among the ten)',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
Failed to submit: Request from non-LSF host rejected. Job not submitted.
bjobs gave returncode 255 and error LSF is down. Please wait ...
''',
)

case(
    id='legion1339-crusher-hsa-out-of-resources',
    kind='not_script',
    source='https://github.com/StanfordLegion/legion/issues/1339',
    thread_site='OLCF Crusher (MI250X, Slurm), S3D on Legion/Regent; after an upgrade the ROCm runtime aborts with HSA_STATUS_ERROR_OUT_OF_RESOURCES; going back to the old Legion/GASNet and an older ROCm reproduces it too, so the user suspects a change on the machine; simpler Regent GPU codes run; the developers consider contacting OLCF support',
    what='DOUBTFUL - a ROCm runtime resource failure that old software versions now also hit, pointing to a machine/runtime change or an application-level resource use, not to the job script; no job-script fix in the part read; assumed shape - srun one rank per GPU on a Cray EX GPU node, diagnosed as on Perlmutter (Cray EX + Slurm; no ROCm site among the ten)',
    cluster='perlmutter',
    script='perlmutter_srun_gpu.sh',
    log='''
:0:rocdevice.cpp            :2652: 4238358292712 us: 48946: [tid:0x7fffd023f700] Device::callbackQueue aborting with error : HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events. code: 0x1008
''',
)

case(
    id='ucx7391-gadi-hcoll-mcast-recv-segfault',
    kind='not_script',
    source='https://github.com/openucx/ucx/issues/7391',
    thread_site='NCI Gadi (PBS Pro, V100 GPU nodes, Open MPI 4.1.1 with HCOLL/UCX), applications segfault in the HCOLL multicast receive callback at large node counts; reported to Mellanox (case 00956842); workaround elsewhere: disable HCOLL multicast (HCOLL_ENABLE_MCAST=0), later use UCC instead',
    what='DOUBTFUL - a bug in the HCOLL collectives library (vendor case opened); an environment-variable workaround exists that a job script could set, but the fault is the library\'s; assumed shape - Open MPI mpirun in a PBS Pro job, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'mpirun -np ${NTOTRANKS} --map-by ppr:${NRANKS_PER_NODE}:node python train.py']],
    log='''
[gadi-gpu-v100-0036:2629319:0:2629319] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x39)
==== backtrace (tid:2629319) ====
 1 0x000000000001de09 mcast_ucx_recv_completion_cb()  ???:0
 2 0x000000000005ec69 ucp_eager_only_handler()  ???:0
11 0x000000000000d6c1 vmc_bcast_multiroot()  ???:0
''',
)

case(
    id='cime4594-derecho-sh-module-function-import',
    kind='not_script',
    source='https://github.com/ESMCI/cime/issues/4594',
    thread_site='NCAR Derecho (PBS Pro), CESM/CTSM data-assimilation tests; sporadically the job output carries a broken exported `module` shell function that /bin/sh cannot import; resubmitting usually fixes it; the CIME maintainer reproduced it and asked the site\'s user support group',
    what='DOUBTFUL - a sporadic site shell/module-environment fault (the exported module function is sometimes truncated), fixed by resubmission and taken to the site; no job-script change is named; assumed shape - PBS job on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
/bin/sh: module: line 1: syntax error: unexpected end of file
/bin/sh: error importing function definition for `module'
''',
)

# ---------------------------------------------------------------- more script

case(
    id='hvd2117-horovodrun-ssh-port-22-permission-denied',
    kind='script',
    source='https://github.com/horovod/horovod/issues/2117',
    thread_site='two GPU servers with Horovod in containers, `horovodrun ... -p 22` after setting up passwordless SSH as in the Horovod guide; horovodrun\'s SSH check to the remote host is refused (as root, publickey/password); the reporter: the port given to horovodrun was the cause - after deleting `-p 22` ssh works',
    what='the horovodrun line in the job script passes an SSH port (`-p 22`) that reaches an sshd which refuses the key-based login, so the launcher cannot start the remote workers; the fix is to drop (or correct) the `-p` option on the horovodrun line; assumed shape - `horovodrun -np 8 -H host1:4,host2:4 -p 22 python train.py` in place of the mpiexec line of a 2-node PBS job, diagnosed as on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'horovodrun -np 8 -H $(sed -n 1p $PBS_NODEFILE):4,$(sed -n 2p $PBS_NODEFILE):4 -p 22 python train.py']],
    log='''
Checking ssh on all remote hosts.
ssh not successful for host server1-0:
Permission denied, please try again.
root@x.x.x.x: Permission denied (publickey,password).
''',
    expect={'families': ['launcher'], 'fix': r'(?m)^-.*horovodrun .*-p 22'},
)

case(
    id='llmd2270-oneccl-ofi-no-providers-fi-provider-path',
    kind='script',
    source='https://github.com/llm-d/llm-d/pull/2270',
    thread_site='vLLM on Intel XPU (llm-d tiered-prefix-cache guide, container on a Kubernetes node with Intel GPUs), tensor-parallel 4; the xccl/oneCCL backend uses the OFI transport, the bundled libfabric finds no provider because FI_PROVIDER_PATH is unset, ATL init fails and the engine never starts; fixed by setting FI_PROVIDER_PATH to the Intel MPI provider directory and FI_PROVIDER=tcp in the launch environment',
    what='DOUBTFUL (mapping) - the launch environment does not tell libfabric where its providers are (and which one to use), so oneCCL cannot open any transport; the fix is environment exports in the launch configuration (`FI_PROVIDER_PATH=...`, `FI_PROVIDER=...`); the thread is a container pod spec, not a batch script; assumed shape - the same exports missing from a PBS/PALS mpiexec job on one Aurora node with a containerised libfabric',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
oneCCL: atl_ofi_comm.cpp:232 init_transport: EXCEPTION: failed to initialize ATL
CCL_ERROR| atl_ofi_helper.cpp:1118 fi_getinfo error: ret -61, providers 0
''',
    expect={'families': ['environment'], 'fix': r'(?m)^\+.*\bFI_PROVIDER(_PATH)?='},
)

case(
    id='tsn42-mpirun-caffe-binary-wrong-build-dir',
    kind='script',
    source='https://github.com/yjxiong/caffe/issues/42',
    thread_site='temporal-segment-networks training scripts (`train_action_recognition_flow.sh`) that start the MPI-enabled Caffe with `mpirun -np 4 cmake_build/install/bin/caffe ...`; the user had built with CMake into `build/`, so the path in the script points to nothing; fixed by changing `cmake_build` to `build` in the script (maintainer: the binary lives in the CMake build dir you created)',
    what='the launch line in the job script names a binary path that does not exist (wrong build directory), so mpirun has no executable to start; the fix is the path in the script; assumed shape - a one-node mpirun of 4 ranks in a PBS job on Polaris replacing the mpiexec line',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    replace=[[POL, 'mpirun -np 4 cmake_build/install/bin/caffe train --solver=models/flow_solver.prototxt --weights=init.caffemodel']],
    log='''
mpirun was unable to launch the specified application as it could not find an executable:
Node: SATDLS
./train_action_recognition_flow.sh: 5: ./train_action_recognition_flow.sh: cmake_build/install/bin/caffe: not found
''',
    # s38relabel: cmake_build/install/bin/caffe does not exist; the real build directory (build/) is in neither log nor script: asks the path
    expect={'families': ['launcher'], 'ask': True, 'ask_for': ['path', 'program_path']},
)

case(
    id='pangeo34-tacc-ibrun-mpi-stack-not-found',
    kind='script',
    source='https://github.com/pangeo-data/pangeo/issues/34',
    thread_site='TACC Wrangler (Slurm), `ibrun dask-mpi` from a conda environment to start a dask cluster; TACC\'s ibrun cannot find its helper and cannot tell which MPI stack is loaded, and exits; the user fell back to other ways of starting dask',
    what='DOUBTFUL - ibrun needs a TACC MPI stack module loaded (its helpers come with the TACC environment); in this job environment none is visible, so ibrun refuses to start; the job-script fix is to keep/load the TACC MPI module (e.g. not purge the default modules, `module load impi` or `mvapich2`) before ibrun; the thread itself ends with a workaround, not a confirmed fix; assumed shape - conda activation after `module purge`, then `ibrun dask-mpi`, on 2 Lonestar6 nodes (Wrangler mapped to Lonestar6, same TACC ibrun)',
    cluster='lonestar6',
    script='tacc_ibrun.sh',
    replace=[['module load cuda/12.2\nsource $WORK/venvs/torch/bin/activate', 'module purge\nsource activate pangeo'], ['ibrun python train.py --epochs 10', 'ibrun dask-mpi --scheduler-file $SCRATCH/scheduler.json']],
    log='''
TACC: Starting up job
/usr/local/bin/ibrun: line 161: getmode.sh: command not found
TACC: Could not determine MPI stack. Exiting!
''',
    expect={'families': ['environment', 'launcher'], 'fix': r'(?m)^(\+.*module (load|restore)\b|-.*module purge)'},
)

# ---------------------------------------------------------------- more not script

case(
    id='mpich7711-aurora-mpi-probe-crash-many-ranks',
    kind='not_script',
    source='https://github.com/pmodels/mpich/issues/7711',
    thread_site='ALCF Aurora (PBS, PALS, default MPICH modules), a dynamic master-worker benchmark with 1632 ranks on 16 nodes (all ranks send to rank 0, which probes); non-deterministic aborts in MPI_Probe; reproduced by ALCF staff with the default modules (issue open, labelled aurora)',
    what='an MPI library / fabric fault under many unexpected messages to one rank (MPI_Probe aborts), reproduced by the site with default modules - not a fault of the job script; assumed shape - PBS/PALS mpiexec many ranks per node on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
x4220c5s7b0n0.hsn.cm.aurora.alcf.anl.gov: rank 0 died from signal 6
x4220c6s0b0n0.hsn.cm.aurora.alcf.anl.gov: rank 118 died from signal 15
Abort(15) on node 1328 (rank 1328 in comm 496): Fatal error in internal_Probe: Other MPI error
''',
)

case(
    id='mpich7605-aurora-osu-gather-512-nodes-network-jam',
    kind='not_script',
    source='https://github.com/pmodels/mpich/issues/7605',
    thread_site='ALCF Aurora acceptance testing (osu_gather at 512 nodes on the current image); 24 of the mpiexec calls end with one rank killed by SIGABRT and the rest by SIGTERM; an MPICH developer suspects "the same network jam issue", and another staff member hits the same signal-6 failure in a large collective I/O test',
    what='fabric congestion / MPI transport fault at scale (the MPICH developers attribute it to a network jam), not a fault of the job script; assumed shape - PBS/PALS mpiexec at large node count on Aurora',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
x4213c4s7b0n0.hsn.cm.aurora.alcf.anl.gov: rank 27421 died from signal 6
x4417c3s5b0n0.hsn.cm.aurora.alcf.anl.gov: rank 48109 died from signal 15
''',
)

case(
    id='ezpz187-composite-hierarchy-local-rank-device-out-of-range',
    kind='not_script',
    source='https://github.com/saforem2/ezpz/pull/187',
    thread_site='ALCF Sunspot/Aurora, `ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE ezpz launch -n 24 -ppn 6 python3 -m ezpz.examples.fsdp_tp ...`; the launcher library did not read the PALS local-rank variables (PALS_LOCAL_RANKID / PMIX_LOCAL_RANK) and fell back to rank modulo a stale FLAT-mode GPU count (12), so rank 23 asked for xpu:11 of 6; fixed in ezpz (PR #187)',
    what='a bug in the launcher library (local-rank detection and a hard-coded per-node device count), fixed in the library; the launch line (6 ranks per node under COMPOSITE) was valid - not a fault of the job script; assumed shape - PBS/PALS mpiexec on Aurora (Sunspot mapped to Aurora)',
    cluster='aurora',
    script='pbs_aurora_mpiexec.sh',
    log='''
RuntimeError: The device index is out of range. It must be in [0, 6), but got 11.
''',
)

case(
    id='hyphy1713-datamonkey-72h-queue-limit-walltime',
    kind='not_script',
    source='https://github.com/veg/hyphy/issues/1713',
    thread_site='the Datamonkey web service, which runs GARD jobs on its own PBS cluster; the job is killed after the 72-hour maximum of that queue; the maintainers - the job is too large for the service limit, run it locally or reduce the data set',
    what='DOUBTFUL - the job already runs to the queue\'s maximum walltime (72 h), so no walltime directive can fix it; the remedy is on the program/data side (smaller data set, checkpointing) or another machine, not a launch-script change; a reviewer could argue for a walltime or checkpoint change in the script; assumed shape - a PBS job on Polaris',
    cluster='polaris',
    script='pbs_mpiexec.sh',
    log='''
> PBS: job killed: walltime 259207 exceeded limit 259200
''',
)
