"""How a launcher is wired to the job (bench/repairlaunch2_probe tune half): a process count
that is not a number, a c10d rendezvous without an id, an accelerate port clash on one node,
a rendezvous port chosen outside the ephemeral range; and failures that are not the script's
(a host without an IP interface, a PALS rank segfault, MPICH's PMI auto-detection, a program
parsing Slurm's compressed task counts)."""

from __future__ import annotations

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.classify import classify
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.models import Diagnosis, FailureEvidence
from maple_flow.repair.patch import apply_fix
from maple_flow.repair.resolve import shifted_port
from maple_flow.repair.script_facts import holds

KB = load_knowledge_base()
JOB = """#!/bin/bash
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node={tpn}
#SBATCH --gpus-per-node={gpus}
#SBATCH --time=01:00:00
{body}
"""
PORT_TAKEN = ("ConnectionError: Tried to launch distributed communication on port `29500`, "
              "but another process is utilizing it. Please specify a different port\n")


def _top(script: str, log: str, cluster: str = "delta",
         scheduler: str = "slurm") -> tuple[Diagnosis, str]:
    """The first diagnosis and the script after its fix ('' when it has none)."""
    top = classify(FailureEvidence(cluster=cluster, scheduler=scheduler, stderr=log,
                                   script=script), KB)[0]
    after = apply_fix(script, top.fix, get_profile(cluster)) if top.fix.ops else ""
    return top, after


def test_torchrun_given_slurm_compressed_task_count_gets_the_gpus_per_node() -> None:
    body = ("srun torchrun --nnodes=2 --nproc_per_node=$SLURM_TASKS_PER_NODE "
            "--rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 train.py")
    log = '    "message": "ValueError: Unsupported nproc_per_node value: 4(x2)",\n'
    top, after = _top(JOB.format(nodes=2, tpn=1, gpus=4, body=body), log)
    assert top.record_id == "torchrun-nproc-not-a-number"
    assert "--nproc_per_node=4 --rdzv_backend" in after


def test_torch_distributed_launch_with_an_empty_count_gets_the_gpus_per_node() -> None:
    body = "python -m torch.distributed.launch --nproc_per_node=$NGPUS main.py -a r50"
    log = "launch.py: error: argument --nproc_per_node: invalid int value: ''\n"
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=2, body=body), log)
    assert top.record_id == "torchrun-nproc-not-a-number"
    assert "launch --nproc_per_node=2 main.py" in after


def test_program_parsing_the_compressed_count_is_not_the_script() -> None:
    log = ("ValueError: invalid literal for int() with base 10: '1(x2)'\n"
           "    _WorkerInfo.LOCAL_WORLD_SIZE = int(os.environ['SLURM_STEP_TASKS_PER_NODE'])\n")
    body = "srun -n 2 --nodes 2 python examples/mnist.py"
    top, after = _top(JOB.format(nodes=2, tpn=1, gpus=2, body=body), log)
    assert top.record_id == "program-parses-slurm-tasks-per-node"
    assert top.verdict == "not_script" and not after


def test_c10d_without_rendezvous_id_gets_the_job_id_live_and_rank0_endpoint() -> None:
    body = ('export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)\n'
            "export MASTER_PORT=29500\n"
            'srun torchrun --nnodes 2 --nproc_per_node 4 --master_addr "$MASTER_ADDR" '
            '--master_port "$MASTER_PORT" --rdzv_backend c10d sft.py')
    log = ("WARNING:torch.distributed.launcher.api:config has no run_id, generated a random "
           "run_id: 174580650467654300307713793029077439978\n")
    top, after = _top(JOB.format(nodes=2, tpn=1, gpus=4, body=body), log)
    assert top.record_id == "torchrun-c10d-random-run-id"
    assert '--rdzv_id="${SLURM_JOB_ID}"' in after  # live: the same id on every node
    assert '--rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT"' in after


def test_c10d_without_rendezvous_id_on_pbs_uses_the_pbs_job_id() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n"
              "export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)\n"
              "mpiexec -n 2 --ppn 1 torchrun --nnodes 2 --nproc_per_node 4 "
              "--rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29400 train.py\n")
    log = "config has no run_id, generated a random run_id: 1234\n"
    top, after = _top(script, log, cluster="polaris", scheduler="pbs")
    assert top.record_id == "torchrun-c10d-random-run-id-pbs"
    assert '--rdzv_id="${PBS_JOBID}"' in after


def test_accelerate_port_taken_on_one_node_moves_the_main_process_port() -> None:
    body = "accelerate launch --num_processes 2 --multi_gpu train_lora.py --config c.toml"
    top, after = _top(JOB.format(nodes=1, tpn=1, gpus=2, body=body), PORT_TAKEN)
    assert top.record_id == "accelerate-port-taken-one-node"
    assert "accelerate launch --main_process_port=30509 --num_processes 2" in after


def test_accelerate_port_taken_with_several_launchers_per_node_is_not_a_port_move() -> None:
    body = "srun accelerate launch --num_processes 8 --num_machines 2 train.py"
    script = JOB.format(nodes=2, tpn=4, gpus=4, body=body)
    top, _ = _top(script, PORT_TAKEN)
    assert top.record_id != "accelerate-port-taken-one-node"
    assert not holds("one_launcher_on_one_node", script)


def test_one_launcher_on_one_node_fact() -> None:
    one = JOB.format(nodes=1, tpn=1, gpus=4, body="torchrun --nproc_per_node 4 train.py")
    two = JOB.format(nodes=2, tpn=1, gpus=4, body="srun torchrun --nproc_per_node 4 train.py")
    plain = JOB.format(nodes=1, tpn=4, gpus=4, body="srun python train.py")
    assert holds("one_launcher_on_one_node", one)
    assert not holds("one_launcher_on_one_node", two)
    assert not holds("one_launcher_on_one_node", plain)


def test_shifted_port_stays_below_the_ephemeral_range() -> None:
    """Was 58071 for 57062: a port the kernel also hands out to outgoing connections."""
    assert shifted_port(29500) == 30509
    for port in (57062, 49152, 60999, 65535, 1234, 32767):
        new = shifted_port(port)
        assert new != port and 10000 <= new < 32768


def test_not_script_launch_faults_get_advice_and_no_fix() -> None:
    script = JOB.format(nodes=1, tpn=4, gpus=4, body="mpirun -np 4 python train.py")
    cases = {
        "nccl-socket-no-ip-interface":
            "include/socket.h:344 WARN Socket creation failed : Address family not supported "
            "by protocol\n",
        "pals-rank-died-from-signal-11":
            "x4006c0s6b0n0.hsn.cm.aurora.alcf.anl.gov: rank 256 died from signal 11\n",
        "mpich-pmi-version-autodetect":
            "check_MPIR_CVAR_PMI_VERSION(134):  Auto-detection of PMI version failed. Found "
            "both env vars PMI_SIZE and PMIX_NAMESPACE. Aborting.\n",
    }
    for record, log in cases.items():
        top, after = _top(script, log)
        assert top.record_id == record and top.verdict == "not_script" and not after
        assert top.fix.advice


def test_launch_wiring_records_take_no_key_word_from_another_record(tmp_path) -> None:
    """A record's signature words dilute the key words (evidence_gate) that let another
    record's similarity match act: a first version's 'Found both env vars' took 'both' from
    duplicate-gpu."""
    import shutil
    from pathlib import Path

    from maple_flow.repair.evidence_gate import key_words
    from maple_flow.repair.kb import failures_dir, load_file
    from maple_flow.repair.models import KnowledgeBase

    ours = Path(failures_dir()) / "launch_wiring.yaml"
    for path in Path(failures_dir()).glob("*.yaml"):
        if path != ours:
            shutil.copy(path, tmp_path)
    without = KnowledgeBase(records=[r for p in sorted(tmp_path.glob("*.yaml"))
                                     for r in load_file(p)])
    before, after = key_words(without), key_words(KB)
    lost = {rid: sorted(words - after[rid]) for rid, words in before.items()
            if words - after[rid]}
    assert lost == {}


def test_random_run_id_warning_on_one_node_is_not_the_rendezvous_id() -> None:
    """One node: the warning is harmless there, the record must not offer an id."""
    body = "torchrun --nnodes 1 --nproc_per_node 4 --rdzv_backend c10d train.py"
    script = JOB.format(nodes=1, tpn=1, gpus=4, body=body)
    log = "config has no run_id, generated a random run_id: 1234\n"
    top = classify(FailureEvidence(cluster="delta", scheduler="slurm", stderr=log,
                                   script=script), KB)
    assert all(d.record_id != "torchrun-c10d-random-run-id" for d in top)
    assert not holds("launcher_on_several_nodes", script)
