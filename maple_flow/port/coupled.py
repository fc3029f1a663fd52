"""Program options tied to the source scheduler (``--launcher slurm``, ``--slurm True``,
``trainer.plugins=SLURMEnvironment``): a port to a target with another scheduler keeps the user's
arguments verbatim, so it names each such option on its line, with what to write instead (the
data: ``templates/sites/scheduler_options.yaml``)."""

from __future__ import annotations

from maple_flow.knowledge.scheduler_options import coupled_options
from maple_flow.models import ClusterProfile
from maple_flow.scriptparse.script import ParsedScript, launch_command_line


def scheduler_option_notes(parsed: ParsedScript, text: str, profile: ClusterProfile) -> list[str]:
    """One note per option of the launch's program that needs a scheduler ``profile`` lacks."""
    launch = parsed.launch
    found = [(w, o) for w, o in coupled_options(list(launch.args))
             if o.scheduler != profile.scheduler]
    if not found:
        return []
    line = launch_command_line(text)
    where = f"line {line}: " if line else ""
    program = launch.entrypoint or "the program"
    notes = []
    for written, opt in found:
        change = opt.change.get(profile.scheduler, "change or drop it for "
                                f"{profile.scheduler}")
        notes.append(
            f"{where}the program option `{written}` ties {program} to {opt.scheduler.capitalize()}:"
            f" {opt.what}. {profile.name} runs {profile.scheduler.upper()} with "
            f"{profile.launch.launcher}, which does not set them: kept as written, the program "
            f"finds them unset when it starts; {change} (the option is left as you wrote it: "
            "the port does not know which values your program takes)")
    return notes
