"""s28-rnot2: a Pyxis --container-* option that Slurm refuses is a plugin the site does not
load, read against the site's profile (its own container runtime named in the advice); never an
option to take off - and where the site's facts say nothing, nothing is proposed."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.script_facts import holds

PYXIS = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n#SBATCH --gpus-per-node=8\n"
         "#SBATCH --time=01:00:00\nCONT=nvcr.io#nvidia/pytorch:24.01-py3\n"
         'srun --container-image="$CONT" --container-mounts="$PWD":/workspace python train.py\n')
LOGS = ["srun: unrecognized option '--container-image'\n",
        "sbatch: unrecognized option '--container-image=/path/to/image'\n",
        "srun: error: unrecognized option '--container-mounts=/data:/data'\n"]


@pytest.mark.parametrize("log", LOGS)
@pytest.mark.parametrize(("cluster", "runtime"), [("delta", "apptainer"),
                                                   ("perlmutter", "shifter")])
def test_container_option_refused_names_the_sites_runtime(log: str, cluster: str,
                                                          runtime: str) -> None:
    found = classify(FailureEvidence(cluster=cluster, stderr=log, script=PYXIS))
    assert found and (found[0].record_id, found[0].verdict) == (
        "container-plugin-option-site-lacks-pyxis", "not_script")
    assert not found[0].fix.ops and f"with {runtime}" in (found[0].fix.advice or "")
    assert diagnose_log(PYXIS, log, cluster, None, False)["proposed"] is None


def test_profile_silent_on_containers_proposes_nothing() -> None:
    assert holds("site_container_runtime_known", PYXIS, get_profile("delta"))
    assert not holds("site_container_runtime_known", PYXIS, None)
    found = classify(FailureEvidence(stderr=LOGS[0], script=PYXIS))
    assert all(d.record_id != "container-plugin-option-site-lacks-pyxis" for d in found)
    assert all(not d.fix.ops for d in found if d.verdict == "script")


def test_other_unknown_srun_option_keeps_the_script_fix() -> None:
    found = classify(FailureEvidence(cluster="delta", stderr="srun: unrecognized option '--ppn'\n",
                                     script=PYXIS.replace("srun ", "srun --ppn 8 ")))
    assert found and found[0].verdict == "script" and found[0].fix.ops


SPAWNED = '''Traceback (most recent call last):
  File "/opt/conda/lib/python3.10/site-packages/torch/multiprocessing/spawn.py", line 59, in _wrap
    fn(i, *args)
  File "/home/u/code/train.py", line 248, in train
    loss.backward()
  File "/opt/conda/lib/python3.10/site-packages/apex/parallel/distributed.py", line 519, in hook
    bucket_idx, bucket_loc = self.param_id_to_bucket[id(param)]
KeyError: 139892655707984
'''


def test_library_exception_under_a_spawn_wrapper_is_the_librarys() -> None:
    from maple_flow.repair.structure import read

    found = read(SPAWNED)
    assert found is not None and found.category == "library"


def test_launch_frame_below_the_users_code_still_counts() -> None:
    from maple_flow.repair.structure import read

    env = SPAWNED.replace(
        '  File "/opt/conda/lib/python3.10/site-packages/apex/parallel/distributed.py", line 519,'
        ' in hook\n    bucket_idx, bucket_loc = self.param_id_to_bucket[id(param)]\n'
        'KeyError: 139892655707984\n',
        '  File "/usr/lib/python3.10/os.py", line 680, in __getitem__\n'
        '    raise KeyError(key) from None\nKeyError: \'LOCAL_RANK\'\n')
    assert "os.py" in env and read(env) is None
