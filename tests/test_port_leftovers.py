"""Three ways a port was silently wrong (bench/leftovers_probe): a MIG slice became a whole
GPU with no note; the batch script's own arguments were requoted (``$1`` -> ``"$1"``, ``$*``
-> ``"$@"``, ``"${@:2}"`` -> literal text) under "passed as written"; a one-process job on a
target that hands out whole nodes saw every GPU of the node."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.gpu_share import limit_visible_gpus, mig_note
from maple_flow.scriptparse import parse_script

ONE = "#!/bin/bash\n#SBATCH --ntasks=1\n#SBATCH -t 01:00:00\n"


def _launch(script: str) -> str:
    return script.rstrip().splitlines()[-1].strip()


# --- 1. MIG slices ------------------------------------------------------------------------

@pytest.mark.parametrize("request_line", [
    "#SBATCH --gpus=3g.40gb:1", "#SBATCH --gres=gpu:1g.10gb:1",
    "#SBATCH --gpus-per-node=a100_3g.20gb:1", "#SBATCH --gres gpu:mig:1"])
@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_a_mig_slice_is_named_with_what_the_target_gives(request_line: str, target: str) -> None:
    script = ONE + request_line + "\npython train.py --lr 0.1\n"
    r = port(script, target)[target]
    assert r.status == "generated"
    asked = request_line.removeprefix("#SBATCH ")
    note = next(n for n in r.notes if "MIG slice" in n)
    assert f"`{asked}`" in note and get_profile(target).gpu.model in note


def test_a_pbs_mig_request_is_named_too() -> None:
    p = parse_script("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1:mig=3g.20gb\n"
                     "#PBS -l walltime=01:00:00\npython train.py\n")
    assert "mig=3g.20gb" in mig_note(p, get_profile("delta"))[0]


def test_a_whole_gpu_request_or_a_job_name_is_no_mig_slice() -> None:
    for line in ("#SBATCH --gres=gpu:a100:1", "#SBATCH -J run_3g.40gb\n#SBATCH --gpus=1"):
        p = parse_script(ONE + line + "\npython train.py\n")
        assert mig_note(p, get_profile("delta")) == []


def test_the_target_profile_s_mig_instances_are_named_when_it_has_some() -> None:
    profile = get_profile("delta")
    with_mig = profile.model_copy(update={"gpu": profile.gpu.model_copy(
        update={"mig_profiles": ["3g.20gb", "1g.5gb"]})})
    p = parse_script(ONE + "#SBATCH --gres=gpu:a100_3g.20gb:1\npython train.py\n")
    assert "offers MIG instances (3g.20gb, 1g.5gb)" in mig_note(p, with_mig)[0]


# --- 2. the batch script's own arguments stay as written ----------------------------------

@pytest.mark.parametrize("args", ["$1", "--cfg c.yaml $@", "$*", '"$@"', "--lr=$1 $2",
                                  '"${@:2}"'])
@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_positional_arguments_keep_the_user_s_quoting(args: str, target: str) -> None:
    r = port(ONE + "#SBATCH --gpus=1\npython train.py " + args + "\n", target)[target]
    assert _launch(r.script).endswith("train.py " + args)
    assert not any("literal text" in n for n in r.notes)


def test_a_program_given_as_a_slice_of_the_arguments_is_refused() -> None:
    with pytest.raises(MapleError, match=r"takes its program from the job's command line "
                                         r"\(`\$\{@:1\}`"):
        port(ONE + '#SBATCH --gpus=1\npython -u "${@:1}"\n', "delta")


# --- 3. a one-process job on whole nodes --------------------------------------------------

@pytest.mark.parametrize("target", ["polaris", "lonestar6", "aurora"])
def test_one_process_on_a_whole_node_target_sees_its_one_gpu(target: str) -> None:
    r = port(ONE + "#SBATCH --gpus=1\npython train.py\n", target)[target]
    var = get_profile(target).gpu.visible_devices_var
    assert f"export {var}=0" in r.script
    assert any(f"sets {var}=0" in n for n in r.notes)


def test_a_target_that_gives_the_gpus_asked_sets_nothing() -> None:
    r = port(ONE + "#SBATCH --gpus=1\npython train.py\n", "delta")["delta"]
    assert "CUDA_VISIBLE_DEVICES" not in r.script


def test_a_job_using_the_whole_node_or_setting_the_variable_itself_is_left_alone() -> None:
    polaris = get_profile("polaris")
    assert limit_visible_gpus(polaris, 4, set(), "") == ({}, [])
    assert limit_visible_gpus(polaris, 1, set(), "export CUDA_VISIBLE_DEVICES=2\n") == ({}, [])
    assert limit_visible_gpus(polaris, 2, set(), "")[0] == {"CUDA_VISIBLE_DEVICES": "0,1"}


def test_arguments_put_in_from_a_variable_s_value_are_passed_quoted() -> None:
    # the user wrote `${args}` (args="${@}") in a bash -c body, not `${@}`: quoted, clean
    script = (ONE + "#SBATCH --gpus=1\nargs=\"${@}\"\n"
              "srun bash -c \"python train.py ${args}\"\n")
    r = port(script, "delta")["delta"]
    assert _launch(r.script).endswith('train.py "$@"')
