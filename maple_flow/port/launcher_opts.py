"""The user's own options to a per-node launcher (``accelerate launch --config_file my.yaml
--mixed_precision bf16``, ``torchrun --max_restarts 3``): the target's launch sets the job's
size and rendezvous itself; everything else the user gave the launcher is carried onto the
target's launch of the same launcher, or named in a note when the target starts the program
another way."""

from __future__ import annotations

import re

from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import COLOSSAL_RUN, Stage
from maple_flow.shellquote import shell_word

#: Launcher options that set the job's size, ranks or rendezvous: the target's launch sets them.
_TOPOLOGY = {
    "accelerate": {"--num_machines", "--num-machines", "--num_processes", "--num-processes",
                   "--machine_rank", "--machine-rank", "--main_process_ip", "--main-process-ip",
                   "--main_process_port", "--main-process-port", "--rdzv_backend",
                   "--rdzv-backend", "--multi_gpu", "--multi-gpu",
                   "--same_network", "--same-network", "--gpu_ids", "--gpu-ids"},
    "torchrun": {"--nnodes", "--nproc_per_node", "--nproc-per-node", "--node_rank",
                 "--node-rank", "--master_addr", "--master-addr", "--master_port",
                 "--master-port", "--rdzv_backend", "--rdzv-backend", "--rdzv_endpoint",
                 "--rdzv-endpoint", "--rdzv_id", "--rdzv-id", "--rdzv_conf", "--rdzv-conf",
                 "--standalone", "--use_env", "--use-env"},
    "deepspeed": {"--num_nodes", "--num-nodes", "--num_gpus", "--num-gpus", "--hostfile",
                  "-H", "--master_addr", "--master_port", "--include", "-i", "--exclude",
                  "-e", "--launcher", "--launcher_args", "--no_ssh", "--no_ssh_check",
                  "--node_rank", "--ssh_port", "--force_multi", "--bind_cores_to_rank"},
}


#: ``colossalai run``'s own options (read as torchrun's): where and how many, set by the
#: target's launch, and ``--extra_launch_args``, torchrun options written ``k=v,k2=v2``.
_COLOSSAL_HOSTS = {"--host", "--hosts", "--hostfile", "--include", "--exclude", "--num_nodes",
                   "--ssh-port", "--ssh_port"}


def _topology_of(stage: Stage) -> set[str]:
    extra = _COLOSSAL_HOSTS if stage.via == COLOSSAL_RUN else set()
    return _TOPOLOGY[stage.name] | extra


def _colossal_notes(p: ParsedScript) -> list[str]:
    """What became of ``colossalai run``: its hosts and torchrun's own launch."""
    stage = p.launch.stage("torchrun")
    if stage is None or stage.via != COLOSSAL_RUN:
        return []
    given = [f"`{k}{'' if v is None else ' ' + v}`" for k, v in stage.options
             if k in _COLOSSAL_HOSTS or k == "--extra_launch_args"]
    hosts = (f"; its host choice {', '.join(given)} is not carried: the target's launch runs on "
             "the nodes the scheduler gives the job" if given else "")
    return ["the source started the program with `colossalai run`, ColossalAI's launcher that "
            "runs torchrun on each host: on the target its ranks get the variables torchrun "
            "sets (RANK, LOCAL_RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT), which the program's "
            "colossalai.launch_from_torch reads" + hosts]


#: deepspeed's own multi-node machinery (deepspeed --help): where its ranks run and how it
#: reaches the other hosts. The target's launch replaces all of it.
_DEEPSPEED_HOSTS = ("--hostfile", "-H", "--launcher", "--launcher_args", "--launcher-args",
                    "--master_addr", "--master-addr", "--include", "-i", "--exclude", "-e",
                    "--no_ssh", "--no_ssh_check", "--node_rank", "--node-rank", "--ssh_port",
                    "--num_nodes", "--num-nodes", "--force_multi")


def _deepspeed_hosts_notes(p: ParsedScript, target: str) -> list[str]:
    """What became of deepspeed's own multi-node launch (``--hostfile $HOSTFILE --launcher
    slurm``, ``--no_ssh --node_rank=$SLURM_NODEID``): named, with what replaces it."""
    stage = p.launch.stage("deepspeed")
    if stage is None:
        return []
    given = [(k, v) for k, v in stage.options if k in _DEEPSPEED_HOSTS]
    if not given:
        return []
    shown = ", ".join(f"`{k}{'' if v is None else ' ' + v}`" for k, v in given)
    names = {k for k, _ in given}
    how = ""
    runner = stage.get("--launcher")
    if runner:
        how = (f" (deepspeed's `--launcher {runner}` started the ranks on the hosts itself"
               + (": a Slurm-only launch" if runner.lower() == "slurm" else "") + ")")
    elif names & {"--no_ssh", "--node_rank", "--node-rank"}:
        how = (" (deepspeed ran once per node, each told its node rank and the master "
               "address: started per node by hand or by the job's tasks)")
    elif names & {"--hostfile", "-H", "--include", "-i", "--exclude", "-e"}:
        how = " (deepspeed reached the hosts of its hostfile itself, over ssh/pdsh)"
    return [f"the source's deepspeed ran its own multi-node launch{how}: {shown}; not "
            f"carried to {target}, whose launch starts every node's ranks on the nodes the "
            "scheduler gives the job, so a hostfile the script writes for deepspeed is no "
            "longer read by the launch. deepspeed also passed the program `--local_rank=N`; "
            "the target's launch gives LOCAL_RANK (and RANK, WORLD_SIZE) in the environment "
            "instead: if the program requires the --local_rank argument, read LOCAL_RANK"]


def _is_topology(name: str, topology: set[str]) -> bool:
    """``name`` is one of ``topology``, or a prefix only of such options (the launchers'
    argparse takes ``--nproc_per_nod`` for ``--nproc_per_node``)."""
    if name in topology:
        return True
    return name.startswith("--") and len(name) >= 6 and any(t.startswith(name) for t in topology)


def _names_launcher(command: str, launcher: str) -> bool:
    """``command`` runs ``launcher`` itself (``deepspeed ...``), not only a program option
    that spells it (``torchrun ... train.py --deepspeed``)."""
    return re.search(rf"(?<![-\w/.]){re.escape(launcher)}(?![-\w])", command) is not None


def user_launcher_options(p: ParsedScript) -> tuple[str, list[str]]:
    """(launcher, its options the user gave that are not size or rendezvous), as words."""
    stage = next((s for s in reversed(p.launch.stages) if s.name in _TOPOLOGY), None)
    if stage is None:
        return "", []
    words: list[str] = []
    for name, value in stage.options:
        if _is_topology(name, _topology_of(stage)) or name == "--extra_launch_args":
            continue
        words += [name] if value is None else [name, shell_word(value)]
    return stage.name, words


#: DeepSpeed's own options that the program parses (``deepspeed.add_config_arguments``), not
#: the launcher: ``--deepspeed_config ds.json`` reaches the program wherever it was written.
_DEEPSPEED_PROGRAM_OPTS = frozenset({"--deepspeed", "--deepspeed_config", "--deepscale",
                                     "--deepscale_config"})
#: A launch line that ends in a shell operator (a redirect, a pipe, ``&``): nothing is appended.
_TAIL_OPERATOR = re.compile(r"[<>|&;]|\\\s*$")


def _program_side(launcher: str, words: list[str]) -> tuple[list[str], list[str]]:
    """``words`` (the user's launcher options) split into those the program itself reads
    (deepspeed's ``--deepspeed_config X``) and the rest."""
    if launcher != "deepspeed":
        return [], words
    moved: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(words):
        name = words[i].split("=", 1)[0]
        takes = (name in _DEEPSPEED_PROGRAM_OPTS and "=" not in words[i]
                 and name.endswith("_config") and i + 1 < len(words))
        group = words[i:i + 2] if takes else words[i:i + 1]
        (moved if name in _DEEPSPEED_PROGRAM_OPTS else rest).extend(group)
        i += len(group)
    return moved, rest


def carry_launcher_options(script: str, p: ParsedScript, target: str) -> tuple[str, list[str]]:
    """``script`` with the user's launcher options in front of the program on the target's
    launch of the same launcher; notes on what was carried or could not be."""
    from maple_flow.scriptparse.script import launch_command_line

    launcher, words = user_launcher_options(p)
    picked = _device_pick_notes(p, target) + _colossal_notes(p) + _deepspeed_hosts_notes(p, target)
    if not words:
        return script, picked
    shown = " ".join(words)
    at = launch_command_line(script)
    lines = script.split("\n")
    end = (at or 0) - 1
    while at is not None and end < len(lines) - 1 and lines[end].rstrip().endswith("\\"):
        end += 1
    command = "\n".join(lines[(at or 1) - 1:end + 1])
    if at is None or not _names_launcher(command, launcher) or "\\" not in command:
        moved, rest = _program_side(launcher, words)
        given: list[str] = []  # as before: only the note on the options not carried
        if moved and at is not None and not _TAIL_OPERATOR.search(lines[end]):
            lines[end] = f"{lines[end].rstrip()} {' '.join(moved)}"
            script = "\n".join(lines)
            given.append(f"the source gave {launcher} `{' '.join(moved)}`, which DeepSpeed "
                          "reads from the program's own arguments (deepspeed.add_config_"
                          f"arguments), not as a launcher option; {target} starts the program "
                          "without deepspeed: passed to the program, after its arguments")
        if not rest:
            return script, given
        return script, [
            *given,
            f"the source gave {launcher} `{' '.join(rest)}`; {target} starts the program "
            f"without {launcher}: make those settings in the program or its environment"]
    body = lines[end]
    indent = body[:len(body) - len(body.lstrip())]
    lines[end] = f"{indent}{shown} {body.lstrip()}"
    notes = [f"your {launcher} options kept on the target's launch: `{shown}`"]
    if launcher == "accelerate" and ("--config_file" in words or "--config-file" in words):
        span = range((at or 1) - 1, end + 1)
        if any("--multi_gpu " in lines[i] for i in span):
            for i in span:
                lines[i] = lines[i].replace("--multi_gpu ", "")
            notes.append("the target's launch does not add --multi_gpu: given on the command "
                         "line it makes accelerate ignore your config file's distributed type "
                         "(FSDP, DeepSpeed), so your config decides it, as in the source")
    return "\n".join(lines), notes + picked


#: Launcher options that pick devices of the source's nodes by their index.
_DEVICE_PICKS = {"deepspeed": ("--include", "-i", "--exclude", "-e"),
                 "accelerate": ("--gpu_ids", "--gpu-ids")}


def _device_pick_notes(p: ParsedScript, target: str) -> list[str]:
    """A note for each device choice of the source's launcher (``deepspeed --include
    localhost:1,2``): not carried, the target's job uses the GPUs its scheduler gives it."""
    notes = []
    for stage in p.launch.stages:
        for name, value in stage.options:
            if name in _DEVICE_PICKS.get(stage.name, ()) and value and value != "all":
                notes.append(f"the source's `{stage.name} {name} {value}` picked GPUs of its "
                             f"node(s) by index: not carried; on {target} the launch uses the "
                             "GPUs the scheduler gives the job")
    return notes
