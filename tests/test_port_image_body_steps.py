"""Issue 14, bench/s28port2_probe: a container's ``bash -c`` body whose steps need the image is
kept whole in the target's runtime. A ``bash -lc`` (a shell option word ending in ``c``) body is
read as one; a body whose steps run a program (``python train.py && python eval.py``) or ``cd``
before a relative image path keeps them in the image (moved to the batch shell they ran on the
host, or named another image file); of several runs of the program in the body the last is the
launch, and every run is kept once. Fixtures written here, not copied."""

from __future__ import annotations

from maple_flow import port

HEAD = ("#!/bin/bash\n#SBATCH --job-name=t\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:4\n"
        "#SBATCH --time=04:00:00\nmodule load singularity\n")


def _batch_part(script: str) -> str:
    """The port's text before its launch command (the batch shell's own lines)."""
    for word in ("\nibrun", "\nsrun ", "\nmpiexec "):
        script = script.split(word, 1)[0]
    return script


def test_a_login_shell_body_with_an_and_chain_is_kept_whole_in_the_image() -> None:
    script = HEAD + ('singularity exec --nv /scratch/me/img.sif bash -lc "cd /scratch/me/proj && '
                     'pip install -e . && python train.py --cfg c.yaml && python eval.py --ck '
                     'last.pt"\n')
    for target in ("delta", "polaris"):
        r = port(script, target)[target]
        assert r.status != "refused", target
        assert ('img.sif bash -lc "cd /scratch/me/proj && pip install -e . && python train.py '
                '--cfg c.yaml && \\"\\$@\\"" bash python eval.py --ck last.pt') in r.script, target
        batch = _batch_part(r.script)
        assert "python train.py" not in batch and "pip install" not in batch, target
        assert not any("ran in the launch's `bash -c` body" in n for n in r.notes), target


def test_a_body_whose_steps_run_a_program_keeps_them_in_the_image() -> None:
    script = HEAD + ("singularity exec --nv /scratch/me/img.sif bash -c "
                     "'python prep.py && python train.py'\n")
    r = port(script, "delta")["delta"]
    assert "img.sif bash -c 'python prep.py && \"$@\"' bash python train.py" in r.script
    assert "python prep.py" not in _batch_part(r.script)


def test_a_cd_before_a_relative_image_path_stays_in_the_body() -> None:
    script = HEAD + 'apptainer exec --nv ../img.sif bash -c "cd sub/dir && python3 run.py"\n'
    r = port(script, "delta")["delta"]
    assert 'exec --nv ../img.sif bash -c "cd sub/dir && \\"\\$@\\"" bash python3 run.py' in r.script
    assert "cd sub/dir" not in _batch_part(r.script)


def test_an_absolute_image_with_only_a_cd_is_ported_as_before() -> None:
    script = HEAD + ('apptainer exec --nv /scratch/img.sif bash -c "cd /scratch/p && '
                     'python3 run.py"\n')
    r = port(script, "delta")["delta"]
    assert "cd /scratch/p" in _batch_part(r.script)  # the cd alone moves nothing of the image


def test_several_runs_of_the_program_in_the_body_each_run_once() -> None:
    runs = "\n".join(f"  python ev.py --len {n}" for n in (10, 20, 40))
    script = HEAD + ('apptainer exec --nv /scratch/img.sif bash -lc "\n  pip install -q x\n'
                     f'{runs}\n"\n')
    r = port(script, "delta")["delta"]
    assert r.status != "refused", r.notes[:1]
    assert r.script.count("python ev.py --len 10") == 1
    assert r.script.count("python ev.py --len 20") == 1
    assert 'bash python ev.py --len 40' in r.script  # the last run is the target's launch


def test_an_image_path_glob_stays_live_and_both_runs_are_kept_in_order() -> None:
    script = HEAD + ("singularity exec --nv --overlay /home/me/py/overlay.ext3:ro \\\n"
                     "    /scratch/public/cuda11.8-ubuntu22.04.2.sif* \\\n"
                     '    /bin/bash -c "source /ext3/env.sh; python train.py --camera r; '
                     'python train.py --camera b"\n')
    r = port(script, "delta")["delta"]
    assert r.status != "refused", r.notes[:1]
    assert " /scratch/public/cuda11.8-ubuntu22.04.2.sif* /bin/bash -c " in r.script  # not quoted
    assert ('"source /ext3/env.sh; python train.py --camera r; \\"\\$@\\"" bash python train.py '
            "--camera b") in r.script


# Issue 14, bench/unseen31 truba-apptainer-binds-h100 (lonestar6, stampede3: wrong_noted): a
# container's ``bash -c`` body that activates a Python venv (``source /env/bin/activate``, a venv of
# the image's own filesystem) is kept whole in the image: run in the batch shell, on the host, the
# activation finds no /env and the program in the image runs without it. Its ``cd`` and exports
# stay in the body too (not run again, or named as dropped, on the host). Fixtures written here.
VENV_HEAD = ("#!/bin/bash\n#SBATCH --job-name=t\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n"
             "#SBATCH --gres=gpu:1\n#SBATCH --time=04:00:00\n")


def test_a_venv_activated_in_the_image_body_stays_in_the_image() -> None:
    script = VENV_HEAD + ("apptainer exec --nv --no-home --bind /proj/me/code:/code /proj/me/img "
                          "bash -c 'source /env/bin/activate && cd /code && export HOME=/code && "
                          "python3 train.py --epochs 3'\n")
    for target in ("lonestar6", "delta"):
        r = port(script, target)[target]
        assert r.status != "refused", target
        assert ("bash -c 'source /env/bin/activate && cd /code && export HOME=/code && "
                "\"$@\"' bash python3 train.py --epochs 3") in r.script, target
        batch = _batch_part(r.script)
        assert "/env/bin/activate" not in batch and "cd /proj/me/code" not in batch, target
        assert not any("HOME=/code points to" in n for n in r.notes), target


def test_a_relative_venv_in_the_body_stays_in_the_image_too() -> None:
    script = VENV_HEAD + ('singularity exec --nv img.sif bash -c ". .venv/bin/activate; '
                          'python train.py"\n')
    r = port(script, "delta")["delta"]
    assert 'img.sif bash -c ". .venv/bin/activate; \\"\\$@\\"" bash python train.py' in r.script
    assert ".venv/bin/activate" not in _batch_part(r.script)
