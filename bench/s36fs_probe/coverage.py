# ruff: noqa: E501  (fixture lines are the libraries' messages quoted whole)
"""Coverage table: FS/OS errno fixture lines through diagnose_log (one base script)."""
import sys
from pathlib import Path

sys.path.insert(0, '.')
from maple_flow.cli.repair import diagnose_log

SCRIPT = Path('bench/reallogs28/scripts/srun_torchrun.sh').read_text()
FIX = {
 'enospc-py': "OSError: [Errno 28] No space left on device",
 'enospc-torchsave': "  File \"/site-packages/torch/serialization.py\", line 652, in save\nRuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 2432 vs 2320\nOSError: [Errno 28] No space left on device",
 'enospc-tmp-pip': "ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device",
 'enospc-cuda-jit': "/tmp/tmpabc/main.c:1: fatal error: error writing to /tmp/ccXYZ.s: No space left on device",
 'enospc-shm-nccl': "misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-UbzKZ9 to 9637892 bytes\nmisc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-UbzKZ9 (size 9637888)",
 'enospc-shm-nccl2': "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\nError while creating shared memory segment /dev/shm/nccl-cjY8K5 (size 10617216), error: No space left on device (28)",
 'shm-dataloader': "RuntimeError: unable to write to file </torch_18692_1954506624_0>: No space left on device (28)",
 'shm-dataloader2': "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
 'shm-allocate': "RuntimeError: unable to allocate shared memory(shm) for file </torch_2145_3014474830_0>: Resource temporarily unavailable (11)",
 'shm-mmap': "RuntimeError: unable to mmap 1024 bytes from file </torch_2318_0>: Cannot allocate memory (12)",
 'edquot-py': "OSError: [Errno 122] Disk quota exceeded",
 'edquot-write': "cp: error writing '/home/u/ckpt/model.pt': Disk quota exceeded",
 'edquot-lustre': "LustreError: 12345:0:(osc_cache.c:2587:osc_queue_async_io()) Disk quota exceeded",
 'emfile-py': "OSError: [Errno 24] Too many open files: '/tmp/pymp-abc'",
 'emfile-dl': "RuntimeError: Too many open files. Communication with the workers is no longer possible. Please increase the limit using `ulimit -n` in the shell or change the sharing strategy by calling `torch.multiprocessing.set_sharing_strategy('file_system')` at the beginning of your code",
 'enfile': "OSError: [Errno 23] Too many open files in system",
 'estale': "OSError: [Errno 116] Stale file handle",
 'erofs': "OSError: [Errno 30] Read-only file system: '/home/u/.cache/huggingface'",
 'eacces-scratch': "PermissionError: [Errno 13] Permission denied: '/scratch/project/ckpt'",
 'eacces-cache': "PermissionError: [Errno 13] Permission denied: '/home/u/.cache/torch/kernels'",
 'eperm': "OSError: [Errno 1] Operation not permitted: '/lustre/proj/shared/out'",
 'enoent-scratchvar': "FileNotFoundError: [Errno 2] No such file or directory: '/ckpt/run1'",
 'enoent-mkdir': "mkdir: cannot create directory '/checkpoints': Permission denied",
 'eio': "OSError: [Errno 5] Input/output error: '/lus/grand/projects/x/data.h5'",
 'eremoteio': "OSError: [Errno 121] Remote I/O error: '/home/users/x/.conda/envs/e/lib/python3.11/site-packages/scipy'",
 'enomem-fork': "OSError: [Errno 12] Cannot allocate memory\n  File \"/usr/lib/python3.10/subprocess.py\", line 1796, in _execute_child\n    self.pid = _posixsubprocess.fork_exec(",
 'fork-eagain': "bash: fork: retry: Resource temporarily unavailable",
 'e2big': "/bin/bash: /usr/bin/srun: Argument list too long",
 'e2big-py': "OSError: [Errno 7] Argument list too long: 'nvcc'",
 'busy': "OSError: [Errno 26] Text file busy: '/home/u/venv/bin/python'",
 'enotconn': "OSError: [Errno 107] Transport endpoint is not connected: '/gpfs/data'",
 'enolck': "OSError: [Errno 37] No locks available",
 'lustre-evict': "LustreError: 11-0: scratch-MDT0000-mdc-ffff: operation mds_reint to node 10.0.0.1@o2ib failed: rc = -107\nLustreError: 167-0: scratch-MDT0000-mdc-ffff: This client was evicted by scratch-MDT0000; in progress operations using this service will fail.",
 'lustre-ost-full': "LustreError: 3021:0:(lov_ea.c:293:lsm_unpackmd_comp_md_v1()) scratch-OST0012: not available for connect from 10.1.1.3@o2ib (no target)",
 'gpfs-unmounted': "mmfs: [E] The file system gpfs0 has been unmounted abnormally; error 5\nls: cannot access '/gpfs/projects': Stale file handle",
 'nfs-not-responding': "nfs: server nfs01 not responding, still trying",
 'hdf5-lock': "OSError: Unable to open file (unable to lock file, errno = 37, error message = 'No locks available')",
 'hf-datasets-space': "OSError: Not enough disk space. Needed: 1.52 GiB (download: 1.52 GiB, generated: Unknown size, post-processed: Unknown size)",
 'home-not-exist': "mkdir: cannot create directory '/home/allie': Permission denied",
 'triton-cache': "PermissionError: [Errno 13] Permission denied: '/home/u/.triton'",
 'ckpt-inline-container': "RuntimeError: [enforce fail at inline_container.cc:764] . PytorchStreamWriter failed writing file data/21: file write failed",
 'sbatch-output-dir': "slurmstepd: error: couldn't chdir to `/scratch/u/run': No such file or directory: going to /tmp instead",
 'fs-full-write-iostream': "terminate called after throwing an instance of 'std::ios_base::failure[abi:cxx11]'\n  what():  basic_ios::clear: iostream error",
}
rows = []
for k, log in FIX.items():
    d = diagnose_log(SCRIPT, log + "\n", sys.argv[1] if len(sys.argv) > 1 else 'perlmutter', None, False)
    diags = [f"{x['record_id']}/{x['method'][:3]}/{x.get('verdict','-')}" for x in d.get('diagnoses', [])][:2]
    p = d.get('proposed')
    rows.append((k, d.get('verdict'), p['record_id'] if p else '-', diags))
    print(f"{k:22} {d.get('verdict')!s:10} fix={p['record_id'] if p else '-':30} {diags}")
