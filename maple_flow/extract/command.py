"""Find the program to run in a request: its entry point and the arguments that follow it.

The entry point and its arguments are cut out of the request before any other phrase rule
runs, so a training flag such as ``--epochs 2`` is never read as a job size.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

#: A command written between backticks or quotes: the clearest way to give one.
_QUOTED = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|'([^'\n]+)'")
_SCRIPT = re.compile(r"(?<![\w/.$~-])((?:[\w$~{}.-]*/)*[\w.-]*\w\.py)(?![\w/])")
#: ``python -m torch.distributed.run`` (or ``.launch``) is a launcher, not the program.
_LAUNCHER_MODULE = re.compile(r"torch\.distributed\.(?:run|launch)")
_MODULE = re.compile(
    rf"\bpython[\d.]*\s+(?:-u\s+)?-m\s+(?!{_LAUNCHER_MODULE.pattern}\b)([A-Za-z_][\w.]*)"
    # a launcher's own module flag: torchrun -m pkg.train, accelerate launch --module pkg
    rf"|\b(?:torchrun|accelerate\s+launch|deepspeed|{_LAUNCHER_MODULE.pattern})"
    r"(?:\s+(?!-m\b|--module\b)-[^\s]*(?:\s+(?!-)(?![^\s]*\.py\b)[^\s]+)?)*"
    r"\s+(?:-m|--module)\s+([A-Za-z_][\w.]*)"
)
#: Launchers that run a module given with their own ``-m`` / ``--module`` flag.
_MODULE_LAUNCHERS = frozenset({"torchrun", "launch", "deepspeed", "torch.distributed.run",
                               "torch.distributed.launch"})
#: Words that end the argument list of a program named inside a sentence.
_STOP_WORDS = frozenset({
    "on", "with", "using", "across", "for", "in", "at", "and", "over", "via", "to", "from",
    "under", "as", "please", "then", "spread", "onto", "into", "use", "run", "inside",
    "through", "charged", "charging", "walltime", "time", "nodes", "node", "gpus", "gpu",
    "but", "so", "that", "which", "where", "while", "max", "within", "by", "queue", "it",
    "i", "we", "my", "the", "a", "an", "job", "should", "can", "each", "per", "of",
})
_ARG_LIKE = re.compile(r"^[-+]|[./=:,@$\d]|^[A-Z0-9_]+$")
#: Scheduler options written after a program in a sentence ("train.py -q debug -A m1234"):
#: they end its arguments (a program that takes such a flag is given in quotes).
_SCHEDULER_FLAGS = frozenset({
    "-A", "--account", "-q", "--qos", "-p", "--partition", "--queue", "-t", "--time", "-N",
    "--nodes", "--gpus-per-node", "--ntasks-per-node",
})
#: Words after a count that make it a size or a duration, not a program argument.
_COUNT_UNITS = re.compile(
    r"^(?:nodes?|gpus?|gpu's|ranks?|hours?|hrs?|h|minutes?|mins?|min|days?|seconds?|secs?)\W*$",
    re.IGNORECASE,
)


@dataclass
class Command:
    """A program found in a request, and the text left once it is cut out."""

    entrypoint: str
    module: bool
    args: list[str] = field(default_factory=list)
    rest: str = ""
    #: Given in quotes or backticks: its words are the program's, exactly as written.
    quoted: bool = False


def _clean_tail(word: str) -> str:
    return word[:-1] if len(word) > 1 and word[-1] in ".,;)" and word[-2] != "." else word


def _take_args(words: list[str]) -> list[str]:
    """Arguments of a program named mid-sentence: flags, their values and path-like words."""
    args: list[str] = []
    expects_value = sacred = False
    for i, raw in enumerate(words):
        word = raw.strip()
        low = word.lower().strip(".,;")
        ends_sentence = word.endswith((".", ",", ";")) and not word.endswith("..")
        if i == 0 and low in {"with", "using", "args", "arguments"} and _options_follow(words):
            continue  # "train.py with --epochs 3": the options are the program's
        if i == 0 and low == "with" and _config_update_next(words):
            args.append(word)  # Sacred's "run.py with lr=0.1 ...": "with" is the program's
            sacred = True  # and so are the named configs after it ("task_mlm_itm")
            continue
        if word in {"--", "\u2014", "\u2013"} and not _argument_after_dash(words, i):
            break  # "train.py -- Accelerate, 2x4 GPUs": a dash in the sentence
        if word.endswith(")") and word.count(")") > word.count("("):
            args.append(word.rstrip(")")) if word.rstrip(")") else None
            break  # "(train.py --epochs 3)": the parenthesis closes the program
        if low in _STOP_WORDS and not (expects_value and low not in {"on", "and", "with"}):
            break
        if (not low or word.startswith("(") or word.split("=")[0] in _SCHEDULER_FLAGS
                or _is_size(words, i)):
            break
        if (word.startswith("-") or expects_value or _ARG_LIKE.search(word)
                or _is_subcommand(words, i) or (sacred and re.fullmatch(r"[a-z_]\w*", low))):
            args.append(_clean_tail(word) if ends_sentence else word)
            expects_value = word.startswith("-") and "=" not in word and not ends_sentence
            if ends_sentence:
                break
            continue
        break
    return args


def _argument_after_dash(words: list[str], i: int) -> bool:
    """Whether the word after a ``--`` is a program argument (an option or a path, as in
    ``train.py -- --lr 3e-4``), not prose after a dash ("-- Accelerate, 2x4 GPUs")."""
    following = words[i + 1].strip().rstrip(".,;") if i + 1 < len(words) else ""
    return following.startswith("-") or any(c in following for c in "/=")


def _option_next(words: list[str], i: int) -> str:
    """The word after ``words[i]`` when it is an option (``-x``, ``--name``; not ``--``)."""
    following = words[i + 1].strip() if i + 1 < len(words) else ""
    return following if following.startswith("-") and following != "--" else ""


def _config_update_next(words: list[str]) -> bool:
    """Whether the word after the first is a lower-case ``key=value`` (a config update)."""
    following = words[1].strip() if len(words) > 1 else ""
    return re.match(r"[a-z_][\w.]*=", following) is not None


def _options_follow(words: list[str]) -> bool:
    """Whether the word after the first is a program option (not a scheduler flag)."""
    option = _option_next(words, 0)
    return bool(option) and option.split("=")[0] not in _SCHEDULER_FLAGS


def _is_subcommand(words: list[str], i: int) -> bool:
    """Whether ``words[i]``, right after the program, is its subcommand: a plain word that
    options follow ("main.py fit --config c.yaml", Lightning's and click's CLIs)."""
    return (i == 0 and re.fullmatch(r"[a-z][a-z0-9_-]*", words[i]) is not None
            and bool(_option_next(words, i)))


def _is_size(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is a count that the next word makes a size or a duration."""
    following = words[i + 1] if i + 1 < len(words) else ""
    return words[i].isdigit() and bool(_COUNT_UNITS.match(following))


def _split(text: str) -> list[str] | None:
    try:
        return shlex.split(text, posix=True)
    except ValueError:
        return None


def _is_python_module(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is the ``-m`` of ``python -m module``."""
    if i == 0 or i + 1 >= len(words):
        return False
    return bool(re.match(r"^python[\d.]*$", words[i - 1])) and bool(
        re.match(r"^[A-Za-z_][\w.]*$", words[i + 1])
    )


def _is_launcher_module(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is a launcher's ``-m``/``--module`` flag (``torchrun --nnodes 2
    -m pkg.train``): only options and their values stand between it and the launcher."""
    if words[i] not in {"-m", "--module"} or i + 1 >= len(words):
        return False
    for j in range(i - 1, -1, -1):
        if words[j] in _MODULE_LAUNCHERS:
            return re.match(r"^[A-Za-z_][\w.]*$", words[i + 1]) is not None
        if words[j].endswith(".py") or not (words[j].startswith("-") or
                                             words[j - 1].startswith("-")):
            return False
    return False


def _from_words(words: list[str]) -> tuple[str, bool, list[str]] | None:
    """Entry point, module flag and args from the words of a command line."""
    for i, word in enumerate(words):
        if (word == "-m" and _is_python_module(words, i)) or _is_launcher_module(words, i):
            if _LAUNCHER_MODULE.fullmatch(words[i + 1]):
                continue
            return words[i + 1], True, words[i + 2:]
        if word.endswith(".py") and not word.startswith("-") and "=" not in word:
            return word, False, words[i + 1:]
    return None


def _quoted_command(text: str) -> Command | None:
    for match in _QUOTED.finditer(text):
        body = next(g for g in match.groups() if g is not None)
        words = _split(body)
        found = _from_words(words) if words else None
        if found:
            rest = text[: match.start()] + " " + _prefix(words or [], found[0]) + " "
            return Command(found[0], found[1], found[2], rest + text[match.end():], quoted=True)
    return None


def _prefix(words: list[str], entry: str) -> str:
    """Launcher words before the entry point ("torchrun --nproc_per_node 4"), kept as text."""
    return " ".join(words[: words.index(entry)]) if entry in words else ""


def _inline_command(text: str) -> Command | None:
    module = _MODULE.search(text)
    script = _SCRIPT.search(text)
    if module and (not script or module.start() <= script.start()):
        entry, is_module, end = module.group(1) or module.group(2), True, module.end()
        # A launcher's words before its -m flag stay in the request: its sizes are read.
        start = module.start() if module.group(1) else _flag_start(text, module)
    elif script:
        start, end, entry, is_module = script.start(), script.end(), script.group(1), False
    else:
        return None
    entry = _clean_tail(entry) if not is_module else entry.rstrip(".")
    tail = text[end:]
    args = _module_subcommand(tail) if is_module else []
    args = args or _take_args(tail.split())
    consumed = _consumed_length(tail, args)
    return Command(entry, is_module, args, text[:start] + " " + tail[consumed:])


def _flag_start(text: str, match: re.Match[str]) -> int:
    """Where the ``-m``/``--module`` flag of a launcher's module match begins."""
    span = text[match.start(): match.start(2)]
    return match.start() + max(span.rfind(" -m "), span.rfind(" --module ")) + 1


#: Words that end a request rather than name a subcommand ("python -m pkg.train please").
_NOT_SUBCOMMANDS = (_STOP_WORDS - {"run", "use"}) | {"please", "now", "thanks", "here"}


def _module_subcommand(tail: str) -> list[str]:
    """The subcommand of a module run at the very end of a request (``python -m dora run``,
    ``torchrun -m pkg serve``): a single plain word after the module, nothing after it."""
    words = tail.split()
    if (len(words) == 1 and re.fullmatch(r"[a-z][a-z0-9_-]*", words[0])
            and words[0] not in _NOT_SUBCOMMANDS):
        return words
    return []


def _consumed_length(tail: str, args: list[str]) -> int:
    pos = 0
    for arg in args:
        found = tail.find(arg, pos)
        if found < 0:
            break
        pos = found + len(arg)
    if args and pos < len(tail) and tail[pos] in ".,;":
        pos += 1
    return pos


def find_command(text: str) -> Command | None:
    """The program a request names, or None when it names none."""
    return _quoted_command(text) or _inline_command(text)
