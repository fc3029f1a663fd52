"""Issue 14, s22-launchwords: every launch keeps the program's argument words as the user wrote
them (``--config ${CONFIG}``, ``$OPTS``, ``--lr $LR``) where the lines that set them are kept,
also when the batch shell pasted their values into the launch: a ``bash -c "..."`` body, an
``eval "..."`` line, a variable holding the program and its arguments (``srun $CMD``). A value is
written out only where the words would not give the same arguments on the port's launch line.
Fixtures written here (the forms of bench/first_run_classes program_args and the s22-keeplines
leftover), not copied."""

from __future__ import annotations

from maple_flow import port
from maple_flow.scriptparse import parse_script

ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:2\n"
       "#SBATCH -t 01:00:00\n")
FOUR = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
        "#SBATCH -t 01:00:00\n")


def _port(script: str, target: str):  # type: ignore[no-untyped-def]
    r = port(script, target)[target]
    assert r.status == "generated", r.notes[:3]
    return r


BODY = (ONE + "CONFIG=config/sunny.yaml\nwrite_tag=\"vitb\"\n"
        "singularity exec --nv --overlay $SCRATCH/env.ext3:ro /scratch/img.sif \\\n"
        "    /bin/bash -c \"source /ext3/env.sh;\n    conda activate Nav;\n"
        "    python train.py --config ${CONFIG} --tag $write_tag\"\n")


def test_a_bash_c_body_keeps_the_user_s_words_for_its_arguments() -> None:
    assert [w for w, _, _ in parse_script(BODY).launch.written_args or []] == [
        "--config", "${CONFIG}", "--tag", "$write_tag"]
    for target in ("delta", "polaris"):
        r = _port(BODY, target)
        assert "train.py --config ${CONFIG} --tag $write_tag" in r.script, target
        assert "--config config/sunny.yaml" not in r.script
        assert "\nCONFIG=config/sunny.yaml\n" in r.script and '\nwrite_tag="vitb"\n' in r.script


EVAL = FOUR + 'OPTS="--lr 0.1 --bs 8"\neval "srun python train.py $OPTS --tag x"\n'


def test_an_eval_line_keeps_its_argument_variable_and_its_line() -> None:
    for target in ("polaris", "delta"):
        r = _port(EVAL, target)
        assert "train.py $OPTS --tag x" in r.script, target
        assert '\nOPTS="--lr 0.1 --bs 8"\n' in r.script
        assert "holds the source's launch command" not in "\n".join(r.notes)


HELD = FOUR + 'LR=1e-3\nCMD="python train.py --lr $LR --bs 32"\nsrun $CMD\n'


def test_a_command_variable_s_arguments_are_written_as_in_its_value() -> None:
    assert [w for w, _, _ in parse_script(HELD).launch.written_args or []] == [
        "--lr", "$LR", "--bs", "32"]
    for target in ("polaris", "aurora", "delta"):
        r = _port(HELD, target)
        assert "train.py --lr $LR --bs 32" in r.script, target
        assert "\nLR=1e-3\n" in r.script


def test_a_value_changed_after_the_command_variable_stays_the_value_it_gave() -> None:
    script = FOUR + 'LR=1\nCMD="python train.py --lr $LR"\nLR=2\nsrun $CMD\n'
    assert parse_script(script).launch.written_args is None
    r = _port(script, "polaris")
    assert "train.py --lr 1" in r.script and "--lr $LR" not in r.script


def test_a_value_with_quotes_is_not_passed_through_its_variable() -> None:
    # inside `bash -c "..."` the new shell reads the quotes of ARGS's value (`--name "a b"`: two
    # words); `$ARGS` on the port's launch line would split it into three: the values are passed
    script = ONE + "ARGS='--name \"a b\"'\nsrun bash -c \"python train.py $ARGS\"\n"
    p = parse_script(script)
    assert p.launch.args == ["--name", "a b"]
    assert "$ARGS" not in [w for w, _, _ in p.launch.written_args or []]
    # the same in a command variable: `CMD="python x.py --name \"a b\""` splits at the quotes
    held = FOUR + 'CMD="python train.py --name \\"a b\\""\nsrun $CMD\n'
    assert parse_script(held).launch.written_args is None


def test_a_single_quoted_body_is_read_as_before() -> None:
    # `bash -c '... $X'`: the new shell expands X itself (from the environment): not pasted by
    # the batch shell, so nothing here changes how it is read
    script = ONE + "export X=7\nsrun bash -c 'python train.py --x $X'\n"
    assert parse_script(script).launch.args == ["--x", "7"]


def test_a_size_the_port_rewrites_is_still_written_as_its_value() -> None:
    # a count read from the job size: the topology rules speak of it, as before
    script = (FOUR + "NGPU=4\nsrun bash -c \"python train.py --ngpu $NGPU --tag t\"\n")
    r = _port(script, "polaris")
    assert "train.py --ngpu" in r.script


def test_a_value_set_on_a_one_line_branch_is_not_fixed_to_one_branch_s_value() -> None:
    # `if ...; then CFG=$1; else CFG=base.yaml; fi` is kept: the launch reads `$CFG` as written,
    # never the else branch's value (which main wrote, silently)
    script = (FOUR + 'if [ -n "$1" ]; then CFG=$1; else CFG=base.yaml; fi\n'
              "srun python train.py --cfg $CFG\n")
    for target in ("polaris", "delta"):
        r = _port(script, target)
        assert "train.py --cfg $CFG" in r.script, target
        assert "--cfg base.yaml" not in r.script


def test_an_argument_that_would_be_empty_on_the_target_is_refused_naming_it() -> None:
    # NODES is computed from the source scheduler (not copied to a PBS target): `--hosts $NODES`
    # would pass nothing there; the port refuses naming the argument and the line
    script = (FOUR + 'NODES=$(scontrol show hostnames $SLURM_JOB_NODELIST | tr "\\n" ",")\n'
              "srun python train.py --hosts $NODES --tag x\n")
    r = port(script, "polaris")["polaris"]
    assert r.status == "refused"
    assert "the program's argument `$NODES` reads $NODES, which line 6" in "\n".join(r.notes)
    # on a Slurm target the line is kept and the argument passed as written
    assert "train.py --hosts $NODES --tag x" in _port(script, "delta").script


def test_a_size_the_source_queries_from_its_scheduler_is_the_target_s_own() -> None:
    # `GPU_COUNT=$(scontrol show job ... | awk ...)` read by the launcher as its size and by the
    # program (`trainer.devices=${GPU_COUNT}`): on a PBS target the query is not there; the
    # line becomes the port's own count, so the argument is never empty
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:4\n"
              "#SBATCH -t 01:00:00\n"
              "GPU_COUNT=$(scontrol show job \"$SLURM_JOBID\" | grep gres | awk -F: '{print $3}')\n"
              "srun torchrun --nproc_per_node=${GPU_COUNT} train.py trainer.devices=${GPU_COUNT}\n")
    for target in ("polaris", "perlmutter"):
        r = _port(script, target)
        assert '\nGPU_COUNT="$GPUS_PER_NODE"\n' in r.script, target
        assert "trainer.devices=${GPU_COUNT}" in r.script
