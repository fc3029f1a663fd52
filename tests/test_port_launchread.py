"""Reading which line is the job's work (session s24, s24launchread): diagnostics and the
site's shell init are never the launch; an interpreter or launcher held in a variable the
script sets (or defaults) is read as it; a self-launching command with no worker count in a
one-GPU job is its one process; a job that runs its work by ssh on each host is refused
naming that shape."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.port.cuda_toolkit import toolkit_uses
from maple_flow.port.kept_command import kept_command
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.hidden import hidden_program_reason
from maple_flow.scriptparse.shell import split_blocks
from maple_flow.scriptparse.unread import is_diagnostic, work_commands

_HEAD = "#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH --time=01:00:00\n"


def test_version_reports_are_diagnostics_not_work() -> None:
    assert is_diagnostic(("gcc", "--version"))
    assert is_diagnostic(("nvcc", "-V", "2>&1"))
    assert not is_diagnostic(("./train",))
    assert not is_diagnostic(("nvcc", "-o", "x", "x.cu"))
    text = _HEAD + "which gcc\ngcc --version\npython train.py\n"
    assert [c.words[0] for c in work_commands(split_blocks(text))] == ["python"]


def test_nvcc_version_is_no_toolkit_use() -> None:
    lines = ["nvcc --version", 'echo "$(nvcc -V | tail -1)"', "nvcc -o x x.cu"]
    assert toolkit_uses(lines, reports=False) == [(3, "nvcc")]
    assert toolkit_uses(lines) == [(1, "nvcc")]  # on NVIDIA GPUs the report needs the module


def test_nvcc_version_diagnostic_does_not_refuse_aurora() -> None:
    text = _HEAD + 'echo "start"\nnvcc --version\npython train.py\n'
    result = port(text, ["aurora"])["aurora"]
    assert result.status != "refused"
    assert "nvcc --version" not in result.script
    assert any("nvcc --version" in n for n in result.notes)


def test_interpreter_defaulted_in_its_own_variable_is_read() -> None:
    text = (_HEAD + 'set -euo pipefail\nPYTHON_BIN="${PYTHON_BIN:-/envs/ml/bin/python}"\n'
            '"${PYTHON_BIN}" scripts/train.py --lr 1e-3\n')
    parsed = parse_script(text)
    assert not parsed.launch.stages  # no launcher held in the variable: the interpreter
    assert parsed.launch.python == "/envs/ml/bin/python"
    assert parsed.launch.entrypoint == "scripts/train.py"
    result = port(text, ["delta"])["delta"]  # one process: no rank question
    assert result.status != "refused" and "scripts/train.py" in result.script


def test_tune_run_recipe_file_without_count_is_one_process() -> None:
    text = _HEAD + "conda activate tl\ntune run recipes/sft.py --config configs/sft.yaml\n"
    plan = kept_command(text)
    assert plan is not None and plan.line == 5
    result = port(text, ["delta"])["delta"]
    assert "tune run recipes/sft.py --config configs/sft.yaml" in result.script


def test_launcher_held_in_a_venv_variable_is_kept_as_the_one_process() -> None:
    text = (_HEAD + 'VENV_DIR="$PWD/.venv"\nACC="$VENV_DIR/bin/accelerate"\nwhich gcc\n'
            'gcc --version\nif [ ! -f cfg.yaml ]; then\n    "$ACC" config default\nfi\n'
            '"$ACC" launch ./src/main.py /home/u1/cfg/conf.yaml\n')
    plan = kept_command(text)
    assert plan is not None and plan.text.startswith('"$ACC" launch')
    for target in ("aurora", "lonestar6"):
        result = port(text, [target])[target]
        assert result.status != "refused", result.notes
        assert 'ACC="$VENV_DIR/bin/accelerate"' in result.script
        assert '"$ACC" launch ./src/main.py' in result.script
        assert any("/home/u1/cfg/conf.yaml" in n for n in result.notes)  # its paths named


def test_site_module_init_is_not_the_launch() -> None:
    text = ("#!/bin/bash\n#$ -l rt_F=2\nsource /etc/profile.d/modules.sh\nmodule load x\n"
            "./bin/train_app --config c.yaml\nsource /etc/profile.d/modules.sh\nmodule list\n")
    reason = hidden_program_reason(split_blocks(text))
    assert "/etc/profile.d/modules.sh" not in reason and "./bin/train_app" in reason


@pytest.mark.parametrize("loop", [False, True])
def test_ssh_per_host_is_named_as_that_shape(loop: bool) -> None:
    body = ('while read node; do\n  ssh -p 2222 $node "cd $D && bash run.sh $RANK" &\n'
            "done < hosts\nwait\n") if loop else (
            'ssh -p 2222 $HOST0 "cd $D && singularity exec --nv img.sif bash run.sh 0" &\n'
            'ssh -p 2222 $HOST1 "cd $D && singularity exec --nv img.sif bash run.sh 1"\nwait\n')
    text = "#!/bin/bash\n#$ -l rt_F=2\nsource /etc/profile.d/modules.sh\n" + body
    with pytest.raises(ParseError) as err:
        port(text, ["polaris"])
    message = str(err.value)
    assert "by ssh on each of its hosts" in message and "run.sh" in message
    assert "modules.sh" not in message.split("found:", 1)[1].split(";")[0]
