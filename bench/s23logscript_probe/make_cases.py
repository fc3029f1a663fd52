# ruff: noqa: E501
"""Writes cases.yaml of the s23logscript probe (issue: script failures the log names plainly).
Split fixed before any run: sha256(id) even -> tune, odd -> heldout."""
import hashlib
from pathlib import Path

import yaml

ALPINE = "https://github.com/ResearchComputing/Documentation/blob/136e4f53695c643518dc94556537ddbb96f8c6ea/docs/running-jobs/error-status-codes.md"
ALPINE_SITE = ("CU Boulder Alpine (Slurm), the site's job_submit.lua rejection messages as its documentation lists "
               "them (ResearchComputing/Documentation PR #562, table 'Alpine Job Submission Error Codes'); the "
               "documentation gives the message text only - the `sbatch: error: ` prefix is how Slurm prints a "
               "job_submit plugin's user message and is assumed")
CASES = [
    dict(id="alpinedoc-gpu-partition-nodes-not-given", kind="script", source=ALPINE, thread_site=ALPINE_SITE + "; code 2: users must specify --nodes for all GPU partitions, and all GPU jobs are limited to 1 node",
         what="the GPU job names no node count and the site requires one; the fix is a `--nodes` directive (one node: the job asks its tasks per node only, which Slurm places on one node, and the site's GPU jobs are one node); assumed shape - one task per GPU under srun on a Delta GPU node, no --nodes line, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --nodes=1\n", ""]],
         log="sbatch: error: Users must specify --nodes for all GPU partitions.\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^\+#SBATCH (--nodes|-N)[= ]?1\s*$"}),
    dict(id="alpinedoc-gpu-jobs-limited-to-one-node", kind="script", source=ALPINE, thread_site=ALPINE_SITE + "; code 3: all GPU jobs are limited to 1 node, reschedule with --nodes=1",
         what="the GPU job asks two nodes where the site allows one, and the message names the value to use; the fix is `--nodes=1` in the job script; assumed shape - one task per GPU under srun on two Delta GPU nodes, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --nodes=1", "#SBATCH --nodes=2"]],
         log="sbatch: error: All GPU jobs are limited to 1 node. Please reschedule your job using --nodes=1.\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^\+#SBATCH (--nodes|-N)[= ]?1\s*$"}),
    dict(id="alpinedoc-gpu-partition-ntasks-or-mem-required", kind="script", source=ALPINE, thread_site=ALPINE_SITE + "; code 9: users must specify --ntasks or --mem for all GPU partitions",
         what="the GPU job gives neither a task count nor a memory request and the site requires one of them; the fix is a `--ntasks` (or `--mem`) directive - the job runs one task per GPU under srun, so four tasks on its one four-GPU node; assumed shape - srun python on one Delta GPU node whose script asks GPUs and CPUs per task but no tasks, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --ntasks-per-node=4\n", ""]],
         log="sbatch: error: Users must specify --ntasks or --mem for all GPU partitions.\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^\+#SBATCH (--ntasks|-n|--ntasks-per-node|--mem)[= ]"}),
    dict(id="alpinedoc-partition-now-required", kind="script", source=ALPINE, thread_site=ALPINE_SITE + "; code 13: a partition has not been provided, specifying a partition is now required",
         what="the job names no partition and the site requires one; the fix is a `--partition` directive naming a partition of the site that takes the job (its GPU partition for a GPU job); assumed shape - one task per GPU under srun on a Delta GPU node without a partition line, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[],
         log="sbatch: error: A partition has not been provided, specifying a partition is now required.\n",
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#SBATCH (--partition|-p)[= ]?gpu"}),
    dict(id="alpinedoc-time-now-required", kind="script", source=ALPINE, thread_site=ALPINE_SITE + "; code 17: time has not been specified (the Slurm directive --time), specifying job run time is now required",
         what="the job asks no run time and the site requires one; the fix is a `--time` directive whose length only the user knows - the answer is a question naming the time request, not a guessed value; assumed shape - an MPI program under srun on Anvil CPU nodes with no --time line, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh", replace=[["#SBATCH --time=06:00:00\n", ""]],
         log="sbatch: error: Time has not been specified (i.e. the Slurm directive --time). Specifying job run time is now required.\n",
         expect={"families": ["scheduler", "resources"], "ask": True, "ask_for": ["walltime", "time"]}),
    dict(id="alpinedoc-qos-runtime-cannot-exceed-hours", kind="script", source=ALPINE, thread_site=ALPINE_SITE + "; code 18: the requested runtime of the <qos> QoS cannot exceed <N> hour(s)",
         what="the job asks more run time than its QoS allows and the message names the limit; the fix is a `--time` of at most that limit (24 hours for the QoS named); assumed shape - a Delta GPU job with `--qos=normal` and `--time=48:00:00`, the message as Alpine prints it for its normal QoS, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --time=02:00:00", "#SBATCH --qos=normal\n#SBATCH --time=48:00:00"]],
         log="sbatch: error: The requested runtime of the normal QoS cannot exceed 24 hour(s).\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^\+#SBATCH (--time|-t)[= ]?(24:00:00|1-00:00:00|1-0|1440|([01]?\d|2[0-3]):\d\d:\d\d)\s*$"}),
    dict(id="alpinedoc-gpu-partition-gres-required", kind="script", source=ALPINE, thread_site=ALPINE_SITE + "; code 20: when requesting resources from GPU partitions, users must specify --gres",
         what="the job asks its GPUs with `--gpus-per-node` where the site requires them as `--gres`; the fix asks the same GPUs as `--gres=gpu:4` (the count the script already asks); assumed shape - one task per GPU under srun on a Delta four-GPU node, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[],
         log="sbatch: error: When requesting resources from GPU partitions, users must specify --gres.\n",
         expect={"families": ["scheduler", "resources", "devices"], "fix": r"(?m)^\+#SBATCH --gres[= ]gpu:4\s*$"}),
    dict(id="gdasapp1762-gaea-c6-mem-spec-not-satisfied", kind="script", source="https://github.com/NOAA-EMC/GDASApp/issues/1762",
         thread_site="NOAA Gaea C6 (HPE Cray EX, Slurm); a one-task job script with `#SBATCH --mem=8Gb` is refused at submission; the site lets jobs ask no memory amount except on its es cluster, and `--mem=0` (the whole node) submits (DavidHuber-NOAA)",
         what="the job's memory request is one the site's nodes are not configured to grant; the fix is in the directives (`--mem=0` or no --mem line); assumed shape - an MPI program under srun on one Anvil CPU node with `#SBATCH --mem=8Gb` (Gaea mapped to Anvil: Slurm, CPU nodes), diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh", replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --time=06:00:00", "#SBATCH --time=00:30:00\n#SBATCH --mem=8Gb"]],
         log="sbatch: error: Memory specification can not be satisfied\nsbatch: error: Batch job submission failed: Requested node configuration is not available\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^(-#SBATCH --mem=8Gb|\+#SBATCH --mem=0)"}),
    dict(id="babs118-princeton-test-job-no-time-limit", kind="script", source="https://github.com/PennLINC/babs/issues/118",
         thread_site="Princeton (Slurm); BABS submits a test job whose script asks no run time, and the site requires one; the fix (PennLINC/babs#119) adds a run-time limit (`hard_runtime_limit: 00:20:00`) to the job's settings",
         what="the job script asks no run time on a site that requires one; the fix is a `--time` directive whose length only the user knows - a question naming the time request; assumed shape - one task under srun on one Anvil CPU node, no --time line, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh", replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"], ["#SBATCH --ntasks-per-node=64", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --time=06:00:00\n", ""]],
         log="sbatch: error: Batch job submission failed: Requested time limit is invalid (missing or exceeds some limit)\n",
         expect={"families": ["scheduler", "resources"], "ask": True, "ask_for": ["walltime", "time"]}),
    dict(id="verkko295-short-partition-time-over-limit", kind="script", source="https://github.com/marbl/verkko/issues/295",
         thread_site="a Slurm cluster; verkko submits its steps to the short partition (48-hour limit) and one step's job asks more time than the partition allows; the user: the automated scripts are pushed out on the short term partition (48 hours)",
         what="DOUBTFUL - the thread's resolution is not in the excerpt; the job asks more time than its partition's limit, so it is refused; the fix is a `--time` within the partition's limit (or a partition that takes it); assumed shape - a Delta GPU job with `--time=72:00:00` on gpuA100x4 (48-hour limit), diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --time=02:00:00", "#SBATCH --time=72:00:00"]],
         log="sbatch: error: Batch job submission failed: Requested time limit is invalid (missing or exceeds some limit)\nError submitting jobscript (exit code 1):\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^\+#SBATCH (--time|-t)[= ]?(([0-3]?\d|4[0-8]):\d\d:\d\d|[12]-\d\d?(:\d\d){0,2})\s*$"}),
]


def split(case_id: str) -> str:
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def main() -> None:
    out = []
    for c in CASES:
        c = dict(c)
        c["split"] = split(c["id"])
        order = ["id", "split", "kind", "source", "thread_site", "what", "cluster", "script", "replace", "log", "expect"]
        out.append({k: c[k] for k in order if k in c})
    head = ("# s23logscript probe: script failures whose log names the cause plainly (a scheduler's or a site's\n"
            "# rejection naming the option, value or limit). Same format as bench/reallogs18/cases.yaml; run\n"
            "#   PYTHONPATH=$PWD .venv/bin/python bench/reallogs/run.py --cases bench/s23logscript_probe/cases.yaml \\\n"
            "#       --name s23logscript --show-heldout --out bench/s23logscript_probe/results-NAME\n"
            "# Written and split (sha256(id) even -> tune, odd -> heldout) before any run. Generated by make_cases.py.\n")
    Path(__file__).with_name("cases.yaml").write_text(
        head + yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, width=120, allow_unicode=True))


if __name__ == "__main__":
    main()
