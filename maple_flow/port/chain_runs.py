"""The other launches on the launch's own line (``python a.py && srun python b.py; python
c.py``), ported in place: the commands chained in front of the job's launch or after it are
split as bash reads them (:mod:`maple_flow.scriptparse.chain`); each one that starts a program
(a launch of its own, :func:`maple_flow.port.stages.port_stage`) is replaced by the target's
launch of the same program, its arguments, redirections and the operators between the commands
kept as written. A launch whose target form needs lines of its own (more than one command)
cannot stand in the chain: the port is refused, naming it."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from maple_flow.port.words import short
from maple_flow.scriptparse.chain import chain_parts

if TYPE_CHECKING:
    from maple_flow.models import ClusterProfile
    from maple_flow.port.carry import Source
    from maple_flow.scriptparse.steps import Step

#: The stand-in for the job's launch where the chained text is read (``TEXT :`` / ``: TEXT``).
_STAND_IN = ":"
#: ``export A="x" B=y``: the environment a template writes just above a launch command.
_EXPORT = re.compile(r"^export\s+((?:[A-Za-z_]\w*=(?:\"[^\"]*\"|'[^']*'|[^\s\"';&|]*)\s*)+)$")


@dataclass
class ChainPorted:
    """The chained text with its launches ported, the notes on them, and the refusals."""

    text: str
    notes: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)


def port_chain_runs(text: str, side: Literal["before", "after"], src: Source,
                    profile: ClusterProfile, size: tuple[int, int, int], script: str,
                    set_before: set[str] | None = None) -> ChainPorted:
    """``text`` (the commands chained ``before`` the job's launch on its line, ending in an
    operator, or ``after`` it, starting with one) with each launch among them replaced by the
    target's launch of the same program; the rest kept as written. ``script``: the port so
    far, whose lines above its launch (the same ``export``) need not be repeated."""
    out = ChainPorted(text)
    above = {line.strip() for line in script.split("\n")}
    if not text.strip():
        return out
    probe = f"{text} {_STAND_IN}" if side == "before" else f"{_STAND_IN} {text}"
    parts = chain_parts(probe)
    if parts is None or len(parts) < 2:
        return out
    number = src.parsed.launch_block.line if src.parsed.launch_block else 0
    own = parts[-1] if side == "before" else parts[0]
    for part in reversed(parts):
        if part is own:
            continue
        step = _launch_step(part.text, src)
        if step is None:
            continue
        ported = _ported_command(replace(step, line=number), src, profile, size, set_before,
                                 above, out)
        if ported is not None:
            probe = probe[:part.start] + ported + probe[part.end:]
    cut = len(_STAND_IN) + 1
    out.text = probe[:-cut] if side == "before" else probe[cut:]
    out.notes.reverse()
    return out


def _launch_step(text: str, src: Source) -> Step | None:
    """The launch of its own that ``text`` (one command or pipeline of the chain) runs, as a
    step of the whole command (a pipeline into ``tee`` with it), or None."""
    from maple_flow.scriptparse.steps import chained_steps

    steps = chained_steps(text, src.parsed)
    launches = [s for s in steps if s.launch]
    if len(launches) != 1:
        return None
    return launches[0] if len(steps) == 1 else replace(launches[0], text=text.strip())


def _ported_command(step: Step, src: Source, profile: ClusterProfile,
                    size: tuple[int, int, int], set_before: set[str] | None,
                    above: set[str], out: ChainPorted) -> str | None:
    """The target's launch of ``step`` as one command (the template's exports above it put
    in front of it as its environment, unless the port exports the same above the line),
    a note in ``out``; or None and a refusal (or, for a
    command the port does not copy, a note) in ``out``."""
    from maple_flow.port.stages import dropped, port_stage

    lines, note = port_stage(step, src, profile, size, set_before)
    if not lines:
        (out.notes if dropped(step, lines) else out.refusals).append(note)
        return None
    env: list[str] = []
    for line in lines[:-1]:
        found = _EXPORT.match(line.strip())
        if line.strip().startswith("#") or not line.strip() or line.strip() in above:
            continue  # a comment, or the same export the port writes above the line
        if found is None:
            out.refusals.append(
                f"line {step.line} `{short(step.text)}`, chained on one line with the job's "
                f"launch, needs lines of its own on {profile.name} (`{short(line.strip())}` "
                "before its launch), which cannot stand inside the chain: put it on a line of "
                "its own and port the script again")
            return None
        env += shlex.split(found.group(1), posix=False)
    command = " ".join([*env, lines[-1]])
    out.notes.append(f"{note} (in place on its line, chained as in the source)")
    return command
