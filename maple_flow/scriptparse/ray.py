"""A Ray cluster the job starts itself (``ray start --head`` on the first node, ``ray start
--address`` on the others, then a driver): read to refuse with the reason, since the port
does not carry the per-node start of another site's Ray processes."""

from __future__ import annotations

import re

from maple_flow.scriptparse.launch import with_other_names
from maple_flow.scriptparse.shell import Block, ShellCommand

#: ``ray`` subcommands that start, stop or use a Ray cluster from the job script.
_SUBCOMMANDS = frozenset({"start", "stop", "status", "disable-usage-stats", "up", "down",
                          "job", "submit", "exec", "attach", "health-check"})


#: Launchers a Ray step starts under (with their other names: orterun).
_STEP_LAUNCHERS = with_other_names({"srun", "mpirun", "mpiexec"})


def _runs_ray(cmd: ShellCommand) -> bool:
    words = cmd.words
    return any(w.rsplit("/", 1)[-1] == "ray" and words[i + 1] in _SUBCOMMANDS
               for i, w in enumerate(words[:-1]))  # also by its path (``$ENV/bin/ray start``)


#: The subcommands that start, join or use a running Ray cluster (not ``stop``/``status``).
_STARTS = frozenset({"start", "up", "job", "submit", "exec", "attach"})


def _ray_verbs(cmd: ShellCommand) -> set[str]:
    """The subcommands ``cmd`` gives ``ray`` (``{"stop"}`` for ``ray stop || true``)."""
    words = cmd.words
    return {words[i + 1] for i, w in enumerate(words[:-1]) if w.rsplit("/", 1)[-1] == "ray"}


def ray_commands(blocks: list[Block]) -> list[ShellCommand]:
    """The commands of the script that run ``ray <subcommand>`` (also under srun/ssh)."""
    return [cmd for block in blocks for cmd in block.commands if _runs_ray(cmd)]


def _helper_scripts(blocks: list[Block]) -> list[ShellCommand]:
    """Commands that run a shell script of the user's (``./raymaster.sh NODE``): where a Ray
    job's head and workers are often started."""
    return [cmd for block in blocks for cmd in block.commands
            if cmd.words and cmd.words[0].endswith(".sh") and "/" in cmd.words[0]]


def _submitted_driver(found: list[ShellCommand]) -> str | None:
    """The program a ``ray job submit ... -- python -m pkg.main ...`` hands the cluster
    (``pkg.main``, or its .py file), with the line; None when the job submits none."""
    for cmd in reversed(found):
        words = list(cmd.words)
        at = next((i for i in range(len(words) - 2) if words[i].rsplit("/", 1)[-1] == "ray"
                   and words[i + 1:i + 3] == ["job", "submit"]), None)
        if at is None or "--" not in words[at:]:
            continue
        tail = words[words.index("--", at) + 1:]
        module = next((tail[i + 1] for i in range(len(tail) - 1) if tail[i] == "-m"), None)
        program = module or next((w for w in tail if w.endswith(".py")), None)
        program = program or " ".join(tail)[:80]  # a command it hands over (`sh -c ...`)
        if program:
            return f"{program} (submitted by `ray job submit` on line {cmd.line})"
    return None


#: Shell builtins: a launcher cannot start one as a program (``srun -w $HEAD cd $DIR``).
_BUILTINS = frozenset({"cd", "pushd", "popd", "export", "source", ".", "echo", "true", ":",
                       "set", "unset", "wait", "sleep", "exit"})
_REF = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")


def _expanded(word: str, values: dict[str, str]) -> str:
    """``word`` with the script's plain assignments put in (twice, for one level of nesting)."""
    for _ in range(2):
        word = _REF.sub(lambda m: values.get(m.group(1), m.group(0)), word)
    return word


def _driver_past_builtin(blocks: list[Block], builtin: str) -> tuple[str, str] | None:
    """Where the launch read as the driver runs a shell builtin (``srun -w "$head" cd $DIR &
    bash $JOB_SCRIPT``): the command after it in its block, which the batch shell runs, and
    what to say of it (its value where the script sets it); None where there is none."""
    values = {k: v.strip("'\"") for b in blocks for c in b.commands for k, v in c.assignments}
    for block in blocks:
        cmds = list(block.commands)
        for i, cmd in enumerate(cmds):
            if builtin not in cmd.words[1:] or cmd.words[0] not in _STEP_LAUNCHERS:
                continue
            after = next((c for c in cmds[i + 1:] if c.words and c.words[0] not in _BUILTINS),
                         None)
            if after is None:
                return None
            written = " ".join(after.words)
            value = _expanded(written, values)
            return written, (f" (line {after.line}" + (f", i.e. `{value}`" if value != written
                                                        else "")
                             + f"; the `{cmd.words[0]} ... {builtin}` before it starts a shell "
                             "builtin, which a launcher cannot run as a program)")
    return None


def ray_cluster_reason(blocks: list[Block], driver: str | None) -> str:
    """Why a job that starts Ray itself is not ported, or ``""`` when it runs no ``ray``."""
    found = ray_commands(blocks)
    if not any(_STARTS.intersection(_ray_verbs(c)) for c in found):
        # `ray stop || true`, `ray status`: housekeeping of a Ray the job does not start
        # itself (a driver that calls ray.init() starts its own, in its one process)
        return ""
    if driver and driver.rsplit("/", 1)[-1] == "ray":
        driver = None  # `srun ray start ...` read as a launch: Ray itself, not the driver
    detail = ""
    if driver in _BUILTINS:
        past = _driver_past_builtin(blocks, driver)
        driver, detail = past if past else (None, "")
    driver = driver or _submitted_driver(found)
    shown = "; ".join(f"line {c.line} `{c.text.strip()}`" for c in found[:3])
    helpers = _helper_scripts(blocks)
    if helpers:
        shown += "; scripts it runs: " + ", ".join(
            f"`{c.words[0]}` (line {c.line})" for c in helpers[:4])
    starts = ("its Ray processes are started by the job itself" if any(
        "start" in c.words for c in found) else "it runs Ray's own commands")
    if driver is None:
        return (f"the job runs Ray ({shown}): {starts} and no training program of its own "
                "(it joins or manages a Ray cluster whose driver runs elsewhere); there is no "
                "launch to port: start Ray on the target with its site's recipe (one `ray "
                "start` per node through its per-node launcher) and run the driver there")
    return (f"the job starts a Ray cluster ({shown}): {starts} on its nodes, then the driver "
            f"`{driver}`{detail} connects to it; the port does not carry a Ray cluster to another "
            "site (the head and one worker per node must be started through the target's "
            "per-node launcher with its GPUs per node, also where helper scripts start them): "
            f"start Ray with the target site's recipe and keep `{driver}` as the job's one "
            "driver process on the first node, then port that script")


__all__ = ["ray_cluster_reason", "ray_commands"]
