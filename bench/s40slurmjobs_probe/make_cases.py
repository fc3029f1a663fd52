# ruff: noqa: E501
"""Write cases.yaml of the s40slurmjobs probe (edit the list here, then rerun).

Run: PYTHONPATH=$PWD .venv/bin/python bench/s40slurmjobs_probe/make_cases.py
"""

from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent

HEADER = """\
# s40slurmjobs probe (issue 17): failures from the job STRUCTURE of Slurm and PBS batch jobs -
# job arrays (index range over MaxArraySize, an array template run without --array), output /
# working paths the batch step cannot open (the job dies in a second with RaisedSignal:53 and no
# log), directives sbatch cannot read (a template placeholder `<...>` left in a value, the word
# `hetjob` inside a path, an option whose optional value is spaced off), dependencies never
# satisfied, sbcast refused. Three gathered cases were dropped as cited already (check_new.py:
# Lightning-AI/pytorch-lightning#20542, find_string:21270100637, find_string:59390321194) and one
# (find_string:20420917435, SDSC FAQ) because its lines repeat another set's word for word
# (check_lines.py); the two array lines that repeat are Slurm's fixed wording, kept.
# Each excerpt is the error text the source shows (URL or find_string id in `source`), never
# paraphrased; `script` is the user's own where the source has it, otherwise a base script in the
# documented shape edited as `what` says. Labels follow the source, not what maple does.
# Written and labelled before any run of maple on them. Split is not used in probes (all `tune`).
# Scored by
#   PYTHONPATH=$PWD .venv/bin/python bench/reallogs/run.py --cases bench/s40slurmjobs_probe/cases.yaml \\
#       --name s40slurmjobs_probe --show-heldout --out bench/s40slurmjobs_probe/results-NAME
"""

CASES: list[dict] = [
    # ---- job arrays -----------------------------------------------------------------------
    dict(
        id="arrayindex-over-1000-notes-split-into-three-arrays",
        kind="script", source="find_string:20152759992",
        thread_site="a user's run notes (simulation sweep on a Slurm cluster, lotterhos partition): "
                    "'I discovered that the max array size is 1000'; the error 'arose anytime I used "
                    "an array index greater than 1000, for example: #SBATCH --array=1001-1951%68 because "
                    "the array index goes over 1000 (Even though the number of jobs in the array is "
                    "less than 1000)'; cure: the runs were split into 3 arrays",
        what="the --array range names indices above the cluster's MaxArraySize; which indices (and "
             "how the program maps them to runs) only the user can say, so the right answer asks "
             "for the array range; the notes render `--` as an em dash (written `--array` here); "
             "assumed shape - the base one-node srun job with the notes' array line",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --array=1001-1951%68"],
        log="sbatch: error: Batch job submission failed: Invalid job array specification\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["array"]),
    ),
    dict(
        id="arrayindex-1001-2000-rejected-offset-env-var",
        kind="script", source="find_string:68421749579",
        thread_site="a user's Slurm array script whose header comment records the failure: "
                    "'MaxArraySize on this cluster is 1001 -- i.e. any single task INDEX must be "
                    "0..1000 ... a range like --array=1001-2000 is rejected too ... (this is what "
                    "caused the earlier \"Invalid job array specification\" error)'; cure: indices "
                    "kept in 1..1000 and an OFFSET variable added to the array index",
        what="array indices above MaxArraySize; the cure (a smaller range plus an offset the "
             "program reads) is the user's to choose - the answer asks for the array range; the "
             "source quotes only the message's words; assumed shape - the base job with "
             "`--array=1001-2000`",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --array=1001-2000"],
        log="Invalid job array specification\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["array"]),
    ),
    dict(
        id="arraychunk-0-1775-over-bluehive-maxarraysize-1001",
        kind="script", source="find_string:68348885131",
        thread_site="a user's sweep notes ('New bug found and fixed: MaxArraySize chunk-splitting'): "
                    "the standard partition's chunk (idx 0-1775, size 1,776) exceeded Bluehive's "
                    "MaxArraySize=1001 and failed; fixed by splitting any chunk above the limit "
                    "into several sub-array sbatch calls",
        what="an array of 1776 tasks on a cluster whose MaxArraySize is 1001; the split is the "
             "user's choice - asks for the array range; the source elides the middle of the "
             "message with '...', kept as written; assumed shape - the base job with "
             "`--array=0-1775`",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --array=0-1775"],
        log="sbatch: error: ... Invalid job array specification\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["array"]),
    ),
    dict(
        id="arraytemplate-run-outside-array-task-id-unbound",
        kind="script", source="find_string:58637724495",
        thread_site="a workflow-template package's changelog (GLOWanalyses): 'a template run "
                    "outside a SLURM array says so instead of `SLURM_ARRAY_TASK_ID: unbound "
                    "variable`' - the job templates read the array index under `set -u` and were "
                    "submitted without --array",
        what="the script reads $SLURM_ARRAY_TASK_ID but the job is not an array (no --array), so "
             "the variable is unset and `set -u` stops the job; the array range is the user's "
             "(how many rows) - asks for it; the line is the changelog's quoted message; assumed "
             "shape - a one-GPU array template (scripts/array_template.sh) without --array",
        cluster="delta", script="array_template.sh",
        log="/var/spool/slurmd/job4411873/slurm_script: line 10: SLURM_ARRAY_TASK_ID: unbound variable\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["array"]),
    ),
    # ---- output / working paths the batch step cannot open --------------------------------
    dict(
        id="raisedsignal53-log-path-src-not-on-compute-nodes",
        kind="script", source="find_string:67262103730",
        thread_site="a user's experiment log (MindEyeV2 fMRI training, Princeton-style /scratch/gpfs "
                    "cluster): the 1-hour smoke job 'failed before Python startup with "
                    "`RaisedSignal:53` and no stdout/stderr; Slurm compute nodes do not use /src as "
                    "the working/log path'; cure: the Slurm scripts were patched to use the cluster "
                    "scratch path for working directory and logs; the resubmitted smoke completed",
        what="the batch step could not open its output file / enter its working directory under a "
             "path that does not exist on the compute nodes, so the job died before the script ran; "
             "which existing directory to use is the user's (the source moved to its scratch path) - "
             "asks for the output path; the line is the log's quoted reason; assumed shape - the base "
             "job with `--chdir=/src` and `--output`/`--error` under /src/logs",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --chdir=/src", "#SBATCH --output=/src/logs/smoke-%j.out",
                    "#SBATCH --error=/src/logs/smoke-%j.err"],
        log="RaisedSignal:53\n",
        expect=dict(families=["scheduler", "filesystem"], ask=True, ask_for=["output", "chdir"]),
    ),
    dict(
        id="raisedsignal53-default-output-in-root-owned-submit-dir",
        kind="script", source="https://github.com/SckyzO/slurm_exporter/issues/171",
        thread_site="SckyzO/slurm_exporter#171 'Every workload job dies instantly: the batch output "
                    "file cannot be created in /data': jobs submitted with --uid=<user> and no "
                    "--output from the root-owned /data die one second in with "
                    "RaisedSignal:53(Real-time signal 19); slurmd: '[80.batch] JobId=80 completed "
                    "with slurm_rc = 0, job_rc = 4021'; cure (PR #172): `--output=/dev/null` (with "
                    "--chdir=/tmp and an --output there also RUNNING)",
        what="no --output, so the batch step writes slurm-%j.out into the submit directory, which "
             "the job's user may not write; the cure the thread made is an output path on the job "
             "(a submit-side choice of the user) - labelled script, the right answer asks where the "
             "output goes; assumed shape - the base job without any output directive",
        cluster="delta", script="srun_python.sh",
        log=("[18:10:53.635] [80.batch] JobId=80 completed with slurm_rc = 0, job_rc = 4021\n"
             "RaisedSignal:53(Real-time signal 19)\n"),
        expect=dict(families=["scheduler", "filesystem"], ask=True, ask_for=["output", "chdir"]),
    ),
    # ---- directives sbatch cannot read ----------------------------------------------------
    dict(
        id="hetjob-word-in-output-path-splits-directive",
        kind="script", source="https://github.com/esm-tools/esm_tools/issues/933",
        thread_site="esm-tools/esm_tools#933 'hetjob does not work with out default stdout and "
                    "stderr paths' (Levante): the experiment id TCO1279-DART-1D-hetjob is part of "
                    "the --output/--error path and sbatch stops with 'Invalid directive found in "
                    "batch script: /log/TCO1279-DART-1D-'; 'Removing the `hetjob` string from the "
                    "experiment name (`expid`) solves the problem during the sbatch submission'",
        what="sbatch splits the script's header into heterogeneous components at the word "
             "`hetjob`, here inside an output path, so the rest of the path is read as a stray "
             "argument; the cure is a path without that word - a name only the user chooses, so "
             "asks for the output path; the user's own --output/--error line is kept; assumed "
             "shape - the base job with that line",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --output=/work/ab0246/a270092/runtime/awicm3-v3.1//TCO1279-DART-1D-"
                    "hetjob/log/TCO1279-DART-1D-hetjob_awicm3_compute_20000101-20000101_%j.log "
                    "--error=/work/ab0246/a270092/runtime/awicm3-v3.1//TCO1279-DART-1D-hetjob/log/"
                    "TCO1279-DART-1D-hetjob_awicm3_compute_20000101-20000101_%j.log"],
        log="sbatch.bin: error: Invalid directive found in batch script: /log/TCO1279-DART-1D-\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["output"]),
    ),
    dict(
        id="nice-optional-value-spaced-off-invalid-directive-0",
        kind="script", source="find_string:66488734718",
        thread_site="a user's sweep submitter (simple_slurm) whose comment records the failure: "
                    "'--nice MUST be passed on the sbatch command line, not as a #SBATCH directive: "
                    "its argument is OPTIONAL, so simple_slurm's space-separated \"#SBATCH --nice   0\" "
                    "parses as --nice followed by a stray token, and sbatch rejects it with "
                    "\"Invalid directive found in batch script: 0\"'",
        what="an option whose value is optional takes it only with `=`; the spaced value is a stray "
             "word; the decidable cure keeps the user's own value: `--nice=0`; the line is the "
             "comment's quoted message; assumed shape - the base job with the generated line",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --nice   0"],
        log="sbatch: error: Invalid directive found in batch script: 0\n",
        expect=dict(families=["scheduler"], fix=r"(?m)^\+#SBATCH --nice=0\s*$"),
    ),
    dict(
        id="mailuser-placeholder-left-in-delta-dragon-job",
        kind="script", source="find_string:70073772453",
        thread_site="a user's change log for a Dragon workflow job script on NCSA Delta: 'Blocker 2: "
                    "the `--mail-user=<your e-mail>` placeholder made `sbatch` parse `e-mail>` as a "
                    "directive (`Invalid directive found in batch script`), so the script could not "
                    "be submitted at all'",
        what="a template placeholder left in a directive value; the address is the user's - asks "
             "for it; the log is the message's words as the source quotes them; assumed shape - "
             "the base job on Delta with the placeholder line",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --mail-type=END,FAIL", "#SBATCH --mail-user=<your e-mail>"],
        log="Invalid directive found in batch script\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["mail-user", "mail_user"]),
    ),
    dict(
        id="account-placeholder-terrabyte-readme",
        kind="script", source="find_string:60358946308",
        thread_site="a project README for running a job on LRZ terrabyte (Slurm): 'Replace: "
                    "#SBATCH --account=<reach your contact person> With your real terrabyte "
                    "account/project string (remove the < and >) ... A leftover <...> placeholder "
                    "here makes sbatch fail with Invalid directive found in batch script'",
        what="the account placeholder is still in the header; the account is the user's - asks; "
             "the log is the README's quoted words; not one of the ten sites (terrabyte is a Slurm "
             "GPU cluster) - mapped to Delta; assumed shape - the base job with the placeholder",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --account=<reach your contact person>"],
        log="Invalid directive found in batch script\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["account"]),
    ),
    dict(
        id="lumi-training-exercise-e-g-left-in-header",
        kind="script", source="find_string:6296030180",
        thread_site="LUMI training Q&A (LUST software stacks course): 'sbatch run_vh1-io.slurm sbatch: "
                    "error: Invalid directive found in batch script: e.g Do I need to change "
                    "something in run_vh1-io.slurm before submitting?' - 'Yes, you have to at least "
                    "adapt the account, partition and reservation. qos has to be deleted'",
        what="the exercise header still holds the template's account text (with an `e.g` example) "
             "that the user must replace with their project; the account is the user's - asks; "
             "assumed shape - the account line written as `--account=<project> e.g project_465000000` "
             "(the exact template text is not in the source); LUMI is a Slurm cluster, mapped to "
             "Perlmutter",
        cluster="perlmutter", script="srun_python.sh",
        directives=["#SBATCH --account=<project> e.g project_465000000"],
        log="sbatch: error: Invalid directive found in batch script: e.g\n",
        expect=dict(families=["scheduler"], ask=True, ask_for=["account"]),
    ),
    # ---- time limit: requeue set up but no warning signal --------------------------------
    # ---- look-alike: words about directive placement, cause conda -------------------------
    dict(
        id="delta-angle1-conda-activate-without-hook-not-directives",
        kind="script", source="find_string:70357842690",
        thread_site="a user's Delta job script (angle1 A100x8) whose comment explains where `set -e` "
                    "sits relative to the #SBATCH block and records the incident it fixes: 'conda "
                    "activate was called without sourcing conda's shell hook first, which fails "
                    "non-interactively (\"CondaError: Run 'conda init' before 'conda activate'\")'",
        what="look-alike for the directive-placement class: the comment is about where directives "
             "must sit, but the failure is conda's shell function missing; the cure (in the same "
             "script) sources conda.sh before `conda activate`; assumed shape - the base Delta job "
             "activating a conda env without the hook",
        cluster="delta", script="srun_python.sh",
        replace=[["export MASTER_PORT=12802", "export MASTER_PORT=12802\nmodule reset\n"
                  "conda activate scaling-drl-py31213"]],
        log="CondaError: Run 'conda init' before 'conda activate'\n",
        expect=dict(families=["environment"],
                    fix=r"(?m)^\+.*(?:conda shell\.bash hook|etc/profile\.d/conda\.sh)"),
    ),
    # ---- not the script's -------------------------------------------------------------------
    dict(
        id="desi-dependency-never-satisfied-after-upstream-failure",
        kind="not_script", source="https://github.com/desihub/desispec/issues/2682",
        thread_site="desihub/desispec#2682 'Improve handling of DependencyNeverSatisfied jobs' "
                    "(NERSC): 'jobs whose dependencies failed end up in a DependencyNeverSatisfied "
                    "state which we have to scancel ourselves' - the cure is cancelling or "
                    "resubmitting the failed upstream job",
        what="the job waits on an afterok dependency whose job failed; nothing in the waiting job's "
             "script is wrong (the upstream job's failure is the cause) - not the script's; assumed "
             "shape - the base Perlmutter job",
        cluster="perlmutter", script="srun_python.sh",
        log="DependencyNeverSatisfied\n",
    ),
    dict(
        id="grid-array-pending-dependency-never-satisfied-notes",
        kind="not_script", source="find_string:55049052161",
        thread_site="a user's run notes (puzzle-JEPA planner grids): 'Grid 4Q `3715252_[0-11]` "
                    "remains pending with `DependencyNeverSatisfied`; it is not consuming resources' "
                    "- the grid it depended on was superseded/failed the gate",
        what="an array job held on a dependency that can no longer be met; the cure is scancel, not "
             "a script change - not the script's; the line is the notes' own words; assumed shape - "
             "the base job with an afterok dependency",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --array=0-11", "#SBATCH --dependency=afterok:3722524"],
        log="Grid 4Q `3715252_[0-11]` remains pending with `DependencyNeverSatisfied`\n",
    ),
    dict(
        id="raisedsignal53-uid-gid-mismatch-nfs-nodes",
        kind="not_script", source="find_string:61430820442",
        thread_site="a cluster build guide (Slurm + NFS, RASPA3 nodes), UID/GID consistency: when a "
                    "user's UID/GID differ between nodes, `scontrol show job` shows the job failing "
                    "in 0 s (e.g. `RaisedSignal:53`) with no .out/.err in the working directory",
        what="the node cannot setuid to the user or write as them on the shared directory - an "
             "account setup problem of the cluster; not the script's; assumed shape - the base job",
        cluster="delta", script="srun_python.sh",
        log="JobState=FAILED Reason=RaisedSignal:53\n",
    ),
    dict(
        id="raisedsignal53-several-stage6-nodes-infra-retry",
        kind="not_script", source="find_string:71547551514",
        thread_site="a user's pipeline retry policy: 'RaisedSignal:53 has occurred on more than one "
                    "Stage 6 node. Preserve and retry this infrastructure signature, but do not retry "
                    "arbitrary failures' (state FAILED, exit code ending :53)",
        what="a node-side launch failure the user retries unchanged - not the script's; assumed "
             "shape - the base job with its logs in the submit directory",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --output=stage6-%j.out"],
        log="FAILED 0:53\n",
    ),
    dict(
        id="raisedsignal53-after-interactive-srun-dirty-cgroup",
        kind="not_script", source="find_string:54497596557",
        thread_site="a lab cluster's operations notes ('Known SLURM quirks'): 'Interactive `srun` "
                    "commands leave cgroup state dirty - if jobs fail with `RaisedSignal:53` after "
                    "using srun, restart slurmd: `sudo systemctl restart slurmd`'",
        what="slurmd's cgroup state on the node - an administrator's restart; not the script's; "
             "assumed shape - the base job",
        cluster="delta", script="srun_python.sh",
        log="jobs fail with `RaisedSignal:53` after using srun\n",
    ),
    dict(
        id="raisedsignal53-home-not-created-on-efs",
        kind="not_script", source="find_string:68494292378",
        thread_site="a cluster bootstrap action (AWS PCS, seed-demo-users): the EFS mount provides "
                    "the mount, not the per-user directories; '<home-base>/<user> ... must exist and "
                    "be writable or batch jobs whose working directory is the home fail (Slurm "
                    "RaisedSignal:53)'",
        what="the user's home directory was never created on the shared file system - node "
             "provisioning; not the script's; assumed shape - the base job submitted from $HOME",
        cluster="delta", script="srun_python.sh",
        log="Slurm RaisedSignal:53\n",
    ),
    dict(
        id="sbcast-refused-on-pcs-deployment",
        kind="not_script", source="find_string:70386060002",
        thread_site="a user's test suite recording a measured limitation: sbcast inside their own "
                    "allocation on the deployed AWS PCS build 'returned \\'sbcast: error: Slurm job "
                    "98 lookup error: Unspecified error\\' with rc=255, and no file landed on either "
                    "node'; workaround: a stdin redirect through srun",
        what="the site's Slurm build refuses sbcast's job lookup - not the script's (the same line "
             "works elsewhere); assumed shape - the base job with an sbcast of the program before "
             "srun",
        cluster="delta", script="srun_python.sh",
        replace=[["srun python -u train.py", "sbcast train.py /tmp/train.py\nsrun python -u /tmp/train.py"]],
        log="sbcast: error: Slurm job 98 lookup error: Unspecified error\n",
    ),
    dict(
        id="raisedsignal53-batch-step-cancelled-unresolved-launch-event",
        kind="not_script", source="find_string:65715751273",
        thread_site="a user's run report (prompt-scoring shards on an H100 cluster): resumable job "
                    "19288 'was allocated ... but canceled its batch step after one second with "
                    "`RaisedSignal:53(Real-time_signal_19)` and no batch stdout or stderr. The script "
                    "body never began'; the same job shape ran before and after; 'an unresolved "
                    "scheduler-launch event, not a scientific or model failure'",
        what="the same script ran on other attempts, so the launch failure is the node's, not the "
             "script's; the line is the report's quoted reason; assumed shape - the base job with "
             "its logs in the submit directory",
        cluster="delta", script="srun_python.sh",
        directives=["#SBATCH --output=score-shard3-%j.out"],
        log="RaisedSignal:53(Real-time_signal_19)\n",
    ),
]


def main() -> None:
    out = []
    for case in CASES:
        row = {"id": case["id"], "split": "tune", "kind": case["kind"], "source": case["source"],
               "thread_site": case["thread_site"], "what": case["what"],
               "cluster": case["cluster"], "script": case["script"]}
        for key in ("directives", "replace"):
            if key in case:
                row[key] = case[key]
        row["log"] = case["log"]
        row["expect"] = case.get("expect", {})
        out.append(row)
    text = HEADER + yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, width=100,
                                   allow_unicode=True)
    (HERE / "cases.yaml").write_text(text, encoding="utf-8")
    print(f"{len(out)} cases")


if __name__ == "__main__":
    main()
