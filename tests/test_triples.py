"""Triples mode (maple_flow.triples.job): the assignment, the checks, the script on every cluster
(shellcheck-clean, hostile arguments quoted), its task wrapper run for real under a stand-in
site launcher with the triples probe, the probe's assessment and the verification verdict."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_run import run
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from maple_flow.errors import MapleError, PolicyViolation, UnknownCluster
from maple_flow.knowledge.clusters import all_profiles, get_profile
from maple_flow.lint import shellcheck
from maple_flow.paths import miniapps_dir
from maple_flow.triples.job import TriplesJob, assign, check_triples, render_triples
from maple_flow.triples.report import TaskReport, assess_triples, parse_triples
from maple_flow.triples.verify import PreparedTriples, judge, prepare_triples

CLUSTERS = sorted(all_profiles())
BASH = shutil.which("bash") or "/bin/bash"


def job(cluster: str = "delta", **kw: Any) -> TriplesJob:
    values: dict[str, Any] = {"nodes": 2, "ppn": 8, "tpp": 2, "program": "python",
                              "args": ["train.py", "--seed", "{task}"]}
    values.update(kw)
    return TriplesJob(cluster=cluster, **values)


# --- assignment ---------------------------------------------------------------------------

def test_assign_eight_tasks_on_four_gpus_round_robin() -> None:
    slots = assign(2, 8, 4)
    assert [(s.node, s.slot, s.device) for s in slots[:8]] == [
        (0, 0, 0), (0, 1, 1), (0, 2, 2), (0, 3, 3), (0, 4, 0), (0, 5, 1), (0, 6, 2), (0, 7, 3)]
    assert [(s.task, s.node, s.slot, s.device) for s in slots[8:10]] == [(8, 1, 0, 0),
                                                                          (9, 1, 1, 1)]


def test_assign_fewer_tasks_than_gpus_uses_one_gpu_each() -> None:
    assert [s.device for s in assign(1, 3, 4)] == [0, 1, 2]


def test_assign_refuses_zero() -> None:
    with pytest.raises(ValueError):
        assign(1, 0, 4)


@given(st.integers(1, 4), st.integers(1, 40), st.integers(1, 12))
def test_assign_balances_every_node(nodes: int, ppn: int, gpus: int) -> None:
    slots = assign(nodes, ppn, gpus)
    assert [s.task for s in slots] == list(range(nodes * ppn))
    for node in range(nodes):
        mine = [s for s in slots if s.node == node]
        assert [s.slot for s in mine] == list(range(ppn))
        counts = [sum(s.device == d for s in mine) for d in range(min(ppn, gpus))]
        assert min(counts) >= ppn // gpus and max(counts) <= -(-ppn // gpus)


# --- validation -----------------------------------------------------------------------------

def test_threads_beyond_the_node_are_refused_with_a_hint() -> None:
    problems = check_triples(job("polaris", ppn=8, tpp=9), get_profile("polaris"))
    assert [p.code for p in problems] == ["triples.cpus"]
    assert "72 CPUs per node" in problems[0].message and "--tpp 8" in problems[0].hint
    with pytest.raises(PolicyViolation, match="Polaris nodes have 64"):
        render_triples(job("polaris", ppn=8, tpp=9))


def test_more_tasks_than_cpus_hints_at_ppn() -> None:
    problems = check_triples(job("delta", ppn=65, tpp=1), get_profile("delta"))
    assert problems[0].hint == "use --ppn 64 or less"


def test_queue_policy_applies_to_triples() -> None:
    codes = {p.code for p in check_triples(job("delta", nodes=101, walltime="49:00:00",
                                               account="nope"), get_profile("delta"))}
    assert {"nodes.limit", "walltime.limit", "account.format"} <= codes
    with pytest.raises(PolicyViolation, match="no partition named 'nosuch'"):
        render_triples(job("delta", queue="nosuch"))


@pytest.mark.parametrize("bad", [{"ppn": 0}, {"tpp": 0}, {"nodes": 0}, {"program": ""},
                                 {"program": "py\nthon"}, {"args": ["a\x00b"]},
                                 {"account": "a b"}, {"walltime": "soon"}])
def test_invalid_values_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        job(**bad)


def test_a_queue_is_chosen_when_none_is_named() -> None:
    assert "#PBS -q debug\n" in render_triples(job("polaris", nodes=2))
    assert "#PBS -q debug-scaling\n" in render_triples(job("polaris", nodes=4))
    with pytest.raises(PolicyViolation, match="the debug queue takes 1-2 nodes"):
        render_triples(job("polaris", nodes=4, queue="debug"))


def test_unknown_cluster_is_a_maple_error() -> None:
    with pytest.raises(UnknownCluster):
        render_triples(job("nosuchcluster"))


def test_render_turns_value_errors_into_maple_errors() -> None:
    with pytest.raises(MapleError):
        render_triples(job("delta").model_copy(update={"walltime": "x"}))


# --- rendering ------------------------------------------------------------------------------

@pytest.mark.parametrize("cluster", CLUSTERS)
def test_script_for_every_cluster_is_shellcheck_clean(cluster: str) -> None:
    profile = get_profile(cluster)
    ppn = profile.gpu.per_node * 2
    script = render_triples(job(cluster, nodes=2, ppn=ppn, tpp=1))
    assert shellcheck(script) == []
    device = profile.gpu.visible_devices_var
    assert f'{device}="$(( MAPLE_LOCAL_SLOT % {profile.gpu.per_node} ))"' in script
    assert f'MAPLE_TASK_ID="${profile.launch.rank_var}"' in script
    assert f'MAPLE_LOCAL_SLOT="${profile.launch.local_rank_var}"' in script
    assert f"MAPLE_NUM_TASKS={2 * ppn}" in script and "OMP_NUM_THREADS=1" in script
    assert script.startswith(profile.software.shell + "\n")
    assert render_triples(job(cluster, nodes=2, ppn=ppn, tpp=1)) == script


@pytest.mark.parametrize("cluster", CLUSTERS)
def test_site_launcher_starts_nppn_tasks_per_node(cluster: str) -> None:
    profile = get_profile(cluster)
    script = render_triples(job(cluster, nodes=2, ppn=6, tpp=3))
    launcher = profile.launch.launcher
    if launcher == "srun":
        assert ('srun --nodes="$NNODE" --ntasks="$NTASKS" --ntasks-per-node="$NPPN" '
                '--cpus-per-task="$NTPP"') in script
        assert "#SBATCH --cpus-per-task=3" in script
    elif launcher == "mpiexec":
        assert 'mpiexec -n "$NTASKS" --ppn "$NPPN" --depth="$NTPP" --cpu-bind=depth' in script
        assert "#PBS -l select=2" in script
    elif launcher == "mpirun":
        assert 'mpirun -np "$NTASKS" --map-by ppr:6:node' in script
    else:
        assert "\nibrun" in script
    if profile.scheduler == "slurm":
        assert "#SBATCH -N 2" in script and "#SBATCH --ntasks-per-node=6" in script


def test_intel_sites_set_the_level_zero_mask() -> None:
    for cluster in CLUSTERS:
        profile = get_profile(cluster)
        script = render_triples(job(cluster, nodes=1, ppn=profile.gpu.per_node, tpp=1))
        uses_ze = "ZE_AFFINITY_MASK=" in script
        assert uses_ze == (profile.gpu.vendor == "intel")
        assert ("CUDA_VISIBLE_DEVICES=" in script) == (profile.gpu.vendor == "nvidia")


HOSTILE = ["$(touch MARK)", "`touch MARK`", "a'b\"c", "x; touch MARK", "out-{task}.log",
           "{task}{task}", "--glob=*", "two\nlines", "$HOME/data", "back\\slash"]


# --- the wrapper, run for real under a stand-in site launcher ------------------------------

FAKE_LAUNCHER = """#!/bin/bash
# A stand-in site launcher: skip its options up to `bash`, run every task in turn with the
# rank and local-rank variables the profile names.
while [ "$#" -gt 0 ] && [ "$1" != bash ]; do shift; done
for ((t = 0; t < FAKE_TASKS; t++)); do
  env "$FAKE_RANK_VAR=$t" "$FAKE_LOCAL_VAR=$(( t % FAKE_PPN ))" "$@" || exit $?
done
"""


def run_launch(t: TriplesJob, folder: Path) -> subprocess.CompletedProcess[str]:
    """The script's launch part (from its NNODE= line on), under the stand-in launcher."""
    profile = get_profile(t.cluster)
    script = render_triples(t)
    bin_dir = folder / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name in ("srun", "ibrun", "mpirun", "mpiexec"):
        (bin_dir / name).write_text(FAKE_LAUNCHER)
        (bin_dir / name).chmod(0o755)
    tail = folder / "launch.sh"
    tail.write_text(script[script.index("NNODE="):])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLURM_", "PMI_", "PALS_",
                                                                      "OMPI_"))}
    env.update(PATH=f"{bin_dir}:{env['PATH']}", FAKE_TASKS=str(t.tasks), FAKE_PPN=str(t.ppn),
               FAKE_RANK_VAR=profile.launch.rank_var,
               FAKE_LOCAL_VAR=profile.launch.local_rank_var)
    return subprocess.run([BASH, str(tail)], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=60, check=False)


ECHO_ARGV = "import json, sys; print('ARGV ' + json.dumps(sys.argv[1:]))"


def test_hostile_arguments_arrive_verbatim_with_the_task_id(tmp_path: Path) -> None:
    t = job("delta", nodes=1, ppn=3, program=sys.executable, args=["-c", ECHO_ARGV, *HOSTILE])
    proc = run_launch(t, tmp_path)
    assert proc.returncode == 0, proc.stderr
    seen = [json.loads(line[5:]) for line in proc.stdout.splitlines() if line.startswith("ARGV ")]
    home = os.environ["HOME"]
    for task, argv in enumerate(seen):
        expected = [a.replace("{task}", str(task)) for a in HOSTILE]
        expected[expected.index("$HOME/data")] = f"{home}/data"  # $NAME stays live
        assert argv == expected
    assert len(seen) == 3
    assert not (tmp_path / "MARK").exists()


@pytest.mark.parametrize("cluster", CLUSTERS)
def test_probe_under_every_site_wrapper_shows_the_assignment(cluster: str,
                                                             tmp_path: Path) -> None:
    apps = tmp_path / "apps"
    shutil.copytree(miniapps_dir(), apps, ignore=shutil.ignore_patterns("__pycache__", "reports"))
    gpus = get_profile(cluster).gpu.per_node
    t = job(cluster, nodes=1, ppn=gpus + 2, tpp=1, program=sys.executable,
            args=[str(apps / "triples_probe.py"), "--task", "{task}"])
    proc = run_launch(t, tmp_path)
    assert proc.returncode == 0, proc.stderr
    reports, bad = parse_triples(proc.stdout)
    assert not bad
    verdict = assess_triples(reports, nodes=1, ppn=gpus + 2, tpp=1, gpus_per_node=gpus)
    assert verdict.ok, verdict.reasons
    assert sorted(p.name for p in (apps / "reports").iterdir()) == sorted(
        f"triples-task-{i}.json" for i in range(gpus + 2))
    (devices,) = verdict.devices_per_host.values()
    wanted = [s.device for s in assign(1, gpus + 2, gpus)]
    assert devices == {str(d): wanted.count(d) for d in range(gpus)}


def test_a_launcher_without_a_task_id_stops_the_task(tmp_path: Path) -> None:
    t = job("delta", nodes=1, ppn=2, program="true", args=[])
    profile = get_profile("delta")
    script = render_triples(t).replace(f"${profile.launch.rank_var}", "$NOT_SET_ANYWHERE")
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "srun").write_text(FAKE_LAUNCHER)
    (tmp_path / "bin" / "srun").chmod(0o755)
    (tmp_path / "launch.sh").write_text(script[script.index("NNODE="):])
    env = dict(os.environ, PATH=f"{tmp_path / 'bin'}:{os.environ['PATH']}", FAKE_TASKS="2",
               FAKE_PPN="2", FAKE_RANK_VAR="SLURM_PROCID", FAKE_LOCAL_VAR="SLURM_LOCALID")
    proc = subprocess.run([BASH, str(tmp_path / "launch.sh")], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert proc.returncode == 3
    assert "maple triples: the launcher set no task id (SLURM_PROCID)" in proc.stderr


# --- the probe ------------------------------------------------------------------------------

def _probe_module() -> Any:
    sys.path.insert(0, str(miniapps_dir()))
    try:
        import triples_probe

        return triples_probe
    finally:
        sys.path.remove(str(miniapps_dir()))


def test_probe_reports_its_environment() -> None:
    probe = _probe_module()
    env = {"MAPLE_TASK_ID": "5", "MAPLE_NUM_TASKS": "16", "MAPLE_LOCAL_SLOT": "5",
           "CUDA_VISIBLE_DEVICES": "1", "OMP_NUM_THREADS": "4"}
    report = probe.probe(env, ["--task", "5", "--extra"], "gpua001.delta.ncsa")
    assert report == {"task": 5, "num_tasks": 16, "slot": 5, "host": "gpua001",
                      "device_var": "CUDA_VISIBLE_DEVICES", "device": "1", "threads": 4,
                      "arg_task": "5", "torch_devices": None, "errors": [], "ok": True}


def test_probe_flags_a_task_that_sees_two_devices_or_no_id() -> None:
    probe = _probe_module()
    report = probe.probe({"ZE_AFFINITY_MASK": "0,1", "OMP_NUM_THREADS": "x"}, [], "h")
    assert not report["ok"]
    assert any("exactly one device" in e for e in report["errors"])
    assert any("MAPLE_TASK_ID is not set" in e for e in report["errors"])
    assert any("OMP_NUM_THREADS='x'" in e for e in report["errors"])


# --- the assessment -------------------------------------------------------------------------

def good_reports(nodes: int = 2, ppn: int = 8, gpus: int = 4, tpp: int = 2) -> list[TaskReport]:
    return [TaskReport(ok=True, host=f"node{s.node}", task=s.task, num_tasks=nodes * ppn,
                       slot=s.slot, device_var="CUDA_VISIBLE_DEVICES", device=str(s.device),
                       threads=tpp, arg_task=str(s.task))
            for s in assign(nodes, ppn, gpus)]


def assess(reports: list[TaskReport]) -> list[str]:
    return assess_triples(reports, nodes=2, ppn=8, tpp=2, gpus_per_node=4).reasons


def test_a_correct_run_passes() -> None:
    verdict = assess_triples(good_reports(), nodes=2, ppn=8, tpp=2, gpus_per_node=4)
    assert verdict.ok and verdict.tasks_per_host == {"node0": 8, "node1": 8}
    assert verdict.devices_per_host["node0"] == {"0": 2, "1": 2, "2": 2, "3": 2}


def test_every_gpu_on_device_zero_is_caught() -> None:
    reports = [r.model_copy(update={"device": "0"}) for r in good_reports()]
    reasons = assess(reports)
    assert any("task 1: device CUDA_VISIBLE_DEVICES=0, expected 1" in r for r in reasons)
    assert any("node0: tasks per device {'0': 8}" in r for r in reasons)


def test_missing_duplicate_and_stray_tasks_are_caught() -> None:
    reports = good_reports()
    reports = [*reports[1:], reports[5], reports[6].model_copy(update={"task": 99})]
    reasons = " | ".join(assess(reports))
    assert "1 of 16 tasks did not report: 0" in reasons
    assert "tasks reported more than once: 5" in reasons
    assert "task ids outside 0..15: 99" in reasons


def test_wrong_hosts_threads_and_placeholder_are_caught() -> None:
    reports = good_reports()
    reports[3] = reports[3].model_copy(update={"host": "node1"})
    reports[4] = reports[4].model_copy(update={"threads": 1})
    reports[9] = reports[9].model_copy(update={"arg_task": "{task}"})
    reasons = " | ".join(assess(reports))
    assert "tasks per host {'node0': 7, 'node1': 9}, expected 8 on each" in reasons
    assert "the tasks of node(s) 0 ran on more than one host" in reasons
    assert "task 4: OMP_NUM_THREADS 1, expected 2" in reasons
    assert "task 9: its {task} argument became '{task}'" in reasons


def test_a_failed_task_and_no_reports_are_caught() -> None:
    reports = good_reports()
    reports[2] = reports[2].model_copy(update={"ok": False, "errors": ["boom"]})
    assert "task 2 on node0 failed: boom" in assess(reports)
    assert assess([]) == ["no task reported"]


def test_report_lines_are_found_behind_launcher_prefixes() -> None:
    text = ('0: MAPLE_TRIPLES_REPORT {"ok": true, "host": "h", "task": 0}\n'
            "noise\nMAPLE_TRIPLES_REPORT {broken\n")
    reports, bad = parse_triples(text)
    assert [r.task for r in reports] == [0] and len(bad) == 1


# --- the verification verdict (pure) --------------------------------------------------------

def prepared() -> PreparedTriples:
    return prepare_triples(job("delta"))


def test_prepare_swaps_in_the_probe() -> None:
    p = prepared()
    assert "maple_miniapps/triples_probe.py --task '{task}'" in p.script
    assert "maple_miniapps/triples_probe.py" in p.files and p.gpus_per_node == 4
    assert "train.py" not in p.script


def test_judge_verifies_a_completed_run_with_good_reports() -> None:
    lines = "\n".join("MAPLE_TRIPLES_REPORT " + r.model_dump_json() for r in good_reports())
    report = judge({"state": "COMPLETED", "exit_code": 0, "stdout": lines}, prepared(), "twin")
    assert report.status == "verified" and len(report.tasks) == 16


def test_judge_fails_a_wrong_layout_and_a_failed_job() -> None:
    bad = [r.model_copy(update={"device": "0"}) for r in good_reports()]
    files = [r.model_dump_json() for r in bad]
    report = judge({"state": "COMPLETED", "exit_code": 0, "report_files": files}, prepared(),
                   "twin")
    assert report.status == "failed" and any("expected 1" in r for r in report.reasons)
    report = judge({"state": "FAILED", "exit_code": 3}, prepared(), "twin")
    assert report.status == "failed"
    assert report.reasons[0] == "the job ended FAILED with exit code 3"


def test_judge_leaves_a_pending_job_unverified() -> None:
    raw = {"state": "PENDING", "pending": "queued", "left_job": "cancelled", "job_id": "7",
           "elapsed_s": 5}
    report = judge(raw, prepared(), "local")
    assert report.status == "unverified" and "still queued" in report.reasons[0]


# --- the command line -----------------------------------------------------------------------



def test_cli_prints_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["triples", "--on", "Polaris", "--nodes", "2", "--ppn", "8", "--tpp",
                          "4", "-A", "datascience", "-q", "debug-scaling", "-t", "1:00:00", "--",
                          "python", "train.py", "--seed", "{task}"], capsys)
    assert code == 0
    assert out == render_triples(TriplesJob(
        cluster="polaris", nodes=2, ppn=8, tpp=4, program="python",
        args=["train.py", "--seed", "{task}"], account="datascience", queue="debug-scaling",
        walltime="01:00:00"))


def test_cli_json_and_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "job.sh"
    code, out, _ = run(["triples", "--cluster", "delta", "--nodes", "1", "--ppn", "6",
                          "--json", "-o", str(target), "--", "./run.sh", "{task}"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["tasks"] == 6 and data["verify"] is None
    assert [a["device"] for a in data["assignment"]] == [0, 1, 2, 3, 0, 1]
    assert target.read_text() == data["script"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--on", "delta", "--nodes", "1", "--ppn", "4"],
     "give the command each task runs after `--`"),
    (["--nodes", "1", "--ppn", "4", "--", "x"], "give the target cluster with --on"),
    (["--on", "delta", "--nodes", "1", "--ppn", "0", "--", "x"], "ppn"),
    (["--on", "delta", "--nodes", "1", "--ppn", "8", "--tpp", "9", "--", "x"],
     "72 CPUs per node"),
    (["--on", "nowhere", "--nodes", "1", "--ppn", "1", "--", "x"], "nowhere"),
    (["--on", "delta", "--ppn", "4", "--", "x"], "--nodes"),  # a size is asked for, never 1
    (["--on", "delta", "--nodes", "2", "--", "x"], "--ppn"),
])
def test_cli_errors_are_one_message(argv: list[str], message: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["triples", *argv], capsys)
    assert code != 0 and message in err and "Traceback" not in err


def test_public_names_load_lazily() -> None:
    code = ("import sys, maple_flow; assert 'maple_flow.triples.job' not in sys.modules; "
            "assert maple_flow.render_triples.__name__ == 'render_triples'; "
            "assert maple_flow.TriplesJob.__name__ == 'TriplesJob'; "
            "assert 'maple_flow.triples.verify' not in sys.modules; "
            "assert maple_flow.verify_triples.__name__ == 'verify_triples'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False,
                          env=dict(os.environ, PYTHONPATH=str(Path(__file__).parents[1])))
    assert proc.returncode == 0, proc.stderr


def test_devices_are_listed_in_numeric_order() -> None:
    reports = good_reports(nodes=1, ppn=12, gpus=12, tpp=1)
    verdict = assess_triples(reports, nodes=1, ppn=12, tpp=1, gpus_per_node=12)
    assert list(verdict.devices_per_host["node0"]) == [str(d) for d in range(12)]


def test_a_triples_job_goes_through_the_shared_verification_session(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One dispatcher for DDP and triples: the probe job is launched by the verification
    session (``Session.launch``), whose Parsl app runs it on the cluster's executor."""
    from maple_flow.endpoints import Endpoint, load_registry
    from maple_flow.triples.verify import verify_prepared
    from maple_flow.verify import jobs
    from maple_flow.verify.session import Session

    lines = "\n".join("MAPLE_TRIPLES_REPORT " + r.model_dump_json() for r in good_reports())
    ran: list[tuple[str, str, int]] = []

    def fake_run_job(kind: str, cluster: str, scheduler: str, script: str, files: Any,
                     timeout_s: float, workdir: Any, ranks: int, *rest: Any) -> dict[str, Any]:
        ran.append((kind, cluster, ranks))
        return {"state": "COMPLETED", "exit_code": 0, "stdout": lines, "job_id": "42"}

    launched: list[str] = []
    launch = Session.launch

    def spy(self: Session, cluster: str, *args: Any, **kw: Any) -> Any:
        launched.append(cluster)
        return launch(self, cluster, *args, **kw)

    monkeypatch.setattr(jobs, "run_job", fake_run_job)
    monkeypatch.setattr(Session, "launch", spy)
    registry = load_registry()
    registry["delta"] = Endpoint(type="local", workdir=str(tmp_path / "work"))
    report = verify_prepared(prepared(), timeout_s=30, registry=registry)
    assert report.status == "verified" and report.job_id == "42" and len(report.tasks) == 16
    assert launched == ["delta"] and ran == [("local", "delta", 16)]
