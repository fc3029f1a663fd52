"""Issue 14, bench/portres_probe: the GPUs of a job read from Torque, LSF and the script's own
device list (never one GPU by default when the script says more), and the user's environment
runner (``uv run``, ``pixi run``, ``rye run``) kept around the program."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError
from maple_flow.port.gpus_of_one import program_gpus
from maple_flow.scriptparse import parse_script, read_facts

TORQUE_8 = ("#!/bin/bash\n#PBS -q copperhead\n#PBS -l walltime=10:00:00\n"
            "#PBS -l nodes=1:ppn=8:gpus=8:gtx1080ti\n\ncd /scratch/me/pix2pixHD/\n"
            "python3 train.py --name x --gpu_ids 0,1,2,3,4,5,6,7 --tf_log\n")


def _gpus_of_one(script: str) -> tuple[int | None, int | None]:
    facts = read_facts(parse_script(script))
    return facts.ranks, facts.gpus_per_process


def test_a_torque_gpu_count_in_the_nodes_chunk_gives_the_one_process_its_gpus() -> None:
    assert _gpus_of_one(TORQUE_8) == (1, 8)
    two = "#!/bin/bash\n#PBS -l nodes=1:gpus=2\n#PBS -l walltime=1:00:00\npython a.py gpu\n"
    assert _gpus_of_one(two) == (1, 2)


def test_a_torque_eight_gpu_process_keeps_its_gpus_or_is_refused_naming_the_shortage() -> None:
    ported = port(TORQUE_8, ["bridges2", "anvil"])
    b2 = ported["bridges2"]
    assert b2.status == "generated" and "--gpu_ids 0,1,2,3,4,5,6,7" in b2.script
    assert any("drives 8 GPUs" in n for n in b2.notes)
    anvil = ported["anvil"]
    assert anvil.status == "refused"
    assert "one process drives 8 GPUs" in "\n".join(anvil.notes)


@pytest.mark.parametrize("resource,gpus", [
    ('#BSUB -R "rusage[ngpus_physical=4]"', 4),
    ('#BSUB -R "select [ngpus>0] rusage [ngpus_excl_p=4]"', 4),
    ('#BSUB -gpu "num=2:mode=exclusive_process"\n#BSUB -R "rusage[ngpus_physical=4]"', 2),
])
def test_an_lsf_gpu_count_in_rusage_is_read(resource: str, gpus: int) -> None:
    script = f"#!/bin/bash\n#BSUB -n 1\n#BSUB -q gauss\n{resource}\npython train.py\n"
    assert _gpus_of_one(script) == (1, gpus)


PBS_NO_COUNT = "#!/bin/sh\n#PBS -N job\n#PBS -q gpu\n#PBS -V\n\n"


@pytest.mark.parametrize("launch", ["CUDA_VISIBLE_DEVICES=0,1 python run.py -c c.yaml\n",
                                    "export CUDA_VISIBLE_DEVICES=0,1\npython run.py -c c.yaml\n"])
def test_the_scripts_own_device_list_gives_the_gpus_when_no_directive_counts_them(
        launch: str) -> None:
    r = port(PBS_NO_COUNT + launch, ["delta"])["delta"]
    assert r.status == "generated" and "--gpus-per-node=2" in r.script
    assert any("sees 2 GPU(s) (its own CUDA_VISIBLE_DEVICES list)" in n for n in r.notes)


def test_a_program_gpu_list_with_no_directive_count_is_asked_never_one() -> None:
    script = PBS_NO_COUNT + "python train.py --gpu_ids 0,1,2,3\n"
    with pytest.raises(MissingInformation) as err:
        port(script, ["delta"])
    assert "--gpu_ids 0,1,2,3" in str(err.value) and "gpus_per_node" in str(err.value)
    r = port(script, ["delta"], gpus_per_node=4)["delta"]
    assert r.status == "generated" and "--gpus-per-node=4" in r.script


def test_a_program_gpu_list_that_disagrees_with_the_directive_is_named() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -q ee\ncd $PBS_O_WORKDIR\n"
              "python3 main.py -gpuid=0,1,2,3\n")
    r = port(script, ["vista"])["vista"]
    assert any("`-gpuid=0,1,2,3` names 4 GPU(s)" in n for n in r.notes)


@pytest.mark.parametrize("args,said", [
    (["--gpu_ids", "0,1"], ("--gpu_ids 0,1", 2)), (["-gpuid=0,1,2"], ("-gpuid=0,1,2", 3)),
    (["--gpu_devices", "0", "1", "2", "3", "--bs", "8"], ("--gpu_devices 0 1 2 3", 4)),
    (["--gpus", "2"], ("--gpus 2", 2)), (["--gpu_ids", "0"], None), (["gpu"], None),
])
def test_the_programs_own_gpu_statement_is_read(args: list[str],
                                               said: tuple[str, int] | None) -> None:
    assert program_gpus(args) == said


SLURM_1 = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n"


@pytest.mark.parametrize("line,entry,module", [
    ("uv run --locked --python 3.11 python train.py --config c.yaml\n", "train.py", False),
    ("uv run --with wandb --project ../proj -- python train.py\n", "train.py", False),
    ("uv run train.py --config c.yaml\n", "train.py", False),
    ("uv run -m apps.main.train config=a.yaml\n", "apps.main.train", True),
    ("pixi run python train.py\n", "train.py", False),
    ("rye run python -m pkg.train\n", "pkg.train", True),
    ("conda run -n myenv --no-capture-output python train.py\n", "train.py", False),
])
def test_an_environment_runner_is_read_around_the_program(line: str, entry: str,
                                                          module: bool) -> None:
    launch = parse_script(SLURM_1 + line).launch
    assert (launch.entrypoint, launch.module) == (entry, module)
    assert launch.stages[0].name.endswith(" run")


def test_uv_run_is_kept_in_front_of_the_targets_interpreter_or_torchrun() -> None:
    script = SLURM_1 + "uv run --locked --python 3.11 python train.py --config c.yaml\n"
    ported = port(script, ["polaris", "delta"])
    assert "uv run --locked --python 3.11 python train.py" in ported["polaris"].script
    assert "uv run --locked --python 3.11 python3 train.py" in ported["delta"].script
    assert "uv run --locked --python 3.11 torchrun" in port(  # a torchrun launch
        script, ["delta"], ranks=1)["delta"].script
    for r in ported.values():
        assert any("is kept in front of" in n and "uv sync" in n for n in r.notes)
        assert not any("is not carried" in n and "uv run" in n for n in r.notes)


def test_a_runner_option_is_not_taken_for_a_task() -> None:
    script = SLURM_1 + 'uv run --locked --python 3.11 python "$ENTRY" --config c.yaml\n'
    r = port(script, ["polaris"], )["polaris"]
    assert "uv task `--locked`" not in "\n".join([r.script, *r.notes])


def test_a_program_given_as_the_scripts_arguments_is_named_in_the_refusal() -> None:
    script = ("#$ -S /bin/bash\n#$ -l h_rt=23:30:0\n#$ -l gpu=1\n\nhostname\n"
              "$@ --gpu_id $CUDA_VISIBLE_DEVICES\n")
    with pytest.raises(ParseError) as err:
        port(script, ["delta"])
    assert "given as its arguments (`$@`)" in str(err.value)


@pytest.mark.parametrize("array", [
    'CMD=(uv run --locked python "$E" --config c.yaml)\n',
    'CMD=(\n  uv run --locked --python 3.11 python "$E"\n  --config c.yaml\n)\n',
])
def test_a_launch_built_in_an_array_is_run_as_written_never_split(array: str) -> None:
    # s18-cmdvars: a `uv run ... python` array is run as written, as a python array is (it was
    # refused naming the array); either way its words are never split onto the launch line
    script = SLURM_1 + "E=src/run.py\n" + array + 'printf " %q" "${CMD[@]}"\n"${CMD[@]}"\n'
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated"
    assert r.script.rstrip().endswith('"${CMD[@]}"')
    assert array.strip() in r.script
    assert r.script.count("uv run --locked") == 1


def test_uv_run_goes_in_front_of_the_targets_accelerate_where_it_has_no_interpreter_word() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
              "#SBATCH -t 1:00:00\n"
              "uv run accelerate launch --num_processes 8 --num_machines 2 t.py\n")
    r = port(script, ["delta"])["delta"]
    assert "exec uv run accelerate launch" in r.script
    assert any("kept in front of the target's accelerate" in n for n in r.notes)


def test_conda_run_is_kept_with_its_environment_named() -> None:
    script = SLURM_1 + "conda run -n myenv --no-capture-output python train.py --lr 1\n"
    r = port(script, ["polaris"])["polaris"]
    assert "conda run -n myenv --no-capture-output python train.py --lr 1" in r.script
    assert any("conda env create" in n for n in r.notes)
