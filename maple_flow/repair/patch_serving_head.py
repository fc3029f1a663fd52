"""The head node's address given to a multi-node LLM server the script starts (issue 17, s31r3a).

Class: a serving library started on several nodes (vLLM's multiprocessing multi-node mode,
``vllm serve ... --nnodes N --node-rank R [--headless]``; or its multi-node data parallelism,
``--data-parallel-size N --data-parallel-start-rank R --headless``) finds its head node at an
address the command line gives (``--master-addr``, ``--data-parallel-address``); without one
it defaults to the loopback address, so a follower looks for the head on itself and the server
never forms (vLLM logs ``... headless ..., with head node address 127.0.0.1:...``). The job
script's serving line is where the address is given: the job's first node, which the batch
script's scheduler names.

:func:`serving_head_address` gives each such command that lacks it the address option, with
the value ``"$MASTER_ADDR"``: the script's own variable when it already sets it to the job's
first node (any usual spelling), else one new ``export MASTER_ADDR=<first node>`` line above
the command (Slurm: ``scontrol show hostnames``; PBS: ``$PBS_NODEFILE``). FixNotApplicable,
with the reason, when no command is multi-node, every one already gives an address (a given
address that is still loopback is the user's to correct: which host they meant is theirs),
the script sets MASTER_ADDR to something else, or the option would land inside double quotes.
A headless data-parallel command with ``--data-parallel-size 1`` that gives
``--data-parallel-address`` has it ignored by vLLM (ParallelConfig reads VLLM_DP_MASTER_IP then,
default 127.0.0.1): the line's own address is exported as VLLM_DP_MASTER_IP above it.
Pure text functions.
"""

from __future__ import annotations

import re

from maple_flow.repair.patch_env import master_addr_value, names_first_node
from maple_flow.repair.patch_serving import serving_commands
from maple_flow.repair.text import FixNotApplicable, quote_at

#: The head-address option of each multi-node mode of a serving program, keyed by the option
#: that makes a command of that mode (vLLM engine arguments:
#: https://docs.vllm.ai/en/latest/configuration/engine_args.html): ``--nnodes`` (torch.distributed
#: rendezvous of the multiprocessing executor) -> ``--master-addr``; ``--data-parallel-start-rank``
#: or a ``--headless`` data-parallel rank -> ``--data-parallel-address``.
_NNODES = re.compile(r"(?<!\S)--nnodes(?:[ \t]+|=)(\"?)(?!1\b)([^\s\"']+)\1(?=[\s'\"\\]|$)")
_DP_RANK = re.compile(r"(?<!\S)--data-parallel-(?:start-rank|size)(?:[ \t]+|=)\S+(?=\s|$)")
_HEADLESS = re.compile(r"(?<!\S)--headless(?![\w-])")
_MASTER_SET = re.compile(r"(?m)^[ \t]*(export[ \t]+)?MASTER_ADDR=([^\n]*?)[ \t]*$")
#: The first host of the job's node list in spellings names_first_node does not read
#: (``head -n1``, ``head -1``, ``sed -n 1p``).
_FIRST_OF_LIST = re.compile(r"(?:scontrol show hostnames?|PBS_NODEFILE)[^\n]*"
                            r"(?:head -n ?1\b|head -1\b|sed -n ['\"]?1p)")


def _given(command: str, option: str) -> bool:
    return re.search(rf"(?<!\S){re.escape(option)}(?:[ \t]+|=)", command) is not None


def _in_double_quotes(text: str) -> bool:
    """Whether the end of ``text`` (a command's words so far) lies inside double quotes."""
    return quote_at(text, len(text)) == '"'


def _mode(command: str) -> tuple[str, re.Match[str]] | None:
    """(the head-address option, the match after which it is written) of a multi-node
    command, or None when the command is a one-node one."""
    nodes = _NNODES.search(command)
    if nodes is not None:
        return "--master-addr", nodes
    if _HEADLESS.search(command) or re.search(r"--data-parallel-start-rank", command):
        ranks = list(_DP_RANK.finditer(command))
        if ranks:
            return "--data-parallel-address", ranks[-1]
    return None


#: A value the script's own serving line gives that may be exported as it is: a plain host or
#: address, or one variable reference (quoted or not).
_PLAIN_VALUE = re.compile(r"^\"?(?:[A-Za-z0-9_.:-]+|\$\{?[A-Za-z_]\w*\}?)\"?$")


def _ignored_dp_address(command: str) -> str | None:
    """The ``--data-parallel-address`` value of a headless command with data parallelism 1:
    vLLM's ParallelConfig reads the CLI address only when data_parallel_size > 1 (or no local
    engine), else VLLM_DP_MASTER_IP (default 127.0.0.1); None when that is not the case."""
    size = re.search(r"(?<!\S)--data-parallel-size(?:[ \t]+|=)\"?(\S+?)\"?(?=\s|$)", command)
    local = re.search(r"(?<!\S)--data-parallel-size-local(?:[ \t]+|=)\"?(\S+?)\"?(?=\s|$)", command)
    value = re.search(r"(?<!\S)--data-parallel-address(?:[ \t]+|=)(\S+)", command)
    if size is None or size.group(1) != "1" or (local is not None and local.group(1) == "0"):
        return None
    if value is None or not _PLAIN_VALUE.match(value.group(1)) or "VLLM_DP_MASTER_IP" in command:
        return None
    return value.group(1)


def _export_dp_master(text: str, exports: list[tuple[int, str]]) -> str:
    """``export VLLM_DP_MASTER_IP=<the line's own address>`` above each such command."""
    if re.search(r"(?m)^[^#\n]*\bVLLM_DP_MASTER_IP=", text):
        raise FixNotApplicable("the script sets VLLM_DP_MASTER_IP already; which value counts "
                               "is the user's to say")
    lines = text.split("\n")
    for first, value in reversed(exports):
        indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        lines.insert(first, f"{indent}export VLLM_DP_MASTER_IP={value}")
    return "\n".join(lines)


def _master_addr(text: str, before: int, scheduler: str) -> tuple[str, str | None]:
    """(the value to write, a line to insert above the command or None)."""
    head = "\n".join(text.split("\n")[:before])
    found = list(_MASTER_SET.finditer(head))
    if found:
        last = found[-1]
        exported = last.group(1) or re.search(r"(?m)^[ \t]*export[ \t]+MASTER_ADDR[ \t]*$", head)
        value = last.group(2)
        if not names_first_node(value, scheduler) and not _FIRST_OF_LIST.search(value):
            raise FixNotApplicable(
                f"the script sets MASTER_ADDR={value}, not the job's first node: which "
                "host is the head is the user's to say")
        if not exported:
            raise FixNotApplicable("the script sets MASTER_ADDR without exporting it")
        return '"$MASTER_ADDR"', None
    if scheduler not in ("slurm", "pbs"):
        raise FixNotApplicable(f"no first-node expression is known for scheduler {scheduler!r}")
    return '"$MASTER_ADDR"', f"export MASTER_ADDR={master_addr_value(scheduler, '')}"


def serving_head_address(text: str, server: str, scheduler: str) -> str:
    """``text`` whose multi-node ``server`` commands each give the head node's address (see
    the module docstring); FixNotApplicable with the reason otherwise."""
    lines = text.split("\n")
    edits: list[tuple[int, int, int, str]] = []  # (first line, line, column, option)
    exports: list[tuple[int, str]] = []  # (first line, VLLM_DP_MASTER_IP value)
    given = 0
    for i, end in serving_commands(lines, server):
        command = "\n".join(lines[i:end + 1])
        mode = _mode(command)
        if mode is not None:
            option, match = mode
            if _given(command, option):
                given += 1
                ignored = (_ignored_dp_address(command)
                           if option == "--data-parallel-address" else None)
                if ignored is not None:
                    exports.append((i, ignored))
            elif _in_double_quotes(command[:match.end()]):
                raise FixNotApplicable(f"the {server} command's {option} would go inside "
                                       "double quotes; give the head's address by hand")
            else:
                j = i + command.count("\n", 0, match.end())
                col = match.end() - (command.rfind("\n", 0, match.end()) + 1)
                edits.append((i, j, col, option))
    if exports and not edits:
        return _export_dp_master(text, exports)
    if not edits:
        if given:
            raise FixNotApplicable(f"every multi-node {server} command gives its head address "
                                   "already: which host the user meant is theirs to correct")
        raise FixNotApplicable(f"the script runs no multi-node {server} command (--nnodes above "
                               "1, or a headless data-parallel rank) lacking the head address")
    value, export = _master_addr(text, edits[0][0], scheduler)
    for _first, j, col, option in reversed(edits):
        lines[j] = f"{lines[j][:col]} {option} {value}{lines[j][col:]}"
    if export is not None:
        first = edits[0][0]
        indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        lines.insert(first, f"{indent}{export}")
    return "\n".join(lines)
