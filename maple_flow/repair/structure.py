"""Read a failure's structure, not its phrasing: is it plainly not the launch script's?

Records recognise one phrasing each; a log never seen before mostly says the same things in
other words. This module reads what any such log is made of and decides "not the launch
script" only on strong structural evidence and when nothing in the log speaks of the launch:

- a Python traceback: its frames (the user's own code, installed libraries, the launcher's or
  rendezvous code, ``os.environ``) and its final exception (type and message: data, shapes
  and types, or the tensor library's autograd and in-place rules the program broke);
- kernel and driver messages of the GPU (Xid, ECC, NVLink, a GPU fallen off the bus, a GPU the
  driver could not initialise) and a
  GPU kernel's fault (an illegal memory access, a device-side assert) whatever the collectives'
  watchdog relays of it;
- data files that cannot be read as what they should be (a truncated image, a bad pickle);
- faults of the file system itself (EIO, stale handles, a disconnected mount);
- numeric failures (a NaN or infinite loss or gradient);
- signals and exit codes of a native crash (a segmentation fault, a bus error, exit 139, glibc's
  abort on a corrupted heap or stack), and an
  illegal instruction (a build for a newer CPU than the node's);
- the ROCm runtime's reports of a faulted GPU kernel (a memory access fault, an HSA exception);
- the drivers' own reports of a GPU fault of any vendor (GSP firmware timeouts, a
  contained NVLink/hardware error, amdgpu ring timeouts and resets, Intel's lost device);
- an 8-GPU node's NVSwitch/NVLink fabric not set up (the fabric manager not running or restarted
  without a GPU reset: CUDA's "system not yet initialized", NCCL's NVLS set-up refused);
- the RDMA fabric's own reports (an IB port event, a completion failed after its retries),
  where the log names none of the fabric settings a script may set;
- the scheduler's reports of its own machinery failing on a node (a prolog or epilog, a job
  credential the node rejects, a node failure), where the scheduler refused no request;
- a library's own words that it failed inside itself (s22): it asks for a bug report or names
  its own bug or internal error, or an assertion or check of its own source failed (a C
  ``assert()``, MPICH's "Assertion failed in file", glog/Abseil's ``Check failed:``), on a
  line that is no warning and names no rank, GPU, device or backend;
- a native abort inside a library: a signal report (an abort, a segmentation or bus fault)
  with a backtrace frame of a library that is neither the C runtime nor the MPI/PMI/fabric
  stack the launch wires (s22), or C++'s ``terminate called after throwing`` of a library;
- a runtime error of the module system's own code (Lua raised inside a modulefile, a hook or
  Lmod itself: an arithmetic on, an index or a call of a nil value), where no module name was
  reported unknown (s22): the site's module tree, whatever else the log says;
- the kernel's machine-check reports of the node's CPU or memory (``mce: [Hardware Error]``,
  an uncorrectable EDAC memory error: s22);
- (s23) the worker's own exception printed after a launcher's summary traceback (torch's spawn
  or elastic agent): the summary's frames are the launcher's, not the exception's; messages that
  compare two of the program's values ("expected X to match Y", "not consistent with") and
  Python's own type errors (an object that does not support item assignment, is not callable);
  an ``assert`` statement of an installed library's own source whose text names nothing of the
  launch; a file the program opens itself (an absolute path outside the system, the spool and
  the software, that the job script names nowhere, nor any directory of it); the NVIDIA
  driver's own report of a fault of a GPU it names (``NVRM: GPU3 ... timeout error``). The MPI
  or fabric stack's EIO (an OFI poll failed with "Input/output error") is no file-system fault.
- (s24) a file whose own structure says it was cut short, as its format's reader reports it
  (HDF5's superblock recording a larger end of file than the file has, a zip archive - a
  PyTorch checkpoint - without its end record, a gzip, bz2 or tar stream ending early): no
  launch setting shortens a file on disk, whatever path the script gave; a kernel
  "[Hardware Error]" report of any driver (APEI/GHES, a GPU driver's uncorrectable error); a
  collective's own report that ranks stopped joining it (a wait timed out, Horovod's stalled
  ops, a peer gone) after the log shows the training loop ran many steps or epochs, where
  neither the log nor the script names a collective timeout setting and nothing killed the job.
- (s29) an installed package's own import failing inside the installation
  (:mod:`maple_flow.repair.package_import`): a name one installed package lacks, a release
  missing its own submodule, a package's own ``raise ImportError`` asking for another one; read
  before the launch words (an import failure is one of them) with that traceback left out.
- (s29rnot2) Python's own ``TypeError``/``ValueError``/``AttributeError`` (a module's missing
  attribute included) raised at a statement of the user's project file, or inside an installed
  library the user's code called (:mod:`maple_flow.repair.code_exception`): messages and
  statements that name the launch, the devices, the environment or a path, checks of values
  (a ``raise``), launch modules and a value the script names all veto it.

- (s30rnot) an application's own report, in its own frame, that its input is wrong
  (:mod:`maple_flow.repair.app_input`: GROMACS's ``Fatal error:``, Quantum ESPRESSO's ``Error in
  routine``, OpenFOAM's ``FOAM FATAL IO ERROR``, LAMMPS's ``ERROR: ... (FILE.cpp:N)`` or ``Last
  command:``, gfortran's runtime error on a read of the input), whose message names nothing the
  launch or the environment sets and no name of the job script.
- (s31not) a log that ends in a failed ``assert`` of code's own state shown by its statement
  alone (a worker logger's prefixed frame lines, a quoted statement:
  :mod:`maple_flow.repair.code_assert`) whose statement names nothing of the launch, the
  devices, the arguments, a path or a count of processes, nor a word of the job script; and,
  the other way, Python's None-value error at a statement that reads the parsed command line
  (``args.x[i]``) is not read as the program's (an argument the launch line left out).

- (s38) the interpreter's own words about the program's objects
  (:mod:`maple_flow.repair.interpreter_fault`: a container changed while iterated, a generator
  that let StopIteration escape, a math result out of range) and torch.compile's tracer that
  could not trace the code (:mod:`maple_flow.repair.compile_trace`; never where the log names
  the compiling backend); and, the other way, an ``IndexError`` at a statement indexing
  ``sys.argv`` is not read as the program's (an argument the launch line left out).

The categories (:data:`CATEGORIES`) name a record each in ``templates/failures/structure.yaml``
(``cpu``: ``s20_notscript.yaml``; ``fabric``, ``site``: ``s21_notscript.yaml``; ``gpunode``:
``s21_rl17tune.yaml``; ``internal``, ``nodehw``, ``modulecode``: ``s22_notscript.yaml``;
``datapath``: ``s23_notscript.yaml``; ``damaged``, ``stall``: ``s24_notscript.yaml``;
``package``: ``s29_rnot.yaml``; ``usercode``, ``libcode``: ``s29_rnot2.yaml``;
``appinput``: ``s30_rnot.yaml``; ``libnotimpl``: ``rl3639_s37.yaml``;
``interpreter``, ``compiletrace``: ``notscript_s38.yaml``;
advice, no fix). Anything that speaks of the launch vetoes the
reading (:data:`LAUNCH_TEXT`): an environment variable the launcher sets (``KeyError: 'RANK'``), a
frame of ``os.environ``, of a launcher or of rendezvous code, an invalid device ordinal, a port in
use, a missing module or shared library (the environment the script sets up), a file not found (a
path the script may set), a scheduler's or MPI launcher's own error line, an out-of-memory kill, a
timeout. Then the answer stays with the records, or "not recognised".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from maple_flow.repair.app_input import input_error, report_removed
from maple_flow.repair.code_assert import failed_assert
from maple_flow.repair.code_exception import MODULE_ATTRIBUTE, code_fault, none_from_argument
from maple_flow.repair.compile_trace import compile_trace_failed
from maple_flow.repair.evidence_gate import SUMMARY_LINE
from maple_flow.repair.frames import (
    LAUNCH_SETUP_FRAME,
    read_frames,
    traceback_paths,
    traceback_start,
)
from maple_flow.repair.interpreter_fault import argv_index_missing, interpreter_fault
from maple_flow.repair.not_implemented import library_not_implemented
from maple_flow.repair.package_import import (
    broken_installation,
    final_import_error,
    traceback_removed,
)
from maple_flow.repair.program_error import (
    _ENV_SYMPTOM,
    _EXCEPTION_LINE,
    final_exception_at,
)
from maple_flow.repair.structure_more import (
    assertion_at_source,
    build_error,
    exception_alone,
    fortran_runtime_check,
    node_lost,
    path_is_none,
    stopped_after_progress,
    without_collateral_cancel,
)

#: Category -> the record that gives its advice (templates/failures/structure.yaml).
CATEGORIES: dict[str, str] = {
    "hardware": "structure-gpu-hardware-fault",
    "kernel": "structure-gpu-kernel-fault",
    "filesystem": "structure-file-system-error",
    "numeric": "structure-numeric-failure",
    "data": "structure-data-error",
    "program": "structure-program-error",
    "library": "structure-library-crash",
    "cpu": "structure-cpu-instruction-unsupported",
    "fabric": "structure-fabric-fault",
    "site": "structure-site-fault",
    "gpunode": "gpu-node-fabric-not-ready",
    "internal": "structure-library-internal-error",
    "nodehw": "structure-node-hardware-fault",
    "modulecode": "structure-module-code-error",
    "datapath": "structure-program-file-missing",
    "damaged": "structure-file-damaged",
    "stall": "structure-collective-stall",
    "package": "structure-package-import-broken",
    "usercode": "structure-program-code-exception",
    "libcode": "structure-library-code-exception",
    "appinput": "structure-application-input-error",
    "alone": "structure-program-exception-alone",
    "nodelost": "structure-node-lost",
    "build": "structure-program-build-error",
    "stopped": "structure-stopped-after-progress",
    "fcheck": "structure-program-runtime-check",
    "libnotimpl": "structure-library-not-implemented",
    "interpreter": "structure-python-object-rule-broken",
    "compiletrace": "structure-graph-compiler-trace-failed",
}

#: Words of the launch: any of them anywhere in the log (less a launcher's summary of a failed
#: rank) and no structural reading is made.
LAUNCH_TEXT = re.compile(
    r"\b(?:MASTER_ADDR|MASTER_PORT|LOCAL_RANK|WORLD_SIZE|NODE_RANK|CUDA_VISIBLE_DEVICES|"
    r"NCCL_SOCKET_IFNAME|NCCL_\w+|SLURM_\w+|PBS_\w+|PMI_\w+|PMIX_\w+|OMPI_\w+|PALS_\w+|"
    r"HF_TOKEN|HF_HOME)\b"
    r"|(?i:invalid device ordinal|address already in use|errno:? ?98\b|"
    r"No module named|ModuleNotFoundError|ImportError|cannot open shared object|"
    r"undefined symbol|GLIBC|version `|CUDA driver version is insufficient|"
    r"no CUDA GPUs are available|no kernel image|FileNotFoundError|No such file or directory|"
    r"can't open file|command not found|Permission denied|out of memory|OutOfMemory|"
    r"oom[-_ ]kill|\bKilled\b|SIGKILL|exit code:? ?137|signal 9\b|timed? ?out|Timeout|"
    r"watchdog|rendezvous|init_process_group|TCPStore|Connection refused|"
    r"Connection reset|Name or service not known|getaddrinfo|unreachable|"
    r"NCCL error|ncclInternalError|ncclSystemError|ncclInvalidUsage|"
    r"Lmod has detected|module: command|conda activate|DUE TO TIME LIMIT|CANCELLED|"
    r"scontrol|nodelist|hostfile|"
    r"PREEMPT|node failure|NODE_FAIL|Requested node configuration|"
    r"Unable to allocate resources|Invalid (?:account|partition|qos|generic resource))")
#: Scheduler, MPI launcher or module-system error lines (their summaries of a task that died
#: on a signal are not: that task's own message says why).
_SITE_LINE = re.compile(
    r"(?im)^\s*(?:\S+: )?(?:srun|sbatch|salloc|slurmstepd|qsub|mpiexec|mpirun|aprun|ibrun|"
    r"prterun|orterun|deepspeed|torchrun|accelerate)\b[^\n]*\b(?:error|fail|not found|unable|"
    r"invalid)\b(?![^\n]*\b(?:Segmentation fault|Bus error|Floating point exception|"
    r"Exited with exit code|task \d+|Illegal instruction))")
#: A frame of installed code (not the user's own).
_LIBRARY_PATH = re.compile(
    r"(?:site-packages|dist-packages)/|/lib/python\d\.\d+/|^<frozen |\.pyx$|^<string>$")
#: A time-stamped log record of another logger on the same line as the message (glog,
#: torch.distributed's ``W0227 23:25:08.126000 227320 file:line]``).
_INLINE_RECORD = re.compile(r"\s[WEIF]\d{4} \d\d:\d\d:\d\d\.\d+ ")

_HARDWARE = re.compile(
    r"(?i)uncorrectable ECC|ECC error|double[- ]bit ECC|\bXid\b[^\n]{0,40}\b\d{2,3}\b|"
    r"uncorrectable NVLink|NVLink error|fallen off the bus|GPU is lost|GPU lost from the bus|"
    r"row[- ]remapp\w* failure|Unable to determine the device handle|"
    r"cudaErrorECCUncorrectable|CUDA_ERROR_ECC_UNCORRECTABLE|NVSwitch[^\n]{0,40}\b(?:fatal|error)|"
    # the kernel driver could not bring a GPU of the node up (NVRM's own report)
    r"RmInitAdapter failed|rm_init_adapter failed|"
    # the GPU's system processor (GSP firmware) stopped answering the driver (Xid 119/120)
    r"Timeout waiting for RPC from GSP|GSP RPC timeout|"
    # a fault the driver contained (NVLink peer access or another hardware error: Blackwell)
    r"CUDA_ERROR_CONTAINED|cudaErrorContained|"
    # the AMD kernel driver's reports: a hung ring, a GPU reset (and its failure), lost VRAM
    r"amdgpu_job_timedout|amdgpu[^\n]{0,80}\b(?:GPU (?:mode\d )?reset|ring \S+ timeout|"
    r"ASIC reset failed)|VRAM is lost due to GPU reset|"
    # Intel GPUs: the Level Zero / unified runtime's lost device, the i915/xe driver's hang
    r"ZE_RESULT_ERROR_DEVICE_LOST|UR_RESULT_ERROR_DEVICE_LOST|"
    r"\b(?:i915|xe)\b[^\n]{0,80}\bGPU HANG\b|"
    # the NVIDIA kernel driver's own report of a fault of a GPU it names (a timeout of the GPU's
    # firmware or bus, a memory subsystem error): only the driver prints "NVRM: GPU<n>" (s23)
    r"\bNVRM: GPU ?[0-9a-f:.]*:? [^\n]{0,80}\b(?:timed out|timeout|error|failed)\b|"
    # the PCIe root port's report of an uncorrectable error on the GPU's link
    r"PCIe Bus Error: severity=(?:Uncorrected|Fatal)|"
    # a GPU kernel driver's own report of an uncorrectable error or a "[Hardware Error]" record
    # of its GPU (amdgpu's ACA/RAS events: s24)
    r"\b(?:amdgpu|nvidia|NVRM|i915|xe)\b[^\n]{0,80}(?:\buncorrectable hardware error\b|"
    r"\[Hardware Error\])")
#: The kernel's machine-check reports of the node's CPU or memory (s22): the node's hardware,
#: whatever else the log says.
_NODE_HARDWARE = re.compile(
    # the kernel's own tag of a hardware error record (machine checks, APEI/GHES: s24)
    r"mce: \[Hardware Error\]|\[Hardware Error\]: |"
    r"Machine check events logged|"
    r"\bEDAC\b[^\n]{0,80}\bUE\b[^\n]{0,40}\bmemory\b|Uncorrected hardware memory error")
#: An 8-GPU node's NVSwitch/NVLink fabric not set up for CUDA (the fabric manager not running,
#: restarted without a GPU reset, or not matching the driver), whatever program reports it: CUDA's
#: "system not yet initialized" (error 802), NCCL's NVLS multicast set-up refused, the fabric
#: manager's own state. The node's administration, never the launch (s21_rl17tune.yaml).
_GPU_NODE = re.compile(
    r"(?i)\bsystem not yet initiali[sz]ed\b|cudaErrorSystemNotReady|CUDA_ERROR_SYSTEM_NOT_READY|"
    r"transport/nvls\.cc:\d+ NCCL WARN Cuda failure (?:\d+ )?'[^'\n]+'|"
    # the same set-up refused in other words (binding the NVLS multicast memory): s22
    r"transport/nvls\.cc:\d+ \(nvls\w+\) NCCL WARN [^\n]*\bCUDA error \d+ "
    r"'(?!out of memory)[^'\n]+'|"
    r"\b(?:nvidia-)?fabric ?manager\b[^\n]{0,60}\b(?:is not running|not (?:running|started|"
    r"ready|initiali[sz]ed)|failed|inactive)\b")
#: Faults of the file system itself. Not a full disk, a quota or a read-only file system:
#: where the job writes (its caches, its output, a container's binds) the script may set.
#: A GPU kernel that faulted (the program's or a library's kernel, or the GPU): never the
#: launch, whatever the collectives' watchdog then reports. Not out-of-memory, an invalid
#: ordinal, a missing kernel image or busy devices: those the launch can cause.
_KERNEL = re.compile(
    r"(?i)an illegal memory access was encountered|device-side assert(?:ion)? triggered|"
    r"misaligned address|an illegal instruction was encountered|unspecified launch failure|"
    r"CUBLAS_STATUS_EXECUTION_FAILED|CUDNN_STATUS_EXECUTION_FAILED|"
    r"CUDA_ERROR_ILLEGAL_ADDRESS|cudaErrorIllegalAddress|hipErrorIllegalAddress|"
    r"thread: \[\d+,\d+,\d+\] Assertion `[^`\n]{1,200}` failed|"
    # the ROCm runtime's own reports of a GPU kernel that faulted on an AMD GPU (the older
    # runtimes print no agent handle)
    r"Memory access fault by GPU node-\d+ (?:\(Agent handle: 0x[0-9a-f]+\) )?on address|"
    r"HSA_STATUS_ERROR_(?:EXCEPTION|MEMORY_APERTURE_VIOLATION|MEMORY_FAULT)\b")
#: Words of the launch that outweigh a kernel fault's report (the watchdog's and NCCL's own
#: words do not: they only relay the fault).
_HARD_LAUNCH = re.compile(
    r"\b(?:MASTER_ADDR|MASTER_PORT|LOCAL_RANK|WORLD_SIZE|CUDA_VISIBLE_DEVICES|SLURM_\w+|"
    r"PBS_\w+|PMI_\w+)\b|(?i:invalid device ordinal|address already in use|No module named|"
    r"cannot open shared object|undefined symbol|out of memory|no kernel image|"
    r"busy or unavailable|CUDA driver version is insufficient)")
#: The RDMA fabric's own reports (InfiniBand/RoCE: a port event, a catastrophic HCA error, a
#: completion that failed after its retries, UCX's retry count exceeded): a link, a cable, a
#: switch or the fabric's routing, not the launch. Read only where the log names none of the
#: fabric's settings (:data:`_FABRIC_SETTINGS`): with them, a completion error may be theirs.
_FABRIC = re.compile(
    r"(?i)Got async event ?: ?(?:port error|local catastrophic error|"
    r"[a-z ]*work queue error)|async fatal event on QP|"
    r"NET/IBP? ?:[^\n]{0,80}\bGot completion\b[^\n]{0,120}\b(?:error|status=) ?\d+|"
    r"NET/IB Got completion error \d+|"
    r"Transport retry count exceeded|\bIBV_WC_(?:RETRY_EXC|RNR_RETRY_EXC)_ERR\b|"
    r"\bmlx5_\w+: Port: \d+ Link DOWN")
#: Settings of the fabric a job script may set (which HCA, GID, interface, transport).
_FABRIC_SETTINGS = re.compile(
    r"\b(?:NCCL_IB_\w+|NCCL_NET\w*|NCCL_SOCKET_IFNAME|NCCL_CROSS_NIC|UCX_NET_DEVICES|UCX_TLS|"
    r"UCX_IB_\w+|FI_PROVIDER|FI_CXI_\w+|OMPI_MCA_\w+)\b")
#: The scheduler's reports of its own machinery failing on a node (a prolog or epilog, the
#: job credential the node's daemon rejects - clocks or munge keys -, a node that failed,
#: rebooted or stopped answering, processes the node could not kill): the site's, never a
#: request the script made. Munge's missing socket is not here: inside a container the
#: script is at fault (its record decides).
_SITE_FAULT = re.compile(
    r"(?i)Job prolog failed|\bProlog (?:error|failure|hung|failed)\b|"
    r"\bEpilog (?:error|failure|failed)\b|"
    r"Job credential expired|Invalid job credential|Munge decode failed|"
    r"Job allocation \d+ has been revoked|DUE TO NODE FAILURE|\bNODE_FAIL\b|"
    r"STEPD TERMINATED[^\n]{0,80}DUE TO JOB NOT ENDING WITH SIGNALS|Kill task failed|"
    # PBS: a sister MOM (another node of the job) stopped answering the mother superior (s22)
    r"\bSISTER_EOF\b|"
    # a node's slurmd that the step's launch could not talk to (down, or its munge credential
    # garbled): the node's daemons, not a request of the script (s22)
    r"Task launch for \S+ failed on node \S+: (?:Communication connection failure|"
    r"Zero Bytes were transmitted or received)|"
    # slurmstepd's own plugins failing on the node (the per-job container, process tracking)
    r"slurmstepd: error: (?:container_[pg]_join|_is_a_lwp)\b|"
    r"\bNode \S+ (?:not responding|unexpectedly rebooted)")
#: A request of the script the scheduler refused: then the site's words are not the cause.
_REQUEST_ERROR = re.compile(
    r"(?i)Invalid (?:account|partition|qos|generic resource|node name|feature)|"
    r"Requested node configuration is not available|more processors than permitted|"
    r"Batch job submission failed|Unable to allocate resources: (?!Connection timed out)")
#: A library's own words that it failed inside itself (s22): it asks for a bug report, names
#: its own bug or internal error, or an assertion/check of its own source failed - MPICH's
#: "Assertion failed in file F at line N", a C assert() ("file:line: func: Assertion `x'
#: failed"), glog/Abseil's "file.cc:N] Check failed:". Read only on a line that is no warning
#: and names nothing of the launch (:data:`_LAUNCH_MESSAGE`, :data:`_GPU_WORDS`).
_SELF_REPORTED = re.compile(
    r"(?i)\bplease (?:report|file|submit|open) (?:(?:a|an|this|the) )?(?:bug|issue|"
    r"error|problem|crash|report)\b|\bplease report (?:this|it) (?:to|at|on|upstream)\b|"
    r"\b(?:this is|is) (?:(?:most |very )?likely |probably |almost certainly )?an? "
    r"(?:[\w-]+ ){0,2}bug\b|\bInternal (?:compiler )?error\b|INTERNAL ASSERT FAILED|"
    r"Assertion failed in file \S+ at line \d+|"
    r"\.(?:c|cc|cpp|cxx|h|hpp):\d+\]? ?\]? ?Check failed: |\bCHECK failed: |"
    r"\.(?:c|cc|cpp|cxx|h|hpp):\d+: [^\n]*Assertion [`'][^`'\n]+[`'] failed")
#: Lines that only warn: what a library warns of is not why the job failed.
_WARNING_LINE = re.compile(r"(?i)warn")
#: A signal that ended a process natively (an abort, a segmentation or bus fault), as MPI's
#: handlers, glog's failure handler or Python's faulthandler report it.
_NATIVE_SIGNAL = re.compile(
    r"(?i)exited on\s+signal (?:6|11|7) \((?:Aborted|Segmentation fault|Bus error)\)|"
    r"Signal: (?:Aborted|Segmentation fault|Bus error) \((?:6|11|7)\)|"
    r"\*\*\* SIG(?:ABRT|SEGV|BUS) \(@[^)]*\) received by PID|"
    r"Fatal Python error: (?:Aborted|Segmentation fault|Bus error)")
#: A backtrace frame (Open MPI's handler, glibc's backtrace, glog's) in a shared library.
_LIB_FRAME = re.compile(r"(?m)(?:^\[[\w.-]+:\d+\] \[ ?\d+\] |^\s*@\s+0x[0-9a-f]+ \S* ?)"
                        r"(\S*/)?(lib[\w+.-]*?\.so)[.\d]*\(")
#: Libraries whose frames say nothing of a library bug: the C runtime and loader, and the MPI,
#: PMI and fabric stack the launch wires (a crash there may be the launch's).
_RUNTIME_LIB = re.compile(
    r"^lib(?:c|pthread|dl|rt|m|gcc_s|stdc\+\+|c\+\+|ld-linux[\w-]*|mpi\w*|pmi\w*|pmix|"
    r"open-(?:rte|pal)|prrte|ucp|ucs|uct|fabric|psm\w*|cxi|ibverbs|mlx5|nccl|rccl|"
    r"mpich\w*|ccl|cuda|cudart)\.so$")
#: Python's faulthandler on an abort or a floating-point fault: the current thread's frames
#: follow, innermost first.
_FATAL_PYTHON = re.compile(r"Fatal Python error: (?:Aborted|Floating point exception)\s*\n"
                           r"(?:[^\n]*\n){0,40}?Current thread 0x[0-9a-f]+ \(most recent call "
                           r"first\):\n")
#: C++'s report of an exception no code caught: the library that threw it ended the process.
_TERMINATE = re.compile(r"terminate called after throwing an instance of '([^'\n]+)'"
                        r"(?:\s*\n\s*what\(\):\s*([^\n]*))?")
#: Lua raised inside the module system's own code (a modulefile, a hook, Lmod itself) - a
#: runtime error on a nil value, in Lua's own wording - rather than a module the script names.
_MODULE_CODE = re.compile(
    r"(?i)\battempt to (?:perform arithmetic on|index|call|concatenate|compare)\b[^\n]*"
    r"(?:\ba nil value\b|\bwith nil\b|\bnil with\b)")
#: The module system's reports that names of the script are unknown or conflict: the script's.
_MODULE_NAMES = re.compile(
    r"(?i)module\(s\) are\s+unknown|Unable to locate a modulefile|Cannot load module|"
    r"These module\(s\) or extension\(s\) exist but cannot be loaded|conflicts with")
#: Lines of the MPI or fabric stack's own error reports (an OFI/CXI poll, a UCX endpoint): an
#: errno they print (EIO) is the fabric's, not a file system's (s23).
_FABRIC_STACK_LINE = re.compile(r"(?i)\bMPIDI_OFI|\bOFI\b|\bofi_|\bcxi\b|\bfi_\w+\(|\bucp_|\bUCX\b|"
                                r"\bPMPI_|\bMPIR_|\bMPID_")
_FILESYSTEM = re.compile(
    r"(?i)Input/output error|\[Errno 5\]|Stale file handle|\[Errno 116\]|"
    r"Transport endpoint is not connected|\[Errno 107\]|"
    # a client evicted by its servers (Lustre: ESHUTDOWN), a file system needing repair (s22)
    r"Cannot send after transport endpoint shutdown|\[Errno 108\]|"
    r"Structure needs cleaning|\[Errno 117\]")
_NUMERIC = re.compile(
    r"(?i)\b(?:loss|grad\w*|norm|output|values?|logits?)\b[^\n]{0,40}?\b(?:is |are |became |"
    r"returned |detected |of )?(?:nan|inf|infinite|non-finite)\b|"
    r"\bnan (?:loss|values?|gradients?)\b|FloatingPointError|Invalid loss, terminating")
#: Messages about data, shapes and types: the program's data meeting its code.
_DATA_MESSAGE = re.compile(
    r"(?i)shape|size mismatch|sizes? of tensors|dimension|\bdims?\b|broadcast|dtype|"
    r"scalar type|Error\(s\) in loading state_dict|state_dict|must match|expected [^\n]{0,60}"
    r"\bgot\b|out of (?:range|bounds)|index \d+ is out|mat1 and mat2|not aligned|"
    r"cannot reshape|invalid literal|could not convert|unhashable|not subscriptable|"
    r"is not iterable|object has no attribute|takes \d+ positional|missing \d+ required|"
    r"NoneType|"
    # a call the installed library's API does not take: program and library disagree (s22)
    r"got an unexpected keyword argument|got multiple values for (?:keyword )?argument|"
    # autograd and in-place rules of the tensor library: what the program's own code does
    # with its tensors (the graph, their layout), never a launch setting
    r"does not require grad|grad_fn\b|must be contiguous|written-to tensor|"
    r"modified by an inplace operation|backward through the graph a second time|"
    r"leaf Variable that requires grad|"
    # two values of the program's data compared (s23): "Expected input batch_size (8) to match
    # target batch_size (9)"; a launch word in the message still vetoes (_LAUNCH_MESSAGE)
    r"\bexpected\b[^\n]{0,80}\bto (?:match|equal)\b|"
    # a framework's own validation that two of the program's objects or settings disagree
    r"\b(?:not consistent|inconsistent) with\b|\bdo(?:es)? not match\b|"
    # Python's own words for a value of the wrong type where the code uses it (s23): what the
    # program or a library does with its objects
    r"object does not support item (?:assignment|deletion)|object is not callable|"
    r"has no len\(\)|unsupported operand type|not supported between instances of|"
    r"can only concatenate")
_WORKER = re.compile(r"Caught (\w+) in DataLoader worker process \d+")
_SIGNAL = re.compile(r"(?i)\bSegmentation fault\b|\bBus error\b|Floating point exception|"
                     r"\bSIGSEGV\b|\bSIGBUS\b|\bSIGFPE\b|signal 11\b|signal 7\b|"
                     r"exit(?: code|code)\s*:?\s*(?:139|-11|135|-7)\b|"
                     # glibc's aborts on a corrupted heap or stack: native memory corruption -
                     # any of malloc's consistency checks ("<function>(): <what> corrupted /
                     # invalid / double free / unaligned ... chunk": s24), its heap lists, the stack
                     r"double free or corruption|"
                     r"\b(?:malloc|free|realloc|calloc|munmap_chunk|malloc_consolidate|_int_free|"
                     r"_int_malloc)\(\): [^\n]{0,60}?\b(?:corrupt\w*|invalid (?:pointer|size|"
                     r"next size|old size|chunk size)|double free|unaligned \w+ chunk|mismatching)|"
                     r"\bcorrupted (?:double-linked list|size vs\. prev_size)|"
                     r"\*\*\* stack smashing detected")
#: A CPU instruction the node's processor does not have (SIGILL): the program or a library was
#: built for a newer CPU (built on a login node, or for another partition's processors).
_CPU = re.compile(r"\bIllegal instruction\b(?! was encountered)|\bSIGILL\b|"
                  r"Signal: Illegal instruction \(4\)")
#: A data file that cannot be read as what it should be (an image, an archive, a pickle, a
#: safetensors checkpoint whose header is cut short or garbled).
_DATA_FILE = re.compile(
    r"(?i)cannot identify image file|image file is truncated|Truncated File Read|"
    r"SafetensorError: Error while deserializing header|"
    r"not a gzip file|CRC check failed|Ran out of input|UnpicklingError|"
    r"JSONDecodeError|Unexpected end of (?:file|data|JSON)|file is not a zip file|"
    r"Error -3 while decompressing|corrupt(?:ed)? (?:file|data|image|record)|"
    # a molecular-dynamics trajectory file whose frames are not there (cut short, not written)
    r"could not read (?:the )?header of (?:the )?first frame|"
    r"\b(?:TRR|XTC|DCD|TNG)\b[^\n]{0,40}\b(?:out of bounds|could not read|cannot read)\b")
#: Exceptions programs raise about their own data and code.
_PROGRAM_TYPES = frozenset({
    "KeyError", "IndexError", "AssertionError", "ZeroDivisionError", "NameError",
    "UnboundLocalError", "AttributeError", "TypeError", "ValueError", "RecursionError",
    "NotImplementedError", "StopIteration", "UnicodeDecodeError", "JSONDecodeError",
    "UnpicklingError", "UnidentifiedImageError", "RuntimeError", "IndexingError",
})
#: Of those, the ones that need a data-like message to count (they are raised for anything).
_NEEDS_DATA_MESSAGE = frozenset({"RuntimeError", "TypeError", "ValueError", "AttributeError"})
#: A message about ranks, GPUs or the build: the launch or its environment may be in play.
_LAUNCH_MESSAGE = re.compile(
    r"(?i)\b(?:rank|world[_ ]size|local[_ ]rank|num_replicas|device_count|nproc\w*|gpus?|"
    r"not compiled with|is_available|process group|distributed|backend|nccl|gloo|mpi|"
    r"master|port|hostfile|nodelist)\b|^module '|partially initialized module|"
    r"with base 10: ''$")
#: GPU runtime words: a RuntimeError that speaks of them is not read as a program error.
_GPU_WORDS = re.compile(r"(?i)\bcuda\b|\bnccl\b|cudnn|cublas|\bhip\b|\bdevice\b|\bgpu\b")


@dataclass(frozen=True)
class Reading:
    """A structural reading: the category, its record, and the lines that show it."""

    category: str
    record_id: str
    evidence: tuple[str, ...]


def _clean(text: str) -> str:
    """``text`` without a launcher's summary lines, each line cut at an inline log record."""
    lines = []
    for line in text.splitlines():
        cut = _INLINE_RECORD.search(line)
        line = line[:cut.start()] if cut else line
        if not SUMMARY_LINE.search(line) or _SIGNAL.search(line) or _CPU.search(line):
            lines.append(line)
    return "\n".join(lines)


def _line_of(text: str, match: re.Match[str]) -> str:
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    return text[start:end if end >= 0 else len(text)].strip()


def launch_symptom(text: str) -> bool:
    """Whether ``text`` (cleaned) speaks of the launch anywhere: then no structural reading."""
    return bool(LAUNCH_TEXT.search(text) or _SITE_LINE.search(text))


#: A launcher's summary that a worker failed (torch's spawn and elastic agents, subprocess):
#: the frames before it are the launcher's own, not those of the worker's exception (s23).
_SUMMARY_EXCEPTION = re.compile(
    r"(?m)^\s*(?:[\w.]+\.)?(?:ChildFailedError|ProcessRaisedException|ProcessExitedException|"
    r"CalledProcessError)\b|^-- Process \d+ terminated with the following error:")


def _worker_frames(text: str, at: int) -> list[str]:
    """The frames of the traceback of the exception at offset ``at``, less those of a
    launcher's summary of a failed worker printed before it (torch's spawn prints its own
    traceback, then the worker's exception)."""
    summaries = list(_SUMMARY_EXCEPTION.finditer(text, traceback_start(text, at), at))
    if summaries:
        return traceback_paths(text[summaries[-1].end():], at - summaries[-1].end())
    return traceback_paths(text, at)


def _library_assert(text: str, at: int, frames: list[str], message: str) -> Reading | None:
    """An ``assert`` statement of an installed library's own source that failed (s23): the
    innermost frame is a library's and the statement Python prints under it, like the message,
    names nothing of the launch, the GPUs or the environment (``assert len(indices) ==
    self.total_size`` in a sampler). A library's own check of its state or its input, never a
    launch setting; where the statement speaks of ranks, devices or the world size it is left
    to the records."""
    if not frames or not _LIBRARY_PATH.search(frames[-1]):
        return None
    sources = [f for f in read_frames(text, 0, at) if f.path == frames[-1] and f.whole
               and not (f.cut or f.faulthandler)]
    if not sources:
        return None
    statement = "" if sources[-1].spaced else sources[-1].source.strip()
    if not statement.startswith("assert ") or any(
            _LAUNCH_MESSAGE.search(part) or _GPU_WORDS.search(part) or _ENV_SYMPTOM.search(part)
            or "environ" in part for part in (statement, message)):
        return None
    line = _line_of(text, next(m for m in _EXCEPTION_LINE.finditer(text) if m.start() == at))
    return Reading("internal", CATEGORIES["internal"], (statement, line))


def _called_frames(frames: list[str]) -> list[str]:
    """The frames the failing call went through below the user's innermost frame (all of them
    when none is the user's): a launcher frame above the user's code (torch.multiprocessing's
    ``spawn._wrap``, elastic's ``record`` wrapper) only called the user's function and says
    nothing of the launch; one below it (``os.environ[...]``, ``init_process_group``) does."""
    user = [i for i, path in enumerate(frames) if not _LIBRARY_PATH.search(path)]
    return frames[user[-1] + 1:] if user else frames


def _launch_message(message: str) -> bool:
    """Whether the exception's message speaks of the launch (:data:`_LAUNCH_MESSAGE`); a
    module's missing attribute (``module 'X' has no attribute 'Y'``) only by its other words
    (s29: :func:`maple_flow.repair.code_exception.code_fault` judges the module)."""
    if MODULE_ATTRIBUTE.match(message):
        return bool(_LAUNCH_MESSAGE.search(message[len("module "):]))
    return bool(_LAUNCH_MESSAGE.search(message))


def _exception_reading(text: str, script: str | None = None) -> Reading | None:
    found = final_exception_at(text)
    if found is None:
        return None
    kind, message, at = found
    worker = _WORKER.search(message)
    if worker:  # the worker's exception is re-raised with this message; its type is the one
        kind = worker.group(1)
    if (kind not in _PROGRAM_TYPES or _ENV_SYMPTOM.search(message.strip("'\" "))
            or _launch_message(message) or path_is_none(message)):
        return None
    frames = _worker_frames(text, at)
    if any(LAUNCH_SETUP_FRAME.search(path) for path in _called_frames(frames)):
        return None
    if none_from_argument(text, at, message):  # an argument the launch line left out (s31not)
        return None
    if argv_index_missing(text, at, kind):  # a positional argument the launch left out (s38)
        return None
    line = _line_of(text, next(m for m in _EXCEPTION_LINE.finditer(text) if m.start() == at))
    data_message = bool(_DATA_MESSAGE.search(message))
    if MODULE_ATTRIBUTE.match(message):  # only the traceback's own reading (s29)
        data_message = False
    if kind in _NEEDS_DATA_MESSAGE and (not data_message or _GPU_WORDS.search(message)):
        fault = None if _GPU_WORDS.search(message) or worker else code_fault(
            text, at, kind, message, _LIBRARY_PATH, script)
        return Reading(fault[0], CATEGORIES[fault[0]], (fault[1], line)) if fault else None
    user_frames = [p for p in frames if not _LIBRARY_PATH.search(p)]
    innermost_user = bool(frames) and not _LIBRARY_PATH.search(frames[-1])
    in_data = bool(worker) or any(re.search(r"(?i)data|__getitem__|collate", p)
                                  for p in frames[-3:]) or "__getitem__" in text[
                                      max(0, at - 400):at]
    if kind == "KeyError" and not (worker or frames or data_message or message.strip("'\" ")
                                   .isdigit()):
        return None  # a bare key with nothing around it: the records decide
    if not (data_message or innermost_user or worker or (frames and user_frames)):
        return _library_assert(text, at, frames, message) if kind == "AssertionError" else None
    category = ("data" if (kind in ("KeyError", "IndexError") and in_data) or worker
                else "program" if innermost_user or data_message else "library")
    return Reading(category, CATEGORIES[category], (line,))


def _self_reported(text: str) -> Reading | None:
    """A library's own report of a failure inside itself, on a line that is no warning and
    names nothing of the launch."""
    for match in _SELF_REPORTED.finditer(text):
        line = _line_of(text, match)
        if not (_WARNING_LINE.search(line) or _LAUNCH_MESSAGE.search(line)
                or _GPU_WORDS.search(line)):
            return Reading("internal", CATEGORIES["internal"], (line,))
    return None


def _library_abort(text: str) -> Reading | None:
    """A native abort or fault with a backtrace frame of a library that is not the C runtime
    nor the launch's MPI/fabric stack, or C++'s uncaught exception of a library whose message
    names nothing of the launch or the GPU."""
    signal = _NATIVE_SIGNAL.search(text)
    if signal and any(not _RUNTIME_LIB.match(m.group(2)) for m in _LIB_FRAME.finditer(text)):
        return Reading("library", CATEGORIES["library"], (_line_of(text, signal),))
    fatal = _FATAL_PYTHON.search(text)
    if fatal:  # Python's faulthandler: the current thread's innermost frame is a library's
        frames = [f.path for f in read_frames(text[fatal.end():].split("\n\n")[0])
                  if f.faulthandler and not f.cut]
        if (frames and _LIBRARY_PATH.search(frames[0])
                and not any(LAUNCH_SETUP_FRAME.search(path) for path in frames)):
            return Reading("library", CATEGORIES["library"], (_line_of(text, fatal),))
    terminate = _TERMINATE.search(text)
    if terminate and not any(_LAUNCH_MESSAGE.search(part) or _GPU_WORDS.search(part)
                             for part in terminate.groups("")):
        return Reading("library", CATEGORIES["library"], (_line_of(text, terminate),))
    return None


#: Python's report that a file the code opened is not there, with the path it was given.
_MISSING_FILE = re.compile(
    r"(?:FileNotFoundError|Caught FileNotFoundError in DataLoader worker process \d+)"
    r"[^\n]*?\[Errno 2\] No such file or directory: '(?P<path>[^'\n]+)'")
#: Paths of the scheduler, the system or the software: what the launch sets up or runs.
_SYSTEM_PATH = re.compile(
    r"^/(?:dev|proc|sys|etc|usr|bin|sbin|lib\w*|opt|var/spool|var/lib|var/run|run)(?:/|$)|"
    r"/(?:slurmd?|pbs|torque|lsf)\b|slurm_script|/job\d+/|"
    r"\.(?:so(?:\.[\d.]+)?|sh|bash|py|pyc|sif|img|sqsh|lua|modulefile)$|/bin/[^/]+$|"
    r"/(?:site|dist)-packages/|/conda/|/\.?venv/|/envs/")
#: Directory names too common to tie a path to the script (the roots of home and work areas).
_COMMON_SEGMENT = frozenset({
    "home", "work", "scratch", "data", "users", "user", "mnt", "tmp", "global", "gpfs", "lus",
    "lustre", "fs", "nfs", "projects", "project", "group", "groups", "shared", "storage",
    "local", "dataset", "datasets", "cache", "output", "outputs", "models", "model", "media",
    "workspace", "hpc", "scratch1", "scratch2", "p", "u", "...",
})


def _names_path(script: str, path: str) -> bool:
    """Whether the job script names ``path``, its file or any directory of it that is not a
    common root (``/work/u/proj/data/x.npy``: ``proj``, ``x.npy``): then the script may have
    given the program that path (an argument, a variable, a cd)."""
    segments = [seg for seg in path.strip("/").split("/") if seg]
    for seg in segments:
        if len(seg) < 3 or seg.lower() in _COMMON_SEGMENT:
            continue
        if re.search(rf"(?<![\w.-]){re.escape(seg)}(?![\w-])", script):
            return True
    return False


def _missing_program_file(text: str, script: str | None) -> Reading | None:
    """A file the program itself opens that is not there (s23): Python's FileNotFoundError is
    the final exception, for an absolute path outside the system, the scheduler's spool, the
    software and the program's own code, that the job script names nowhere (nor any of its own
    directories); and nothing else in the log speaks of the launch. The program's data, cache,
    index or output files - its data preparation, its configuration or its own synchronisation
    -, not a path the launch gave it. Not read without the script (it cannot be checked)."""
    if script is None:
        return None
    found = final_exception_at(text)
    if found is None or found[0] != "FileNotFoundError":
        return None
    missing = _MISSING_FILE.search(text[found[2]:])
    if missing is None:
        return None
    path = missing.group("path")
    if not path.startswith("/") or _SYSTEM_PATH.search(path) or _names_path(script, path):
        return None
    rest = "\n".join(ln for ln in text.splitlines() if path not in ln)
    if launch_symptom(rest):
        return None
    return Reading("datapath", CATEGORIES["datapath"], (_line_of(text, missing),))


#: A file whose own structure says it was cut short, as its format's reader reports it (s24):
#: HDF5's superblock records a larger end of file than the file has (``truncated file: eof =
#: A, sblock->base_addr = 0, stored_eof = B``, A < B); a zip archive (a PyTorch checkpoint)
#: without its end record; a gzip, bz2 or tar stream that ends early. A file that is whole but
#: the wrong one reads otherwise (another format's error, a missing key): not here; nor pickle
#: data cut short (a worker's pipe, killed mid-transfer, reads the same: the launch veto decides).
_DAMAGED_FILE = re.compile(
    r"(?i)\btruncated file:? eof = (?P<eof>\d+)\b[^\n]{0,80}?\bstored_eo[fa] = (?P<stored>\d+)|"
    r"PytorchStreamReader failed reading zip archive: failed finding central directory|"
    r"Compressed file ended before the end-of-stream marker was reached|"
    r"\bReadError: unexpected end of data\b")


def _damaged_file(text: str) -> Reading | None:
    """A file the job reads whose own structure says it was cut short (:data:`_DAMAGED_FILE`):
    a download, copy or save that did not complete (a time limit, a full disk or quota, an
    interrupted transfer). No launch setting shortens a file on disk, so the launch words of
    the log do not veto it; where the path the script gave is the wrong file, the reader would
    report another error."""
    for match in _DAMAGED_FILE.finditer(text):
        if match.group("eof") is not None and int(match.group("eof")) >= int(
                match.group("stored")):
            continue  # not shorter than its header says: not shown to be cut short
        return Reading("damaged", CATEGORIES["damaged"], (_line_of(text, match),))
    return None


#: A collective's own report that ranks stopped joining it: a wait that timed out (gloo's send
#: or receive, NCCL's watchdog), Horovod's stalled ops, a peer that went away (gloo's pair, NCCL's
#: remote error). At the start of a job these are the launch's (addresses, interfaces, ranks).
_COLLECTIVE_STALL = re.compile(
    r"Timed out waiting \d+ ?ms for (?:send|recv|receive) operation to complete|"
    r"submitted to be reduced, gathered or broadcasted by subset of ranks|"
    r"Watchdog caught collective operation timeout|"
    r"gloo/transport/tcp/pair\.cc:\d+\] (?:Connection closed by peer|Read error [^\n]*"
    r"Connection reset by peer)|"
    r"remote process exited or there was a network error")
#: A record of the training loop's progress: an epoch, iteration, step or batch counter, or a
#: progress bar's count (``1027/1252 [36:43<...``). A scheduler's step id (``STEP 4405.0``) is not.
_PROGRESS = re.compile(
    r"(?i)\b(?P<unit>epoch|ep|iter(?:ation)?|step|global_step|batch)\b\s*[#:=]?\s*(?P<n>\d+)"
    r"(?![.\d])|\b(?P<bar>\d+)/\d+ \[\d")
#: Least counts that show the loop ran: two epochs, or a hundred steps, iterations or batches.
_LEAST_EPOCHS, _LEAST_STEPS = 2, 100
#: Least counts for a log that reports no failure at all (s34): a long run, three epochs or a
#: thousand steps - a short quiet log says nothing (tests/test_debug_classify.py).
_QUIET_EPOCHS, _QUIET_STEPS = 3, 1000
#: Words of a training loop on a progress bar's line: a bare bar may count anything (bytes read,
#: samples mapped in data preparation before the first collective).
_TRAINING_WORDS = re.compile(r"(?i)\b(?:epoch|loss|train\w*|step)\b")
#: The sequence number NCCL gives the collective that timed out: a small one says the job
#: failed at its first collectives, whatever progress bars came before (data preparation).
_SEQUENCE = re.compile(r"\bSeqNum=(\d+)")
#: Settings of a collective's timeout or error handling, in the log or the job script: with
#: them, a timeout may be the setting's (an export that makes waiting ranks give up).
_TIMEOUT_SETTINGS = re.compile(
    r"\b(?:NCCL_BLOCKING_WAIT|NCCL_ASYNC_ERROR_HANDLING|TORCH_NCCL_\w+|NCCL_TIMEOUT\w*|"
    r"HOROVOD_STALL_\w+|GLOO_\w*TIMEOUT\w*|\w*_TIMEOUT_(?:SEC|MS)\w*)\b|--\w*timeout\w*")
#: Reports that the job or a rank was killed or cancelled (a limit, memory, preemption): then a
#: peer's stall follows from that kill, which a request of the script may have caused.
_KILLED = re.compile(
    r"(?i)CANCELLED|DUE TO TIME LIMIT|PREEMPT|oom[-_ ]?kill|Out Of Memory|OutOfMemory|"
    r"\bKilled\b|SIGKILL|signal 9\b|exit(?:code| code)?:? ?(?:137|-9)\b|walltime")


def _progressed(text: str, before: int, epochs: int = _LEAST_EPOCHS,
                steps: int = _LEAST_STEPS) -> str | None:
    """The last line before offset ``before`` that shows the training loop ran (``epochs``
    epochs or ``steps`` steps, iterations or batches: two and a hundred by default), or None."""
    shown = None
    for match in _PROGRESS.finditer(text, 0, before):
        if match.group("bar") is not None:
            if not _TRAINING_WORDS.search(_line_of(text, match)):
                continue  # a bar of something else than the training loop
            count, least = int(match.group("bar")), steps
        else:
            count = int(match.group("n"))
            least = epochs if match.group("unit").lower() in ("epoch", "ep") else steps
        if count >= least:
            shown = _line_of(text, match)
    return shown


def _stall_after_progress(text: str, script: str | None) -> Reading | None:
    """A collective's own report that ranks stopped joining it (:data:`_COLLECTIVE_STALL`) after
    the log shows the training loop ran (:func:`_progressed`): the launch, the addresses and the
    transport worked for that long, so a rank fell behind (uneven data, an exception or a stall
    on one rank, a slow or faulty node or link). Not read where the log or the script names a
    collective's timeout or error-handling setting, the log shows a kill (a limit, memory,
    preemption), a scheduler's or launcher's error line, or a hard launch word, nor where NCCL
    numbers the collective that timed out below a hundred (the job had just begun)."""
    stall = _COLLECTIVE_STALL.search(text)
    if stall is None or any(int(n) < _LEAST_STEPS for n in _SEQUENCE.findall(text)):
        return None  # no stall, or the collectives' own count says the job had just begun
    progress = _progressed(text, stall.start())
    if progress is None or any(
            pattern.search(text) for pattern in (_TIMEOUT_SETTINGS, _KILLED, _HARD_LAUNCH,
                                                 _SITE_LINE, _FABRIC_SETTINGS)):
        return None
    if script is not None and _TIMEOUT_SETTINGS.search(script):
        return None
    return Reading("stall", CATEGORIES["stall"], (progress, _line_of(text, stall)))


def _broken_package(text: str) -> Reading | None:
    """An installed package's own import failing inside the installation
    (:func:`maple_flow.repair.package_import.broken_installation`), where nothing but that
    traceback speaks of the launch."""
    line = broken_installation(text)
    found = final_import_error(text)
    if not line or found is None or launch_symptom(traceback_removed(text, found[1])):
        return None
    return Reading("package", CATEGORIES["package"], (line,))


def _application_input(text: str, script: str | None) -> Reading | None:
    """An application's own report, in its own frame, that its input is wrong
    (:func:`maple_flow.repair.app_input.input_error`: GROMACS, Quantum ESPRESSO, OpenFOAM,
    LAMMPS, a Fortran read), where nothing but that report speaks of the launch (s30)."""
    report = input_error(text, script)
    if report is None or launch_symptom(report_removed(text, script)):
        return None
    return Reading("appinput", CATEGORIES["appinput"], report.lines)


def read(text: str, script: str | None = None) -> Reading | None:
    """The structural reading of a failure log, or None when it is not strong or the log
    speaks of the launch (:func:`launch_symptom`). ``script`` (the job script, when known)
    lets a missing file be read as the program's own (:func:`_missing_program_file`)."""
    raw, text = text, _clean(text)
    hardware = _HARDWARE.search(text)
    if hardware:  # the GPU's own report of a fault: whatever else the log says
        return Reading("hardware", CATEGORIES["hardware"], (_line_of(text, hardware),))
    node_hardware = _NODE_HARDWARE.search(text)
    if node_hardware:  # the node's CPU or memory reported a machine check
        return Reading("nodehw", CATEGORIES["nodehw"], (_line_of(text, node_hardware),))
    gpu_node = _GPU_NODE.search(text)
    if gpu_node:  # the node's NVSwitch fabric is not set up: whatever else the log says
        return Reading("gpunode", CATEGORIES["gpunode"], (_line_of(text, gpu_node),))
    module_code = _MODULE_CODE.search(text)
    if module_code and not _MODULE_NAMES.search(text):  # the module tree's own code failed
        return Reading("modulecode", CATEGORIES["modulecode"], (_line_of(text, module_code),))
    kernel = _KERNEL.search(text)
    if kernel and not _HARD_LAUNCH.search(text):
        return Reading("kernel", CATEGORIES["kernel"], (_line_of(text, kernel),))
    site = _SITE_FAULT.search(text)
    if site and not _REQUEST_ERROR.search(text):  # the scheduler's own machinery failed
        return Reading("site", CATEGORIES["site"], (_line_of(text, site),))
    lost = node_lost(text, _progressed, _KILLED)
    if lost is not None and not _REQUEST_ERROR.search(text):  # a node of the job lost (s34)
        return Reading("nodelost", CATEGORIES["nodelost"], lost)
    fabric = _FABRIC.search(text)
    if fabric and not (_HARD_LAUNCH.search(text) or _FABRIC_SETTINGS.search(text)):
        return Reading("fabric", CATEGORIES["fabric"], (_line_of(text, fabric),))
    missing = _missing_program_file(text, script)
    if missing is not None:  # a file of the program's own that is not there
        return missing
    for reading_of in (_damaged_file, lambda log: _stall_after_progress(log, script)):
        reading = reading_of(text)  # a file cut short; ranks falling behind after many steps
        if reading is not None:
            return reading
    package = _broken_package(text)
    if package is not None:  # an installed package failed inside itself on import (s29)
        return package
    application = _application_input(text, script)
    if application is not None:  # an application's own report that its input is wrong (s30)
        return application
    text = without_collateral_cancel(text, _SIGNAL)  # srun ending the step after a crash (s34)
    if not text.strip() or launch_symptom(text):
        return None
    filesystem = next((m for m in _FILESYSTEM.finditer(text)
                       if not _FABRIC_STACK_LINE.search(_line_of(text, m))), None)
    if filesystem:
        return Reading("filesystem", CATEGORIES["filesystem"], (_line_of(text, filesystem),))
    numeric = _NUMERIC.search(text)
    if numeric:
        return Reading("numeric", CATEGORIES["numeric"], (_line_of(text, numeric),))
    broken_rule = interpreter_fault(text)
    if broken_rule is not None:  # CPython's own words about the program's objects (s38)
        return Reading("interpreter", CATEGORIES["interpreter"], broken_rule)
    untraced = compile_trace_failed(text)
    if untraced is not None:  # torch.compile could not trace the program's code (s38)
        return Reading("compiletrace", CATEGORIES["compiletrace"], untraced)
    reading = _exception_reading(text, script)
    if reading is not None:
        return reading
    for reading_of in (_self_reported, _library_abort):  # a library failed inside itself
        reading = reading_of(text)
        if reading is not None:
            return reading
    asserted = failed_assert(text, _LAUNCH_MESSAGE, _GPU_WORDS, script)
    if asserted is not None:  # the log ends in an assert of code's own state (s31not)
        return Reading("internal", CATEGORIES["internal"], asserted)
    at_source = assertion_at_source(
        text, lambda line: bool(_LAUNCH_MESSAGE.search(line) or _GPU_WORDS.search(line)))
    if at_source is not None:  # a library's assertion at a line of its C source (s34)
        return Reading("internal", CATEGORIES["internal"], at_source)
    checked = fortran_runtime_check(text)
    if checked is not None:  # a runtime check of the program's own Fortran code failed (s34)
        return Reading("fcheck", CATEGORIES["fcheck"], checked)
    built = build_error(text, script)
    if built is not None:  # the user's own source does not compile (s34)
        return Reading("build", CATEGORIES["build"], built)
    not_implemented = library_not_implemented(text, script)
    if not_implemented is not None:  # a library's API missing at its installed release (s37)
        return Reading("libnotimpl", CATEGORIES["libnotimpl"], not_implemented)
    alone = exception_alone(text, script, _LAUNCH_MESSAGE, _GPU_WORDS, _DATA_MESSAGE)
    if alone is not None:  # the program's own exception shown alone (s34)
        return Reading("alone", CATEGORIES["alone"], alone)
    data_file = _DATA_FILE.search(text)
    if data_file:
        return Reading("data", CATEGORIES["data"], (_line_of(text, data_file),))
    cpu = _CPU.search(text)
    if cpu:  # an instruction this node's CPU lacks: how the program was built, not the launch
        return Reading("cpu", CATEGORIES["cpu"], (_line_of(text, cpu),))
    signal = _SIGNAL.search(text)
    if signal:  # a native crash, and nothing in the log speaks of the launch
        return Reading("library", CATEGORIES["library"], (_line_of(text, signal),))
    stopped = stopped_after_progress(
        raw, lambda log, at: _progressed(log, at, _QUIET_EPOCHS, _QUIET_STEPS))
    if stopped is not None:  # many good steps and no failure reported at all (s34)
        return Reading("stopped", CATEGORIES["stopped"], stopped)
    return None
