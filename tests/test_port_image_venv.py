"""Issue 14, bench/unseen31 truba-apptainer-binds-h100 (lonestar6, stampede3: wrong_noted): a
container's ``bash -c`` body that activates a Python venv (``source /env/bin/activate``, a venv of
the image's own filesystem) is kept whole in the image: run in the batch shell, on the host, the
activation finds no /env and the program in the image runs without it. Its ``cd`` and exports
stay in the body too (not run again, or named as dropped, on the host). Fixtures written here."""

from __future__ import annotations

from maple_flow import port

HEAD = ("#!/bin/bash\n#SBATCH --job-name=t\n#SBATCH --nodes=1\n#SBATCH --ntasks=1\n"
        "#SBATCH --gres=gpu:1\n#SBATCH --time=04:00:00\n")


def _batch_part(script: str) -> str:
    """The port's text before its launch command (the batch shell's own lines)."""
    for word in ("\nibrun", "\nsrun ", "\nmpiexec "):
        script = script.split(word, 1)[0]
    return script


def test_a_venv_activated_in_the_image_body_stays_in_the_image() -> None:
    script = HEAD + ("apptainer exec --nv --no-home --bind /proj/me/code:/code /proj/me/img "
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
    script = HEAD + ('singularity exec --nv img.sif bash -c ". .venv/bin/activate; '
                     'python train.py"\n')
    r = port(script, "delta")["delta"]
    assert 'img.sif bash -c ". .venv/bin/activate; \\"\\$@\\"" bash python train.py' in r.script
    assert ".venv/bin/activate" not in _batch_part(r.script)
