"""Classes of helper s38rl44 (templates/failures/rl44_s38.yaml and two extended signatures):
batchgenerators' dead augmentation workers (the program's), a GPU device node the job may
not open without its account (a question), an Lmod modulefile with an unknown property (drop
the one module the script loads, else ask which), a multi-line ``python -c`` program under
csh (written to a file), a file tool's quota message, an elided NCCL no-route quote."""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import diagnose_first as _diagnose

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_inline_program import program_from_inline_file
from maple_flow.repair.resolve_only_module import OnlyModuleUnresolved, only_module
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s38rl44_probe" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
SRUN_TR = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
PBS = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
ONE_GPU = SRUN_PY.replace("srun python -u train.py", "module load pytorch/2.5.1\npython train.py")
PYC = 'python -c "\nimport glob\nfor f in glob.glob(\'*.zarr\'):\n    print(f)\n" --x 1'


def test_dead_augmentation_workers_are_the_programs() -> None:
    log = ("RuntimeError: One or more background workers are no longer alive. Exiting. Please "
           "check the print statements above for the actual error message\n")
    first, data = _diagnose(PBS, log, "polaris")
    assert first == "batchgenerators-augmenter-workers-died"
    assert data.get("proposed") is None and data["verdict"] == "not_script"


def test_a_denied_gpu_device_node_asks_for_the_account() -> None:
    log = "cuInit(0) -> error 3 (CUDA_ERROR_NOT_INITIALIZED)\ncat /dev/nvidia0: Invalid argument\n"
    first, data = _diagnose(SRUN_PY, log, "lonestar6")
    assert first == "gpu-device-node-denied-no-account" and data["verdict"] == "ask"
    answered = diagnose_log(SRUN_PY, log, "lonestar6", None, False, answers={"account": "P1"})
    assert "+#SBATCH --account=P1" in answered["proposed"]["diff"]
    with_account = SRUN_PY.replace("#SBATCH --time", "#SBATCH -A P1\n#SBATCH --time")
    first, data = _diagnose(with_account, log, "lonestar6")
    assert first != "gpu-device-node-denied-no-account" and data.get("proposed") is None


LMOD = 'Lmod error: "MT:add_property(): system property table has no entry for: environ"\n'


def test_a_broken_modulefile_is_dropped_when_it_is_the_only_module() -> None:
    first, data = _diagnose(ONE_GPU, LMOD, "lonestar6")
    assert first == "lmod-modulefile-unknown-property"
    assert "-module load pytorch/2.5.1" in data["proposed"]["diff"]


def test_a_broken_modulefile_among_several_is_a_question() -> None:
    two = ONE_GPU.replace("module load pytorch/2.5.1", "module load cuda/12.2\nmodule load torch")
    first, data = _diagnose(two, LMOD, "lonestar6")
    assert first == "lmod-modulefile-unknown-property" and data["verdict"] == "ask"
    answered = diagnose_log(two, LMOD, "lonestar6", None, False, answers={"broken_module": "torch"})
    assert "-module load torch" in answered["proposed"]["diff"]


def test_only_module_reads_the_scripts_loads() -> None:
    assert only_module("module load a/1\nmodule load a/1\n", "m", {}) == "a/1"
    assert only_module("module load a b\n", "m", {"m": "b"}) == "b"
    with pytest.raises(OnlyModuleUnresolved):
        only_module("module load a b\n", "m", {})
    with pytest.raises(OnlyModuleUnresolved):
        only_module("python x.py\n", "m", {})


def test_a_multiline_python_c_is_written_to_a_file() -> None:
    after = program_from_inline_file(f"#!/bin/csh\n{PYC}\necho done\n")
    assert after == ('#!/bin/csh\ncat > "inline_program_$$.py" << MAPLE_PY\nimport glob\n'
                     "for f in glob.glob('*.zarr'):\n    print(f)\nMAPLE_PY\n"
                     'python "inline_program_$$.py" --x 1\necho done\n')


@pytest.mark.parametrize("text", [
    'python -c "print(1)"\n',  # one line: csh takes it
    'python -c "\nimport os\nprint(os.environ[\\"HOME\\"])\n"\n',  # a quote inside
    'python -c "\nprint(\'$HOME\')\n"\n',  # a variable the shell would have expanded
])
def test_other_python_c_lines_are_left_alone(text: str) -> None:
    with pytest.raises(FixNotApplicable):
        program_from_inline_file(text)


def test_csh_unmatched_quote_moves_the_program_to_a_file() -> None:
    script = PBS.replace("#!/bin/bash", "#!/bin/csh").replace(
        "mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python "
        "train.py", PYC)
    for log in ('Unmatched ".\n', "Unmatched '\"'.\n"):
        first, data = _diagnose(script, log, "polaris")
        assert first == "csh-multiline-python-c-unmatched-quote"
        assert '+python "inline_program_$$.py" --x 1' in data["proposed"]["diff"]
    first, _ = _diagnose(PBS, 'Unmatched ".\n', "polaris")  # no multi-line program
    assert first != "csh-multiline-python-c-unmatched-quote"


def test_a_file_tools_quota_message_is_the_sites() -> None:
    for log in ("mkdir: ... Disk quota exceeded\n",
                "mkdir: cannot create directory '/projects/x/run1': Disk quota exceeded\n"):
        first, data = _diagnose(SRUN_PY, log, "delta")
        assert first == "disk-quota-exceeded" and data.get("proposed") is None
        assert data["diagnoses"][0]["method"] == "signature" and data["verdict"] == "not_script"


def test_an_elided_nccl_no_route_quote_is_the_interface_class() -> None:
    log = "NCCL WARN socketStartConnect ... No route to host\n"
    first, data = _diagnose(SRUN_TR, log, "delta")
    assert first == "nccl-peer-unreachable-site-interface"
    assert "+export NCCL_SOCKET_IFNAME=hsn" in data["proposed"]["diff"]
    first, data = _diagnose(SRUN_TR, "socketStartConnect … No route to host\n", "vista")
    assert first == "nccl-peer-unreachable-ask-interface" and data["verdict"] == "ask"
    retry = "NCCL INFO socketPollConnect ... No route to host, retrying (3/34)\n"
    _, data = _diagnose(SRUN_TR, retry, "delta")
    assert data.get("proposed") is None


ONE_PROCESS = PBS.replace(
    "#PBS -l select=2:system=polaris", "#PBS -l select=1:system=polaris").replace(
    "mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth python train.py",
    "python -m oceanml3d.main experiment=osse3d")


def test_a_one_process_job_stalled_at_the_sanity_check_is_the_programs() -> None:
    for log in ("Sanity Checking: 0/?\n",
                "Sanity Checking DataLoader 0:   0%|          | 0/2 [00:00<?, ?it/s]\n"):
        first, data = _diagnose(ONE_PROCESS, log, "polaris")
        assert first == "lightning-sanity-check-stalls-one-process", log
        assert data["verdict"] == "not_script" and data.get("proposed") is None


@pytest.mark.parametrize(("script", "log"), [
    (PBS, "Sanity Checking: 0/?\n"),  # ranks on two nodes: a peer may be what it waits for
    (ONE_PROCESS, "Sanity Checking DataLoader 0:   0%|          | 0/2 [00:00<?, ?it/s]\n"
                  "RuntimeError: Unable to find a valid cuDNN algorithm to run convolution\n"),
    (ONE_PROCESS, "Sanity Checking DataLoader 0: 100%|██████████| 2/2 [00:00<00:00,  2.74it/s]\n"),
])
def test_other_sanity_check_logs_are_not_the_stall(script: str, log: str) -> None:
    first, _ = _diagnose(script, log, "polaris")
    assert first != "lightning-sanity-check-stalls-one-process"
