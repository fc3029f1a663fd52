"""Job packing: one job that runs several independent small programs side by side on the GPUs
of its node (``CUDA_VISIBLE_DEVICES=0 python a.py & CUDA_VISIBLE_DEVICES=1 python b.py &
wait``, a loop of ``CUDA_VISIBLE_DEVICES=$i ... &``, ``srun -n1 --gres=gpu:1 ... &`` steps).

Stage "read" for such jobs: how many GPUs the copies pin when no directive counts them (the
highest index a copy names, a loop's list, ``$((i % 4))``, GNU parallel's ``{%} % 8`` slot),
and the shapes the port cannot carry yet, refused with the reason and what to do:

- ``export CUDA_VISIBLE_DEVICES=k`` written between the copies (or in the loop that starts
  them): each copy runs on the value exported just before it, which one environment block of
  the target cannot keep;
- one-GPU ``srun`` steps in the background: each must get its own GPU on the target, and the
  target's launch of a step is sized on the whole job.

A note (never silence) when the script starts runs in the background and ends without
``wait``: in a batch job they are killed when the script ends.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from maple_flow.errors import ParseError
from maple_flow.port.words import short
from maple_flow.scriptparse.launch import with_other_names

_CVD = "CUDA_VISIBLE_DEVICES"
#: A command sent to the background (``&`` at its end, not ``&&``), a trailing comment allowed.
_BACKGROUND = re.compile(r"(?<![&|>])&\s*(?:#.*)?$")
#: ``CUDA_VISIBLE_DEVICES=VALUE`` as a command prefix or an export, the value as written.
_CVD_VALUE = re.compile(r"(?:^|[\s;&(])(?:export\s+)?CUDA_VISIBLE_DEVICES="
                        r"(\$\(\([^)]*\)\)|\"[^\"]*\"|'[^']*'|\S+)")
_EXPORT_CVD = re.compile(r"^\s*export\s+CUDA_VISIBLE_DEVICES=(\S+)")
#: ``for VAR in WORDS; do`` / ``for VAR in WORDS`` (``do`` on the next line).
_FOR = re.compile(r"^\s*for\s+(\w+)\s+in\s+(.*?)\s*(?:;\s*do\b.*)?$")
_SEQ = re.compile(r"^[`$(]*\(?\s*seq\s+(-?\d+)(?:\s+(-?\d+))?(?:\s+(-?\d+))?\s*\)?`?$")
_RANGE = re.compile(r"^\{(\d+)\.\.(\d+)\}$")
_MODULO = re.compile(r"%\s*(\d+)\s*\)")
_ASSIGN = re.compile(r"^\s*(\w+)=(\$\(\(.*\)\)|\S+)\s*$")
#: GNU parallel's job slot (``{%}``) taken modulo N, or shifted by one, as a GPU index.
_SLOT_MOD = re.compile(r"\{%\}\s*%\s*(\d+)")
_PARALLEL_JOBS = re.compile(r"\bparallel\b.*?(?:-j\s*|--jobs[=\s]+)(\d+)")
#: srun's options that give a step its own task count and GPUs.
_ONE_TASK = re.compile(r"(?:^|\s)(?:-n\s*1|--ntasks[=\s]1)(?=\s)")
_STEP_GPUS = re.compile(r"(?:^|\s)(?:--gres[=\s]\S*gpu\S*|--gpus(?:-per-task)?[=\s]\d+|-G\s*\d+)"
                        r"(?=\s)")
_PLAIN_RUN = re.compile(r"(?:^|\s)(?:\S*/)?(?:python[\d.]*|wandb|accelerate|torchrun)\s")


def _code_lines(text: str) -> list[tuple[int, str]]:
    """(number, line) of the script's lines that are not comments, continued lines joined
    (numbered by their first line)."""
    out: list[tuple[int, str]] = []
    joined, first = "", 0
    for number, line in enumerate(text.split("\n"), 1):
        if not joined and line.lstrip().startswith("#"):
            continue
        if line.rstrip().endswith("\\"):
            joined, first = joined + line.rstrip()[:-1] + " ", first or number
            continue
        out.append((first or number, joined + line))
        joined, first = "", 0
    return out


def _loop_values(words: str) -> list[int]:
    """The integers a ``for`` loop's word list gives (``0 1 2 3``, ``{0..7}``, ``$(seq 0 3)``,
    ```seq 4```); ``[]`` when it is not a list of literal integers."""
    words = words.strip()
    seq = _SEQ.match(words.replace("$(", "(").replace("((", "("))
    if seq:
        nums = [int(n) for n in seq.groups() if n is not None]
        first, step, last = ((1, 1, nums[0]) if len(nums) == 1 else (nums[0], 1, nums[1])
                             if len(nums) == 2 else (nums[0], nums[1], nums[2]))
        return list(range(first, last + 1, step or 1))[:256]
    rng = _RANGE.match(words)
    if rng:
        return list(range(int(rng.group(1)), int(rng.group(2)) + 1))[:256]
    parts = words.split()
    return [int(w) for w in parts] if parts and all(w.isdigit() for w in parts) else []


def _gpu_count_of(value: str, loops: dict[str, list[int]], assigned: dict[str, str]) -> int:
    """How many GPUs a copy's ``CUDA_VISIBLE_DEVICES`` value spans across the copies (the
    highest index + 1): a literal list, a loop variable, a variable set to ``$((x % N))``;
    0 when it cannot be read."""
    value = value.strip("\"'")
    if re.fullmatch(r"\d+(?:,\d+)*", value):
        return max(int(n) for n in value.split(",")) + 1
    modulo = _MODULO.search(value)
    if modulo:
        return int(modulo.group(1))
    name = re.fullmatch(r"\$\{?(\w+)\}?", value)
    if not name:
        return 0
    var = name.group(1)
    if loops.get(var):
        return max(loops[var]) + 1
    if var in assigned and assigned[var] != value:
        return _gpu_count_of(assigned[var], loops, {})
    return 0


@dataclass(frozen=True)
class Packed:
    """The GPUs a directive-less packed job's copies pin, and where the script says so."""

    gpus: int
    where: str


def packed_gpus(text: str) -> Packed | None:
    """The GPUs a job that runs copies side by side pins them to (its own
    ``CUDA_VISIBLE_DEVICES`` values, a loop's indices, GNU parallel's slot modulo N); None
    where the script pins fewer than two GPUs this way or cannot be read."""
    lines = _code_lines(text)
    loops: dict[str, list[int]] = {}
    assigned: dict[str, str] = {}
    for _, line in lines:
        loop = _FOR.match(line)
        if loop:
            loops[loop.group(1)] = _loop_values(loop.group(2))
        for part in re.split(r"[;\n]", line):
            assign = _ASSIGN.match(part)
            if assign:
                assigned[assign.group(1)] = assign.group(2)
    best, where, pinning, spread = 0, "", 0, False
    for number, line in lines:
        slot = _SLOT_MOD.search(line)
        jobs = _PARALLEL_JOBS.search(line)
        if slot or (jobs and "{%}" in line):
            count = int(slot.group(1)) if slot else int(jobs.group(1)) if jobs else 0
            spread = True
            if count > best:
                best, where = count, f"line {number} `{short(line, 90)}` (a GPU per job slot)"
            continue
        for match in _CVD_VALUE.finditer(line):
            count = _gpu_count_of(match.group(1), loops, assigned)
            pinning += 1 if count else 0
            spread = spread or ("$" in match.group(1) and count > 0)
            if count > best:
                best, where = count, f"line {number} `{short(line, 90)}`"
    copies = sum(1 for _, line in lines if _BACKGROUND.search(line)
                 and (_PLAIN_RUN.search(line) or _CVD_VALUE.search(line)))
    if best < 2 or not (copies or "parallel" in text) or not (pinning >= 2 or spread):
        return None  # one process's own GPU list (``=0,1,2,3``) is not a packed job
    return Packed(best, where)


def refuse_unkept_packing(text: str) -> None:
    """ParseError, with the reason and what to do, for the packing shapes the port cannot
    carry: ``CUDA_VISIBLE_DEVICES`` exported between the copies, one-GPU srun steps."""
    exported = _exported_per_copy(text)
    if exported:
        raise ParseError(
            f"the job runs copies of its work side by side, each on the GPU exported just "
            f"before it ({exported}): one environment block on the target cannot keep a "
            "value per copy; put the value on each copy's own line "
            "(`CUDA_VISIBLE_DEVICES=1 python ... &`) and port again")
    one_line = _copies_on_one_line(text)
    if one_line:
        raise ParseError(
            f"the job runs copies of its work side by side on ONE line ({one_line}): the port "
            "keeps one launch a line and would drop the others; put each copy on a line of "
            "its own (`... &` each, then `wait`) and port again")
    function = _function_run_by_parallel(text)
    if function:
        raise ParseError(
            f"the job's program runs inside a shell function ({function}), once per job "
            "slot, side by side: the port keeps one launch and cannot carry the function's "
            "runs; keep the function and the parallel line as they are on the target (only "
            "the header and modules change), with as many GPUs as job slots")
    steps = one_gpu_steps(text)
    if steps:
        count, shown = steps
        raise ParseError(
            f"the job packs {count} one-GPU srun steps side by side ({shown}): each step must "
            "get its own GPU on the target, and the port sizes another launch of the job on "
            "the whole job (a step holding every GPU queues the others; on PBS every run sees "
            "every GPU); write the steps for the target by hand (Slurm: `srun --exact -N 1 "
            "-n 1 --gpus=1 ... &`; PBS: `CUDA_VISIBLE_DEVICES=k ... &` on a node with enough "
            "GPUs, one job per 4 steps on 4-GPU nodes), or port one step as a job of its own")


def _copies_on_one_line(text: str) -> str:
    """Where one line starts two or more Python runs joined by ``&`` (``A & B & C``); ``""``
    otherwise."""
    for number, line in _code_lines(text):
        parts = [p for p in re.split(r"(?<![&|>])&(?!&)", line) if p.strip()]
        runs = [p for p in parts if _PLAIN_RUN.search(" " + p)]
        if len(runs) >= 2:
            return f"line {number}: {len(runs)} runs, `{short(line, 70)}`"
    return ""


_FUNCTION = re.compile(r"^\s*(?:function\s+)?(\w+)\s*\(\)\s*\{?")


def _function_run_by_parallel(text: str) -> str:
    """``name`` (line N) `parallel ...` when a function holding a Python run is run by GNU
    parallel or xargs; ``""`` otherwise."""
    lines = _code_lines(text)
    holding: dict[str, int] = {}
    current = ""
    for number, line in lines:
        head = _FUNCTION.match(line)
        if head:
            current, holding[head.group(1)] = head.group(1), 0
            continue
        if current and line.strip().startswith("}"):
            current = ""
        elif current and _PLAIN_RUN.search(" " + line) and not holding[current]:
            holding[current] = number
    for number, line in lines:
        if not re.search(r"\b(?:parallel|xargs)\b", line):
            continue
        for name, at in holding.items():
            if at and re.search(rf"\b{name}\b", line):
                return (f"`{name}`, its program on line {at}, run by line {number} "
                        f"`{short(line, 70)}`")
    return ""


def _exported_per_copy(text: str) -> str:
    """Where ``export CUDA_VISIBLE_DEVICES=...`` is written per copy: several exports with
    background runs between them, or one whose value changes in the loop that starts a copy
    in the background; ``""`` otherwise."""
    lines = _code_lines(text)
    exports = [(n, line) for n, line in lines if _EXPORT_CVD.match(line)]
    runs = [n for n, line in lines if _BACKGROUND.search(line) and _PLAIN_RUN.search(line)]
    if not exports or not runs:
        return ""
    numbers = [n for n, _ in exports]
    between = [r for r in runs if numbers[0] < r < numbers[-1]]
    if len(exports) >= 2 and between:
        shown = ", ".join(f"line {n}" for n in numbers[:4])
        return f"{shown}: `{short(exports[0][1], 90)}` ..."
    depth, inside = 0, 0
    for number, line in lines:
        stripped = line.strip()
        if _FOR.match(line) or stripped.startswith("while "):
            depth += 1
        if depth and _EXPORT_CVD.match(line) and "$" in line:
            inside = number
        if inside and number in runs:
            return f"line {inside} `{short(dict(exports)[inside], 90)}` in a loop"
        if re.match(r"^done\b", stripped) or re.search(r";\s*done\b", stripped):
            depth -= 1
            if depth <= 0:
                depth, inside = 0, 0
    return ""


def one_gpu_steps(text: str) -> tuple[int, str] | None:
    """(how many, where) of the one-task, GPU-asking ``srun`` steps the job starts in the
    background (a loop's step counted once per pass); None for fewer than two."""
    lines = _code_lines(text)
    loops: dict[int, int] = {}
    open_loops: list[int] = []
    for number, line in lines:
        loop = _FOR.match(line)
        if loop:
            values = _loop_values(loop.group(2))
            open_loops.append(len(values) or 2)
        words = line.split()
        if ("done" in words or line.strip().startswith("done")) and open_loops:
            open_loops.pop()
        loops[number] = 1
        for n in open_loops:
            loops[number] *= n
    found: list[tuple[int, str]] = []
    count = 0
    for number, line in lines:
        stripped = line.strip().lstrip("(").strip()
        if not stripped.startswith("srun") or not (
                _BACKGROUND.search(line) or _in_background_group(text, number)):
            continue
        try:
            step = " ".join(shlex.split(stripped, comments=True))
        except ValueError:
            step = stripped
        step = f" {step} "
        if not (_ONE_TASK.search(step) and _STEP_GPUS.search(step)):
            continue
        found.append((number, line))
        count += loops.get(number, 1)
    if count < 2:
        return None
    shown = "; ".join(f"line {n} `{short(line, 90)}`" for n, line in found[:2])
    return count, shown + (" ..." if len(found) > 2 else "")


def _in_background_group(text: str, number: int) -> bool:
    """Whether line ``number`` is inside a ``( ... ) &`` group sent to the background."""
    lines = text.split("\n")
    depth = 0
    for line in lines[number:]:
        stripped = line.strip()
        if stripped.startswith("("):
            depth += 1
        if stripped.startswith(")"):
            if depth == 0:
                return bool(re.search(r"&\s*$", stripped)) and "&&" not in stripped[:3]
            depth -= 1
    return False


def no_wait_note(text: str, launch_at: int | None = None) -> str:
    """A note when the script starts runs in the background and no ``wait`` follows the
    last of them: in a batch job they are killed when the script ends (``launch_at``: the
    launch's line, whose own ``&`` the launch stage notes)."""
    lines = _code_lines(text)
    last = max((n for n, line in lines if _BACKGROUND.search(line)
                and (_PLAIN_RUN.search(line) or line.strip().startswith(("srun", "nohup")))),
               default=0)
    if not last:
        return ""
    if any(n > last and re.search(r"(?:^|[;&\s])wait\b", line) for n, line in lines):
        return ""
    if any(re.search(r"(?:^|[;&\s])wait\b", line) for n, line in lines if n == last):
        return ""
    return (f"the script starts runs in the background (up to line {last}) and never waits "
            "for them: in a batch job the job ends when the script does and they are killed; "
            "add `wait` after them (at the end of the script)")


__all__ = ["Packed", "no_wait_note", "one_gpu_steps", "packed_gpus", "refuse_unkept_packing"]


#: A run's own ``CUDA_VISIBLE_DEVICES=VALUE`` prefix (after other assignments), or the same
#: exported on the run's own line just before it (``idx=1; export CUDA_VISIBLE_DEVICES=$idx;
#: python ... &``).
_PINNED_PREFIX = re.compile(
    r"^\s*(?:\w+=\S*\s+|\w+=[^;\s]*\s*;\s*)*(?:export\s+(?=\S+;))?"
    r"CUDA_VISIBLE_DEVICES=(\$\(\([^)]*\)\)|[^;\s]+)(?:\s*;)?\s")
#: ``&`` that sends a command to the background (not ``&&``, ``2>&1``, ``&>``).
_SENT_BACK = re.compile(r"(?<![&|>])&(?![&>])")
#: Words that start the program unchanged in front of it, and the interpreter itself.
_WRAPPERS = frozenset({"nohup", "time", "env", "exec"})
_INTERPRETER = re.compile(r"^(?:\S*/)?python[\d.]*$")
_LAUNCHER_WORDS = with_other_names({"srun", "mpiexec", "mpirun", "torchrun", "ibrun", "aprun",
                                     "jsrun", "deepspeed", "accelerate", "parallel", "xargs"})


def pinned_launch(text: str, at: int | None) -> tuple[int, list[str], str] | None:
    """The source's launch (line ``at``) when it is one of the job's copies: a plain run (no
    launcher) sent to the background, in a loop or beside other background runs, or pinned
    to its GPU by its own ``CUDA_VISIBLE_DEVICES=$var``: (line, its lines as written, the
    prefix's value or ""); None otherwise."""
    if at is None:
        return None
    lines = text.split("\n")
    block = [lines[at - 1]]
    while block[-1].rstrip().endswith("\\") and at - 1 + len(block) < len(lines):
        block.append(lines[at - 1 + len(block)])
    joined = " ".join(line.rstrip().rstrip("\\") for line in block)
    pinned = _PINNED_PREFIX.match(joined)
    called_back = bool(pinned) and bool(function_run_in_background(text, at))
    if not (_BACKGROUND.search(joined) or called_back) or not (_PLAIN_RUN.search(joined)
                                                               or pinned):
        return None
    words = re.sub(r"\s#.*$", "", joined[pinned.end():] if pinned else joined).split()
    while words and (words[0] in _WRAPPERS or re.match(r"^\w+=", words[0])):
        words = words[1:]
    if (not words or not (_INTERPRETER.match(words[0]) or pinned)
            or _LAUNCHER_WORDS & set(words)
            or len(_SENT_BACK.findall(joined)) > 1):
        return None  # started by a launcher, over ssh, or with other commands on its line
    value = pinned.group(1) if pinned else ""
    others = [n for n, line in _code_lines(text) if n != at and _BACKGROUND.search(line)
              and _PLAIN_RUN.search(line)]
    if not (others or _in_loop(text, at) or "$" in value or called_back):
        return None
    return at, block, value


def _enclosing_function(text: str, at: int) -> tuple[str, int, int] | None:
    """(name, first line, last line) of the shell function whose body holds line ``at``
    (``name () {`` ... ``}``); None when the line is not in a function."""
    open_at, name, depth = 0, "", 0
    for number, line in enumerate(text.split("\n"), 1):
        head = _FUNCTION.match(line)
        if head and not name:
            name, open_at, depth = head.group(1), number, 0
        if name:
            depth += line.count("{") - line.count("}")
            if number > open_at and depth <= 0 and re.match(r"^\s*\}", line):
                if open_at < at < number:
                    return name, open_at, number
                name = ""
    return None


def function_run_in_background(text: str, at: int) -> str:
    """``name`` (line N) when line ``at`` is in the body of a shell function that the script
    calls in the background (``run_one 0 3 ... &``, each call a run of its own); ``""``
    otherwise."""
    found = _enclosing_function(text, at)
    if found is None:
        return ""
    name, first, last = found
    calls = [n for n, line in _code_lines(text) if not first <= n <= last
             and re.match(rf"^\s*(?:\(\s*)?{name}(?:\s|$)", line)
             and (_BACKGROUND.search(line) or _in_background_group(text, n))]
    return f"`{name}` (line {first}), called in the background at line {calls[0]}" if calls \
        else ""


#: A plain top-level assignment of a literal text (``cmd="python3 main.py -p 15"``): no
#: command substitution, no scheduler's variable.
_PLAIN_ASSIGN = re.compile(r"^(\w+)=(?!.*(?:\$\(|`|\$\{?(?:SLURM|PBS|LSB|FLUX)_))\S.*$")


def copy_reads_unset(source_text: str, lines: list[str], block: list[str]) -> list[str]:
    """The source's top-level lines assigning a literal text (``cmd="python3 main.py ..."``)
    to a variable the copy ``block`` reads and that no line of the port (``lines``) sets:
    the copy, kept as written, runs what that variable holds."""
    read = set(re.findall(r"\$\{?(\w+)", " ".join(block)))
    port = "\n".join(lines)
    out: list[str] = []
    for _, line in _code_lines(source_text):
        found = _PLAIN_ASSIGN.match(line)
        if (found and found.group(1) in read and not _BACKGROUND.search(line)
                and not re.search(rf"(?:^|[\s;(]){found.group(1)}=|\bfor\s+{found.group(1)}\b",
                                  port)):
            out.append(line)
    return out


def _scope_start(lines: list[str], before: int) -> int:
    """The index just past the nearest ``for``/``while``/``until`` or function header above
    line index ``before``: where the lines that build a copy (its loop's or its function's
    body) begin; 0 when there is none."""
    for k in range(before - 1, -1, -1):
        line = lines[k]
        if (_FOR.match(line) or line.strip().startswith(("while ", "until "))
                or _FUNCTION.match(line)):
            return k + 1
    return 0


def _in_loop(text: str, at: int) -> bool:
    """Whether line ``at`` is inside a ``for``/``while`` loop's body."""
    depth = 0
    for number, line in _code_lines(text):
        if number >= at:
            return depth > 0
        stripped = line.strip()
        if _FOR.match(line) or stripped.startswith(("while ", "until ")):
            depth += 1
        if re.match(r"^done\b", stripped) or re.search(r";\s*done\b", stripped):
            depth = max(depth - 1, 0)
    return False


def _loop_assignments(text: str, at: int, block: list[str]) -> list[str]:
    """The lines of the loop around line ``at`` that assign a variable the launch reads
    (``ARGS="$BASE --seed $seed"``), as written."""
    lines = text.split("\n")
    head = _scope_start(lines, at - 1)
    if not head:  # a top-level copy: the port carries the set-up lines above it itself (a
        return []  # scheduler variable renamed, a foreign line dropped), never re-added
    body = lines[head: at - 1]
    read = " ".join(block)  # the launch, then what the lines kept for it read too
    kept: set[int] = set()
    while True:
        more = {i for i, line in enumerate(body) if i not in kept
                and not _BACKGROUND.search(line)  # another run (`i=0; ... python x &`)
                and (m := re.match(r"^\s*(\w+)=", line))
                and re.search(r"\$\{?" + m.group(1) + r"\b", read)}
        if not more:
            return [line for i, line in enumerate(body) if i in kept]
        kept |= more
        read += " " + " ".join(body[i] for i in more)


#: ``CUDA_VISIBLE_DEVICES=`` set (a command's prefix or an export), not read.
_CVD_SET = re.compile(r"(?:^|(?<=[\s;(]))CUDA_VISIBLE_DEVICES=")
#: A command run in the foreground with its own pin in front (``CUDA_VISIBLE_DEVICES=0 python
#: x.py``, other assignments around it allowed): the pin holds for that command alone, never
#: for the lines after it (unlike an ``export`` or a bare assignment on its own line).
_OWN_PREFIX = re.compile(
    r"^\s*(?:\w+=\S*\s+)*CUDA_VISIBLE_DEVICES=[\w,$\{\}\"'-]*\s+(?:\w+=\S*\s+)*[^\s=#;&|]+")


#: Why a background run's own pin is written for Intel GPUs (``name``: the target's).
INTEL_REPIN_WHY = ("is one of the job's runs side by side, pinned by its own CUDA_VISIBLE_DEVICES: "
                   "{name}'s Intel GPUs read ZE_AFFINITY_MASK (CUDA_VISIBLE_DEVICES does "
                   "nothing there, every run would see the same devices), so its pin is "
                   "written ZE_AFFINITY_MASK with the same value: the run sees the one GPU "
                   "tile it names, as it saw one GPU")


INTEL_FOREGROUND_REPIN_WHY = (
    "runs with its own CUDA_VISIBLE_DEVICES in front (a pin for that run alone): {name}'s "
    "Intel GPUs read ZE_AFFINITY_MASK (CUDA_VISIBLE_DEVICES does nothing there), so the run "
    "is kept with its pin written ZE_AFFINITY_MASK, the same value: it sees the GPU tile(s) "
    "its value names, as it saw its GPU(s)")


def intel_repin_why(text: str, name: str) -> str:
    """The note for :func:`intel_repinned_run` of ``text`` on the cluster ``name``: runs side
    by side (sent to the background) or a run of its own in the foreground."""
    side = any(_BACKGROUND.search(line.rstrip()) for _, line in _code_lines(text)
               if _CVD_SET.search(line))
    return (INTEL_REPIN_WHY if side else INTEL_FOREGROUND_REPIN_WHY).format(name=name)


def pins_are_runs_own(text: str) -> bool:
    """Whether every ``CUDA_VISIBLE_DEVICES=`` that ``text`` sets is a run's own pin: its
    (continued) line sends the run to the background (``CUDA_VISIBLE_DEVICES=$i python ... &``,
    in a loop's body too) or is the prefix of a command in the foreground
    (``CUDA_VISIBLE_DEVICES=0 python a.py``), none a setting for the lines after it."""
    pinning = [line for _, line in _code_lines(text) if _CVD_SET.search(line)]
    return bool(pinning) and all(_BACKGROUND.search(line.rstrip()) or _OWN_PREFIX.match(line)
                                 for line in pinning)


def intel_repinned_run(text: str, vendor: str) -> str | None:
    """``text``, a run the job sends to the background pinned by its own
    ``CUDA_VISIBLE_DEVICES=VALUE`` (prefix, or an export on its own line), with the pin written
    ``ZE_AFFINITY_MASK=VALUE`` for a target whose GPUs are Intel's (``vendor``), the same
    value; None for another vendor, a line that is not such a run, or one that still names
    NVIDIA's tools once the pin is written."""
    if vendor != "intel" or not _CVD_SET.search(text) or not pins_are_runs_own(text):
        return None
    repinned = _CVD_SET.sub("ZE_AFFINITY_MASK=", text)
    if re.search(r"\b(?:CUDA|NVIDIA)_VISIBLE_DEVICES\b|nvidia-smi", repinned):
        return None
    return repinned


def intel_pin(block: list[str]) -> list[str]:
    """``block`` (a copy as written) with its own ``CUDA_VISIBLE_DEVICES=VALUE`` prefix
    written as ``ZE_AFFINITY_MASK=VALUE``, the same value: Intel GPUs read that variable
    (the copy then sees the one tile its value names, as it saw one GPU)."""
    first = block[0]
    pinned = _PINNED_PREFIX.match(first)
    if not pinned:
        return block
    start = pinned.start(1) - len(_CVD) - 1
    return [first[:start] + "ZE_AFFINITY_MASK=" + first[pinned.start(1):], *block[1:]]


def put_back_pinned_launch(script: str, source_text: str, at: int, block: list[str],
                           value: str, intel: bool = False) -> str | None:
    """``script`` with the target's launch statement replaced by the source's pinned copy as
    written (on Intel GPUs, ``intel``, its pin written as ``ZE_AFFINITY_MASK``), and the
    ``export CUDA_VISIBLE_DEVICES=VALUE`` the port wrote for it (read outside the loop that
    sets VALUE) taken out; None when the launch is not found."""
    from maple_flow.port.stages import launch_section

    start, section = launch_section(script)
    if not section:
        return None
    lines = script.rstrip("\n").split("\n")
    # the lines of the loop (or function) around the launch, above it
    body = {line.strip() for line in lines[_scope_start(lines, start):start]}
    missing = [line for line in _loop_assignments(source_text, at, block)
               if line.strip() not in body]
    kept = intel_pin(block) if intel else block
    head = _scope_start(lines, start)
    restored = [line for line in copy_reads_unset(source_text, lines, block)
                if line.strip() not in {x.strip() for x in lines}]
    place = head - 1 if head else start  # above the loop (or function) holding the copy
    lines = lines[:place] + restored + lines[place:]
    start += len(restored)
    out = lines[:start] + missing + kept + lines[start + len(section):]
    moved = f"export {_CVD}={value}"
    if value and moved not in source_text:
        out = [line for line in out if line.strip() != moved]
    if function_run_in_background(source_text, at):  # the calls' own `wait` after them
        return "\n".join(out) + "\n"
    return "\n".join(_with_wait(out, start + len(missing) + len(kept) - 1, source_text,
                                 at)) + "\n"


_WAIT = re.compile(r"^\s*wait\b")


def _with_wait(out: list[str], end: int, source_text: str, at: int) -> list[str]:
    """``out`` with the source's ``wait`` after the copies put back (after the loop that
    starts them) when the port has none after them: the job ends when they all have."""
    waits_after = any(_WAIT.match(line) for n, line in _code_lines(source_text) if n > at)
    if not waits_after or any(_WAIT.match(line) for line in out[end + 1:]):
        return out
    place = end + 1
    if _in_loop(source_text, at):
        place = next((k + 1 for k in range(end + 1, len(out))
                      if re.match(r"^\s*done\b", out[k])), end + 1)
    return [*out[:place], "wait  # the source waits for its runs", *out[place:]]


def pinned_note(at: int, block: list[str], value: str, function: str = "") -> str:
    """The note for a copy kept as written in place of the target's launch (``function``:
    the shell function holding it, whose calls run in the background)."""
    text = short(" ".join(b.strip().rstrip(chr(92)) for b in block), 90)
    on = (f", on the GPU its own CUDA_VISIBLE_DEVICES={value} names" if value else
          ", on the GPUs the job's node gives it (as in the source)")
    where = (f"inside your function {function}, each call one run" if function else
             "with the lines of its loop that build it")
    return (f"line {at} `{text}` is one of the job's copies run side by side{on}: kept as "
            f"written, a plain run in the job's batch shell, {where} (a target launcher "
            "would make it a job-wide launch, give it every GPU of the node or reset the one "
            "it names)")


def intel_pin_note(value: str, profile_name: str) -> str:
    """The note for a copy's pin rewritten for Intel GPUs (see ``intel_pin``)."""
    return (f"each copy's own `CUDA_VISIBLE_DEVICES={value}` is written "
            f"`ZE_AFFINITY_MASK={value}`, the same value: {profile_name}'s Intel GPUs read "
            "ZE_AFFINITY_MASK (CUDA_VISIBLE_DEVICES does nothing there, every copy would see "
            f"the same devices), so each copy sees the one GPU tile {value} names, as it saw "
            "one GPU in the source")
