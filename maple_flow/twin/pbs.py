"""The thin PBS Pro front end of the Polaris and Aurora personalities: qsub, qstat, qdel.

``qsub`` reads ``#PBS`` directives and command-line options, applies the site's rules
(``maple_flow.knowledge.policy.check_script`` plus PBS syntax checks: resource names, ``place``,
``system``), and submits a real Slurm job that runs the script in a PBS-like job shell
(``PBS_NODEFILE`` with the nodes' FQDNs, ``PBS_JOBID``, ``PBS_O_WORKDIR``, the job starting in
``$HOME``, no ``SLURM_*`` variables). What it prints and what it answers mimics PBS Pro.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

from maple_flow.errors import Problem
from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.directives import (
    PBS_FLAGS,
    PBS_SHORT,
    Directive,
    last_value,
    parse_directives,
)
from maple_flow.knowledge.policy import check_script
from maple_flow.models import ClusterProfile, format_walltime, walltime_seconds
from maple_flow.twin.frontend import REAL_SBATCH, split_cli, with_cli_directives
from maple_flow.twin.warm import forwarded

SLURM_TIMEOUT_S = 30
#: PBS Pro resources a job may name with -l (anything else: "Unknown resource").
KNOWN_RESOURCES = frozenset({
    "select", "walltime", "filesystems", "place", "ncpus", "ngpus", "mpiprocs", "ompthreads",
    "mem", "system", "host", "vnode", "file", "nodes_per_job", "debug", "naccelerators",
})
PLACE_WORDS = re.compile(r"^(scatter|pack|free|vscatter|excl|exclhost|shared|group=\w+)$")
_VALUE_LETTERS = set(PBS_SHORT) | {"l", "W", "v", "c", "C", "u", "P", "R"}


def pbs_message(problem: Problem) -> str:
    """The qsub error text of a policy problem."""
    text = problem.scheduler_message
    return text if text.startswith("qsub:") else f"qsub: {problem.message}"


def server_name(profile: ClusterProfile) -> str:
    """The twin's PBS server name (the suffix of job ids)."""
    return f"{profile.id}-twin-pbs"


def syntax_problems(ds: list[Directive], profile: ClusterProfile) -> list[str]:
    """PBS checks the policy module does not make: resource names, place, select's system."""
    errors: list[str] = []
    for d in ds:
        if d.spelled == "-l" and d.option not in KNOWN_RESOURCES:
            errors.append(f"qsub: Unknown resource: {d.option}")
    place = last_value(ds, "place")
    if place is not None and not all(PLACE_WORDS.match(w) for w in place.split(":")):
        errors.append("qsub: Illegal attribute or resource value for place")
    select = last_value(ds, "select") or ""
    chunk = dict(p.partition("=")[::2] for p in select.split(":")[1:])
    if "system" in chunk and chunk["system"] != profile.id:
        errors.append("qsub: Illegal attribute or resource value for select "
                      f"(system={chunk['system']}; this server is {profile.id})")
    return errors


def _shell_export(name: str, value: str) -> str:
    return f"export {name}='" + value.replace("'", "'\\''") + "'"


def _env_lines(ds: list[Directive], workdir: Path, name: str, queue: str,
               profile: ClusterProfile) -> list[str]:
    env = {
        "PBS_O_WORKDIR": str(workdir), "PBS_JOBNAME": name, "PBS_QUEUE": queue,
        "PBS_O_QUEUE": queue, "PBS_O_HOST": f"{profile.id}-login", "PBS_O_SHELL": "/bin/bash",
        "PBS_O_HOME": os.environ.get("HOME", ""), "PBS_O_PATH": os.environ.get("PATH", ""),
        "PBS_ACCOUNT": last_value(ds, "account") or "",
        **forwarded(os.environ),  # the twin's warm mode, when the submission asks for it
    }
    for d in ds:
        if d.option == "variables" and d.value:
            for item in d.value.split(","):
                key, eq, val = item.partition("=")
                env[key] = val if eq else os.environ.get(key, "")
    return [_shell_export(k, v) for k, v in env.items()]


def qsub_main(argv: list[str] | None = None) -> int:
    """The personality's ``qsub``."""
    args = sys.argv[1:] if argv is None else argv
    profile = get_profile(os.environ["MAPLE_TWIN_CLUSTER"])
    root = Path(os.environ["MAPLE_TWIN_ROOT"])
    opts, script, _ = split_cli(args, set(PBS_FLAGS), _VALUE_LETTERS)
    if script is None:
        print("qsub: reading a job script from standard input is not emulated", file=sys.stderr)
        return 2
    try:
        text = Path(script).read_text(encoding="utf-8", errors="replace")
    except OSError:
        print(f"qsub: script file:: No such file or directory ({script})", file=sys.stderr)
        return 2
    full = with_cli_directives(text, "#PBS", opts)
    ds = parse_directives(full, "pbs")
    errors = syntax_problems(ds, profile)
    problems = check_script(full, profile)
    errors += [pbs_message(p) for p in problems]
    if errors:
        print("\n".join(dict.fromkeys(errors)), file=sys.stderr)
        return 1
    return _submit(profile, root, Path(script), ds)


def _submit(profile: ClusterProfile, root: Path, script: Path, ds: list[Directive]) -> int:
    workdir = Path.cwd()
    select = last_value(ds, "select") or "1"
    count = re.match(r"\d+", select)
    nodes = int(count.group(0)) if count else 1
    queue = last_value(ds, "queue") or profile.queues.default_queue.name
    seconds = walltime_seconds(last_value(ds, "walltime") or "01:00:00")
    name = last_value(ds, "job-name") or script.name
    spool = root / "pbs" / uuid.uuid4().hex[:12]
    spool.mkdir(parents=True)
    job_script = spool / "script"
    shutil.copyfile(script, job_script)  # PBS spools the script at submission
    job_script.chmod(0o755)
    (spool / "env").write_text("\n".join(_env_lines(ds, workdir, name, queue, profile)) + "\n")
    out = last_value(ds, "output") or str(workdir / f"{name[:15]}.o%j")
    join = (last_value(ds, "join") or "n").startswith("oe")
    err = out if join else (last_value(ds, "error") or str(workdir / f"{name[:15]}.e%j"))
    export = "ALL" if any(d.option == "V" for d in ds) else "NONE"
    cmd = [REAL_SBATCH, "--parsable", f"--nodes={nodes}", "--exclusive",
           f"--partition={queue}", f"--time={format_walltime(seconds)}", f"--job-name={name}",
           f"--output={out}", f"--error={err}", f"--chdir={root / 'home'}",
           f"--export={export}", str(root / "bin" / "pbs-job"), str(job_script), str(spool / "env")]
    env = {**os.environ, "SLURM_CONF": os.environ["MAPLE_TWIN_SLURM_CONF"]}
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=SLURM_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        print("qsub: cannot connect to server (timed out)", file=sys.stderr)
        return 1
    if proc.returncode != 0:
        print(proc.stderr.strip().replace("sbatch: error:", "qsub:"), file=sys.stderr)
        return 1
    print(f"{proc.stdout.strip().split(';')[0]}.{server_name(profile)}")
    return 0


def slurm_id(job_id: str) -> str:
    """The Slurm job id inside a PBS job id ('123.polaris-twin-pbs' -> '123')."""
    return job_id.split(".", 1)[0]


_STATE = {"PENDING": "Q", "RUNNING": "R", "COMPLETING": "E", "COMPLETED": "F", "FAILED": "F",
          "CANCELLED": "F", "TIMEOUT": "F", "NODE_FAIL": "F", "SUSPENDED": "S"}


def _slurm(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SLURM_CONF": os.environ["MAPLE_TWIN_SLURM_CONF"]}
    return subprocess.run(cmd, capture_output=True, text=True, env=env,
                          timeout=SLURM_TIMEOUT_S, check=False)


def job_fields(sid: str) -> dict[str, str]:
    """``scontrol show job`` fields of a Slurm job ({} if unknown)."""
    proc = _slurm(["/usr/bin/scontrol", "show", "job", "-o", sid])
    fields: dict[str, str] = {}
    for word in proc.stdout.split():
        key, eq, value = word.partition("=")
        if eq:
            fields.setdefault(key, value)
    return fields


def qstat_main(argv: list[str] | None = None) -> int:
    """The personality's ``qstat`` ([-f] [-x] [jobid ...])."""
    args = sys.argv[1:] if argv is None else argv
    profile = get_profile(os.environ["MAPLE_TWIN_CLUSTER"])
    full = "-f" in args
    ids = [a for a in args if not a.startswith("-")]
    if not ids:
        proc = _slurm(["/usr/bin/squeue", "-h", "-o", "%i"])
        ids = proc.stdout.split()
    rc = 0
    if not full:
        print(f"{'Job id':<24}{'Name':<17}{'User':<9}{'Time Use':<9}S Queue")
        print(f"{'-' * 23} {'-' * 16} {'-' * 8} {'-' * 8} - -----")
    for jid in ids:
        f = job_fields(slurm_id(jid))
        if not f:
            print(f"qstat: Unknown Job Id {jid}", file=sys.stderr)
            rc = 153
            continue
        pbs_id = f"{f['JobId']}.{server_name(profile)}"
        state = _STATE.get(f.get("JobState", ""), "F")
        if full:
            code = f.get("ExitCode", "0:0").split(":")[0]
            print(f"Job Id: {pbs_id}\n    Job_Name = {f.get('JobName', '')}\n"
                  f"    job_state = {state}\n    queue = {f.get('Partition', '')}\n"
                  f"    exec_host = {f.get('NodeList', '')}\n    Exit_status = {code}\n")
        else:
            print(f"{pbs_id[:23]:<24}{f.get('JobName', '')[:16]:<17}{'root':<9}"
                  f"{f.get('RunTime', '')[:8]:<9}{state} {f.get('Partition', '')}")
    return rc


def qdel_main(argv: list[str] | None = None) -> int:
    """The personality's ``qdel`` (job ids)."""
    args = sys.argv[1:] if argv is None else argv
    ids = [slurm_id(a) for a in args if not a.startswith("-")]
    if not ids:
        print("usage: qdel job_identifier...", file=sys.stderr)
        return 2
    rc = 0
    for sid in ids:
        if not job_fields(sid):
            print(f"qdel: Unknown Job Id {sid}", file=sys.stderr)
            rc = 153
            continue
        proc = _slurm(["/usr/bin/scancel", sid])
        rc = rc or proc.returncode
    return rc
