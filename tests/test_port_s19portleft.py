"""Four classes left open (bench/s19portleft_probe): per-node launch loops, shell plumbing read
as programs or moved, jobs of another framework than PyTorch, and Slurm's per-task output and
variables on a PBS target. Each test fails without its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MapleError, ParseError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.frameworks import framework_named
from maple_flow.scriptparse import parse_script

HEAD = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n" \
       "#SBATCH -t 01:00:00\n"


# --- 1. a per-node loop that hands each node its own value ----------------------------------

PER_NODE = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:2\n"
            "#SBATCH -t 00:10:00\nvar=(`scontrol show hostname $SLURM_NODELIST`)\n"
            "node_sz=${#var[@]}\n"
            "for i in `seq 0 $(echo $node_sz -1 | bc)`;\ndo\n"
            "    srun -w ${var[$i]} -N1 -n1 bash run_node.sh ${node_sz} ${i} ${var[0]} &\n"
            "done\nwait\n")


@pytest.mark.parametrize("target", ["polaris", "delta"])
def test_a_per_node_loop_passing_the_loop_value_is_refused_with_what_to_do(target: str) -> None:
    with pytest.raises(ParseError) as caught:
        port(PER_NODE, target)
    said = str(caught.value)
    assert "once per node in the loop" in said and "$i" in said
    assert "srun -N1 -n1 -w <node>" in said and "mpiexec -n 1 --ppn 1 --hosts <node>" in said


def test_a_per_node_loop_whose_launcher_takes_the_node_rank_is_still_ported() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n"
              "nodes=($(scontrol show hostnames))\nfor i in \"${!nodes[@]}\"; do\n"
              "  ssh ${nodes[$i]} torchrun --nproc_per_node=4 --nnodes=2 --node_rank=$i "
              "--master_addr=${nodes[0]} train.py &\ndone\nwait\n")
    assert port(script, "polaris")["polaris"].status == "generated"


def test_only_the_host_selector_reading_the_loop_variable_is_no_per_node_value() -> None:
    script = PER_NODE.replace("bash run_node.sh ${node_sz} ${i} ${var[0]}", "python train.py")
    assert parse_script(script).per_node_loop is not None  # collapsed, not refused


# --- 2. shell plumbing: `wait` where the source has it; arithmetic is no program -----------

LOOP_WAIT = ("num=4\nrange=$(seq 0 $(($num - 1)))\nfor i in $range; do\n"
             "  python -u work.py $i $num > /tmp/out_$i.txt &\ndone\n\nwait\n\n"
             "for i in $range; do\n  cat /tmp/out_$i.txt\ndone\n")


def test_the_wait_after_a_loop_of_background_runs_stays_before_the_lines_reading_them() -> None:
    r = port(LOOP_WAIT, "delta", ranks=4, gpus_per_node=4)["delta"]
    assert r.status == "generated"
    tail = r.script[r.script.index("# The job's own steps after the launch"):]
    assert tail.index("wait") < tail.index("cat /tmp/out_$i.txt")
    assert "# the source waits for its launch" not in r.script


@pytest.mark.parametrize("wait", ["wait $PID", 'wait "$PID"'])
def test_wait_for_a_kept_process_id_stays_where_the_source_has_it(wait: str) -> None:
    script = HEAD + f"srun python train.py &\nPID=$!\n{wait}\necho done\n"
    r = port(script, "polaris")["polaris"]
    lines = r.script.splitlines()
    assert wait in lines and lines.index(wait) < lines.index("echo done")
    assert not any("not in the port" in n and "wait" in n for n in r.notes)


@pytest.mark.parametrize("plumbing", ["let i++\n(( j += 1 ))\n", "kill $PID\n((i++))\n",
                                      "trap 'kill $PID' EXIT\njobs -p\n"])
def test_shell_arithmetic_and_job_control_are_never_named_as_the_program(plumbing: str) -> None:
    with pytest.raises(MapleError) as caught:
        port(HEAD + plumbing, "polaris")
    said = str(caught.value)
    assert "is a program" not in said and "no launch line found" in said


# --- 3. another framework than PyTorch ------------------------------------------------------

@pytest.mark.parametrize(("text", "name"), [
    ("ml TensorFlow/2.5.0-fosscuda-2020b", "TensorFlow"), ("#SBATCH -J JAX-bench", "JAX"),
    ("/data/x/run_keras.sh python a.py", "Keras"), ("conda activate rapids-21.06", "RAPIDS")])
def test_framework_words_are_read_from_the_data(text: str, name: str) -> None:
    found = framework_named(text)
    assert found is not None and found[0].name == name


def test_a_word_inside_a_longer_word_names_no_framework() -> None:
    assert framework_named("python ajax_server.py") is None


def test_a_one_process_jax_job_is_named_as_jax_not_read_as_pytorch_ddp() -> None:
    script = ("#!/bin/bash\n#SBATCH -p gpu\n#SBATCH --gres=gpu:A100:1\n#SBATCH -J JAX-bench\n"
              "srun python3 benchmark.py 10000 32\n")
    r = port(script, "polaris")["polaris"]
    assert r.status == "generated" and "torchrun" not in r.script
    # s20: the job name alone is no evidence of the program's framework: named, not asserted
    assert not any("shows JAX" in n for n in r.notes)
    assert any("only the directive `#SBATCH -J JAX-bench` names JAX" in n for n in r.notes)
    shown = script.replace("srun python3", "module load jax/0.4\nsrun python3")
    r = port(shown, "polaris")["polaris"]  # a module is: as before
    assert any("shows JAX" in n and "no maple_flow template runs" in n for n in r.notes)


MULTI_TF = HEAD.replace("--ntasks-per-node=4", "--ntasks-per-node=2").replace(
    "--gpus-per-node=4", "--gpus-per-node=2") + "module load TensorFlow/2.6.0\n" \
    "srun python worker.py --communicator=RING\n"


def test_a_tensorflow_multi_worker_job_on_pbs_is_told_how_it_finds_its_cluster() -> None:
    r = port(MULTI_TF, "polaris")["polaris"]
    note = next(n for n in r.notes if "SlurmClusterResolver" in n)
    assert "$PMI_RANK" in note and "$PBS_NODEFILE" in note and "tensorflow.org" in note
    assert "torchrun" not in r.script


def test_a_tensorflow_multi_worker_job_on_another_slurm_site_needs_no_such_note() -> None:
    r = port(MULTI_TF, "delta")["delta"]
    assert not any("SlurmClusterResolver" in n for n in r.notes)


def test_a_torch_launcher_makes_it_a_pytorch_job_whatever_else_the_script_names() -> None:
    script = HEAD + "module load tensorflow\ntorchrun --nproc_per_node=4 train.py\n"
    r = port(script, "delta")["delta"]
    assert not any("shows TensorFlow" in n for n in r.notes)


# --- 4. Slurm's per-task output and variables on a PBS target -------------------------------

def test_srun_label_and_per_task_files_say_how_to_get_them_from_the_target_rank() -> None:
    script = HEAD + "srun -l --output=log-%j-%t.out python train.py\n"
    notes = port(script, "polaris")["polaris"].notes
    rank = get_profile("polaris").launch.rank_var
    assert any("--label" in n and f'sed "s/^/${rank}: /"' in n for n in notes)
    assert any("%t" in n and f"${rank}" in n for n in notes)


def test_srun_label_is_kept_as_written_on_a_slurm_target() -> None:
    notes = port(HEAD + "srun -l python train.py\n", "delta")["delta"].notes
    assert any("kept on Delta's srun launch: `-l`" in n for n in notes)
    assert not any("sed" in n for n in notes)


@pytest.mark.parametrize("target", ["polaris", "aurora"])
def test_slurm_rank_variables_left_in_a_pbs_port_are_named_with_their_counterparts(
        target: str) -> None:
    script = HEAD + "srun python train.py --rank $SLURM_PROCID --local $SLURM_LOCALID\n"
    launch = get_profile(target).launch
    note = next(n for n in port(script, target)[target].notes if "does not set" in n)
    assert f"$SLURM_PROCID -> ${launch.rank_var}" in note
    assert f"$SLURM_LOCALID -> ${launch.local_rank_var}" in note


@pytest.mark.parametrize("target", ["delta", "polaris"])
def test_per_task_variables_in_a_single_quoted_body_are_not_passed_from_the_batch_shell(
        target: str) -> None:
    script = HEAD + "srun bash -c 'python train.py --rank $SLURM_PROCID'\n"
    r = port(script, target)[target]
    assert r.status == "refused"
    assert any("$SLURM_PROCID" in n and "single-quoted" in n for n in r.notes)


def test_a_single_quoted_body_with_no_per_task_variable_is_still_ported() -> None:
    script = HEAD + "srun bash -c 'python train.py --out $HOME/run'\n"
    assert port(script, "delta")["delta"].status == "generated"


NO_DIRECTIVES = ('num=4\nHOSTS=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))\n'
                 "MASTER=${HOSTS[0]}\nfor i in $(seq 0 3); do\n"
                 '  python -u work.py "$MASTER:10001" $i $num > /tmp/out_$i.txt &\ndone\nwait\n')


def test_a_script_with_no_directives_keeps_its_slurm_node_query_on_a_slurm_target() -> None:
    r = port(NO_DIRECTIVES, "delta", ranks=4, gpus_per_node=4)["delta"]
    assert 'HOSTS=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))' in r.script
    assert "MASTER=${HOSTS[0]}" in r.script


def test_a_script_with_no_directives_drops_its_slurm_node_query_on_pbs_with_a_note() -> None:
    r = port(NO_DIRECTIVES, "polaris", ranks=4, gpus_per_node=4)["polaris"]
    assert "scontrol" not in r.script
    assert any("$MASTER" in n and "set it on the target" in n for n in r.notes)


TRAP = HEAD + ("#SBATCH --signal=B:USR1@60\nhandler() {\n    echo caught\n"
               "    scancel $SLURM_JOB_ID\n}\ntrap 'handler' USR1\nsrun python train.py\n")


def test_a_trap_handler_that_cancels_the_job_is_written_for_pbs() -> None:
    r = port(TRAP, "polaris")["polaris"]
    assert "qdel $PBS_JOBID" in r.script and "scancel" not in r.script
    assert "trap 'handler' USR1" in r.script
    assert any("cancels the job" in n for n in r.notes)
    assert any("--signal=B:USR1@60" in n and "SIGTERM" in n for n in r.notes)


def test_a_trap_handler_that_cancels_the_job_is_kept_on_slurm() -> None:
    r = port(TRAP, "perlmutter")["perlmutter"]
    assert "scancel $SLURM_JOB_ID" in r.script
    assert any("cancels the job on slurm" in n for n in r.notes)


RAPIDS_ONE = ("#!/bin/bash\n#SBATCH -t 01:00:00\n#SBATCH --gres=gpu:1\n#SBATCH --nodes 1\n"
              "conda activate rapids-21.06\npython3 work.py --n 3\n")


@pytest.mark.parametrize("target", ["anvil", "delta", "lonestar6", "vista", "perlmutter"])
def test_one_plain_process_of_another_framework_is_never_put_in_torchrun(target: str) -> None:
    r = port(RAPIDS_ONE, target)[target]
    assert r.status == "generated" and "torchrun" not in r.script
    assert any("work.py --n 3" in x for x in r.script.splitlines())


def test_one_plain_pytorch_process_is_one_plain_process_too() -> None:
    # s20: a PyTorch program run once with no launcher is no more put in torchrun than
    # another framework's (torchrun would run the site module's Python, not the job's env)
    script = RAPIDS_ONE.replace("conda activate rapids-21.06\n", "")
    out = port(script, "anvil")["anvil"].script
    assert "torchrun" not in out and "\npython work.py --n 3\n" in out


def test_a_sourced_helper_kept_on_another_scheduler_is_named_with_what_it_may_read() -> None:
    script = HEAD + "source export_vars.sh\nsrun python train.py\n"
    polaris = port(script, "polaris")["polaris"].notes
    note = next(n for n in polaris if n.startswith("your helper export_vars.sh ran in a slurm"))
    assert "SLURM_PROCID" in note and "$PMI_RANK" in note and "MASTER_ADDR" in note
    assert not any(n.startswith("your helper export_vars.sh ran") for n in
                   port(script, "delta")["delta"].notes)  # same scheduler: nothing to say


def test_a_framework_module_not_loaded_on_the_target_says_what_to_load() -> None:
    script = ("#!/bin/bash\n#SBATCH -t 00:10:00\n#SBATCH --gpus-per-node=2\n"
              "ml TensorFlow/2.5.0-fosscuda-2020b\npython model.py\n")
    notes = port(script, "perlmutter")["perlmutter"].notes
    assert any("module TensorFlow/2.5.0-fosscuda-2020b gave the program TensorFlow" in n
               and "load Perlmutter's TensorFlow" in n for n in notes)


def test_a_shell_or_conda_set_up_file_is_no_job_helper_to_warn_about() -> None:
    script = HEAD + "source $CONDA_ROOT/etc/profile.d/conda.sh\nsrun python train.py\n"
    assert not any(n.startswith("your helper") and "ran in a slurm job" in n
                   for n in port(script, "polaris")["polaris"].notes)


# --- 5. A framework word is no proof when the script also shows PyTorch (s19-portfw) ---------

@pytest.mark.parametrize("line", [
    "module load pytorch tensorflow vim\n",            # both modules (a real job script's line)
    "#SBATCH -J tensorflow-compare\nconda activate pytorch\n",
    "echo 'tf_keras baseline'\nexport TORCH_NCCL_ASYNC_ERROR_HANDLING=1\n",
    "#SBATCH -J jax-vs-torch\n",
    "module load tensorflow\nsrun python train.py --accelerator gpu --strategy deepspeed\n",
])
def test_a_framework_word_beside_pytorch_evidence_is_never_asserted(line: str) -> None:
    script = ("#!/bin/bash\n#SBATCH -t 01:00:00\n#SBATCH --gres=gpu:a100:1\n" + line
              + "srun python main.py --data_dir $LOCAL_SCRATCH\n")
    r = port(script, "delta")["delta"]
    assert not any("which no maple_flow template runs" in n for n in r.notes)
    assert any("shows both" in n and "PyTorch" in n for n in r.notes)


def test_a_framework_word_with_no_pytorch_evidence_is_still_named() -> None:
    script = ("#!/bin/bash\n#SBATCH -t 01:00:00\n#SBATCH --gres=gpu:1\n"
              "module load TensorFlow/2.6.0\nsrun python main.py\n")
    r = port(script, "delta")["delta"]
    assert any("shows TensorFlow" in n for n in r.notes)
    assert not any("shows both" in n for n in r.notes)


def test_one_plain_process_with_conflicting_framework_evidence_is_kept_out_of_torchrun() -> None:
    script = ("#!/bin/bash\n#SBATCH -t 01:00:00\n#SBATCH --gres=gpu:a100:1\n"
              "module load pytorch tensorflow vim\nsrun python main.py --data_dir /tmp\n")
    r = port(script, "polaris")["polaris"]
    assert r.status == "generated" and "torchrun" not in r.script
    assert any("shows both TensorFlow" in n and "neither is asserted" in n for n in r.notes)
