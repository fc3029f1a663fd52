"""Issue 14 (port by editing), s18-tuneA: what the port dropped or reordered of the user's own
variables, and a dropped line's dependants left behind (examples written here, not copied)."""

from __future__ import annotations

from maple_flow import port

HEAD = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
HEAD += "#SBATCH -t 02:00:00\n"


def _body(script: str) -> list[str]:
    return [x.strip() for x in script.splitlines()]


# --- class 1: a user export of the scheduler's node list, ported to the same scheduler ----------

WRAPPER = HEAD + (
    'export NODES_ALL=$(scontrol show hostnames "$SLURM_JOB_NODELIST")\n'
    'export N_NODES=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | wc -l)\n'
    "echo nodes $N_NODES\n"
    "srun sh per_node.sh\n")


def test_a_node_list_export_stays_verbatim_on_a_target_of_the_same_scheduler() -> None:
    for target in ("delta", "perlmutter"):
        r = port(WRAPPER, target)[target]
        assert r.status == "generated", r.notes
        lines = _body(r.script)
        want = ['export NODES_ALL=$(scontrol show hostnames "$SLURM_JOB_NODELIST")',
                'export N_NODES=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | wc -l)',
                "echo nodes $N_NODES"]
        at = [lines.index(w) for w in want]  # all kept, in the source's order
        assert at == sorted(at)
        assert any("is kept verbatim" in n and "N_NODES" in n for n in r.notes)


def test_a_node_list_export_is_the_same_query_on_another_scheduler() -> None:
    r = port(WRAPPER, "polaris")["polaris"]
    lines = _body(r.script)
    assert "export N_NODES=$(scontrol" not in r.script
    assert lines.index('export N_NODES=$(uniq "$PBS_NODEFILE" | wc -l)') < lines.index(
        "echo nodes $N_NODES")
    assert 'export NODES_ALL=$(uniq "$PBS_NODEFILE")' in lines
    assert any("N_NODES" in n and "the same query there" in n for n in r.notes)
    # the wrapper srun started: its task variables are named for mpiexec
    assert any("per_node.sh" in n and "SLURM_PROCID" in n and "mpiexec" in n for n in r.notes)


def test_a_backtick_node_count_is_the_same_query_on_pbs_and_an_unknown_one_is_named() -> None:
    script = HEAD + ('export C=`scontrol show hostnames "$SLURM_JOB_NODELIST" | wc -l`\n'
                     "export G=$(sinfo -h -o %G)\nsrun sh per_node.sh\n")
    r = port(script, "polaris")["polaris"]
    assert 'export C=$(uniq "$PBS_NODEFILE" | wc -l)' in _body(r.script)
    assert "sinfo" not in r.script and any("G=$(sinfo" in n for n in r.notes)


def test_a_task_count_export_is_not_kept_verbatim_across_layouts() -> None:
    script = HEAD + "export NT=$SLURM_NTASKS\nsrun sh per_node.sh\n"
    r = port(script, "delta")["delta"]
    assert "export NT=$SLURM_NTASKS" not in r.script


# --- class 1: an empty-valued user variable in the launch's arguments --------------------------

def test_an_empty_flags_variable_stays_on_the_launch_line() -> None:
    script = ("#!/bin/bash\n#SBATCH -n 8\n#SBATCH --gres=gpu:2\n#SBATCH -t 01:00:00\n"
              'EXTRA=""\nsource activate env1\npython exp/train.py ${EXTRA}\n')
    for target in ("perlmutter", "polaris"):
        r = port(script, target)[target]
        assert r.status == "generated", r.notes
        launch = next(x for x in _body(r.script) if "exp/train.py" in x)
        assert launch.endswith("exp/train.py ${EXTRA}"), launch
        assert 'EXTRA=""' in _body(r.script)


# --- class 1: a kept echo of the world size the source set above it ---------------------------

def test_a_kept_echo_of_the_world_size_reads_it_set_where_the_source_set_it() -> None:
    script = (HEAD.replace("--ntasks-per-node=1", "--ntasks-per-node=2")
              .replace("--gpus-per-node=4", "--gpus-per-node=2")
              + "export WORLD_SIZE=$SLURM_NTASKS\necho $WORLD_SIZE\n"
              "srun python train.py --lr 1\n")
    r = port(script, "delta")["delta"]
    assert r.status == "generated", r.notes
    lines = _body(r.script)
    assert lines.index('export WORLD_SIZE="$NRANKS"') < lines.index("echo $WORLD_SIZE")
    assert not any(n.startswith("read but not set") and "WORLD_SIZE" in n for n in r.notes)


def test_a_for_loop_variable_is_no_variable_read_but_not_set() -> None:
    script = HEAD + 'for a in "$@"; do\n    echo "$a"\ndone\nsrun python train.py "$@"\n'
    r = port(script, "delta")["delta"]
    assert not any(n.startswith("read but not set") and "$a" in n for n in r.notes)


# --- class 2: a dropped background command takes its PID and kill with it ---------------------

MONITOR = ("#!/bin/bash\n#SBATCH --nodes=1 --gpus-per-node=1\n#SBATCH -t 01:00:00\n"
           "( while true; do nvidia-smi >> gpu.log; sleep 60; done ) &\n"
           "MON_PID=$!\n\npython tools/train.py\n\nkill $MON_PID\n")


def test_a_dropped_monitor_takes_its_pid_and_its_kill_with_it() -> None:
    r = port(MONITOR, "aurora")["aurora"]
    assert r.status == "generated", r.notes
    assert "nvidia-smi" not in r.script
    assert "MON_PID" not in r.script  # no bare `kill` (exit 2) after a good run
    assert any("MON_PID=$!" in n and "not copied" in n for n in r.notes)
    assert any("kill $MON_PID" in n and "not copied" in n for n in r.notes)


def test_a_kept_monitor_keeps_its_pid_and_its_kill() -> None:
    r = port(MONITOR, "polaris")["polaris"]
    lines = _body(r.script)
    assert lines.index("MON_PID=$!") < lines.index("kill $MON_PID")
    assert "( while true; do nvidia-smi >> gpu.log; sleep 60; done ) &" in lines


# --- class 3: a program that reads SLURM_PROCID itself, started by mpiexec on PBS ----------------

def test_a_batch_shell_rank_from_slurm_procid_gets_a_hedge_on_pbs() -> None:
    script = (HEAD.replace("--ntasks-per-node=1", "--ntasks-per-node=2")
              .replace("--gpus-per-node=4", "--gpus-per-node=2")
              + "export RANK=$SLURM_PROCID\nexport WORLD_SIZE=$SLURM_NTASKS\n"
              "srun python train_mn.py --epochs 2\n")
    r = port(script, "polaris")["polaris"]
    note = next(n for n in r.notes if n.startswith("launch model kept"))
    assert "SLURM_PROCID" in note and "mpiexec" in note and "RANK/LOCAL_RANK" in note
    same = port(script, "delta")["delta"]  # srun sets SLURM_PROCID there: no hedge
    assert not any("SLURM_PROCID/SLURM_LOCALID itself" in n for n in same.notes)


# --- srun's own output files for its tasks: the user's, carried on srun, named elsewhere --------

def test_srun_task_output_files_are_carried_on_srun_and_named_elsewhere() -> None:
    script = HEAD + ("LOG_DIR=./logs/run-${SLURM_JOB_ID}\nmkdir -p $LOG_DIR\n"
                     "srun --output=${LOG_DIR}/node-%t.out sh per_node.sh\n")
    r = port(script, "delta")["delta"]
    assert '--output="${LOG_DIR}/node-%t.out"' in r.script
    assert "LOG_DIR=./logs/run-${SLURM_JOB_ID}" in _body(r.script)
    p = port(script, "polaris")["polaris"]
    assert any("node-%t.out" in n and "not carried" in n for n in p.notes)


# --- the node count a one-process-a-node script leaves to submission, answered ------------------

def test_answering_the_node_count_keeps_one_process_a_node() -> None:
    script = ("#!/bin/bash\n#SBATCH -c 64\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
              "#SBATCH -t 01:00:00\nsrun sh per_node.sh\n")
    for extra in ({"nodes": 4}, {"nodes": 4, "gpus_per_node": 4}):
        r = port(script, "delta", **extra)["delta"]
        assert "#SBATCH -N 4" in r.script and "#SBATCH --ntasks-per-node=1" in r.script
        assert 'srun --nodes="$NNODES" --ntasks="$NNODES" --ntasks-per-node=1' in r.script


def test_a_plain_node_list_variable_and_its_reader_stay_on_the_same_scheduler() -> None:
    script = HEAD + ('nodes=$(scontrol show hostnames "$SLURM_JOB_NODELIST")\n'
                     'echo "running on $nodes"\nsrun sh per_node.sh\n')
    lines = _body(port(script, "delta")["delta"].script)
    assert lines.index('nodes=$(scontrol show hostnames "$SLURM_JOB_NODELIST")') < lines.index(
        'echo "running on $nodes"')
    p = port(script, "polaris")["polaris"]
    assert "running on" not in p.script and any("$nodes" in n for n in p.notes)
