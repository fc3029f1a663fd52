"""The launchers' option grammar (scriptparse.grammar) is the one reader of which word of a
launch line is its program, and a refusal's facts about the script are checked against the
parsed script before it is issued (scriptparse.claims)."""

from __future__ import annotations

import shlex

import pytest

from maple_flow.errors import ParseError
from maple_flow.port.api import port
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.grammar import option_value_of, program_position, takes_value

HEAD = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n"


@pytest.mark.parametrize(("line", "program", "chain"), [
    ("srun -l python x.py", "python", ["srun"]),
    ("srun --exact $CMD --lr 1", "$CMD", ["srun"]),
    ("mpirun -np 4 --report-bindings ./a.out", "./a.out", ["mpirun"]),
    ("mpiexec --no-vni -v --np $N --ppn 2 --line-buffer -l -d 16 --hostfile f ./b --w", "./b",
     ["mpiexec"]),
    ("mpirun --map-by node:PE=$X ./app", "./app", ["mpirun"]),
    ('srun -N1 xvfb-run -a -s "-screen 0 1x1x24" python run.py', "python", ["srun", "xvfb-run"]),
    ("time numactl -C 0-3 conda run -n env --no-capture-output python x.py", "python",
     ["time", "numactl", "conda"]),
    ("srun numactl --physcpubind 0-31 ./main -v -n 10", "./main", ["srun", "numactl"]),
    ("taskset -c 0-7 python x.py", "python", ["taskset"]),
    ("A=1 srun --mpi pmix env B=2 nsys profile -o p python x.py", "python",
     ["srun", "env", "nsys"]),
    ("srun singularity exec --nv -B a:b img.sif python t.py", "python", ["srun", "singularity"]),
    ("accelerate launch --config_file my.yaml train.py", "train.py", ["accelerate"]),
])
def test_the_program_position_comes_from_the_launchers_option_grammar(
        line: str, program: str, chain: list[str]) -> None:
    words = shlex.split(line)
    at, tools = program_position(words)
    assert at is not None and words[at] == program
    assert tools == chain


def test_an_option_value_is_named_as_the_options_value_never_as_the_program() -> None:
    words = shlex.split("mpiexec -n $NNODES --ppn 1 ./wrapper.sh python a.py")
    assert option_value_of(words, "$NNODES") == "-n"
    assert option_value_of(words, "./wrapper.sh") is None
    assert takes_value("srun", "--exact") is False and takes_value("srun", "-w") is True
    assert takes_value("mpirun", "--report-bindings") is False


def test_a_launcher_flag_does_not_swallow_the_program_held_in_a_variable() -> None:
    # before: `--exact` read as taking `$CMD` for its value, so "it names no program"
    with pytest.raises(ParseError) as err:
        parse_script(HEAD + "srun --exact $CMD --lr 1\n")
    reason = str(err.value)
    assert "names no program" not in reason
    assert "$CMD" in reason


def test_an_mpi_flag_before_the_program_is_a_flag() -> None:
    # before: `--report-bindings` took ./a.out as its value: no program, a refusal
    p = parse_script(HEAD + "mpirun -np 4 --report-bindings ./a.out\n")
    assert p.launch.entrypoint == "./a.out"


@pytest.mark.parametrize("setter", [
    "read -r APP < app.txt", "for APP in ./a ./b; do echo $APP; done",
    "mapfile -t APP < cmds.txt"])
def test_a_refusal_never_says_the_script_does_not_set_a_variable_it_sets(setter: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_script(HEAD + setter + "\nsrun -n 4 $APP -in x\n")
    reason = str(err.value)
    assert "does not set" not in reason and "comes from the caller" not in reason
    assert "$APP, which the script sets on line 4" in reason


def test_export_without_a_value_leaves_the_claim_that_the_caller_sets_it() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(HEAD + 'export APP\nsrun -n 4 "$APP"\n')
    assert "does not set" in str(err.value)


def test_ray_stop_alone_is_no_ray_cluster_the_job_starts() -> None:
    # before: "the job starts a Ray cluster (line 4 `ray stop || true`)", a false reason
    p = parse_script(HEAD + "ray stop || true\npython -m verl.trainer.main_ppo a=1\n")
    assert p.launch.entrypoint == "verl.trainer.main_ppo"
    with pytest.raises(ParseError, match="Ray"):
        parse_script(HEAD + "ray start --head\npython -m verl.trainer.main_ppo a=1\n")


def test_an_app_whose_srun_line_counts_its_gpu_is_not_asked_for_a_gpu_count() -> None:
    # before: "the script states no GPU count (no --gpus/--gres/ngpus)" while its srun line
    # says --gres=gpu:1
    text = ("#!/bin/bash\n\nsrun --nodes=1 --exclusive --partition=class1 --gres=gpu:1 "
            "numactl --physcpubind 0-31 ./main $@\n")
    result = port(text, "perlmutter")["perlmutter"]
    assert result.status != "refused"
    assert "numactl --physcpubind 0-31 ./main $@" in result.script
    assert not any("states no GPU count" in n for n in result.notes)


def test_the_claim_check_catches_an_option_value_named_as_the_program() -> None:
    from maple_flow.scriptparse.claims import checked_reason, false_claims
    from maple_flow.scriptparse.shell import split_blocks

    blocks = split_blocks("#!/bin/bash\n#SBATCH -N 2\nNNODES=2\nmpiexec -n $NNODES --ppn 1 $APP\n")
    reason = ("line 4: `mpiexec -n $NNODES --ppn 1 $APP` runs the command held in $NNODES, "
              "which the script does not set (it comes from the caller or the environment)")
    wrong = false_claims(reason, blocks)
    assert "$NNODES is set by the script (line 3)" in wrong
    assert any("value of the launcher option -n" in w and "`$APP`" in w for w in wrong)
    fixed = checked_reason(reason, blocks)
    assert "runs the command held in $NNODES" not in fixed and "$APP" in fixed
    true = ("line 4: `mpiexec -n $NNODES --ppn 1 $APP` runs the command held in $APP, which the "
            "script does not set (it comes from the caller or the environment)")
    assert checked_reason(true, blocks) == true
    blocks = split_blocks("#!/bin/bash\nmpirun -np 2 ./a.out\n")
    assert false_claims("mpirun starts a program, and 2 is a program that is not Python", blocks)
    assert not false_claims("mpirun starts a program, and ./a.out is a program that is not "
                            "Python", blocks)


def test_the_ports_refusals_and_asks_pass_the_claim_check() -> None:
    from maple_flow.errors import MissingInformation
    from maple_flow.scriptparse.claims import refusals_checked

    script = "#!/bin/bash\nNNODES=2\nmpiexec -n $NNODES --ppn 1 $APP\n"
    false = ("line 3: `mpiexec -n $NNODES --ppn 1 $APP` runs the command held in $NNODES, "
             "which the script does not set (it comes from the caller or the environment)")

    @refusals_checked
    def refuse(text: str) -> None:
        raise ParseError(false)

    @refusals_checked
    def ask(text: str) -> None:
        raise MissingInformation({"ranks": false})

    with pytest.raises(ParseError) as err:
        refuse(script)
    assert "held in $NNODES" not in str(err.value) and "$APP" in str(err.value)
    with pytest.raises(MissingInformation) as asked:
        ask(script)
    assert set(asked.value.missing) == {"ranks"}
    assert "held in $NNODES" not in asked.value.missing["ranks"]
