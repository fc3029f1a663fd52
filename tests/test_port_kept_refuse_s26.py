"""A one-node job whose work is a command maple keeps verbatim (issue 14), where the refusal's
obstacle was the tool's own limit (s26refuse): the command's stream copies in front of a pipe
(``2>&1 | tee log``), its own environment prefix, tasks that only reserve CPUs (``-n 4`` with no
launcher), an inline ``python -c`` check beside it. Each is kept; the cases that stay refused
(a GPU pin in the prefix, a shell script of the user's on several tasks, several nodes) stay so."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.port.kept_command import inline_probe, kept_command

_HEAD = "#!/bin/bash\n#SBATCH -p gpu\n#SBATCH -t 12:00:00\n#SBATCH --gres=gpu:1\n"


def test_stderr_copied_onto_a_pipe_keeps_the_command_and_its_tee() -> None:
    text = ("#!/bin/bash -l\n#PBS -l nodes=1:ppn=24:gpus=2,walltime=8:00:00\n#PBS -q k40\n\n"
            "cd /scratch/me/models\n\n"
            "solver.bin train --solver s.prototxt 2>&1 | tee train.log  \n")
    result = port(text, ["polaris"])["polaris"]
    assert result.status == "generated"
    assert "solver.bin train --solver s.prototxt 2>&1 | tee train.log" in result.script


def test_a_continued_command_piped_through_two_filters_is_kept() -> None:
    text = _HEAD + ("#SBATCH -n 4\nLOG=logs\n"
                    'python -c "import torch; print(torch.cuda.is_available())"\n'
                    "trainer_cli -config c.yaml \\\n"
                    "  --keep 5 2>&1 | grep -v noise | tee $LOG/t.log\n"
                    "echo done\n")
    result = port(text, ["lonestar6"])["lonestar6"]
    assert result.status == "generated"
    assert "  --keep 5 2>&1 | grep -v noise | tee $LOG/t.log" in result.script
    assert "#SBATCH -n 1" in result.script and "--cpus-per-task=4" in result.script


def test_an_environment_prefix_of_the_command_is_kept_with_it() -> None:
    text = _HEAD + "#SBATCH -n 1\nnnUNet_n_proc_DA=10 seg_train 3d_fullres Task1 1 --npz\n"
    result = port(text, ["delta"])["delta"]
    assert result.status == "generated"
    assert "nnUNet_n_proc_DA=10 seg_train 3d_fullres Task1 1 --npz" in result.script


def test_a_gpu_pin_in_the_prefix_is_not_kept_as_written() -> None:
    text = _HEAD + "#SBATCH -n 1\nCUDA_VISIBLE_DEVICES=3 seg_train 3d_fullres Task1 1\n"
    assert kept_command(text) is None


def test_lsf_slots_with_no_launcher_are_one_process_with_their_cpus() -> None:
    text = ('#!/bin/bash\n#BSUB -q gpua100\n#BSUB -gpu "num=1:mode=exclusive_process"\n'
            '#BSUB -R "span[hosts=1]"\n#BSUB -n 4\n#BSUB -W 24:00\n\nuv sync\n'
            "uv run seg_train 1 3d 0 --npz\n")
    result = port(text, ["lonestar6"])["lonestar6"]
    assert result.status == "generated"
    assert "uv run seg_train 1 3d 0 --npz" in result.script
    assert "--cpus-per-task=4" in result.script


@pytest.mark.parametrize("work", ["./run.sh", "bash run.sh"])
def test_a_shell_script_on_several_tasks_stays_refused(work: str) -> None:
    text = _HEAD + f"#SBATCH -n 4\n{work} cfg.yaml\n"
    assert kept_command(text) is None
    with pytest.raises(ParseError):
        port(text, ["delta"])


def test_several_nodes_stay_refused() -> None:
    text = _HEAD + "#SBATCH -N 2\n#SBATCH -n 2\nsolver.bin train --solver s.prototxt\n"
    assert kept_command(text) is None


@pytest.mark.parametrize(("words", "probe"), [
    (("python", "-c", "import torch; print('ok', torch.cuda.is_available())"), True),
    (("python3", "-c", "import a, b\nprint(a.__version__)"), True),
    (("python", "-c", "from m import train; train()"), False),
    (("python", "x.py"), False),
])
def test_inline_probe(words: tuple[str, ...], probe: bool) -> None:
    assert inline_probe(words) is probe


_HOSTNAME_MASTER = ("#!/bin/bash -l\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
                    "#SBATCH -t 4:00:00\nMASTER=`/bin/hostname -s`\n"
                    "NODES=`scontrol show hostnames $SLURM_JOB_NODELIST`\nPORT=6000\n"
                    "srun python -u main.py --dist_url tcp://$MASTER:$PORT "
                    "--world_size $SLURM_NTASKS\n")


@pytest.mark.parametrize("target", ["polaris", "delta"])
def test_a_value_of_the_node_name_alone_is_kept_as_the_users(target: str) -> None:
    """``MASTER=`/bin/hostname -s``` names the node the job script runs on, on any target; it
    is kept (not "computed from the source scheduler"), and the launch reading it ports."""
    result = port(_HOSTNAME_MASTER, [target])[target]
    assert result.status == "generated"
    assert "MASTER=`/bin/hostname -s`" in result.script
    assert "tcp://$MASTER:$PORT" in result.script


def test_a_rendezvous_variable_from_hostname_stays_the_targets() -> None:
    """``MASTER_ADDR=$(hostname)``: the target's launch sets its own MASTER_ADDR."""
    text = _HOSTNAME_MASTER.replace("MASTER=`/bin/hostname -s`", "MASTER_ADDR=$(hostname)")
    result = port(text, ["polaris"])["polaris"]
    assert "MASTER_ADDR=$(hostname)" not in result.script


_ACCOUNT_TEMPLATE = ("#!/bin/bash\n#SBATCH -p gpu\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=1\n"
                     "#SBATCH --gpus-per-node=2\n#SBATCH -t 01:00:00\n"
                     "#SBATCH -A {your_project_id}\n"
                     "conda activate /path/to/your/conda/env\n"
                     "torchrun --nproc_per_node 2 train.py --model /path/to/your/model\n")


def test_a_placeholder_in_the_account_alone_is_no_template() -> None:
    """``#SBATCH -A {your_project_id}``: every port replaces the account, so the job ports and
    its real placeholders (``/path/to/your/...``) are named."""
    result = port(_ACCOUNT_TEMPLATE, ["anvil"])["anvil"]
    assert result.status == "generated"
    assert "{your_project_id}" not in result.script
    notes = "\n".join(result.notes)
    assert "/path/to/your/model" in notes and "/path/to/your/conda/env" in notes


def test_a_placeholder_in_a_size_directive_stays_a_template() -> None:
    text = _ACCOUNT_TEMPLATE.replace("--gpus-per-node=2", "--gpus-per-node={gpus}")
    with pytest.raises(ParseError, match="job template"):
        port(text, ["anvil"])


_JOB_PYXIS = ("#!/bin/bash\n#SBATCH --job-name=ft\n"
              "#SBATCH --container-image=someuser/own_env:latest\n"
              "#SBATCH --container-mount-home\n#SBATCH --gres=gpu:1\n#SBATCH --time=0-1:00:00\n"
              "#SBATCH --container-workdir=/home/me/proj\n\npython3 finetune.py --epochs 3\n")


@pytest.mark.parametrize("target", ["polaris", "lonestar6"])
def test_a_whole_job_docker_hub_image_runs_the_launch_in_apptainer(target: str) -> None:
    """``#SBATCH --container-image=user/img:tag`` (pyxis ran the whole job in it): on an NVIDIA
    target with apptainer the launch runs in the same image (docker://), not refused."""
    result = port(_JOB_PYXIS, [target])[target]
    assert result.status == "generated", result.notes[:1]
    assert "apptainer exec --nv --pwd /home/me/proj docker://someuser/own_env:latest" in (
        result.script)
    assert any("outside the image" in n for n in result.notes)


def test_a_whole_job_image_of_a_private_registry_stays_refused() -> None:
    text = _JOB_PYXIS.replace("someuser/own_env:latest", "registry.example.org:5005/me/env:1")
    result = port(text, ["polaris"])["polaris"]
    assert result.status == "refused"


def test_a_whole_job_image_on_intel_gpus_stays_refused() -> None:
    result = port(_JOB_PYXIS, ["aurora"])["aurora"]
    assert result.status == "refused"


def test_a_whole_job_image_whose_mount_points_the_lines_use_stays_refused() -> None:
    text = _JOB_PYXIS.replace("#SBATCH --container-mount-home\n",
                              "#SBATCH --container-mounts=/data/me:/workspace\n").replace(
        "python3 finetune.py", "cd /workspace\npython3 finetune.py")
    result = port(text, ["polaris"])["polaris"]
    assert result.status == "refused"
