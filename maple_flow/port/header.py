"""Stage "plan edits" for the scheduler header, directive by directive: the job's size,
account, queue, walltime and hardware are the target's (chosen by the port); the user's own
directives (output files, mail, signal, requeue, dependency) are carried, renamed for the
target's scheduler where it has the same option; any other directive stays as a comment with a
note, never dropped without one."""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.knowledge.directives import (
    UNREAD_SCHEDULERS,
    Directive,
    pjm_walltime,
    slurm_file_pattern,
)
from maple_flow.knowledge.other_sites import OtherSite, other_site_of
from maple_flow.models import ClusterProfile
from maple_flow.port.container import carries_job_pyxis
from maple_flow.port.severity import (
    Breaking,
    container_reason,
    container_todo,
    stands_in,
)
from maple_flow.scriptparse.sge import BROKEN_SHEBANG, node_type_notes, unmapped_lines

#: Directives whose meaning the port re-chooses for the target (size, time, account, queue,
#: hardware, memory, binding) or carries another way (job name, array, chdir).
_CHOSEN = frozenset({
    "nodes", "ntasks", "ntasks-per-node", "gpus", "gpus-per-node", "gpus-per-task", "gres",
    "time", "account", "partition", "qos", "constraint", "job-name", "cpus-per-task", "array",
    "chdir", "mem", "mem-per-cpu", "mem-per-gpu", "exclusive", "cpus-per-gpu", "gpu-bind",
    "gpus-per-socket", "ntasks-per-gpu", "ntasks-per-socket", "ntasks-per-core", "distribution",
    "hint", "select", "walltime", "place", "filesystems", "queue", "ngpus", "ncpus", "mpiprocs",
    "system", "extra-node-info", "threads-per-core", "sockets-per-node", "cores-per-socket",
    "image", "module", "switches", "core-spec", "tasks-per-node", "mincpus", "use-min-nodes",
    "partition-list",
})
#: The same, for the accounting of every source directive (``port.accounted``).
RECHOSEN = _CHOSEN
#: Directives the port does not re-choose that change what the job runs with (its environment,
#: shell, node-local disk, frequencies, sharing): carried where the target's scheduler has the
#: same option, else kept as a comment with a note (issue 14: never dropped silently).
#: Directives that name the source site's own nodes or resources: not carried, said in a note.
_SITE = frozenset({"exclude", "nodelist", "reservation", "clusters", "licenses", "wckey"})
#: The user's own directives, by scheduler: option -> how the directive is written.
_USER = {
    "slurm": {"output": "--output={}", "error": "--error={}", "mail-user": "--mail-user={}",
              "mail-type": "--mail-type={}", "signal": "--signal={}", "requeue": "--requeue",
              "no-requeue": "--no-requeue", "open-mode": "--open-mode={}",
              "dependency": "--dependency={}", "comment": "--comment={}", "begin": "--begin={}",
              "export": "--export={}", "get-user-env": "--get-user-env={}",
              "gres-flags": "--gres-flags={}", "gpu-freq": "--gpu-freq={}",
              "cpu-freq": "--cpu-freq={}", "tmp": "--tmp={}", "overcommit": "--overcommit",
              "oversubscribe": "--oversubscribe", "spread-job": "--spread-job",
              "contiguous": "--contiguous"},
    "pbs": {"output": "-o {}", "error": "-e {}", "mail-users": "-M {}",
            "mail-options": "-m {}", "join": "-j {}", "rerunnable": "-r {}",
            "variables": "-v {}", "shell": "-S {}"},
}
#: The same user option under the other scheduler (values that mean the same there).
_RENAME = {("slurm", "pbs"): {"output": "output", "error": "error", "mail-user": "mail-users"},
           ("pbs", "slurm"): {"output": "output", "error": "error", "mail-users": "mail-user"}}
_PREFIX = {"slurm": "#SBATCH", "pbs": "#PBS"}


def header_edits(directives: list[Directive], profile: ClusterProfile,
                 script: str = "") -> tuple[list[str], list[str]]:
    """(lines to add to the target's header, notes) for the source's directives (``script``:
    the source's text, for what its body does about them)."""
    lines: list[str] = []
    notes: list[str] = []
    seen: set[int] = set()
    site = other_site_of(directives)
    workdir = _plain_workdir(directives)
    for d in directives:
        kept_dir = _workdir_edit(d, workdir, profile)
        if kept_dir is not None:
            lines.append(kept_dir[0])
            notes.append(kept_dir[1])
            continue
        if d.option in _CHOSEN:
            continue
        exported = (_export_edit(d, profile, script) or _rerun_edit(d, profile)
                    or _mail_edit(d, profile))
        if exported is not None:
            lines += exported[0]
            notes.append(exported[1])
            continue
        waits = _dependency_note(d, profile)
        if waits:
            lines.append(f"# source directive, not carried: {d.raw.strip()}")
            notes.append(waits)
            continue
        if d.option == "signal" and d.scheduler == "slurm" != profile.scheduler:
            lines.append(f"# source directive, not carried: {d.raw.strip()}")
            notes.append(_signal_note(d, profile))
            continue
        if site is not None and d.option in site.directives:
            lines.append(f"# source directive, not carried: {d.raw.strip()}")
            notes.append(_site_directive_note(d, site, profile))
            continue
        if d.option in _SITE:
            notes.append(f"the source's directive `{d.raw.strip()}` names the source site's "
                         f"nodes or resources: not carried to {profile.name}")
            continue
        source = d.scheduler
        target = profile.scheduler
        option = d.option if source == target else _RENAME.get((source, target), {}).get(
            d.option, "")
        form = _USER.get(target, {}).get(option)
        value = _carried_value(d, option, target)
        under = _under_workdir(d, option, value, workdir, target)
        plain = value  # as the source's path reads on the target, before a working directory
        value = under[0] if under else value
        quoted = any(q in d.raw for q in "'\"")
        if form and value is not None and source == target and quoted and sum(
                o.line == d.line for o in directives) == 1:
            lines.append(d.raw.strip())  # verbatim: the parsed value lost the user's quotes
        elif form and value is not None and not any(c.isspace() for c in value):
            lines.append(f"{_PREFIX[target]} {_written(form, value)}")
        else:
            form = None
        if form and value is not None:
            renamed = source != target or not d.raw.strip().startswith(_PREFIX[target])
            notes.append(f"your directive `{d.raw.strip()}` is kept"
                         + (f" as `{lines[-1]}`" if renamed else "")
                         + (_PATTERN_NOTE if plain != (d.value or "")
                            and not _names_folder(d.value or "") else "")
                         + (under[1] if under else "")
                         + _directory_note(d, option, value, target)
                         + _grid_engine_folder_note(d, option, value, target)
                         + _literal_variables_note(d, value, target)
                         + ("; its path is the source's: make sure it exists on the target"
                            if value.startswith("/") else ""))
        elif d.line not in seen:
            seen.add(d.line)
            lines.append(f"# source directive, not carried: {d.raw.strip()}")
            notes.append(_pyxis_directive_note(d, profile, directives, script)
                         or _submit_dir_note(d, profile.name)
                         or _not_carried_note(d, profile.name))
    return lines, list(dict.fromkeys(notes))


#: What each scheduler passes of the submission environment by default (Slurm: all of it;
#: PBS Pro's qsub: none without -V).
_EXPORT_OPTIONS = frozenset({"export", "V", "variables"})


def _export_wanted(d: Directive) -> tuple[bool, str] | None:
    """(the whole submission environment is passed, the variables named) a directive asks
    for: Slurm's ``--export=ALL|NONE|[ALL,]A=1,B``, PBS's ``-V`` and ``-v A=1,B``, Grid
    Engine's ``-V``; None for another directive."""
    if d.option not in _EXPORT_OPTIONS or (d.option == "export") != (d.scheduler == "slurm"):
        return None
    if d.option == "V":
        return True, ""
    if d.option == "variables":
        return False, (d.value or "").strip()
    items = [i for i in (d.value or "").strip().strip("'\"").split(",") if i]
    whole = bool(items) and items[0].upper() == "ALL"
    named = [i for i in items if i.upper() not in {"ALL", "NONE"}]
    return whole or not items, ",".join(named)


def _export_edit(d: Directive, profile: ClusterProfile,
                 script: str = "") -> tuple[list[str], str] | None:
    """A directive that says which of the submission environment the job gets, for the
    target's scheduler (issue 14: ``--export`` onto PBS was not translated): Slurm
    ``--export=ALL`` is PBS ``-V``, ``NONE`` PBS's default, named variables ``-v``; the other
    way PBS's ``-V``/``-v`` and Grid Engine's ``-V`` are Slurm's ``--export=ALL[,A=1]``.
    None where the generic carrying applies (a Slurm directive onto Slurm)."""
    wanted = _export_wanted(d)
    raw = d.raw.strip()
    if wanted is not None and d.scheduler == profile.scheduler == "slurm":
        return None if _STEPS_EXPORT_ALL.search(script) else _slurm_export_steps(raw, *wanted)
    if wanted is None:
        return None
    whole, named = wanted
    if named and any(c.isspace() or c in "'\"$`" for c in named):
        return ([f"# source directive, not carried: {raw}"],
                f"the source's directive `{raw}` passes variables whose values the port does "
                f"not rewrite for {profile.name}: kept as a comment, set them by hand")
    if profile.scheduler == "pbs":
        lines = (["#PBS -V"] if whole else []) + ([f"#PBS -v {named}"] if named else [])
        what = ("the whole submission environment" if whole else
                "none of the submission environment (PBS's qsub passes none without -V)")
        return (lines, f"your directive `{raw}` is " + (
            f"kept as `{'` and `'.join(lines)}`" if lines else "not needed") + f": the job gets "
            f"{what}" + (f", and {named}" if named else "") + f" on {profile.name}")
    value = ",".join(["ALL", *([named] if named else [])])
    line = f"#SBATCH --export={value}"
    why = ("the whole submission environment, as the source asked" if whole else
           "the submission environment too (sbatch passes all of it, where PBS passed only "
           f"{named}); write --export={named} to pass only those")
    return [line], f"your directive `{raw}` is kept as `{line}`: the job gets {why}"


#: The job itself gives its steps the whole environment (``unset SLURM_EXPORT_ENV``, a
#: set-up line the port keeps): --export=NONE then only cleans the batch shell, carried as
#: written. (``export SLURM_EXPORT_ENV=ALL`` is a launcher setting the port does not copy.)
_STEPS_EXPORT_ALL = re.compile(r"^\s*unset\s+SLURM_EXPORT_ENV\s*$", re.M)


def _slurm_export_steps(raw: str, whole: bool, named: str) -> tuple[list[str], str] | None:
    """Slurm's ``--export=NONE`` (``NIL``, or named variables without ``ALL``) onto a Slurm
    target: the sbatch manual (https://slurm.schedmd.com/sbatch.html#OPT_export) says the
    job's steps inherit it (SLURM_EXPORT_ENV), so the target's ``srun`` would start its
    launcher with no PATH from the modules and environment the port's script loads ("User
    must use absolute path to the binary"). Not carried as written: ``--export=ALL`` (with
    the named variables), with a note; None for ``--export=ALL[,...]`` (carried as is)."""
    if whole:
        return None
    line = f"#SBATCH --export=ALL,{named}" if named else ""
    return ([line] if line else [f"# source directive, not carried: {raw}"]), (
        f"your directive `{raw}` is " + (f"kept as `{line}`" if line else "not carried")
        + ": the sbatch manual (https://slurm.schedmd.com/sbatch.html#OPT_export) says the "
        "job's srun steps inherit it (SLURM_EXPORT_ENV), so the target's launch would start "
        "with no PATH from the modules and environment the script loads and fail ('User must "
        "use absolute path to the binary'); the job gets the submission environment, as "
        "sbatch's default. To keep a clean environment, put the directive back and add "
        "`export SLURM_EXPORT_ENV=ALL` after the directives, as the manual advises")


#: Whether the job may be run again (requeued) after a node failure or preemption, by
#: scheduler: Slurm's --requeue/--no-requeue, PBS's -r y/-r n.
_RERUN = {("slurm", "requeue"): True, ("slurm", "no-requeue"): False}


def _rerun_edit(d: Directive, profile: ClusterProfile) -> tuple[list[str], str] | None:
    """Slurm's ``--requeue``/``--no-requeue`` as PBS's ``-r y``/``-r n`` and back (issue 14:
    dropped to a comment with "no counterpart"); None for another directive or the same
    scheduler."""
    if d.scheduler == profile.scheduler:
        return None
    if d.scheduler == "pbs" and d.option == "rerunnable":
        again: bool | None = {"y": True, "n": False}.get((d.value or "").strip().lower())
    else:
        again = _RERUN.get((d.scheduler, d.option))
    if again is None:
        return None
    line = ({True: "#PBS -r y", False: "#PBS -r n"} if profile.scheduler == "pbs"
            else {True: "#SBATCH --requeue", False: "#SBATCH --no-requeue"})[again]
    return [line], (f"your directive `{d.raw.strip()}` is kept as `{line}`: the job "
                    + ("may" if again else "may not") + " be run again after a node failure "
                    "or preemption")


#: Slurm's --mail-type events as PBS's -m letters (b begin, e end, a abort).
_MAIL_LETTER = {"BEGIN": "b", "END": "e", "FAIL": "a", "REQUEUE": "a", "TIME_LIMIT": "a",
                "ALL": "abe"}


def _mail_edit(d: Directive, profile: ClusterProfile) -> tuple[list[str], str] | None:
    """Slurm's ``--mail-type=BEGIN,END`` (or a Grid Engine ``-m be`` read as it) as PBS's
    ``-m be``, and PBS's ``-m abe`` as Slurm's ``--mail-type=FAIL,BEGIN,END`` (issue 14: kept
    as a comment with "no counterpart"); None for another directive or the same scheduler."""
    if d.scheduler == profile.scheduler:
        return None
    if d.scheduler == "slurm" and d.option == "mail-type":
        events = [e.strip().upper() for e in (d.value or "").split(",") if e.strip()]
        if "NONE" in events:
            line = "#PBS -m n"
        else:
            letters = "".join(dict.fromkeys("".join(_MAIL_LETTER.get(e, "") for e in events)))
            if not letters:
                return None
            line = f"#PBS -m {''.join(c for c in 'abe' if c in letters)}"
    elif d.scheduler == "pbs" and d.option == "mail-options":
        value = (d.value or "").strip()
        names = {"a": "FAIL", "b": "BEGIN", "e": "END"}
        if value == "n":
            line = "#SBATCH --mail-type=NONE"
        elif value and set(value) <= set(names):
            line = "#SBATCH --mail-type=" + ",".join(names[c] for c in value)
        else:
            return None
    else:
        return None
    return [line], (f"your directive `{d.raw.strip()}` is kept as `{line}` (mail to the "
                    "submitting user unless a mail address is given)")


#: A job id in a dependency (``afterok:4242424``, ``afterany:123.pbs01:124``).
_JOB_IDS = re.compile(r"(?<![\w-])\d+(?:\.[\w.-]+)?(?=$|[:,?+ ])")


def _dependency_note(d: Directive, profile: ClusterProfile) -> str:
    """A dependency on jobs of the source site (``--dependency=afterok:4242424``, PBS ``-W
    depend=afterok:123.server``): those job ids mean nothing on the target (or another user's
    job there), so it is kept as a comment with how to give it at submission; ``""`` for
    another directive or a dependency that names no job id (``singleton``, carried)."""
    value = (d.value or "").strip().strip("'\"")
    if d.scheduler == "pbs" and d.option == "attributes" and value.startswith("depend="):
        value = value.removeprefix("depend=")
    elif not (d.scheduler == "slurm" and d.option == "dependency"):
        return ""
    ids = [m.group(0) for m in _JOB_IDS.finditer(value.partition(":")[2] or value)]
    if not ids and (profile.scheduler == "slurm" or d.scheduler == "pbs"):
        return ""
    how = ("`sbatch --dependency=TYPE:JOBID`" if profile.scheduler == "slurm"
           else "`qsub -W depend=TYPE:JOBID`")
    if not ids:
        return (f"the source's directive `{d.raw.strip()}` (at most one job of this name "
                f"running at a time, for `singleton`) has no counterpart in {profile.name}'s "
                f"{profile.scheduler.upper()}: kept as a comment; submit each job once the "
                f"previous one has ended, or with {how} naming it")
    return (f"the source's directive `{d.raw.strip()}` waits for job(s) {', '.join(ids)} of "
            f"the source site, which are not jobs of {profile.name}: kept as a comment; submit "
            f"the job with {how} naming the job it waits for on {profile.name}")


def _signal_note(d: Directive, profile: ClusterProfile) -> str:
    """What a Slurm ``--signal=[B:]SIG@SECONDS`` did, and that the target's scheduler sends no
    such warning (PBS Pro: SIGTERM at the walltime, then SIGKILL)."""
    value = (d.value or "").strip()
    to_script = value.upper().startswith("B:")
    sig = value.split("@")[0].removeprefix("B:").removeprefix("b:") or "SIGUSR1"
    whom = ("the batch script (its `trap ... " + sig.removeprefix("SIG") + "` handler)"
            if to_script else "the job's steps (e.g. PyTorch Lightning's SLURM auto-requeue)")
    return (f"the source's directive `{d.raw.strip()}` sent {sig} to {whom} "
            f"{value.rpartition('@')[2] or '60'} s before the time limit; {profile.name}'s "
            f"{profile.scheduler.upper()} sends no such warning (at the walltime it sends "
            "SIGTERM, then SIGKILL): kept as a comment; a handler of that signal will not run "
            "there, so trap SIGTERM instead or checkpoint often, and resubmit by hand "
            "(the job is not requeued on a time limit)")


def _written(form: str, value: str) -> str:
    """A directive's option written with ``value`` (``--get-user-env`` alone when it has
    none)."""
    return form[:-3] if form.endswith("={}") and not value else form.format(value)


def _job_image_dropped(directives: list[Directive], profile: ClusterProfile) -> bool:
    """Whether the whole-job pyxis image (``#SBATCH --container-image=I``) is one the target's
    own stack cannot stand in for (``severity.stands_in``): one the port carries where it can
    (``port.container.carries_job_pyxis``), else refuses."""
    given = next((d for d in directives if d.scheduler == "slurm"
                  and d.option == "container-image"), None)
    found = re.search(r"--container-image[= ]\s*(\S+)", given.raw) if given else None
    image = (found.group(1) if found else "").strip("'\"").replace("#", "/", 1)
    return bool(image) and not stands_in(image.removeprefix("docker://"), profile)


def _pyxis_directive_note(d: Directive, profile: ClusterProfile,
                          directives: list[Directive], script: str) -> str:
    """What a pyxis/enroot directive (``#SBATCH --container-image=nvcr.io#nvidia/pytorch:X``)
    meant, and what the target needs instead; "" for other directives."""
    if d.scheduler != "slurm" or not d.option.startswith("container-"):
        return ""
    runtime = profile.container
    # the raw line: an enroot image reference holds `#` (nvcr.io#nvidia/pytorch:24.01-py3)
    given = re.search(r"--container-image[= ]\s*(\S+)", d.raw)
    image = (given.group(1) if given else d.value or "").strip("'\"").replace("#", "/", 1)
    how = (f"; to run the program in that image there, put `{runtime.command} exec "
           f"{runtime.gpu_flag} docker://{image}` in front of it (bind the paths it needs with "
           "-B)" if d.option == "container-image" and runtime is not None
           and runtime.command in ("apptainer", "singularity") and runtime.gpu_flag == "--nv"
           and not image.startswith(("/", ".")) and not image.endswith((".sqsh", ".sqfs"))
           else "")
    carried = carries_job_pyxis(directives, script, profile) if _job_image_dropped(
        directives, profile) else ""
    if carried and d.option != "container-image":
        return (f"the source's directive `{d.raw.strip()}` is pyxis's: carried with the job's "
                f"image (`{carried}`, see the note on `--container-image`)")
    if carried:  # the launch runs in the image on the target (port.container)
        return (f"the source's directive `{d.raw.strip()}` is pyxis's (enroot containers under "
                f"Slurm): the source ran the whole batch script in its image; {profile.name} "
                f"has no pyxis, so the directive is kept as a comment and the port runs the "
                f"launch in the image with `{carried}` (the container's note says how: its "
                "mounts as binds, its working directory as --pwd; Apptainer binds your home "
                f"by default); the script's other lines run on {profile.name}'s host, outside "
                "the image: check that what they use is there")
    note = (f"the source's directive `{d.raw.strip()}` is pyxis's (enroot containers under "
            f"Slurm): the job ran its program in that container there; {profile.name} has no "
            "pyxis, so it is kept as a comment and the program runs on the target's own stack"
            + how)
    if d.option != "container-image" or stands_in(image, profile):
        return note
    return Breaking(note, container_todo(profile), container_reason(
        f"the source ran the whole batch script in its pyxis container (`#SBATCH "
        f"--container-image={image}`)", image, "it has no pyxis", profile))


_PATTERN_NOTE = (" (sbatch expands no shell variable in a directive: the job's variables are "
                 "written as its file-name patterns, %j the job id, %x its name, %a the array "
                 "index)")


def _directory_note(d: Directive, option: str, value: str, target: str) -> str:
    """For a PBS output path carried to Slurm: sbatch opens it when the job starts (PBS
    copies it back at the end), so its directory must exist before submission."""
    if d.scheduler == target or target != "slurm" or option not in {"output", "error"}:
        return ""
    folder = value.rpartition("/")[0]
    given = d.value or ""
    named = (f"; `{given}` is a folder: {d.scheduler.upper()} wrote the job's own file "
             f"(NAME.{'o' if option == 'output' else 'e'}JOBID) in it, sbatch would open the "
             f"folder itself as the file, so the port writes `{value}` (%x the job's name, %j "
             "its id) in it" if _names_folder(given) else "")
    return named + (f"; sbatch opens it when the job starts, so make sure `{folder}/` exists "
                    "before you submit" if folder else "")


def _grid_engine_folder_note(d: Directive, option: str, value: str, target: str) -> str:
    """For a Grid Engine ``-o``/``-e`` path that may be a folder (``-o ./models``: qsub then
    writes ``NAME.oJOBID`` in it; sbatch would take the folder's name as the file's)."""
    base = value.rstrip("/").rpartition("/")[2]
    if target != "slurm" or not d.raw.lstrip().startswith("#$") or option not in {
            "output", "error"} or (
            "." in base.lstrip(".") or "%" in value):
        return ""
    return (f"; Grid Engine writes into `{value}` as a folder when it is one (a file NAME.o"
            f"JOBID in it), sbatch takes it as the file's name: if it is a folder, write "
            f"`{value.rstrip('/')}/%x.o%j`" + (" (and .e for -e)" if option == "output" else ""))


def _carried_value(d: Directive, option: str, target: str) -> str | None:
    """The directive's value as the target's scheduler reads it, or None where it cannot be
    carried: a file pattern of another scheduler (``%j`` means nothing to PBS), or a path
    that names shell variables sbatch would write literally (``$PBS_JOBID.out``)."""
    value = d.value or ""
    if d.scheduler == target:
        return value
    if "%" in value:
        return None
    if target == "slurm" and option in {"output", "error"}:
        value = slurm_file_pattern(value, d.scheduler)
        if _names_folder(value):  # PBS/Grid Engine write their own NAME.oJOBID in a folder
            value = value.rstrip("/") + "/%x." + ("o" if option == "output" else "e") + "%j"
    return None if "$" in value else value


#: A working-directory value the port may write in another directive as it is: a path of
#: plain characters (no variable, pattern, home ``~``, quote or space for a scheduler to read
#: another way).
_PLAIN_DIR = re.compile(r"^[\w./+@:,-]+$")


def _plain_workdir(directives: list[Directive]) -> str:
    """The job's working directory as the source's directives set it (Slurm ``-D``/
    ``--chdir``, Grid Engine ``-wd``, LSF ``-cwd``), when plainly written and not the
    submit directory itself (``-D .``, where every ported job starts); else ``""``."""
    where = next((d.value for d in reversed(directives) if d.option == "chdir"), None) or ""
    return where if _PLAIN_DIR.match(where) and where.rstrip("/") != "." else ""


def _workdir_edit(d: Directive, workdir: str,
                  profile: ClusterProfile) -> tuple[str, str] | None:
    """The source's working-directory directive onto a Slurm target, as ``#SBATCH
    --chdir=DIR``: Slurm starts the job there and opens relative --output/--error files (and
    its default slurm-%j.out) there, as the source's scheduler did (sbatch(1) --chdir; Grid
    Engine's -wd and LSF's -cwd the same), where a ``cd`` in the body would leave them in the
    submit directory (issue 14: `-D` with `-o logs/%x-%j.out` kept, the logs elsewhere or
    the job failing at start). None for another directive, a PBS target (whose -o/-e
    ``_under_workdir`` places), or a value not plainly written (the body's cd stays alone)."""
    if d.option != "chdir" or profile.scheduler != "slurm" or not workdir or (
            d.value != workdir):
        return None
    line = f"#SBATCH --chdir={workdir}"
    raw = d.raw.strip()
    renamed = not raw.startswith("#SBATCH") or raw.split("#", 2)[1].strip() != line[1:]
    return line, (f"your directive `{raw}` is kept" + (f" as `{line}`" if renamed else "")
                  + f": the job starts in {workdir} and Slurm opens relative log files "
                  "(--output/--error, and its default slurm-%j.out) there, as on the source; "
                  "the directory must exist when the job starts")


def _under_workdir(d: Directive, option: str, value: str | None, workdir: str,
                   target: str) -> tuple[str, str] | None:
    """A relative output/error path of a source whose directives set its working directory,
    carried to PBS: the source's scheduler opened it in that directory, PBS's qsub opens a
    relative path in the directory of submission (qsub(1B) -o), so the port writes it under
    the directory: (the path, the note's words). None where nothing changes."""
    if (target != "pbs" or option not in {"output", "error"} or not workdir or not value
            or value.startswith("/") or d.scheduler == target):
        return None
    path = workdir.rstrip("/") + "/" + value.removeprefix("./")
    return path, (f"; the source opened `{value}` in its working directory {workdir}, PBS "
                  "opens a relative path in the directory you submit from, so the port names "
                  "it under that directory")


def _names_folder(value: str) -> bool:
    """Whether an output/error path names a folder for sure (``logs/``, ``.``, ``out/.``):
    qsub writes the job's own file (NAME.oJOBID) in it, sbatch would open the folder as a
    file and the job's output is lost."""
    return value.endswith("/") or value in {".", ".."} or value.endswith(("/.", "/.."))


def _submit_dir_note(d: Directive, target_name: str) -> str:
    """PBS ``-l wd`` (NCI Gadi): the job started in the directory it was submitted from, where
    every ported script starts too (Slurm's default; ``cd $PBS_O_WORKDIR`` in the PBS
    templates), so nothing is lost; ``""`` for another directive."""
    if d.scheduler != "pbs" or d.option != "wd":
        return ""
    return (f"the source's directive `{d.raw.strip()}` started the job in the directory it was "
            f"submitted from; the port's job on {target_name} starts there too: not needed, kept "
            "as a comment")


#: sbatch's short flag for the path directives whose value it reads literally.
_FLAG = {"output": "-o", "error": "-e"}
_VARIABLE = re.compile(r"\$\{?[A-Za-z_]\w*\}?")


def _literal_variables_note(d: Directive, value: str, target: str) -> str:
    """For a directive kept as written that names shell variables (``#SBATCH -o
    $SCRATCH/logs/%j.out``): the submit command reads a directive's value as written and
    expands no shell variable in it (sbatch(1) "filename pattern": only its %-symbols are
    replaced), so the log goes to a folder named ``$SCRATCH``
    under the submit directory, and Slurm fails the job at start where that folder is not
    there. ``""`` for a value with no variable."""
    names = list(dict.fromkeys(_VARIABLE.findall(value)))
    if not names or target != "slurm" or d.option not in _FLAG:
        return ""
    command = "sbatch"
    shown = ", ".join(f"`{n}`" for n in names)
    return (f"; {command} expands no shell variable in a directive: {shown} is read as "
            "written (a folder of that name under the submit directory), so the job's log "
            "has nowhere to go and the job fails at start unless that folder exists: write "
            f"the path in full (what `echo {names[0]}` prints on the target), or give it when "
            f"you submit, where your shell expands it (`{command} {_FLAG[d.option]} "
            f"\"{value}\" SCRIPT`)")


def _not_carried_note(d: Directive, target_name: str) -> str:
    raw = d.raw.strip()
    if "$" in (d.value or ""):
        return (f"the source's directive `{raw}` names shell variables, which sbatch does not "
                "expand in a directive: kept as a comment; write its path with sbatch's "
                "patterns (%j the job id, %x its name) by hand if the job needs it")
    return (f"the source's directive `{raw}` has no counterpart the port can carry to "
            f"{target_name}: kept as a comment, set it by hand if the job needs it")




def _site_directive_note(d: Directive, site: OtherSite, profile: ClusterProfile) -> str:
    """What a directive of a site's own plugin did there, and that the target does without it
    (``#SBATCH --uenv=...`` at CSCS: the job's software came from it)."""
    return (f"the source's directive `{d.raw.strip()}` {site.directives[d.option]} ({site.name}'s "
            f"own option): not carried to {profile.name}, kept as a comment; the program runs on "
            f"{profile.name}'s own software stack instead (the modules the port loads): check it "
            "has what that environment provided, or run your image with the target's container "
            "runtime by hand")


def unread_directives(source: list[str], profile: ClusterProfile) -> tuple[list[str],
                                                                           list[str]]:
    """(comment lines, a note) for the source's directives of a scheduler the port does not
    read (``#$ -l h_rt=5:00:00``): kept as comments, their size and time not carried."""
    found, unmapped, type_notes = _unread_of(tuple(source))
    if not found:
        lines, notes = _grid_engine_unmapped(list(unmapped), profile)
        return lines, notes + list(type_notes)
    shown = "; ".join(f"`{text}`" for text, _ in found[:4]) + ("; ..." if len(found) > 4 else "")
    timed = pjm_walltime(source) is not None
    what = ("its job name and resources are" if timed
            else "its walltime, job name and resources are")
    return ([f"# source directive, not carried: {text}" for text, _ in found],
            [f"the source's {found[0][1]} directives ({shown}) are not read (the port reads "
             f"Slurm, PBS and LSF): kept as comments; the size is read from the launch line "
             f"alone, and {what} {profile.name}'s defaults: "
             "set them by hand (or pass walltime=, nodes=)"
             + ("; the time limit alone is read (its `elapse=`)" if timed else "")])


@lru_cache(maxsize=256)
def _unread_of(source: tuple[str, ...]) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...],
                                                 tuple[str, ...]]:
    """The source's alone, for :func:`unread_directives` (kept: a batch asks it for every
    target): (its directive lines of a scheduler the port does not read, with that
    scheduler's name); where there are none, its Grid Engine lines the port does not map and
    the notes on the node types they ask."""
    found = tuple((line.strip(), name) for line in source
                  for prefix, name in UNREAD_SCHEDULERS.items()
                  if prefix != "#$" and line.startswith(prefix)
                  and line[len(prefix):len(prefix) + 1] in {" ", "\t"})
    if found:
        return found, (), ()
    text = "\n".join(source)
    return found, tuple(unmapped_lines(text)), tuple(node_type_notes(text))


def _grid_engine_unmapped(lines: list[str], profile: ClusterProfile) -> tuple[list[str],
                                                                              list[str]]:
    """Comment lines and a note for the Grid Engine directives the port does not map."""
    if not lines:
        return [], []
    shown = "; ".join(f"`{text}`" for text in lines[:4]) + ("; ..." if len(lines) > 4 else "")
    return ([f"# source directive, not carried: {text}" for text in lines],
            [f"the source's Grid Engine directives {shown} have an option or resource with no "
             f"counterpart the port can carry to {profile.name} (a site's own resource, memory, "
             "stream joining): kept as comments, set them by hand if the job needs them; its "
             "time limit (h_rt), job name, GPU count, output files, mail and one-host parallel "
             "environment are read"])


def add_to_header(script: str, lines: list[str]) -> str:
    """``script`` with ``lines`` after the last directive of its header."""
    if not lines:
        return script
    text = script.split("\n")
    last = 0
    for i, line in enumerate(text):
        if line.startswith(("#SBATCH", "#PBS")):
            last = i
        elif line.strip() and not line.startswith("#"):
            break
    return "\n".join(text[:last + 1] + lines + text[last + 1:])


#: Options of a bash shebang the port writes onto the target's own (a login shell, tracing).
_SHEBANG_KEPT = ("-l", "--login", "-x")
_SHEBANG = re.compile(r"^#!\s*(?:/usr/bin/env\s+)?\S*/?bash\b(.*)$")


def shebang_edit(source_first: str, script: str) -> tuple[str, list[str]]:
    """``script`` whose shebang carries the source bash shebang's options (``#!/bin/bash -l``,
    ``-x``), and a note for each option it carries or cannot (issue 14: a shebang option is
    the user's, never dropped silently)."""
    mine, theirs = _SHEBANG.match(source_first.strip()), _SHEBANG.match(script.split("\n", 1)[0])
    first = script.split("\n", 1)[0]
    if BROKEN_SHEBANG.match(source_first):
        return script, [
            f"line 1 `{source_first.strip()}` is a shebang missing its `#`: as a command it runs "
            f"`{source_first.strip()[1:].strip()}` negated (a shell that reads nothing in a batch "
            "job), and the scheduler starts the script with its default shell; the port does "
            f"not copy the line: its first line is `{first}`"]
    if source_first.strip() and not source_first.startswith("#!"):
        return script, [
            f"the source has no shebang (its line 1 is `{source_first.strip()}`): it ran under "
            f"the scheduler's default shell; the port's first line is `{first}`"]
    if mine is None or theirs is None:
        return script, []
    given = [f"-{c}" if re.fullmatch(r"-[a-z]{2,}", o) else o
             for o in mine.group(1).split("#", 1)[0].split()
             for c in (o[1:] if re.fullmatch(r"-[a-z]{2,}", o) else [o])]
    has = theirs.group(1).split()
    missing = [o for o in given if o not in has and not (o == "--login" and "-l" in has)
               and not (o == "-l" and "--login" in has)]
    kept = [o for o in missing if o in _SHEBANG_KEPT]
    other = [o for o in missing if o not in _SHEBANG_KEPT]
    notes = []
    if kept:  # one option word: a shebang passes all its options to bash as one argument
        first, _, rest = script.partition("\n")
        letters = "".join(dict.fromkeys(
            "l" if o == "--login" else o.lstrip("-") for o in [*has, *kept]))
        head = first[:len(first) - len(theirs.group(1))].rstrip() if theirs.group(1) else first
        script = f"{head.rstrip()} -{letters}\n{rest}"
        notes.append(f"your shebang's {' '.join(kept)} (`{source_first.strip()}`) is kept on the "
                     "port's shebang")
    if other:
        notes.append(f"your shebang's {' '.join(other)} (`{source_first.strip()}`) is not on the "
                     "port's shebang: the port sets its own error handling (`set -eo pipefail` "
                     "around its lines); add it back if the job relies on it")
    return script, notes
