"""The option grammars of the launchers and prefix tools a job's command line goes through
(``srun``, ``mpiexec``, ``torchrun``, ``time``, ``numactl``, ``xvfb-run``, ``conda run``...):
which of their options take the next word as a value, which never do, and so which word of a
command line is the PROGRAM it starts. One place for every reader of a launch line (the launch
reader, the reasons of a refusal and their checks), so that a launcher's option value is never
taken for the program, and a program word is never taken for an option's value.

Sources: srun(1) and sbatch(1) (Slurm 23.11), Open MPI mpirun(1), MPICH Hydra ``mpiexec
-help``, HPE PALS ``mpiexec --help``, TACC ibrun, IBM jsrun(1), Cray aprun(1), ``torchrun
--help``, ``deepspeed --help``, ``accelerate launch --help``, GNU time(1), nohup(1), stdbuf(1),
nice(1), numactl(8), taskset(1), timeout(1), env(1), chrt(1), ionice(1), xvfb-run(1),
``conda run --help``, ``uv run --help``."""

from __future__ import annotations

import os
import re

from maple_flow.scriptparse.values import ENV_RUNNERS as _ENV_RUNNERS

#: srun's options that take the next word as their value (``-n 4``, ``--mpi pmix``).
SRUN_VALUED = frozenset({
    "-A", "--account", "-b", "--begin", "-c", "--cpus-per-task", "-C", "--constraint",
    "-d", "--dependency", "-D", "--chdir", "-e", "--error", "-G", "--gpus", "-i", "--input",
    "-J", "--job-name", "-L", "--licenses", "-m", "--distribution", "-M", "--clusters",
    "-n", "--ntasks", "-N", "--nodes", "-o", "--output", "-p", "--partition", "-q", "--qos",
    "-r", "--relative", "-S", "--core-spec", "-t", "--time", "-T", "--threads", "-w",
    "--nodelist", "-x", "--exclude", "-W", "--wait", "-B", "--extra-node-info",
    "--gres", "--gpus-per-task", "--gpus-per-node", "--gpus-per-socket", "--gpu-bind",
    "--cpu-bind", "--mem-bind", "--accel-bind", "--mem", "--mem-per-cpu", "--mem-per-gpu",
    "--cpus-per-gpu", "--ntasks-per-node", "--ntasks-per-gpu", "--ntasks-per-core",
    "--ntasks-per-socket", "--sockets-per-node", "--cores-per-socket", "--threads-per-core",
    "--hint", "--mpi", "--export", "--comment", "--reservation", "--signal", "--jobid",
    "--het-group", "--network", "--prolog", "--epilog", "--task-prolog", "--task-epilog",
    "--switches", "--wckey", "--profile", "--open-mode", "--tres-per-task", "--time-min",
    "--tmp", "--uid", "--gid", "--mcs-label", "--deadline", "--delay-boot", "--gres-flags",
    "--container", "--container-id", "--environment", "--container-image",
    "--container-mounts", "--container-workdir", "--container-name", "--container-env",
    "--container-save", "--uenv", "--view", "--cpu-freq", "--nice", "--priority",
    "--kill-command", "--slurmd-debug", "--resv-ports", "--bcast", "--compress",
})
#: srun's options that never take the next word (an optional value is given with ``=``).
SRUN_FLAGS = frozenset({
    "-E", "--preserve-env", "-H", "--hold", "-I", "--immediate", "-k", "--no-kill", "-K",
    "--kill-on-bad-exit", "-l", "--label", "-O", "--overcommit", "-Q", "--quiet", "-s",
    "--oversubscribe", "-u", "--unbuffered", "-v", "--verbose", "-X", "--disable-status",
    "-Z", "--no-allocate", "--exclusive", "--overlap", "--exact", "--whole", "--pty",
    "--multi-prog", "--spread-job", "--use-min-nodes", "--contiguous", "--test-only",
    "--quit-on-interrupt", "--send-libs", "--x11", "--container-remap-root",
    "--no-container-remap-root", "--container-mount-home", "--no-container-mount-home",
    "--container-writable", "--container-readonly", "--no-container-entrypoint",
    "--container-entrypoint", "--no-container-install-pyxis", "-h", "--help",
})
#: The MPI launchers' options that take the next word as their value, as the launch reader
#: (scriptparse/launch.py) reads them: Open MPI's mpirun(1) (``--map-by``, ``--rank-by``,
#: ``--bind-to``, ``-x``, ``--hostfile``, ``-wdir``...), MPICH Hydra's ``mpiexec -help``
#: (``-ppn``, ``-f``, ``-hosts``, ``-launcher``, ``-iface``...) and HPE PALS ``mpiexec --help``
#: (``--ppn``, ``--depth``, ``--cpu-bind``, ``--mem-bind``, ``--env``, ``--pmi``).
MPI_VALUED_COMMON = frozenset({
    "-n", "-np", "--np", "-c", "-N", "-npernode", "--npernode", "-npersocket", "--npersocket",
    "-map-by", "--map-by", "-rank-by", "--rank-by", "-bind-to", "--bind-to", "-x",
    "-H", "-host", "--host", "-hosts", "--hosts", "-hostfile", "--hostfile", "-machinefile",
    "--machinefile", "-f", "-wdir", "--wdir", "-wd", "--prefix", "-app", "--app",
    "-cpus-per-proc", "--cpus-per-proc", "-cpus-per-rank", "--cpus-per-rank", "-ppn", "--ppn",
    "-d", "--depth", "--cpu-bind", "-cpu-bind", "--mem-bind", "--env", "--envlist",
    "-envlist", "-genvlist", "--pmi", "-launcher", "--launcher", "-rmk", "-iface", "--iface",
    "-outfile-pattern", "-errfile-pattern", "--output-filename", "-output-filename",
    "-tune", "--tune", "--personality", "-bootstrap", "-rf", "--rankfile", "-rankfile",
})
#: ... and, for the grammar's own readers (program position, refusal checks), also PALS's
#: ``--gpu-bind``, ``--cpu-list`` and the ranks-per-node spellings.
MPI_VALUED_OPTIONS = MPI_VALUED_COMMON | {
    "--gpu-bind", "--cpu-list", "-cpu-list", "-ranks-per-node", "--ranks-per-node"}
#: The MPI launchers' options that never take a value (``--no-vni``, ``-l``, ``--line-buffer``).
MPI_FLAGS = frozenset({
    "--no-vni", "-l", "--label", "--line-buffer", "-v", "--verbose", "-envall", "--envall",
    "-genvall", "--genvall", "-envnone", "--envnone", "-genvnone", "--oversubscribe",
    "--allow-run-as-root", "--report-bindings", "-report-bindings", "--tag-output",
    "-tag-output", "--timestamp-output", "-q", "--quiet", "-prepend-rank", "-print-rank-map",
    "--noprefix", "--use-hwthread-cpus", "-nolocal", "-noprefix", "--exclusive",
    "--transfer", "--abort-on-failure", "--no-transfer",
})
#: MPI options with two values (``-mca btl tcp,self``, ``-genv OMP_NUM_THREADS 4``).
TWO_VALUES = frozenset({"-mca", "--mca", "-gmca", "-genv", "-env"})
#: Options of the per-node launchers that take the next word as their value.
PER_NODE_VALUED = {
    "deepspeed": frozenset({
        "-H", "--hostfile", "-i", "--include", "-e", "--exclude", "--num_nodes", "--num-nodes",
        "--num_gpus", "--num-gpus", "--min_elastic_nodes", "--max_elastic_nodes",
        "--master_port", "--master-port", "--master_addr", "--master-addr", "--node_rank",
        "--node-rank", "--launcher", "--launcher_args", "--launcher-args", "--ssh_port",
        "--bind_core_list", "--venv_script", "--comment", "--user_port"}),
    "torchrun": frozenset({
        "--nproc_per_node", "--nproc-per-node", "--nnodes", "--node_rank", "--node-rank",
        "--master_addr", "--master-addr", "--master_port", "--master-port", "--rdzv_backend",
        "--rdzv-backend", "--rdzv_endpoint", "--rdzv-endpoint", "--rdzv_id", "--rdzv-id",
        "--rdzv_conf", "--rdzv-conf", "--max_restarts", "--max-restarts", "--monitor_interval",
        "--monitor-interval", "--start_method", "--start-method", "--role", "--log_dir",
        "--log-dir", "-r", "--redirects", "-t", "--tee", "--local_ranks_filter",
        "--local-ranks-filter", "--logs_specs", "--logs-specs", "--local_addr", "--local-addr"}),
    "accelerate": frozenset({
        "--config_file", "--config-file", "--num_processes", "--num_machines",
        "--machine_rank", "--main_process_ip", "--main_process_port", "--mixed_precision",
        "--gpu_ids", "--deepspeed_config_file", "--deepspeed_hostfile",
        "--deepspeed_multinode_launcher", "--deepspeed_exclusion_filter",
        "--deepspeed_inclusion_filter", "--rdzv_backend", "--dynamo_backend", "--zero_stage",
        "--same_network", "--max_restarts", "--monitor_interval",
        "--num_cpu_threads_per_process"}),
}
#: Their options that never take a value.
PER_NODE_FLAGS = frozenset({
    "--standalone", "--multi_gpu", "--use_fsdp", "--use_deepspeed", "--no_python",
    "--no-python", "--no_ssh", "--no_local_rank", "--no-local-rank", "--use_env",
    "--use-env", "-m", "--module", "--force_multi", "--autotuning", "--elastic_training",
    "--cpu", "--tpu", "--debug", "-q", "--quiet",
})
#: ``horovodrun`` options that take a value.
HOROVOD_VALUED = frozenset({
    "-np", "--num-proc", "-p", "--ssh-port", "-i", "--ssh-identity-file", "-H", "--hosts",
    "-hostfile", "--hostfile", "--host-discovery-script", "--min-np", "--min-num-proc",
    "--max-np", "--max-num-proc", "--slots-per-host", "--slots", "--elastic-timeout",
    "--reset-limit", "--network-interface", "--start-timeout", "--gloo-timeout-seconds",
    "--output-filename", "--config-file", "--mpi-args", "--log-level",
})
#: TACC's ibrun, IBM's jsrun and Cray's aprun.
IBRUN_VALUED = frozenset({"-n", "-o"})
JSRUN_VALUED = frozenset({
    "-n", "--nrs", "-r", "--rs_per_host", "-a", "--tasks_per_rs", "-c", "--cpu_per_rs", "-g",
    "--gpu_per_rs", "-b", "--bind", "-d", "--launch_distribution", "-l", "--latency_priority",
    "-E", "--env", "-D", "--env_no_propagate", "-X", "--exit_on_error", "-p", "--np",
    "--smpiargs", "-e", "--stdio_mode", "-o", "--stdio_stdout", "-k", "--stdio_stderr",
    "-M", "--erf_input", "-U", "-h", "--chdir", "-t", "--tasks_per_rs_max",
})
APRUN_VALUED = frozenset({
    "-n", "-N", "-d", "-cc", "-j", "-S", "-e", "-L", "-m", "-p", "-r", "-t", "-sl", "-sn",
    "-ss", "-E", "-C", "-D",
})

#: Each launcher's options that take a value, and those that never do.
_LAUNCHER_GRAMMAR: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "srun": (SRUN_VALUED, SRUN_FLAGS),
    **{name: (MPI_VALUED_OPTIONS, MPI_FLAGS)
       for name in ("mpirun", "mpiexec", "mpiexec.hydra", "orterun", "prterun")},
    "ibrun": (IBRUN_VALUED, frozenset()),
    "jsrun": (JSRUN_VALUED, frozenset()),
    "aprun": (APRUN_VALUED, frozenset({"-b", "-q"})),
    "horovodrun": (HOROVOD_VALUED, frozenset({"--verbose", "--gloo", "--mpi", "--disable-cache"})),
    **{name: (PER_NODE_VALUED[name], PER_NODE_FLAGS) for name in PER_NODE_VALUED},
}
#: Launchers: their program is the first word past their options (``accelerate`` after its
#: ``launch`` verb).
LAUNCHERS = frozenset(_LAUNCHER_GRAMMAR)

#: ``timeout``'s options that take a value (``timeout -k 60 -s INT 10h cmd``).
TIMEOUT_VALUED = frozenset({"-s", "--signal", "-k", "--kill-after"})
#: Prefix tools: they start the command after them once, as itself; each with its options that
#: take a value and how many operands come before the command (``timeout 10h cmd``,
#: ``taskset 0x3 cmd``, ``chrt 50 cmd``).
_PREFIX_GRAMMAR: dict[str, tuple[frozenset[str], int]] = {
    "time": (frozenset({"-f", "--format", "-o", "--output"}), 0),
    "nohup": (frozenset(), 0),
    "exec": (frozenset({"-a"}), 0),
    "command": (frozenset(), 0),
    "builtin": (frozenset(), 0),
    "stdbuf": (frozenset({"-i", "-o", "-e", "--input", "--output", "--error"}), 0),
    "nice": (frozenset({"-n", "--adjustment"}), 0),
    "numactl": (frozenset({"-C", "--physcpubind", "-N", "--cpunodebind", "-m", "--membind",
                           "-i", "--interleave", "-p", "--preferred", "-P", "--preferred-many",
                           "-w", "--weighted-interleave"}), 0),
    "taskset": (frozenset(), 1),  # `taskset -c 0-7 cmd` / `taskset 0xff cmd`: the mask or list
    "timeout": (TIMEOUT_VALUED, 1),
    "chrt": (frozenset(), 1),
    "ionice": (frozenset({"-c", "--class", "-n", "--classdata", "-p", "--pid"}), 0),
    "xvfb-run": (frozenset({"-n", "--server-num", "-s", "--server-args", "-f", "--auth-file",
                            "-e", "--error-file", "-p", "--xauth-protocol", "-w", "--wait",
                            "-l", "--listen-tcp"}), 0),
    "env": (frozenset({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}), 0),
    "nsys": (frozenset({"-o", "--output", "-t", "--trace", "-s", "--sample", "-c",
                        "--capture-range", "-d", "--duration", "-y", "--delay", "-f",
                        "--force-overwrite", "-b", "--backtrace", "--stats", "-e", "--env-var",
                        "--cuda-memory-usage", "-w", "--show-output", "-x", "--stop-on-exit",
                        "--gpu-metrics-device", "--export", "--nic-metrics",
                        "--capture-range-end", "--cudabacktrace", "-p", "--nvtx-capture",
                        "--session-new"}), 0),
    "ncu": (frozenset({"-o", "--export", "--set", "--section", "-k", "--kernel-name", "-c",
                       "--launch-count", "-s", "--launch-skip", "--metrics", "--target-processes",
                       "--replay-mode"}), 0),
    "valgrind": (frozenset(), 0),
    "strace": (frozenset({"-o", "-e", "-p", "-s"}), 0),
    "catchsegv": (frozenset(), 0),
    "unbuffer": (frozenset(), 0),
}
#: Verbs after which a tool runs the command that follows (``nsys profile``, ``py-spy record
#: -o x --``, ``conda run -n env``, ``uv run``).
_VERB_TOOLS = {"nsys": frozenset({"profile"}), "ncu": frozenset()}
#: Environment runners: ``TOOL run [options] command`` (their ``run`` options with a value).
ENV_RUN_VALUED = frozenset({
    "--with", "--with-editable", "--with-requirements", "--python", "-p", "--project",
    "--directory", "--package", "--env-file", "--extra", "--group", "--only-group", "--no-group",
    "--index", "--index-url", "--extra-index-url", "--cache-dir", "--config-file",
    "--environment", "-e", "--manifest-path", "--pyproject", "-C",
    "-n", "--name", "--prefix", "--cwd",
})
#: Container runtimes: ``TOOL VERB [options] IMAGE command`` (their options with a value).
_SIF_VALUED = frozenset({
    "-B", "--bind", "--pwd", "-H", "--home", "--env", "--env-file", "-W", "--workdir",
    "--overlay", "-o", "--mount", "--security", "--network", "--apply-cgroups", "--app", "-S",
    "--scratch", "--network-args", "--hostname", "--dns",
})
#: ``podman-hpc``/``docker``/``podman run`` options that take a value (``-e A=1``, ``-v /d:/d``,
#: ``-w /work``), as the launch reader reads them ...
OCI_VALUED_COMMON = frozenset({
    "-v", "--volume", "-e", "--env", "-w", "--workdir", "--name", "--shm-size", "-u",
    "--user", "--entrypoint", "--network", "--net", "--group-add", "--ipc", "--userns",
})
#: ... and, for the grammar's own readers, their other options with a value.
_OCI_VALUED = OCI_VALUED_COMMON | {
    "--gpus", "--mount", "--env-file", "--ulimit", "--security-opt", "--cap-add", "--platform",
    "--device"}
CONTAINERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "singularity": (frozenset({"exec", "run"}), _SIF_VALUED),
    "apptainer": (frozenset({"exec", "run"}), _SIF_VALUED),
    "podman": (frozenset({"run", "exec"}), _OCI_VALUED),
    "docker": (frozenset({"run", "exec"}), _OCI_VALUED),
    "podman-hpc": (frozenset({"run", "exec"}), _OCI_VALUED),
    "enroot": (frozenset({"start", "exec"}),
               frozenset({"-m", "--mount", "-e", "--env", "-c", "--conf"})),
}
#: ``shifter --image=IMG cmd``: its options with a value.
_SHIFTER_VALUED = frozenset({"--image", "-i", "--volume", "-V", "--module", "-m", "--workdir",
                             "-w", "--env", "-e", "--env-file"})
#: A one-letter count option with its value attached (``-n4``, ``-N$NODES``).
_STUCK = re.compile(r"^-[A-Za-z]\d+$|^-[nNcG]\$\{?\w+\}?$")
_NUMBER_OR_VAR = re.compile(r"\d+|\$\{?\w+\}?|\"\$\{?\w+\}?\"|\$\(\(.*\)\)")
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")


def base(word: str) -> str:
    """The command name of ``word`` (``/opt/bin/srun`` -> ``srun``), quotes taken away."""
    return os.path.basename(word.strip("'\""))


def takes_value(command: str, option: str) -> bool | None:
    """Whether ``option`` of ``command`` (a launcher) takes the next word as its value:
    True, False, or None where the grammar does not know the option."""
    grammar = _LAUNCHER_GRAMMAR.get(base(command))
    name = option.split("=", 1)[0]
    if grammar is None:
        return None
    if "=" in option or _STUCK.match(option):
        return False  # `--nodes=2`, `-n4`: the value is in the word
    valued, flags = grammar
    if name in TWO_VALUES:
        return True
    if name in valued:
        return True
    if name in flags:
        return False
    return None


def _looks_like_program(word: str) -> bool:
    """A word that starts a program rather than being an option's value (used only for an
    option the grammar does not know)."""
    b = base(word)
    return bool(re.fullmatch(r"i?python[\d.]*", b) or b in LAUNCHERS or b in _PREFIX_GRAMMAR
                or b in CONTAINERS or b in _ENV_RUNNERS or b.endswith((".py", ".sh"))
                or word.startswith(("./", "/", "~/")) or b in {"bash", "sh", "zsh"})


def option_width(command: str, words: list[str] | tuple[str, ...], k: int) -> int:
    """How many words the option ``words[k]`` of ``command`` spans (1, 2, or 3 for an option
    with two values): from the grammar where it knows the option, else 2 when the next word
    is a number or a variable or anything but a program word, else 1."""
    word = words[k]
    known = takes_value(command, word)
    nxt = words[k + 1] if k + 1 < len(words) else None
    if known is False or nxt is None:
        return 1
    if known:
        name = word.split("=", 1)[0]
        if name in TWO_VALUES:
            if name in ("-env", "-genv") and _ASSIGNMENT.match(nxt):
                return 2  # `-env NAME=VALUE` (Cray PALS)
            return 3 if k + 2 < len(words) else 2
        return 2
    if nxt.startswith("-") and not re.fullmatch(r"-\d+", nxt):
        return 1
    if _NUMBER_OR_VAR.fullmatch(nxt):
        return 2
    return 1 if _looks_like_program(nxt) else 2


def launcher_program(words: list[str] | tuple[str, ...], k: int = 0) -> int | None:
    """Index of the first word past the options of the launcher ``words[k]`` (its program,
    which may itself be a prefix tool or another launcher), or None when nothing follows."""
    command = base(words[k])
    i = k + 1
    if command == "accelerate" and i < len(words) and words[i] == "launch":
        i += 1
    while i < len(words):
        word = words[i]
        if word == "--":
            i += 1
            break
        if not word.startswith("-") or word == "-" or re.fullmatch(r"-\d+", word):
            break
        i += option_width(command, words, i)
    return i if i < len(words) else None


def _past_tool(words: list[str] | tuple[str, ...], i: int) -> int | None:
    """Index past the prefix tool, environment runner or container runtime at ``words[i]``
    and their own words, or None where ``words[i]`` is none of them."""
    name = base(words[i])
    j = i + 1
    if name in _ENV_RUNNERS:
        if words[j:j + 1] != ["run"] and tuple(words[j:j + 1]) != ("run",):
            return None
        j += 1
        while j < len(words) and words[j].startswith("-") and words[j] != "--":
            j += 2 if (words[j] in ENV_RUN_VALUED and "=" not in words[j]) else 1
        return j + 1 if j < len(words) and words[j] == "--" else j
    if name in CONTAINERS:
        verbs, valued = CONTAINERS[name]
        if j >= len(words) or words[j] not in verbs:
            return None
        j += 1
        while j < len(words) and words[j].startswith("-"):
            j += 2 if (words[j].split("=", 1)[0] in valued and "=" not in words[j]) else 1
        return j + 1  # past the image (the runscript runs where no command follows)
    if name == "shifter":
        while j < len(words) and words[j].startswith("-"):
            j += 2 if (words[j] in _SHIFTER_VALUED and "=" not in words[j]) else 1
        return j
    if name == "py-spy":
        if "--" not in words[j:]:
            return None
        return list(words).index("--", j) + 1
    if name not in _PREFIX_GRAMMAR:
        return None
    valued, operands = _PREFIX_GRAMMAR[name]
    if name in _VERB_TOOLS and j < len(words) and words[j] in _VERB_TOOLS[name]:
        j += 1
    while j < len(words) and words[j].startswith("-") and words[j] != "-":
        if words[j] == "--":
            j += 1
            break
        j += 2 if (words[j] in valued and "=" not in words[j]) else 1
    if name == "env":
        while j < len(words) and _ASSIGNMENT.match(words[j]):
            j += 1
    return j + operands


def program_position(words: list[str] | tuple[str, ...]) -> tuple[int | None, list[str]]:
    """Where the program of a command line is: the index of its word past every launcher,
    launcher option (and its value), prefix tool, environment runner, container runtime and
    ``NAME=value`` word in front of it, and the names of those in order; None when the line
    ends before any program."""
    chain: list[str] = []
    i = 0
    while i < len(words) and _ASSIGNMENT.match(words[i]):
        i += 1
    while i < len(words):
        name = base(words[i])
        if name in LAUNCHERS:
            nxt = launcher_program(words, i)
            chain.append(name)
            if nxt is None:
                return None, chain
            i = nxt
            continue
        past = _past_tool(words, i)
        if past is None:
            return i, chain
        chain.append(name)
        i = past
        while i < len(words) and _ASSIGNMENT.match(words[i]):
            i += 1
    return None, chain


def is_program_word(words: list[str] | tuple[str, ...], word: str) -> bool:
    """Whether ``word`` is the program of the command line ``words`` (or of a launcher or tool
    on it), not an option's value or an argument."""
    at, _ = program_position(words)
    if at is None:
        return False
    return words[at].strip("'\"") == word.strip("'\"")


def option_value_of(words: list[str] | tuple[str, ...], word: str) -> str | None:
    """The launcher option whose value ``word`` is on the command line ``words`` (``-n`` for
    ``$NNODES`` in ``mpiexec -n $NNODES ...``), or None."""
    i = 0
    while i < len(words) and _ASSIGNMENT.match(words[i]):
        i += 1
    while i < len(words) and base(words[i]) in LAUNCHERS:
        command = base(words[i])
        k = i + 1
        if command == "accelerate" and k < len(words) and words[k] == "launch":
            k += 1
        while k < len(words) and words[k].startswith("-") and words[k] != "--":
            width = option_width(command, words, k)
            if width > 1 and word.strip("'\"") in (w.strip("'\"") for w in words[k + 1:k + width]):
                return words[k]
            k += width
        i = k
    return None


__all__ = [
    "CONTAINERS", "LAUNCHERS", "TWO_VALUES", "base", "is_program_word", "launcher_program",
    "option_value_of", "option_width", "program_position", "takes_value",
]
