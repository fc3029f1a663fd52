"""Failures that are not the launch script's, and the questions a script record asks
(issue 17, h10-repair8): each log is a public thread's text (named in the test), from the tune
half of bench/reallogs7 or bench/repair8_probe, never a held-out case."""

from __future__ import annotations

from typing import Any

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify

SRUN_ONE = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
            "#SBATCH --gpus-per-node=1\n#SBATCH --time=01:00:00\n"
            "module load anaconda3\nsrun python train.py --epochs 3\n")


def _answer(log: str, cluster: str = "anvil", script: str = SRUN_ONE) -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _first(log: str, cluster: str = "anvil", script: str = SRUN_ONE) -> tuple[str, str, str]:
    d = classify(FailureEvidence(cluster=cluster, stderr=log, script=script))[0]
    return d.record_id, d.verdict, d.method


def _advice_only(log: str, record: str, cluster: str = "anvil") -> None:
    data = _answer(log, cluster)
    assert data["proposed"] is None, data["proposed"]
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record, "not_script"), first


def test_a_system_library_missing_on_the_node_gets_no_cuda_module() -> None:
    # ArjunaCluster/ArjunaUsers#230 (present on the head node, not on the compute nodes)
    _advice_only("error while loading shared libraries: libicudata.so.50: cannot open shared "
                 "object file: No such file or directory\n", "system-library-missing")


def test_python_importing_a_system_library_is_the_same_record() -> None:
    # amdegroot/ssd.pytorch#525: opencv needs the system libGL (was answered with a CUDA module)
    log = ('  File "/opt/conda/lib/python3.6/site-packages/cv2/__init__.py", line 5, in '
           "<module>\n    from .cv2 import *\nImportError: libGL.so.1: cannot open shared "
           "object file: No such file or directory\n")
    _advice_only(log, "system-library-missing", "perlmutter")


def test_a_cuda_runtime_library_is_still_the_modules_record() -> None:
    log = ("python: error while loading shared libraries: libcudart.so.12: cannot open shared "
           "object file: No such file or directory\n")
    assert _first(log)[:2] == ("shared-library-missing", "script")


def test_a_controller_that_does_not_answer_outranks_the_download_it_broke() -> None:
    # AMDResearch/hpcfund#12: a site network outage; the model download failed beside it
    log = ("OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't "
           "find it in the cached files and it looks like facebook/esm2_t33_650M_UR50D is not "
           "the path to a directory containing a file named config.json.\n"
           "salloc: error: Job submit/allocate failed: Socket timed out on send/recv operation\n")
    _advice_only(log, "slurm-controller-unreachable", "delta")


def test_any_slurm_client_timing_out_on_the_controller_is_not_the_script() -> None:
    # ReactionMechanismGenerator/ARC#394 (squeue), sdsc/sdsc-summer-institute-2019#55 (sbatch)
    for log in ("squeue: error: slurm_receive_msg: Socket timed out on send/recv operation, \n",
                "sbatch: error: Batch job submission failed: Socket timed out on send/recv "
                "operation\nSubmitted batch job 3310326\n"):
        assert _first(log, "delta")[:2] == ("slurm-controller-unreachable", "not_script"), log


def test_a_stale_nfs_handle_is_the_file_systems() -> None:
    # ayumiymk/aster.pytorch#63 (LMDB on a shared file system), sjl/peat#2
    for log in ("lmdb.Error: /xxx/xxx/recognition/CVPR2016/: Stale file handle\n",
                "OSError: [Errno 116] Stale NFS file handle: '/vagrant/project/media/a.scss'\n"):
        assert _first(log, "bridges2") == ("stale-file-handle", "not_script", "signature")


def test_a_quota_hit_by_any_tool_is_the_file_systems() -> None:
    # RobertsLab/resources#338 (file-count quota), mikeizbicki/cmc-csci046#542 and #485
    for log in ("cp: cannot create regular file ‘0809_1300.sh’: Disk quota exceeded\n",
                "-bash: cannot create temp file for here-document: Disk quota exceeded\n",
                "fatal: could not create work tree dir 'lab-sorting': Disk quota exceeded\n"):
        _advice_only(log, "disk-quota-exceeded")


def test_a_submit_limit_asks_instead_of_moving_the_job() -> None:
    # szcf-weiya/techNotes#7: the named limit with the generic line; rwth-i6/sisyphus#241
    for log in ("salloc: error: QOSMaxSubmitJobPerUserLimit\nsalloc: error: Job submit/allocate "
                "failed: Job violates accounting/QOS policy (job submit limit, user's size and/or "
                "time limits)\n",
                "sbatch: error: AssocMaxSubmitJobLimit\n"):
        # the job names its account (Anvil requires one; without it, s38's
        # slurm-policy-refusal-account-unnamed asks for the account first)
        named = SRUN_ONE.replace("#!/bin/bash\n", "#!/bin/bash\n#SBATCH -A abc123\n")
        data = _answer(log, script=named)
        assert data["proposed"] is None, data["proposed"]
        asks = [d for d in data["diagnoses"] if d.get("needs")]
        assert asks and asks[0]["record_id"] == "slurm-qos-submit-limit", data["diagnoses"]


def test_the_generic_policy_line_moves_no_job_that_its_queue_takes() -> None:
    # mlr-org/batchtools#199: 2 h on one node fits Anvil's gpu partition: nothing to move
    log = ("sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job "
           "submit limit, user's size and/or time limits)\n")
    data = _answer(log)
    assert data["proposed"] is None, data["proposed"]
    assert any(d["record_id"] == "slurm-qos-submit-limit" and d.get("needs")
               for d in data["diagnoses"])


def test_the_generic_policy_line_still_lowers_a_walltime_above_the_queues() -> None:
    script = SRUN_ONE.replace("--time=01:00:00", "--time=96:00:00")
    log = ("sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job "
           "submit limit, user's size and/or time limits)\n")
    data = _answer(log, script=script)
    assert data["proposed"] and data["proposed"]["record_id"] == "slurm-qos-policy-violation"
    assert "+#SBATCH --time=48:00:00" in data["proposed"]["diff"], data["proposed"]["diff"]


def test_queue_for_time_is_unresolved_when_the_scripts_queue_takes_the_job() -> None:
    """Lonestar6's gpu-a100 takes one node for an hour: no move to gpu-a100-dev for it; a
    3-hour job in gpu-a100-dev (2 hours at most) still moves."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.repair.resolve import Context, resolve_fix

    ls6 = get_profile("lonestar6")
    fix: list[Any] = [{"op": "set_queue", "name": "{queue:time}"}]
    ops, _, unresolved = resolve_fix(fix, Context({}, ls6, SRUN_ONE))
    assert not ops and unresolved
    too_long = SRUN_ONE.replace("--time=01:00:00", "--time=03:00:00").replace(
        "#SBATCH --nodes=1\n", "#SBATCH --nodes=1\n#SBATCH -p gpu-a100-dev\n")
    moved = resolve_fix(fix, Context({}, ls6, too_long))[0]
    assert [op.model_dump()["name"] for op in moved] == ["gpu-a100-small"]


def test_tacc_wanting_the_node_count_adds_it() -> None:
    # TACC/launcher#49 (Stampede2's filter, one line): read by its signature, not guessed
    script = SRUN_ONE.replace("#SBATCH --nodes=1\n", "")
    log = 'Submission error: please define total node count with the "-N" option\n'
    assert _first(log, "stampede3", script) == ("slurm-filter-nodes-count-required", "script",
                                                "signature")
    data = _answer(log, "stampede3", script)
    assert data["proposed"] and "+#SBATCH --nodes=1" in data["proposed"]["diff"], data
