"""The site launcher's own options on the source launch (``srun --mpi=pmi2 -K -l``, ``mpirun
-bind-to none -map-by slot -mca pml ob1``, ``mpiexec --cpu-bind none``).

The target's launch sets the job's size, placement and rank count itself, and the variables a
launcher exports are carried as exports elsewhere (``scriptparse.launch``). Every other option
is either carried onto the target's launch of the same launcher, in its spelling (``srun
--mpi=pmi2`` on a Slurm target), or named in a note with what it did, never dropped silently.
"""

from __future__ import annotations

import re

from maple_flow.knowledge.other_sites import site_option_meaning
from maple_flow.models import ClusterProfile
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import LAUNCH_CMDS, Stage
from maple_flow.shellquote import shell_word

#: Options that set the job's size, place or name: the target's launch sets its own.
_SIZE = frozenset({
    "-n", "--ntasks", "-N", "--nodes", "--ntasks-per-node", "--gres", "--gpus", "-G",
    "--gpus-per-node", "--gpus-per-task", "-c", "--cpus-per-task", "--cpus-per-gpu", "-p",
    "--partition", "-t", "--time", "--mem", "--mem-per-cpu", "--mem-per-gpu", "-A",
    "--account", "-J", "--job-name", "-w", "--nodelist",
    "-q", "--qos", "-C", "--constraint", "--exclusive", "--overlap", "--exact", "--jobid",
    "-np", "--np", "-ppn", "--ppn", "-npernode", "--npernode", "-H", "--host", "-hosts",
    "--hosts", "-hostfile", "--hostfile", "-f", "-machinefile", "--machinefile", "-d",
    "--depth", "-r", "-a", "-g", "--nrs", "--rs_per_host", "--tasks_per_rs", "--gpu_per_rs",
    "--cpu_per_rs", "--offset",
})
#: Options that pass the ranks variables (carried as exports) or a container (see container).
_HANDLED = frozenset({"-x", "-genv", "-env", "--env", "--genv", "-E", "--export", "--envall",
                      "-genvall", "--genvall", "-envall"})
#: What an option did, for the note (the first whose name is in the set).
_MEANING: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"--cpu-bind", "--cpu_bind", "--gpu-bind", "--hint", "-bind-to", "--bind-to",
                "-map-by", "--map-by", "--mem-bind", "-b", "--bind", "--report-bindings",
                "--ntasks-per-socket", "--ntasks-per-core", "--sockets-per-node",
                "--distribution", "-m", "-cc", "-rank-by", "--rank-by", "-launch_distribution"}),
     "CPU/GPU placement and binding of the ranks: the target's launch places and binds them "
     "its own documented way"),
    (frozenset({"--mpi"}), "the MPI/PMI wire-up of the ranks"),
    (frozenset({"-K", "--kill-on-bad-exit"}), "ends the whole job when one rank fails"),
    (frozenset({"-o", "--output", "-e", "--error"}),
     "the files each task's output is written to (srun's patterns: %t the task, %j the job)"),
    (frozenset({"-l", "--label", "-u", "--unbuffered", "--tag-output", "-tag-output",
                "--line-buffer", "-prepend-rank", "--prepend-rank", "-outfile-pattern",
                "--output-filename"}), "how the ranks' output is written"),
    (frozenset({"-mca", "--mca", "-gmca", "--gmca"}),
     "Open MPI transport/tuning parameters chosen for the source's network"),
    (frozenset({"--smpiargs"}), "Spectrum MPI's options (IBM, Summit-class sites)"),
    (frozenset({"--oversubscribe", "-oversubscribe", "--allow-run-as-root",
                "-allow-run-as-root"}), "Open MPI's permissions for the source's hosts"),
    (frozenset({"--min-np", "--min-num-proc", "--max-np", "--max-num-proc",
                "--host-discovery-script", "--slots-per-host", "--slots", "--elastic-timeout",
                "--reset-limit", "--blacklist-cooldown-range"}),
     "elastic Horovod: workers join and leave while the job runs, on the hosts a discovery "
     "script names; the target's launch starts a fixed number of ranks, so the program runs "
     "non-elastic there"),
    (frozenset({"--gloo", "--mpi", "--network-interface", "--start-timeout",
                "--gloo-timeout-seconds", "-p", "--ssh-port", "-i", "--ssh-identity-file",
                "--mpi-args", "--tcp", "--disable-cache"}),
     "how horovodrun reached the source's hosts and wired up its controller (Gloo or MPI, "
     "network interface, ssh, timeouts): the target's launcher does this its own way"),
)
#: srun options another Slurm site takes as written (sbatch/srun manual pages).
_SRUN_CARRIED = frozenset({"--mpi", "-K", "--kill-on-bad-exit", "-l", "--label", "-u",
                           "--unbuffered", "-o", "--output", "-e", "--error"})
#: The srun step's own output and error files (``srun --output=logs/%x-%j.out``): the user's
#: files, not the site's. Not a job-size option of the MPI launchers (mpirun's -o is not this).
_STEP_FILES = {"-o": "output", "--output": "output", "-e": "error", "--error": "error"}


def _site_stage(p: ParsedScript) -> Stage | None:
    """The source's parallel launcher: the site's (srun, mpiexec...), else horovodrun."""
    stages = p.launch.stages
    return next((s for s in stages if s.name in LAUNCH_CMDS),
                next((s for s in stages if s.name == "horovodrun"), None))


def _meaning(name: str, launcher: str) -> str:
    return next((why for names, why in _MEANING if name in names),
                site_option_meaning(name) or f"a setting of the source's {launcher}")


def _word(name: str, value: str | None) -> str:
    if value is None:
        return name
    joined = "=" if name.startswith("--") else " "
    return f"{name}{joined}{shell_word(value)}"


def _files_as_redirect(script: str, files: list[tuple[str, str | None]],
                       profile: ClusterProfile) -> tuple[str, str]:
    """``script`` whose launch sends its output and error where the source's ``srun
    --output=F --error=G`` did, as a shell redirect of the target's launch (``> F 2> G``),
    srun's ``%j``/``%x`` as the target's job id and name; and the note saying so. Unchanged
    (no note) where a file name uses a per-task pattern (``%t``, ``%N``...) that one redirect
    of the whole launch cannot write, or the launch's end is not found."""
    from maple_flow.port.rules import translate_scheduler_vars
    from maple_flow.scriptparse.script import launch_command_line

    named = {_STEP_FILES[k]: v for k, v in files if v}
    if not named or any(re.search(r"%(?![jx%])", v) for v in named.values()):
        return script, ""
    job_id = translate_scheduler_vars("${SLURM_JOB_ID}", profile.scheduler)[0]
    job_name = translate_scheduler_vars("${SLURM_JOB_NAME}", profile.scheduler)[0]

    def path(pattern: str) -> str:
        text = pattern.replace("%%", "\0").replace("%j", job_id).replace("%x", job_name)
        return '"' + text.replace("\0", "%") + '"'

    out, err = named.get("output"), named.get("error")
    redirect = (f"> {path(out)} 2>&1" if out and (err is None or err == out) else
                " ".join(r for r in (f"> {path(out)}" if out else "",
                                     f"2> {path(err)}" if err else "") if r))
    at = launch_command_line(script)
    if at is None:
        return script, ""
    lines = script.split("\n")
    end = at - 1
    while end < len(lines) - 1 and lines[end].rstrip().endswith("\\"):
        end += 1
    last = lines[end].rstrip()
    if re.search(r"(?:[|&;]|>)\s*$|\|\s|\s&\s*$|[<>]", last.split("#", 1)[0]):
        return script, ""
    lines[end] = f"{last} {redirect}"
    shown = ", ".join(f"`{_word(k, v)}`" for k, v in files)
    return "\n".join(lines), (
        f"your srun step's own files ({shown}: where the program's output and error went) "
        f"kept as a redirect of {profile.name}'s launch: `{redirect}` (srun's %j and %x as "
        f"{profile.name}'s job id and name); create the directory before the job if it is not "
        "there")


def site_options(p: ParsedScript) -> list[tuple[str, str | None]]:
    """The source site launcher's options that are not size, placement of the job, the
    ranks' variables or a container's: the ones a port must carry or name."""
    stage = _site_stage(p)
    if stage is None:
        return []
    return [(k, v) for k, v in stage.options
            if k not in _SIZE and k not in _HANDLED and not k.startswith("--container-")
            and not k.startswith("$")]


def carry_site_options(script: str, p: ParsedScript,
                       profile: ClusterProfile) -> tuple[str, list[str]]:
    """``script`` with the source launcher's options the target's same launcher takes put
    on its launch; a note naming every other option, with what it did and why it is not
    carried."""
    from maple_flow.port.container import plan_container

    stage, options = _site_stage(p), site_options(p)
    pyxis = (_pyxis_note(p, profile)
             if stage is not None and plan_container(p, profile) is None else "")
    hosts = _hosts_note(stage, profile) if stage is not None else ""
    if stage is None or not options:
        return script, [n for n in (pyxis, hosts) if n]
    target = profile.launch.launcher
    written = stage.via if stage.via in LAUNCH_CMDS else stage.name
    same = written == target
    carry = same and target == "srun"
    carried = [(k, v) for k, v in options if carry and k in _SRUN_CARRIED]
    script, put = _put_on_launch(script, target, [_word(k, v) for k, v in carried])
    files: list[tuple[str, str | None]] = []
    if written == "srun" and not carry:
        files = [(k, v) for k, v in options if k in _STEP_FILES and v]
    script, redirected = _files_as_redirect(script, files, profile)
    notes = []
    if put:
        check = (" (check that `srun --mpi=list` there names that plugin)"
                 if any(k == "--mpi" for k, _ in carried) else "")
        notes.append(f"your {written} options kept on {profile.name}'s {target} launch: "
                     f"`{' '.join(put)}`{check}")
    else:
        carried = []
    if redirected:
        notes.append(redirected)
        carried += files
    left = [(k, v) for k, v in options if (k, v) not in carried]
    if left:
        notes.append(_not_carried_note(written, left, profile.name, target, same))
        notes += _per_rank_output_hint(written, left, profile) if not same else []
    return script, notes + [n for n in (pyxis, hosts) if n]


#: srun's per-task output: each line labelled with its task's rank, or a file per task (%t).
_LABEL = frozenset({"-l", "--label"})
_TASK_PATTERN = re.compile(r"%t")


def _per_rank_output_hint(launcher: str, left: list[tuple[str, str | None]],
                          profile: ClusterProfile) -> list[str]:
    """What srun's per-task output options did and how to get it from the target's launch:
    ``-l``/``--label`` (each line led by its task's rank) and a ``%t`` file name (one file per
    task) name the rank, which the target's launcher gives each rank in its own variable."""
    rank = profile.launch.rank_var
    hints = []
    if any(k in _LABEL for k, _ in left):
        hints.append(f"`{launcher} --label` led each output line with the rank of the task that "
                     f"wrote it (`3: ...`); {profile.name}'s {profile.launch.launcher} is not told "
                     "to, so the ranks' lines come unlabelled: to keep the labels, pipe the "
                     f"program's output in each rank through `2>&1 | sed \"s/^/${rank}: /\"` "
                     f"(${rank} is the rank {profile.launch.launcher} gives each process there)")
    files = [v for k, v in left if k in _STEP_FILES and v and _TASK_PATTERN.search(v)]
    if files:
        hints.append(f"`{files[0]}` names one file per task by its rank (%t); "
                     f"{profile.name}'s {profile.launch.launcher} writes every rank to the job's "
                     "output: to keep one file per rank, redirect in each rank to a name built "
                     f"from ${rank} (the rank {profile.launch.launcher} gives each process there)")
    return hints


#: Options by which an MPI launcher or horovodrun is told its hosts (``mpirun -H a:4,b:4``,
#: ``--hostfile hosts``, ``-machinefile $SGE_JOB_HOSTLIST``).
_HOST_OPTIONS = frozenset({"-H", "--host", "-host", "-hosts", "--hosts", "-hostfile",
                           "--hostfile", "-f", "-machinefile", "--machinefile"})
#: A scheduler's own file of the job's nodes: a host option naming it says "the job's nodes".
_JOB_NODE_FILE = ("PBS_NODEFILE", "COBALT_NODEFILE")


def _hosts_note(stage: Stage, profile: ClusterProfile) -> str:
    """The hosts the source's MPI launcher was told, when they are not simply the job's own
    node file (``-H 192.168.1.29:1``, ``--hostfile host_list`` the script wrote): named, with
    what replaces them."""
    given = [(k, v) for k, v in stage.options if k in _HOST_OPTIONS and v]
    if not given or all(any(f in v for f in _JOB_NODE_FILE) for _, v in given):
        return ""
    shown = ", ".join(f"`{k} {v}`" for k, v in given)
    return (f"the source's {stage.via or stage.name} was told its hosts ({shown}): not carried; "
            f"{profile.name}'s {profile.launch.launcher} starts the ranks on the nodes the "
            "scheduler gives the job, so a host list or file the script builds for it is not "
            "read there")


def _pyxis_note(p: ParsedScript, profile: ClusterProfile) -> str:
    """The note on the source's pyxis container not carried: breaking (the port is refused
    with it) unless the target's own stack stands in for a stock framework image."""
    from maple_flow.port.container import pyxis_launch
    from maple_flow.port.severity import (
        Breaking,
        container_reason,
        container_todo,
        stands_in,
    )
    from maple_flow.scriptparse.values import expand, simple_values

    note, pyxis = _pyxis_text(p, profile), pyxis_launch(p)
    if not note or pyxis is None:
        return note
    image = expand(pyxis.image, simple_values(p.variables)) if "$" in pyxis.image else pyxis.image
    if stands_in(image, profile):
        return note
    shown = (f"`--container-image={pyxis.image}`" if pyxis.image else
             f"`--container-name={pyxis.name}`, its image not shown")
    return Breaking(note, container_todo(profile), container_reason(
        f"your srun ran the program in a pyxis/enroot container ({shown})", image,
        f"it has no pyxis; {_pyxis_kind(pyxis.image, profile)}" if pyxis.image else
        "it has no pyxis", profile))


def _pyxis_kind(image: str, profile: ClusterProfile) -> str:
    """What the pyxis image is to ``profile``'s runtime."""
    runtime, name = profile.container, profile.name
    if image.endswith((".sqsh", ".sqfs")) or image.startswith(("/", ".")):
        return ("the image is an enroot squashfs file, not an image Apptainer runs as is: rebuild "
                "it (e.g. `apptainer build x.sif docker://...` from the image it was made from)")
    if runtime is not None and runtime.gpu_flag not in ("--nv", "--module=gpu", "--gpu"):
        return f"the image is a CUDA (NVIDIA) image: it does not run on {name}'s GPUs"
    run = runtime.command if runtime is not None else "a container runtime"
    return (f"the image is a registry image: {name}'s {run} may run it if the script names it "
            "so")


def _pyxis_text(p: ParsedScript, profile: ClusterProfile) -> str:
    """The source's pyxis/enroot container (``srun --container-image=X``) where it is not
    carried: said with its image, mounts and working directory (the program's relative paths
    were there)."""
    from maple_flow.port.container import pyxis_launch

    pyxis, name = pyxis_launch(p), profile.name
    if pyxis is None:
        return ""
    image, mounts, workdir = pyxis.image, ",".join(pyxis.mounts), pyxis.workdir
    runtime = profile.container
    if not image:
        return (f"your srun ran the program in the pyxis/enroot container named "
                f"`{pyxis.name}`, whose image the script does not show (made before the job "
                f"or by a step not read): not carried, the program runs on {name}'s own "
                "stack; run it in that image with the target's runtime if it needs it"
                + (f"; its mounts (`{mounts}`) are gone" if mounts else ""))
    if image.endswith((".sqsh", ".sqfs")) or image.startswith(("/", ".")) or (
            runtime is not None and runtime.gpu_flag not in ("--nv", "--module=gpu", "--gpu")):
        kind = _pyxis_kind(image, profile).removeprefix("the image is ")
    else:
        bare = image.replace("#", "/", 1)
        run = (f"`shifter --image={bare} --module=gpu`" if runtime and runtime.command ==
               "shifter" else f"`apptainer exec --nv docker://{bare}`")
        kind = (f"a registry image: run it with {run} in front of the program if {name}'s "
                "stack lacks what it provided")
    return (f"your srun ran the program in a pyxis/enroot container (`--container-image="
            f"{image}`), which {name} does not have: not carried, the program runs on {name}'s "
            f"own stack; the image is {kind}"
            + (f"; its mounts (`{mounts}`) are gone: the program sees the host's paths"
               if mounts else "")
            + (f"; it ran in `{workdir}` (the container's working directory): relative paths "
               "of the program and its arguments were there" if workdir else "")
            + _program_inside(p.launch.entrypoint, pyxis.mounts, name))


def _program_inside(program: str, mounts: tuple[str, ...], name: str) -> str:
    """Where an absolute program path of the container is on the host: under a mount's
    destination (``/ckpt/x.py`` with ``/scratch/u/ckpt:/ckpt``), else in the image."""
    if not program.startswith("/"):
        return ""
    for mount in mounts:
        host, _, rest = mount.partition(":")
        inside = rest.split(":")[0].rstrip("/")
        if inside and program.startswith(inside + "/"):
            return (f"; the program `{program}` is a path inside the container: on the host it "
                    f"is `{host.rstrip('/')}{program[len(inside):]}` (mount `{mount}`)")
    return (f"; the program `{program}` is a path inside the container (its image or a mount "
            f"the script does not show): make it exist on {name} or change it")


def _not_carried_note(launcher: str, options: list[tuple[str, str | None]], name: str,
                      target: str, same: bool) -> str:
    """One note naming every option not carried, grouped by what they did."""
    groups: dict[str, list[str]] = {}
    for key, value in options:
        groups.setdefault(_meaning(key, launcher), []).append(f"`{_word(key, value)}`")
    said = "; ".join(f"{', '.join(words)} ({why})" for why, words in groups.items())
    where = (f"{name}'s {target}" if same else f"{name}'s {target}, another launcher: give it "
             "their counterparts if the job needs them")
    return f"the source's {launcher} options not carried to {where}: {said}"


def _put_on_launch(script: str, launcher: str, words: list[str]) -> tuple[str, list[str]]:
    """``words`` put right after the launcher word of the target's launch line; the words put
    (none when the launch line is not found)."""
    from maple_flow.scriptparse.script import launch_command_line

    if not words:  # nothing to put: the launch line is not looked for
        return script, []
    at = launch_command_line(script)
    if at is None:
        return script, []
    lines = script.split("\n")
    body = lines[at - 1]
    head = body.lstrip()
    if not head.startswith(launcher + " "):
        return script, []
    indent = body[:len(body) - len(head)]
    lines[at - 1] = f"{indent}{launcher} {' '.join(words)} {head[len(launcher) + 1:]}"
    return "\n".join(lines), words
