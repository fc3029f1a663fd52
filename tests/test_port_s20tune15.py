"""Classes of bench/unseen15's tune half and bench/s20tune15_probe: user lines kept for true
reasons, scheduler variables in arithmetic, walltimes read and fitted, GPU counts read from a
node feature, refusals that read the script right (fixtures written for these tests, not
copies of the cases)."""

from __future__ import annotations

import subprocess

import pytest

from maple_flow import port
from maple_flow.errors import MapleError, MissingInformation, ParseError
from maple_flow.models.shell_lines import setup_lines_problem

HEAD_IP = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --time=01:00:00

nodes=( $( scontrol show hostnames $SLURM_JOB_NODELIST ) )
head_node=${nodes[0]}
head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo Rendezvous at: $head_ip

srun torchrun --nnodes 2 --nproc_per_node 2 --rdzv_id 7 --rdzv_backend c10d \\
    --rdzv_endpoint $head_ip:29500 fit.py
"""


def test_an_echo_of_a_commands_output_the_launch_reads_is_the_users_line() -> None:
    out = port(HEAD_IP, ["perlmutter"])["perlmutter"]
    assert "echo Rendezvous at: $head_ip" in out.script
    assert 'head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)' \
        in out.script
    assert not any("prints the source's launch line" in n for n in out.notes)


def test_on_pbs_that_echo_is_dropped_with_its_true_reason() -> None:
    out = port(HEAD_IP, ["polaris"])["polaris"]
    assert "echo Rendezvous at" not in out.script
    note = next(n for n in out.notes if "echo Rendezvous at" in n)
    assert "launch line" not in note and "$head_ip" in note


PY_CHECK = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00

echo "start"
python -c "
import torch
print(f'devices: {torch.cuda.device_count()}')
"
python learn.py --epochs 3
"""


def test_a_quoted_string_over_several_lines_that_closes_is_carried_whole() -> None:
    lines = ['python -c "', "import torch", "print(f'n: {torch.cuda.device_count()}')", '"']
    assert setup_lines_problem(lines) == ""
    assert setup_lines_problem(['python -c "', "import torch"])  # never closed: refused
    out = port(PY_CHECK, ["delta"])["delta"]
    assert "print(f'devices: {torch.cuda.device_count()}')\n\"\n" in out.script
    assert not any("unbalanced double quote" in n for n in out.notes)
    subprocess.run(["bash", "-n"], input=out.script, text=True, check=True)


ARITH = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00

export DISPLAY=:$((100 + SLURM_JOB_ID % 5000))
export PORT_BASE=$((20000 + $SLURM_JOB_ID % 1000))
python render.py --tag $SLURM_JOB_ID
"""


def test_a_job_id_renamed_into_arithmetic_reads_the_pbs_ids_number() -> None:
    out = port(ARITH, ["aurora"])["aurora"]
    assert "$((100 + ${PBS_JOBID%%.*} % 5000))" in out.script
    assert "$((20000 + ${PBS_JOBID%%.*} % 1000))" in out.script
    # the id outside arithmetic stays the whole id
    assert "--tag $PBS_JOBID" in out.script or '--tag "$PBS_JOBID"' in out.script
    run = subprocess.run(["bash", "-c", 'PBS_JOBID=4242.aurora-pbs-01; echo '
                          '$((100 + ${PBS_JOBID%%.*} % 5000))'], capture_output=True,
                         text=True, check=True)
    assert run.stdout.strip() == "4342"


PJM = """#!/bin/bash
#PJM -L "rscgrp=gpu-large"
#PJM -L "elapse={elapse}"
#PJM -j

python train.py --steps 100
"""


@pytest.mark.parametrize(("elapse", "wall"), [("4:00:00", "04:00:00"), ("90:00", "01:30:00")])
def test_a_pjm_time_limit_is_read(elapse: str, wall: str) -> None:
    out = port(PJM.format(elapse=elapse), ["perlmutter"], gpus_per_node=1)["perlmutter"]
    assert f"#SBATCH -t {wall}" in out.script
    assert not any("sets no time limit" in n for n in out.notes)
    assert any("elapse=" in n and wall in n for n in out.notes)


def test_a_routing_queue_limits_the_walltime_by_the_jobs_size() -> None:
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.port.rules import choose_queue

    polaris = get_profile("polaris")
    queue, seconds, note = choose_queue(polaris, 12, 24 * 3600, 4)
    assert (queue, seconds) == ("prod", 3 * 3600)
    assert "small" in note and "03:00:00" in note
    assert choose_queue(polaris, 120, 24 * 3600, 4)[:2] == ("prod", 24 * 3600)
    assert choose_queue(polaris, 40, 5 * 3600, 4)[:2] == ("prod", 5 * 3600)


GPUX = """#!/bin/bash
#SBATCH --partition=maxgpu
#SBATCH --time=1-00:00:00
#SBATCH --nodes=1
#SBATCH --constraint="{constraint}"

python -u fit.py
"""


@pytest.mark.parametrize(("constraint", "gpus"), [("V100&GPUx4", 4), ("A100&GPUx2", 2)])
def test_a_node_feature_that_counts_gpus_is_the_sources_gpus_a_node(constraint: str,
                                                                    gpus: int) -> None:
    out = port(GPUX.format(constraint=constraint), ["polaris"])["polaris"]
    assert f"GPUS_PER_NODE={gpus}" in out.script
    assert not any("the source states no GPU count" in n for n in out.notes)


def test_a_container_options_value_is_not_the_command_it_runs() -> None:
    script = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:1
singularity exec --bind $HOME,/data/${USER} --nv /data/${USER}/img.sif bash inner_job.sh
"""
    with pytest.raises(ParseError) as err:
        port(script, ["delta"])
    assert "inner_job.sh" in str(err.value)
    assert "runs `$HOME,/data/${USER}`" not in str(err.value)


def test_the_images_own_interpreter_is_kept_inside_the_image() -> None:
    script = """#!/bin/bash
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=02:00:00
singularity exec --nv --bind /data/x /data/x/env.sif /opt/conda/envs/m/bin/python \\
    /data/x/main.py --lr 1
"""
    out = port(script, ["lonestar6"])["lonestar6"]
    # one process, run plain as in the source (s20port10left), with the image's interpreter
    assert "env.sif /opt/conda/envs/m/bin/python /data/x/main.py --lr 1" in out.script
    assert not any("a path of the source's filesystem; the port runs" in n for n in out.notes)


def test_the_rank_ask_names_the_wrapper_a_per_rank_launcher_starts() -> None:
    script = """#!/bin/bash
#PBS -l select=3
#PBS -l walltime=02:00:00
cd $PBS_O_WORKDIR
module load cuda/12.1
hosts=$(sort -u $PBS_NODEFILE)
n=$(wc -l <<< "$hosts")
mpirun --hostfile $PBS_NODEFILE -np $n ./start_workers.sh 4 fit.py --lr 0.1
"""
    with pytest.raises(MissingInformation) as err:
        port(script, ["perlmutter"])
    why = str(err.value)
    assert "./start_workers.sh" in why and "`4 fit.py --lr 0.1`" in why
    assert "3 node(s)" in why


def test_a_heredoc_in_a_substitution_and_a_body_of_set_variables_are_read() -> None:
    script = """#!/bin/bash
#SBATCH --nodes=
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
WATCH=$(cat <<EOF
    nvidia-smi -l 10 > gpu.log &
EOF
)
RUN='python -m torch.distributed.run --nproc_per_node 4 fit.py'
srun bash -c "${WATCH}${RUN}"
"""
    with pytest.raises(MapleError) as err:
        port(script, ["anvil"])
    why = str(err.value)
    assert "<<EOF is a program" not in why and "`)`" not in why
    assert "RUN to `python -m torch.distributed.run" in why
    assert "`#SBATCH --nodes=`" in why


def test_an_image_the_job_gets_from_its_environment_is_kept_live() -> None:
    script = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00
if [ -n "$IMAGE" ]; then
    RUNNER="singularity exec --nv --bind $DATA_DIR $IMAGE"
    $RUNNER python3 main.py cfg.yaml
else
    python3 main.py cfg.yaml
fi
"""
    out = port(script, ["delta"])["delta"]
    assert '"$IMAGE" ' in out.script and "apptainer exec --nv" in out.script
    assert not any("is not used on the target" in n for n in out.notes)
    assert any("reads from its environment" in n for n in out.notes)


def test_a_users_own_cuda_image_in_project_space_is_refused_on_intel_gpus() -> None:
    script = """#!/bin/bash
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00
singularity exec --nv --bind /mnt/work/me /mnt/work/me/weather_pkgs3.sif \\
    python3 /mnt/work/me/main.py
"""
    out = port(script, ["aurora"])["aurora"]
    assert out.status == "refused" and not out.script
    why = next(n for n in out.notes if n.startswith("refused for Aurora"))
    assert "weather_pkgs3.sif is an image file of your own" in why
    assert "a CUDA image does not run there" in why
