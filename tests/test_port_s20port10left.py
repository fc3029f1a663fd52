"""s20 port10left: classes behind bench/unseen10's ports still wrong, probed on new scripts
(bench/s20port10left_probe)."""

from __future__ import annotations

from maple_flow import port
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
