"""s20 port10left: classes behind bench/unseen10's ports still wrong, probed on new scripts
(bench/s20port10left_probe)."""

from __future__ import annotations

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.scriptparse.script import launch_command_line

STAGES = """#!/bin/bash
#PBS -l select=1:ncpus=8:ngpus=1
#PBS -q ee
source activate myenv
for img in a b c
do
python fit.py --name ${img}
python fit.py --name ${img} --render_only
done
"""


def test_one_process_stages_in_a_loop_all_stay_plain_runs() -> None:
    # the last of the job's one-process runs was put in srun + torchrun, the others kept
    for target in ("anvil", "bridges2", "polaris"):
        out = port(STAGES, target)[target].script
        assert "torchrun" not in out and "maple-rank" not in out, target
        assert "\npython fit.py --name ${img} --render_only\n" in out, target
        assert "\npython fit.py --name ${img}\n" in out, target


def test_a_plain_run_on_one_gpu_is_not_put_in_torchrun() -> None:
    script = "#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\npython train.py --lr 1\n"
    for target in ("perlmutter", "delta", "vista"):
        out = port(script, target)[target].script
        assert "torchrun" not in out and "python" in out and "train.py --lr 1" in out, target
    # a launcher the source wrote, or a size given, still gets the target's launch
    assert "torchrun" in port(script, "delta", ranks=1)["delta"].script


def test_a_directory_program_under_torchrun_is_read_as_the_launch() -> None:
    assert launch_command_line("torchrun --nproc_per_node=1 .\n") == 1
    assert launch_command_line("srun torchrun --nnodes=1 \\\n    pkg/\n") == 1
    script = "#!/bin/bash\n#PBS -l select=1:ngpus=1\ncd $PBS_O_WORKDIR\npython .\n"
    r = port(script, "perlmutter")["perlmutter"]
    assert r.status == "generated", r.notes
    assert "\npython .\n" in r.script


def _refusal(script: str, target: str = "perlmutter") -> str:
    try:
        port(script, target)
    except MapleError as exc:
        return str(exc)
    raise AssertionError("ported")


def test_a_long_option_with_one_dash_that_sbatch_rejects_is_refused_with_the_fix() -> None:
    # `-n_tasks_per_node 4` is sbatch's -n with "_tasks_per_node": not a number, sbatch stops
    script = ("#!/bin/bash\n#SBATCH -n 4\n#SBATCH -N 1\n#SBATCH -n_tasks_per_node 4\n"
              "#SBATCH --gres=gpu:1\nsrun python main.py &\nwait\n")
    why = _refusal(script)
    assert "line 4 `#SBATCH -n_tasks_per_node 4`" in why
    assert "`-n _tasks_per_node` (--ntasks), not a number" in why
    assert "write `--ntasks-per-node=4` (two dashes)" in why
    typos = ("#!/bin/bash\n#SBATCH -job-name=x\n#SBATCH -nodes=1\n#SBATCH -gres=gpu:1\n"
             "#SBATCH -time=01:00:00\npython x.py\n")
    why = _refusal(typos, "delta")
    assert "sbatch has no option `-j`" in why and "`--job-name=x`" in why
    assert "`-n odes=1` (--ntasks), not a number" in why and "`--nodes=1`" in why
    assert "sbatch has no option `-g`" in why and "`--gres=gpu:1`" in why
    assert "`-t ime=01:00:00` (--time), not a time" in why and "`--time=01:00:00`" in why


def test_one_dash_spellings_sbatch_accepts_are_not_refused() -> None:
    script = ("#!/bin/bash\n#SBATCH -N1\n#SBATCH -n4\n#SBATCH -t1:00:00\n#SBATCH -pgpu\n"
              "#SBATCH -Jname\n#SBATCH --gres=gpu:4\nsrun python x.py\n")
    assert port(script, "delta")["delta"].status == "generated"
    lsf = ('#!/bin/sh\n#BSUB -q gpua100\n#BSUB -n 1\n#BSUB -gpu "num=1"\n#BSUB -W 1:00\n'
           "python3 x.py\n")  # LSF's own -gpu, read as Slurm's: not sbatch's to reject
    assert port(lsf, "delta")["delta"].status == "generated"


def test_the_launch_on_an_elif_branch_keeps_its_indentation() -> None:
    script = ("#!/bin/bash\n#SBATCH --gpus-per-node=2\n#SBATCH -n 1\n#SBATCH -t 1:00:00\n"
              'f=${1:-a.csv}\nif [[ "$f" == *a.csv ]]; then\n    python run_a.py --f "$f"\n'
              'elif [[ "$f" == *b.csv ]]; then\n    python run_b.py \\\n        --f "$f"\n'
              'else\n    echo "bad file"\nfi\n')
    for target in ("delta", "polaris", "perlmutter"):
        lines = port(script, target)[target].script.splitlines()
        at = next(i for i, x in enumerate(lines) if "run_b.py" in x)
        assert lines[at - 1].startswith("elif ") and lines[at].startswith("    "), target
        assert lines[at + 1].startswith(("    ", "else")), target


def test_a_dropped_branch_value_that_is_an_unset_variable_stays_unquoted() -> None:
    # `mrmp_on=$true` (never set) then `-mrmp_on $mrmp_on`: in the source an empty word that
    # vanishes; written `"$true"` it became one empty argument
    script = ("#!/bin/bash\n#SBATCH --array=1-2\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n"
              "#SBATCH --time=0-0:30\nif [[ $SLURM_ARRAY_TASK_ID -eq 1 ]]; then\n"
              "  python main.py -name eda\nelif [[ $SLURM_ARRAY_TASK_ID -eq 2 ]]; then\n"
              "  mrmp_on=$true\n  python main.py -name mrmp -mrmp_on $mrmp_on\nfi\n")
    out = port(script, "perlmutter")["perlmutter"].script
    # issue 14 (s22-keeplines): the user's assignment stays in its branch, the argument as written
    assert "  mrmp_on=$true\n" in out and "-mrmp_on $mrmp_on\n" in out and '"$true"' not in out


def test_an_rtx_a4000_request_is_not_read_as_an_a40() -> None:
    from maple_flow.knowledge.gpu_models import model_named

    assert model_named("gpu:A4000:1")[0] == "rtx_a4000"  # type: ignore[index]
    assert model_named("gpu:a40:2")[0] == "a40"  # type: ignore[index]
    assert model_named("a100_80")[0] == "a100"  # type: ignore[index]
    script = "#!/bin/sh\n#SBATCH --time=0-3\n#SBATCH --gres=gpu:A4000:1\npython3 t.py\n"
    notes = "\n".join(port(script, "polaris")["polaris"].notes)
    assert "RTX A4000 GPUs (16 GB)" in notes and "A40 GPUs (48 GB)" not in notes


def test_a_bare_user_script_srun_found_in_the_job_directory_is_written_dot_slash() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --gpus-per-node=2\n#SBATCH --time=1:00:00\n"
              "chmod +x run_ae.sh && srun run_ae.sh\n")
    for target in ("lonestar6", "polaris"):  # ibrun / mpiexec look on $PATH only
        r = port(script, target)[target]
        assert "    ./run_ae.sh" in r.script, target
        assert any("written ./run_ae.sh: srun found it in the job's directory" in n
                   for n in r.notes), target
    r = port(script, "delta")["delta"]  # srun on the target finds it as the source's did
    assert "./run_ae.sh" not in r.script
    assert not any("finds it on $PATH" in n for n in r.notes)


def test_a_heredoc_inside_a_command_substitution_is_one_command_with_its_closing_paren() -> None:
    from maple_flow.scriptparse.shell import logical_lines

    text = ("export PORT=$(python - <<'PY'\nimport socket\nprint(1)\nPY\n)\n"
            "python x.py --port $PORT\n")
    assert [n for n, _ in logical_lines(text)] == [1, 6]
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n"
              "export MASTER_PORT=$(python - <<'PY'\nimport socket\ns = socket.socket()\n"
              "s.bind(('', 0))\nprint(s.getsockname()[1])\nPY\n)\n"
              "python -u train.py --dist-url tcp://127.0.0.1:${MASTER_PORT}\n")
    for target in ("aurora", "delta"):
        out = port(script, target)[target].script
        assert "\n)\n" not in out, target  # no stray `)` left by a dropped step (bash error)
        notes = port(script, target)[target].notes
        assert not any("tcp://127.0.0.1" in n and "names a path" in n for n in notes)


def test_py_spy_with_subprocesses_in_front_of_torchrun_is_kept_in_front_of_it() -> None:
    script = ("#!/bin/bash\n#SBATCH --gres=gpu:2\n#SBATCH --time=1:00:00\n"
              "time py-spy record -o data/spy.svg -r 20 --subprocesses -- "
              "torchrun --nproc_per_node=2 scripts/search.py\n")
    for target in ("delta", "stampede3"):
        r = port(script, target)[target]
        assert "py-spy record -o data/spy.svg -r 20 --subprocesses -- torchrun" in r.script
        assert not any("py-spy" in n and "NOT carried" in n for n in r.notes)
    plain = script.replace(" --subprocesses", "")  # samples the launcher alone: named
    r = port(plain, "delta")["delta"]
    assert any("py-spy" in n and "NOT carried" in n for n in r.notes)


def test_a_container_fed_a_heredoc_is_named_with_what_the_heredoc_runs() -> None:
    script = ("#!/bin/bash\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n#SBATCH --time=1:00:00\n"
              'if ! enroot list | grep -q "lf"; then\n    enroot create -n lf /d/lf.sqsh\nfi\n'
              "enroot start --root --mount /d/june:/home/june/ lf << EOF\n\nsource ~/.bashrc\n"
              "conda activate lf\ncd /home/june/Code\nbash evaluate.sh\nEOF\n")
    why = _refusal(script)
    assert "! is a program" not in why
    assert "its shell runs the lines the script feeds it (the heredoc, lines 10-13)" in why
    assert "`bash evaluate.sh`" in why and "your shell script evaluate.sh" in why
    assert "inside the image, not in the script" not in why


def test_the_users_loop_runs_without_set_e_where_the_source_did() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\nfor s in a b; do\n"
              "mkdir logs/$s\npython fit.py --s $s\npython render.py --s $s\ndone\n")
    r = port(script, "anvil")["anvil"]
    lines = r.script.splitlines()
    loop = lines.index("for s in a b; do")
    assert lines[loop - 2].startswith("set +eo pipefail")  # above the loop's comment
    assert any("around its launch without set -e and pipefail" in n for n in r.notes)
    strict = script.replace("for s", "set -eo pipefail\nfor s")
    r = port(strict, "anvil")["anvil"]
    assert not any("around its launch without set -e" in n for n in r.notes)
    assert any("stops at the first pass that fails" in n for n in r.notes)


def test_a_framework_word_only_in_the_job_name_is_not_asserted() -> None:
    script = ("#!/bin/bash\n#SBATCH --job-name=tensorflow-compare\n#SBATCH --nodes=2\n"
              "#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\nsrun python train.py\n")
    notes = port(script, "polaris")["polaris"].notes
    assert not any("the script shows TensorFlow" in n for n in notes)
    assert any(n.startswith("setup pytorch ddp: only the directive `#SBATCH --job-name="
                            "tensorflow-compare` names TensorFlow") for n in notes)
    module = script.replace("srun python", "module load tensorflow/2.15\nsrun python")
    notes = port(module, "polaris")["polaris"].notes  # a module is evidence: as before
    assert any("the script shows TensorFlow" in n for n in notes)
