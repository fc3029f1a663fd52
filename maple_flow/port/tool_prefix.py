"""Tools the user ran the program behind (a profiler: ``nsys profile``, ``ncu``, ``py-spy
record ... --``; ``nohup``; ``time`` behind a launcher, ``srun time python x.py``): kept on the
target's launch where the source had them, their words verbatim, or named in a note (issue 14:
a launch prefix is kept around the target's launch or named). A tool behind the source's last
rank launcher (``srun nsys profile python x.py``, ``nsys profile torchrun ...``, or no launcher
at all) wraps the program's processes: it goes in front of the target's interpreter word (else
of its per-node launcher word). A tool in front of the source's rank launcher (``nsys profile
srun ...``) goes in front of the target's launch command. Binding tools (numactl, taskset: the
source node's layout) and a ``time`` in front of the whole launch are the launch notes'
(``port.api``, ``port.apply``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from maple_flow.models import ClusterProfile
from maple_flow.port.interpreter import keep_prefix
from maple_flow.port.rules import network_not_carried, site_network, translate_scheduler_vars
from maple_flow.port.stages import (
    before_launcher_word,
    fit_into_quotes,
    launch_command_span,
    prefix_launch,
    sub_in_launch,
)
from maple_flow.port.vendor import vendor_reason
from maple_flow.port.words import short
from maple_flow.scriptparse.launch import PER_RANK_LAUNCHERS
from maple_flow.scriptparse.script import ParsedScript, launch_command_line
from maple_flow.scriptparse.shell import logical_lines
from maple_flow.shellquote import shell_word

#: Tools in front of a program that the target's launch keeps as the user wrote them
#: (profilers; ``nohup``, ``stdbuf``, ``env A=1``, ``nice``, ``timeout 10h``; the binding
#: tools, with a note: their CPU/NUMA numbers are the source node's).
KEPT_TOOLS = frozenset({"nsys", "ncu", "py-spy", "nohup", "stdbuf", "env", "nice", "timeout",
                        "numactl", "taskset", "exec", "xvfb-run"})
#: Tools whose words name the source node's CPUs or NUMA domains.
_BINDING_TOOLS = frozenset({"numactl", "taskset"})
#: ``time`` as bash's keyword (apply's ``_timed`` re-times the target's launch with it).
_BASH_TIME = re.compile(r"time(?:\s+-p)?")
#: Tools a system package installs (not a module, not the program's environment): the port
#: cannot tell whether the target's compute nodes have them.
_SYSTEM_TOOLS = frozenset({"xvfb-run"})
#: Profilers of NVIDIA GPUs only: not carried to a target with other GPUs (named instead).
_NVIDIA_TOOLS = frozenset({"nsys", "ncu"})
#: Launchers that start the ranks across nodes: a tool in front of one wraps the launcher.
_RANK_LAUNCHERS = PER_RANK_LAUNCHERS | {"jsrun", "aprun"}

#: The target's launcher run as a module (``python -m torch.distributed.launch``).
_MODULE_LAUNCHER = re.compile(r"(^|\s)(python[\d.]*) (?=-m\s+torch\.distributed\.)")
#: The port's per-worker wrapper under a kept ``torch.distributed.launch --use_env --no_python``
#: (``templates/launch/_common/launch.j2``: each worker appends ``--local_rank``).
LOCAL_RANK_WORKER = "torch.distributed.launch --use_env --no_python"


@dataclass(frozen=True)
class ToolPrefix:
    """One tool of the source's launch line: its words as written, and whether it wraps each
    process (after the source's last launcher) rather than the launcher."""

    name: str
    text: str
    inner: bool
    #: Its stage's index on the source's launch line.
    at: int = -1


def _word(name: str) -> re.Pattern[str]:
    """``name`` as a command word of a launch line (``nsys``, ``/opt/bin/nsys``)."""
    return re.compile(rf"(?:(?<=\s)|(?<=^))(?:[^\s'\"]*/)?{re.escape(name)}(?=\s|$)")


def _launch_text(source: str) -> str:
    """The source's launch command (its logical line, continuations joined), or ``""``."""
    at = launch_command_line(source)
    return next((text for number, text in logical_lines(source) if number == at), "")


def tool_prefixes(parsed: ParsedScript, source: str) -> list[ToolPrefix]:
    """The tools of the source's launch line that the port keeps (see ``KEPT_TOOLS``)."""
    stages = parsed.launch.stages
    if not any(s.name in KEPT_TOOLS or s.name == "time" for s in stages):
        return []
    text = re.sub(r"\\\n", " ", _launch_text(source))
    found: list[ToolPrefix] = []
    cursor = 0
    for k, stage in enumerate(stages):
        start = _word(stage.name.split()[0]).search(text, cursor)
        if stage.name == "env" and stage.operands and (
                start is None or not text[start.end():].lstrip().startswith(stage.operands[0])):
            # assignments with no `env` word (`apptainer exec IMG OMP_NUM_THREADS=8 python`)
            start = _word(stage.operands[0]).search(text, cursor)
        if start is None:
            continue
        cursor = start.end()
        if stage.name not in KEPT_TOOLS and stage.name != "time":
            continue
        marks = [s.name.split()[0] for s in stages[k + 1:]]
        marks += [s.operands[0] for s in stages[k + 1:] if s.name == "env" and s.operands]
        ends = [m.start() for name in (*marks, parsed.launch.python, parsed.launch.entrypoint)
                if name and (m := _word(name).search(text, cursor))]
        if not ends:
            continue
        words = " ".join(text[start.start():min(ends)].split())
        if stage.name == "time" and not k and _BASH_TIME.fullmatch(words):
            continue  # bash's `time` in front of the whole launch is apply's (_timed)
        if stage.name == "exec" and (k or words != "exec"):
            continue  # bash's `exec` replaces the job's shell: only in front of the launch
        inner = not any(s.name in _RANK_LAUNCHERS for s in stages[k + 1:])
        last = found[-1] if found else None
        if (stage.name == "env" and last is not None and last.name == "env"
                and last.inner == inner and last.at == k - 1):
            # `A=1 B=2 python x.py`: one environment, not one per assignment
            found[-1] = ToolPrefix("env", f"{last.text} {words}", inner, k)
            continue
        found.append(ToolPrefix(stage.name, words, inner, k))
    return found


def _in_front(words: str) -> Callable[[re.Match[str]], str]:
    """A replacement putting ``words`` in front of a matched interpreter word."""
    return lambda m: f"{m.group(1)}{fit_into_quotes(words, m.string[:m.start()])} {m.group(2)} "


def _before_program(words: str) -> Callable[[re.Match[str]], str]:
    """A replacement putting ``words`` in front of a matched program word (group 2)."""
    return lambda m: f"{m.group(1)}{fit_into_quotes(words, m.string[:m.start()])} {m.group(2)}"


def keep_tool_prefixes(script: str, parsed: ParsedScript, source: str, profile: ClusterProfile,
                       entry: str) -> tuple[str, list[str]]:
    """``script`` with the source's tools on its launch, and a note for each."""
    notes: list[str] = []
    for tool in tool_prefixes(parsed, source):
        words = translate_scheduler_vars(tool.text, profile.scheduler)[0]
        if tool.name == "env":
            foreign = [w for w in words.split() if "=" in w and vendor_reason(w, profile)]
            if foreign:
                words = " ".join(w for w in words.split() if w not in foreign)
                notes.append(f"your `{short(' '.join(foreign))}` in front of the program is NOT "
                             f"carried: {vendor_reason(foreign[0], profile)} (the port gives "
                             "the job's processes their GPUs itself)")
                if words in ("", "env"):
                    continue
            network = [w for w in words.split() if "=" in w
                       and site_network(w.strip("'\"").partition("=")[0])]
            if network:
                words = " ".join(w for w in words.split() if w not in network)
                notes.append(f"your `{short(' '.join(network))}` in front of the program is "
                             + network_not_carried(profile.name, network))
                if words in ("", "env"):
                    continue
        if tool.name == "env" and not words.startswith("env") and all(
                s.name in ("time", "env") for s in parsed.launch.stages[:max(tool.at, 0)]):
            # `A=1 python x.py` read by the source's shell as assignments: behind the target's
            # launcher (srun, `exec "$@"`) an assignment word is no assignment, so `env` sets
            # them there (behind the source's own wrapper they stay as written)
            words = f"env {words}"
        if tool.name == "exec" and tool.inner:
            # bash's `exec` is a builtin of the job's shell: behind the target's launcher
            # (`srun exec python`, `uv run exec python`) it is a command that does not exist
            notes.append(f"your `exec` in front of the program is not carried: on "
                         f"{profile.name} the program is started by the port's launch, and "
                         "`exec` (bash's own, replacing the job's shell) cannot run behind a "
                         "launcher or runner; the job's shell waits for the launch instead, "
                         "so a signal sent to the batch shell (`--signal=B:...`) reaches it, "
                         "not the program")
            continue
        if tool.name in _NVIDIA_TOOLS and profile.gpu.vendor != "nvidia":
            notes.append(f"your `{short(words)}` in front of the program is NOT carried: "
                         f"{tool.name} profiles NVIDIA GPUs and {profile.name}'s are "
                         f"{profile.gpu.vendor}'s: profile there with its own tools if you need "
                         "a profile")
            continue
        binding = (f"; its CPU/NUMA numbers are the source node's: check them against a "
                   f"{profile.name} node (`numactl -H`, `lscpu`)"
                   if tool.name in _BINDING_TOOLS else "")
        if tool.name in _SYSTEM_TOOLS:
            binding = (f"; {tool.name} is a system command (an OS package of the source's "
                       f"nodes) that the port cannot check on {profile.name}: run `command -v "
                       f"{tool.name}` on a {profile.name} compute node first (without it the "
                       "launch fails; the program's own off-screen rendering is the way out)")
        if not tool.inner:
            script = prefix_launch(script, words)
            notes.append(f"your `{short(words)}` in front of the launch is kept in front of "
                         f"{profile.name}'s launch command, as in the source" + binding)
            continue
        kept = False
        if LOCAL_RANK_WORKER in script:
            # the source's tool wrapped its torch.distributed.launch (and the processes it
            # starts): in front of the launcher the port keeps, not of each worker it starts
            script, kept = sub_in_launch(script, _MODULE_LAUNCHER, _in_front(words))
        for python in dict.fromkeys(w for w in (profile.software.python, parsed.launch.python,
                                                 "python") if w and not kept):
            # the target's interpreter word; inside a container, the image's (as written)
            script, kept = keep_prefix(script, python, words, entry, parsed.launch.module)
            if kept:
                break
        if not kept and parsed.launch.command and entry:
            # a program that is not Python (a compiled binary): the tool goes right before it
            program = re.compile(rf"(^|\s)({re.escape(shell_word(entry))})(?=\s|$)")
            script, kept = sub_in_launch(script, program, _before_program(words))
        if kept:
            notes.append(f"your `{short(words)}` in front of the program is kept in front of it "
                         f"on {profile.name}'s launch (it wraps each process, as in the source)"
                         + binding)
            continue
        if tool.name == "py-spy" and not {"--subprocesses", "-s"} & set(words.split()):
            # in front of a launcher it samples the launcher alone (with --subprocesses, the
            # processes the launcher starts too: kept in front of it, as the source had it)
            notes.append(f"your `{short(words)}` in front of the program is NOT carried: "
                         f"{profile.name}'s launch starts the program through a launcher, and "
                         "py-spy in front of that would sample the launcher, not your program: "
                         "put it in front of the program by hand (or add --subprocesses)")
            continue
        script, launcher = before_launcher_word(script, words)
        if not launcher:
            script, kept = sub_in_launch(script, _MODULE_LAUNCHER, _in_front(words))
            launcher = "torch.distributed's launcher" if kept else ""
        notes.append(
            f"your `{short(words)}` in front of the program is kept in front of {launcher} on "
            f"{profile.name}'s launch (the target starts the program through {launcher}, which "
            "then runs inside the tool, as the program did in the source)" if launcher else
            f"your `{short(words)}` in front of the program is NOT carried: {profile.name}'s "
            "launch has no interpreter or launcher word to put it in front of: add it by hand")
    return script, notes


#: Commands of the source site's environment (its modules): not carried in a chained prefix.
_SITE_ENV = re.compile(r"(?:^|[;&|]\s*)(?:module|ml)\s")


#: Why a text cannot run on a cluster as written, or "" (``carry.foreign_reason``, passed in
#: by the caller: carry reads this module's ``tool_prefixes``).
ForeignReason = Callable[[str, ClusterProfile], str]


def chain_prefix(parsed: ParsedScript, profile: ClusterProfile,
                 foreign_reason: ForeignReason) -> tuple[str, str]:
    """The commands chained in front of the source's launch on its line (``cd run &&``,
    ``source env.sh &&``, ``echo go;``) as the target's launch keeps them (scheduler
    variables renamed), and ``""``; or ``""`` and why they are not carried (the source
    site's modules, a variable the target's scheduler does not set). ``("", "")`` when the
    launch shares its line with nothing, or with commands after it (named by the launch
    notes)."""
    prefix = parsed.launch_prefix
    if not prefix or parsed.launch_shared != prefix:
        return "", ""
    if _SITE_ENV.search(prefix):
        return "", "it loads the source site's modules (the target's script loads its own)"
    renamed = translate_scheduler_vars(prefix, profile.scheduler, parsed.grid_engine)[0]
    why = foreign_reason(renamed, profile)
    return ("", why) if why else (renamed, "")


def keep_chain_prefix(script: str, parsed: ParsedScript, profile: ClusterProfile,
                      foreign_reason: ForeignReason, source: str = "") -> tuple[str, list[str]]:
    """``script`` whose launch command has the source's chained commands in front of it, as
    written (``cd run && srun ...`` -> ``cd run && mpiexec ...``), and a note. ``source``:
    the source's own text of them when the launches among them were ported in place."""
    kept, _ = chain_prefix(parsed, profile, foreign_reason)
    if not kept:
        return script, []
    # `a; b;` in front of the launch: on a line of its own above the launch's directive, as
    # the source ran it; not when launches are among them (they run on the launch's line,
    # under the shell options the port gives that line, as in the source)
    alone = kept.endswith(";") and not parsed.chained_launches
    ported = (_before_directive(script, kept) if alone else "") or prefix_launch(script, kept)
    shown = short(source or kept)
    if ported == script:
        return script, [f"your `{shown}` in front of the launch is NOT carried: "
                        f"{profile.name}'s script has no launch command to put it in front "
                        "of: add it by hand"]
    how = (f", the launches in it given {profile.name}'s launch in place (see their notes)"
           if source else ", as in the source")
    return ported, [f"your `{shown}` chained in front of the launch (same line) is kept "
                    f"in front of {profile.name}'s launch command{how}"]


def bash_timed(parsed: ParsedScript, source: str) -> bool:
    """Whether the source's launch starts with bash's ``time`` keyword (``time srun ...``,
    ``time -p python ...``), not the ``time`` program (``/usr/bin/time -v``, kept as a tool)."""
    stages = parsed.launch.stages
    return bool(stages) and stages[0].name == "time" and not any(
        t.at == 0 for t in tool_prefixes(parsed, source))


def _before_directive(script: str, kept: str) -> str:
    """``script`` with ``kept`` (commands ending in ``;``, run before the launch as on a line
    of their own) put above the shellcheck directive over the launch command, so the
    directive still applies to the launch; ``""`` when no directive is there."""
    span = launch_command_span(script)
    if span is None:
        return ""
    lines, start, _ = span
    if start == 0 or not lines[start - 1].lstrip().startswith("# shellcheck "):
        return ""
    indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
    lines.insert(start - 1, f"{indent}{kept}")
    return "\n".join(lines)
