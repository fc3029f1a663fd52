"""s39unrec (issue 17): launch-script messages no record recognised - qsub's refusal of a '#PBS'
line's words (openpbs src/cmds/qsub.c do_dir), Open MPI's mapping-policy conflict from
--npernode, Torque's walltime abort. Fixtures are the probe's real excerpts
(bench/s39unrec_probe/cases.yaml) and the released cases they close."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_pbs_directive import mend_pbs_directive
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "s39unrec_probe" / "scripts"
POLARIS = (SCRIPTS / "pbs_mpiexec.sh").read_text(encoding="utf-8")
MPIRUN = (SCRIPTS / "mpirun_openmpi_slurm.sh").read_text(encoding="utf-8")
POLICY = ("Conflicting directives for mapping policy are causing the policy\nto be redefined:\n\n"
          "   New policy:   bynode\n   Prior policy:  BYCORE\n\n"
          "Please check that only one policy is defined.\n")


def _diagnose(script: str, log: str, cluster: str = "polaris") -> dict[str, object]:
    return diagnose_log(script, log, cluster, None, False)


def _first(data: dict[str, object]) -> str | None:
    found = data["diagnoses"]
    return str(found[0]["record_id"]) if found else None  # type: ignore[index]


def _diff(data: dict[str, object]) -> str:
    proposed = data["proposed"]
    assert proposed is not None, data.get("why_none")
    return str(proposed["diff"])  # type: ignore[index]


@pytest.mark.parametrize(("line", "words", "mended"), [
    ("#PBS mem=4000MB", "mem=4000MB", "#PBS -l mem=4000MB"),
    ("#PBS -l select=1:ncpus=1:mem=8 GB", "-l select=1:ncpus=1:mem=8 GB",
     "#PBS -l select=1:ncpus=1:mem=8gb"),
    ("#PBS -l select= 2:ncpus=12", "-l select= 2:ncpus=12", "#PBS -l select=2:ncpus=12"),
    ("#PBS -A ModCon # the project", "-A ModCon # ...", "#PBS -A ModCon"),
])
def test_mend_pbs_directive_shapes(line: str, words: str, mended: str) -> None:
    text = f"#!/bin/bash\n{line}\nhostname\n"
    assert mend_pbs_directive(text, words) == f"#!/bin/bash\n{mended}\nhostname\n"


@pytest.mark.parametrize(("line", "words"), [
    ("#PBS -l select={{ n // 1 }}:ncpus=8", "-l select={{ n // 1 }}:ncpus=8"),
    ("#PBS rundir /glade/work/run", "rundir /glade/work/run"),
    ("#PBS foo=bar", "foo=bar"),
])
def test_mend_pbs_directive_refuses_what_grammar_cannot_decide(line: str, words: str) -> None:
    with pytest.raises(FixNotApplicable):
        mend_pbs_directive(f"#!/bin/bash\n{line}\n", words)


def test_mend_pbs_directive_needs_the_echoed_line() -> None:
    with pytest.raises(FixNotApplicable):
        mend_pbs_directive("#!/bin/bash\n#PBS -l mem=4gb\n", "mem=4000MB")


def test_directive_space_in_select_is_mended() -> None:
    script = POLARIS.replace("#PBS -l select=2:system=polaris",
                             "#PBS -l select= 2:mpiprocs=12:ompthreads=1:ncpus=12")
    log = "qsub: directive error: -l select= 2:mpiprocs=12:ompthreads=1:ncpus=12\n"
    data = _diagnose(script, log)
    assert _first(data) == "pbs-directive-words-mend"
    assert "+#PBS -l select=2:mpiprocs=12:ompthreads=1:ncpus=12" in _diff(data)


def test_directive_template_lookalike_gets_no_fix() -> None:
    line = "#PBS -l select={{ task.NNODES // 1 }}:mpiprocs=128:ncpus=128"
    script = POLARIS.replace("#PBS -l select=2:system=polaris", line)
    data = _diagnose(script, f"qsub: directive error: {line[5:]}\n")
    assert data["proposed"] is None


def test_directive_short_option_stays_a_question() -> None:
    script = POLARIS.replace("#PBS -A MyProject", "#PBS -A MyProject\n#PBS -d /home/u/work/80/")
    log = "qsub: invalid option -- 'd'\nqsub: directive error: -d /home/u/work/80/\n"
    data = _diagnose(script, log)
    assert _first(data) == "entity-directive-option-unrecognized"


def test_npernode_beside_map_by_is_dropped() -> None:
    script = MPIRUN.replace(
        "mpirun -np 8 --map-by ppr:4:node --bind-to core python train.py --epochs 10",
        "mpirun -np 1 --npernode 1 --map-by core hostname")
    data = _diagnose(script, POLICY, "delta")
    assert _first(data) == "openmpi-npernode-redefines-mapping-policy"
    assert "-mpirun -np 1 --npernode 1 --map-by core hostname" in _diff(data)
    assert "+mpirun -np 1 --map-by core hostname" in _diff(data)


def test_mapping_conflict_without_npernode_is_not_this_record() -> None:
    data = _diagnose(MPIRUN, POLICY, "delta")
    assert data["proposed"] is None
    binding = POLICY.replace("mapping policy", "binding policy")
    script = MPIRUN.replace("--bind-to core", "--npernode 4 --bind-to core")
    assert _diagnose(script, binding, "delta")["proposed"] is None


def test_torque_walltime_abort_asks_the_walltime() -> None:
    log = ("Aborted by PBS Server\nJob exceeded its walltime limit. Job was aborted\n"
           "See Administrator for help\n")
    data = _diagnose(POLARIS, log)
    assert _first(data) == "pbs-server-aborted-walltime"
    assert data["verdict"] == "ask"
    assert "walltime" in data["question"]["needs"]  # type: ignore[index]


def test_torque_memory_abort_is_not_the_walltime_record() -> None:
    log = "Job exceeded a memory resource limit (vmem, pvmem, etc.). Job was aborted\n"
    assert _first(_diagnose(POLARIS, log)) != "pbs-server-aborted-walltime"


def test_binding_beside_cpus_per_proc_is_dropped() -> None:
    script = POLARIS.replace(
        "mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth"
        " python train.py",
        "mpirun -np 2 --map-by socket:PE=52 --bind-to socket ./iqtree3-mpi -s data.phy")
    log = ("A request for multiple cpus-per-proc was given, but a conflicting binding\n"
           "policy was specified:\n")
    data = _diagnose(script, log)
    assert _first(data) == "openmpi-cpus-per-proc-binding-mismatch"
    assert "+mpirun -np 2 --map-by socket:PE=52 ./iqtree3-mpi -s data.phy" in _diff(data)


@pytest.mark.parametrize(("log", "record"), [
    ("Some of the requested hosts are not included in the current allocation for the\n"
     "application:\n  ./a.out\n", "openmpi-hosts-outside-allocation"),
    ("The specified mapping policy is not recognized:\n\n  Policy: ppr:4:nodes\n",
     "openmpi-policy-not-recognized"),
    ("Your job has requested a conflicting number of processes for the\napplication:\n",
     "openmpi-procs-conflict-with-directives"),
    ("A request for multiple cpus-per-proc was given, but a directive\nwas also give to map to "
     "an object level that is unlikely to\n", "openmpi-cpus-per-proc-mapping-too-low"),
])
def test_rmaps_launch_line_texts_are_recognised_without_a_guess(log: str, record: str) -> None:
    data = _diagnose(MPIRUN, log, "delta")
    assert _first(data) == record
    assert data["proposed"] is None


def test_bare_step_wait_fragment_with_a_background_step_overlaps() -> None:
    script = MPIRUN.replace("mpirun -np 8", "srun -n1 nvidia-smi -l 5 > gpu.csv &\nsrun -n 8")
    data = _diagnose(script, "step creation temporarily disabled\n", "delta")
    assert _first(data) == "srun-step-creation-wait"
    assert "--overlap" in _diff(data)
    assert _diagnose(MPIRUN.replace("mpirun -np 8", "srun -n 8"),
                     "step creation temporarily disabled\n", "delta")["proposed"] is None


def test_en_dash_local_rank_reads_as_the_deprecated_launcher() -> None:
    script = MPIRUN.replace("mpirun -np 8 --map-by ppr:4:node --bind-to core python train.py",
                            "python -m torch.distributed.launch --nproc_per_node=4 train.py")
    data = _diagnose(script, "Error: unrecognized arguments: \u2013local_rank=3\n", "delta")
    assert _first(data) == "deprecated-launch-local-rank"


def test_site_filter_account_error_asks_the_account() -> None:
    data = _diagnose(POLARIS.replace("#PBS -A MyProject\n", ""),
                     "qsub: PBS Account Error - account must be specified!\n")
    assert _first(data) == "account-missing"
    assert data["verdict"] == "ask"
