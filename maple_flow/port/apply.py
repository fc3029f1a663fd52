"""Stage "apply": the edits the plan made for one target, applied to the target's rendered
script: one process per node, a wrapper script as the program, the user's launcher options,
header directives, what follows the launch on its line, and the user's lines after the launch
(other programs launched with the target's launcher). Each edit comes with its note; an edit
that cannot be made is a refusal, never a silent change."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.other_sites import other_site_of
from maple_flow.models import ClusterProfile
from maple_flow.port.accel_config import config_notes, fp8_note, keep_c10d, launcher_path_note
from maple_flow.port.accounted import set_names
from maple_flow.port.arch import arch_note
from maple_flow.port.carry import Source, assigned_names, foreign_reason
from maple_flow.port.chain_runs import port_chain_runs
from maple_flow.port.comments import CommentRuns, is_comment
from maple_flow.port.container import (
    CLEAN_ENV_LOST,
    body_in_image,
    plan_container,
    pyxis_launch,
    source_arch,
    source_site_binds,
)
from maple_flow.port.container_lost import (
    container_lost_refusal,
    job_image_refusal,
    pyxis_mounts_refusal,
)
from maple_flow.port.fit import launch_shell_options
from maple_flow.port.gpu_memory import gpu_memory_note
from maple_flow.port.gpu_wheels import wheel_notes
from maple_flow.port.header import (
    add_to_header,
    header_edits,
    shebang_edit,
    unread_directives,
)
from maple_flow.port.image_body import inside_quoted_wrapper
from maple_flow.port.interpreter import (
    interpreter_variable,
    keep_interpreter,
    keep_interpreter_under_torchrun,
    keep_interpreter_variable,
    keep_launcher_path,
    keep_prefix,
    launcher_path_names,
    prefix_variable,
    sibling_python,
    user_interpreter,
    user_launcher,
    variable_interpreter,
)
from maple_flow.port.job_folder import prolog_folder_refusal
from maple_flow.port.jobcontrol import job_control_block
from maple_flow.port.launcher_opts import carry_launcher_options
from maple_flow.port.memory import fit_memory, source_memory
from maple_flow.port.node_rank import with_node_rank
from maple_flow.port.oneproc import one_process_launch
from maple_flow.port.own_log import own_log_notes
from maple_flow.port.packing import intel_repin_why, intel_repinned_run
from maple_flow.port.rank_names import source_launcher
from maple_flow.port.rules import referenced, translate_scheduler_vars
from maple_flow.port.runner import keep_runner
from maple_flow.port.site_opts import carry_site_options
from maple_flow.port.stages import (
    append_to_launch,
    before_launcher_word,
    dropped,
    launch_command_span,
    launch_section,
    port_stage,
    prefix_launch,
    shell_in_front,
    sub_in_launch,
    without_python,
)
from maple_flow.port.tool_prefix import bash_timed, keep_chain_prefix, keep_tool_prefixes
from maple_flow.port.user_wrapper import keep_user_wrapper
from maple_flow.port.words import short
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES
from maple_flow.scriptparse.shell import Block, comment_cuts, split_blocks
from maple_flow.scriptparse.steps import block_step
from maple_flow.shellquote import shell_word


@dataclass
class Applied:
    """The edited script, with the notes and refusals of its edits."""

    script: str
    notes: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    #: The user's own interpreter path was kept on the launch (see ``interpreter``).
    interpreter_kept: bool = False


def wrapper_is_program(p: ParsedScript) -> bool:
    """The launcher starts the user's shell script itself (``srun run.sh key=prog.py``)."""
    return bool(p.launch.wrapper_script) and p.launch.entrypoint == p.launch.wrapper_script


def wrapper_shell(p: ParsedScript) -> str:
    """The shell the source ran its wrapper program through (``srun bash run.sh``), or ``""``:
    the target runs it the same way (the file needs no exec bit, nor to be on $PATH)."""
    stages = p.launch.stages
    if not wrapper_is_program(p) or not stages or stages[-1].name not in {"bash", "sh"}:
        return ""
    return " ".join([stages[-1].name, *(k for k, _ in stages[-1].options)])


def wrapper_from_job_dir(p: ParsedScript, profile: ClusterProfile) -> bool:
    """The source's srun started the user's script by its bare name (``srun run.sh``): srun
    looks for it on $PATH and then in the job's directory, where a user's script lies; the
    target's launcher (mpiexec, ibrun, mpirun) looks on $PATH only, so the port writes
    ``./run.sh``."""
    name = p.launch.wrapper_script
    return (wrapper_is_program(p) and not wrapper_shell(p) and "/" not in name
            and "$" not in name and name.endswith((".sh", ".bash"))
            and p.launch.launcher == "srun" and profile.launch.launcher != "srun")


def _from_job_dir(script: str, name: str) -> str:
    """``script`` with its launch starting ``./name`` where it started ``name``."""
    span = launch_command_span(script)
    if span is None:
        return script
    lines, _, end = span
    lines[end] = re.sub(rf"(^|\s){re.escape(name)}(?=\s|$)", rf"\g<1>./{name}", lines[end],
                        count=1)
    return "\n".join(lines)


def shell_script_program(p: ParsedScript) -> bool:
    """The program the launcher starts is a shell script of the user's (``... tile.sh
    ./run_test.sh``): it runs as itself, never through Python."""
    return not p.launch.module and p.launch.entrypoint.endswith((".sh", ".bash"))


def rendezvous_note(p: ParsedScript, script: str) -> list[str]:
    """The source's c10d rendezvous where the target's launch uses a static one."""
    stage = next((s for s in p.launch.stages if s.name in {"accelerate", "torchrun"}), None)
    backend = stage.get("--rdzv_backend", "--rdzv-backend") if stage else None
    if stage is None or stage.name != "torchrun" or backend != "c10d" \
            or "--rdzv_backend=static" not in script:
        return []
    return [f"the source's {stage.name} c10d rendezvous is a static one on the target (its "
            "documented form: the node rank from the site launcher, the first node as "
            "master): the same processes and ranks"]


#: srun's options that put a step on chosen nodes of the job (or keep it off them).
_PIN_OPTIONS = ("-w", "--nodelist", "-x", "--exclude")


def _pins(words: tuple[str, ...]) -> str:
    """The node-pinning option of an ``srun`` command as written (``-x $MASTER``), or ``""``."""
    for k, word in enumerate(words[1:], 1):
        name = word.split("=", 1)[0]
        if name in _PIN_OPTIONS:
            value = word.split("=", 1)[1] if "=" in word else (
                words[k + 1] if k + 1 < len(words) else "")
            return f"{name} {value}".strip()
    return ""


def pinned_steps_refusal(text: str) -> str:
    """The refusal when the job shares its nodes out between several srun steps by pinning
    them (``srun -N1 -w $MASTER server.sh &`` then ``srun -x $MASTER train.sh``): the port
    gives every step the job's nodes, so the steps would ask for the same nodes; ``""`` when
    no two srun steps outside a loop pin nodes so."""
    steps = [(b, c) for b in split_blocks(text) for c in b.commands
             if c.words[:1] == ("srun",)
             and not b.text.lstrip().startswith(("for ", "while ", "until "))]
    pinned = [(c.line, _pins(c.words), " ".join(c.text.split())[:80]) for _, c in steps
              if _pins(c.words)]
    if len(steps) < 2 or not pinned:
        return ""
    shown = "; ".join(f"line {n} `{t}` ({o})" for n, o, t in pinned[:3])
    return (f"the job shares its nodes out between its srun steps by pinning them to chosen "
            f"nodes ({shown}), with {len(steps)} srun steps in all (one may run in the "
            "background while another runs): the port gives each launch the job's nodes and "
            "does not carry a step's node pinning, so the steps would ask for the same nodes "
            "and wait on each other; write each step's share on the target by hand (srun "
            "-w/-x there, or mpiexec --hosts on PBS), or port each program as a job of its own")


def _launch_edits(out: Applied, src: Source, profile: ClusterProfile, one_process: bool,
                  size: tuple[int, int, int], entry: str) -> None:
    p = src.parsed
    pinned = pinned_steps_refusal("\n".join(src.original or src.lines))
    out.refusals += [pinned] if pinned else []
    if one_process and not out.refusals:
        out.script, problem = one_process_launch(out.script, profile, size[0],
                                                 bool(p.launch.stages), p.launch.command)
        out.refusals += [problem] if problem else []
    if (wrapper_is_program(p) or shell_script_program(p)) and not out.refusals:
        out.script, problem = without_python(out.script, profile.software.python, entry)
        out.refusals += [problem] if problem else []
        if not problem and wrapper_shell(p):  # `srun bash run.sh`: run through it as written
            out.script = shell_in_front(out.script, wrapper_shell(p), entry)
        elif not problem and wrapper_from_job_dir(p, profile):
            out.script = _from_job_dir(out.script, p.launch.wrapper_script)
    if one_process and not out.refusals and not (wrapper_is_program(p)
                                                 or shell_script_program(p)):
        out.script, note = with_node_rank(out.script, profile, size[0], source_launcher(
            p, "\n".join(src.original or src.lines)))
        out.notes += [note] if note else []
    if not one_process and not out.refusals:
        out.script, notes = carry_launcher_options(out.script, p, profile.name)
        out.script, kept = keep_c10d(out.script, p)
        out.notes += notes + kept + rendezvous_note(p, out.script)
        out.notes += config_notes(p, out.script, profile.name)
        out.notes += fp8_note(p, out.script, profile.gpu.model, profile.name)
    out.notes += launcher_path_note(p, profile.name)
    if not out.refusals:
        out.script, notes = carry_site_options(out.script, p, profile)
        out.notes += notes
    _own_launcher(out, src, profile, entry)
    _own_interpreter(out, src, profile, entry)
    _variable_prefixes(out, src, profile, entry)
    if not out.refusals:
        out.script, notes = keep_runner(out.script, p, profile, entry, size)
        out.notes += notes
    _container(out, src, profile, entry)
    if not out.refusals and p.launch.wrapper_script and not wrapper_is_program(p):
        out.script, notes = keep_user_wrapper(out.script, p, profile, entry)
        out.notes += notes


def container_program_host(p: ParsedScript) -> tuple[str, str, str] | None:
    """``(program, its host path, the mount)`` where the launch's program (or the user's
    script it starts) is a path inside the source's container, under one of its mounts
    (``bash /app/run.sh`` with ``--bind $CODE:/app``); None otherwise."""
    from maple_flow.scriptparse.steps import container_mounts, host_path_of

    program = p.launch.wrapper_script if wrapper_is_program(p) else p.launch.entrypoint
    if not program or not program.startswith("/"):
        return None
    found = host_path_of(program, container_mounts(p))
    return (program, *found) if found else None


def _program_out_of_container(script: str, p: ParsedScript, scheduler: str = "") -> str:
    """``script`` whose launch starts the program from its host path where the source's
    container is not carried and the program was a path inside it (see
    :func:`container_program_host`): inside the container's mount it is not on the host."""
    from maple_flow.scriptparse.script import launch_command_line

    found = container_program_host(p)
    at = launch_command_line(script) if found is not None else None  # a parse: only if needed
    if found is None or at is None:
        return script
    program, host, _ = found
    if scheduler:  # `$SLURM_SUBMIT_DIR:/workspace` on a PBS target: its own submit directory
        host = translate_scheduler_vars(host, scheduler, p.grid_engine)[0]
    lines = script.split("\n")
    word = re.compile(rf"(?<![\w/$.-]){re.escape(program)}(?![\w/.-])")
    for k in range(at - 1, len(lines)):
        if word.search(lines[k]):
            lines[k] = word.sub(lambda _m: host, lines[k], count=1)
            return "\n".join(lines)
        if not lines[k].rstrip().endswith("\\"):
            break
    return script


def _runner_inside_image(script: str, p: ParsedScript, prefix: str) -> str:
    """``singularity exec --nv IMG uv run python x.py`` where the source ran its environment
    runner inside the image (``apptainer exec IMG bash -c 'uv run python x.py'``): the runner
    was kept in front of the interpreter first, so the container's prefix, put there after
    it, would run the image inside the runner (``uv run singularity exec ...``), on the host's
    environment and the host's tool."""
    from maple_flow.port.runner import runner_prefix, runner_stage

    stage = runner_stage(p)
    names = [s.name.split()[0] for s in p.launch.stages]
    if stage is None or not any(n in CONTAINER_RUNTIMES for n in names):
        return script
    runner = runner_prefix(stage)
    box = next(k for k, n in enumerate(names) if n in CONTAINER_RUNTIMES)
    if p.launch.stages.index(stage) < box or f"{runner} {prefix} " not in script:
        return script  # the source ran the image inside the runner: as written
    return script.replace(f"{runner} {prefix} ", f"{prefix} {runner} ", 1)


def _container(out: Applied, src: Source, profile: ClusterProfile, entry: str) -> None:
    """The user's container, rewritten to the target's runtime, in front of the target's
    interpreter word, or of its launcher word (``torchrun``) where the program has none (see
    ``port.container``), with the lines that load the runtime put before the launch."""
    plan = plan_container(src.parsed, profile, source_arch(src.cluster),
                          source_site_binds(src.cluster))
    if plan is None and not out.refusals:
        lost = (container_lost_refusal(src.parsed, profile)
                or pyxis_mounts_refusal(src.parsed, "\n".join(src.lines), profile)
                or job_image_refusal("\n".join(src.lines), profile))
        out.refusals += [lost] if lost else []
    if plan is None and not out.refusals:
        out.script = _program_out_of_container(out.script, src.parsed, profile.scheduler)
    if plan is None or out.refusals:
        return
    target_python = profile.software.python
    out.script, kept = keep_prefix(out.script, target_python, plan.prefix, entry,
                                   src.parsed.launch.module)
    out.script = _runner_inside_image(out.script, src.parsed, plan.prefix)
    mine = src.parsed.launch.python
    in_image = bool(re.fullmatch(r"/\S*/python[\d.]*", mine or ""))  # the image's own path
    note = plan.note
    if kept and (re.fullmatch(r"python[\d.]*", mine or "") or in_image) and (
            mine != target_python):
        # inside the image the program runs on the image's interpreter, named as the user did
        before = out.script
        out.script = out.script.replace(f"{plan.prefix} {shell_word(target_python)} ",
                                        f"{plan.prefix} {shell_word(mine)} ", 1)
        if in_image and out.script != before:
            out.interpreter_kept = True
            note += (f"; the program runs on the image's interpreter {mine}, as in the source "
                     "(a path inside the image, not of the source's filesystem)")
    if not kept:
        out.script, launcher = before_launcher_word(out.script, plan.prefix)
        kept = bool(launcher)
        torchrun = f"{plan.prefix} torchrun "
        if kept and in_image and torchrun in out.script:
            # the image's interpreter runs torchrun's own module: the program runs in the
            # image's environment, as in the source, whatever the image has on its PATH
            out.script = out.script.replace(
                torchrun, f"{plan.prefix} {shell_word(mine)} -m torch.distributed.run ", 1)
            out.interpreter_kept = True
            note += (f"; the target's launch starts the program with torchrun, run inside the "
                     f"image as `{mine} -m torch.distributed.run` (torchrun's own module, on "
                     "the image's interpreter, as the source ran the program): the image's "
                     "environment must have torch")
        else:
            note += ("; the target's launch starts the program with a launcher (torchrun...) "
                     "that then runs inside the image: the image must have it") if kept else ""
    if not kept and entry.endswith(".sh"):
        out.script, kept = _before_word(out.script, plan.prefix, shell_word(entry),
                                        _shell_in_image(src.parsed))
    if kept and plan.body is not None and (plan.body.reads_own_args() or (
            plan.body.reads_job_args() and inside_quoted_wrapper(out.script, plan.prefix))):
        out.refusals.append(
            f"your `{plan.body.shell} -c` body reads the job script's own arguments ($1...) and "
            f"{profile.name}'s launch runs your container inside its own per-node wrapper "
            "(`bash -c '...'`), where they are the wrapper's: write their values in the body "
            "(or set them in a variable the body reads), then port again")
        return
    if kept:
        out.script = _before_launch(out.script, list(plan.setup))
        out.script = add_to_header(out.script, list(plan.directives))
        out.script, passed = _ranks_through_clean_env(out.script, plan.prefix, profile)
        note = note.replace(CLEAN_ENV_LOST, passed) if passed else note
    if not kept and plan.body is not None:  # its set-up steps were left to the image
        out.refusals.append(
            f"your container runs the program after your `{plan.body.shell} -c` body sets up "
            f"its environment in the image (`{plan.body.steps}`), and {profile.name}'s launch "
            f"has no interpreter or launcher word to put `{plan.prefix}` in front of: write "
            "the launch on the container's line, then port again")
        return
    out.notes.append(note if kept else
                     f"your container is not carried: the target's launch has no interpreter "
                     f"word to put `{plan.prefix}` in front of; add it by hand or check that "
                     f"{profile.name}'s software stack has what it provided")


#: The rank facts the target's per-rank wrapper (``bash -c '...' maple-rank``) sets for each
#: rank, and those its script exports once for all (templates/launch/_common/launch.j2).
_RANK_FACTS = ("RANK", "LOCAL_RANK")
_JOB_FACTS = ("WORLD_SIZE", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")


def _ranks_through_clean_env(script: str, prefix: str,
                             profile: ClusterProfile) -> tuple[str, str]:
    """Where the user's container keeps the host's environment out (``--cleanenv``, ``-e``,
    ``--containall``, ``-C``) and the target starts it once per rank through its per-rank
    wrapper: the rank facts are also exported as ``APPTAINERENV_NAME`` (or
    ``SINGULARITYENV_``), per rank in the wrapper and once before the launch for the job's,
    which the runtime sets inside the image even under --cleanenv (Apptainer's "Environment
    and Metadata": variables set for the container with --env or APPTAINERENV_, apart from the
    host's that --cleanenv excludes,
    https://apptainer.org/docs/user/main/environment_and_metadata.html). Returns the script and
    what the note says of it ("" where nothing changed)."""
    runtime = profile.container.command if profile.container else ""
    words = prefix.split()
    if runtime not in ("apptainer", "singularity") or not {
            "--cleanenv", "-e", "--containall", "-C"} & set(words):
        return script, ""
    env = "APPTAINERENV_" if runtime == "apptainer" else "SINGULARITYENV_"
    per_rank = " ".join(f'{env}{n}="${n}"' for n in _RANK_FACTS)
    wrapper = re.compile(r"""(bash -c '[^']*?export RANK="[^']*?)(; exec "\$@"[^']*' maple-rank)""")
    edited, count = wrapper.subn(lambda m: f"{m.group(1)}; export {per_rank}{m.group(2)}",
                                 script, count=1)
    span = launch_command_span(edited) if count else None
    if span is None:
        return script, ""
    lines, start, _ = span
    while start > 0 and lines[start - 1].lstrip().startswith("# shellcheck"):
        start -= 1  # a directive for the launch line stays right above it
    lines.insert(start, "export " + " ".join(f'{env}{n}="${n}"' for n in _JOB_FACTS))
    names = ", ".join(_RANK_FACTS + _JOB_FACTS)
    return "\n".join(lines), (
        f"the port also exports the rank facts as {env}NAME ({names}; RANK and LOCAL_RANK in the "
        f"per-rank wrapper), which {runtime} sets inside the image despite that option, so the "
        "program gets them there")


_OWN_STEPS = "# The job's own set-up steps, as given."


def _shell_in_image(p: ParsedScript) -> str:
    """The shell the source ran its script with inside the image (``shifter bash run.sh``,
    ``apptainer exec IMG bash run.sh``: the shell stage after the runtime's; ``srun
    --container-image=IMG sh run.sh``: pyxis runs the whole command after srun in the image),
    or ""."""
    names = [s.name for s in p.launch.stages]
    runtime = next((k for k, n in enumerate(names) if n in CONTAINER_RUNTIMES), -1)
    if runtime < 0 and pyxis_launch(p) is not None:
        runtime = 0  # the image is the launcher's option: what follows srun runs in it
    return next((n for n in names[runtime + 1:] if n in ("bash", "sh")), "") \
        if runtime >= 0 else ""


def _before_word(script: str, prefix: str, word: str, shell: str = "") -> tuple[str, bool]:
    """``prefix`` put in front of the launch's ``word`` (a shell script the launcher starts
    as the program: it runs in the image, as in the source), and in front of the ``shell``
    word that runs it where the source ran that shell in the image too (``bash run.sh``)."""
    lead = rf"(?:{re.escape(shell)}\s+)?" if shell else ""
    pattern = re.compile(rf"(^|\s)({lead}){re.escape(word)}(?=\s|$)")
    return sub_in_launch(script, pattern, lambda m: f"{m.group(1)}{prefix} {m.group(2)}{word}")


def _before_launch(script: str, setup: list[str]) -> str:
    """``setup`` lines (the runtime's ``module load``) put before the job's own set-up steps
    (which may use the runtime: ``apptainer build``), else before the launch command."""
    span = launch_command_span(script) if setup else None
    if span is None:
        return script
    lines, start, _ = span
    start = lines.index(_OWN_STEPS) if _OWN_STEPS in lines[:start] else start
    while start and lines[start - 1].lstrip().startswith("# shellcheck"):
        start -= 1  # a shellcheck directive stays on the launch it is written for
    present = {ln.strip() for ln in lines[:start]}
    setup = [line for line in setup if line not in present]
    indent = re.match(r"\s*", lines[start]).group(0)  # type: ignore[union-attr]
    lines[start:start] = [indent + line for line in setup]
    return "\n".join(lines)


def _variable_prefixes(out: Applied, src: Source, profile: ClusterProfile, entry: str) -> None:
    """A ``$NAME`` command word in front of the program that the script sets (``export
    PROFILE_CMD="nsys profile ..."``, then ``${PROFILE_CMD} python train.py``): kept in front
    of the target's interpreter, as the user wrote it."""
    p = src.parsed
    interpreter = interpreter_variable(p, src.lines)
    for stage in p.launch.stages:
        name = prefix_variable(stage.name, src.lines)
        if not name or out.refusals or name == interpreter:  # kept as the interpreter word
            continue
        out.script, kept = keep_prefix(out.script, profile.software.python, stage.name, entry,
                                       p.launch.module)
        out.notes.append(
            f"`{stage.name}` in front of the program (set by the script: ${name}) is kept in "
            "front of the target's launch of the program" if kept else
            f"`{stage.name}` in front of the program (set by the script: ${name}) is not "
            "carried: the target's launch has no interpreter word to put it in front of; add "
            "it by hand")


#: Variables the job's shell has on every target (a launcher path under them is written as is).
_SHELL_PATHS = frozenset({"HOME", "USER", "PWD"})


def _own_launcher(out: Applied, src: Source, profile: ClusterProfile, entry: str) -> None:
    """The user's own launcher path (``.venv/bin/torchrun``) kept on the target's launch
    where it starts the workers with that launcher; else the python beside it (the same
    environment) where the target runs the program with an interpreter word; else a note
    that the launch leaves the user's environment."""
    name, path = user_launcher(src.parsed)
    if not name or out.refusals:
        return
    unset = [n for n in launcher_path_names(path) if n not in _SHELL_PATHS
             and not re.search(rf"(?m)^\s*(?:export\s+)?{n}=", out.script)]
    python = sibling_python(name, path)
    if unset:
        out.notes.append(
            f"the source started the program with your environment's {name} (`{path}`); "
            f"{', '.join('$' + n for n in unset)} it reads is not set in the port, so "
            f"{profile.name}'s launch runs its own {name}, not your environment: set it and "
            f"put `{path}` back on the launch by hand")
        return
    out.script, kept = keep_launcher_path(out.script, name, path)
    if kept:
        _launcher_kept(out, name, (
            f"your launcher {path} (your environment's {name}) is kept on the launch, as in "
            f"the source, so the program runs in your environment: make it exist on "
            f"{profile.name} (the same path, your environment installed there, built for its "
            "GPUs)" + _arch_of(profile)))
        return
    written = "\n".join(src.lines)
    for word in dict.fromkeys([entry, src.parsed.launch.written_entry] if python else []):
        if word and not kept:  # the program as rendered, or as written (`$SCRIPT`)
            out.script, kept = keep_interpreter(out.script, profile.software.python, python,
                                                word, src.parsed.launch.module, written)
    how = f"`{python}`"
    if python and not kept:
        out.script, kept = keep_interpreter_under_torchrun(out.script, python, written)
        how = f"`{python} -m torch.distributed.run` (torchrun's own module)"
    if kept:
        _launcher_kept(out, name, (
            f"the source started the program with your environment's {name} (`{path}`); "
            f"{profile.name}'s launch starts it without {name}, so the port runs it with "
            f"{how}, the python beside that {name} (the same environment), not "
            f"{profile.software.python}: make it exist on {profile.name} (the same path, your "
            "environment installed there, built for its GPUs)" + _arch_of(profile)))
        return
    out.notes.append(
        f"the source started the program with your environment's {name} (`{path}`); "
        f"{profile.name}'s launch runs the site's own, not your environment: put your "
        f"environment's {'python (`' + python + '`)' if python else name} on the launch by "
        "hand, or install what the program needs for the site's python")


def _variable_interpreter_kept(out: Applied, src: Source, profile: ClusterProfile,
                               entry: str) -> bool:
    """``"$NAME"`` kept as the launch's interpreter where the source ran its program with an
    interpreter variable of no one value in the script (``exec "$GROOT_PYTHON" train.py``,
    given by the submitting shell; ``PYTHON_BIN`` chosen by the script's branches), with a
    note saying where its value comes from; whether the source had one."""
    name = variable_interpreter(src.parsed)
    if not name or out.refusals:
        return False
    out.script, kept = keep_interpreter_variable(
        out.script, profile.software.python, name, entry, src.parsed.launch.module)
    out.interpreter_kept = kept
    sourced = src.parsed.sourced
    if name in set_names("\n".join(src.lines)):
        where = ("the script's own lines set it (kept above), its value chosen when the job "
                 "runs")
        give = f"make what it names exist on {profile.name}"
    else:
        where = ("the script never sets it: it comes from the environment the job is submitted "
                 "from" + (f", or a file it sources ({', '.join(sourced)})" if sourced else ""))
        give = (f"give it on {profile.name} as the submit-time inputs note says, naming an "
                f"interpreter there")
    out.notes.append(
        f"the source runs the program with your interpreter ${name}; {where}; " + (
            f"kept on the launch (\"${name}\"): {give} (your environment installed on "
            f"{profile.name}, built for its GPUs){_arch_of(profile)}" if kept else
            f"the target's launch has no interpreter word to put it on, so it runs "
            f"{profile.software.python}: put \"${name}\" back by hand"))
    return True


def _own_interpreter(out: Applied, src: Source, profile: ClusterProfile, entry: str) -> None:
    """The user's own interpreter path kept on the target's launch, or why it is not."""
    if _variable_interpreter_kept(out, src, profile, entry):
        return
    name = interpreter_variable(src.parsed, src.lines)
    if name and not out.refusals and re.search(rf"(?m)^\s*(?:export\s+)?{name}=", out.script):
        out.script, kept = keep_interpreter_variable(
            out.script, profile.software.python, name, entry, src.parsed.launch.module)
        out.interpreter_kept = kept
        value = src.parsed.variables.get(name, "")
        out.notes.append(
            f"your interpreter variable ${name} (`{short(f'{name}={value}')}`, kept above) runs "
            "the program on the launch, as in the source: make what it names exist on "
            f"{profile.name}" if kept else
            f"the source ran the program with your interpreter variable ${name} "
            f"(`{short(f'{name}={value}')}`); the target's launch has no interpreter word to "
            f"put it on, so it runs {profile.software.python}: put \"${name}\" back by hand")
        return
    launch = src.parsed.launch
    # the interpreter that ran the launcher's module (`~/env/bin/python -m
    # torch.distributed.run`) runs the workers: the user's environment, kept the same way
    mine = user_interpreter(launch.python) or user_interpreter(launch.launcher_python)
    if not mine or out.refusals:
        return
    written = "\n".join(src.lines)
    out.script, kept = keep_interpreter(out.script, profile.software.python, mine, entry,
                                        launch.module, written)
    if not kept:  # the target's launch starts the program with torchrun: no interpreter word
        out.script, kept = keep_interpreter_under_torchrun(out.script, mine, written)
        if kept:
            out.notes.append(
                f"your interpreter {mine} ({_interpreter_where(mine)}) is kept: "
                f"{profile.name}'s launch starts the program with torchrun, so it runs as "
                f"`{mine} -m torch.distributed.run` (torchrun's own module, from your "
                f"environment), and the program runs in your environment as in the source: "
                f"make it exist on {profile.name} (the same path, your environment installed "
                "there, built for its GPUs)" + _arch_of(profile))
            out.interpreter_kept = True
            return
    out.interpreter_kept = kept
    if kept:
        out.notes.append(f"your interpreter {mine} ({_interpreter_where(mine)}) is kept "
                         f"on the launch: make it exist on {profile.name} (the same path, "
                         f"your environment installed there) or put {profile.software.python} "
                         "back")


def _interpreter_where(python: str) -> str:
    """What the user's interpreter path is, for the note: a path of the source's filesystem,
    or one under a variable the job's shell sets (``$CONDA_PREFIX/bin/python``: the
    environment the script activates)."""
    var = re.match(r"\$\{?(\w+)\}?/", python)
    return (f"a path under ${var.group(1)}, which the job's shell sets (the environment your "
            "script activates)" if var else "a path of the source's filesystem")


def _launcher_kept(out: Applied, name: str, note: str) -> None:
    """The user's launcher (or the python beside it) is on the port's launch: say so, in place
    of the earlier note that the source ran it by its path."""
    out.interpreter_kept = True
    out.notes = [n for n in out.notes if not n.startswith(f"the source ran {name} by its path")]
    out.notes.append(note)


def _arch_of(profile: ClusterProfile) -> str:
    """Words on the target's CPU architecture for an environment the user brings, or ``""``."""
    arch = profile.node.arch
    return (f"; {profile.name}'s nodes are {arch}: an environment built on x86_64 nodes does "
            "not run there, create it on the target" if arch and arch != "x86_64" else "")


def _source_scheduler(src: Source) -> str | None:
    """The source's scheduler: ``slurm``, ``pbs``, ``sge`` (Grid Engine) or None."""
    return "sge" if src.parsed.grid_engine else src.parsed.scheduler


_AFTER_UNSET = "set +eo pipefail  # the source ran them without set -e"
_CLOSER = re.compile(r"^\s*(?:done|fi|esac|\}|\))\s*(?:[;&|<>].*)?$")


def _chained_runs(out: Applied, src: Source, profile: ClusterProfile,
                  size: tuple[int, int, int], tail: str) -> tuple[str, ParsedScript]:
    """The launch's tail and the source's reading with its chain prefix, each with the other
    launches on the launch's line ported in place (``python a.py && srun python b.py``:
    :mod:`maple_flow.port.chain_runs`); their notes and refusals put in ``out``."""
    p = src.parsed
    if not p.chained_launches or not (p.launch_prefix or tail):
        return tail, p
    before = assigned_names(out.script.split("\n"))
    after = port_chain_runs(tail, "after", src, profile, size, out.script, before)
    front = port_chain_runs(p.launch_prefix, "before", src, profile, size, out.script, before)
    out.notes += front.notes + after.notes
    out.refusals += front.refusals + after.refusals
    if front.text == p.launch_prefix:
        return after.text, p
    shared = front.text if p.launch_shared == p.launch_prefix else p.launch_shared
    return after.text, replace(p, launch_prefix=front.text, launch_shared=shared)


def _outside_image(p: ParsedScript, profile: ClusterProfile) -> list[Block]:
    """The blocks after the launch the batch shell runs: without the commands of the launch's
    ``bash -c`` body after its program where that body is kept in the image (they run there,
    as the user wrote them: ``"$@" 2>&1 | tee run.log``)."""
    if not p.inner_after or not body_in_image(p, profile):
        return list(p.after)
    inner = {id(c) for c in p.inner_after}
    return [b for b in p.after if not (b.commands and all(id(c) in inner for c in b.commands))]


def _after_launch(out: Applied, src: Source, profile: ClusterProfile,
                  size: tuple[int, int, int], errexit: bool, background: bool,
                  lost_pids: frozenset[str] = frozenset()) -> bool:
    """The user's lines after the launch, appended after the target's launch: kept verbatim
    (scheduler variables renamed), another launch given the target's launcher. A ``wait``
    after a launch run in the background (``&``) stays where the source has it, before its
    next lines (``wait`` then ``exit 0``). Returns whether it was kept."""
    p = src.parsed
    waited = False
    lines: list[str] = []
    renamed: set[str] = set()
    comments = CommentRuns(src.lines)
    comments.skip_to(p.launch_block.line if p.launch_block is not None else 0)
    for block in _outside_image(p, profile):
        step = block_step(block, p)
        if step is None:
            if _exits(block):  # `exit $RC`: the job's status, as the source reports it
                lines += [*comments.above(block.line), block.text]
            elif (background or _sends_back(lines)) and _bare_wait(block, lost_pids):
                lines += [*comments.above(block.line), block.text]  # the source waits here
                waited = True
            continue
        above = comments.above(block.line)
        text, done = translate_scheduler_vars(step.text, profile.scheduler,
                                              src.parsed.grid_engine)
        if not step.launch and step.keep is not False and (
                repinned := intel_repinned_run(step.text, profile.gpu.vendor)) is not None:
            lines += [*comments.above(block.line), repinned]
            out.notes.append(f"line {step.line} `{short(step.text)}` after the launch "
                             + intel_repin_why(step.text, profile.name))
            continue
        foreign = foreign_reason(step.text, profile) if not step.launch else ""
        if step.launch:
            before = assigned_names(out.script.split("\n") + lines)
            ported, note = port_stage(step, src, profile, size, before)
            lines += above + ported if ported else []
            (out.notes if ported or dropped(step, ported) else out.refusals).append(note)
        elif (moved := job_control_block(step.text, _source_scheduler(src), profile,
                                         p.grid_engine, foreign_reason)) is not None:
            lines += [*above, moved.text]
            out.notes += [f"line {step.line}: {note}" for note in moved.notes]
        elif step.keep is False or foreign:
            out.notes.append(f"line {step.line} `{short(step.text)}` after the launch is not "
                             f"copied: {foreign or step.why}")
        elif lost := sorted(set(referenced(step.text)) & lost_pids):
            out.notes.append(f"line {step.line} `{short(step.text)}` after the launch is not "
                             f"copied: it reads {', '.join('$' + n for n in lost)}, the process "
                             "id of a background command that is not copied (see above)")
        else:
            lines += [*above, text]
            renamed.update(done)
    if any(x.strip() and not is_comment(x) for x in lines):
        head = ["", "# The job's own steps after the launch, as given."]
        head += [] if errexit else [_AFTER_UNSET]
        out.script = out.script.rstrip("\n") + "\n" + "\n".join(head + lines) + "\n"
        code = [x for x in lines if x.strip() and not is_comment(x)]
        out.notes.append(f"{len(code)} line(s) after the launch kept after the target's "
                         "launch, in order" + (f"; scheduler variables renamed in them for "
                                               f"{profile.scheduler}: {', '.join(sorted(renamed))}"
                                               if renamed else ""))
    return waited and any(_WAIT.match(x) for x in lines)


#: ``&`` at a line's end that sends its command to the background (not ``&&``, ``2>&1``).
_SENT_BACK_LINE = re.compile(r"(?<![&|>])&\s*(?:#.*)?$")


def _sends_back(lines: list[str]) -> bool:
    """Whether one of the kept ``lines`` after the launch starts a command in the background
    (``run_one 0 ... &``: a function holding the launch, called once per run): a ``wait``
    after them is the job's own, never dropped."""
    return any(_SENT_BACK_LINE.search(x) for x in lines if not is_comment(x))


#: ``wait``'s operands that name background jobs: ``$PID``, ``"${PIDS[@]}"``, ``%1``, ``-n``,
#: and ``$!``, the last one started: right after the launch run with ``&``, the port's launch.
_WAIT_OPERAND = re.compile(r'^(?:-n|-f|%\d+|"?\$\{?\w+(?:\[[@*]\])?\}?"?|"?\$!"?)$')


def _bare_wait(block: Block, lost_pids: frozenset[str] = frozenset()) -> bool:
    """A line after the launch that is ``wait`` alone, for every background job or for the
    ones its operands name (``wait $PID``, ``wait "${PIDS[@]}"``): kept where the source has
    it, unless an operand is the process id of a background command not copied."""
    if len(block.commands) != 1 or "\n" in block.text.strip():
        return False
    words = block.commands[0].words
    return (words[:1] == ("wait",) and all(_WAIT_OPERAND.match(w) for w in words[1:])
            and not set(referenced(block.text)) & lost_pids)


def _launch_options_edit(out: Applied, src: Source, tail: str) -> None:
    """Run the port's launch under the shell options the source's launch ran under, when the
    job does something after it: the target's script runs with ``set -eo pipefail``
    (templates/launch/_common), so a source without ``set -e`` that reads the launch's status
    itself (``EXIT_CODE=$?``, ``status=${PIPESTATUS[0]}``, ``|| requeue``, ``exit $rc``) would
    end at a failing launch, before its own failure handling."""
    errexit, pipefail = launch_shell_options(src.parsed, src.lines[0] if src.lines else "")
    if (errexit and pipefail) or src.parsed.launch_loop is not None or (
            src.parsed.per_node_loop is not None):
        return  # a launch in the user's loop: loop.py says how its passes fail
    span = launch_command_span(out.script)
    if span is None:
        return
    lines, start, end = span
    after = [x for x in lines[end + 1:] if x.strip() and not is_comment(x)
             and not x.lstrip().startswith("set +") and not _CLOSER.match(x)]
    piped = bool(re.search(r"(?<!\|)\|(?!\|)", tail))
    # `srun a.py; srun b.py` on the launch's line: the source went on past a failing run
    goes_on = bool(src.parsed.chained_launches and re.search(r";|\|\|", src.parsed.launch_prefix))
    if not after and not (piped and not pipefail) and not (goes_on and not errexit):
        return  # the launch ends the job: its status is the job's either way
    flags = "+eo pipefail" if not errexit and not pipefail else "+e" if not errexit else (
        "+o pipefail")
    at = start
    while at > 0 and is_comment(lines[at - 1]) and lines[at - 1].strip():
        at -= 1  # above the launch's own comments (a shellcheck directive stays on it)
    unset = " and ".join(x for x in ("set -e" if not errexit else "",
                                      "pipefail" if not pipefail else "") if x)
    lines.insert(at, f"set {flags}  # as in the source: its launch ran without {unset}")
    # the steps after the launch run under these options already; a `set` line between the
    # launch and them would also be the status `$?` reads
    lines = lines[:end + 2] + [x for x in lines[end + 2:] if x != _AFTER_UNSET]
    out.script = "\n".join(lines)
    out.notes.append(f"the source ran its launch without {unset} and goes on after it (its own "
                     "failure handling, `$?`, the lines after the launch): the port runs its "
                     f"launch so too (`set {flags}` before it), not under the target script's "
                     "`set -eo pipefail`, so a failing launch does not end the job first")


#: A read of the last command's status: ``$?``, ``${?}``, ``${PIPESTATUS[0]}``.
_STATUS_READ = re.compile(r"\$\?|\$\{\?\}|\bPIPESTATUS\b")
_SET_LINE = re.compile(r"^\s*set\s+[-+]\S*")
#: A line that opens a compound command or goes on the next line.
_OPENS = re.compile(r"(?:\b(?:then|do|else)|[{(|\\]|&&|\|\|)\s*(?:#.*)?$|^\s*(?:if|while|until|"
                    r"for|case|select)\b(?!.*\b(?:fi|done|esac)\b)")


def keep_status_reads(script: str, source: list[str]) -> str:
    """The status a user's line reads (``EXIT_CODE=$?``, ``if [ $? -ne 0 ]``) kept when the
    port wrote a ``set`` line (``set +eo pipefail``) between it and the command it is the
    status of: ``set`` succeeds, so ``$?`` would read 0 after it (a failed training reported
    as a success). A one-line read is moved above the port's ``set`` lines; a read that opens
    a block (``if``) keeps the status across them instead. A ``set`` line of the user's own
    (in the source) stays where the user put it."""
    if not _STATUS_READ.search(script):  # no line reads a status: nothing to keep
        return script
    mine = {x.strip() for x in source}
    lines = script.split("\n")
    at = 0
    while at < len(lines):
        if not _STATUS_READ.search(lines[at]) or is_comment(lines[at]):
            at += 1
            continue
        group: list[int] = []  # the port's `set` lines right above the read
        k = at - 1
        while k >= 0 and (not lines[k].strip() or is_comment(lines[k])
                          or (_SET_LINE.match(lines[k]) and lines[k].strip() not in mine)):
            group += [k] if lines[k].strip() and not is_comment(lines[k]) else []
            k -= 1
        if not group:
            at += 1
            continue
        top = min(group)
        if not _OPENS.search(lines[at]):
            read = lines.pop(at)
            lines.insert(top, read)
            at += 1
            continue
        last_e = [lines[g] for g in sorted(group) if re.search(r"\s[-+]\w*e", lines[g])]
        if not last_e or re.search(r"\s\+\w*e", last_e[-1]):  # errexit off after the group
            lines.insert(top, "port_status=$?  # the status of the command above, for the $? below")
            lines.insert(at + 1, '(exit "$port_status")')
            at += 3
            continue
        at += 1
    return "\n".join(lines)


#: The comment the template writes above the user's loop or branch around the launch.
_OWN_LOOP = "# The job's own loop around the launch, as given."


def _loop_options_edit(out: Applied, src: Source) -> None:
    """The user's loop or branch around the launch run under the shell options the source
    ran it under: without ``set -e`` in the source, a failing step of a pass (``mkdir`` of a
    directory that exists, one of several runs) went on to the next; under the target
    script's ``set -eo pipefail`` it would end the job."""
    errexit, pipefail = launch_shell_options(src.parsed, src.lines[0] if src.lines else "")
    lines = out.script.split("\n")
    if (errexit and pipefail) or _OWN_LOOP not in lines:
        return
    flags = "+eo pipefail" if not errexit and not pipefail else "+e" if not errexit else (
        "+o pipefail")
    unset = " and ".join(x for x in ("set -e" if not errexit else "",
                                      "pipefail" if not pipefail else "") if x)
    at = lines.index(_OWN_LOOP)
    lines.insert(at, f"set {flags}  # as in the source: the block ran without {unset}")
    out.script = "\n".join(lines)
    out.notes.append(f"the source ran the loop or branch around its launch without {unset}: "
                     f"the port runs it so too (`set {flags}` before it), so a failing step or "
                     "pass goes on to the next as it did there, not ending the job")


def _indent_as_in_body(script: str, src: Source) -> str:
    """The launch indented as the source's was inside its loop or ``if`` body (``    python
    x.py`` on an ``elif`` branch), so the kept branches read alike."""
    from maple_flow.scriptparse.script import launch_command_line

    if _OWN_LOOP not in script:  # most ports: no loop or branch of the source's kept
        return script
    at = launch_command_line("\n".join(src.lines))
    if at is None:
        return script
    indent = src.lines[at - 1][:len(src.lines[at - 1]) - len(src.lines[at - 1].lstrip(" \t"))]
    start, section = launch_section(script)
    if not indent or not section or section[0].startswith(indent):
        return script
    lines = script.split("\n")
    lines[start:start + len(section)] = [indent + line if line else line for line in section]
    return "\n".join(lines)


def apply_edits(script: str, src: Source, profile: ClusterProfile, *, one_process: bool,
                size: tuple[int, int, int], entry: str, errexit: bool,
                lost_pids: frozenset[str] = frozenset()) -> Applied:
    """``script`` (the target's rendered port) with the plan's edits made (``lost_pids``:
    variables holding the process id of a background command not copied)."""
    out = Applied(script)
    _launch_edits(out, src, profile, one_process, size, entry)
    if not out.refusals:
        out.script, notes = keep_tool_prefixes(out.script, src.parsed, "\n".join(src.lines),
                                                 profile, entry)
        out.notes += notes
    lines, notes = header_edits(src.parsed.directives, profile, "\n".join(src.lines))
    notes += own_log_notes(src.parsed.directives, src.lines, profile)
    folder = prolog_folder_refusal(src.lines, profile, src.parsed.launch_block.text
                                   if src.parsed.launch_block else "")
    out.refusals += [folder] if folder else []
    unread, unread_notes = unread_directives(src.lines, profile)
    lines, notes = lines + unread, notes + unread_notes
    out.script = add_to_header(out.script, lines)
    out.notes += notes
    out.script, notes = shebang_edit(src.lines[0] if src.lines else "", out.script)
    out.notes += notes + comment_cuts(src.lines)
    per_node = (src.total or 0) / (src.facts.nodes or 1)
    fitted = fit_memory(out.script, source_memory(src.lines, src.parsed.directives), profile,
                        size[1], ranks_per_node=per_node, ranks=src.total)
    out.script = fitted.script
    out.notes += fitted.notes
    out.refusals += [fitted.refusal] if fitted.refusal else []
    known = src.cluster_sure and other_site_of(src.parsed.directives) is None  # not another's
    out.notes += gpu_memory_note(src.parsed.directives, profile,
                                 get_profile(src.cluster) if known and src.cluster else None)
    out.notes += arch_note(src.parsed.directives, source_arch(src.cluster), profile,
                           out.script)
    out.notes += wheel_notes(src.lines, out.script, profile)
    tail = translate_scheduler_vars(src.parsed.launch_tail, profile.scheduler,
                                    src.parsed.grid_engine)[0]
    tail, with_chain = _chained_runs(out, src, profile, size, tail)
    block = src.parsed.launch_block.text.lstrip() if src.parsed.launch_block else ""
    # `( srun ... ) 2>&1 | tee log`; `( cd d && srun ... )` keeps its `(` in the chain prefix
    chained = re.match(r"\(\s*[^()]*?(?:&&|\|\||;)", block) is not None
    subshell = "(" if tail.startswith(")") and not chained else ""
    out.script = prefix_launch(append_to_launch(out.script, tail),
                               " ".join(x for x in (subshell, _timed(src)) if x))
    out.notes += [f"kept after the launch, as in the source: `{tail}`"] if tail else []
    out.script, notes = keep_chain_prefix(
        out.script, with_chain, profile, foreign_reason,
        src.parsed.launch_prefix if with_chain is not src.parsed else "")
    out.notes += notes
    # a launch in the user's loop run in the background (`for ...; do srun ... & done`): the
    # `wait` after the loop waits for its passes, where the source has it (before the lines
    # that read their output), as after one background launch
    waited = _after_launch(out, src, profile, size, errexit,
                           _backgrounded(tail) and src.parsed.per_node_loop is None, lost_pids)
    _launch_options_edit(out, src, tail)
    _loop_options_edit(out, src)
    out.script = keep_status_reads(out.script, src.lines)
    out.script = _indent_as_in_body(out.script, src)
    if waited and not _backgrounded(tail):  # `run_one ... &` calls of a function holding it
        out.notes.append("the job starts its runs in the background (`&`) after the launch's "
                         "lines: the source's `wait` for them is kept where the source has "
                         "it, so the job ends when they all have")
    elif waited:
        out.notes.append("the launch runs in the background (`&`): the source's `wait` after "
                         "it is kept where the source has it")
    elif _backgrounded(tail) and _source_waits(src.parsed):
        out.script = out.script.rstrip("\n") + "\nwait  # the source waits for its launch\n"
        out.notes.append("the launch runs in the background (`&`): the source's `wait` after "
                         "it is kept at the end of the script")
    elif _source_waits(src.parsed) and _background_before_launch(out.script):
        out.script = out.script.rstrip("\n") + "\nwait  # the source waits for its runs\n"
        out.notes.append("runs started in the background (`&`) before the launch: the "
                         "source's `wait` after the launch is kept at the end of the script, "
                         "so the job ends when they all have")
    out.notes += _background_note(out.script, tail)
    return out


def _exits(block: Block) -> bool:
    """A line after the launch that ends the job with a status (``exit $RC``)."""
    return len(block.commands) == 1 and block.commands[0].words[:1] == ("exit",) and (
        "\n" not in block.text)


def _timed(src: Source) -> str:
    """``time`` (with its options) when the user timed the source's launch: the target's
    launch is timed the same way; ``""`` otherwise."""
    if not bash_timed(src.parsed, "\n".join(src.lines)):
        return ""  # not timed, or by the `time` program (kept as the user's tool)
    return " ".join(["time", *(k for k, _ in src.parsed.launch.stages[0].options)])


def _backgrounded(tail: str) -> bool:
    return bool(re.search(r"(?<!&)&\s*$", tail))


def _source_waits(p: ParsedScript) -> bool:
    """Whether a top-level command after the source's launch is ``wait``."""
    return any(c.words[:1] == ("wait",) for block in p.after for c in block.commands)


_WAIT = re.compile(r"^\s*wait\b", re.M)


def _background_before_launch(script: str) -> bool:
    """A command before the launch runs in the background (``python x.py --seed 1 &``) and
    no ``wait`` after the launch waits for it."""
    span = launch_command_span(script)
    if span is None:
        return False
    lines, start, end = span
    if _WAIT.search("\n".join(lines[end + 1:])):
        return False
    return any(_backgrounded(x) for x in lines[:start] if not x.lstrip().startswith("#"))


def _background_note(script: str, tail: str) -> list[str]:
    """A note when the launch runs in the background (``... &``) and nothing after it waits:
    a batch job ends, and its processes are killed, when its script ends."""
    if not _backgrounded(tail):
        return []
    span = launch_command_span(script)
    after = "\n".join(span[0][span[2] + 1:]) if span is not None else ""
    if _WAIT.search(after):
        return []
    return ["the launch runs in the background (`&`) and nothing after it waits for it: the "
            "job ends, and the scheduler kills the program, when the script ends; add `wait` "
            "after the launch (or drop the `&`)"]
