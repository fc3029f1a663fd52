"""Shell shapes around a launch found on bench/portshapes_probe (h7-portshapes, issue 14): a
group redirected into a file named from the job id, `time`/`if`/`||`/`$(...)` around the
launch, per-node `srun bash -c` bodies and a heredoc wrapper. Each is ported as an edit (the
user's lines kept, the launch given the target's launcher words) or refused with what to
change, never silently wrong."""

from __future__ import annotations

from maple_flow import port

POLARIS_GROUP = """#!/bin/bash
#PBS -l walltime=01:00:00
#PBS -l select=2
#PBS -A datascience
#PBS -q debug-scaling

cd $PBS_O_WORKDIR
export PBS_JOBID_NUMBER=$(echo $PBS_JOBID | cut -d'.' -f1)
export FILENAME_DATE=$(date +"%Y-%m-%d_%H%M").jid${PBS_JOBID_NUMBER}
echo starting job: $FILENAME_DATE
{
   NUM_NODES=$(cat $PBS_NODEFILE| wc -l)
   NUM_GPUS_PER_NODE=4
   TOTAL_MPI_RANKS=$((NUM_GPUS_PER_NODE * NUM_NODES))
   echo TOTAL_MPI_RANKS: $TOTAL_MPI_RANKS
   mpiexec -n $TOTAL_MPI_RANKS -ppn $NUM_GPUS_PER_NODE --hostfile $PBS_NODEFILE \\
      python main.py -o results/$FILENAME_DATE -b 4096

} 1> results/$FILENAME_DATE.out 2> results/$FILENAME_DATE.err
echo finished job: $FILENAME_DATE  time: $SECONDS
"""


def test_a_group_redirected_into_a_name_built_from_the_job_id_is_kept() -> None:
    r = port(POLARIS_GROUP, ["perlmutter"], gpus_per_node=4)["perlmutter"]
    assert r.status == "generated", r.notes
    assert "export PBS_JOBID_NUMBER=$(echo $SLURM_JOB_ID | cut -d'.' -f1)" in r.script
    assert 'export FILENAME_DATE=$(date +"%Y-%m-%d_%H%M").jid${PBS_JOBID_NUMBER}' in r.script
    assert "} 1> results/$FILENAME_DATE.out 2> results/$FILENAME_DATE.err" in r.script
    assert "python main.py -o results/$FILENAME_DATE -b 4096" in r.script
    # issue 14 (s22-keeplines): the user's lines in the block stay, in order (the echo and the
    # count it prints; the node count is the target job's own)
    assert ('   NUM_NODES="$NNODES"\n   NUM_GPUS_PER_NODE=4\n   TOTAL_MPI_RANKS=$((NUM_GPUS_'
            'PER_NODE * NUM_NODES))\n   echo TOTAL_MPI_RANKS: $TOTAL_MPI_RANKS\n') in r.script


def test_the_group_is_kept_on_a_target_with_the_same_scheduler() -> None:
    r = port(POLARIS_GROUP, ["aurora"], gpus_per_node=4)["aurora"]
    assert r.status == "generated", r.notes
    assert "cut -d'.' -f1)" in r.script and "$PBS_JOBID" in r.script
    assert r.script.count("} 1> results/$FILENAME_DATE.out") == 1


SLURM_2X4 = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n"
             "#SBATCH --gpus-per-node=4\n#SBATCH --time=01:00:00\n")


def test_a_timed_launch_stays_timed_under_the_target_launcher() -> None:
    script = SLURM_2X4 + "time srun python fsdp_train.py\n"
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    line = next(x for x in r.script.splitlines() if "mpiexec" in x and not x.startswith("#"))
    assert line.startswith("time mpiexec ")
    assert any("timed the same way" in n for n in r.notes)


def test_a_stage_stopping_the_job_on_failure_gets_the_target_launcher() -> None:
    script = SLURM_2X4 + ("srun python train.py --epochs 3 || exit 1\n"
                          "srun python eval.py --ckpt last.pt\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert "srun python train.py" not in r.script  # no Slurm command left in a PBS job
    stage = next(x for x in r.script.splitlines() if "train.py" in x and not x.startswith("#"))
    assert stage.startswith("mpiexec ") and stage.endswith("python train.py --epochs 3 || exit 1")


IF_LAUNCH = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=2\n#SBATCH --gres=gpu:2\n"
             "#SBATCH --time=06:00:00\n\nRUN=stage1\n"
             'if srun python train.py \\\n    --config_name "$RUN" \\\n    --batch_size 4; then\n'
             "  RC=0\nelse\n  RC=$?\nfi\necho \"srun exited rc=$RC\"\nexit $RC\n")


def test_a_launch_tested_by_if_keeps_its_branches_around_the_target_launch() -> None:
    r = port(IF_LAUNCH, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    lines = r.script.splitlines()
    at = lines.index("if")
    launch = next(i for i, x in enumerate(lines) if x.startswith("mpiexec "))
    assert at < launch < lines.index("then") < lines.index("  RC=0") < lines.index("else")
    assert lines.index("  RC=$?") < lines.index("fi")
    assert "srun python" not in r.script
    assert lines[-1] == "exit $RC"  # the job's status, as the source reports it


IF_ELSE_PER_NODE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:4
#SBATCH --time=04:00:00

CFG=configs/train.yaml
EXTRA=""
if [ -n "${RESUME:-}" ]; then
    EXTRA="--auto-resume"
fi
NNODES=${SLURM_JOB_NUM_NODES:-1}
GPUS=${SLURM_GPUS_ON_NODE:-4}
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
if [ "$NNODES" -gt 1 ]; then
    srun --kill-on-bad-exit=1 bash -c "
        torchrun --nnodes=$NNODES --nproc_per_node=$GPUS --node_rank=\\$SLURM_NODEID \\
            --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \\
            train.py --config_path $CFG $EXTRA
    "
else
    torchrun --nproc_per_node="$GPUS" train.py --config_path "$CFG" $EXTRA
fi
echo done
"""


def test_a_per_node_bash_c_branch_and_a_plain_branch_both_get_the_target_launch() -> None:
    for target, launcher in (("polaris", "mpiexec "), ("delta", "srun ")):
        r = port(IF_ELSE_PER_NODE, [target])[target]
        assert r.status == "generated", r.notes
        lines = [x.strip() for x in r.script.splitlines()]
        at_if = lines.index('if [ "$NNODES" -gt 1 ]; then')
        at_else, at_fi = lines.index("else", at_if), lines.index("fi", at_if)
        for lo, hi in ((at_if, at_else), (at_else, at_fi)):
            branch = " ".join(lines[lo + 1:hi])
            assert launcher in branch and "train.py --config_path" in branch
            assert branch.rstrip().endswith("$EXTRA")  # set on a branch: passed as written
        assert "SLURM_NODEID" not in r.script and "bash -c \"" not in r.script


CAPTURE = ("#!/bin/bash\n#SBATCH --ntasks=1\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n"
           "#SBATCH --time=20:00:00\n\n"
           "R_CUT=$(srun python -u classifier.py \\\n    --path_A data/a.pt \\\n    --get_r_cut)\n"
           'echo "Detected r_cut = $R_CUT"\n'
           "srun python -u train.py \\\n    --r_cut $R_CUT \\\n    --save_name run1\n")


def test_a_launch_whose_output_is_captured_gets_the_target_launcher_inside_the_capture() -> None:
    r = port(CAPTURE, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    capture = next(x for x in r.script.splitlines() if x.startswith("R_CUT=$("))
    assert capture.startswith("R_CUT=$(mpiexec ") and capture.endswith(
        "classifier.py --path_A data/a.pt --get_r_cut)")
    assert "srun" not in r.script.split("#### ")[0].replace("#SBATCH", "")
    assert 'echo "Detected r_cut = $R_CUT"' in r.script  # the program's output, the user's echo



HEREDOC_WRAPPER = """#!/bin/bash
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --time=08:00:00

base_dir=proj
wrapper="${base_dir}/wrapper.sh"

cat > ${wrapper} << EOF
#!/bin/bash
export RANK=$SLURM_PROCID
export WORLD_SIZE=$SLURM_NTASKS
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
python ${base_dir}/train.py
EOF

chmod 777 ${wrapper}

srun bash ${wrapper}
"""


def test_a_heredoc_written_wrapper_is_kept_as_written_under_the_same_scheduler() -> None:
    r = port(HEREDOC_WRAPPER, ["perlmutter"])["perlmutter"]
    assert r.status == "generated", r.notes
    body = HEREDOC_WRAPPER.split("cat > ", 1)[1].split("\nEOF\n", 1)[0]
    assert "cat > " + body + "\nEOF\n" in r.script  # verbatim, its body unchanged
    assert r.script.index("\nEOF\n") < r.script.index("chmod 777 ${wrapper}")
    assert "maple_flow: the heredoc" not in r.script


def test_a_heredoc_wrapper_reading_the_source_scheduler_is_refused_on_another() -> None:
    r = port(HEREDOC_WRAPPER, ["polaris"])["polaris"]
    assert r.status == "refused"
    why = "\n".join(r.notes)
    assert "the launch runs ${wrapper}, which line 11 writes with a heredoc" in why
    assert "$SLURM_PROCID" in why and "<<'EOF'" in why


SSH_LOOP = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --time=01:00:00

MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
i=0
for node in $(scontrol show hostnames $SLURM_JOB_NODELIST); do
  ssh $node "torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$i --master_addr=$MASTER \\
      --master_port=29500 train.py --lr 0.1" &
  i=$((i+1))
done
wait
"""


def test_a_per_node_ssh_loop_becomes_the_target_per_node_launch() -> None:
    for target, head in (("delta", "srun "), ("polaris", "mpiexec ")):
        r = port(SSH_LOOP, [target])[target]
        assert r.status == "generated", r.notes
        code = [x for x in r.script.splitlines() if x.strip() and not x.startswith("#")]
        assert not any(x.lstrip().startswith(("ssh ", "for node")) for x in code)
        assert any(x.startswith(head) for x in code)
        assert code[-1].strip().endswith("train.py --lr 0.1")
        assert any("starts the launch once per node" in n for n in r.notes)


def test_a_timed_subshell_piped_into_tee_keeps_its_parentheses_and_pipe() -> None:
    script = SLURM_2X4 + ("OUT=runs/$SLURM_JOB_ID\nmkdir -p $OUT\n"
                          "( time srun python train.py --out $OUT ) 2>&1 | tee $OUT/train.log\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    code = [x for x in r.script.splitlines() if x.strip() and not x.startswith("#")]
    start = next(i for i, x in enumerate(code) if "mpiexec" in x)
    assert code[start].startswith("( time mpiexec ")
    assert code[-1].endswith(") 2>&1 | tee $OUT/train.log") and "train.py --out" in code[-1]
    assert "OUT=runs/$PBS_JOBID" in code


def test_a_timed_launch_reads_back_with_its_launcher_and_options() -> None:
    from maple_flow.scriptparse import parse_script

    ported = port(SLURM_2X4 + "time srun python fsdp_train.py\n", ["delta"])["delta"].script
    stages = parse_script(ported).launch.stages
    assert [s.name for s in stages][:2] == ["time", "srun"]
    assert stages[1].get("--ntasks") == "$NRANKS"


def test_a_captured_value_is_not_reported_as_unset() -> None:
    r = port(CAPTURE, ["delta"])["delta"]
    assert not any("read but not set" in n and "$R_CUT" in n for n in r.notes), r.notes


def test_a_pdsh_launch_on_every_node_becomes_the_target_per_node_launch() -> None:
    script = SSH_LOOP.split("MASTER=")[0] + (
        "MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)\n"
        'pdsh -w "$NODES" "torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d '
        '--rdzv_endpoint=$MASTER:29500 train.py --lr 0.1"\n')
    r = port(script, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "pdsh" not in r.script
    assert r.script.rstrip().endswith("train.py --lr 0.1")


def test_a_function_setting_the_master_from_the_source_scheduler_keeps_its_other_lines() -> None:
    script = SLURM_2X4 + (
        'log() {\n    echo "[$(date)] $1"\n}\n'
        "get_master_addr() {\n    MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST"
        ' | head -n 1)\n    log "Master node address: $MASTER_ADDR"\n}\n'
        "run_training() {\n    srun python train.py --lr 0.1\n}\n"
        "get_master_addr\nrun_training\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert 'get_master_addr() {\n    log "Master node address: $MASTER_ADDR"\n}' in r.script
    assert "scontrol" not in r.script
    assert r.script.count("get_master_addr") == 2  # defined, and still called


def test_a_user_variable_holding_the_scheduler_node_count_becomes_the_targets() -> None:
    script = SLURM_2X4 + ('NUM_NODES=${SLURM_JOB_NUM_NODES:-8}\necho "nodes: $NUM_NODES"\n'
                          "srun python train.py --lr 0.1\n")
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated", r.notes
    assert 'NUM_NODES="$NNODES"' in r.script and 'echo "nodes: $NUM_NODES"' in r.script
    assert "SLURM_JOB_NUM_NODES" not in r.script


def test_a_node_count_read_from_the_nodefile_inside_the_group_becomes_the_targets() -> None:
    r = port(POLARIS_GROUP, ["delta"], gpus_per_node=4)["delta"]
    assert r.status == "generated", r.notes
    assert '   NUM_NODES="$NNODES"' in r.script and "PBS_NODEFILE" not in r.script


HEREDOC_PER_NODE = """#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00

cat > run.sh <<'EOF'
#!/bin/bash
torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID \\
  --master_addr=$MASTER_ADDR --master_port=29500 train.py --lr 0.1
EOF
srun bash run.sh
"""


def test_a_wrapper_run_through_bash_is_run_through_bash_on_the_target() -> None:
    r = port(HEREDOC_PER_NODE, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    code = [x.strip() for x in r.script.splitlines() if x.strip() and not x.startswith("#")]
    assert code[-1] == "bash run.sh"  # the file is not executable: as the source ran it
    assert any(x.startswith("printf ") and x.endswith("> run.sh") for x in code)


def test_a_written_wrapper_that_cannot_run_on_the_target_is_refused_naming_it() -> None:
    r = port(HEREDOC_PER_NODE, ["polaris"])["polaris"]
    assert r.status == "refused"
    why = r.notes[0]
    assert "the launch runs run.sh, which line 7 writes (a heredoc)" in why
    assert "$SLURM_NODEID" in why and "write run.sh for the target" in why


WRAPPER_NO_GPUS = ("#!/bin/bash\n#SBATCH --partition=gpu-h100\n#SBATCH --nodes 1\n"
                   "#SBATCH --ntasks-per-node=1\n#SBATCH -t 48:00:00\n\nsrun bash run.sh\n")


def test_a_wrapper_started_once_per_node_without_a_gpu_count_is_refused_naming_it() -> None:
    r = port(WRAPPER_NO_GPUS, ["delta"])["delta"]
    assert r.status == "refused"
    assert "your script run.sh is started once per node on 1 node(s)" in r.notes[0]


def test_a_wrapper_with_its_gpus_stated_runs_once_per_node_with_them() -> None:
    script = WRAPPER_NO_GPUS.replace("#SBATCH -t", "#SBATCH --gpus-per-node=4\n#SBATCH -t")
    r = port(script, ["delta"])["delta"]
    assert r.status == "generated", r.notes
    assert "#SBATCH --gpus-per-node=4" in r.script and "NRANKS=1" in r.script
    assert r.script.rstrip().endswith("bash run.sh")
