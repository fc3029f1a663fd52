"""The ``ray start`` steps of a job that starts its own Ray cluster (pure reading).

The pattern of Ray's ``slurm-basic.sh``: a head ``srun ... ray start --head ... --block &``, one
``srun ... ray start --address=HEAD:PORT ... --block &`` a worker node, then the driver in the
batch step. Each step is read from the script's text, whatever its variable names, with the
spans of its words (so an op can edit it): whether it is the head, whether a launcher (srun,
mpiexec, ssh) starts it as a job step, whether it blocks, whether it runs in the background,
and whether its words are the body of a nested ``bash -c "..."``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from maple_flow.repair.text import Word, is_code, line_starts, lines, logical_span, words_of
from maple_flow.scriptparse.launch import with_other_names

#: Commands that start ``ray start`` as a job step of its own (a step ends when it returns).
STEP_LAUNCHERS = with_other_names({"srun", "mpiexec", "mpirun", "ssh", "pdsh", "jsrun", "aprun"})
_SHELLS = frozenset({"bash", "sh", "zsh"})
#: A redirection word (``>``, ``2>&1``, ``&>log``): the command's words end before it.
_REDIRECT = re.compile(r"^(?:\d*[<>]|&>)")


@dataclass(frozen=True)
class RayStep:
    """One ``ray start`` command of the script."""

    line: int  #: 1-based first line of the logical line
    span: tuple[int, int]  #: the logical line's offsets in the script
    words: tuple[Word, ...]  #: the words of its command (spans in the script)
    at: int  #: index of the ``ray`` word (-1 when nested in a ``bash -c`` body)
    launcher: str | None  #: srun/mpiexec/ssh... that starts it as a step, else None
    nested: bool  #: the ``ray start`` is inside a ``bash -c "..."`` body word
    body: str  #: the ``ray start ...`` text (the nested body's, or the command's own)
    background: bool  #: the logical line ends with ``&``

    @property
    def head(self) -> bool:
        """Whether the step starts the head (``--head``)."""
        return re.search(r"(?:^|\s)--head(?:\s|=|$)", self.body) is not None

    @property
    def blocks(self) -> bool:
        """Whether the step keeps running (``--block``)."""
        return re.search(r"(?:^|\s)--block(?:\s|$)", self.body) is not None

    def option(self, name: str) -> str | None:
        """The value of ``name`` on the (non-nested) ray start, as written (quotes removed)."""
        tail = self.words[self.at + 2:] if self.at >= 0 else ()
        for i, word in enumerate(tail):
            if word.value.startswith(f"{name}="):
                return word.value.partition("=")[2]
            if word.value == name and i + 1 < len(tail):
                return tail[i + 1].value
        return None

    def option_word(self, name: str) -> Word | None:
        """The word that gives ``name`` its value (the ``--x=v`` word, or the word after
        ``--x``), or None."""
        tail = self.words[self.at + 2:] if self.at >= 0 else ()
        for i, word in enumerate(tail):
            if word.value.startswith(f"{name}="):
                return word
            if word.value == name and i + 1 < len(tail):
                return tail[i + 1]
        return None

    def last_word(self) -> Word:
        """The last word of the command before any redirection."""
        words = [w for w in self.words if not _REDIRECT.match(w.raw)]
        return words[-1]


def _ray_at(words: list[Word]) -> int:
    names = [os.path.basename(w.value) for w in words]
    return next((i for i in range(len(names) - 1) if names[i] == "ray"
                 and names[i + 1] == "start"), -1)


def _launcher(words: list[Word], before: int) -> str | None:
    return next((os.path.basename(w.value) for w in words[:before]
                 if os.path.basename(w.value) in STEP_LAUNCHERS), None)


def _nested_body(words: list[Word]) -> tuple[int, str] | None:
    """(index of the shell word, body text) of a ``bash -c BODY`` whose body runs ray start."""
    for i, word in enumerate(words[:-2]):
        if os.path.basename(word.value) in _SHELLS and re.fullmatch(r"-\w*c", words[i + 1].value):
            body = words[i + 2].value
            if re.search(r"(?:^|[\s;&|/])ray\s+start\b", body):
                return i, body
    return None


def ray_steps(text: str) -> list[RayStep]:
    """Every ``ray start`` command of ``text`` (comments left out), in script order."""
    found: list[RayStep] = []
    starts = line_starts(text)
    covered = -1
    for index, line in enumerate(lines(text)):
        if starts[index] < covered or not is_code(line):
            continue
        start, end = logical_span(text, index + 1)
        covered = end
        segment = text[start:end]
        if "ray" not in segment or "start" not in segment:
            continue
        words = words_of(segment, start)
        background = bool(re.search(r"(?<![&>])&\s*(?:#.*)?$", segment.rstrip()))
        at = _ray_at(words)
        if at >= 0:
            body = " ".join(w.value for w in words[at:])
            found.append(RayStep(index + 1, (start, end), tuple(words), at,
                                 _launcher(words, at), False, body, background))
            continue
        nested = _nested_body(words)
        if nested is not None:
            shell, body = nested
            found.append(RayStep(index + 1, (start, end), tuple(words), -1,
                                 _launcher(words, shell), True, body, background))
    return found


#: Launchers whose step ends the processes it left when its command returns (Slurm's
#: proctrack cleans up a step's cgroup); ssh- or mpiexec-started daemons may outlive theirs.
STEP_CLEANERS = frozenset({"srun"})


def detached_steps(text: str) -> list[RayStep]:
    """The ``ray start`` steps srun starts without ``--block`` (a nested body that goes on
    after ray start is left out: the step may be kept alive there)."""
    return [s for s in ray_steps(text) if s.launcher in STEP_CLEANERS and not s.blocks
            and not _keeps_body_alive(s)]


def ray_step_detached(text: str) -> bool:
    """Whether srun starts a ``ray start`` step that does not block: ``ray start`` returns once
    its daemons are up, the step ends, and Slurm ends the daemons it left behind, so the head's
    GCS or a worker goes away."""
    return bool(detached_steps(text))


def _keeps_body_alive(step: RayStep) -> bool:
    """A nested body that goes on after ``ray start`` (``; sleep infinity``, ``&& wait``)."""
    return step.nested and re.search(r"ray\s+start\b[^;&|]*[;&|]", step.body) is not None


def ray_started_in_job(text: str) -> bool:
    """Whether the job starts Ray nodes itself (any ``ray start``)."""
    return bool(ray_steps(text))


#: The node a launcher word names: ``-w X``, ``--nodelist=X``, ``-H X``/``--host X`` (mpiexec).
_NODE_OPTIONS = ("-w", "--nodelist", "-H", "--host", "--hosts")
#: ``VAR=${ARRAY[K]}``: a variable set to the K-th element of an array.
_ELEMENT = re.compile(r"^\$\{([A-Za-z_]\w*)\[(\d+)\]\}$")
#: An interpreter that runs the driver (``python3``, ``python3.11``).
_PYTHON = re.compile(r"^python(?:\d+(?:\.\d+)?)?$")


def node_word(step: RayStep) -> Word | None:
    """The word that names the node the step's launcher runs it on (``"$head_node"``)."""
    before = step.words[:step.at] if step.at >= 0 else step.words
    for i, word in enumerate(before):
        for option in _NODE_OPTIONS:
            if word.value == option and i + 1 < len(before):
                return before[i + 1]
            if option.startswith("--") and word.value.startswith(f"{option}="):
                return word
    return None


def _allocation_arrays(text: str) -> set[str]:
    """Arrays that hold the job's nodes in allocation order (set from ``scontrol show
    hostnames``, directly or through a variable that is)."""
    listed = {m.group(1) for m in re.finditer(
        r"(?m)^\s*(?:export\s+|local\s+|declare\s+-a\s+)?([A-Za-z_]\w*)=\(?[\"']?\$\("
        r"\s*scontrol\s+show\s+hostnames?\b", text)}
    for m in re.finditer(r"(?m)^\s*([A-Za-z_]\w*)=\(\s*\$\{?([A-Za-z_]\w*)\}?\s*\)", text):
        if m.group(2) in listed:
            listed.add(m.group(1))
    return listed


def head_node_index(text: str) -> int | None:
    """Which node of the allocation the head step runs on (0: the first, where the batch step
    runs), as the script says it (``-w "${nodes[1]}"`` or ``-w "$head_node"`` with
    ``head_node=${nodes[1]}``, the array set from ``scontrol show hostnames``); None when the
    script does not say it that way."""
    heads = [s for s in ray_steps(text) if s.head and s.launcher is not None]
    word = node_word(heads[0]) if len(heads) == 1 else None
    if word is None:
        return None
    value = word.value.partition("=")[2] if word.value.startswith("--") else word.value
    ref = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", value)
    if ref:
        sets = re.findall(rf"(?m)^\s*(?:export\s+)?{ref.group(1)}=(\S+)\s*$", text)
        value = sets[-1].strip("'\"") if len(sets) == 1 else ""
    element = _ELEMENT.match(value)
    if element is None or element.group(1) not in _allocation_arrays(text):
        return None
    return int(element.group(2))


def batch_drivers(text: str) -> list[tuple[int, Word]]:
    """The driver commands the batch step runs itself after the last ``ray start`` (a
    ``python ...`` line that no launcher starts, behind any ``NAME=value`` prefixes): each
    as (1-based line, its python word)."""
    steps = ray_steps(text)
    if not steps:
        return []
    after = steps[-1].span[1]
    starts = line_starts(text)
    found = []
    for index, line in enumerate(lines(text)):
        if starts[index] <= after or not is_code(line):
            continue
        start, end = logical_span(text, index + 1)
        words = words_of(text[start:end], start)
        at = next((i for i, w in enumerate(words) if not re.match(r"^[A-Za-z_]\w*=", w.raw)),
                  None)
        if at is not None and _PYTHON.match(os.path.basename(words[at].value)) \
                and line[:len(line) - len(line.lstrip())] == "":
            found.append((index + 1, words[at]))
    return found


def ray_driver_off_head_node(text: str) -> bool:
    """Whether the batch step (on the allocation's first node) runs the driver while the head
    runs on another node of the allocation: no raylet of the cluster on the driver's node."""
    index = head_node_index(text)
    return index is not None and index > 0 and bool(batch_drivers(text))


def ray_driver_on_head_node(text: str) -> bool:
    """Whether the batch step runs the driver on the node the head runs on (the first node of
    the allocation): the driver has the head's raylet on its node."""
    return head_node_index(text) == 0 and bool(batch_drivers(text))


_WILDCARDS = frozenset({"0.0.0.0", "::", "[::]"})


def _value(value: str, text: str) -> str | None:
    """``value`` with one variable reference put in from the script's one assignment of it
    (None: a variable the script does not set, or sets more than once)."""
    ref = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", value)
    if ref is None:
        return value
    sets = re.findall(rf"(?m)^\s*(?:export\s+)?{ref.group(1)}=(\S+)", text)
    return sets[0].strip("'\"") if len(sets) == 1 and sets[0].strip("'\"") else None


def _address_ok(address: str | None, head_port: str, text: str) -> bool:
    """A worker's ``--address HOST:PORT``: a host the script sets, the head's port."""
    address = _value(address, text) if address else None
    if not address or ":" not in address:
        return False
    host, _, port = address.rpartition(":")
    refs = re.findall(r"\$\{?([A-Za-z_]\w*)\}?", host)
    if any(_value(f"${r}", text) is None for r in refs) or not host:
        return False
    return _value(port, text) == head_port


def ray_launch_as_documented(text: str) -> bool:
    """Whether the job starts its Ray cluster the way Ray's Slurm guide does: one head, every
    step a launcher starts blocks (``--block``), the head advertises no wildcard address, each
    worker joins a host the script sets at the head's port, and the script waits (``sleep``,
    ``ray status``) between the head and the first worker. A Ray failure to reach the GCS
    there is not a line of the launch script."""
    steps = ray_steps(text)
    heads = [s for s in steps if s.head]
    if len(heads) != 1 or any(s.nested or (s.launcher is not None and not s.blocks)
                              for s in steps):
        return False
    head = heads[0]
    if (head.option("--node-ip-address") or "") in _WILDCARDS:
        return False
    head_port = _value(head.option("--port") or "6379", text)
    workers = [s for s in steps if not s.head]
    if head_port is None or not all(_address_ok(w.option("--address"), head_port, text)
                                    for w in workers):
        return False
    if workers and workers[0].span[0] > head.span[1]:
        between = text[head.span[1]:workers[0].span[0]]
        return re.search(r"\bsleep\b|\bray\s+(?:status|health-check)\b", between) is not None
    return not workers


__all__ = [
    "STEP_CLEANERS",
    "STEP_LAUNCHERS",
    "RayStep",
    "batch_drivers",
    "detached_steps",
    "head_node_index",
    "node_word",
    "ray_driver_off_head_node",
    "ray_driver_on_head_node",
    "ray_started_in_job",
    "ray_step_detached",
    "ray_steps",
]
