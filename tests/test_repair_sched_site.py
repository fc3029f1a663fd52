"""Scheduler- and site-side failures (issue 17, h9-repairsched): a submit filter that wants
memory per CPU, failures that are the site's own state, and an account the srun step names
itself. Each log is a public thread's text (named in the test), from the tune half of
bench/repairsched_probe or from threads that are no case of any benchmark."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import FailureEvidence, apply_fix, classify, load_knowledge_base
from maple_flow.repair.models import NOT_SCRIPT_FAMILIES
from maple_flow.repair.ops import SetDirective
from maple_flow.repair.patch import apply_op
from maple_flow.repair.resolve import Context, resolve_fix

SRUN = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --cpus-per-task=8\n#SBATCH --mem=12G\n#SBATCH --time=02:00:00\n"
        "srun python -u train.py --epochs 3\n")
INVALID_ACCOUNT = ("srun: error: Unable to allocate resources: Invalid account or "
                   "account/partition combination specified\n")


def _first(log: str, script: str = SRUN, cluster: str = "anvil") -> tuple[str, str]:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))
    assert found, log
    return found[0].record_id, found[0].verdict


def test_a_filter_that_wants_memory_per_cpu_gets_the_same_request_per_cpu() -> None:
    # dask/dask-jobqueue#632
    log = ("sbatch: error: lua: Requesting memory by node is not supported. Use --mem-per-cpu.\n"
           "sbatch: error: cli_filter plugin terminated with error\n")
    d = classify(FailureEvidence(cluster="anvil", stderr=log, script=SRUN))[0]
    assert d.record_id == "slurm-filter-mem-per-cpu-required"
    fixed = apply_fix(SRUN, d.fix, get_profile("anvil"))
    # 12 GiB over 4 tasks x 8 CPUs of the node: 384 MB per CPU, and no --mem left
    assert "#SBATCH --mem-per-cpu=384M\n" in fixed and "--mem=" not in fixed


def test_memory_per_cpu_is_unresolved_when_the_script_asks_no_memory() -> None:
    record = load_knowledge_base().get("slurm-filter-mem-per-cpu-required")
    ctx = Context(script=SRUN.replace("#SBATCH --mem=12G\n", ""), profile=get_profile("anvil"))
    ops, _, unresolved = resolve_fix(list(record.fix), ctx)
    assert not any(getattr(op, "option", "") == "mem-per-cpu" for op in ops)
    assert any("no memory" in why for why in unresolved)


def test_a_controller_that_cannot_write_job_scripts_is_not_the_script() -> None:
    # ArjunaCluster/ArjunaUsers#255, c3nl-neuraldynamics/c3nl_cluster#38
    log = ("sbatch: error: spank: x11.so: Plugin file not found\nsbatch: error: Batch job "
           "submission failed: I/O error writing script/environment to file\n")
    assert _first(log) == ("slurm-controller-cannot-write-job-script", "not_script")


def test_a_full_quota_is_the_sites_state_not_the_script() -> None:
    # tloen/alpaca-lora#280 (the plain line), BSC-ES/autosubmit#596 (with a path)
    for log in ("OSError: [Errno 122] Disk quota exceeded\n",
                "OSError: [Errno 122] Disk quota exceeded: '/home/u/out/ckpt.pt'\n"):
        record_id, verdict = _first(log)
        assert verdict == "not_script"
        assert load_knowledge_base().get(record_id).family in NOT_SCRIPT_FAMILIES


def test_apptainer_without_its_configured_gpu_helper_is_the_sites_install() -> None:
    # gglyptodon/helixer-docker#5
    log = ('FATAL:   container creation failed: exec: "/usr/bin/nvidia-container-cli": stat '
           "/usr/bin/nvidia-container-cli: no such file or directory\n")
    container = SRUN.replace("srun python", "srun apptainer exec --nv img.sif python")
    assert _first(log, container) == ("apptainer-nvccli-not-installed", "not_script")
    # asked for by the job itself (--nvccli): not read as the site's install
    own = SRUN.replace("srun python", "srun apptainer exec --nvccli img.sif python")
    found = classify(FailureEvidence(cluster="anvil", stderr=log, script=own))
    assert all(d.record_id != "apptainer-nvccli-not-installed" for d in found)


def test_the_answered_account_also_replaces_the_one_the_srun_step_names() -> None:
    """The step's own --account overrides the job's: fixing only the directive leaves the
    step charged to the refused account (slaclab/sdf-docs#5 shape, on the srun line)."""
    script = SRUN.replace("#SBATCH --time=02:00:00\n",
                          "#SBATCH --time=02:00:00\n#SBATCH --account=bbka-delta-gpu\n")
    script = script.replace("srun python", "srun -A oldproj-delta-gpu python")
    data = diagnose_log(script, INVALID_ACCOUNT, "delta", None, False,
                        {"account": "abcd-delta-gpu"})
    diff = data["proposed"]["diff"]
    assert "+srun -A abcd-delta-gpu python" in diff
    assert "+#SBATCH --account=abcd-delta-gpu" in diff


def test_a_step_qos_follows_the_directive_in_any_spelling() -> None:
    script = SRUN.replace("srun python", "srun --qos=premium python")
    fixed = apply_op(script, SetDirective(option="qos", value="regular"), get_profile("perlmutter"))
    assert "srun --qos=regular python" in fixed and "#SBATCH --qos=regular" in fixed
