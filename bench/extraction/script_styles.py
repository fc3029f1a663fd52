# ruff: noqa: E501  (case tables: one phrasing style per line)
"""Real-style batch scripts, one function per site convention, each with its expected fields.

Modelled on the centres' published examples (NERSC, ALCF, TACC, NCSA, Purdue, PSC) as
summarised in shared/notes/cluster-facts.md. Each style returns (script, expected fields).
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from typing import Any

from maple_flow.models import ClusterProfile, format_walltime

Program = tuple[str, bool, list[str]]
Style = Callable[[random.Random, dict[str, ClusterProfile], Program], tuple[str, dict[str, Any]]]
WALLS = [1800, 3600, 5400, 7200, 21600, 43200]


def _prog(p: Program, python: str = "python") -> str:
    entry, module, args = p
    head = f"{python} -m {entry}" if module else f"{python} {entry}"
    return " ".join([head, *(shlex.quote(a) for a in args)])


def _torchrun_prog(p: Program) -> str:
    entry, module, args = p
    head = f"-m {entry}" if module else entry
    return " ".join([head, *(shlex.quote(a) for a in args)])


def _exp(cluster: str, fw: str, st: str, nodes: int, gpn: int, p: Program, wall: int,
         account: str | None, queue: str | None) -> dict[str, Any]:
    entry, module, args = p
    exp: dict[str, Any] = {"cluster": cluster, "framework": fw, "strategy": st, "nodes": nodes,
                           "gpus_per_node": gpn, "entrypoint": entry, "module": module,
                           "args": args, "walltime": format_walltime(wall)}
    if account:
        exp["account"] = account
    if queue:
        exp["queue"] = queue
    return exp


def _hms(seconds: int, rng: random.Random) -> str:
    h, m = divmod(seconds // 60, 60)
    return rng.choice([f"{h:02d}:{m:02d}:00", f"{h}:{m:02d}:00"])


def nersc_srun_per_gpu(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall, acct = rng.choice([1, 2, 4, 8]), rng.choice(WALLS), rng.choice(["m1234", "nstaff", "m4567_g"])
    qos = "debug" if wall <= 1800 and nodes <= 8 else "regular"
    fsdp = rng.random() < 0.3
    prog = (p[0], p[1], [*p[2], "--fsdp"]) if fsdp else p
    text = f"""#!/bin/bash
#SBATCH -C gpu
#SBATCH -q {qos}
#SBATCH -A {acct}
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time={_hms(wall, rng)}
#SBATCH -J vit-train
#SBATCH -o logs/%x-%j.out

module load pytorch/2.6.0
export MASTER_ADDR=$(hostname)
export NCCL_NET_GDR_LEVEL=PHB
export HDF5_USE_FILE_LOCKING=FALSE

srun -u bash -c "source export_DDP_vars.sh; {_prog(prog).replace('"', '')}"
"""
    return text, _exp("perlmutter", "pytorch", "fsdp" if fsdp else "ddp", nodes, 4, prog, wall, acct, qos)


def nersc_srun_torchrun(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([1, 2, 4, 16]), rng.choice(WALLS)
    qos = "regular"
    text = f"""#!/bin/bash
#SBATCH --account=m1234
#SBATCH --constraint=gpu
#SBATCH --qos={qos}
#SBATCH -N {nodes}
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=128
#SBATCH -t {wall // 60}

module load conda
conda activate /global/common/software/m1234/envs/torch
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29507
export OMP_NUM_THREADS=8

srun -l torchrun --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=$SLURM_GPUS_PER_NODE \\
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \\
    {_torchrun_prog(p)}
"""
    return text, _exp("perlmutter", "pytorch", "ddp", nodes, 4, p, wall, "m1234", qos)


def alcf_polaris_mpiexec(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes = rng.choice([1, 2, 4, 8])
    queue = "debug" if nodes <= 2 else "debug-scaling"
    wall = 3600 if queue.startswith("debug") else rng.choice(WALLS)
    acct = rng.choice(["datascience", "Catalyst", "MyProject"])
    text = f"""#!/bin/bash -l
#PBS -l select={nodes}:system=polaris
#PBS -l place=scatter
#PBS -l walltime={_hms(wall, rng)}
#PBS -l filesystems=home:eagle
#PBS -q {queue}
#PBS -A {acct}
#PBS -k doe

cd ${{PBS_O_WORKDIR}}
module use /soft/modulefiles
module load conda
conda activate

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=$(nvidia-smi -L | wc -l)
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
echo "NUM_OF_NODES= ${{NNODES}} TOTAL_NUM_RANKS= ${{NTOTRANKS}} RANKS_PER_NODE= ${{NRANKS_PER_NODE}}"
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)

mpiexec -n ${{NTOTRANKS}} --ppn ${{NRANKS_PER_NODE}} --depth=${{NDEPTH}} --cpu-bind depth --env OMP_NUM_THREADS=${{NDEPTH}} \\
    {_prog(p, "python3")}
"""
    return text, _exp("polaris", "pytorch", "ddp", nodes, 4, p, wall, acct, queue)


def alcf_polaris_deepspeed(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([2, 4, 10]), rng.choice([3600, 7200, 21600])
    queue = "prod" if wall > 3600 else "debug-scaling"
    prog = (p[0], p[1], [*p[2], "--deepspeed", "--deepspeed_config", "ds_config.json"])
    text = f"""#!/bin/bash
#PBS -A datascience
#PBS -q {queue}
#PBS -l select={nodes}:ncpus=64:ngpus=4
#PBS -l walltime={_hms(wall, rng)}
#PBS -l filesystems=home:eagle:grand
#PBS -l place=scatter
#PBS -N ds_zero3

module load conda/2024-04-29
conda activate base
source /lus/eagle/projects/datascience/venvs/ds/bin/activate
export HF_HOME=/lus/eagle/projects/datascience/hf_cache
export TOKENIZERS_PARALLELISM=false
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec --verbose --envall -n $((NNODES*4)) --ppn 4 --hostfile=$PBS_NODEFILE --cpu-bind depth -d 16 {_prog(prog, "python3")}
"""
    return text, _exp("polaris", "deepspeed", "zero3", nodes, 4, prog, wall, "datascience", queue)


def alcf_aurora(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes = rng.choice([1, 2, 4, 16])
    queue = "debug" if nodes <= 2 else rng.choice(["debug-scaling", "capacity"])
    wall = 3600 if queue.startswith("debug") else rng.choice(WALLS)
    text = f"""#!/bin/bash
#PBS -l select={nodes}
#PBS -l place=scatter
#PBS -l walltime={_hms(wall, rng)}
#PBS -l filesystems=flare
#PBS -A datascience
#PBS -q {queue}
#PBS -k doe

module load frameworks
cd $PBS_O_WORKDIR
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export CCL_KVS_MODE=mpi
export WANDB_MODE=offline
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=12
export CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"
mpiexec -n $((NNODES*NRANKS_PER_NODE)) --ppn ${{NRANKS_PER_NODE}} --cpu-bind=${{CPU_BIND}} {_prog(p, "python3")}
"""
    return text, _exp("aurora", "pytorch", "ddp", nodes, 12, p, wall, "datascience", queue)


def tacc_ls6_ibrun(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([1, 2, 4, 8]), rng.choice([3600, 7200, 43200])
    queue = "gpu-a100-dev" if wall <= 7200 and nodes <= 2 else "gpu-a100"
    acct = rng.choice(["TG-CIS230001", "ABC23001"])
    text = f"""#!/bin/bash
#SBATCH -J torch_ddp
#SBATCH -o torch_ddp.o%j
#SBATCH -p {queue}
#SBATCH -N {nodes}
#SBATCH -n {nodes * 3}
#SBATCH -t {_hms(wall, rng)}
#SBATCH -A {acct}

module load python3/3.9.7
source $SCRATCH/python-envs/test/bin/activate
export OMP_NUM_THREADS=1
ibrun -np {nodes * 3} {_prog(p, "python3")}
"""
    return text, _exp("lonestar6", "pytorch", "ddp", nodes, 3, p, wall, acct, queue)


def tacc_vista_accelerate(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([2, 4, 8]), rng.choice([3600, 7200])
    queue = "gh-dev"
    text = f"""#!/bin/bash
#SBATCH -J accel
#SBATCH -p {queue}
#SBATCH -N {nodes}
#SBATCH -n {nodes}
#SBATCH -t {_hms(wall, rng)}

module load gcc/15.1.0
module load python3/3.11.8
export CUDA_HOME=/home1/apps/nvidia/Linux_aarch64/25.5/cuda/12.9/
source .venv/bin/activate
HOST=$(scontrol show hostnames | head -n 1)
NNODES={nodes}
mpirun -np $NNODES --map-by ppr:1:node accelerate launch --machine_rank=$OMPI_COMM_WORLD_RANK \\
    --main_process_ip=$HOST --main_process_port=1234 --rdzv_backend static \\
    --num_processes $NNODES --num_machines $NNODES {_torchrun_prog(p)}
"""
    return text, _exp("vista", "accelerate", "ddp", nodes, 1, p, wall, None, queue)


def ncsa_delta_torchrun(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    ai = rng.random() < 0.5
    nodes, wall = rng.choice([1, 2, 4]), rng.choice(WALLS)
    part = "ghx4" if ai else "gpuA100x4"
    acct = "abcd-dtai-gh" if ai else "bbka-delta-gpu"
    mods = "module load cuda nccl\nmodule load python/miniforge3_pytorch/2.7.0" if ai else \
        "module reset\nmodule load anaconda3_gpu\nmodule load nccl"
    text = f"""#!/bin/bash
#SBATCH --job-name=multinode
#SBATCH --account={acct}
#SBATCH --partition={part}
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time={_hms(wall, rng)}
#SBATCH --constraint="scratch"

{mods}
export NCCL_SOCKET_IFNAME=hsn
export NCCL_DEBUG=INFO
nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${{nodes[0]}}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
srun torchrun --nnodes ${{SLURM_NNODES}} --nproc_per_node ${{SLURM_GPUS_PER_NODE}} \\
    --rdzv_id $RANDOM --rdzv_backend c10d --rdzv_endpoint="$head_node_ip:29500" \\
    {_torchrun_prog(p)}
"""
    return text, _exp("deltaai" if ai else "delta", "pytorch", "ddp", nodes, 4, p, wall, acct, part)


def purdue_anvil(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([1, 2, 3]), rng.choice(WALLS)
    gpn = rng.choice([1, 2, 4])
    text = f"""#!/bin/bash
#SBATCH -A cis230270-gpu
#SBATCH -p gpu
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node={gpn}
#SBATCH --gpus-per-node={gpn}
#SBATCH --time={_hms(wall, rng)}
#SBATCH --job-name=cnn

module load modtree/gpu
module load anaconda
source activate my_torch_env
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun {_prog(p)}
"""
    return text, _exp("anvil", "pytorch", "ddp", nodes, gpn, p, wall, "cis230270-gpu", "gpu")


def psc_bridges2_singularity(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([1, 2, 4]), rng.choice(WALLS)
    fsdp = rng.random() < 0.5
    text = f"""#!/bin/bash
#SBATCH -N {nodes}
#SBATCH -p GPU
#SBATCH -t {_hms(wall, rng)}
#SBATCH --gpus=v100-32:{8 * nodes}
#SBATCH --ntasks-per-node=1
#SBATCH --account=cis230018p

set -x
module load AI/pytorch_23.02-1.13.1-py3
export MASTER_ADDR=$(hostname)
srun singularity exec --nv /ocean/containers/ngc/pytorch/pytorch_latest.sif \\
    torchrun --nnodes={nodes} --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \\
    {_torchrun_prog(p)}{" --enable_fsdp" if fsdp else ""}
"""
    prog = (p[0], p[1], [*p[2], "--enable_fsdp"]) if fsdp else p
    return text, _exp("bridges2", "pytorch", "fsdp" if fsdp else "ddp", nodes, 8, prog, wall, "cis230018p", "GPU")


def slurm_deepspeed_launcher(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    cluster = rng.choice(["delta", "anvil", "perlmutter"])
    prof = P[cluster]
    nodes, wall = rng.choice([1, 2]), rng.choice(WALLS)
    queue = prof.queues.default_queue.name if cluster != "perlmutter" else "regular"
    qflag = "-q" if cluster == "perlmutter" else "-p"
    extra = "#SBATCH -C gpu\n" if cluster == "perlmutter" else ""
    text = f"""#!/bin/bash
#SBATCH -N {nodes}
#SBATCH {qflag} {queue}
{extra}#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH -t {_hms(wall, rng)}
#SBATCH -A {prof.account.example}

module load {prof.software.modules[0]}
scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=4/' > hostfile
deepspeed --hostfile=hostfile --num_nodes {nodes} --num_gpus 4 --master_port 29600 \\
    {_torchrun_prog(p)} --deepspeed_config ds_zero3.json
"""
    prog = (p[0], p[1], [*p[2], "--deepspeed_config", "ds_zero3.json"])
    return text, _exp(cluster, "deepspeed", "zero3", nodes, 4, prog, wall, prof.account.example, queue)


def stampede3_ibrun(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([1, 2, 4]), rng.choice(WALLS)
    text = f"""#!/bin/bash
#SBATCH -J pvc-ddp
#SBATCH -p pvc
#SBATCH -N {nodes}
#SBATCH --ntasks-per-node 8
#SBATCH -t {_hms(wall, rng)}
#SBATCH -A TG-CIS230001

module load python
conda activate pytorch
export ZE_FLAT_DEVICE_HIERARCHY=FLAT
export CCL_ATL_TRANSPORT=mpi
ibrun {_prog(p, "python3")}
"""
    return text, _exp("stampede3", "pytorch", "ddp", nodes, 8, p, wall, "TG-CIS230001", "pvc")


def accelerate_srun(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    cluster = rng.choice(["delta", "deltaai", "perlmutter"])
    prof = P[cluster]
    nodes, wall = rng.choice([1, 2, 4]), rng.choice(WALLS)
    queue = "regular" if cluster == "perlmutter" else prof.queues.default_queue.name
    qline = "#SBATCH -C gpu\n#SBATCH --qos=regular" if cluster == "perlmutter" else f"#SBATCH --partition={queue}"
    text = f"""#!/bin/bash
#SBATCH --job-name=accelerate-multinode
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=64
{qline}
#SBATCH --time={_hms(wall, rng)}
#SBATCH --account={prof.account.example}

module load {prof.software.modules[-1]}
source ~/venvs/hf/bin/activate
export GPUS_PER_NODE=4
head_node_ip=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export LAUNCHER="accelerate launch --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) --num_machines $SLURM_NNODES --rdzv_backend c10d --main_process_ip $head_node_ip --main_process_port 29500"
srun accelerate launch --multi_gpu --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) \\
    --num_machines $SLURM_NNODES --machine_rank $SLURM_NODEID --rdzv_backend c10d \\
    --main_process_ip $head_node_ip --main_process_port 29500 {_torchrun_prog(p)}
"""
    return text, _exp(cluster, "accelerate", "ddp", nodes, 4, p, wall, prof.account.example, queue)


def torch_distributed_run(rng: random.Random, P: dict[str, ClusterProfile], p: Program) -> tuple[str, dict[str, Any]]:
    nodes, wall = rng.choice([1, 2]), rng.choice(WALLS)
    fsdp = rng.random() < 0.5
    entry = "train_fsdp.py" if fsdp else p[0]
    prog = (entry, False if fsdp else p[1], p[2])
    text = f"""#!/bin/bash
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH -N {nodes}
#SBATCH --gpus-per-node=4
#SBATCH --time={_hms(wall, rng)}

module load anaconda3_gpu
srun --ntasks-per-node=1 python -m torch.distributed.run --nnodes {nodes} --nproc-per-node 4 \\
    --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 {_torchrun_prog(prog)}
"""
    return text, _exp("delta", "pytorch", "fsdp" if fsdp else "ddp", nodes, 4, prog, wall, "bbka-delta-gpu", "gpuA100x4")


def _h(fn: Style, heldout: bool = False) -> tuple[Style, bool]:
    return fn, heldout


SCRIPT_STYLES: list[tuple[Style, bool]] = [
    _h(nersc_srun_per_gpu), _h(nersc_srun_torchrun), _h(alcf_polaris_mpiexec),
    _h(alcf_polaris_deepspeed), _h(alcf_aurora), _h(tacc_ls6_ibrun), _h(tacc_vista_accelerate),
    _h(ncsa_delta_torchrun), _h(purdue_anvil), _h(psc_bridges2_singularity),
    # held-out styles
    _h(slurm_deepspeed_launcher, True), _h(stampede3_ibrun, True), _h(accelerate_srun, True),
    _h(torch_distributed_run, True),
]
