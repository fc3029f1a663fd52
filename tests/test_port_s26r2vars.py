"""Fixtures of s26r2vars: values the user's own lines take from the source's scheduler."""

from __future__ import annotations

from maple_flow.port.api import port
from maple_flow.scriptparse import parse_script
from maple_flow.scriptparse.fallback import fallback_value, guarded_fallback

_GPU_LIST_WITH_FALLBACK = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:4
#SBATCH -t 01:00:00
set -euo pipefail
GPUS_PER_NODE=$(echo $SLURM_JOB_GPUS | tr "," "\\n" | wc -l)
[ "$GPUS_PER_NODE" -eq 0 ] && GPUS_PER_NODE=1
torchrun --nproc_per_node=$GPUS_PER_NODE train.py --lr 1e-4
"""


def test_guarded_fallback_does_not_replace_the_gpu_count() -> None:
    # unseen27 tune (purdue-gautschi): the fallback for an empty GPU list was read as always
    # run, so the port started 1 worker where the source starts one per gres GPU (4)
    for target in ("delta", "aurora", "polaris"):
        result = port(_GPU_LIST_WITH_FALLBACK, [target], source="delta")[target]
        assert result.spec.nodes * result.spec.gpus_per_node == 4, target
    vista = port(_GPU_LIST_WITH_FALLBACK, ["vista"], source="delta")["vista"]
    assert vista.status == "refused" or vista.spec.nodes * vista.spec.gpus_per_node == 4


def test_guarded_fallback_values() -> None:
    assert guarded_fallback('[ "$G" -eq 0 ] && G=1') == ("G", '"$G" -eq 0', "&&", "1")
    assert guarded_fallback('[[ -z "$G" ]] || G=2') == ("G", '-z "$G"', "||", "2")
    assert guarded_fallback("G=1") is None
    # decided by the script's own earlier value: the test is false, the earlier value stays
    assert fallback_value('[ "$G" -eq 0 ] && G=1', "4", "1", {}) == (True, "4")
    assert fallback_value('[ "$G" -eq 0 ] && G=1', "0", "1", {}) == (True, "1")
    # a value counted when the job runs: not a literal of the script
    assert fallback_value('[ "$G" -eq 0 ] && G=1', "$(nproc)", "1", {}) == (True, None)
    # a guard on another variable is an ordinary conditional assignment
    assert fallback_value('[ "$X" -eq 0 ] && G=1', "4", "1", {}) == (False, None)
    parsed = parse_script("#!/bin/bash\n#SBATCH -N 1\nG=4\n[ \"$G\" -eq 0 ] && G=1\n"
                          "torchrun --nproc_per_node=$G x.py\n")
    assert parsed.variables["G"] == "4"


_SIDE_BY_SIDE = """#!/bin/bash
#SBATCH --gres=gpu:2
#SBATCH --cpus-per-task=16
#SBATCH -t 01:00:00
set -euo pipefail
REPO=$HOME/repo
CUDA_VISIBLE_DEVICES=0 python train.py --half 0 \\
    > "$REPO/logs/half0_${SLURM_JOB_ID}.log" 2>&1 &
CUDA_VISIBLE_DEVICES=1 python train.py --half 1 \\
    > "$REPO/logs/half1_${SLURM_JOB_ID}.log" 2>&1 &
wait
"""


def test_pinned_copy_kept_as_written_has_scheduler_variables_renamed() -> None:
    # unseen27 tune (dartmouth): the second run, kept as written in place of the target's
    # launch, still wrote to half1_${SLURM_JOB_ID}.log on PBS, unset there (fatal under set -u)
    result = port(_SIDE_BY_SIDE, ["polaris"], source="delta")["polaris"]
    assert result.status != "refused"
    assert "SLURM_JOB_ID" not in result.script
    assert "half1_${PBS_JOBID}.log" in result.script
    assert any("renamed in that copy" in n for n in result.notes)


_RESUBMIT_THROUGH_WRAPPER = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -t 00:30:00
RUN=${RUN:-base}
srun python train.py --run "$RUN"
if [ ! -f "runs/$RUN/done" ]; then
  ./submit.sh train "$RUN" --dependency=afterany:"$SLURM_JOB_ID"
fi
"""


def test_slurm_dependency_kept_on_pbs_is_named() -> None:
    # unseen28 tune (t5nmr): the self-resubmission through the user's sbatch wrapper kept
    # `--dependency=afterany:"$PBS_JOBID"` on Aurora with no note; now the line is named
    from maple_flow.port.dependency import foreign_dependency_note

    result = port(_RESUBMIT_THROUGH_WRAPPER, ["polaris"], source="delta")["polaris"]
    assert any("job dependency option" in n and "submit.sh" in n for n in result.notes)
    same = port(_RESUBMIT_THROUGH_WRAPPER, ["delta"], source="delta")["delta"]
    assert not any("job dependency option" in n for n in same.notes)
    assert foreign_dependency_note("qsub -W depend=afterok:1 next.pbs\n", "slurm", "Delta")
    assert not foreign_dependency_note("# --dependency=afterany:1\n", "pbs", "Polaris")


_SOURCE_WITH_OWN_FALLBACK = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gres=gpu:1
#SBATCH -t 01:00:00
set -euo pipefail
WORK="${COG_WORK:-$HOME/cog}"
source /home/someone/proj/configs/base.sh 2>/dev/null \\
  || source "${WORK}/repo/configs/base.sh"
echo "batch=${COG_BATCH}"
python train.py --batch "${COG_BATCH}"
"""


def test_source_line_with_own_fallback_is_kept() -> None:
    # unseen28 tune (cineca-leonardo): the line was dropped whole, its portable fallback too,
    # so the variables the file sets were unset under set -u and the job stopped
    from maple_flow.scriptparse.steps import own_source_fallback

    result = port(_SOURCE_WITH_OWN_FALLBACK, ["polaris"], source="delta")["polaris"]
    assert 'source "${WORK}/repo/configs/base.sh"' in result.script
    assert any("`||` fallback" in n for n in result.notes)
    # a fallback into a site's software tree is no file of the user's: the line stays dropped
    assert own_source_fallback("source /home/a/x.sh || source /opt/site/env.sh") == ""
    assert own_source_fallback("source /home/a/x.sh || . ./cfg.sh") == "source ./cfg.sh"
