"""Issue 14: a port keeps the user's container invocation whole (overlays, runtime options,
its ``bash -c`` body), changing only the site's runtime; where the container cannot run on
the target and the program's environment lives in it, the port refuses saying why."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.container_lost import container_lost_refusal
from maple_flow.port.image_body import image_body
from maple_flow.scriptparse import parse_script

HEAD = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --time=01:00:00
#SBATCH --gres=gpu:1
"""
GREENE = HEAD + (
    "singularity exec --nv --overlay /scratch/u/env.ext3:ro "
    "/scratch/work/public/singularity/cuda.sif /bin/bash -c \"\n"
    "source /ext3/env.sh\nconda activate wp\npython src/main.py train --k 3\n\"\n")


def _port(script: str, target: str) -> tuple[str, str]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return r.script, "\n".join(r.notes)


def test_an_overlay_container_and_its_body_run_in_the_image_on_the_target() -> None:
    script, notes = _port(GREENE, "delta")
    assert "apptainer exec --nv --overlay /scratch/u/env.ext3:ro " \
           "/scratch/work/public/singularity/cuda.sif /bin/bash -c \"" in script
    assert "source /ext3/env.sh\nconda activate wp\n\\\"\\$@\\\"\n\" bash python " in script
    assert script.rstrip().endswith("src/main.py train --k 3")
    assert script.count("source /ext3/env.sh") == 1  # in the image only, not the batch shell
    assert "is not used on the target" not in notes and "is not copied" not in notes
    assert "the overlay(s) /scratch/u/env.ext3:ro (your environment or data images) are " \
           "files of the source's filesystem: copy them to Delta" in notes


def test_the_port_reads_its_own_container_body_back() -> None:
    script, _ = _port(GREENE, "anvil")
    back = parse_script(script)
    assert back.launch.entrypoint == "src/main.py"
    assert back.launch.args == ["train", "--k", "3"]
    assert [s.name for s in back.launch.stages if s.name == "singularity"] == ["singularity"]


@pytest.mark.parametrize(("target", "why"), [
    ("aurora", "Aurora's GPUs are not NVIDIA ones"),
    ("perlmutter", "runs registry images only")])
def test_an_overlay_container_that_cannot_run_on_the_target_is_refused(target: str,
                                                                       why: str) -> None:
    r = port(GREENE, target)[target]
    assert r.status == "refused"
    refusal = next(n for n in r.notes if n.startswith("refused"))
    assert "with the overlay image(s) /scratch/u/env.ext3:ro" in refusal
    assert "conda activate wp" in refusal and why in refusal


def test_a_target_with_no_container_runtime_refuses_naming_it() -> None:
    profile = get_profile("delta").model_copy(update={"container": None})
    plain = HEAD + "srun apptainer exec --nv /u/pt.sif python train.py\n"
    why = container_lost_refusal(parse_script(plain), profile)
    assert "Delta has no container runtime in maple_flow's facts" in why
    assert container_lost_refusal(parse_script(HEAD + "python train.py\n"), profile) == ""


def test_a_stock_image_that_cannot_run_is_still_dropped_with_a_note() -> None:
    # no overlay, no environment set up in the image, a current framework in its name: the
    # target's own stack stands in (a user's image whose name shows none is refused:
    # tests/test_port_s20tune15.py)
    plain = HEAD + "srun apptainer exec --nv /u/pytorch_24.01.sif python train.py\n"
    _, notes = _port(plain, "aurora")
    assert "container /u/pytorch_24.01.sif (apptainer) is not used on the target" in notes


def test_option_words_stay_as_written_and_script_values_are_put_in() -> None:
    script = HEAD + ('img=/scratch/$USER/cuda.sif\nsingularity exec --nv --overlay '
                     '$SCRATCH/o.ext3:ro -H "$HOME/h" --cleanenv ${img} python train.py\n')
    out, notes = _port(script, "delta")
    assert ('apptainer exec --nv --overlay $SCRATCH/o.ext3:ro -H "$HOME/h" --cleanenv '
            '"/scratch/$USER/cuda.sif" python ') in out
    assert "your --cleanenv keeps the host's environment out of the image" in notes
    assert ("the host path(s) of your runtime options (-H \"$HOME/h\") are on the source's "
            "filesystem: make them exist on Delta") in notes


def test_a_body_reading_the_jobs_arguments_inside_a_per_node_wrapper_is_refused() -> None:
    script = HEAD + ("singularity exec --nv --overlay o.ext3:ro c.sif /bin/bash -c "
                     "\"source /ext3/env.sh; python train.py $1 > $1.log 2>&1\"\n")
    out, _ = _port(script, "delta")  # srun: the launch is no quoted wrapper there
    assert '"source /ext3/env.sh; \\"\\$@\\" > $1.log 2>&1" bash python train.py $1' in out
    # one plain process: ibrun starts the image itself, $1 stays the job script's own
    assert 'bash python train.py $1' in _port(script, "lonestar6")[0]
    r = port(script, "lonestar6", ranks=1)["lonestar6"]  # torchrun: ibrun bash -c '... maple-node'
    assert r.status == "refused"  # $1 would be the wrapper's
    assert any("reads the job script's own arguments" in n for n in r.notes)


@pytest.mark.parametrize(("line", "quoted", "steps"), [
    ("singularity exec --nv c.sif bash -c 'source /ext3/env.sh; python train.py'",
     "'source /ext3/env.sh; \"$@\"'", "source /ext3/env.sh"),
    ('apptainer exec --nv c.sif /bin/bash -c "conda activate a && python3 -u x.py --a 1 2> e"',
     '"conda activate a && \\"\\$@\\" 2> e"', "conda activate a"),
    ('singularity exec --nv c.sif /bin/bash -c "source /ext3/env.sh; \\\n    python x.py"',
     '"source /ext3/env.sh;      \\"\\$@\\""', "source /ext3/env.sh")])
def test_the_body_keeps_its_quotes_steps_and_redirects(line: str, quoted: str,
                                                       steps: str) -> None:
    body = image_body(parse_script(HEAD + line + "\n"))
    assert body is not None and body.quoted == quoted and body.steps == steps


def test_a_body_with_no_image_environment_or_outside_the_container_is_not_read() -> None:
    assert image_body(parse_script(HEAD + 'singularity exec c.sif bash -c "python x.py"\n')) \
        is None
    assert image_body(parse_script(HEAD + 'singularity exec c.sif bash -c "source v.sh; '
                                          'python x.py"\n')) is None
    assert image_body(parse_script(HEAD + 'bash -c "source v.sh; singularity exec c.sif '
                                          'python x.py"\n')) is None


def test_a_container_refusal_is_a_maple_error_not_a_traceback() -> None:
    with pytest.raises(MapleError):
        port(HEAD + 'singularity exec --nv c.sif /bin/bash -c "$CMD"\n', "delta")


def test_a_bare_shell_script_the_container_runs_is_named_in_the_refusal() -> None:
    # a user's wrapper run by the image (`singularity run IMG python_run.sh "$@"`): the
    # program is inside it; the refusal named nothing but "no launch line found"
    script = ('#!/bin/bash\nmodule load singularity\nsingularity run --nv --bind ./:/usr/src '
              'deeplearn.sif python_run.sh "$@" ++node_id=$SLURM_NODEID\n')
    with pytest.raises(MapleError, match=r"through the shell script python_run.sh \(run inside "
                       r"the container of the line\)"):
        port(script, "polaris")


SINGLE = HEAD + ("singularity exec --nv --overlay o.ext3:ro c.sif /bin/bash -c "
                 "'source /ext3/env.sh; python train.py'\n")


def test_a_single_quoted_body_goes_into_the_targets_quoted_wrapper_escaped() -> None:
    # Lonestar6 runs the per-node launch in `bash -c '...' maple-node`: the body's own single
    # quotes are written '\'' there (the container was dropped, its env.sh step lost)
    r = port(SINGLE, "lonestar6", ranks=1)["lonestar6"]  # torchrun's per-node launch
    out, notes = r.script, "\n".join(r.notes)
    assert ("bash -c 'exec apptainer exec --nv --overlay o.ext3:ro c.sif /bin/bash -c "
            "'\\''source /ext3/env.sh; \"$@\"'\\'' bash torchrun ") in out
    assert "your container is not carried" not in notes


def test_a_single_quoted_body_reading_its_own_arguments_is_refused() -> None:
    # `bash -c '... $1'` read the inner shell's (empty) $1; with the program passed as "$@"
    # it would read the program's first word
    script = SINGLE.replace("; python train.py", "; cd /w/$1; python train.py")
    r = port(script, "delta")["delta"]
    assert r.status == "refused"
    assert any("reads the job script's own arguments" in n for n in r.notes)
