"""Accountability: every number and every size, setup or queue word of a request is read by a
rule, or ignored with a written reason. Anything else is asked about, never defaulted.

``check_accounted`` runs once every rule has read (and blanked) its words: what is left of the
request is looked at for words that would change the job. A program argument that names a
framework, strategy or size ("finetune_bert.py -- Accelerate", "train.py 2x4") is refused
the same way.
"""

from __future__ import annotations

import re

from maple_flow.errors import Contradiction
from maple_flow.extract.command import Command
from maple_flow.extract.scan import Scan
from maple_flow.extract.setup import setup_words

_F = re.IGNORECASE
#: How far around an unread word its context is looked at, in characters (keeps the check
#: linear in the request's length), and how many unread phrases a question quotes.
_WINDOW = 60
_MAX_QUOTED = 3
#: A count standing alone ("4", "2*8", "16x", "x4"); not part of a name, a version, a path or
#: a memory size ("A100", "3.10", "llama-7b", "80GB").
_NUMBER = re.compile(
    r"(?<![\w.:/$%@#+-])(?:[x×]\s?)?\d+(?:\s*[x×*]\s*\d+)?[x×]?(?![\w:/%@+-])(?!\.\d)", _F
)
#: Numbers that are read and deliberately not used, with the reason.
_IGNORED_NUMBERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:python|cuda|rocm|torch|version|v)\s*$", _F), "a software version"),
    (re.compile(r"^\s*(?:gb|gib|g)\b", _F), "GPU memory is the cluster's"),
)
#: Setup words no rule reads: a strategy or framework that maple_flow does not write.
_UNSUPPORTED_SETUP = re.compile(
    r"\bzero[\s_-]*(?:stage[\s_-]*(?:[:=]\s*)?)?(?:[012]|one|two)\b|\bhorovod\b|\bmegatron(?:[\s-]lm)?\b"
    r"|\b(?:tensor|pipeline|model)[\s-]+parallel(?:ism)?\b|\bjax\b|\btensorflow\b",
    _F,
)
#: Launcher words: the launcher is the cluster's recipe, so they are read and not used.
_LAUNCHERS = re.compile(r"\b(?:srun|mpiexec|mpirun|aprun|jsrun|launch(?:er)?)\b", _F)
#: Rendezvous flags (which node is which, the port rank 0 listens on): the template's recipe
#: sets them for every node, so they are read and not used.
_RENDEZVOUS = re.compile(
    r"(?<![\w-])--(?:node[_-]rank|machine[_-]rank|master[_-]port|main[_-]process[_-]port"
    r"|rdzv[_-]id)(?:=|\s+)[^\s,;]+"
)
#: CPU placement and node-feature flags (``-c 32``, ``--cpus-per-task=8``, mpiexec's
#: ``-d 16`` and ``--cpu-bind depth``, ``-C gpu``): each cluster's template sets the CPUs of a
#: task, their binding and its required features, so they are read and not used.
_CPU_PLACEMENT = re.compile(
    r"(?<![\w-])(?:--cpus[_-]per[_-](?:task|gpu)|-c|--depth|-d|--cpu[_-]bind|--constraint|-C)"
    r"(?:=|\s+)[^\s,;]+"
)
#: A walltime flag whose value no rule read ("--time=8hrs"): asked about, never defaulted.
#: Only a flag with its value right after it: a blanked gap is words other rules read.
_TIME_FLAG = re.compile(r"(?<![\w-])(?:--time|--walltime|walltime)=[^\s,;]+"
                        r"|(?<![\w-])(?:--time|--walltime) (?! )[^\s,;]+")
#: A time said with no number a rule reads ("overnight", "a few days", "a month"): a walltime
#: question, never the default walltime ("how many hours" asks, it says no time).
_VAGUE_TIME = re.compile(
    r"\bovernight\b|\bover\s+the\s+weekend\b|\ba\s+(?:month|fortnight|weekend)\b"
    r"|\b(?:a\s+few|several)\s+(?:hours|days|weeks|months)\b",
    _F,
)
#: A queue word whose name no rule took ("the gold queue" on a cluster without one); the
#: name is looked for next to it (``_NAME_BEFORE``, ``_NAME_AFTER``) within ``_WINDOW``.
_QUEUE = re.compile(r"\b(?:queue|partition|qos)\b", _F)
_NAME_BEFORE = re.compile(r"([\w.+-]+)\s+$")
_NAME_AFTER = re.compile(r"\s*(?:[:=]\s*)?([\w.+-]+)")
_NOT_QUEUE_NAMES = frozenset({"default", "any", "the", "a", "its", "usual", "whatever",
                              "whichever", "same", "right", "gpu", "normal", "their", "your"})
_SIZE_WORD = re.compile(r"\b(?:nodes?|gpus?|gcds?|tiles?|ranks?|cards?|devices?|servers?)\b"
                        r"|[x×*]\s*\d|\d\s*[x×*]", _F)
#: A size flag whose value is no number: a placeholder ("--nnodes nodes", "--nodes=$NNODES",
#: "-N <N>"): the count is still to be said.
_SIZE_PLACEHOLDER = re.compile(
    r"(?<![\w-])(?:--nodes|--nnodes?|--num[_-]nodes|--num[_-]machines|-N|--nproc[_-]per[_-]node"
    r"|--gpus[_-]per[_-]node|--ntasks(?:[_-]per[_-]node)?|--num[_-]processes|--ppn|-n|-np)"
    r"(?:=|\s+)(?=[$<{A-Za-z])[^\s,;]+"
)
_SIZE_ARG = re.compile(r"\d+\s*[x×]\s*\d+|(?:nodes?|gpus?)", _F)


def _clause(text: str, start: int, end: int) -> str:
    """The words around ``text[start:end]`` (at most ``_WINDOW`` characters each side) up to
    the nearest punctuation or blanked gap."""
    lo = max(0, start - _WINDOW)
    left = max(max(text.rfind(c, lo, start) for c in ",;:.()|\n"),
               text.rfind("   ", lo, start), lo - 1) + 1
    hi = min(len(text), end + _WINDOW)
    rights = [i for i in (text.find(c, end, hi) for c in (*",;()|\n", "   ")) if i >= 0]
    return " ".join(text[left:min([*rights, hi])].split())


#: A setting of the training program said in words ("a batch size of 8 per GPU", "for 10
#: epochs", "lr=3e-4"): no field of the job holds it, so it is asked for as a program argument.
_PROGRAM_SETTING = re.compile(
    r"\b(?:(?:micro[\s_-]*)?batch(?:[\s_-]*size)?|bs|epochs?|learning[\s_-]*rate|lr|seed"
    r"|(?:gradient[\s_-]*)?accumulation(?:[\s_-]*steps)?)(?:\s+(?:of|is|to))?(?:\s*[=:])?\s*"
    r"\d[\w.-]*(?:(?:\s+(?:samples?|images?|sequences?|tokens?))?(?:\s+per|\s*/|\s+each)\s*"
    r"(?:gpus?|devices?|ranks?)\b)?"
    r"|\b\d+\s+(?:epochs?|steps|iterations)\b",
    _F,
)


#: A call written in the request, as code shows it ("Trainer(max_epochs=100, devices=2)"), and
#: a keyword of it set to a number. The size keywords are read by the size rules; the others
#: are the program's code, which runs as it is.
_CODE_CALL = re.compile(r"\b[A-Za-z_][\w.]*\(([^()]{1,400})\)")
_KEYWORD_NUMBER = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*=\s*-?\d[\w.+-]*")
_SIZE_KEY = re.compile(r"node|gpu|device|proc|rank|world|task", _F)


def _ignore_code_keywords(scan: Scan) -> None:
    """Blank the keywords of calls in the program's code that set no size, with the reason."""
    spans = []
    for call in _CODE_CALL.finditer(scan.text):
        for kw in _KEYWORD_NUMBER.finditer(scan.text, call.start(1), call.end(1)):
            if not _SIZE_KEY.search(kw.group(1)):
                spans.append(kw.span())
                scan.ignore(kw.group(0), "a keyword of a call in the program's own code")
    scan.blank_spans(spans)


def _program_settings(scan: Scan) -> list[str]:
    """Settings of the program said in words, read (and blanked) here to be asked about."""
    found = [" ".join(m.group(0).split()) for m in scan.matches(_PROGRAM_SETTING)]
    return list(dict.fromkeys(found))[:_MAX_QUOTED]


def _unread_numbers(scan: Scan) -> list[str]:
    unread: list[str] = []
    for m in _NUMBER.finditer(scan.text):
        if len(unread) >= _MAX_QUOTED:
            break
        before = scan.text[max(0, m.start() - _WINDOW): m.start()]
        after = scan.text[m.end(): m.end() + _WINDOW]
        reason = next((why for pattern, why in _IGNORED_NUMBERS
                       if pattern.search(before if pattern.pattern.endswith("$") else after)),
                      None)
        if reason:
            scan.ignore(m.group(0), reason)
            continue
        unread.append(_clause(scan.text, m.start(), m.end()))
    return list(dict.fromkeys(unread))[:_MAX_QUOTED]


def _unread_queue(scan: Scan) -> list[str]:
    if "queue" in scan.found:
        return []
    unread: list[str] = []
    text = scan.text
    for m in _QUEUE.finditer(text):
        if len(unread) >= _MAX_QUOTED:
            break
        before = _NAME_BEFORE.search(text[max(0, m.start() - _WINDOW): m.start()])
        after = _NAME_AFTER.match(text[m.end(): m.end() + _WINDOW])
        said = [g.group(1) for g in (before, after) if g]
        if any(w.lower() not in _NOT_QUEUE_NAMES for w in said):
            unread.append(" ".join([*(said[:1] if before else []), m.group(0),
                                    *([after.group(1)] if after else [])]))
        else:
            scan.ignore(m.group(0), "names no particular queue")
    return unread


def _bare_args(command: Command) -> list[str]:
    """Arguments that are not an option nor an option's value."""
    bare, after_option = [], False
    for arg in command.args:
        if arg.startswith("-") and arg != "--":
            after_option = "=" not in arg
            continue
        if not after_option:
            bare.append(arg)
        after_option = False
    return bare


def _check_args(command: Command | None) -> None:
    if command is None or command.quoted:
        return
    for arg in _bare_args(command):
        word = arg.strip(".,;")
        kind = ("framework or strategy" if setup_words(word) or _UNSUPPORTED_SETUP.fullmatch(word)
                else "size" if _SIZE_ARG.fullmatch(word) else "")
        if kind:
            raise Contradiction(
                f"{arg!r} follows the program {command.entrypoint!r} as one of its arguments "
                f"but names a {kind}: write the program in backticks "
                f"(`{command.entrypoint} ...`) to pass it on, or say it apart from the program")


def check_accounted(scan: Scan, command: Command | None) -> dict[str, str]:
    """Questions for the words of ``scan`` that no rule read (field -> what to say); a program
    argument naming a framework, strategy or size raises Contradiction."""
    _check_args(command)
    for m in _LAUNCHERS.finditer(scan.text):
        scan.ignore(m.group(0), "the launcher is the cluster's documented recipe")
    for m in scan.matches(_RENDEZVOUS):
        scan.ignore(m.group(0), "the rendezvous (node rank, port) is the template's recipe")
    for m in scan.matches(_CPU_PLACEMENT):
        scan.ignore(m.group(0), "CPUs per task, their binding and node features are the "
                                "cluster's recipe")
    questions: dict[str, str] = {}
    # read before the numbers: the stage of "zero_stage: 2" is part of the setup asked about
    setup = [" ".join(m.group(0).split())
             for m in scan.matches(_UNSUPPORTED_SETUP)][:_MAX_QUOTED]
    placeholders = [m.group(0) for m in _SIZE_PLACEHOLDER.finditer(scan.text)][:_MAX_QUOTED]
    _ignore_code_keywords(scan)
    settings = _program_settings(scan)
    numbers = _unread_numbers(scan)
    sizes = [c for c in numbers if _SIZE_WORD.search(c)]
    others = [c for c in numbers if c not in sizes]
    size_questions = []
    if placeholders:
        size_questions.append(f"{_quote(placeholders)} gives no number: say the count, e.g. "
                              "'--nnodes 2' or '2 nodes'")
    if sizes:
        size_questions.append(f"{_quote(sizes)} was not understood as a size; say it as "
                              "e.g. '2 nodes with 4 GPUs each' or '8 GPUs in total'")
    if size_questions:
        questions["nodes"] = "; ".join(size_questions)
    unread = []
    if settings:
        unread.append(f"{_quote(settings)} is a setting of the program, which no field of the "
                      "job holds: give it as the program's argument (after the program)")
    if others:
        unread.append(f"{_quote(others)}: a number that gives no field of the job; "
                      "say what it is for (a program argument goes after the program)")
    if unread:
        questions["unread"] = "; ".join(unread)
    if setup:
        questions["strategy"] = (f"{_quote(setup)} is not a setup maple_flow writes: choose "
                                 "DDP, FSDP, DeepSpeed ZeRO-3 or Accelerate")
    times = [m.group(0) for m in _TIME_FLAG.finditer(scan.text)][:_MAX_QUOTED]
    times += [m.group(0) for m in _VAGUE_TIME.finditer(scan.text)][:_MAX_QUOTED]
    if times:
        questions["walltime"] = (f"{_quote(times)} was not understood as a walltime; say it "
                                 "as HH:MM:SS, e.g. '--time=08:00:00'")
    queues = _unread_queue(scan)
    if queues:
        questions["queue"] = (f"{_quote(queues)} names no queue of this cluster; name one "
                              "of its queues (see `maple clusters`) or leave it out")
    return questions


def _quote(phrases: list[str]) -> str:
    return ", ".join(repr(p) for p in phrases)
