# ruff: noqa: E501
"""s37rl43 (issue 17): classes of the tune half of reallogs43 - Hydra's PBS tm_poll obit
failure at the end of a run, a broken site slurm.conf, a compute node with no route to an
object store (AWS SDK for Java), and a bind source the job's own exported bind list names
(the list without it; from -B or the site's configuration advice only). Each test fails
without its rule."""

from __future__ import annotations

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.resolve_bindpath import BindUnresolved, bind_list_without

PBS = "#!/bin/bash\n#PBS -l select=1\n#PBS -l walltime=01:00:00\ncd ${PBS_O_WORKDIR}\n"
SLURM = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --time=01:00:00\n"
MISSING = "FATAL:   container creation failed: mount /30days->/30days error: while mounting /30days: mount source /30days doesn't exist\n"


def test_bind_list_without_the_missing_source() -> None:
    script = PBS + "export SINGULARITY_BINDPATH=/30days,/90days:/data:ro\nsingularity exec a.sif x\n"
    assert bind_list_without(script, "/30days") == (5, "/30days,/90days:/data:ro", "/90days:/data:ro")
    quoted = PBS + 'export APPTAINER_BIND="/scratch,/30days/:/mnt"\n'
    assert bind_list_without(quoted, "/30days")[2] == "/scratch"


@pytest.mark.parametrize("script", [
    PBS + "singularity exec -B /30days a.sif x\n",  # -B on the command line: not a bind list
    PBS + "export SINGULARITY_BINDPATH=/30days\n",  # the list would be left empty
    PBS + "export SINGULARITY_BINDPATH=/30daysold,/90days\n",  # another directory
])
def test_bind_list_unresolved(script: str) -> None:
    with pytest.raises(BindUnresolved):
        bind_list_without(script, "/30days")


def test_missing_bind_source_dropped_from_the_jobs_bind_list() -> None:
    script = PBS + "module load apptainer\nexport SINGULARITY_BINDPATH=/30days,/90days\nsingularity exec fs.simg recon-all\n"
    diff = _diff(diagnose_log(script, MISSING, "aurora", None, False))
    assert "+export SINGULARITY_BINDPATH=/90days" in diff


def test_missing_bind_source_from_the_site_gets_no_fix() -> None:
    script = PBS + "module load apptainer\nsingularity exec fs.simg recon-all\n"
    data = diagnose_log(script, MISSING, "aurora", None, False)
    assert not _diff(data)
    assert data["diagnoses"][0]["record_id"] == "apptainer-bind-source-missing"


@pytest.mark.parametrize(("script", "log", "cluster", "record"), [
    (PBS + "mpiexec -n 4 ./cesm.exe\n", "[mpiexec@i040] HYDT_bscd_pbs_wait_for_completion (tools/bootstrap/external/pbs_wait.c:67): tm_poll(obit_event) failed with TM error 17002\n[mpiexec@i040] HYDT_bsci_wait_for_completion (tools/bootstrap/src/bsci_wait.c:23): launcher returned error waiting for completion\n", "polaris", "hydra-pbs-tm-poll-obit-failed"),
    (SLURM + "python train.py\n", 'sbatch: error: Parse error in file /etc/slurm/slurm.conf line 5: "SlurmctldHost="\n', "vista", "slurm-conf-parse-error"),
    (PBS + "canu -p asm -d asm genomeSize=1g -nanopore-raw r.fq useGrid=true\n", "Can't open './1-overlapper/ovljob.files': No such file or directory\n\nCanu 1.5 failed with:\n  failed to generate configuration for building overlap store\n", "polaris", "canu-grid-step-wrong-directory-pbs"),
    (SLURM + "nextflow run wf\n", "WARN: Unable to get file attributes file: s3://b/x.txt -- Cause: com.amazonaws.SdkClientException: Unable to execute HTTP request: No route to host (Host unreachable)\n", "stampede3", "compute-node-cannot-reach-object-store"),
])
def test_not_script_classes_get_advice_only(script: str, log: str, cluster: str, record: str) -> None:
    data = diagnose_log(script, log, cluster, None, False)
    assert data["diagnoses"][0]["record_id"] == record
    assert not _diff(data)


def test_object_store_record_stays_off_a_site_with_a_compute_node_proxy() -> None:
    log = "com.amazonaws.SdkClientException: Unable to execute HTTP request: No route to host (Host unreachable)\n"
    data = diagnose_log(PBS + "nextflow run wf\n", log, "polaris", None, False)
    assert all(d["record_id"] != "compute-node-cannot-reach-object-store" for d in data["diagnoses"])
