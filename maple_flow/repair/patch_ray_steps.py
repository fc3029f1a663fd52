"""Ops on the ``ray start`` steps of a job that starts its own Ray cluster (pure).

Each makes the change Ray's own documentation gives for a Ray cluster inside a batch job
(docs.ray.io "Deploying on Slurm": every ``ray start`` step ``--block &``, ports pinned apart
from the worker port range on shared or busy nodes), on the steps read by
:mod:`maple_flow.repair.ray_steps` whatever the script calls its variables; FixNotApplicable
with the reason where the script has no such step or the change is the user's to choose.
"""

from __future__ import annotations

import re

from maple_flow.repair.ray_steps import (
    STEP_CLEANERS,
    RayStep,
    batch_drivers,
    head_node_index,
    node_word,
    ray_steps,
)
from maple_flow.repair.text import FixNotApplicable, quote_at, replace

_CHAIN = re.compile(r"&&|\|\||;|(?<![>&])\|(?!\|)")


def _insert_after_command(text: str, step: RayStep, words: str) -> str:
    """``text`` with `` words`` after the step's last ray start word (inside the nested
    body's closing quote)."""
    last = step.last_word()
    at = last.end
    if step.nested:
        if last.value != step.body or last.raw[-1:] not in {'"', "'"}:
            raise FixNotApplicable(f"line {step.line}: the nested shell's body is not the "
                                   "step's last word")
        at -= 1
    return text[:at] + " " + words + text[at:]


def _tail(text: str, step: RayStep) -> str:
    """What the logical line holds after the command's last word."""
    return text[step.last_word().end:step.span[1]]


def ray_block_steps(text: str) -> str:
    """Every ``ray start`` that srun starts as a job step and that does not block gets
    ``--block``, and runs in the background (``&``): the step then lasts as long as the job,
    so Slurm does not end the Ray daemons when ``ray start`` returns."""
    steps = [s for s in ray_steps(text) if s.launcher in STEP_CLEANERS and not s.blocks]
    if not steps:
        raise FixNotApplicable("the script starts no Ray node as a job step without --block")
    for step in reversed(steps):  # from the end: earlier spans stay valid
        tail = _tail(text, step)
        if _CHAIN.search(tail.split("#", 1)[0]):
            raise FixNotApplicable(f"line {step.line}: the ray start step is chained to other "
                                   "commands; where it should block is the user's choice")
        if step.nested and _CHAIN.search(step.body):
            raise FixNotApplicable(f"line {step.line}: the nested shell runs more than ray "
                                   "start; which command keeps the step alive is the user's")
        if not step.background:
            end = step.span[1]
            stripped = text[step.span[0]:end].split(" #", 1)[0].rstrip()
            end = step.span[0] + len(stripped)
            text = text[:end] + " &" + text[end:]
        text = _insert_after_command(text, step, "--block")
    return text


#: Ray's ports a ``ray start`` may pin (docs.ray.io, "Configuring Ray: ports").
_PORT_OPTIONS = ("--port", "--node-manager-port", "--object-manager-port",
                 "--ray-client-server-port", "--dashboard-port", "--dashboard-agent-listen-port",
                 "--dashboard-agent-grpc-port", "--metrics-export-port",
                 "--runtime-env-agent-port", "--gcs-server-port")
#: The agent ports Ray picks at random unless given: they can land in the worker port range.
AGENT_PORTS = ("--dashboard-agent-grpc-port", "--metrics-export-port",
               "--runtime-env-agent-port")
#: Ray's default worker port range and fixed default ports (GCS, client server, dashboard,
#: dashboard agent) (docs.ray.io "Configuring Ray").
DEFAULT_WORKER_RANGE = (10002, 19999)
_DEFAULT_PORTS = frozenset({6379, 10001, 8265, 52365})
_RANGES = ((20002, 29999), (30002, 39999), (40002, 49999))
_REF = re.compile(r"^\$\{?([A-Za-z_]\w*)\}?$")


def _assignments(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip("'\"") for m in re.finditer(
        r"(?m)^\s*(?:export\s+)?([A-Za-z_]\w*)=(\S+)\s*(?:#.*)?$", text)}


def _port(value: str | None, known: dict[str, str]) -> int | None:
    """A port value as an int (a literal, or a variable the script sets to one)."""
    if value is None:
        return None
    ref = _REF.match(value)
    value = known.get(ref.group(1), value) if ref else value
    return int(value) if value.isdigit() else None


def _pinned(step: RayStep, known: dict[str, str]) -> set[int]:
    ports = {p for o in _PORT_OPTIONS if (p := _port(step.option(o), known)) is not None}
    address = step.option("--address")
    if address and ":" in address:
        port = _port(address.rsplit(":", 1)[1], known)
        if port is not None:
            ports.add(port)
    return ports


def _worker_range(step: RayStep, known: dict[str, str]) -> tuple[int, int] | None:
    """The step's worker port range (Ray's default when it gives none); None when it gives
    one the script's text does not resolve."""
    low, high = step.option("--min-worker-port"), step.option("--max-worker-port")
    if low is None and high is None:
        return DEFAULT_WORKER_RANGE
    lo, hi = _port(low, known), _port(high, known)
    if (low is not None and lo is None) or (high is not None and hi is None):
        return None
    return (lo or DEFAULT_WORKER_RANGE[0], hi or DEFAULT_WORKER_RANGE[1])


def _free(start: int, taken: set[int], span: tuple[int, int]) -> int:
    port = start
    while port in taken or span[0] <= port <= span[1]:
        port += 1
    return port


def ray_pin_ports(text: str) -> str:
    """Every ``ray start`` gets the agent ports Ray would pick at random
    (``--dashboard-agent-grpc-port``, ``--metrics-export-port``, ``--runtime-env-agent-port``)
    pinned outside its worker port range, the head's apart from the workers' (they may share a
    node); a worker range of Ray's default that holds a port the script pins itself (the GCS
    ``--port``) is moved past it. FixNotApplicable when a step is nested in ``bash -c``, gives
    ports the script does not resolve, or its own range holds its own port (which to move is
    the user's choice), or when every step pins them already."""
    steps = ray_steps(text)
    if not steps:
        raise FixNotApplicable("the script starts no Ray node (ray start)")
    known = _assignments(text)
    pinned = set().union(*(_pinned(s, known) for s in steps))
    edits: list[tuple[RayStep, str]] = []
    new_range: tuple[int, int] | None = None
    if any(s.option("--min-worker-port") is None and s.option("--max-worker-port") is None
           and any(DEFAULT_WORKER_RANGE[0] <= p <= DEFAULT_WORKER_RANGE[1] for p in pinned)
           for s in steps):
        new_range = next((r for r in _RANGES if not any(r[0] <= p <= r[1] for p in pinned)),
                         None)
    next_port = {True: 52366, False: 52376}
    for step in steps:
        if step.nested:
            raise FixNotApplicable(f"line {step.line}: ray start runs in a nested shell; its "
                                   "ports are not edited there")
        span = _worker_range(step, known)
        if span is None:
            raise FixNotApplicable(f"line {step.line}: the worker port range is not a number "
                                   "the script sets")
        words = []
        if span == DEFAULT_WORKER_RANGE and new_range and step.option("--min-worker-port") \
                is None and any(span[0] <= p <= span[1] for p in pinned):
            span = new_range
            words += [f"--min-worker-port={span[0]}", f"--max-worker-port={span[1]}"]
        elif any(span[0] <= p <= span[1] for p in _pinned(step, known)):
            raise FixNotApplicable(f"line {step.line}: the script's own worker port range "
                                   "holds a port it pins; which to move is the user's choice")
        taken = pinned | _DEFAULT_PORTS
        for option in AGENT_PORTS:
            if step.option(option) is None:
                port = _free(next_port[step.head], taken, span)
                taken.add(port)
                next_port[step.head] = port + 1
                words.append(f"{option}={port}")
        if words:
            edits.append((step, " ".join(words)))
    if not edits:
        raise FixNotApplicable("every ray start pins its agent ports already")
    for step, added in reversed(edits):
        text = _insert_after_command(text, step, added)
    return text


#: ``--resources``/``--labels`` given a JSON object written without quotes of its own.
_JSON_OPTION = re.compile(r"--(?:resources|labels)[= ](?=\{)")


def _brace_end(segment: str, start: int) -> int | None:
    depth = 0
    for i in range(start, len(segment)):
        depth += {"{": 1, "}": -1}.get(segment[i], 0)
        if depth == 0:
            return i + 1
    return None


def ray_quote_json(text: str) -> str:
    """A ``ray start --resources={...}`` (or ``--labels``) whose JSON object reaches Ray
    without its quotes (written bare, or inside a nested ``bash -c "..."`` whose inner shell
    removes them) gets the object single-quoted at the level of the shell that runs ray, so
    Ray reads the JSON intact. FixNotApplicable when there is no such object, or it sits in a
    single-quoted body (no quote can be added there)."""
    edits: list[tuple[int, int, str]] = []
    for step in ray_steps(text):
        segment = text[step.span[0]:step.span[1]]
        for m in _JSON_OPTION.finditer(segment):
            start = m.end()
            end = _brace_end(segment, start)
            state = quote_at(segment, start)
            if end is None or state == "'":
                raise FixNotApplicable(f"line {step.line}: the JSON of {m.group(0)[:-1]} is in "
                                       "single quotes or not closed; no quote can be added")
            raw = segment[start:end]
            if "'" in raw or (state == "" and ('\\"' in raw or "$" in raw)):
                continue  # already reaches Ray with its quotes, or a value the shell builds
            if state == '"' and not step.nested:
                continue  # in one pair of double quotes of the ray command: Ray gets the JSON
            edits.append((step.span[0] + start, step.span[0] + end, f"'{raw}'"))
    if not edits:
        raise FixNotApplicable("the script gives ray start no JSON object that loses its quotes")
    for start, end, new in reversed(edits):
        text = replace(text, start, end, new)
    return text


def ray_driver_on_head(text: str) -> str:
    """The driver commands the batch step runs itself (on the allocation's first node) while
    the head runs on another node are started on the head's node instead: ``srun --overlap
    --nodes=1 --ntasks=1 -w HEAD`` (the head step's own node word) in front of their python
    word, so ``ray.init`` finds the cluster's raylet on its node; ``--overlap`` lets the step
    share the node with the head's blocking step. FixNotApplicable when the head is not on
    another node of the allocation as the script says it, or the batch step runs no driver."""
    index = head_node_index(text)
    drivers = batch_drivers(text)
    if index is None or index == 0 or not drivers:
        raise FixNotApplicable("the script runs no driver in the batch step while its Ray head "
                               "runs on another node of the allocation")
    head = next(s for s in ray_steps(text) if s.head and s.launcher is not None)
    word = node_word(head)
    assert word is not None  # head_node_index read it
    node = word.raw.partition("=")[2] if word.raw.startswith("--") else word.raw
    prefix = f"srun --overlap --nodes=1 --ntasks=1 -w {node} "
    for _line, python in reversed(drivers):
        text = text[:python.start] + prefix + text[python.start:]
    return text


__all__ = ["AGENT_PORTS", "ray_block_steps", "ray_driver_on_head", "ray_pin_ports",
           "ray_quote_json"]
