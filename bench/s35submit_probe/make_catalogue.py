"""The site submit-filter catalogue of helper s35submit as run.py cases (catalogue_cases.yaml).

TACC's sbatch submission filter (the checks every TACC system prints before "Submitted batch
job"; its C++ source read through code search, text ids below) on Lonestar6 / Stampede3 /
Vista base scripts: each check's FAILED output, printed as the source prints it, labelled
  script (fix regex or 'ask'), WAIT (clears by itself) or ADMIN / ENV (only the site or the
  user's account setup changes it): not_script.
Sources (find_string ids): driver 27319968107 (queue/-t/-n required), queue ACL 27737954571,
queue limits 27308702439, accounting 27526948952, jobname 27425075231, file systems
28101632345, submit host 27592563409, max jobs per user 27741456726.
Run: python bench/s35submit_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s35submit_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SRC = "TACC submission filter (code search text id {})"
LS6 = {"cluster": "lonestar6", "script": "tacc_torchrun_per_node.sh"}


def head(system: str = "Lonestar6", upto: str = "") -> str:
    """The filter's banner and the checks that passed before the failing one."""
    lines = ["-----------------------------------------------------------------",
             f"          Welcome to the {system} Supercomputer",
             "-----------------------------------------------------------------", "",
             "No reservation for this job",
             "--> Verifying valid submit host (login1)...OK",
             "--> Verifying valid jobname...OK",
             "--> Verifying valid ssh keys...OK",
             "--> Verifying access to desired queue (gpu-a100)...OK",
             "--> Verifying job request is within current queue limits...OK",
             "--> Checking available allocation (MyProject)...OK"]
    stop = next(i for i, ln in enumerate(lines) if upto and upto in ln) if upto else len(lines)
    return "\n".join(lines[:stop]) + "\n"


WAIT, ADMIN, ENV, SCRIPT = "WAIT", "ADMIN", "ENV", "SCRIPT"
# (id, class, log, source id, base, directives/replace, expect)
ENTRIES: list[tuple[str, str, str, str, dict, dict, str | None]] = [
    ("tacc-queue-acl-failed", ADMIN,
     head(upto="access to desired queue") + "--> Verifying access to desired queue (gpu-a100)...FAILED\n",
     "27737954571", LS6, {}, None),
    ("tacc-queue-limit-hours", SCRIPT,
     head(upto="within current queue limits") + "--> Verifying job request is within current queue limits...FAILED\n\n"
     "You are requesting 256 Physical cores on 2 nodes for 72.00 hours!\n"
     "  The Requested job is not within current queue limits:\n"
     "  --> gpu-a100 Queue Limits: 48 Hours\n"
     "  --> gpu-a100 Queue Limits: 1024(512) Virtual(Physical) cores on 8 Nodes\n",
     "27308702439", LS6, {"replace": [["#SBATCH -t 04:00:00", "#SBATCH -t 72:00:00"]]},
     r"(?m)^\+#SBATCH (?:-t|--time)[ =](?:0?48:00:00|2-00:00:00)$"),
    ("tacc-queue-limit-nodes", SCRIPT,
     head(upto="within current queue limits") + "--> Verifying job request is within current queue limits...FAILED\n\n"
     "You are requesting 1536 Physical cores on 12 nodes for 4.00 hours!\n"
     "  The Requested job is not within current queue limits:\n"
     "  --> gpu-a100 Queue Limits: 48 Hours\n"
     "  --> gpu-a100 Queue Limits: 1024(512) Virtual(Physical) cores on 8 Nodes\n",
     "27308702439", LS6, {"replace": [["#SBATCH -N 2", "#SBATCH -N 12"], ["#SBATCH -n 2", "#SBATCH -n 12"]]},
     "ask"),
    ("tacc-queue-max-jobs", WAIT,
     head(upto="within current queue limits") + "--> Verifying job request is within current queue limits...FAILED\n\n"
     "    [*] Too many simultaneous jobs in queue.\n        --> Max job limits for gpu-a100 =  20 jobs\n\n",
     "27308702439", LS6, {}, None),
    ("tacc-user-max-jobs", WAIT,
     "No reservation for this job\n--> Verifying valid submit host (login2)...OK\n--> Verifying valid jobname...OK\n"
     "--> Enforcing max jobs per user...FAILED\n\n    [*] Too many simultaneous jobs in queue.\n"
     "        --> Max job limits for alice =  50 jobs\n\n",
     "27741456726", LS6, {}, None),
    ("tacc-allocation-failed", SCRIPT,
     head() .replace("--> Checking available allocation (MyProject)...OK\n", "")
     + "--> Checking available allocation (MyProject)...FAILED\n",
     "27526948952", LS6, {}, "ask"),
    ("tacc-allocation-bypass-invalid", SCRIPT,
     head().replace("--> Checking available allocation (MyProject)...OK\n", "")
     + "--> Checking available allocation (MyProject)...FAILED (BYPASS INVALID)\n\n"
     "Please verify correct project string or contact TACC consulting.\n\n",
     "27526948952", LS6, {}, "ask"),
    ("tacc-no-queue", SCRIPT,
     "No reservation for this job\n--> Submission error: all jobs must have a queue name specified with \"-p\"\n\n",
     "27319968107", LS6, {"replace": [["#SBATCH -p gpu-a100\n", ""]]},
     r"(?m)^\+#SBATCH (?:-p|--partition)[ =]gpu-a100(?:-small|-dev)?$"),
    ("tacc-no-runlimit", SCRIPT,
     "--> Submission error: all jobs must have a maximum runlimit defined with \"-t\"\n",
     # labelled as slurm-time-limit-required answers a missing -t: the queue's longest time
     "27319968107", LS6, {"replace": [["#SBATCH -t 04:00:00\n", ""]]},
     r"(?m)^\+#SBATCH (?:-t|--time)[ =](?:0?48:00:00|2-00:00:00)$"),
    ("tacc-no-core-count", SCRIPT,
     "--> Submission error: please define total core count with the \"-n\" option\n",
     "27319968107", LS6, {"replace": [["#SBATCH -n 2\n", ""]]},
     r"(?m)^\+#SBATCH (?:-n|--ntasks)[ =]2$"),
    ("tacc-too-many-cores-per-node", SCRIPT,
     head(upto="within current queue limits") + "--> Verifying job request is within current queue limits...FAILED\n\n\n"
     "  Requested too many cores/node\n",
     "27308702439", LS6, {"replace": [["#SBATCH -n 2", "#SBATCH -n 512"]]}, "ask"),
    ("tacc-no-queue-limits-bad-queue", SCRIPT,
     head(upto="within current queue limits").replace("(gpu-a100)", "(gpu-a10)")
     + "--> Verifying job request is within current queue limits...\n\nNo queue limits available (queue=gpu-a10).\n\n"
     "Please verify that you submitted to a valid queue or contact TACC \nconsulting for assistance.\n\n",
     "27308702439", LS6, {"replace": [["#SBATCH -p gpu-a100", "#SBATCH -p gpu-a10"]]},
     r"(?m)^\+#SBATCH -p gpu-a100(?:-small|-dev)?$|ask"),
    ("tacc-jobname-colon", SCRIPT,
     "No reservation for this job\n--> Verifying valid submit host (login1)...OK\n--> Verifying valid jobname...FAILED\n\n\n"
     "Job names are not allowed to contain the \":\" character.\n--> submitted jobname = train:bert\n\n"
     "Please remove and resubmit the job.\n\n",
     "27425075231", LS6, {"replace": [["#SBATCH -J train", "#SBATCH -J train:bert"]]},
     # a -J without ':' or the -J line dropped (the name is then the script's)
     r"(?m)^\+#SBATCH (?:-J|--job-name)[ =][^:\n]*$|^-#SBATCH -J train:bert$(?![\s\S]*^\+#SBATCH (?:-J|--job-name))"),
    ("tacc-workdir-unavailable", ENV,
     "No reservation for this job\n--> Verifying valid submit host (login1)...OK\n--> Verifying valid jobname...OK\n"
     "--> Verifying availability of your work dir (/work/04658/alice/ls6)...FAILED\n",
     "28101632345", LS6, {}, None),
    ("tacc-submit-host", ENV,
     "No reservation for this job\n--> Verifying valid submit host (c305-005)...FAILED\n",
     "27592563409", LS6, {}, None),
    ("tacc-ssh-keys", ENV,
     "No reservation for this job\n--> Verifying valid submit host (login1)...OK\n--> Verifying valid jobname...OK\n"
     "--> Verifying valid ssh keys...FAILED\n",
     "27771640828", LS6, {}, None),
    ("tacc-filter-config-accounting", ADMIN,
     head().replace("--> Checking available allocation (MyProject)...OK\n", "")
     + "--> Checking available allocation (MyProject)...\n\nJob submission filter configuration error for accounting check. Please\n"
     "contact TACC consulting for assistance.\n\n",
     "27526948952", LS6, {}, None),
    ("tacc-user-not-authorized-root", ADMIN,
     "User is not authorized for job submission\n", "27319968107", LS6, {}, None),
]


def case(e: tuple[str, str, str, str, dict, dict, str | None]) -> dict:
    cid, cls, log, src, base, edits, expect = e
    c: dict = {"id": cid, "split": "tune", "kind": "script" if cls == SCRIPT else "not_script",
               "source": SRC.format(src), "what": cls, **base, **edits, "log": log}
    if cls != SCRIPT:
        c["expect"] = {}
    elif expect == "ask":
        c["expect"] = {"families": ["scheduler", "user", "resources"], "ask": True}
    else:
        c["expect"] = {"families": ["scheduler", "user", "resources"], "fix": expect}
    return c


def main() -> None:
    out = {"schema": 1, "cases": [case(e) for e in ENTRIES]}
    text = "# Generated by make_catalogue.py (edit there).\n" + yaml.safe_dump(out, sort_keys=False, width=110)
    (HERE / "catalogue_cases.yaml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
