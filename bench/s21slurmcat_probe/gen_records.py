# ruff: noqa: E501 (data: messages, regexes and sources, one entry a line)
"""Writes templates/failures/s21_slurmcat.yaml: the records of the Slurm message catalogue
(catalogue.yaml). Run: python bench/s21slurmcat_probe/gen_records.py
"""
from pathlib import Path

import yaml

C = "284c3b95f08a2dc2478499837b03355e1b9c5c75"
def src(path, line, title):
    return {"title": f"SchedMD/slurm {path}:{line} ({title})", "url": f"https://github.com/SchedMD/slurm/blob/{C}/{path}#L{line}", "kind": "code"}
def doc(anchor, title):
    return {"title": f"Slurm sbatch: {title}", "url": f"https://slurm.schedmd.com/sbatch.html#{anchor}", "kind": "doc"}
ERR = "src/common/slurm_errno.c"
SO = "src/common/slurm_opt.c"
SUBMIT = r"(?:submission failed|Unable to allocate resources|allocate failed|Unable to create step for job \d+): "
def d(opt):  # the script names the directive (long or short spelling)
    return r"(?m)^\s*#SBATCH\s+(?:" + opt + r")(?![\w-])"
R = []
def rec(id, family, sigs, cause, fix=None, advice=None, examples=(), negatives=(), refs=()):
    r = {"id": id, "family": family, "signatures": sigs, "cause": cause}
    if fix:
        r["fix"] = fix
    if advice:
        r["advice"] = advice
    r["examples"] = list(examples)
    r["negatives"] = list(negatives)
    r["references"] = list(refs)
    # decided by Slurm's own message and the script's line at fault: never offered by
    # similarity, so its words take no key word from another record (evidence_gate)
    r["signature_only"] = True
    R.append(r)
def sig(p, script=None, lacks=None, w=5.0):
    s = {"pattern": p, "scheduler": "slurm"}
    if script:
        s["script"] = script
    if lacks:
        s["script_lacks"] = lacks
    s["weight"] = w
    return s

rec("slurm-wckey-invalid", "scheduler",
    [sig(SUBMIT + "Invalid wckey specification", d("--wckey"))],
    "The job names a workload characterization key (--wckey) that this site does not define or does not track.",
    fix=[{"op": "remove_directive", "option": "wckey"}],
    examples=["sbatch: error: Batch job submission failed: Invalid wckey specification"],
    negatives=["sbatch: error: Batch job submission failed: Invalid qos specification"],
    refs=[src(ERR, 431, "ESLURM_INVALID_WCKEY"), doc("OPT_wckey", "--wckey")])
rec("slurm-license-invalid", "scheduler",
    [sig(SUBMIT + "Invalid license specification", d("-L|--licenses?"))],
    "The job asks for a license (--licenses, e.g. a file-system license of another site) that this cluster does not define.",
    fix=[{"op": "remove_directive", "option": "licenses"}],
    examples=["sbatch: error: Batch job submission failed: Invalid license specification"],
    negatives=["sbatch: error: Batch job submission failed: Licenses currently unavailable"],
    refs=[src(ERR, 435, "ESLURM_INVALID_LICENSES"), doc("OPT_licenses", "-L, --licenses")])
rec("slurm-feature-invalid", "scheduler",
    [sig(SUBMIT + "Invalid feature specification", d("-C|--constraint"))],
    "The job's --constraint names a node feature that no node of the partition has (feature names are site-specific).",
    fix=[{"op": "remove_directive", "option": "constraint"}],
    examples=["sbatch: error: Batch job submission failed: Invalid feature specification"],
    negatives=["sbatch: error: Batch job submission failed: Invalid generic resource (gres) specification"],
    refs=[src(ERR, 341, "ESLURM_INVALID_FEATURE"), doc("OPT_constraint", "-C, --constraint")])
rec("slurm-dependency-job-unknown", "scheduler",
    [sig(SUBMIT + "Job dependency problem", d("-d|--dependency"))],
    "The job depends (--dependency) on a job id that is not a job the controller knows (a mistyped id, a finished or purged job, text where an id belongs).",
    fix=[{"op": "set_directive", "option": "dependency", "value": "{ask:dependency}"}],
    examples=["sbatch: error: Batch job submission failed: Job dependency problem"],
    negatives=["sbatch: error: Batch job submission failed: Circular job dependency"],
    refs=[src(ERR, 387, "ESLURM_DEPENDENCY"), doc("OPT_dependency", "-d, --dependency")])
rec("slurm-dependency-circular", "scheduler",
    [sig(SUBMIT + "Circular job dependency", d("-d|--dependency"))],
    "The job's --dependency names the job itself (or a job that waits for it), which can never be satisfied.",
    fix=[{"op": "remove_directive", "option": "dependency"}],
    examples=["sbatch: error: Batch job submission failed: Circular job dependency"],
    negatives=["sbatch: error: Batch job submission failed: Job dependency problem"],
    refs=[src(ERR, 517, "ESLURM_CIRCULAR_DEPENDENCY")])
rec("slurm-distribution-invalid", "scheduler",
    [sig(SUBMIT + "Task distribution specification invalid", d("-m|--distribution")),
     sig(r"(?:sbatch|srun|salloc): error: Invalid --distribution specification", d("-m|--distribution"))],
    "The job's --distribution (-m) names a task layout Slurm does not know (block, cyclic, arbitrary, plane=N and their :socket/:core forms are valid).",
    fix=[{"op": "remove_directive", "option": "distribution"}],
    examples=["sbatch: error: Invalid --distribution specification",
              "sbatch: error: Batch job submission failed: Task distribution specification invalid"],
    negatives=["sbatch: error: Invalid --mem specification"],
    refs=[src(SO, 1303, "arg_set_distribution"), src(ERR, 317, "ESLURM_BAD_DIST"), doc("OPT_distribution", "-m, --distribution")])
rec("slurm-distribution-not-from-script", "site",
    [sig(r"(?:sbatch|salloc): error: Invalid --distribution specification", lacks=d("-m|--distribution"))],
    "sbatch read a -m/--distribution the job script does not hold: the submit command gave it (a --wrap whose quotes a wrapper or the site's sbatch stripped, so the wrapped command's -m reached sbatch).",
    advice="Check the sbatch command line that submitted the job (quote --wrap's command; a site wrapper may strip quotes): no change of the job script mends it.",
    examples=["SLURM job submission failed. The error message was sbatch: error: Invalid --distribution specification"],
    negatives=["sbatch: error: Invalid --time specification"],
    refs=[src(SO, 1303, "arg_set_distribution"), doc("OPT_wrap", "--wrap")])
rec("slurm-nodelist-not-in-partition", "scheduler",
    [sig(SUBMIT + "Requested nodes not in this partition", d("-w|--nodelist"))],
    "The job's --nodelist names nodes that are not in the partition it asks for (node names are site- and partition-specific).",
    fix=[{"op": "remove_directive", "option": "nodelist"}],
    examples=["sbatch: error: Batch job submission failed: Requested nodes not in this partition"],
    negatives=["sbatch: error: Batch job submission failed: Requested node configuration is not available"],
    refs=[src(ERR, 237, "ESLURM_REQUESTED_NODES_NOT_IN_PARTITION"), doc("OPT_nodelist", "-w, --nodelist")])
rec("slurm-partition-group-denied", "scheduler",
    [sig(SUBMIT + "User's group not permitted to use this partition")],
    "The partition the job asks for admits only some Unix groups (AllowGroups), and the user's groups are not among them.",
    fix=[{"op": "set_queue", "name": "{ask:partition}"}],
    examples=["sbatch: error: Batch job submission failed: User's group not permitted to use this partition"],
    negatives=["sbatch: error: Batch job submission failed: Invalid partition name specified"],
    refs=[src(ERR, 233, "ESLURM_JOB_MISSING_REQUIRED_PARTITION_GROUP")])
rec("slurm-partition-state", "site",
    [sig(SUBMIT + r"(?:Required partition not available \(inactive or drain\)|Partition in DOWN state|Requested partition configuration not available now)")],
    "The partition is drained, inactive or down, or its limits were changed by the site: the request is not the problem.",
    advice="Wait for the partition to return (sinfo -p PARTITION shows its state) or submit to another partition the site lists; the job script need not change.",
    examples=["sbatch: error: Batch job submission failed: Partition in DOWN state",
              "sbatch: error: Batch job submission failed: Required partition not available (inactive or drain)"],
    negatives=["sbatch: error: Batch job submission failed: Invalid partition name specified"],
    refs=[src(ERR, 513, "ESLURM_PARTITION_NOT_AVAIL"), src(ERR, 634, "ESLURM_PARTITION_DOWN"), src(ERR, 281, "ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE")])
rec("slurm-qos-usage-threshold", "site",
    [sig(SUBMIT + "Requested account has breached requested QOS usage threshold")],
    "The account has used up the share its QOS allows (UsageThreshold): an allocation matter, not the job's request.",
    advice="Ask the PI or the site about the allocation's usage (sshare, sacctmgr show qos); submit under another account only if the user has one.",
    examples=["sbatch: error: Batch job submission failed: Requested account has breached requested QOS usage threshold"],
    negatives=["sbatch: error: Batch job submission failed: Invalid qos specification"],
    refs=[src(ERR, 529, "ESLURM_QOS_THRES")])
rec("slurm-max-job-count", "site",
    [sig(SUBMIT + "MaxJobCount limit reached")],
    "The controller's table of jobs is full (MaxJobCount of slurm.conf): the cluster takes no more jobs now, whatever they ask.",
    advice="Resubmit later, or submit fewer, larger jobs (job arrays); the job script need not change.",
    examples=["sbatch: error: Batch job submission failed: MaxJobCount limit reached"],
    negatives=["sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)"],
    refs=[src(ERR, 249, "ESLURM_MAX_JOB_COUNT")])
rec("slurm-time-min-invalid", "scheduler",
    [sig(SUBMIT + r"Invalid time-min specification", d("--time-min")),
     sig(r"(?:sbatch|srun|salloc): error: Invalid --time-min specification", d("--time-min"))],
    "The job's --time-min is longer than its --time (or the partition's limit) or is not a time Slurm reads.",
    fix=[{"op": "remove_directive", "option": "time-min"}],
    examples=["sbatch: error: Batch job submission failed: Invalid time-min specification (exceeds job's time or other limits)"],
    negatives=["sbatch: error: Batch job submission failed: Requested time limit is invalid (missing or exceeds some limit)"],
    refs=[src(ERR, 718, "ESLURM_INVALID_TIME_MIN_LIMIT"), src(SO, 3978, "arg_set_time_min"), doc("OPT_time-min", "--time-min")])
rec("slurm-array-spec-ask", "scheduler",
    [sig(SUBMIT + "Invalid job array specification", d("-a|--array"), w=6.0)],
    "The job's --array asks for indices beyond the site's MaxArraySize (or is malformed); how to split the work is the user's choice.",
    fix=[{"op": "set_directive", "option": "array", "value": "{ask:array}"}],
    examples=["sbatch: error: Batch job submission failed: Invalid job array specification"],
    negatives=["sbatch: error: Batch job submission failed: Invalid job id specified"],
    refs=[src(ERR, 553, "ESLURM_INVALID_ARRAY"), doc("OPT_array", "-a, --array (MaxArraySize)")])

def both(a, b):
    return r"(?ms)(?=.*^\s*#SBATCH\s+(?:" + a + r")(?![\w-]))(?=.*^\s*#SBATCH\s+(?:" + b + r")(?![\w-]))"
GRESGPU = r"--gres[=\s]+(?:gres/)?gpu"
rec("slurm-gpus-per-node-with-gres-gpu", "scheduler",
    [sig(r"fatal: --gpus-per-node and --gres=gpu are mutually exclusive", both("--gpus-per-node", GRESGPU)),
     sig(SUBMIT + r"Duplicate generic resource \(gres\) specification", both("--gpus-per-node", GRESGPU))],
    "The job asks for GPUs twice, with --gpus-per-node and with --gres=gpu, which Slurm refuses together.",
    fix=[{"op": "remove_directive", "option": "gres"}],
    examples=["sbatch: fatal: --gpus-per-node and --gres=gpu are mutually exclusive."],
    negatives=["sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive."],
    refs=[src(SO, 5216, "--gpus-per-node and --gres=gpu"), src(ERR, 638, "ESLURM_DUPLICATE_GRES")])
NPG = r"(?:--gpus-per-task|SLURM_GPUS_PER_TASK|--ntasks-per-node|SLURM_NTASKS_PER_NODE|--tres-per-task|SLURM_TRES_PER_TASK|--gpus-per-socket|SLURM_GPUS_PER_SOCKET) is mutually exclusive with --ntasks-per-gpu"
NPG_REFS = [src(SO, 5260, "SLURM_TRES_PER_TASK with --ntasks-per-gpu"), src(SO, 5276, "--ntasks-per-node with --ntasks-per-gpu"), doc("OPT_ntasks-per-gpu", "--ntasks-per-gpu")]
rec("slurm-ntasks-per-gpu-and-per-node", "scheduler",
    [sig(NPG, both("--ntasks-per-node", "--ntasks-per-gpu"))],
    "The job gives both --ntasks-per-node and --ntasks-per-gpu, which Slurm refuses together; the per-node count already says how many tasks each node runs.",
    fix=[{"op": "remove_directive", "option": "ntasks-per-gpu"}],
    examples=["sbatch: fatal: --ntasks-per-node is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU"],
    negatives=["sbatch: fatal: --cpus-per-task, --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive"],
    refs=NPG_REFS)
rec("slurm-ntasks-per-gpu-one-as-per-node", "scheduler",
    [sig(NPG, r"(?m)^\s*#SBATCH\s+--ntasks-per-gpu[=\s]+1\s*$", lacks=d("--ntasks-per-node|--tasks-per-node"))],
    "The job asks for one task per GPU with --ntasks-per-gpu beside a per-task count (--gpus-per-task, or --cpus-per-task, which Slurm 24.05 turns into SLURM_TRES_PER_TASK for its steps), and Slurm refuses the two together.",
    fix=[{"op": "remove_directive", "option": "ntasks-per-gpu"},
         {"op": "set_directive", "option": "ntasks-per-node", "value": "{gpus:asked}"}],
    examples=["srun: fatal: SLURM_TRES_PER_TASK is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU"],
    negatives=["srun: fatal: SLURM_MEM_PER_CPU, SLURM_MEM_PER_GPU, and SLURM_MEM_PER_NODE are mutually exclusive."],
    refs=NPG_REFS)
rec("slurm-cpus-per-task-with-cpus-per-gpu", "scheduler",
    [sig(r"fatal: --cpus-per-task, --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive", both("-c|--cpus-per-task", "--cpus-per-gpu"))],
    "The job gives CPUs both per task (--cpus-per-task) and per GPU (--cpus-per-gpu), which Slurm refuses together.",
    fix=[{"op": "remove_directive", "option": "cpus-per-gpu"}],
    examples=["sbatch: fatal: --cpus-per-task, --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive"],
    negatives=["sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive."],
    refs=[src(SO, 5732, "--cpus-per-task with --cpus-per-gpu")])
rec("slurm-exclusive-with-oversubscribe", "scheduler",
    [sig(r"fatal: --exclusive and --oversubscribe options are mutually exclusive", both("--exclusive", "-s|--oversubscribe"))],
    "The job asks for whole nodes (--exclusive) and to share them (--oversubscribe) at once.",
    fix=[{"op": "remove_directive", "option": "oversubscribe"}],
    examples=["sbatch: fatal: --exclusive and --oversubscribe options are mutually exclusive"],
    negatives=["srun: error: --exclusive and --overlap are mutually exclusive"],
    refs=[src(SO, 5310, "--exclusive with --oversubscribe")])
MEMOPT = r"(?P<opt>mem|mem-per-cpu|mem-per-gpu|tmp)"
rec("slurm-memory-size-unparsed", "scheduler",
    [sig(r"(?:sbatch|srun|salloc): error: Invalid --" + MEMOPT + r" specification", r"(?m)^\s*#SBATCH\s+--(?:mem|mem-per-cpu|mem-per-gpu|tmp)[=\s]+\S")],
    "A memory size of the job header is written in a form Slurm does not read (a fraction such as 1.5G, a unit such as GB); Slurm takes a whole number with one unit letter K, M, G or T.",
    fix=[{"op": "set_directive", "option": "{m:opt}", "value": "{size:opt}"}],
    examples=["sbatch: error: Invalid --mem-per-cpu specification", "sbatch: error: Invalid --mem specification"],
    negatives=["sbatch: error: Batch job submission failed: Memory required by task is not available"],
    refs=[src(SO, 299, "COMMON_MBYTES_OPTION"), src(SO, 2450, "arg_set_mem"), doc("OPT_mem", "--mem (size units)")])
rec("slurm-memory-directive-empty", "scheduler",
    [sig(r"(?:sbatch|srun|salloc): error: Invalid --" + MEMOPT + r" specification", r"(?m)^\s*#SBATCH\s+--(?:mem|mem-per-cpu|mem-per-gpu|tmp)(?:=\s*|\s*)$", w=6.0)],
    "A memory directive of the job header has no value (a template left its field empty), which sbatch refuses.",
    fix=[{"op": "remove_directive", "option": "{m:opt}"}],
    examples=["sbatch: error: Invalid --mem specification"],
    negatives=["sbatch: error: Invalid --time specification"],
    refs=[src(SO, 2450, "arg_set_mem"), doc("OPT_mem", "--mem")])
rec("slurm-exclusive-value", "scheduler",
    [sig(r"(?:sbatch|srun|salloc): error: Invalid --exclusive specification", r"(?m)^\s*#SBATCH\s+--exclusive=")],
    "The job writes --exclusive with a value Slurm does not take (it takes none, or user, mcs or topo).",
    fix=[{"op": "set_directive", "option": "exclusive"}],
    examples=["sbatch: error: Invalid --exclusive specification"],
    negatives=["sbatch: fatal: --exclusive and --oversubscribe options are mutually exclusive"],
    refs=[src(SO, 1400, "arg_set_exclusive"), doc("OPT_exclusive", "--exclusive")])
DROP = r"(?P<opt>mail-type|open-mode|requeue|no-kill|kill-on-invalid-dep|wait-all-nodes|delay-boot)"
rec("slurm-notify-option-unparsed", "scheduler",
    [sig(r"(?:sbatch|srun|salloc): error: Invalid --" + DROP + r" specification", d("--mail-type|--open-mode|--requeue|--no-kill|--kill-on-invalid-dep|--wait-all-nodes|--delay-boot"))],
    "An option of the job header that only sets mail, output or requeue behaviour has a value Slurm does not take; without it the job runs with the site's default.",
    fix=[{"op": "remove_directive", "option": "{m:opt}"}],
    examples=["sbatch: error: Invalid --mail-type specification"],
    negatives=["sbatch: error: Invalid --mem specification"],
    refs=[src(SO, 2337, "arg_set_mail_type"), src(SO, 2980, "arg_set_open_mode"), doc("OPT_mail-type", "--mail-type")])
ASK = r"(?P<opt>signal|begin|deadline)"
rec("slurm-timing-option-unparsed", "scheduler",
    [sig(r"(?:sbatch|srun|salloc): error: Invalid --" + ASK + r" specification", d("--signal|-b|--begin|--deadline"))],
    "A timing option of the job header (--signal, --begin, --deadline) has a value Slurm does not read; what the job meant by it is the user's.",
    fix=[{"op": "set_directive", "option": "{m:opt}", "value": "{ask:option_value}"}],
    examples=["sbatch: error: Invalid --signal specification", "sbatch: error: Invalid --begin specification"],
    negatives=["sbatch: error: Invalid --time specification"],
    refs=[src(SO, 3574, "arg_set_signal"), src(SO, 688, "arg_set_begin"), doc("OPT_signal", "--signal")])
rec("srun-gpu-bind-unparsed", "launcher",
    [sig(r"srun: error: Invalid --gpu-bind argument", r"(?m)^\s*srun\b[^\n]*--gpu-bind")],
    "The launch line's srun --gpu-bind names a binding Slurm does not know (closest, single:N, map_gpu, mask_gpu, none, per_task:N are valid).",
    fix=[{"op": "remove_launcher_arg", "launcher": "srun", "name": "--gpu-bind"}],
    examples=["srun: error: Invalid --gpu-bind argument: local"],
    negatives=["srun: error: Invalid --cpu-bind argument: local"],
    refs=[src(SO, 1646, "arg_set_gpu_bind"), {"title": "Slurm srun: --gpu-bind", "url": "https://slurm.schedmd.com/srun.html#OPT_gpu-bind", "kind": "doc"}])
STEP = r"srun: error: Unable to create step for job \d+: "
rec("srun-step-cpus-above-job", "launcher",
    [sig(STEP + r"(?:Requested node configuration is not available|More processors requested than permitted)",
         # the srun line's count differs from the job's (the same count is not the cause)
         r"(?ms)^\s*#SBATCH\s+(?:-c\s*|--cpus-per-task[=\s]\s*)(\d+)\b.*^\s*srun\b[^\n]*\s(?:-c\s*|--cpus-per-task[=\s]\s*)(?!\1\b)\d+"),
     sig(STEP + r"(?:Requested node configuration is not available|More processors requested than permitted)",
         r"(?m)^\s*srun\b[^\n]*\s(?:-c\s*|--cpus-per-task[=\s]\s*)(?:[2-9]|\d\d+)\b", lacks=d("-c|--cpus-per-task")),
     sig(r"Job step's --cpus-per-task value exceeds that of job", r"(?m)^\s*srun\b[^\n]*\s(?:-c\s*|--cpus-per-task[=\s])\d+")],
    "The launch line's srun asks for more CPUs per task than the job holds, so the step cannot be placed in the allocation.",
    fix=[{"op": "remove_launcher_arg", "launcher": "srun", "name": "--cpus-per-task"}],
    examples=["srun: error: Unable to create step for job 4012345: Requested node configuration is not available",
              "srun: Job step's --cpus-per-task value exceeds that of job (64 > 32). Job step may never run."],
    negatives=["sbatch: error: Batch job submission failed: Requested node configuration is not available"],
    refs=[src("src/srun/launch.c", 1368, "Unable to create step"), src(SO, 1153, "step --cpus-per-task above the job's")])
rec("srun-step-memory-above-job", "launcher",
    [sig(STEP + r"Memory required by task is not available", r"(?m)^\s*srun\b[^\n]*\s--mem(?:-per-cpu|-per-gpu)?[=\s]")],
    "The launch line's srun asks for more memory than the job holds, so the step cannot be placed in the allocation.",
    fix=[{"op": "remove_launcher_arg", "launcher": "srun", "name": "--mem"},
         {"op": "remove_launcher_arg", "launcher": "srun", "name": "--mem-per-cpu"},
         {"op": "remove_launcher_arg", "launcher": "srun", "name": "--mem-per-gpu"}],
    examples=["srun: error: Unable to create step for job 4012345: Memory required by task is not available"],
    negatives=["sbatch: error: Batch job submission failed: Memory required by task is not available"],
    refs=[src("src/srun/launch.c", 1368, "Unable to create step"), src(ERR, 411, "ESLURM_INVALID_TASK_MEMORY")])
rec("srun-step-gpus-above-job", "launcher",
    [sig(STEP + r"Insufficient GRES available in allocation", r"(?ms)(?=.*^\s*#SBATCH\s+--(?:gpus|gpus-per-node|gpus-per-task|gres)(?![\w-]))(?=.*^\s*srun\b[^\n]*\s--(?:gpus|gpus-per-task|gpus-per-node|gres)[=\s])")],
    "The launch line's srun asks for more GPUs than the job holds (the job asks for some), so the step cannot be placed.",
    fix=[{"op": "remove_launcher_arg", "launcher": "srun", "name": "--gpus-per-task"},
         {"op": "remove_launcher_arg", "launcher": "srun", "name": "--gpus"},
         {"op": "remove_launcher_arg", "launcher": "srun", "name": "--gpus-per-node"},
         {"op": "remove_launcher_arg", "launcher": "srun", "name": "--gres"}],
    examples=["srun: error: Unable to create step for job 4012345: Insufficient GRES available in allocation"],
    negatives=["sbatch: error: Batch job submission failed: Invalid generic resource (gres) specification"],
    refs=[src("src/srun/launch.c", 1368, "Unable to create step"), src(ERR, 759, "ESLURM_INSUFFICIENT_GRES")])
rec("srun-step-exclusive-with-overlap", "launcher",
    [sig(r"srun: error: --exclusive and --overlap are mutually exclusive", r"(?m)^\s*srun\b[^\n]*--exclusive")],
    "The launch line's srun asks for its own resources (--exclusive) and to share the allocation (--overlap) at once.",
    fix=[{"op": "remove_launcher_arg", "launcher": "srun", "name": "--exclusive"}],
    examples=["srun: error: --exclusive and --overlap are mutually exclusive"],
    negatives=["sbatch: fatal: --exclusive and --oversubscribe options are mutually exclusive"],
    refs=[src("src/srun/opt.c", 1105, "--exclusive with --overlap")])
rec("srun-step-exact-with-whole", "launcher",
    [sig(r"srun: error: --exact and --whole are mutually exclusive", r"(?m)^\s*srun\b[^\n]*--whole")],
    "The launch line's srun asks for exactly the step's resources (--exact) and for whole nodes (--whole) at once.",
    fix=[{"op": "remove_launcher_arg", "launcher": "srun", "name": "--whole"}],
    examples=["srun: error: --exact and --whole are mutually exclusive."],
    negatives=["srun: error: --exclusive and --overlap are mutually exclusive"],
    refs=[src("src/srun/opt.c", 1017, "--exact with --whole")])
rec("sbatch-directive-unicode-space", "scheduler",
    [sig(r"sbatch: error: Invalid directive found in batch script:[ \t\u00a0]*$", r"[\u00a0\u2000-\u200a\u202f\u205f\u3000]", w=6.0)],
    "A directive line holds a no-break space (or another Unicode space) where a blank belongs, copied from a web page, so sbatch reads it as an unknown word.",
    fix=[{"op": "plain_spaces"}],
    examples=["sbatch: error: Invalid directive found in batch script: "],
    negatives=["sbatch: error: Invalid directive found in batch script: --gpus-per-nodes=4"],
    refs=[src("src/sbatch/opt.c", 685, "Invalid directive found in batch script"),
          {"title": "GenomicsAotearoa/metagenomics_summer_school fix a19dea7: no-break spaces in --partition", "url": "https://github.com/GenomicsAotearoa/metagenomics_summer_school/commit/a19dea786a1931238a0fc832a5b079223025d13e", "kind": "code"}])
rec("sbatch-directive-unknown-option", "scheduler",
    [sig(r"sbatch: error: Invalid directive found in batch script: (?P<opt>--?[A-Za-z][\w-]*)", w=3.0)],
    "A directive of the job header names an option sbatch does not have (a misspelling, or an option of another scheduler or Slurm version); only its author knows what was meant.",
    examples=["sbatch: error: Invalid directive found in batch script: --gpus-per-nodes=4"],
    negatives=["sbatch: error: Invalid --time specification"],
    refs=[src("src/sbatch/opt.c", 685, "Invalid directive found in batch script"), doc("OPTIONS", "options")])
rec("sbatch-directive-misspelt", "scheduler",
    [sig(r"sbatch: unrecognized option '--(?P<opt>[A-Za-z][\w-]*)", w=6.0),
     sig(r"sbatch: error: Invalid directive found in batch script: --(?P<opt>[A-Za-z][\w-]*)", w=6.0)],
    "A directive of the job header misspells a Slurm option (one close to a single option of Slurm's own option table), which sbatch refuses.",
    fix=[{"op": "remove_directive", "option": "{respell:opt.old}"},
         {"op": "set_directive", "option": "{respell:opt}", "value": "{respell:opt.value}"}],
    examples=["sbatch: unrecognized option '--gpus-per-nod=4'",
              "sbatch: error: Invalid directive found in batch script: --gpus-per-nodes=4"],
    negatives=["sbatch: error: Invalid --time specification"],
    refs=[src("src/sbatch/opt.c", 685, "Invalid directive found in batch script"), src(SO, 379, "unknown sbatch option"),
          src(SO, 1721, "the option table: .name = ...")])
rec("slurm-task-count-invalid", "scheduler",
    [sig(SUBMIT + r"Task count specification invalid", d("-n|--ntasks"))],
    "The job's --ntasks does not fit its node count and tasks per node (fewer tasks than nodes, or more than the nodes take).",
    fix=[{"op": "remove_directive", "option": "ntasks"}],
    examples=["sbatch: error: Batch job submission failed: Task count specification invalid"],
    negatives=["sbatch: error: Batch job submission failed: Node count specification invalid"],
    refs=[src(ERR, 325, "ESLURM_BAD_TASK_COUNT"), doc("OPT_ntasks", "-n, --ntasks")])

out = {"family": "scheduler", "records": R}
head = """# Failure records from the catalogue of Slurm's own messages (bench/s21slurmcat_probe/catalogue.yaml):
# the submission and step-launch errors a job script can cause, as src/common/slurm_errno.c,
# src/common/slurm_opt.c, src/sbatch and src/srun print them (SchedMD/slurm at 284c3b95), each
# with the directive or launch option at fault found in the script (a signature's `script`
# condition): a fix, a question for a value only the user has ({ask:...}), or advice where only
# the site (or the submit command) can change it. Issue 17, helper s21-slurmcat.
"""
(Path(__file__).resolve().parents[2] / "templates" / "failures" / "s21_slurmcat.yaml").write_text(head + yaml.safe_dump(out, sort_keys=False, width=110, allow_unicode=True), encoding="utf-8")
print(len(R))
