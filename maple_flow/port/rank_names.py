"""The source launcher's own per-rank variables on a target whose launcher is another (issue 14).

``srun python x.py`` gives each process SLURM_PROCID, SLURM_LOCALID, SLURM_NODEID and SLURM_NTASKS,
and a program may take its rank from them itself (JAX's ``jax.distributed.initialize()`` with no
arguments, Lightning's SLURMEnvironment, ``int(os.environ["SLURM_PROCID"])``). Under PALS mpiexec
(PBS) they are unset; under ibrun or mpirun on a Slurm target they hold the batch step's or the MPI
launcher's one task per node, not the rank's. Where the data says so (``per_rank`` in
``templates/schedulers/variables.yaml``, ``recreate``) the port sets them in each rank from the
target's own rank; else, and for the job-wide facts no target launcher can give (SLURM_JOB_ID and
the node list on a PBS target), a note names them and what to do instead. The port cannot read
the program: the note says what a program that reads them needs, not that it does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maple_flow.knowledge.scheduler_vars import LauncherRanks, scheduler_vars
from maple_flow.knowledge.site_commands import site_command
from maple_flow.models.profile import ClusterProfile
from maple_flow.port.user_wrapper import wrapper_prefix
from maple_flow.scriptparse.launch import PER_RANK_LAUNCHERS
from maple_flow.scriptparse.script import ParsedScript


@dataclass
class SourceRankNames:
    """What the port does for the source launcher's per-rank names: those it sets in each rank
    (name -> role), and the note."""

    rank_vars: dict[str, str] = field(default_factory=dict)
    note: str = ""


def source_launcher(p: ParsedScript, text: str) -> str:
    """The parallel launcher that starts the source's ranks as the script ``text`` writes it
    (``srun``), or ``""`` (also for one read as another: ``aprun``, ``jsrun`` or
    ``mpiexec.hydra`` read as ``mpiexec`` set other names)."""
    stage = next((s for s in p.launch.stages if s.name in PER_RANK_LAUNCHERS), None)
    if stage is None or stage.via:
        return ""
    written = re.compile(rf"^[^#\n]*(?<![\w./-]){re.escape(stage.name)}(?![\w.-])", re.M)
    return stage.name if written.search(text) else ""


def _names(data: LauncherRanks) -> list[str]:
    return [*data.names.values(), *data.also]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _host_list_note(name: str) -> str:
    """What a program that takes its rendezvous host from ``name`` gets where it is unset:
    Lightning's SLURMEnvironment reads ``SLURM_NODELIST`` (127.0.0.1 when unset) and writes it
    over MASTER_ADDR (lightning/fabric/plugins/environments/slurm.py ``main_address``)."""
    return (f"; Lightning's SLURMEnvironment takes the rendezvous host from {name} (127.0.0.1 "
            "when unset) and writes it over MASTER_ADDR, so on more than one node its ranks "
            f"do not meet: set `export {name}=\"$MASTER_ADDR\"` before the launch, or give the "
            "Trainer another cluster environment")


def source_rank_names(p: ParsedScript, text: str, profile: ClusterProfile,
                      rank_vars: dict[str, str]) -> SourceRankNames:
    """The source launcher's per-rank names the port sets per rank on ``profile`` and the note
    that says so; empty when the launchers are the same, when the source's launcher has no data,
    or when the script itself gives the program its rank (``RANK=$SLURM_PROCID`` per rank)."""
    launcher = source_launcher(p, text)
    target = profile.launch.launcher
    table = scheduler_vars().per_rank
    data = table.get(launcher)
    if data is None or launcher == target or any(r == "rank" for r in rank_vars.values()):
        return SourceRankNames()
    own = set(_names(table[target])) if target in table else set()
    missing = [n for n in _names(data) if n not in own]
    if not missing:
        return SourceRankNames()
    where = f"{target} on {profile.name}"
    wrapper = p.launch.wrapper_script if p.launch.wrapper_script in {
        s.name for s in p.launch.stages} else ""
    if wrapper and (site_command(wrapper, profile.id) is not None
                    or not wrapper_prefix(p)):  # a centre's helper or a launcher: not kept
        wrapper = ""
    if not data.recreate and wrapper:
        # a user's wrapper in front of the program under this launcher commonly maps the
        # launcher's own rank names to the program's (RANK=$PALS_RANKID): given them here
        added = {name: role for role, name in data.names.items() if name not in rank_vars}
        return SourceRankNames(rank_vars=added, note=(
            f"your wrapper {wrapper} ran under {launcher} ({data.where or launcher}), which "
            f"gave each process {_and(list(data.names.values()))}; the port cannot see inside "
            f"it, and a wrapper there commonly reads them (`export RANK=${data.names['rank']}`): "
            f"{where} does not set them, so the port's launch sets {_and(list(added))} in each "
            f"rank from {target}'s own rank, before the wrapper runs"))
    if not data.recreate:
        under = f"{data.where}: " if data.where else ""
        return SourceRankNames(note=(
            f"if the program reads {launcher}'s own per-rank variables itself ({under}"
            f"{_and(missing)}; the port does not read the program), {where} is not known to set "
            "them: "
            "make it read RANK, LOCAL_RANK and WORLD_SIZE, which the port's launch gives each "
            "rank (an MPI rank from mpi4py or Horovod is unchanged)"))
    added = {name: role for role, name in data.names.items() if name not in rank_vars}
    same_scheduler = profile.scheduler == p.scheduler
    steps = data.step if same_scheduler else {}
    added |= {name: "node_list" for name in steps if name not in rank_vars}
    note = (f"{launcher} gave each process {_and(list(data.names.values()))}, which {where} "
            f"does not give each rank: the port's launch sets {_and(list(added))} in each rank "
            f"from {target}'s own rank, so a program that takes "
            "its rank from them itself (Lightning's SLURMEnvironment, "
            f"`int(os.environ[\"{data.names['rank']}\"])`; the port does not read the program) "
            "gets its own")
    if steps:
        note += (f"; {_and(list(steps))} is set to the job's node list ("
                 f"{_and(list(steps.values()))}), which JAX's jax.distributed.initialize() reads "
                 "with them")
    absent = [n for n in data.job if n not in steps and not same_scheduler]
    if absent:
        note += (f"; but {profile.name} runs {profile.scheduler.upper()}: {_and(absent)} are "
                 "not set, so a program that finds its cluster from them does not start: "
                 "jax.distributed.initialize() with no arguments finds no cluster (pass "
                 "coordinator_address=f\"{MASTER_ADDR}:{MASTER_PORT}\", num_processes=WORLD_SIZE "
                 "and process_id=RANK from the environment the port sets), and code that reads the "
                 "first host of the node list (scontrol show hostnames) must read MASTER_ADDR")
        if data.host_list in absent:
            note += _host_list_note(data.host_list)
    return SourceRankNames(rank_vars=added, note=note)
