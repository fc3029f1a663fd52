"""s37ask: values the log decides (a Torque node count), a question from the wrong record (an
empty deepspeed --include slot list under the hostfile warning), a Torque job-name filter."""

from __future__ import annotations

from pathlib import Path

from maple_flow.cli.repair import diagnose_log

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "bench/reallogs/scripts"


def _script(name: str, old: str = "", new: str = "") -> str:
    path = SCRIPTS / name
    if not path.is_file():
        path = next((ROOT / "bench").glob(f"*/scripts/{name}"))
    text = path.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new) if old else text


def test_torque_ppn_node_count_is_fixed_from_the_log() -> None:
    script = _script("srun_python.sh", "#SBATCH --nodes=1", "#SBATCH --nodes=2:ppn=8")
    data = diagnose_log(script, 'sbatch: error: "2:ppn=8" is not a valid node count\n'
                        "sbatch: error: invalid node count `2:ppn=8'\n", "delta", None, False)
    assert data["proposed"]["record_id"] == "sbatch-node-count-torque-ppn-form"
    assert "+#SBATCH --nodes=2\n" in data["proposed"]["diff"]


def test_a_node_count_of_no_known_form_still_asks() -> None:
    script = _script("srun_python.sh", "#SBATCH --nodes=1", "#SBATCH --nodes=None")
    data = diagnose_log(script, 'sbatch: error: "None" is not a valid node count\n', "delta",
                        None, False)
    assert data["proposed"] is None and data["verdict"] == "ask"


def test_empty_include_slot_list_drops_include_not_asks_a_hostfile() -> None:
    script = _script("deepspeed_include.sh")
    log = ("[WARNING] [runner.py:179:fetch_hostfile] Unable to find hostfile, will proceed with"
           " training with local resources only.\n"
           '  File "/x/deepspeed/launcher/runner.py", line 258, in parse_resource_filter\n'
           "    slots = [int(x) for x in slots.split(SLOT_SEP)]\n"
           "ValueError: invalid literal for int() with base 10: ''\n")
    data = diagnose_log(script, log, "deltaai", None, False)
    assert data["proposed"]["record_id"] == "deepspeed-include-slot-list-empty"
    assert "-deepspeed --include localhost:$GPU_IDS" in data["proposed"]["diff"]


def test_include_of_literal_numbers_is_not_this_record() -> None:
    script = _script("deepspeed_include.sh", "localhost:$GPU_IDS", "localhost:0,,1")
    log = ('  File "/x/deepspeed/launcher/runner.py", line 258, in parse_resource_filter\n'
           "ValueError: invalid literal for int() with base 10: ''\n")
    data = diagnose_log(script, log, "deltaai", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "deepspeed-include-slot-list-empty" not in ids


def test_torque_submit_filter_job_name_is_shortened() -> None:
    script = _script("pbs_polaris_torchrun.sh", "#PBS -A MyProject",
                     "#PBS -A MyProject\n#PBS -N relax_run_0.25_long")
    log = ('Specified job names must be less than 16 characters ("relax_run_0.25_long" is 19)!\n'
           "qsub: Your job has been administratively rejected by the queueing system.\n")
    data = diagnose_log(script, log, "polaris", None, False)
    assert data["proposed"]["record_id"] == "pbs-job-name-invalid"
    added = [ln for ln in data["proposed"]["diff"].splitlines() if ln.startswith("+#PBS -N ")]
    assert added and len(added[0].split()[-1]) <= 15


# -- the hostfile the job writes (resolve_hostfile) --------------------------------------------

WARNING = ("[WARNING] [runner.py:191:fetch_hostfile] Unable to find hostfile, will proceed with "
           "training with local resources only.\n")


def test_hostfile_the_job_writes_replaces_the_one_the_line_names() -> None:
    script = _script("deepspeed_hostfile.sh", "--hostfile hostfile", "--hostfile /hostfile")
    data = diagnose_log(script, WARNING, "delta", None, False)
    assert data["proposed"]["record_id"] == "deepspeed-no-hostfile"
    assert "--hostfile hostfile train.py" in data["proposed"]["diff"]


def test_hostfile_already_the_written_one_still_asks() -> None:
    data = diagnose_log(_script("deepspeed_hostfile.sh"), WARNING, "delta", None, False)
    assert data["proposed"] is None and data["question"]["needs"] == ["hostfile"]


def test_written_hostfile_rules() -> None:
    import pytest

    from maple_flow.repair.resolve_hostfile import HostfileUnresolved, written_hostfile

    two = ("scontrol show hostnames \"$SLURM_JOB_NODELIST\" > a\n"
           "scontrol show hostnames \"$SLURM_JOB_NODELIST\" | sed 's/$/ slots=4/' > b\n"
           "deepspeed --hostfile c train.py\n")
    with pytest.raises(HostfileUnresolved):
        written_hostfile(two, "hostfile")
    assert written_hostfile(two, "hostfile", {"hostfile": "b"}) == "b"
    tee = ("for h in $(scontrol show hostnames $SLURM_NODELIST); do\n"
           "  echo \"$h slots=8\" | tee -a hosts_$SLURM_JOB_ID\ndone\n"
           "deepspeed train.py\n")
    assert written_hostfile(tee, "hostfile") == "hosts_$SLURM_JOB_ID"
    with pytest.raises(HostfileUnresolved):  # a log file written from a node list is no hint
        written_hostfile("echo start > log.txt\ndeepspeed train.py\n", "hostfile")


def test_valued_option_takes_an_absolute_path_value() -> None:
    from maple_flow.repair import patch_launch as pl

    script = _script("deepspeed_hostfile.sh", "--hostfile hostfile", "--hostfile /jobs/hf")
    out = pl.set_launcher_arg(script, "deepspeed", "--hostfile", "hostfile")
    assert "--hostfile hostfile train.py" in out and "/jobs/hf" not in out
