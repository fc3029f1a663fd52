# ruff: noqa: E501, SIM115, E402  (a one-off analysis script of session s21: long regex tables, /tmp hand-offs)
import collections
import json
import re

R = json.load(open("/tmp/anap_recs.json"))
CL = [  # (id, definition, verdicts or None, regex)
    (
        "vendor_device",
        "NVIDIA->Intel/AMD (or back) device change: CUDA program/container/env on XPU/ROCm GPUs, device flags",
        None,
        r"\bxpu\b|intel gpu|device-family|rocm|mi250|cuda (build|program|image).{0,40}(intel|amd)|--nv\b.{0,40}amd|sycl|oneapi",
    ),
    (
        "proxy_network",
        "proxy/network: proxy exports, offline/online, localhost, downloads from compute nodes",
        None,
        r"proxy|no_proxy|offline|localhost|internet|outbound",
    ),
    (
        "container",
        "container not carried / carried wrong (singularity/apptainer/enroot/pyxis/docker image, binds, --nv)",
        None,
        r"singularity|apptainer|enroot|pyxis|docker|shifter|podman|container|\.sif\b|\.sqf|overlay|--nv\b",
    ),
    (
        "needless_ask",
        "needless or wrong size/rank ask: MissingInformation although the script fixes the size",
        ["refused_other"],
        r"missinginformation|the request is missing information|needless .{0,20}ask|generic ask|rank ask|asks? for (the )?(ranks|size|gpus)",
    ),
    (
        "wrapper_as_program",
        "user wrapper / installed command / non-Python program (xvfb-run, console script, run.sh, $CMD) misread or not followed",
        None,
        r"wrapper|installed command|console script|not python|non-python|not a python|compiled binary|xvfb|\brun\.sh|\$cmd|\.sh\b.{0,40}(program|not shown)|launch_torch|which this script does not show",
    ),
    (
        "no_launch_generic",
        'generic "no launch line found" refusal that names nothing (launch form not recognised)',
        ["refused_other"],
        r"no launch line found|naming nothing|names nothing",
    ),
    (
        "refusal_misreads",
        "refusal whose stated reason is false / misreads a line of the script",
        ["refused_other"],
        r"misread|false|untrue|wrong reason|not the real|does not name|not named|reads `",
    ),
    (
        "target_rule_refusal",
        "refusal by a target queue/partition/memory rule that does not apply or has a way out",
        ["refused_other"],
        r"refused by the target's rules|queue|partition|memory limit|qos",
    ),
    (
        "multi_stage_loop",
        "multi-stage job, loop, several runs or background/wait: a stage/run dropped, reordered or collapsed",
        None,
        r"other_runs|stage|loop|\bfor i\b|sequential|two programs|three programs|background|\bwait\b|second run|each pass|pipeline|runs? once|several runs|two runs",
    ),
    (
        "one_proc_multi_gpu",
        "one process driving N GPUs split or given 1 GPU (gpus_per_rank)",
        None,
        r"gpus_per_rank|drives \d+ gpus|one process.{0,40}gpus|the port gives it 1",
    ),
    (
        "gpu_count_assumed",
        "GPU/rank count absent from the script assumed (1, 4, 8) with no note or ask",
        None,
        r"assumed \d|no gpu request|no gpu count|sets 1 gpu|not in the script|without asking|gives it 1",
    ),
    (
        "topology_arg",
        "program's own topology argument (--gpus, --nodes, nproc, world_size, Trainer) disagrees with the new layout",
        None,
        r"topology|--gpu_ids|--num_gpus|--nproc|world_size|world-size|trainer\(|num_nodes|devices=|--devices|n_gpus|tp-size|tensor.parallel",
    ),
    (
        "layout_changed",
        "layout/rank count changed (ranks, nodes x per-node, repacked) without a true note",
        None,
        r"ranks?: |repack|\d+ ?x ?\d+.{0,30}(becomes|as|ported)|runs \d+ (ranks|copies|copy)|layout|miscount|shared 1 gpu|two ranks a gpu|read as \d|rank count|ranks per|per node",
    ),
    (
        "launcher_vars",
        "launcher/rendezvous variables: MASTER_ADDR/PORT, SLURM_*/PBS_* rank or job variables mapped wrong",
        None,
        r"local_rank|torch\.distributed\.launch|master_addr|master_port|rendezvous|rdzv|slurm_procid|pmi_rank|slurm_localid|slurm_job_id|pbs_jobid|slurm_tmpdir|slurm_[a-z_]+ |rank variable|node_rank|\$pbs_|hostname",
    ),
    (
        "memory_node",
        "memory / GPU memory / node type or CPU architecture (aarch64 wheels) not carried",
        None,
        r"aarch64|x86|architecture|memory|--mem|\bmem=|\d ?gb\b|\d ?g\b|hbm|gpu type|node type|node class|himem|gpu model",
    ),
    (
        "env_module_dropped",
        "site module / conda / venv / interpreter / site tool dropped, replaced with nothing, or kept where it cannot work",
        None,
        r"module (load|add|restore|use)|modules?\b|conda|venv|micromamba|mamba|ncar_pylib|activate|pythonpath|uv run|poetry|spack|lmod|interpreter",
    ),
    (
        "user_line_false_note",
        "user line (export, cd, echo, redirect, flag) dropped or changed under a false note",
        None,
        r'false note|under (a|the) (false|note)|dropped under|"source filesystem"|source filesystem|calls them|as "',
    ),
    (
        "user_line_dropped",
        "user line/option/redirect/prefix dropped or changed with no note (keep_text, setup)",
        None,
        r"keep_text|kept text|dropped|drops|setup:|not in the port|neither kept|is lost|removed",
    ),
    (
        "program_args",
        "program or its arguments changed (variable expanded, quoting, wrong program chosen, $@/positional)",
        None,
        r"program:|args: expected|argument|quot|\$1|\$@|positional|runs \'|expected \'",
    ),
    (
        "paths_source_site_x",
        "source-site path kept or dropped with no or false note (source_only)",
        None,
        r"source_only|source-only|/scratch|/work|/home|path",
    ),
    (
        "header_directive",
        "scheduler header/semantics misread: log names with shell variables, --export=NONE, --chdir, start directory, walltime, PJM/LSF/SGE headers",
        None,
        r"walltime|elapse|account|array|mail|--output|--error|#pbs|#bsub|lsf|sge|pjm|directive|%j|expected_refusal",
    ),
    (
        "launcher_replaced",
        "the user's launcher (accelerate config, DeepSpeed, torch.distributed.launch --local_rank, jsrun -E, py-spy) swapped so its config or contract is lost",
        None,
        r"accelerate.{0,40}config|--config_file|torch\.distributed\.launch|--local_rank",
    ),
    (
        "paths_placeholders",
        "source-site paths, staging or template placeholders kept without the note the case asks",
        None,
        r"placeholder|\{[a-z_]+\}",
    ),
    (
        "shell_semantics",
        "shell semantics: set -e/-u, traps, heredoc, eval, continuation, functions",
        None,
        r"set -e|set -u|trap|heredoc|eval|continuation|function|shellcheck",
    ),
]


def text(r):
    md = r["md"]
    if md:
        i = md.find(":", md.find(" / "))
        md = md[i + 1 :]
    j = (md + " " + r["why"]).strip()
    if len(j) > 25:
        return j.lower()
    return " ".join([j, r["reason"], r["fails"]]).lower()


def classify(r):
    t = text(r)
    for cid, _, vs, rx in CL:
        if vs and r["verdict"] not in vs:
            continue
        if re.search(rx, t):
            return cid
    return "other"


bad = [r for r in R if r["verdict"] in ("refused_other", "wrong_noted", "wrong_silent")]
for r in bad:
    r["cls"] = classify(r)
# inherit for low-info "the same" lines
by = collections.defaultdict(list)
for r in bad:
    by[(r["set"], r["case"], r["verdict"])].append(r)
for r in bad:
    t = (r["md"] + r["why"]).lower()
    if (
        (re.search(
            r"\b(the same|as on|as (anvil|delta|polaris|perlmutter|aurora|vista|lonestar6|stampede3|bridges2|deltaai))\b",
            t,
        )
        and len(t) < 260)
        or r["cls"] == "other"
    ):
        sib = [
            s
            for s in by[(r["set"], r["case"], r["verdict"])]
            if s is not r
            and s["cls"] != "other"
            and len(s["md"] + s["why"]) > len(r["md"] + r["why"])
        ]
        if sib:
            r["cls"] = sib[0]["cls"]
# hand re-reading of every (set, case) group: hand_classes.json = [set, case, target or null, class]
import pathlib as _pl

for s, case, tg, cl in json.load(open(_pl.Path(__file__).resolve().parent / "hand_classes.json")):
    for r in bad:
        if r["set"] == s and r["case"] == case and (tg is None or r["target"].startswith(tg)):
            r["cls"] = cl
json.dump(bad, open("/tmp/anap_bad.json", "w"))
c = collections.Counter(r["cls"] for r in bad)
for k, v in c.most_common():
    print(v, k, sum(1 for r in bad if r["cls"] == k and r["verdict"] == "wrong_silent"))
import csv as _csv

with open(
    __import__("pathlib").Path(__file__).resolve().parent / "ports.csv", "w", newline=""
) as f:
    w = _csv.writer(f)
    w.writerow(["set", "case", "target", "split", "verdict", "class"])
    for r in bad:
        w.writerow([r["set"], r["case"], r["target"], r["split"], r["verdict"], r["cls"]])
