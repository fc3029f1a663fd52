"""Issue 14, s22-keeplines: a user line is left out of a port only when it is positively the
source's (its launch command, a job size or rendezvous value the target's script sets, a value
only the source site's dropped lines read, a network/launcher/device export), each drop with a
note true of that line; any other line stays verbatim, in order. Fixtures written here (the
forms of bench/first_run_classes user_line_false_note), not copied."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.rules import classify_env

SLURM = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
         "#SBATCH -t 01:00:00\n")
ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus=1\n"
       "#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", r.notes[:3]
    return r


def _notes(r) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(r.notes)


# --- 1. values the launch read through a variable holding the program and its arguments ---

HELD = (SLURM + 'MODEL_ID="./models/m7b"\nOUTPUT_DIR="./results/sft"\n'
        'TRAIN_SCRIPT="./train_sft.py --model_id ${MODEL_ID} --output_dir ${OUTPUT_DIR}"\n'
        "echo $TRAIN_SCRIPT\nsrun python3 $TRAIN_SCRIPT\n")


def test_the_user_s_values_of_a_program_variable_stay_verbatim() -> None:
    for target in ("polaris", "aurora", "delta"):
        r = _port(HELD, target)
        for line in ('MODEL_ID="./models/m7b"', 'OUTPUT_DIR="./results/sft"',
                     'TRAIN_SCRIPT="./train_sft.py --model_id ${MODEL_ID} --output_dir '
                     '${OUTPUT_DIR}"', "echo $TRAIN_SCRIPT"):
            assert line in r.script, (target, line)
        notes = _notes(r)
        assert "only builds the source's launch line" not in notes
        assert "prints the source's launch line" not in notes


# --- 2. a variable holding the launch COMMAND goes, with a note that says so ---------------

CMD = (SLURM + "LR=0.1\nCMD=\"torchrun --nproc_per_node 4 train.py --lr $LR\"\necho $CMD\n"
       "srun $CMD\n")


def test_a_launch_command_variable_and_its_echo_go_with_true_notes() -> None:
    r = _port(CMD, "polaris")
    assert 'CMD="torchrun' not in r.script and "echo $CMD" not in r.script
    assert "\nLR=0.1\n" in r.script
    notes = _notes(r)
    assert "holds the source's launch command (launcher words)" in notes
    assert "`echo $CMD` prints the source's launch line (a variable holding its launch " in notes


# --- 3. a value nothing reads, or only the source site's dropped lines read ---------------

def test_an_unread_user_value_stays_and_a_module_version_goes_named() -> None:
    script = (ONE + "RUN_TAG=baseline\nCUDA_VER=12.1\nmodule load cuda/$CUDA_VER\n"
              "srun python train.py\n")
    r = _port(script, "delta")
    assert "\nRUN_TAG=baseline\n" in r.script
    assert "CUDA_VER=12.1" not in r.script
    assert ("line 7 `CUDA_VER=12.1` is not copied: only line 8 reads it, and that line is not "
            "copied") in _notes(r)


def test_a_size_or_rendezvous_value_of_the_source_launch_goes_named() -> None:
    script = (SLURM.replace("--ntasks-per-node=4", "--ntasks-per-node=1") + "MASTER_PORT=6200\n"
              "srun torchrun --nproc_per_node 4 --master_port $MASTER_PORT train.py\n")
    r = _port(script, "polaris")
    assert "MASTER_PORT=6200" not in r.script
    assert "it sets MASTER_PORT, a job size or rendezvous value" in _notes(r)


# --- 4. exports: "a network, launcher or device setting" only where it is one -------------

def test_an_export_of_the_user_s_own_library_dir_is_kept() -> None:
    script = (ONE + "LOCAL_CUDNN=$HOME/cudnn\n"
              "export LD_LIBRARY_PATH=$LOCAL_CUDNN/lib64:$LD_LIBRARY_PATH\n"
              "srun python train.py\n")
    r = _port(script, "delta")
    assert "export LD_LIBRARY_PATH=$LOCAL_CUDNN/lib64:$LD_LIBRARY_PATH" in r.script
    assert "LOCAL_CUDNN=$HOME/cudnn" in r.script
    assert "network, launcher or device setting" not in _notes(r)


def test_a_site_search_path_is_dropped_naming_the_site_variable() -> None:
    verdict = classify_env("LD_LIBRARY_PATH", "$EBROOTCUDNN/lib64:$LD_LIBRARY_PATH")
    assert verdict.kind == "site" and "$EBROOTCUDNN" in verdict.why
    assert "network, launcher or device" not in verdict.why


def test_network_and_device_exports_keep_their_true_note() -> None:
    for name, value in (("NCCL_IB_HCA", "mlx5"), ("FI_CXI_DISABLE_HOST_REGISTER", "1"),
                        ("CUDA_VISIBLE_DEVICES", "0,1")):
        verdict = classify_env(name, value)
        assert verdict.kind == "site" and "network, launcher or device" in verdict.why


def test_a_user_knob_of_a_site_prefix_is_the_user_s() -> None:
    for name, value in (("KMP_BLOCKTIME", "0"), ("CONDA_PKGS_DIRS", "./pkgs")):
        assert classify_env(name, value).kind in {"step", "keep"}, name


# --- 5. one line, one note: an export left out is not also "reading itself" ----------------

def test_a_dropped_path_export_gets_one_true_note() -> None:
    script = ONE + "export PATH=/usr/local/cuda-11/bin${PATH:+:${PATH}}\npython -u train.py\n"
    r = _port(script, "delta")
    said = [n for n in r.notes if "cuda-11/bin" in n]
    assert any("points to the source cluster's filesystem" in n for n in said)
    assert any(n.startswith("line 6 `export PATH=/usr/local/cuda-11/bin") and "see the note on "
               "PATH above" in n for n in said)
    assert "reads $PATH" not in _notes(r)


# --- 6. a loop's own values stay in the loop ------------------------------------------------

def test_loop_values_the_launch_read_stay_in_the_loop() -> None:
    script = (ONE + "for seed in 1 2; do\n  tag=run_$seed\n  out=ckpt/$tag\n"
              '  echo "seed $seed -> $out"\n  srun python train.py --seed $seed --out $out\n'
              "done\n")
    r = _port(script, "polaris")
    for line in ("  tag=run_$seed", "  out=ckpt/$tag", '  echo "seed $seed -> $out"'):
        assert line in r.script, line
    assert "only builds the source's launch line" not in _notes(r)
