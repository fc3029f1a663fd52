# ruff: noqa: E501  (the cases are data: one excerpt, one description a line)
"""Write cases.yaml of the s20repair11held probe and cache each excerpt (run once, before any run).

Each excerpt is the error text a user posted in the public thread of `source`, read with the
search tool (corpus issues) on 2026-11-27, checked against bench/ (sealed sets excluded),
templates/failures/ and /work/wt/claimed_threads.txt (none cited), and claimed as
s20repair11held. The classes are those behind bench/reallogs11's held-out failures (MPICH
internal assertions, a spooled batch script missing on the node, pyxis' seccomp filter, a named
pyxis container that does not outlive its job, Lightning ranks started twice, Singularity's
sandbox extraction under /tmp, Ray workers that cannot register, NCCL invalid usage). The split
is fixed here by sha256(id) parity: even -> tune, odd -> heldout.

    /work/main/.venv/bin/python bench/s20repair11held_probe/make_cases.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CACHE = Path("/work/cache/s20repair11held")

CASES: list[dict] = [
    # ============================================================ MPICH internal assertions (not the script)
    dict(id="mpich6862-finalize-ch3-request-assert", kind="not_script",
         source="https://github.com/pmodels/mpich/issues/6862",
         what="an internal MPICH assertion in MPI_Finalize after an MPICH upgrade (the legacy program leaves sends unmatched) - the MPI library / program, not the job script; assumed shape - an srun MPI job, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh",
         replace=[["module load cray-mpich", "module load mpich"]],
         log="Assertion failed in file src/mpid/ch3/src/ch3u_request.c at line 481: dtp_ != NULL\n/usr/lib64/mpich/lib/libmpi.so.12(+0x2e6d44) [0x4000374b6d44]\n/usr/lib64/mpich/lib/libmpi.so.12(+0x224ac8) [0x4000373f4ac8]\n/usr/lib64/mpich/lib/libmpi.so.12(+0x27cea4) [0x40003744cea4]\n/usr/lib64/mpich/lib/libmpi.so.12(PMPI_Finalize+0x1c) [0x4000372aa784]\n",
         expect={}),
    dict(id="mpich6854-contextid-assert-idup", kind="not_script",
         source="https://github.com/pmodels/mpich/issues/6854",
         what="an occasional internal MPICH assertion in context-id allocation under MPI_Comm_idup - an MPICH bug reported to its developers, not the job script; assumed shape - one node, 4 ranks with mpiexec, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=4"], ["module load cray-mpich", "module load mpich"], ["srun --cpu-bind=cores ./solver input.dat", "mpiexec -n 4 ./idup_nb"]],
         log="Assertion failed in file src/mpi/comm/contextid.c at line 239: mask[idx] & (1U << bitpos)\n../middlewares/mpich_mpichtest/lib/libmpi.so.12(+0x541a76) [0x7f956021da76]\n../middlewares/mpich_mpichtest/lib/libmpi.so.12(+0x44f884) [0x7f956012b884]\n../mpich_mpichtest/lib/libmpi.so.12(MPI_Comm_idup+0x212) [0x7f955fd7f822]\n./idup_nb() [0x40264b]\n/lib64/libpthread.so.0(+0x81cf) [0x7f95628071cf]\n/lib64/libc.so.6(clone+0x43) [0x7f955f94fe73]\nAbort(1) on node 1: Internal error\n",
         expect={}),
    dict(id="mpich7522-ofi-init-assert-comm-dup", kind="not_script",
         source="https://github.com/pmodels/mpich/issues/7522",
         what="an internal assertion of MPICH's ch4:ofi netmod under MPI_Comm_dup, a regression of an MPICH change - the library, not the job script; assumed shape - an Aurora PBS job with mpiexec, diagnosed as on Aurora",
         cluster="aurora", script="pbs_aurora_mpiexec.sh",
         log="Assertion failed in file src/mpid/ch4/netmod/ofi/ofi_init.c at line 884: 0\n/usr/local/lib/libmpi_abi.so.0(MPI_Comm_dup+0x61) [0x7fc630d79cc7]\nAbort(1) on node 1: Internal error\n/usr/local/lib/libmpi_abi.so.0(MPI_Comm_dup+0x61) [0x7fe530779cc7]\nAbort(1) on node 0: Internal error\n",
         expect={}),
    dict(id="mpi4py30-op-commutative-assert", kind="not_script",
         source="https://github.com/mpi4py/mpi4py/issues/30",
         what="an internal MPICH assertion in MPI_Op_commutative after an MPICH update (a library regression) - not the job script; assumed shape - an srun MPI job running Python, diagnosed as on Delta",
         cluster="delta", script="srun_mpi_app.sh",
         replace=[["module load cray-mpich", "module load mpich"], ["srun --cpu-bind=cores ./solver input.dat", "srun --cpu-bind=cores python test/runtests.py"]],
         log="testIsCommutative (test_op.TestOp) ... Assertion failed in file src/mpi/coll/op/op_commutative.c at line 98: ((op)&(0x000000ff)) < MPIR_OP_N_BUILTIN\n/usr/lib64/mpich/lib/libmpi.so.12(MPL_backtrace_show+0x39) [0x7fcae6409639]\n/usr/lib64/mpich/lib/libmpi.so.12(MPI_Op_commutative+0x4db) [0x7fcae6265b8b]\n",
         expect={}),
    dict(id="mpich649-socksm-assert-etc-hosts", kind="not_script",
         source="https://github.com/pmodels/mpich/issues/649",
         what="an MPICH (nemesis socket) internal assertion whose real cause was a wrong /etc/hosts on the compute node - a node configuration matter, not the job script; assumed shape - 2 nodes, one rank each, mpiexec, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=2"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=1"], ["module load cray-mpich", "module load mpich"], ["srun --cpu-bind=cores ./solver input.dat", "mpiexec -n 2 ./mpptest"]],
         log="Process 0 of 2 is on servernode\nProcess 1 of 2 is on computenode\nAssertion failed in file socksm.c at line 1663: (it_plfd->revents & 0x008) == 0\ninternal ABORT - process 0\nrank 0 in job 2  servernode_54275   caused collective abort of all ranks\n   exit status of rank 0: return code 1\n",
         expect={}),
    # ============================================================ the spooled batch script missing on the node
    dict(id="arjuna21-slurm-script-missing-gpu-node", kind="not_script",
         source="https://github.com/ArjunaCluster/ArjunaUsers/issues/21",
         what="slurmstepd cannot find the spooled batch script on the node (the admins: an NFS issue, fixed on the node) - not the job script; assumed shape - one Python task on one GPU via srun, diagnosed as on Anvil",
         cluster="anvil", script="srun_python.sh",
         replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"], ["srun python -u train.py --batch-size 256 --epochs 32", "srun python -u train.py"]],
         log="slurmstepd: error: execve(): /tmp/slurmd/job2997814/slurm_script: No such file or directory\n",
         expect={}),
    # ============================================================ pyxis' seccomp filter (node kernel)
    dict(id="pyxis6-seccomp-filter-failed", kind="not_script",
         source="https://github.com/NVIDIA/pyxis/issues/6",
         what="pyxis cannot install its seccomp filter on the node (kernel / distribution support) - for the admins, not the job script; assumed shape - one pyxis srun task, diagnosed as on Delta",
         cluster="delta", script="srun_pyxis.sh",
         replace=[["#SBATCH --ntasks-per-node=8", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=8", "#SBATCH --gpus-per-node=1"]],
         log='slurmstepd: pyxis: running "enroot import" ...\nslurmstepd: pyxis: running "enroot create" ...\nslurmstepd: pyxis: running "enroot start" ...\nslurmstepd: error: pyxis: seccomp filter failed\nslurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1\nslurmstepd: error: Failed to invoke spank plugin stack\nsrun: error: em-node0: task 0: Exited with exit code 1\n',
         expect={}),
    dict(id="pyxis17-seccomp-filter-einval", kind="not_script",
         source="https://github.com/NVIDIA/pyxis/issues/17",
         what="pyxis' seccomp filter flag is not supported by the node's kernel (fixed in pyxis) - the node / plugin, not the job script; assumed shape - one pyxis srun task, diagnosed as on DeltaAI",
         cluster="deltaai", script="srun_pyxis.sh",
         replace=[["#SBATCH --ntasks-per-node=8", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=8", "#SBATCH --gpus-per-node=1"]],
         log="slurmstepd: task_p_pre_launch: Using sched_affinity for tasks\nslurmstepd: error: pyxis: seccomp filter failed: Invalid argument:22\n",
         expect={}),
    # ============================================================ a named pyxis container the job cannot see
    dict(id="pyxis172-named-container-from-login-node", kind="script",
         source="https://github.com/NVIDIA/pyxis/issues/172",
         what="the step names a container created with enroot on the login node and gives no --container-image; the compute node's job has no such container, so the launch must pass the image (the .sqsh) with --container-image - a launch-script fix; assumed shape - one pyxis srun task, diagnosed as on Delta",
         cluster="delta", script="srun_pyxis.sh",
         replace=[["#SBATCH --ntasks-per-node=8", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=8", "#SBATCH --gpus-per-node=1"], ["CONT=nvcr.io#nvidia/pytorch:24.01-py3\n", ""], ['srun --container-image="$CONT" --container-mounts="$PWD":/workspace python /workspace/train.py', 'srun --container-name=nemo-25.07.gpt_oss --container-mounts="$PWD":/workspace python /workspace/train.py']],
         log='error: pyxis: error: a container with name "pyxis_nemo-25.07.gpt_oss" does not exist, and --container-image is not set\n',
         # s38relabel: the container was made with enroot on the login node; the image (.sqsh) it came from is in neither log nor script: asks the container image
         expect={'families': ['containers'], 'ask': True, 'ask_for': ['container_image', 'image']}),
    # ============================================================ Lightning ranks started twice
    dict(id="pl4389-one-task-per-node-duplicate-ranks", kind="script",
         source="https://github.com/Lightning-AI/pytorch-lightning/issues/4389",
         what="srun starts one task per node while the Trainer asks for 4 GPUs on 2 nodes, so Lightning spawns its own processes and both nodes claim the same global ranks; with --ntasks-per-node=4 (one task per GPU) the ranks are right - a launch-script fix; assumed shape - 2 nodes x 4 GPUs, diagnosed as on Delta",
         cluster="delta", script="lightning_srun.sh",
         replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"]],
         log="GPU available: True, used: True\nTPU available: False, using: 0 TPU cores\nLOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\nGPU available: True, used: True\nTPU available: False, using: 0 TPU cores\nLOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\nLOCAL_RANK: 1 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\ninitializing ddp: GLOBAL_RANK: 1, MEMBER: 2/8\nLOCAL_RANK: 1 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\ninitializing ddp: GLOBAL_RANK: 1, MEMBER: 2/8\nLOCAL_RANK: 2 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\ninitializing ddp: GLOBAL_RANK: 2, MEMBER: 3/8\nLOCAL_RANK: 2 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\ninitializing ddp: GLOBAL_RANK: 2, MEMBER: 3/8\nLOCAL_RANK: 3 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\ninitializing ddp: GLOBAL_RANK: 3, MEMBER: 4/8\nLOCAL_RANK: 3 - CUDA_VISIBLE_DEVICES: [0,1,2,3]\ninitializing ddp: GLOBAL_RANK: 3, MEMBER: 4/8\ninitializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8\ninitializing ddp: GLOBAL_RANK: 0, MEMBER: 1/8\n",
         expect={"families": ["launcher", "resources"], "fix": r"(?m)^\+#SBATCH --ntasks-per-node=4"}),
    # ============================================================ Singularity sandbox extraction under /tmp
    dict(id="ctatmut93-singularity-sandbox-tmp-full", kind="script",
         source="https://github.com/TrinityCTAT/ctat-mutations/issues/93",
         what="singularity converts the SIF to a temporary sandbox under /tmp, which is too small; the fix (the answer: the temporary-folders page, then it works) is to point SINGULARITY_TMPDIR / APPTAINER_TMPDIR at a large directory in the job script; assumed shape - one singularity exec per node under srun, diagnosed as on Delta",
         cluster="delta", script="apptainer_srun_torchrun.sh",
         replace=[["module load apptainer", "module load singularity"], ["srun apptainer exec --nv --bind /scratch pytorch_24.04.sif \\", "srun singularity exec --nv --bind /scratch ctat_mutations.v3.0.1.simg \\"]],
         log="INFO:    Converting SIF file to temporary sandbox...\nFATAL:   while extracting /home/RNAseq_project/trinity_cancer_transcriptome_toolkit/ctat_mutations.v3.0.1.simg: root filesystem extraction failed: failed to copy content in staging file: write /tmp/rootfs-392536996/archive-411898547: no space left on device\n",
         # s38relabel: /tmp fills while the SIF is extracted; which large directory to use is the user's - the Delta profile has no scratch variable (project and scratch areas are per project code): asks SINGULARITY/APPTAINER_TMPDIR
         expect={'families': ['containers', 'environment'], 'ask': True, 'ask_for': ['apptainer_tmpdir', 'cache_dir', 'writable_dir', 'storage_dir']}),
    # ============================================================ Ray workers that cannot register
    dict(id="ray39803-register-worker-hpc-flwr", kind="not_script",
         source="https://github.com/ray-project/ray/issues/39803",
         what="Ray's worker processes cannot register with the raylet on the HPC node (the user's node counts made no difference; no script fix in the thread) - a Ray runtime / node environment problem, not the launch script; DOUBTFUL - no maintainer conclusion; assumed shape - the Ray-on-Slurm base script, diagnosed as on Delta",
         cluster="delta", script="ray_slurm.sh",
         log="Failed to register worker 01000000ffffffffffffffffffffffffffffffffffffffffffffffff to Raylet. IOError: [RayletClient] Unable to register worker with raylet. No such file or directory\n",
         expect={}),
    # ============================================================ NCCL invalid usage from a rank count above the GPUs
    dict(id="hat118-nccl-invalid-usage-nproc-over-gpus", kind="script",
         source="https://github.com/XPixelGroup/HAT/issues/118",
         what="torchrun starts 8 processes on a machine with 4 GPUs, so ranks share GPUs and NCCL reports invalid usage; the fix (the user's) is --nproc_per_node=4 - a launch-script fix; assumed shape - one node with 4 GPUs, torchrun --nproc_per_node=8, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         replace=[["--nproc_per_node=4", "--nproc_per_node=8"]],
         log="RuntimeError: NCCL error in: /opt/conda/conda-bld/pytorch_1631630815121/work/torch/lib/c10d/ProcessGroupNCCL.cpp:911, invalid usage, NCCL version 2.7.8\nncclInvalidUsage: This usually reflects invalid usage of NCCL library (such as too many async ops, too many collectives at once, mixing streams in a group, etc.).\n",
         expect={"families": ["launcher", "devices", "resources"], "fix": r"(?m)^\+.*--nproc[_-]per[_-]node[= ]4\b"}),
]


def main() -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    index = {}
    out = []
    for case in CASES:
        digest = hashlib.sha256(case["id"].encode()).hexdigest()
        case = {"id": case["id"], "split": "tune" if int(digest, 16) % 2 == 0 else "heldout", **{k: v for k, v in case.items() if k != "id"}}
        (CACHE / f"{case['id']}.log").write_text(case["log"], encoding="utf-8")
        index[case["id"]] = {"source": case["source"], "sha256": hashlib.sha256(case["log"].encode()).hexdigest()}
        out.append(case)
    (CACHE / "index.json").write_text(json.dumps(index, indent=1), encoding="utf-8")
    header = (HERE / "cases_header.txt").read_text(encoding="utf-8")
    body = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True, width=200)
    (HERE / "cases.yaml").write_text(header + body, encoding="utf-8")
    print({s: sum(c["split"] == s for c in out) for s in ("tune", "heldout")})


if __name__ == "__main__":
    main()
