"""s23 (refusal facts): every fact a refusal or a question states is checked against the script
(maple_flow/scriptparse/claims.py), a size the scheduler's own GPU list fixes is read rather than
asked, and no internal validation error reaches the user as it is."""

from __future__ import annotations

import pytest

from maple_flow.errors import InvalidValue, MissingInformation, ParseError, api_boundary
from maple_flow.models.job import JobSpec
from maple_flow.port.api import port
from maple_flow.scriptparse.claims import false_claims, refusals_checked
from maple_flow.scriptparse.facts import gpu_list_count_var
from maple_flow.scriptparse.shell import split_blocks

#: a launch repeated by nested loops over nodes and GPUs, one GPU a copy (jsrun -g 1), on an LSF
#: header that asks 15 nodes: never "started once per node on 1 node(s)"
LOOPED = """#!/bin/bash
#BSUB -P abc123
#BSUB -W 02:00
#BSUB -nnodes 15

NODES=15
id=0
for node in $(seq 0 1 $(($NODES-1)) ); do
\tfor device in $(seq 0 1 5); do
\t\tjsrun -n 1 -a 1 -c 4 -g 1 ./run_one.sh $device $id exec >run"$id".log 2>&1 &
\t\tid=$(($id+1))
\tdone
done
wait
"""


def test_a_reason_that_says_once_per_node_is_checked_against_the_loop_and_the_header() -> None:
    reason = ("line 8: your script ./run_one.sh is started once per node on 1 node(s) and the "
              "script does not say how many GPUs a node has: ...")
    wrong = false_claims(reason, split_blocks(LOOPED), LOOPED)
    assert any("once per pass of the loop" in w for w in wrong)
    assert any("`#BSUB -nnodes 15` asks 15 node(s), not 1" in w for w in wrong)
    assert any("states a GPU count" in w and "-g 1" in w for w in wrong)


def test_a_looped_one_gpu_launch_is_never_refused_as_once_per_node() -> None:
    for target in ("aurora", "lonestar6"):
        try:
            result = port(LOOPED, target)[target]
            text = " ".join(result.notes) if result.status == "refused" else ""
        except (ParseError, MissingInformation) as err:
            text = str(err)
        assert "once per node on 1 node(s)" not in text
        assert "does not say how many GPUs a node has" not in text


def test_a_loop_over_named_hosts_is_not_called_a_loop_of_copies() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\nfor h in $(scontrol show hostnames); do\n"
              "  srun -N1 -w $h ./node.sh &\ndone\nwait\n")
    reason = "line 3: your script ./node.sh is started once per node on 2 node(s) and ..."
    assert not false_claims(reason, split_blocks(script), script)


KIT = """#!/bin/bash
#SBATCH -p accelerated
#SBATCH --gres=gpu:4
#SBATCH --time=07:30:00

source ~/.bashrc
conda activate env
NUM_GPUS=$(echo $SLURM_JOB_GPUS | tr ',' '\\n' | wc -l)
echo "Number of GPUs detected: $NUM_GPUS"
accelerate launch --multi_gpu --num_processes=$NUM_GPUS src/train.py lr=1e-4
"""


def test_a_count_of_the_schedulers_gpu_list_is_the_gpus_asked_a_node() -> None:
    # before: asked "the launch takes its process count from $NUM_GPUS, which the script
    # computes at run time ... (no directive states a node count)" while --gres=gpu:4 on
    # Slurm's default one node fixes it: 4
    assert gpu_list_count_var("$(echo $SLURM_JOB_GPUS | tr ',' '\\n' | wc -l)") == "SLURM_JOB_GPUS"
    assert gpu_list_count_var("$(echo \"$CUDA_VISIBLE_DEVICES\" | awk -F, '{print NF}')")
    assert not gpu_list_count_var("$(echo $SLURM_GPUS_ON_NODE | tr ',' '\\n' | wc -l)")
    result = port(KIT, "delta")["delta"]
    assert result.status == "generated"
    assert result.spec.nodes * result.spec.gpus_per_node == 4


def test_a_count_of_the_gpu_list_with_no_gpu_directive_is_still_asked() -> None:
    script = KIT.replace("#SBATCH --gres=gpu:4\n", "")
    with pytest.raises(MissingInformation):
        port(script, "delta")


MULTILINE = """#!/bin/bash
#SBATCH --gres=gpu:1
if [ -z "$1" ]; then
    singularity exec --nv img.sif /bin/bash -c "
    source /ext3/env.sh
    python -m train
    "
fi
"""


def test_an_internal_validation_error_is_a_refusal_naming_the_line_not_the_model() -> None:
    # before: "InvalidValue: invalid JobSpec: loop_open: set-up line '...': one set-up step
    # is one line (give each line as its own step)"
    @api_boundary
    @refusals_checked
    def writes_the_loop(script: str, target: str) -> None:
        JobSpec(cluster=target, gpus_per_node=1, entrypoint="train.py",
                loop_open=['if [ -z "$1" ]; then', '    singularity exec --nv img.sif /bin/bash '
                           '-c "\n    source /ext3/env.sh\n    python -m train\n    "'],
                loop_close=["fi"])

    with pytest.raises(InvalidValue) as err:
        writes_the_loop(MULTILINE, "delta")
    text = str(err.value)
    assert "line 4 `singularity exec --nv img.sif /bin/bash -c \"`" in text
    assert "several lines" in text and "port again" in text
    for internal in ("JobSpec", "loop_open", "set-up step", "Value error", "invalid"):
        assert internal not in text


def test_any_other_internal_error_is_said_to_be_the_ports_own() -> None:
    @api_boundary
    @refusals_checked
    def breaks(script: str, target: str) -> None:
        int("not a number")

    with pytest.raises(InvalidValue) as err:
        breaks(MULTILINE, "delta")
    assert "defect of the port" in str(err.value) and "literal" not in str(err.value)


OPTIONS_VAR = """NUM_PROCESSES=$1
LAUNCH_PARAM=${LAUNCH_PARAM:-"--num_processes ${NUM_PROCESSES} --num_machines 1"}
accelerate launch --mixed_precision fp16 ${LAUNCH_PARAM} tools/train.py
"""


def test_a_variable_of_launcher_options_is_never_called_the_unset_program() -> None:
    reason = ("no launch line found: line 3 `accelerate launch ...`: accelerate starts a program "
              "on the job's ranks, and the program is ${LAUNCH_PARAM}, a variable the launch line "
              "does not show the value of (set when the job runs, e.g. from the job's own "
              "arguments)")
    wrong = false_claims(reason, split_blocks(OPTIONS_VAR), OPTIONS_VAR)
    assert any("$LAUNCH_PARAM is set by the script (line 2" in w and "launcher's options" in w
               and "`tools/train.py`" in w for w in wrong)
    try:
        port(OPTIONS_VAR, "delta")
        text = ""
    except (ParseError, MissingInformation) as err:
        text = str(err)
    assert "the program is ${LAUNCH_PARAM}" not in text
    assert "the launcher's options, not a program; the program is `tools/train.py`" in text


def test_an_option_quoted_with_an_equals_sign_is_the_scripts_own() -> None:
    # before: a memory refusal quoting `--mem=128gb` was replaced by "the script's header has
    # no `--mem=128gb`" while line 3 writes `#SBATCH --mem 128gb`
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --mem 128gb\n"
              "#SBATCH --gpus-per-task v100s:1\npython train.py\n")
    reason = ("memory: the source asks `--mem=128gb`, more than a Vista GPU node has (120 GB): the "
              "job cannot hold that memory on Vista")
    assert not false_claims(reason, split_blocks(script), script)
    assert false_claims(reason.replace("128gb", "256gb"), split_blocks(script), script)


def test_a_kept_script_of_yours_is_never_called_one_process_on_too_many_gpus() -> None:
    # before: "one process drives 4 GPUs in the source and a Lonestar6 node has 3: change the
    # program (its own GPU count)" for a job whose work is `./train.sh` (what it starts on the
    # GPUs is in train.sh, not in the job script)
    script = ("#!/bin/bash\n#PBS -q normal\n#PBS -l select=1:ncpus=16:ngpus=4\n"
              "#PBS -l walltime=20:00:00\ncd $PBS_O_WORKDIR\n./train.sh\n")
    result = port(script, "lonestar6")["lonestar6"]
    assert result.status == "refused"
    text = " ".join(result.notes)
    assert "one process drives" not in text
    assert "your script ./train.sh is what the source starts" in text and "line 6" in text


def test_a_count_taken_from_a_positional_argument_is_not_called_computed() -> None:
    script = ('#!/bin/bash\nNUM_PROC=$1\nshift\nsrun --gres=gpu:2 python3 -m '
              'torch.distributed.launch --nproc_per_node=$NUM_PROC train.py "$@"\n')
    with pytest.raises(MissingInformation) as err:
        port(script, "delta")
    text = str(err.value)
    assert "takes from its argument $1" in text and "computes at run time" not in text
