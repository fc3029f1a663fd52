"""An environment the job builds in a node's local storage, on a port that adds nodes.

A one-node source may build its Python environment in the node's own disk (``virtualenv
$SLURM_TMPDIR/env``, ``UV_PROJECT_ENVIRONMENT=/var/tmp/me/venv uv sync``, ``python -m venv
/tmp/env``) in the batch shell: there it is the only node, so every rank finds it. A port that
spreads the job over more nodes (a target node with fewer GPUs) runs those set-up steps on the
first node only, and the ranks of the other nodes find no environment there. The port cannot
know where the user wants it instead, so it refuses with the choices, unless the source already
ran on several nodes (then the step is the user's, kept as written).

The same holds for data the batch shell stages into a node's local storage (``cp data.tar /tmp``,
``tar -xf ... -C /tmp``, ``rsync ... $SLURM_TMPDIR``) when the program reads it from there
(``--data-path /tmp/codes``): on the port's other nodes the ranks would not find the files
(s24multirun: a 4-GPU one-node job spread over 2 nodes of 3 GPUs)."""

from __future__ import annotations

import re

from maple_flow.models import ClusterProfile
from maple_flow.port.carry import Source
from maple_flow.port.words import short
from maple_flow.scriptparse.launch import launcher_pattern
from maple_flow.scriptparse.values import expand

#: A node's own storage: its temporary directories (and the per-job one some sites set).
_NODE_LOCAL = re.compile(
    r"^[\"']?(?:/tmp|/var/tmp|/dev/shm|\$\{?(?:SLURM_TMPDIR|TMPDIR|LOCAL_SCRATCH|TMP)\}?)(?:/|[\"']?$)")
#: A command that builds a Python environment in a directory (the directory's group).
_BUILDERS = (
    re.compile(r"\bvirtualenv\b(?:\s+-{1,2}[\w-]+(?:=\S+)?)*\s+(\S+)"),
    re.compile(r"\bpython[\d.]*\s+-m\s+venv\b(?:\s+-{1,2}[\w-]+(?:=\S+)?)*\s+(\S+)"),
    re.compile(r"\buv\s+venv\b(?:\s+-{1,2}[\w-]+(?:=\S+)?)*\s+(\S+)"),
    re.compile(r"\b(?:conda|mamba|micromamba)\s+create\b.*?\s(?:-p|--prefix)[\s=](\S+)"),
    re.compile(r"\bUV_PROJECT_ENVIRONMENT=(\S+)\s+uv\s+sync\b"),
)


#: A step a launcher runs on the job's nodes (``srun --ntasks-per-node=1 bash << EOF``): built
#: on every node, as it should be.
_PER_NODE = re.compile(rf"^\s*(?:\S*/)?(?:srun|{launcher_pattern('mpiexec', 'mpirun')}|pdsh|clush|"
                       r"pbsdsh)\b")


def _built_env(text: str, values: dict[str, str]) -> tuple[str, str] | None:
    """(directory as written, as expanded) of the environment ``text`` builds in a node's
    local storage; None for another command."""
    for builder in _BUILDERS:
        found = builder.search(text)
        if found is None:
            continue
        written = found.group(1).strip("\"'")
        full = expand(written, values)
        if _NODE_LOCAL.match(written) or _NODE_LOCAL.match(full):
            return written, full
    if re.search(r"\buv\s+sync\b", text) and (env := values.get("UV_PROJECT_ENVIRONMENT")):
        full = expand(env, values)
        if _NODE_LOCAL.match(env) or _NODE_LOCAL.match(full):
            return env, full
    return None


def node_local_env_refusal(src: Source, profile: ClusterProfile,
                           size: tuple[int, int, int]) -> str:
    """Why the port is refused when a one-node source builds its environment in node-local
    storage and the port runs the job on several nodes; ``""`` otherwise."""
    nodes = size[0]
    if nodes <= 1 or (src.facts.nodes or 1) > 1 or src.size_answered:
        return ""  # the source's own nodes (or a size given at submission): the user's step
    values = {**src.parsed.variables, **src.parsed.env}
    for step in src.steps:
        if step.keep is False or step.launch or _PER_NODE.match(step.text):
            continue
        built = _built_env(step.text, values)
        if built is None:
            continue
        written, full = built
        where = f"`{written}`" + (f" ({full})" if full != written else "")
        return (f"line {step.line} `{short(step.text.strip())}` builds the job's Python "
                f"environment in {where}, a node's own local storage, in the batch shell: on the "
                f"source's one node every rank found it there; {profile.name}'s nodes have "
                f"{profile.gpu.per_node} GPU(s), so the port runs the job on {nodes} nodes, and "
                "the ranks of the other nodes would find no environment: build it in a shared "
                "directory (your project or scratch space) instead, or on every node before the "
                "launch (`srun --ntasks-per-node=1 ...` / `mpiexec --ppn 1 ...` of that step), "
                "and port again" + (
                    f"; or port it on one node (nodes=1, gpus_per_node={profile.gpu.per_node}: "
                    f"{profile.gpu.per_node} rank(s), not the source's {src.total})"
                    if src.total and src.total > profile.gpu.per_node else ""))
    return ""


#: A command that puts files somewhere (its node-local words are where it stages them).
_STAGERS = re.compile(r"^\s*(?:cp|rsync|tar|unzip|mv|ln|cd|mkdir|gsutil|aws\s+s3\s+cp)\b")


def _local_word(text: str, values: dict[str, str]) -> str:
    """The first word of ``text`` that names a node-local place (as written); ``""``."""
    for word in text.split()[1:]:
        word = word.strip("\"'")
        if _NODE_LOCAL.match(word) or _NODE_LOCAL.match(expand(word, values)):
            return word
    return ""


def node_local_data_refusal(src: Source, profile: ClusterProfile,
                            size: tuple[int, int, int]) -> str:
    """Why the port is refused when a one-node source stages files into node-local storage in
    its batch shell, the program reads a node-local path, and the port runs on several nodes;
    ``""`` otherwise."""
    nodes = size[0]
    if nodes <= 1 or (src.facts.nodes or 1) > 1 or src.size_answered:
        return ""
    values = {**src.parsed.variables, **src.parsed.env}
    read = next((a for a in src.facts.args
                 if _NODE_LOCAL.match(a.split("=", 1)[-1].strip("\"'"))
                 or _NODE_LOCAL.match(expand(a.split("=", 1)[-1].strip("\"'"), values))), "")
    if not read:
        return ""
    for step in src.steps:
        if step.keep is False or step.launch or _PER_NODE.match(step.text):
            continue
        if not _STAGERS.match(step.text) or step.text.lstrip().startswith(("cd ", "mkdir ")):
            continue
        where = _local_word(step.text, values)
        if not where:
            continue
        return (f"line {step.line} `{short(step.text.strip())}` stages the job's files into "
                f"`{where}`, a node's own local storage, in the batch shell, and the program "
                f"reads from there (`{read}`): on the source's one node every rank found them; "
                f"{profile.name}'s nodes have {profile.gpu.per_node} GPU(s), so the port runs "
                f"the job on {nodes} nodes, and only the first node's batch shell runs the "
                "staging: the other nodes' ranks would not find the files; stage them on every "
                "node before the launch (`srun --ntasks-per-node=1 ...` / `mpiexec --ppn 1 "
                "...` of those steps) or read them from a shared directory, and port again"
                + (f"; or port it on one node (ranks={profile.gpu.per_node} (--ranks "
                   f"{profile.gpu.per_node}): {profile.gpu.per_node} rank(s) on one node, not "
                   f"the source's {src.total}; check the global batch size and learning rate)"
                   if src.total and src.total > profile.gpu.per_node else ""))
    return ""
