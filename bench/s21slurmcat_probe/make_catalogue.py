# ruff: noqa: E501 (data: messages, regexes and sources, one entry a line)
"""Writes catalogue.yaml: the user-facing Slurm messages of submission and step launch that a
job script can cause, each with its place in Slurm's source (SchedMD/slurm at COMMIT), the
directive or option at fault, and what is right: a fix (regex on the diff), a question for a
value only the user has (ask), or advice without a fix (only the site can change it).

Every entry also carries a coverage case: the message as Slurm prints it (prefixes as the
source does: `sbatch: error: Batch job submission failed: %m` sbatch.c:331, `srun: error:
Unable to allocate resources: %m` allocate.c:201, `srun: error: Unable to create step for job
%u: %m` launch.c:1368, fatal() -> `sbatch: fatal: `) and a base script from bench/reallogs13/
scripts with the directive that causes it. Run: python make_catalogue.py
"""
from __future__ import annotations

from pathlib import Path

import yaml

COMMIT = "284c3b95f08a2dc2478499837b03355e1b9c5c75"
ERR = "src/common/slurm_errno.c"
SUB = "sbatch: error: Batch job submission failed: "
ALLOC = "srun: error: Unable to allocate resources: "
STEP = "srun: error: Unable to create step for job 4012345: "
BASE = "srun_torchrun.sh"
PY = "srun_python.sh"

# (id, log, sources, causable, directive, fix text, expect, case edits)
# expect: {"fix": regex} | {"ask": what} | {"advice": True}
E = []


def add(cid, log, src, causable, directive, fix, expect, directives=(), replace=(),
        script=BASE, cluster="delta", doc=None):
    E.append({"id": cid, "message": log, "source": [f"{s}@{COMMIT[:12]}" for s in src],
              "script_causable": causable, "directive": directive, "fix": fix,
              **({"doc": doc} if doc else {}),
              "expect": expect, "case": {"cluster": cluster, "script": script,
                                         "directives": list(directives),
                                         "replace": [list(r) for r in replace]}})


D = "https://slurm.schedmd.com/sbatch.html"
# ---- submission: ESLURM texts through `Batch job submission failed: %m` (sbatch.c:331)
add("part-invalid", SUB + "Invalid partition name specified", [f"{ERR}:221", "src/sbatch/sbatch.c:331"],
    True, "--partition", "a partition of this cluster (the default one, or ask)",
    {"fix": r"(?m)^[-+]#SBATCH (-p|--partition)"}, ["#SBATCH --partition=gpu-v100"], doc=D + "#OPT_partition")
add("part-invalid-ctld", "sbatch: error: invalid partition specified: gpu-v100",
    ["src/slurmctld/job_mgr.c:6674"], True, "--partition", "a partition of this cluster",
    {"fix": r"(?m)^[-+]#SBATCH (-p|--partition)"}, ["#SBATCH --partition=gpu-v100"], doc=D + "#OPT_partition")
add("part-none", SUB + "No partition specified or system default partition", [f"{ERR}:225"],
    True, "--partition", "name a partition (the site has no default)",
    {"fix": r"(?m)^\+#SBATCH (-p|--partition)"})
add("part-group", SUB + "User's group not permitted to use this partition", [f"{ERR}:233"],
    True, "--partition", "another partition the user's group may use (ask)",
    {"ask": "partition"}, ["#SBATCH --partition=gpuA100x4-preempt"])
add("nodes-not-in-part", SUB + "Requested nodes not in this partition", [f"{ERR}:237"],
    True, "--nodelist", "drop the node list (or name nodes of the partition)",
    {"fix": r"(?m)^-#SBATCH (-w|--nodelist)"}, ["#SBATCH --nodelist=gpub001,gpub002"])
add("too-many-cpus", SUB + "More processors requested than permitted", [f"{ERR}:241"],
    True, "--cpus-per-task/--ntasks", "ask for no more CPUs per node than the node has",
    {"fix": r"(?m)^[-+]#SBATCH (-c|--cpus-per-task|-n|--ntasks)"},
    replace=[("--cpus-per-task=32", "--cpus-per-task=256")])
add("node-count", SUB + "Node count specification invalid", [f"{ERR}:245"],
    True, "--nodes", "a node count the partition takes (or a partition that takes it)",
    {"fix": r"(?m)^[-+]#SBATCH (-N|--nodes|-p|--partition)"}, replace=[("#SBATCH -N 2", "#SBATCH -N 400")])
add("node-config", SUB + "Requested node configuration is not available", [f"{ERR}:277"],
    True, "--gpus-per-node/--mem/--constraint", "ask for what a node of the partition has",
    {"fix": r"(?m)^[-+]#SBATCH --gpus-per-node"}, replace=[("--gpus-per-node=4", "--gpus-per-node=8")])
add("node-config-mem", ALLOC + "Requested node configuration is not available", [f"{ERR}:277", "src/srun/allocate.c:201"],
    True, "--mem", "ask for no more memory than a node has",
    {"fix": r"(?m)^[-+]#SBATCH --mem"}, ["#SBATCH --mem=2000G"])
add("part-config-now", SUB + "Requested partition configuration not available now", [f"{ERR}:281"],
    False, None, "advice: the partition is down/drained or its limits changed; wait or ask the site",
    {"advice": True})
add("bad-dist", SUB + "Task distribution specification invalid", [f"{ERR}:317"],
    True, "--distribution", "drop the distribution (or a valid one)",
    {"fix": r"(?m)^-#SBATCH (-m|--distribution)"}, ["#SBATCH --distribution=plane"])
add("bad-task-count", SUB + "Task count specification invalid", [f"{ERR}:325"],
    True, "--ntasks/--ntasks-per-node", "a task count that fits the node count",
    {"fix": r"(?m)^[-+]#SBATCH (-n|--ntasks)"}, ["#SBATCH --ntasks=1"])
add("feature", SUB + "Invalid feature specification", [f"{ERR}:341"],
    True, "--constraint", "drop the constraint, or a feature of this site (ask)",
    {"fix": r"(?m)^-#SBATCH (-C|--constraint)"}, ["#SBATCH --constraint=v100"], doc=D + "#OPT_constraint")
add("dependency", SUB + "Job dependency problem", [f"{ERR}:387"],
    True, "--dependency", "the job it depends on is gone or wrong: drop the dependency or ask for the job id",
    {"ask": "dependency"}, ["#SBATCH --dependency=afterok:123456"], doc=D + "#OPT_dependency")
add("task-mem", SUB + "Memory required by task is not available", [f"{ERR}:411"],
    True, "--mem-per-cpu", "less memory per CPU (or more CPUs)",
    {"fix": r"(?m)^[-+]#SBATCH --mem"}, ["#SBATCH --mem-per-cpu=64G"])
add("account", SUB + "Invalid account or account/partition combination specified", [f"{ERR}:415"],
    True, "--account", "ask for the user's account", {"ask": "account"}, ["#SBATCH --account=abcd-delta-cpu"])
add("qos", SUB + "Invalid qos specification", [f"{ERR}:427"],
    True, "--qos", "a QOS the account may use (or drop it)", {"fix": r"(?m)^[-+]#SBATCH (-q|--qos|-p|--partition)"},
    ["#SBATCH --qos=premium"])
add("wckey", SUB + "Invalid wckey specification", [f"{ERR}:431"],
    True, "--wckey", "drop the wckey (or ask for one)", {"fix": r"(?m)^-#SBATCH --wckey"}, ["#SBATCH --wckey=projx"])
add("licenses", SUB + "Invalid license specification", [f"{ERR}:435"],
    True, "--licenses", "drop the license request, or a license of this site",
    {"fix": r"(?m)^-#SBATCH (-L|--licenses)"}, ["#SBATCH --licenses=scratch"], doc=D + "#OPT_licenses")
add("acct-policy", SUB + "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)",
    [f"{ERR}:444"], True, "--time/--nodes/--gpus (or too many jobs)",
    "advice: within the QOS limits (sacctmgr show qos) or fewer queued jobs", {"advice": True})
add("time-limit", SUB + "Requested time limit is invalid (missing or exceeds some limit)", [f"{ERR}:449"],
    True, "--time", "the partition's maximum", {"fix": r"(?m)^[-+]#SBATCH (-t|--time)"},
    replace=[("--time=01:00:00", "--time=7-00:00:00")])
add("resv-access", SUB + "Access denied to requested reservation", [f"{ERR}:453"],
    True, "--reservation", "drop the reservation or ask for one the user may use",
    {"fix": r"(?m)^-#SBATCH --reservation"}, ["#SBATCH --reservation=hackathon"])
add("resv-invalid", SUB + "Requested reservation is invalid", [f"{ERR}:457"],
    True, "--reservation", "drop the reservation (gone or misspelt)",
    {"fix": r"(?m)^-#SBATCH --reservation"}, ["#SBATCH --reservation=hackathon"])
add("cpu-count", SUB + "CPU count specification invalid", [f"{ERR}:509"],
    True, "--cpus-per-task/--mincpus", "a CPU count a node has", {"fix": r"(?m)^[-+]#SBATCH (-c|--cpus-per-task|--mincpus)"},
    ["#SBATCH --mincpus=1024"])
add("part-unavail", SUB + "Required partition not available (inactive or drain)", [f"{ERR}:513"],
    False, None, "advice: the partition is drained/inactive (site); wait or choose another", {"advice": True})
add("circular-dep", SUB + "Circular job dependency", [f"{ERR}:517"],
    True, "--dependency", "drop the dependency on itself", {"fix": r"(?m)^-#SBATCH (-d|--dependency)"},
    ["#SBATCH --dependency=afterany:4012345"])
add("gres", SUB + "Invalid generic resource (gres) specification", [f"{ERR}:521"],
    True, "--gres", "a GPU request this site knows (type names are site-specific)",
    {"fix": r"(?m)^[-+]#SBATCH (--gres|--gpus)"}, replace=[("--gpus-per-node=4", "--gres=gpu:v100:4")], doc=D + "#OPT_gres")
add("qos-thres", SUB + "Requested account has breached requested QOS usage threshold", [f"{ERR}:529"],
    False, None, "advice: the allocation is used up (site/PI)", {"advice": True})
add("array", SUB + "Invalid job array specification", [f"{ERR}:553"],
    True, "--array", "indices below MaxArraySize (scontrol show config); ask how to split",
    {"ask": "array"}, ["#SBATCH --array=0-50000"], doc=D + "#OPT_array")
add("part-down", SUB + "Partition in DOWN state", [f"{ERR}:634"], False, None,
    "advice: the partition is down (site)", {"advice": True})
add("dup-gres", SUB + "Duplicate generic resource (gres) specification", [f"{ERR}:638"],
    True, "--gres", "one GPU request, not two", {"fix": r"(?m)^-#SBATCH (--gres|--gpus)"},
    ["#SBATCH --gres=gpu:4"])
add("tres", SUB + "Invalid Trackable RESource (TRES) specification", [f"{ERR}:682"],
    True, "--gpus*/--tres-per-task", "a GPU request the site's TRES knows (e.g. the GRES it names)",
    {"fix": r"(?m)^[-+]#SBATCH (--gres|--gpus)"}, replace=[("--gpus-per-node=4", "--gpus-per-node=a100:4")])
add("gres-type-mix", SUB + "Invalid GRES specification (with and without type identification)", [f"{ERR}:698"],
    True, "--gres/--gpus", "one GPU request, typed or not, not both", {"fix": r"(?m)^-#SBATCH (--gres|--gpus)"},
    ["#SBATCH --gres=gpu:a100:4"])
add("time-min", SUB + "Invalid time-min specification (exceeds job's time or other limits)", [f"{ERR}:718"],
    True, "--time-min", "drop --time-min or make it at most --time", {"fix": r"(?m)^[-+]#SBATCH --time-min"},
    ["#SBATCH --time-min=02:00:00"])
add("time-missing", SUB + "Time limit specification required, but not provided", [f"{ERR}:1327"],
    True, "--time", "add a time limit", {"fix": r"(?m)^\+#SBATCH (-t|--time)"},
    replace=[("#SBATCH --time=01:00:00\n", "")])
add("maxjobs", SUB + "MaxJobCount limit reached", [f"{ERR}:249"], False, None,
    "advice: the controller's job table is full (site); resubmit later", {"advice": True})
add("insufficient-gres", STEP + "Insufficient GRES available in allocation", [f"{ERR}:759", "src/srun/launch.c:1368"],
    True, "srun --gpus*/--gres", "the step asks for no more GPUs than the job has",
    {"fix": r"(?m)^[-+].*(srun|gpus|gres)"}, replace=[("srun torchrun", "srun --gpus-per-task=8 torchrun")])
add("step-node-config", STEP + "Requested node configuration is not available", [f"{ERR}:277", "src/srun/launch.c:1368"],
    True, "srun options", "the step asks for no more than the job allocation",
    {"fix": r"(?m)^[-+].*srun"}, replace=[("srun torchrun", "srun --cpus-per-task=64 torchrun")])
add("step-mem", STEP + "Memory required by task is not available", [f"{ERR}:411", "src/srun/launch.c:1368"],
    True, "srun --mem", "the step asks for no more memory than the job has",
    {"fix": r"(?m)^[-+].*(srun|--mem)"}, replace=[("srun torchrun", "srun --mem=500G torchrun")])
add("step-more-procs", STEP + "More processors requested than permitted", [f"{ERR}:241", "src/srun/launch.c:1368"],
    True, "srun -n/-c", "the step asks for no more tasks/CPUs than the job",
    {"fix": r"(?m)^[-+].*srun"}, replace=[("srun torchrun", "srun -n 16 torchrun")])
add("step-busy", "srun: Job 4012345 step creation temporarily disabled, retrying (Requested nodes are busy)",
    ["src/srun/launch.c:1382", f"{ERR}:285"], True, "srun (steps sharing the allocation)",
    "let the step share the allocation (srun --overlap) or take only what it asks (--exact)",
    {"fix": r"(?m)^\+.*srun.*--(overlap|exact)"})
# ---- client-side option errors (slurm_opt.c / proc_args.c / sbatch opt.c / srun opt.c)
SO = "src/common/slurm_opt.c"
add("opt-time", "sbatch: error: Invalid --time specification", [f"{SO}:3953"], True, "--time",
    "a time in Slurm's form", {"fix": r"(?m)^[-+]#SBATCH (-t|--time)"},
    replace=[("--time=01:00:00", "--time=1h")], doc=D + "#OPT_time")
add("opt-numeric", 'sbatch: error: Invalid numeric value "auto" for --cpus-per-task.',
    ["src/common/proc_args.c:1397"], True, "--cpus-per-task (any numeric option)",
    "a number", {"fix": r"(?m)^[-+]#SBATCH (-c|--cpus-per-task)"}, replace=[("--cpus-per-task=32", "--cpus-per-task=auto")])
add("opt-unrecognized", "sbatch: unrecognized option '--gpus-per-nod=4'\nTry \"sbatch --help\" for more information",
    [f"{SO}:379"], True, "any misspelt option", "the right spelling, or drop it",
    {"fix": r"(?m)^-#SBATCH --gpus-per-nod=4"}, replace=[("--gpus-per-node=4", "--gpus-per-nod=4")])
add("opt-mem-excl", "sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.",
    [f"{SO}:5081"], True, "--mem/--mem-per-cpu/--mem-per-gpu", "keep one memory option",
    {"fix": r"(?m)^-#SBATCH --mem"}, ["#SBATCH --mem=200G", "#SBATCH --mem-per-cpu=4G"])
add("opt-mem-env-excl", "srun: fatal: SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE are mutually exclusive.",
    [f"{SO}:5094"], True, "srun --mem* against the job's memory option", "the step names no second memory option",
    {"fix": r"(?m)^[-+].*(srun|--mem|SLURM_MEM)"}, ["#SBATCH --mem-per-cpu=4G"], replace=[("srun torchrun", "srun --mem=100G torchrun")])
add("opt-gpn-gres", "sbatch: fatal: --gpus-per-node and --gres=gpu are mutually exclusive.", [f"{SO}:5216"],
    True, "--gpus-per-node/--gres=gpu", "keep one GPU request", {"fix": r"(?m)^-#SBATCH (--gres|--gpus-per-node)"},
    ["#SBATCH --gres=gpu:4"])
add("opt-gpt-npg", "sbatch: fatal: --gpus-per-task is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU",
    [f"{SO}:5264"], True, "--gpus-per-task/--ntasks-per-gpu", "keep one", {"fix": r"(?m)^-#SBATCH --(gpus-per-task|ntasks-per-gpu)"},
    ["#SBATCH --gpus-per-task=1", "#SBATCH --ntasks-per-gpu=1"])
add("opt-tpn-npg", "sbatch: fatal: --ntasks-per-node is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU",
    [f"{SO}:5276"], True, "--ntasks-per-node/--ntasks-per-gpu", "keep one", {"fix": r"(?m)^-#SBATCH --(ntasks-per-node|ntasks-per-gpu)"},
    ["#SBATCH --ntasks-per-gpu=1"])
add("opt-cpt-cpg", "sbatch: fatal: --cpus-per-task, --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive",
    [f"{SO}:5732"], True, "--cpus-per-task/--cpus-per-gpu", "keep one", {"fix": r"(?m)^-#SBATCH --(cpus-per-task|cpus-per-gpu)"},
    ["#SBATCH --cpus-per-gpu=8"])
add("opt-excl-oversub", "sbatch: fatal: --exclusive and --oversubscribe options are mutually exclusive", [f"{SO}:5310"],
    True, "--exclusive/--oversubscribe", "keep one", {"fix": r"(?m)^-#SBATCH --(exclusive|oversubscribe)"},
    ["#SBATCH --exclusive", "#SBATCH --oversubscribe"])
add("opt-mem", "sbatch: error: Invalid --mem specification", [f"{SO}:2450"], True, "--mem",
    "a size Slurm reads (e.g. 64G)", {"fix": r"(?m)^[-+]#SBATCH --mem"}, ["#SBATCH --mem=64GB"])
add("opt-mem-per-cpu", "sbatch: error: Invalid --mem-per-cpu specification", [f"{SO}:299"], True,
    "--mem-per-cpu", "the same size in whole units (1.5G -> 1536M)",
    {"fix": r"(?m)^\+#SBATCH --mem-per-cpu=1536M"}, ["#SBATCH --mem-per-cpu=1.5G"])
add("unsupported-gres", SUB + "Requested GRES option unsupported by configured SelectType plugin",
    [f"{ERR}:710"], True, "--gpus*",
    "advice: the site's select plugin (cons_res) takes no --gpus*/--*-per-gpu; ask for GPUs as --gres=gpu:N",
    {"fix": r"(?m)^[-+]#SBATCH (--gres|--gpus)"}, replace=[("--gpus-per-node=4", "--gpus=8")])
add("opt-dist", "sbatch: error: Invalid --distribution specification", [f"{SO}:1303"], True, "--distribution",
    "drop it or a valid one", {"fix": r"(?m)^-#SBATCH (-m|--distribution)"}, ["#SBATCH --distribution=round-robin"])
add("opt-mail", "sbatch: error: Invalid --mail-type specification", [f"{SO}:2337"], True, "--mail-type",
    "a valid type (or drop it)", {"fix": r"(?m)^[-+]#SBATCH --mail-type"}, ["#SBATCH --mail-type=FINISH"])
add("opt-signal", "sbatch: error: Invalid --signal specification", [f"{SO}:3574"], True, "--signal",
    "[{R|B}:]<sig_num>[@sig_time] (or drop it)", {"fix": r"(?m)^[-+]#SBATCH --signal"}, ["#SBATCH --signal=USR1@90s"])
add("opt-exclusive", "sbatch: error: Invalid --exclusive specification", [f"{SO}:1400"], True, "--exclusive",
    "bare --exclusive (or user/mcs/topo)", {"fix": r"(?m)^[-+]#SBATCH --exclusive"}, ["#SBATCH --exclusive=yes"])
add("opt-gpu-bind", "srun: error: Invalid --gpu-bind argument: local", [f"{SO}:1646"], True, "--gpu-bind",
    "a valid --gpu-bind (closest, single:N, map_gpu, mask_gpu, none...)", {"fix": r"(?m)^[-+].*--gpu-bind"},
    replace=[("srun torchrun", "srun --gpu-bind=local torchrun")])
add("opt-begin", "sbatch: error: Invalid --begin specification", [f"{SO}:688"], True, "--begin",
    "a time Slurm reads (or drop it)", {"fix": r"(?m)^[-+]#SBATCH (-b|--begin)"}, ["#SBATCH --begin=tomorrow 8am"])
add("opt-nodecount", 'sbatch: error: "two" is not a valid node count', ["src/common/proc_args.c:538"], True, "--nodes",
    "a number of nodes", {"fix": r"(?m)^[-+]#SBATCH (-N|--nodes)"}, replace=[("#SBATCH -N 2", "#SBATCH -N two")])
add("opt-directive", "sbatch: error: Invalid directive found in batch script: --gpus-per-nodes=4",
    ["src/sbatch/opt.c:685"], True, "the directive named", "the right spelling, or drop it",
    {"fix": r"(?m)^-#SBATCH --gpus-per-nodes=4"}, replace=[("--gpus-per-node=4", "--gpus-per-nodes=4")])
add("opt-dos", "sbatch: error: Batch script contains DOS line breaks (\\r\\n)\nsbatch: error: instead of expected UNIX line breaks (\\n).",
    ["src/sbatch/sbatch.c:701"], True, "the file's line ends", "convert to UNIX line ends (dos2unix)",
    {"fix": r"\r|dos2unix|(?m)^-"}, replace=[("\n", "\r\n")])
add("opt-shebang", "sbatch: error: This does not look like a batch script.  The first\nsbatch: error: line must start with #! followed by the path to an interpreter.\nsbatch: error: For instance: #!/bin/sh",
    ["src/sbatch/sbatch.c:691"], True, "line 1", "start with #!/bin/bash", {"fix": r"(?m)^\+#!/bin/(ba)?sh"},
    replace=[("#!/bin/bash\n", "\n")])
add("opt-unmatched-quote", "sbatch: fatal: job.sh: line 8: Unmatched `\"` in [\"train]",
    ["src/sbatch/opt.c:582"], True, "a directive with an open quote", "close the quote",
    {"fix": r"(?m)^[-+]#SBATCH (-J|--job-name)"}, ['#SBATCH --job-name="train'])
add("opt-ntasks-invalid", "sbatch: error: invalid number of tasks (-n 0)", ["src/sbatch/opt.c:802"], True, "--ntasks",
    "a positive task count", {"fix": r"(?m)^[-+]#SBATCH (-n|--ntasks)"}, ["#SBATCH --ntasks=0"])
add("opt-cpt-invalid", "sbatch: error: invalid number of cpus per task (-c 0)", ["src/sbatch/opt.c:807"], True, "--cpus-per-task",
    "a positive count", {"fix": r"(?m)^[-+]#SBATCH (-c|--cpus-per-task)"}, replace=[("--cpus-per-task=32", "--cpus-per-task=0")])
add("srun-tpn-honor", "srun: Warning: can't honor --ntasks-per-node set to 4 which doesn't match the requested tasks 2 with the maximum number of requested nodes 2. Ignoring --ntasks-per-node.",
    ["src/srun/opt.c:1308"], True, "--ntasks/--ntasks-per-node", "a task count = nodes x tasks per node",
    {"fix": r"(?m)^[-+].*(ntasks|srun)"}, script=PY, directives=["#SBATCH --ntasks=2"], replace=[("--nodes=1", "--nodes=2")])
add("srun-no-command", "srun: fatal: No command given to execute.", ["src/srun/opt.c:832"], True, "the srun line",
    "give srun the program (a broken line continuation)", {"fix": r"(?m)^[-+].*srun"},
    replace=[("srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n", "srun \n torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d \\\n")])
add("srun-cpt-exceeds", "srun: Job step's --cpus-per-task value exceeds that of job (64 > 32). Job step may never run.",
    [f"{SO}:1153"], True, "srun -c", "the step's -c at most the job's", {"fix": r"(?m)^[-+].*srun.*(-c|--cpus-per-task)"},
    replace=[("srun torchrun", "srun --cpus-per-task=64 torchrun")])
add("srun-tpc", "srun: error: --ntasks-per-core (4) can not be bigger than --threads-per-core (2)",
    ["src/srun/opt.c:1186"], True, "--ntasks-per-core", "at most the threads per core", {"fix": r"(?m)^[-+].*ntasks-per-core"},
    ["#SBATCH --ntasks-per-core=4", "#SBATCH --threads-per-core=2"])
add("srun-exact-whole", "srun: error: --exact and --whole are mutually exclusive.", ["src/srun/opt.c:1017"], True,
    "srun --exact/--whole", "keep one", {"fix": r"(?m)^[-+].*srun"}, replace=[("srun torchrun", "srun --exact --whole torchrun")])
add("srun-excl-overlap", "srun: error: --exclusive and --overlap are mutually exclusive", ["src/srun/opt.c:1105"], True,
    "srun --exclusive/--overlap", "keep one", {"fix": r"(?m)^[-+].*srun"}, replace=[("srun torchrun", "srun --exclusive --overlap torchrun")])
add("slurm-prefix", "sbatch: error: Change from #SLURM to #SBATCH in your script and verify the options are valid in sbatch",
    ["src/sbatch/opt.c:629"], True, "#SLURM lines", "write #SBATCH", {"fix": r"(?m)^\+#SBATCH"},
    replace=[("#SBATCH --time", "#SLURM --time")])

out = {"schema": 1, "slurm": {"repo": "SchedMD/slurm", "commit": COMMIT},
       "note": "Generated by make_catalogue.py. `source` is file:line at the commit; `expect` is what "
               "maple must answer: fix (regex on the diff), ask (a value only the user has) or advice "
               "(no fix: only the site can change it).",
       "messages": E}
Path(__file__).with_name("catalogue.yaml").write_text(
    yaml.safe_dump(out, sort_keys=False, width=120, allow_unicode=True), encoding="utf-8")
print(len(E), "messages;", sum(e["script_causable"] for e in E), "script-causable")
