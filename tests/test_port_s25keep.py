"""s25keep: the launch words and launch-line plumbing the user owns stay theirs on the port.

Found on released scripts (unseen23 lab-6000ada, unseen24 redacted-cluster, alcf-polaris
date-run-name, jhu-clsp) and the probe bench/s25keep_probe: a venv's ``bin/torchrun`` replaced
by the site's, a ``$SCRIPT`` program word replaced by its value, ``"name_$(date +%Y%m%d)"``
passed as literal text, ``| tee`` after a launch whose last word also occurs earlier dropped.
"""

from __future__ import annotations

from maple_flow import port
from maple_flow.scriptparse import parse_script

FOUR = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:4\n#SBATCH --time=01:00:00\n"
ONE = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n#SBATCH --time=01:00:00\n"


def _port(script: str, target: str) -> tuple[str, str]:
    r = port(script, target)[target]
    assert r.status == "generated", r.notes
    return r.script, "\n".join(r.notes)


def test_a_venv_torchrun_stays_on_a_torchrun_launch() -> None:
    script = FOUR + "cd /home/me/proj\n.venv/bin/torchrun --nproc_per_node=4 train.py --x 1\n"
    text, notes = _port(script, "lonestar6")
    assert "exec .venv/bin/torchrun --node_rank" in text
    assert "your launcher .venv/bin/torchrun" in notes
    text, notes = _port(script, "perlmutter")
    assert "    .venv/bin/torchrun --nnodes" in text


def test_a_venv_torchrun_becomes_its_own_python_where_the_target_runs_python() -> None:
    script = FOUR + "cd /home/me/proj\n.venv/bin/torchrun --nproc_per_node=4 train.py --x 1\n"
    text, notes = _port(script, "aurora")
    assert ".venv/bin/python train.py --x 1" in text and "python3 train.py" not in text
    assert "the python beside that torchrun" in notes


def test_a_launcher_path_under_a_kept_variable_is_written_with_it() -> None:
    script = FOUR + ("export VENV=/home/me/venv\n"
                     "$VENV/bin/torchrun --nproc_per_node=4 train.py\n")
    text, _ = _port(script, "lonestar6")
    assert "exec '\"$VENV\"'/bin/torchrun --node_rank" in text


def test_a_site_launcher_path_is_the_sites() -> None:
    script = FOUR + "/opt/conda/bin/torchrun --nproc_per_node=4 train.py\n"
    text, notes = _port(script, "perlmutter")
    assert "/opt/conda/bin/torchrun" not in text and "your launcher" not in notes


def test_a_program_variable_stays_a_variable_under_accelerate() -> None:
    # (a placeholder program, ".../main.py", is refused naming it: test_port_placeholder_program)
    script = FOUR + ('export SCRIPT="/home/me/proj/main.py"\nexport ARGS="--cfg a.yaml"\n'
                     "accelerate launch --num_processes 4 $SCRIPT $ARGS\n")
    for target in ("lonestar6", "aurora"):
        text, notes = _port(script, target)
        assert " $SCRIPT $ARGS" in text and "/home/me/proj/main.py $ARGS" not in text
        assert "your variable names the program: `$SCRIPT`" in notes


def test_a_program_variable_held_in_a_command_variable_stays_a_variable() -> None:
    script = FOUR + ('export LAUNCHER="accelerate launch --num_processes $((2 * 2))"\n'
                     'export SCRIPT="/home/me/train.py"\nexport SCRIPT_ARGS="conf/a.yaml"\n'
                     'export CMD="$LAUNCHER $SCRIPT $SCRIPT_ARGS"\nsrun $CMD\n')
    p = parse_script(script)
    assert p.launch.written_entry == "$SCRIPT"
    text, _ = _port(script, "perlmutter")
    assert "$SCRIPT $SCRIPT_ARGS" in text


def test_a_date_substitution_in_an_argument_stays_live_in_its_quotes() -> None:
    script = ONE + 'python -m pkg.train --run_name "small_$(date +%Y%m%d)" --lr 1\n'
    text, _ = _port(script, "perlmutter")
    assert '--run_name "small_$(date +%Y%m%d)" --lr 1' in text
    assert "'small_$(date +%Y%m%d)'" not in text


def test_a_site_command_substitution_in_an_argument_is_still_its_value() -> None:
    script = ONE + 'python train.py --nodes "$(scontrol show hostnames | wc -l)"\n'
    text, _ = _port(script, "perlmutter")
    assert '"$(scontrol show hostnames | wc -l)"' not in text


def test_a_tee_after_a_launch_whose_last_word_occurs_earlier_is_kept() -> None:
    script = ONE + ("for n in 1 2\ndo\n    d=out/$n\n    python -u main.py \\\n"
                    "        --epochs 200 \\\n        --device 0 | tee ${d}/stdout.log\ndone\n")
    assert parse_script(script).launch_tail == "| tee ${d}/stdout.log"
    text, _ = _port(script, "polaris")
    assert "--epochs 200 --device 0 | tee ${d}/stdout.log" in text


def test_a_venv_interpreter_of_a_module_launch_is_kept() -> None:
    script = ONE + "VENV=/home/me/venv\nsrun $VENV/bin/python -u -m tool.run x.py --a 1\n"
    text, notes = _port(script, "delta")
    assert '"$VENV/bin/python" -m tool.run x.py --a 1' in text
    assert "your interpreter $VENV/bin/python" in notes


def test_a_venv_deepspeed_runs_torchruns_module_with_its_python() -> None:
    script = FOUR + "cd /home/me/proj\n~/envs/ds/bin/deepspeed --num_gpus 4 train.py --x 1\n"
    text, notes = _port(script, "perlmutter")
    assert '"$HOME/envs/ds/bin/python" -m torch.distributed.run' in text
    assert "~/envs/ds/bin/python -m torch.distributed.run` (torchrun's own module)" in notes


def test_the_line_a_launcher_path_reads_is_kept_with_it() -> None:
    script = FOUR + ("VENV=/home/me/proj/.venv\ncd /home/me/proj\n"
                     "$VENV/bin/torchrun --nproc_per_node=4 train.py\n")
    text, _ = _port(script, "perlmutter")
    assert "\nVENV=/home/me/proj/.venv\n" in text and '"$VENV/bin/torchrun" --nnodes' in text
