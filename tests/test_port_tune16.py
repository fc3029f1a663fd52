"""Plain shell the port misread, and site facts it missed (bench/s20tune16_probe, issue 14):
a heredoc inside ``$( ... )`` closed by ``PY)``, ``echo "=== ..."``, the launch inside the
user's shell function, $SLURM_TMPDIR, per-pass loop variables, a framework from a site
module on a target with none, in-job downloads by the user's own script, pyxis mounts."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.scriptparse.shell import logical_lines

ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --gpus=1\n"
       "#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    return port(script, target)[target]


def _refusal(script: str, target: str) -> str:
    try:
        r = _port(script, target)
    except MapleError as exc:
        return str(exc)
    assert r.status == "refused", r.script
    return " ".join(r.notes)


# --- 1. bash ends a heredoc inside $( ... ) at `PY)`: the lines after it run ---

PROBE = (ONE + "IS_ONE=$(python - <<'PY'\nimport json\nprint(1)\nPY)\n"
         'echo "probe: $IS_ONE"\npython train.py --epochs 3\n')


def test_a_heredoc_closed_by_delim_paren_ends_there() -> None:
    lines = [text for _, text in logical_lines(PROBE)]
    assert any(t.startswith("IS_ONE=$(python") and t.endswith("PY)") for t in lines)
    assert "python train.py --epochs 3" in lines


def test_the_launch_after_a_delim_paren_heredoc_is_ported() -> None:
    r = _port(PROBE, "delta")
    assert r.status == "generated"
    assert "train.py --epochs 3" in r.script


CONTAINER_SUB = (ONE + "IMG=/data/app.sif\n"
                 'singularity exec --nv $( [ "$A" = 1 ] && echo "--bind /x:/y" ) $IMG '
                 "python /app/run.py --out /y\n")


def test_a_container_line_with_a_command_substitution_before_its_image_is_refused() -> None:
    why = _refusal(CONTAINER_SUB, "delta")
    assert "command substitution" in why and "singularity exec" in why


# --- 2. `echo "=== x ==="` is an echo; the launch in the user's function is named ---

FUNCTION = (ONE + 'echo "=== start ==="\n'
            'run() {\n    local tag="$1"; shift\n    if ! uv run bench.py "$@" --tag "$tag"; then\n'
            '        echo failed\n    fi\n}\n'
            "run a --size 1\nrun b --size 2\n"
            'echo "=== done ==="\n')


def test_echo_of_equals_text_is_no_spaced_assignment_and_the_function_is_named() -> None:
    why = _refusal(FUNCTION, "delta")
    assert "not an assignment" not in why
    assert "shell function" in why and "`run`" in why and "bench.py" in why


def test_python_reading_a_heredoc_is_not_called_a_binary() -> None:
    from maple_flow.scriptparse.unread import why_not_launch

    why = why_not_launch(("python", "-", "data.json"))
    assert "standard input" in why and "not Python" not in why


# --- 3. $SLURM_TMPDIR: made in the target's node-local directory ---

TMPDIR_STAGE = (ONE + "set -euo pipefail\n"
                'cp "$HOME/data.tar" "$SLURM_TMPDIR/"\ncd "$SLURM_TMPDIR"\ntar -xf data.tar\n'
                "cd $HOME/proj\n"
                'srun python train.py --data "$SLURM_TMPDIR/data"\n')


@pytest.mark.parametrize("target,where", [("polaris", "/local/scratch"), ("lonestar6", "/tmp")])
def test_slurm_tmpdir_is_made_on_the_target_node(target: str, where: str) -> None:
    r = _port(TMPDIR_STAGE, target)
    assert r.status == "generated"
    assert f'MAPLE_TMPDIR="$(mktemp -d "{where}/job.' in r.script
    assert 'cd "$MAPLE_TMPDIR"' in r.script and 'cp "$HOME/data.tar" "$MAPLE_TMPDIR/"' in r.script
    assert "SLURM_TMPDIR" not in r.script.split("\n# ", 1)[-1].replace("$SLURM_TMPDIR ->", "")
    assert r.script.index("MAPLE_TMPDIR=") < r.script.index('cp "$HOME')


# --- 4. per-pass loop variables stay references, their lines kept ---

LOOP = (ONE + 'idx_list=("0 1" "4 5")\nnames=("a" "b")\n'
        'for i in "${!idx_list[@]}"; do\n'
        '    idx="${idx_list[$i]}"\n    out="runs/${names[$i]}"\n'
        '    echo "idx=$idx"\n    mkdir -p "$out"\n'
        "    python main.py --out $out --idx $idx\n"
        "done\n")


def test_loop_variables_picked_by_index_are_kept() -> None:
    r = _port(LOOP, "lonestar6")
    assert r.status == "generated"
    assert 'idx="${idx_list[$i]}"' in r.script and 'out="runs/${names[$i]}"' in r.script
    assert "main.py --out $out --idx $idx" in r.script
    assert not any("only builds the source's launch line" in n for n in r.notes)


# --- 5. a framework from a site module, on a target that gives none ---

MODULE_TORCH = ONE + "module purge\nmodule load pytorch-gpu/py3/2.3.0\nsrun python -u train.py\n"


def _stack_notes(script: str, target: str) -> list[str]:
    r = _port(script, target)
    assert r.status == "generated"
    return [n for n in r.notes if n.startswith("NOT READY TO RUN")]


def test_a_site_framework_module_on_a_target_with_none_is_named_plainly() -> None:
    notes = _stack_notes(MODULE_TORCH, "lonestar6")
    assert notes and "pytorch-gpu/py3/2.3.0" in notes[0] and "fails at import" in notes[0]


def test_a_site_ml_python_module_on_a_target_with_none_is_named_plainly() -> None:
    ml = MODULE_TORCH.replace("pytorch-gpu/py3/2.3.0", "python/3.8-cuda-ml")
    notes = _stack_notes(ml, "lonestar6")
    assert notes and "python/3.8-cuda-ml" in notes[0]


def test_a_site_framework_module_with_an_own_env_or_on_a_target_with_one_has_no_such_note() -> None:
    own = MODULE_TORCH.replace("srun", "source ~/venv/bin/activate\nsrun")
    assert not _stack_notes(own, "lonestar6")
    assert not _stack_notes(MODULE_TORCH, "polaris")


# --- 6. the user's own download script on a proxied target ---

DOWNLOAD = (ONE + "for F in $IDS; do\n    bash download_from_drive.sh \"$F\"\n"
            "    python train.py\ndone\n")


def test_a_download_script_sets_the_proxy_on_aurora() -> None:
    r = _port(DOWNLOAD, "aurora")
    assert r.status == "generated"
    assert "https_proxy=" in r.script
    assert any("download_from_drive.sh" in n and "proxy" in n for n in r.notes)


# --- 7. a pyxis batch script that uses its container's mount points ---

PYXIS = (ONE + "#SBATCH --container-image=user/pytorch:2025.06\n"
         "#SBATCH --container-mounts=/storage1/me:/proj\n"
         "cd /proj/code\npython3 main.py\n")


def test_pyxis_mount_points_used_by_the_script_are_refused() -> None:
    why = _refusal(PYXIS, "aurora")
    assert "pyxis" in why and "/proj" in why and "--container-mounts" in why


# --- 8. a venv the job makes itself, filled only from the source site's wheelhouse ---

WHEELHOUSE = (ONE + "virtualenv --no-download $SLURM_TMPDIR/env\n"
              "source $SLURM_TMPDIR/env/bin/activate\n"
              "pip install --no-index -r requirements.txt\npython main.py\n")


def test_an_in_job_venv_filled_from_the_wheelhouse_is_refused_with_the_fix() -> None:
    why = _refusal(WHEELHOUSE, "polaris")
    assert "--no-index" in why and "fails at import" in why and "virtualenv" in why
    assert "runs with Polaris's own Python stack" not in why


def test_a_premade_venv_with_wheelhouse_pip_still_ports() -> None:
    premade = WHEELHOUSE.replace("virtualenv --no-download $SLURM_TMPDIR/env\n", "")
    assert _port(premade, "polaris").status == "generated"
