# ruff: noqa: E501, F821
# Probe of helper s33b1 (issue 17, round breadth; area: Intel GPUs and PBS at ALCF, Aurora
# oneCCL / Level Zero, PBS messages). Written and labelled before any run of maple on them.

AURORA_RUN = 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 python train.py'
ONE_NODE = [['#PBS -l select=2', '#PBS -l select=1']]
VENV = [['module load frameworks', 'source ~/venvs/xpu/bin/activate']]
MAP_XPU = 'not one of the ten sites - a workstation or server with Intel Arc / Battlemage GPUs - so mapped: assumed shape - an Aurora job (PBS, PALS mpiexec, frameworks module) whose ranks run the same program on Intel GPU tiles, diagnosed as on Aurora'

# ------------------------------------------------------------- class 1: Intel GPU out of memory (not script)

case(
    id='arcnotes-xpu-oom-activation-checkpointing-off',
    kind='not_script',
    source='find_string:70914816296',
    thread_site='a project\'s notes measuring activation checkpointing on an Intel Arc GPU (11.93 GiB; found with the code search, text id 70914816296): with checkpointing on the run completes 150/150 steps (peak 7,220 MB reserved), with it off it dies at step 4 with this error',
    what='the model\'s activations at this batch size need more device memory than the GPU has once activation checkpointing is off; the fix is in the training configuration (checkpointing, batch size), not the job script\'s launch line, resources or environment; ' + MAP_XPU,
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
torch.OutOfMemoryError: XPU out of memory. Tried to allocate 20.00 MiB.
GPU 0 has a total capacity of 11.93 GiB of which 5.62 MiB is free.
Of the allocated memory 10.43 GiB is allocated by PyTorch,
and 94.57 MiB is reserved by PyTorch but unallocated.
''',
)

case(
    id='wannotes-ksampler-level-zero-39-first-attention-cast',
    kind='not_script',
    source='find_string:53362997633',
    thread_site='notes on running a Wan video model with ComfyUI on an Intel GPU (found with the code search, text id 53362997633): "The default full-size `54` failure is a real memory-pressure issue inside the first Wan sampling pass"; the failing allocation is a tiny modulation tensor, the first one after the big ones',
    what='the sampling pass needs more device memory than the GPU has free (the notes call it memory pressure, the throw site a small tensor after the large allocations); the fix is a smaller resolution/frame count or offloading in the program, not the job script; ' + MAP_XPU,
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
RuntimeError: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
''',
)

case(
    id='physicalai440-training-sycl-enqueue-failed-oom-39',
    kind='not_script',
    source='https://github.com/open-edge-platform/physical-ai-studio/issues/440',
    thread_site='open-edge-platform/physical-ai-studio issue 440: training started from the web app dies with an XPU out-of-memory error; seen only with PyTorch 2.10+, not with 2.7.1 (Ubuntu 24.04, Docker)',
    what='the training process exhausts the device memory (a regression with the newer PyTorch release, per the report); the cause is the library version and the program\'s memory use, not a launch script; ' + MAP_XPU,
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
terminate called after throwing an instance of 'sycl::_V1::exception'
  what():  Enqueue process failed.
level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
Fatal Python error: Aborted
''',
)

case(
    id='comfynotes-minimax-text-encoder-dynamic-vram-oom-39',
    kind='not_script',
    source='find_string:60796865343',
    thread_site='notes on ComfyUI on an Intel GPU (found with the code search, text id 60796865343): a workflow fails two seconds in while loading the text encoder with dynamic VRAM loading; the same workflow completes on the same GPU with `--disable-dynamic-vram`',
    what='the program\'s dynamic VRAM loading stages more than the device can hold and the copy fails; the fix is the program\'s option, not the job script; ' + MAP_XPU,
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
Model MiniMaxH3TEModel_ prepared for dynamic VRAM loading. 14956MB Staged.
RuntimeError: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
  comfy/ops.py:217 in cast_maybe_lowvram_patch
''',
)

case(
    id='sglangnotes-encode-server-xpu-memory-held-39-40',
    kind='not_script',
    source='find_string:58673418625',
    thread_site='notes on an SGLang encode server on Intel XPUs (found with the code search, text id 58673418625): after long benchmarks the device memory stays at 32.6 GiB of 32.6 while the GPU is idle; requests then fail with these errors',
    what='the server process keeps device memory it no longer uses (a leak in the serving stack) until allocations fail; not the job script\'s launch line, resources or environment; ' + MAP_XPU,
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
RuntimeError: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)
sglang.srt.disaggregation.encode_server.InternalError: Internal encoding error:
  level_zero backend failed with error: 40 (UR_RESULT_ERROR_OUT_OF_RESOURCES)
''',
)

case(
    id='vllmxpunotes-oom-192mib-refused-13gib-free-profile-run',
    kind='not_script',
    source='find_string:60953728749',
    thread_site='notes on a vLLM XPU deployment (found with the code search, text id 60953728749): with an unchanged configuration the engine now fails in `model_runner.profile_run()`; "192 MiB refused with 13.22 GiB free. This is not capacity exhaustion"; idle devices show 43 MiB used',
    what='look-alike of an out-of-memory: the allocator/driver refuses a small allocation with plenty free; either way the cause is the device runtime or the serving library, not a launch script; ' + MAP_XPU,
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
torch.OutOfMemoryError: XPU out of memory. Tried to allocate 192.00 MiB.
GPU 3 has a total capacity of 31.89 GiB of which 13.22 GiB is free.
''',
)

# ------------------------------------------------------------- class 2: two oneAPI runtimes in one process (UR loader version)

case(
    id='dawnlauncher-oneapi-compilers-module-over-pip-xpu-libur-011',
    kind='script',
    source='find_string:71344490807',
    thread_site='a per-rank launcher of a Slurm job on Dawn (Intel Max 1550 nodes; found with the code search, text id 71344490807): "Loading intel-oneapi-compilers puts Dawn\'s 2025.0.3 runtime AHEAD of the venv on LD_LIBRARY_PATH, so the wheel\'s newer libsycl.so.8 resolves against the module\'s older libur_loader.so.0 and import torch dies with" this line; fix given: load only the base/driver module and let the venv (pip torch ...+xpu) supply the oneAPI runtime',
    what='the job script loads a oneAPI compiler module and then runs a pip-installed XPU PyTorch from a venv: the module\'s older Unified Runtime loader comes first and the wheel\'s SYCL library cannot load; the fix is in the job script (drop the oneAPI compiler module, or use the module\'s own torch); not one of the ten sites - Dawn (Slurm, Intel Max GPUs) - so mapped: Stampede3 (Slurm, ibrun, PVC nodes), assumed shape - the script loads `intel-oneapi-compilers` and activates a venv before ibrun',
    cluster='stampede3', script='tacc_ibrun.sh',
    replace=[['#SBATCH -p gpu-a100', '#SBATCH -p pvc'], ['module load cuda/12.2', 'module load intel-oneapi-compilers'], ['$WORK/venvs/torch/bin/activate', '$HOME/venvs/flsim-xpu/bin/activate']],
    log='''
ImportError: /home/user/venvs/flsim-xpu/lib/python3.11/site-packages/torch/lib/../../../../libsycl.so.8: version `LIBUR_LOADER_0.11' not found (required by libsycl.so.8)
''',
    expect={'families': ['modules', 'environment'], 'fix': '(?m)^-.*module load intel-oneapi-compilers'},
)

case(
    id='biom3container-setvars-base-oneapi-over-pip-torch-libur-011',
    kind='script',
    source='find_string:70191671683',
    thread_site='an Aurora container launcher (PBS, mpiexec + apptainer, found with the code search, text id 70191671683): "Sourcing setvars also puts the base\'s oneAPI compiler runtime first, which breaks a pip torch built against a different one, e.g." this line; fix given: put only the MPI directories on LD_LIBRARY_PATH, not setvars.sh',
    what='the script sources the oneAPI setvars.sh before running a pip-installed XPU PyTorch, so the base oneAPI runtime shadows the one the wheel was built with; the fix is in the job script (do not source setvars.sh; add only what is needed); assumed shape - an Aurora job that sources /opt/intel/oneapi/setvars.sh and a venv, then mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'source /opt/intel/oneapi/setvars.sh\nsource ~/venvs/biom3/bin/activate']],
    log='''
libur_loader.so.0: version `LIBUR_LOADER_0.11' not found (by libsycl.so.8)
''',
    expect={'families': ['modules', 'environment'], 'fix': '(?m)^-.*setvars\\.sh'},
)

case(
    id='fla-notes-triton-xpu-360-libsycl9-vs-torch-vendored-ur-loader',
    kind='not_script',
    source='find_string:57409038573',
    thread_site='notes of a project installing flash-linear-attention on Intel XPU (found with the code search, text id 57409038573): with `triton-xpu==3.6.0` the first Triton kernel fails to dlopen its compiled `spirv_utils.so`; cause given: torch\'s vendored libur_loader (older, without `urDeviceWaitExp`) loads first, and the system libsycl.so.9 that the new Triton uses cannot resolve the symbol; the other Triton build broke differently',
    what='two packages of the installed environment were built against different oneAPI runtimes (Triton against 2026.0, torch with its own older loader); the fix is choosing matching package versions, not the job script; ' + MAP_XPU,
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE + VENV,
    log='''
OSError: /opt/intel/oneapi/compiler/2026.0/lib/libsycl.so.9:
   undefined symbol: urDeviceWaitExp, version LIBUR_LOADER_0.12
''',
)

case(
    id='torchcomms-env2-libsycl9-undefined-urdevicewaitexp',
    kind='not_script',
    source='find_string:68698973238',
    thread_site='notes on an XCCL benchmark on Aurora (found with the code search, text id 68698973238): "The `env2` environment was internally inconsistent. Importing torch there fails outright"; its torchcomms extension could not resolve torch either; prepending the env\'s lib to LD_LIBRARY_PATH only got further',
    what='the Python environment itself holds mismatched oneAPI/torch builds; the fix is rebuilding the environment, not the job script; assumed shape - an Aurora job that activates that environment (a venv) and runs the benchmark with mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=VENV,
    log='''
ImportError: env2/.../libsycl.so.9: undefined symbol: urDeviceWaitExp,
             version LIBUR_LOADER_0.12
''',
)

# ------------------------------------------------------------- class 3: oneCCL Level Zero IPC handle exchange (script)

case(
    id='proteoscribe-aurora-ipc-sender-cache-limit-pidfd-ebadf',
    kind='script',
    source='find_string:62985510209',
    thread_site='a project\'s note on an Aurora finetune (12 ranks, 1 node, DeepSpeed ZeRO via Lightning; found with the code search, text id 62985510209): oneCCL warned on every rank from 16 minutes in; 8 hours later ranks 6 and 8 died inside DeepSpeed\'s allreduce with the pidfd_getfd error and PALS killed the rest; fix given (environment only): `export CCL_ZE_CACHE_GET_IPC_HANDLES_THRESHOLD=16384` in the job environment',
    what='oneCCL\'s Level-Zero IPC handle cache (default 1000) fills and its eviction ends in a failed handle exchange; the warning names the variables that raise the cap; the fix is an export in the job script; assumed shape - a one-node Aurora job, 12 ranks by mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
CCL_WARN| Sender cache limit is reached: cache size: 1000, limit:
1000, it will clear older elements from the cache. The app can crash
in a L0 call due to a L0 issue. There are three possible work-arounds:
 1) export ZE_ENABLE_TRACING_LAYER=1
 2) CCL_ZE_CACHE_GET_IPC_HANDLES_THRESHOLD=<value>
 3) export CCL_ZE_CLOSE_IPC_WA=1
oneCCL: ze_fd_manager.cpp:390 convert_fd_pidfd: pidfd_getfd failed:
fd: -1 ... errno: Bad file descriptor
''',
    expect={'families': ['backend', 'environment'], 'fix': '(?m)^\\+.*CCL_ZE_CACHE_GET_IPC_HANDLES_THRESHOLD=\\d+'},
)

case(
    id='biom3container-rank-per-container-pidfd-getfd-eperm',
    kind='script',
    source='find_string:70191671683',
    thread_site='an Aurora container launcher (PBS, mpiexec starting one apptainer container per rank; found with the code search, text id 70191671683): "oneCCL\'s default (pidfd) exchanges Level-Zero IPC handles with pidfd_getfd, which needs ptrace-level access to the peer process ... Here each rank is its own container with its own PID namespace and it is denied"; fix given: `CCL_ZE_IPC_EXCHANGE=sockets` (what ALCF\'s container recipe uses)',
    what='each rank runs in its own container (own PID namespace), so oneCCL\'s default pidfd handle exchange is refused; the fix is an export in the job script (sockets exchange); assumed shape - an Aurora job whose mpiexec line starts `apptainer exec` per rank',
    cluster='aurora', script='pbs_aurora_mpiexec.sh',
    replace=[[AURORA_RUN, 'mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind depth -d 8 apptainer exec --writable-tmpfs biom3.sif python train.py']],
    log='''
pidfd_getfd failed: ... errno: Operation not permitted
ze_fd_manager.cpp:390 convert_fd_pidfd
''',
    expect={'families': ['backend', 'environment', 'containers'], 'fix': '(?m)^\\+.*CCL_ZE_IPC_EXCHANGE=sockets'},
)

# ------------------------------------------------------------- class 4: PBS kills a job that uses more CPUs than it asked (advice)

PBS_CPU = [['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=16:mem=8gb']]

case(
    id='pneumonia-llama-pbs-ncpus-5888-exceeded-16',
    kind='script',
    source='find_string:32386521082',
    thread_site='a project\'s notes running a local LLM (llama.go / Ollama) on a PBS Pro cluster (found with the code search, text id 32386521082): trial 1 asks `select=1:ncpus=16:mem=8gb` and is killed with this line; trial 2 asks ncpus=72',
    what='the program starts more threads than the 16 CPUs the select chunk asks, so PBS kills the job; the fix is the job\'s request (more ncpus, or a whole node) or limiting the program\'s threads to the request - which the user decides; assumed shape - a one-node PBS job on Polaris with select=1:ncpus=16',
    cluster='polaris', script='pbs_mpiexec.sh', replace=PBS_CPU,
    log='''
2024/06/04 12:04:11 llama.go:577: loaded 0 images
=>> PBS: job killed: ncpus 58.88 exceeded limit 16 (sum)
''',
    expect={'families': ['resources', 'scheduler'], 'fix': '(?m)^\\+.*(ncpus=\\d|OMP_NUM_THREADS)'},
)

case(
    id='rfmix-array-pbs-ncpus-3946-exceeded-32',
    kind='script',
    source='find_string:4685982560',
    thread_site='a PBS array job script running RFMix per chromosome (found with the code search, text id 4685982560); the author\'s comment in the script quotes this line from a run that asked 32 CPUs',
    what='the program uses more CPUs than the select chunk asks, so PBS kills the job; the fix is the request or the program\'s thread count in the job script, the value the user\'s; assumed shape - a one-node PBS job on Polaris with select=1:ncpus=32',
    cluster='polaris', script='pbs_mpiexec.sh', replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=32:mem=64gb']],
    log='''
=>> PBS: job killed: ncpus 39.46 exceeded limit 32 (sum)
''',
    expect={'families': ['resources', 'scheduler'], 'fix': '(?m)^\\+.*(ncpus=\\d|OMP_NUM_THREADS)'},
)

case(
    id='healthgps-docs-pbs-ncpus-1525-exceeded-8',
    kind='script',
    source='find_string:24231770590',
    thread_site='a project\'s documentation for running its simulator on a PBS cluster (found with the code search, text id 24231770590): `ompthreads=8` sets OMP_NUM_THREADS=8 but the threading libraries still use the cores they see and the job is killed with this error; workaround given: size the job to a full node (`select=1:ncpus=64:...`)',
    what='the program uses more cores than asked; the fix given is the job\'s request (a full node); the value is the user\'s; assumed shape - a one-node PBS job on Polaris with select=1:ncpus=8',
    cluster='polaris', script='pbs_mpiexec.sh', replace=[['#PBS -l select=2:system=polaris', '#PBS -l select=1:ncpus=8:ompthreads=8:mem=16gb']],
    log='''
PBS: job killed: ncpus 15.25 exceeded limit 8 (sum)
''',
    expect={'families': ['resources', 'scheduler'], 'fix': '(?m)^\\+.*(ncpus=\\d|OMP_NUM_THREADS)'},
)

# ------------------------------------------------------------- class 5 (added before the records for it): the SYCL runtime loaded is older than torch's build

case(
    id='ezpzfaq-aurora-pt29-env-without-newer-oneapi-modules-sycl-symbol',
    kind='script',
    source='find_string:36997320269',
    thread_site='the FAQ of a distributed-training helper (ezpz) for Aurora (found with the code search, text id 36997320269; the same text at 53298734757 and 53151581307): "some of the newer environments have a version of PyTorch which was built with a newer version of the Intel OneAPI software stack. This relies on a newer set of modules than those provided by e.g. the `module load frameworks`"; importing torch without those modules fails with this line; "This can be resolved by loading the correct set of modules"',
    what='the job runs a conda environment whose torch was built with a newer oneAPI than the runtime the job\'s modules give, so torch\'s SYCL library misses a SYCL runtime symbol; the fix is in the job script (load the oneAPI modules the environment was built with) and which modules is the user\'s (advice or a question, not a guessed module); assumed shape - an Aurora job that activates that environment instead of loading frameworks',
    cluster='aurora', script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'micromamba activate /lus/flare/projects/datascience/user/micromamba/envs/2025-08-pt29']],
    log='''
ImportError: /lus/flare/projects/datascience/user/micromamba/envs/2025-08-pt29/lib/python3.11/site-packages/torch/lib/libtorch-xpu-ops-sycl-ZetaKernel.so: undefined symbol: _ZN4sycl3_V17handler28extractArgsAndReqsFromLambdaEPcRKSt6vectorINS0_6detail19kernel_param_desc_tESaIS5_EEb
''',
    expect={'families': ['modules', 'environment'], 'fix': '(?m)^\\+.*module (?:load|use)'},
)

case(
    id='vbenchnotes-xpu-resourced-env-files-reorder-ld-library-path-sycl-symbol',
    kind='script',
    source='find_string:68963480138',
    thread_site='a video-benchmark campaign\'s notes on an Intel XPU server (found with the code search, text id 68963480138): "Re-sourcing the two env files on top of an already-sourced shell reorders `LD_LIBRARY_PATH` and breaks torch with" this line; "the working form is the probe with NO source lines at all"',
    what='the job script sources its oneAPI/env files a second time, which puts another SYCL runtime first on LD_LIBRARY_PATH than the one torch was built with; the fix is in the script (source the environment once); not one of the ten sites - a server with Intel GPUs - so mapped: assumed shape - an Aurora job that sources setvars.sh and a venv and then sources setvars.sh again before mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh',
    replace=[['module load frameworks', 'source /opt/intel/oneapi/setvars.sh\nsource ~/venvs/vbench/bin/activate\nsource /opt/intel/oneapi/setvars.sh --force']],
    log='''
undefined symbol: _ZN4sycl3_V17handler...
''',
    expect={'families': ['modules', 'environment'], 'fix': '(?m)^-.*setvars\\.sh'},
)

# ------------------------------------------------------------- class 6 (added before any change for it): PBS walltime kill, with and without the MoM's "=>> " prefix

case(
    id='tc011-training-pbs-walltime-50-over-30-unprefixed',
    kind='script',
    source='find_string:20480302632',
    thread_site='a PBS training page (project tc011; found with the code search, text id 20480302632): a job script asks `#PBS -l walltime=00:00:30` and sleeps 60 s; "If the job exceeds walltime, it will be killed" with this line (quoted without the MoM\'s `=>> ` prefix)',
    what='the job runs longer than its walltime request, so PBS kills it; the fix is the script\'s walltime request; assumed shape - a one-node Polaris job asking walltime=00:00:30',
    cluster='polaris', script='pbs_mpiexec.sh', replace=[['#PBS -l walltime=01:00:00', '#PBS -l walltime=00:00:30']],
    log='''
PBS: job killed: walltime 50 exceeded limit 30
''',
    expect={'families': ['scheduler'], 'fix': '(?m)^\\+#PBS -l walltime='},
)

case(
    id='hpc-lesson-pbs-walltime-77-over-30-prefixed',
    kind='script',
    source='find_string:11532866729',
    thread_site='an HPC lesson on PBS resource requests (found with the code search, text id 11532866729): a job asking a 30-second walltime (select=1:ncpus=2:mem=2g) sleeps 120 s; the error file holds this line; "Our job was killed for exceeding the amount of resources it requested"',
    what='the job runs longer than its walltime request; the fix is the script\'s walltime; assumed shape - a one-node Polaris job asking walltime=00:00:30',
    cluster='polaris', script='pbs_mpiexec.sh', replace=[['#PBS -l walltime=01:00:00', '#PBS -l walltime=00:00:30']],
    log='''
=>> PBS: job killed: walltime 77 exceeded limit 30
''',
    expect={'families': ['scheduler'], 'fix': '(?m)^\\+#PBS -l walltime='},
)

case(
    id='esmf-unicos-test-build-pbs-walltime-3611-over-3600',
    kind='script',
    source='find_string:40786994398',
    thread_site='a test log of a library build on a Cray PBS system (found with the code search, text id 40786994398): the unit-test build/run job is killed mid-make with this line after a one-hour limit',
    what='the job (building and running the test suite) needs more than its one-hour walltime; the fix is a longer walltime request (or fewer tests a job); assumed shape - a Polaris job asking walltime=01:00:00',
    cluster='polaris', script='pbs_mpiexec.sh',
    log='''
=>> PBS: job killed: walltime 3611 exceeded limit 3600
make[6]: *** Deleting file '/p/work/user/intel_2017.5_mpi_g/test/testg/Unicos.intel.64.mpi.default/ESMC_FieldGridRegrid2UTest'
''',
    expect={'families': ['scheduler'], 'fix': '(?m)^\\+#PBS -l walltime='},
)

# ------------------------------------------------------------- class 7 (added before the record for it): DeepSpeed's XPU accelerator plugin older than DeepSpeed

case(
    id='ipexds81-lightning-deepspeed-xpu-accelerator-abstract-methods',
    kind='not_script',
    source='https://github.com/intel/intel-extension-for-deepspeed/issues/81',
    thread_site='intel/intel-extension-for-deepspeed issue 81: PyTorch Lightning with DeepSpeed on an Intel GPU fails in get_accelerator with this error (a conda environment with a recent DeepSpeed and the extension)',
    what='the installed DeepSpeed expects accelerator methods the installed intel-extension-for-deepspeed plugin does not implement (the two packages\' versions do not match); the fix is installing matching versions, not the job script; not one of the ten sites - a workstation - so mapped: assumed shape - an Aurora job running the Lightning program with mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=VENV,
    log='''
  File "/home/user/miniconda3/envs/pytorch/lib/python3.10/site-packages/deepspeed/accelerator/real_accelerator.py", line 184, in get_accelerator
    ds_accelerator = XPU_Accelerator()
TypeError: Can't instantiate abstract class XPU_Accelerator with abstract methods available_memory, capture_to_graph, create_graph, export_envs, handles_memory_backpressure, is_pinned, is_triton_supported, replay_graph, resolves_data_dependency, set_visible_devices_envs, supported_dtypes, use_host_timers, visible_devices_envs
''',
)

case(
    id='ipexds46-xpu-accelerator-abstract-supported-dtypes',
    kind='not_script',
    source='https://github.com/intel/intel-extension-for-deepspeed/issues/46',
    thread_site='intel/intel-extension-for-deepspeed issue 46: installing DeepSpeed after the extension, DeepSpeed fails with this error; "Installing extension from source helped" (the released plugin lacked the method the newer DeepSpeed needs)',
    what='DeepSpeed and its XPU accelerator plugin are of mismatched versions; fixed by installing the plugin from source, not in any job script; not one of the ten sites - a workstation - so mapped: assumed shape - an Aurora job running a DeepSpeed program with mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=VENV,
    log='''
File "..../DeepSpeed/deepspeed/accelerator/real_accelerator.py", line 147, in get_accelerator
    ds_accelerator = XPU_Accelerator()
TypeError: Can't instantiate abstract class XPU_Accelerator with abstract method supported_dtypes
''',
)

# ------------------------------------------------------------- class 8 (added before the record for it): PBS filesystems= names a file system the site lacks

case(
    id='iri-notes-qsub-invalid-filesystem-identifiers-gila',
    kind='script',
    source='find_string:70679472705',
    thread_site='notes of a job-submission tool for ALCF systems (found with the code search, text id 70679472705): rejections that "mean fix the request, not try another road", among them this qsub answer (gila is the file system of Sunspot, the Aurora test system)',
    what='the script\'s `-l filesystems=` names a file system the PBS server of this system does not know (another system\'s), so qsub refuses the job; the fix is the script\'s filesystems list (the site\'s file systems); assumed shape - an Aurora job script whose filesystems list was copied from Sunspot (home:gila)',
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=[['filesystems=home:flare', 'filesystems=home:gila']],
    log='''
qsub: Invalid filesystem identifiers gila
''',
    expect={'families': ['scheduler'], 'fix': '(?m)^\\+#PBS -l filesystems=(?!.*gila)'},
)

# ------------------------------------------------------------- class 1, more (added before any change for them): Aurora-tile OOMs, one of them fragmented

case(
    id='uma-xpu-review-oom-1282gib-fragmented-1429-reserved',
    kind='script',
    source='find_string:70457033545',
    thread_site='a review of a project\'s activation-checkpointing work on Aurora tiles (63.98 GiB; PBS; found with the code search, text id 70457033545): the log of the N=18 run holds this error; "It is substantially a fragmentation failure" (14.29 GiB reserved but unallocated against a 2.42 GiB deficit), "addressable without any code change": first recommended action `PYTORCH_XPU_ALLOC_CONF=expandable_segments:True` ("verify the accepted key"), then code changes; not yet tried',
    what='DOUBTFUL: the caching allocator holds far more free-but-fragmented memory than the deficit; the review proposes an allocator setting in the job environment (unverified) and code changes; the answer must not be "not the script" from the out-of-memory line alone, and a fix is only right if it is the allocator setting; assumed shape - a one-node Aurora job, mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
XPU out of memory. Tried to allocate 12.82 GiB.
GPU 0 has a total capacity of 63.98 GiB of which 10.40 GiB is free.
Of the allocated memory 39.23 GiB is allocated by PyTorch,
and 14.29 GiB is reserved by PyTorch but unallocated.
''',
    expect={'families': ['devices', 'environment'], 'fix': '(?m)^\\+.*PYTORCH_XPU_ALLOC_CONF=\\S*expandable_segments'},
)

case(
    id='torchtitan-moe-debugmodel-ep-vocab-projection-oom-3127gib',
    kind='not_script',
    source='find_string:66236681516',
    thread_site='notes validating a MoE expert-parallel refactor on Aurora tiles (found with the code search, text id 66236681516): one configuration (`moe_debugmodel_ep`, local batch 8) dies with this error; "The two non-clean rows reveal *configuration* issues, not refactor regressions": the 31.27 GiB is the cross-entropy projection (8 x 8192 tokens x 256128 vocab, bf16)',
    what='the training configuration (local batch size x sequence x vocabulary) needs a tensor larger than the tile\'s free memory; the fix is the model/batch configuration, not the job script; assumed shape - a one-node Aurora job, mpiexec',
    cluster='aurora', script='pbs_aurora_mpiexec.sh', replace=ONE_NODE,
    log='''
torch.OutOfMemoryError: XPU out of memory. Tried to allocate 31.27 GiB.
GPU 2 has a total capacity of 63.98 GiB of which 30.13 GiB is free.
Of the allocated memory 31.67 GiB is allocated by PyTorch ...
''',
)
