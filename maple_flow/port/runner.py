"""The user's environment runner (``uv run --locked``, ``pixi run``, ``conda run -n env``)
kept around the program: it is the user's, not the site's. It goes in front of the target's
interpreter word (``uv run --locked python train.py``), or, where the launch has none, in front
of the target's per-node launcher (``uv run torchrun ...``: the project's own torchrun); the note
says the project must be installed on the target."""

from __future__ import annotations

from maple_flow.models import ClusterProfile
from maple_flow.port.interpreter import keep_prefix
from maple_flow.port.stages import before_launcher_word
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import ENV_RUNNERS, Stage
from maple_flow.shellquote import shell_word

#: How each runner installs the project's environment on a new machine.
_INSTALL = {"uv": "uv sync", "rye": "rye sync", "pixi": "pixi install", "poetry": "poetry install",
            "pdm": "pdm install", "hatch": "hatch env create", "pipenv": "pipenv install",
            "conda": "conda env create -f <your environment file>",
            "mamba": "mamba env create -f <your environment file>",
            "micromamba": "micromamba create -f <your environment file>"}


def runner_stage(p: ParsedScript) -> Stage | None:
    """The launch's environment runner stage (``uv run ...``), or None."""
    return next((s for s in p.launch.stages if s.name.endswith(" run")
                 and s.name.split()[0] in ENV_RUNNERS), None)


def runner_prefix(stage: Stage) -> str:
    """``uv run --locked --python 3.11``: the runner as the user wrote it (its path too,
    ``~/.local/bin/uv run``: in a batch shell the tool may not be on $PATH)."""
    tool, verb = stage.name.split()
    return " ".join([stage.via or tool, verb, *(shell_word(w) for w in stage.operands)])


def keep_runner(script: str, p: ParsedScript, profile: ClusterProfile, entry: str,
                size: tuple[int, int, int]) -> tuple[str, list[str]]:
    """``script`` with the source's environment runner kept around the program, and the note
    on it (or, where the launch has no place for it, the note that it is not carried);
    ``size``: the port's nodes, processes per node and processes."""
    stage = runner_stage(p)
    if stage is None:
        return script, []
    prefix = runner_prefix(stage)
    tool = stage.name.split()[0]
    script, kept = keep_prefix(script, profile.software.python, prefix, entry, p.launch.module)
    where, starts = "the target's interpreter", size[2]  # each process starts it
    if not kept:
        script, launcher = before_launcher_word(script, prefix)
        kept, starts = bool(launcher), size[0]  # one launcher a node starts it
        where = f"the target's {launcher} (the {launcher} of your project's environment)"
    if not kept:
        return script, [
            f"`{prefix}` (your project's environment) in front of the launch is not carried: "
            f"the target's launch has no interpreter word to put it in front of, so it runs "
            f"{profile.name}'s Python; activate your project's environment before the launch, "
            "or put it back in front of the program"]
    return script, [
        f"`{prefix}` (your project's environment, not the site's) is kept in front of {where}: "
        f"install the project on {profile.name} first (`{_INSTALL[tool]}` in its "
        f"directory); the Python and PyTorch that run are the project's, not "
        f"{profile.name}'s modules: they must be built for its GPUs"
        + (f" and its {profile.node.arch} CPUs (an environment made on x86_64 nodes does not "
           "run there)" if profile.node.arch and profile.node.arch != "x86_64" else "")
        + ("; several processes start it at once: sync once before the launch and run with "
           "`--frozen` so they do not sync together" if tool == "uv" and starts > 1
           and "--frozen" not in stage.operands and "--no-sync" not in stage.operands else "")]
