"""Commands in a job script that reach another machine: ``scp``, ``rsync``, ``sftp`` and ``ssh``
with a host (``scp ada.iiit.ac.in:/share1/$USER/data.zip .``, ``rsync -a user@dtn:/d/ $TMPDIR``,
``rsync host::module``), ``curl``/``wget`` with an ``scp://``/``sftp://`` address, and ``curl``/
``wget`` from a web host of the source centre's own domains (``https://files.nersc.gov/...``,
from the source profile's ``network.site_domains``).

A support engineer reads such a line as the job fetching from (or sending to) a machine of the
site the script was written on: on the target, the compute nodes must reach that host and hold a
key it accepts without a prompt, which the port cannot know. The port keeps the line (it is the
user's) and names it in a note with what to do; it does not invent a copy. Copies between paths
on the job's own machine (no host), hosts given by a variable the script does not set to a
literal (a node of the job: ``ssh $node``), the machine itself (``localhost``), hosts of the
target's own centre (the target profile's ``network.site_domains``) and public web addresses are
not named."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from maple_flow.models import ClusterProfile
from maple_flow.port.words import short
from maple_flow.shellquote import shell_split

#: The commands that reach a host over ssh (or rsync's own protocol), with their one-letter
#: options that take a value as the next word.
_SSH_TOOLS: dict[str, frozenset[str]] = {
    "scp": frozenset("cDFiJlOoPS"),
    "sftp": frozenset("BbcDFiJloPRS"),
    "ssh": frozenset("BbcDEeFIiJLlmOopQRSWw"),
    "rsync": frozenset("efBMT"),
}
_WEB_TOOLS = frozenset({"curl", "wget"})
#: Words in front of a command that leave it the command (``time scp ...``, ``if scp ...``).
_PREFIXES = frozenset({"time", "nohup", "command", "exec", "if", "while", "until", "!", "then",
                       "do", "else", "elif"})
#: Words that end one command of a line.
_SEPARATORS = frozenset({"||", "&&", "|", ";", "&", "{", "}", "(", ")"})
#: ``[user@]host:path`` or rsync's ``host::module`` (not ``scheme://``).
_HOST_PATH = re.compile(
    r"^(?:[^@/:\s]+@)?(?P<host>[A-Za-z0-9][A-Za-z0-9.-]*|\$\{?[A-Za-z_]\w*\}?|\[[0-9A-Fa-f:]+\])"
    r"::?(?!//)")
#: ``[user@]host`` alone (ssh's and sftp's operand).
_HOST_ONLY = re.compile(
    r"^(?:[^@/:\s]+@)?(?P<host>[A-Za-z0-9][A-Za-z0-9.-]*|\$\{?[A-Za-z_]\w*\}?)(?::\S*)?$")
_URL = re.compile(r"^(?P<scheme>[a-z]+)://(?:[^@/\s]+@)?(?P<host>[A-Za-z0-9.-]+)")
_VARIABLE = re.compile(r"^\$\{?(?P<name>[A-Za-z_]\w*)\}?$")
_LITERAL_HOST = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.-]*$")
_LOCAL = frozenset({"localhost", "127.0.0.1", "0.0.0.0", "::1", "[::1]"})
_ASSIGN = re.compile(r"^\s*(?:export\s+|local\s+|readonly\s+)?(?P<name>[A-Za-z_]\w*)="
                     r"(?P<value>\"[^\"$`]*\"|'[^']*'|[^\s;$`'\"]*)\s*(?:#.*)?$")


@dataclass(frozen=True)
class Reach:
    """One command that reaches a host: its line (from 1), the command, the host, the line."""

    line: int
    tool: str
    host: str
    text: str


def _logical_lines(lines: list[str]) -> list[tuple[int, str]]:
    """The script's lines with ``\\``-continuations joined, each with the number of its first
    line; comment lines (and directives) left out."""
    out: list[tuple[int, str]] = []
    start, held = 0, ""
    for number, line in enumerate(lines, 1):
        if not held and line.lstrip().startswith("#"):
            continue
        if not held:
            start = number
        if line.rstrip().endswith("\\"):
            held += line.rstrip()[:-1] + " "
            continue
        out.append((start, held + line))
        held = ""
    if held:
        out.append((start, held))
    return out


def _literals(lines: list[str]) -> dict[str, str]:
    """Variables the script sets once, to a literal value (``HOST=ada.example.org``)."""
    seen: dict[str, list[str]] = {}
    for line in lines:
        m = _ASSIGN.match(line)
        if m:
            seen.setdefault(m.group("name"), []).append(m.group("value").strip("\"'"))
    return {k: v[0] for k, v in seen.items() if len(set(v)) == 1}


def _commands(words: tuple[str, ...]) -> list[list[str]]:
    """The simple commands of one line's words, each from its command word on."""
    out: list[list[str]] = [[]]
    for word in words:
        end = word.endswith(";") and not word.endswith("\\;")
        word = word.rstrip(";") if end else word
        if word in _SEPARATORS:
            out.append([])
            continue
        if word:
            out[-1].append(word)
        if end:
            out.append([])
    commands = []
    for cmd in out:
        while cmd and (cmd[0] in _PREFIXES or re.match(r"^[A-Za-z_]\w*=", cmd[0])):
            cmd = cmd[1:]
        if cmd and cmd[0] == "timeout" and len(cmd) > 2:
            cmd = cmd[2:]
        if cmd:
            commands.append(cmd)
    return commands


def _operands(tool: str, args: list[str]) -> list[str]:
    """The words of an ssh-family command that are no option nor an option's value."""
    takes, out, skip = _SSH_TOOLS[tool], [], False
    for word in args:
        if skip:
            skip = False
            continue
        if word == "--":
            continue
        if word.startswith("--"):
            skip = tool == "rsync" and "=" not in word and word in {"--rsh", "--exclude",
                                                                     "--include", "--filter"}
            continue
        if word.startswith("-") and len(word) > 1:
            letters = word[1:]
            for i, letter in enumerate(letters):
                if letter in takes:
                    skip = i == len(letters) - 1
                    break
            continue
        out.append(word)
    return out


def _host(word: str, literals: dict[str, str]) -> str:
    """A host word as written, or its literal value where a variable holds it; "" where a
    variable the script does not set to a literal holds it."""
    m = _VARIABLE.match(word)
    if m is None:
        return word
    value = literals.get(m.group("name"), "")
    return value if _LITERAL_HOST.match(value) else ""


def _ssh_hosts(tool: str, args: list[str], literals: dict[str, str]) -> list[str]:
    operands = _operands(tool, args)
    if tool == "ssh" or tool == "sftp":
        m = _HOST_ONLY.match(operands[0]) if operands else None
        return [_host(m.group("host"), literals)] if m else []
    hosts = []
    for word in operands:
        url = _URL.match(word)
        if url and url.group("scheme") in {"rsync", "scp", "sftp", "ssh"}:
            hosts.append(url.group("host"))
            continue
        m = _HOST_PATH.match(word)
        if m:
            hosts.append(_host(m.group("host"), literals))
    return hosts


def _web_hosts(args: list[str]) -> list[tuple[str, bool]]:
    """The hosts of the addresses a curl/wget command names, each with whether it is reached
    over ssh (``scp://``, ``sftp://``)."""
    out = []
    for word in args:
        m = _URL.match(word.strip("\"'"))
        if m:
            out.append((m.group("host"), m.group("scheme") in {"scp", "sftp"}))
    return out


@lru_cache(maxsize=128)
def _reaches(text: str) -> tuple[tuple[int, str, str, str, bool], ...]:
    """Every host a command of the script reaches: (line, command, host, line text, over ssh)."""
    lines = text.split("\n")
    literals = _literals(lines)
    found = []
    for number, line in _logical_lines(lines):
        words = shell_split(line)
        if not words:
            continue
        for cmd in _commands(words):
            tool = cmd[0].rsplit("/", 1)[-1]
            if tool in _SSH_TOOLS:
                found += [(number, tool, h, line.strip(), True)
                          for h in _ssh_hosts(tool, cmd[1:], literals) if h]
            elif tool in _WEB_TOOLS:
                found += [(number, tool, h, line.strip(), ssh) for h, ssh in _web_hosts(cmd[1:])]
    return tuple(found)


def _in_domains(host: str, domains: list[str]) -> str:
    """The domain of ``domains`` that ``host`` lies in, or ""."""
    host = host.lower().rstrip(".")
    return next((d for d in domains if host == d or host.endswith("." + d)), "")


def remote_reaches(lines: list[str], profile: ClusterProfile,
                   source: ClusterProfile | None = None) -> list[Reach]:
    """The commands of the script that reach a host the target's compute nodes may not reach:
    over ssh, any host but the machine itself and hosts of the target's own centre; over the
    web, only hosts of the source centre's own domains (other web addresses are public)."""
    own = profile.network.site_domains
    theirs = source.network.site_domains if source is not None else []
    out = []
    for number, tool, host, text, over_ssh in _reaches("\n".join(lines)):
        if host.lower() in _LOCAL or _in_domains(host, own):
            continue
        if not over_ssh and not _in_domains(host, theirs):
            continue
        out.append(Reach(number, tool, host, text))
    return out


def remote_hosts_note(lines: list[str], profile: ClusterProfile,
                      source: ClusterProfile | None = None) -> str:
    """One note naming the lines that reach another machine and the hosts, with what the user
    must do on the target; "" when the script has none."""
    reaches = remote_reaches(lines, profile, source)
    if not reaches:
        return ""
    theirs = source.network.site_domains if source is not None else []
    by_host: dict[str, list[Reach]] = {}
    for reach in reaches:
        by_host.setdefault(reach.host, []).append(reach)
    named = []
    for host, found in list(by_host.items())[:4]:
        where = ", ".join(str(r.line) for r in found[:6]) + (" ..." if len(found) > 6 else "")
        domain = _in_domains(host, theirs)
        whose = (f", a host of {source.center if source else ''} ({domain}), the site you port "
                 "from" if domain else "")
        if not domain and "." not in host.strip("[]"):
            whose = (", a short host name that only the source site's network or your "
                     "~/.ssh/config resolves")
        plural = "s" if len(found) > 1 else ""
        named.append(f"`{host}`{whose} (line{plural} {where} of your script: "
                     f"`{short(found[0].text, 90)}`)")
    own = ", ".join(profile.network.site_domains)
    outside = f"not a host of {profile.name}'s centre ({own})" if own else \
        f"not {profile.name} itself"
    return (f"your job reaches other machines: {'; '.join(named)}, {outside}; the lines are kept "
            f"as you wrote them, but on {profile.name} they run only if its compute nodes reach "
            "that host and it accepts your key there without a password prompt (a batch job "
            f"cannot answer one): copy what the job reads from it onto {profile.name} (from a "
            f"login or data-transfer node, or with Globus) before you submit, and point the "
            "lines at that copy")


__all__ = ["Reach", "remote_hosts_note", "remote_reaches"]
