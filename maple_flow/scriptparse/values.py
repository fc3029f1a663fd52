"""Resolve the shell values a script computes: ``$VAR``, ``${VAR}``, ``$((a*b))``."""

from __future__ import annotations

import ast
import operator
import re
import shlex
from collections.abc import Callable, Mapping, Sequence

#: A default's text, one level of ``${...}`` inside it (``${ROOT:-/home/${USER}/x}``).
_DEFAULT_TEXT = r"(?:[^}$]|\$\{[^}]*\}|\$(?!\{))*"
_VAR = re.compile(rf"\$\{{(\w+)(?::?[-=]({_DEFAULT_TEXT}))?\}}|\$(\w+)")
#: ``${name:+word}`` / ``${name+word}``: WORD where name is set (and, with the colon, not
#: empty), else nothing; matched before ``_VAR`` so the references inside WORD are not
#: expanded apart from it.
_ALTERNATE = re.compile(rf"\$\{{(\w+)(:?)\+({_DEFAULT_TEXT})\}}")
_OPS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv, ast.Div: operator.floordiv, ast.Mod: operator.mod,
}


#: The length of a whole array (``${#HOSTS[@]}``).
_ARRAY_LENGTH = re.compile(r"\$\{#(\w+)\[[@*]\]\}")


def expand(text: str, variables: Mapping[str, str], depth: int = 0) -> str:
    """``text`` with every known variable replaced by its value (unknown ones stay)."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(3)
        if name in variables:
            return variables[name]
        default = match.group(2)
        return _unquote(default) if default is not None else match.group(0)

    def length(match: re.Match[str]) -> str:  # ``${#HOSTS[@]}`` of a literal array
        held = variables.get(match.group(1) + "[@]")
        try:
            return str(len(shlex.split(held))) if held is not None else match.group(0)
        except ValueError:
            return match.group(0)

    def alternate(match: re.Match[str]) -> str:
        name, colon, word = match.groups()
        if name not in variables:
            return match.group(0)  # decided when it runs: kept whole, WORD's references too
        used = bool(variables[name]) if colon else True
        return expand(_unquote(word), variables, depth + 1) if used else ""

    # the ``${name:+...}`` constructs as whole words, the references between them one by one
    source = _ARRAY_LENGTH.sub(length, text)
    out: list[str] = []
    at = 0
    for match in _ALTERNATE.finditer(source):
        out += [_VAR.sub(one, source[at:match.start()]), alternate(match)]
        at = match.end()
    result = "".join(out) + _VAR.sub(one, source[at:])
    if result != text and depth < 5 and "$" in result:
        return expand(result, variables, depth + 1)
    return result


_DEFAULTED = re.compile(rf"\$\{{(\w+):?[-=]{_DEFAULT_TEXT}\}}")


def overridden_key(name: str) -> str:
    """The key that marks ``name`` as set from ``${OTHER:-default}`` in a variables mapping
    (not a shell name, so no expansion ever reads it)."""
    return "?" + name


def overridable(value: str, variables: Mapping[str, str]) -> bool:
    """Whether ``value`` falls back to a default for a variable the script does not set
    (``${BATCH:-1}``): the environment the job is submitted with decides it."""
    return any(m.group(1) not in variables for m in _DEFAULTED.finditer(value))


def _unquote(text: str) -> str:
    if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def simple_values(variables: Mapping[str, str]) -> dict[str, str]:
    """The variables whose values can be pasted into shell text as they are (no command
    substitution, arithmetic or quotes)."""
    return {k: v for k, v in variables.items() if not re.search(r"\$\(|[`'\"\\]", v)}


def _eval(node: ast.AST) -> int:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        right = _eval(node.right)
        if isinstance(node.op, ast.FloorDiv | ast.Div | ast.Mod) and right == 0:
            raise ValueError("division by zero")
        return _OPS[type(node.op)](_eval(node.left), right)
    raise ValueError("not plain arithmetic")


def to_int(text: str | None, variables: Mapping[str, str]) -> int | None:
    """The integer a shell word stands for, or None when it cannot be known statically."""
    if text is None:
        return None
    value = expand(text, variables).strip().strip("\"'")
    arith = re.fullmatch(r"\$\(\((.*)\)\)", value)
    if arith:
        value = expand(arith.group(1), {k: v for k, v in variables.items()})
        value = re.sub(r"\b([A-Za-z_]\w*)\b", lambda m: variables.get(m.group(1), m.group(0)),
                       value).strip()  # ``$(( 1 + 2 ))``: a leading space is no indent
    if not re.fullmatch(r"[\d\s+*/%()-]{1,64}", value):
        return None
    try:
        result = _eval(ast.parse(value, mode="eval").body)
    except (ValueError, SyntaxError, RecursionError):
        return None
    return result if 0 < result < 10_000_000 else None


def first_int(text: str | None) -> int | None:
    """The leading integer of a directive value ("2", "2-4", "2:ncpus=64")."""
    if text is None:
        return None
    match = re.match(r"\s*(\d{1,7})(?!\d)", text)
    return int(match.group(1)) if match else None


def gpu_count(text: str | None) -> int | None:
    """The count in a GPU request: "4", "a100:4", "gpu:4", "gpu:v100-32:8"."""
    if text is None:
        return None
    last = text.split(",")[0].split(":")[-1]
    return int(last) if last.isdigit() and len(last) <= 7 else None


#: One entry of a Slurm GRES list naming GPUs: ``gpu``, ``gpu:a100``, ``gpu:2``, ``gpu:a100:2``
#: (group 1: the count, absent when not written).
_GRES_GPU = re.compile(r"^(?:gres/)?gpu(?::[^:,]+)*?(?::(\d{1,7}))?$")


def gres_gpu_count(text: str | None) -> int | None:
    """The GPUs a Slurm ``--gres`` list asks a node: the counts of its ``gpu`` entries (summed
    where it names several, each of its own type: ``gpu:a40:4,gpu:3090:1`` is 5), each
    1 where the entry names no count (``--gres=gpu``, ``--gres=gpu:v100``: sbatch(1), --gres:
    "The format for each entry in the list is "name[[:type]:count]" ... The count is the number
    of those resources with a default value of 1"); None without a ``gpu`` entry (``gpumem:24g``
    is another resource)."""
    if text is None:
        return None
    counts = [int(m.group(1)) if m.group(1) else 1
              for m in map(_GRES_GPU.match, text.replace(" ", "").split(",")) if m]
    return sum(counts) if counts else None


def gres_gpu_types(text: str | None) -> list[tuple[str, int]]:
    """The typed ``gpu`` entries of a Slurm ``--gres`` list, each as (type, count):
    ``gpu:a40-48:4,gpu:3090:1`` is [("a40-48", 4), ("3090", 1)]: a list of several ``gpu``
    entries asks each of them (sbatch(1), --gres: "a comma-delimited list of generic
    consumable resources"; gres.html's node ``Gres=gpu:tesla:2,gpu:kepler:2``), so such a
    job runs on a node that holds GPUs of each type."""
    typed: list[tuple[str, int]] = []
    for entry in (text or "").replace(" ", "").split(","):
        match = _GRES_GPU.match(entry)
        parts = entry.removeprefix("gres/").split(":")
        if match and (len(parts) >= 3 or (len(parts) == 2 and not parts[1].isdigit())):
            typed.append((parts[1], int(match.group(1)) if match.group(1) else 1))
    return typed


_WHOLE_VAR = _VAR


#: An arithmetic expansion (``$((SLURM_NNODES * GPUS_PER_NODE))``): one word to the shell,
#: whatever spaces it has inside (its result is a number).
_ARITH = re.compile(r"\$\(\((?:[^()]|\([^()]*\))*\)\)")
#: A command substitution (``$(hostname)``, backticks); ``$((...))`` is arithmetic, not one.
COMMAND_SUBST = re.compile(r"\$\((?!\()|`")


def _split(value: str) -> list[str]:
    saved = _ARITH.findall(value)
    held = _ARITH.sub(lambda m: f"\0{saved.index(m.group(0))}\0", value)
    try:
        parts = shlex.split(held)
    except ValueError:
        parts = held.split()
    return [re.sub(r"\0(\d+)\0", lambda m: saved[int(m.group(1))], p) for p in parts]


def _field_split(value: str) -> list[str]:
    """The words bash makes of an unquoted ``$VAR`` holding ``value``: split at blanks, with
    no quote removal (``CMD="x.py --cfg=\\"a.json\\""; $CMD`` passes ``--cfg="a.json"`` with
    its quote characters, as ``eval`` would not); ``$((...))`` stays one word."""
    if not re.search(r"[\"'\\]", value):
        return _split(value)
    saved = _ARITH.findall(value)
    held = _ARITH.sub(lambda m: f"\0{saved.index(m.group(0))}\0", value)
    return [re.sub(r"\0(\d+)\0", lambda m: saved[int(m.group(1))], p) for p in held.split()]


def split_words(
    words: Sequence[str], unquoted: Sequence[bool], variables: Mapping[str, str], depth: int = 0
) -> list[str]:
    """``words`` with each unquoted whole-word ``$VAR``/``${VAR}`` of a known variable
    replaced by the words of its value, split as the shell does (an empty value vanishes).
    Quoted words, partial references, unknown variables and values computed by command
    substitution or arithmetic are kept as written."""
    return [w for w, _ in traced_split_words(words, unquoted, variables, depth)]


#: A command's file looked up on PATH (``$(which dask-worker)``, `` `command -v torchrun` ``).
_WHICH = re.compile(r"(?:\$\(\s*(?:which|command -v)\s+([\w./+-]+)\s*\)"
                    r"|`\s*(?:which|command -v)\s+([\w./+-]+)\s*`)")


def which_name(word: str) -> str:
    """The command ``word`` looks up on PATH (``$(which python)``, `` `command -v torchrun` ``),
    or ``""`` when ``word`` is no such look-up."""
    found = _WHICH.fullmatch(word.strip())
    return (found.group(1) or found.group(2)) if found else ""


#: The per-node launchers whose command an array may hold (``CMD=(torchrun ... x.py)``).
_AGENTS = frozenset({"torchrun", "deepspeed", "accelerate"})
#: A Python interpreter chosen at submit time with a default (``${PYTHON:-python3}``).
_INTERPRETER_DEFAULT = re.compile(r"(?:\$\{\w+:?-)?((?:[\w./~-]*/)?python[\d.]*)\}?")
_PYTHON_WORD = re.compile(r"python[\d.]*")
#: A whole bash array's expansion (``${DISTRIBUTED_ARGS[@]}``, quoted or not).
_ARRAY_ALL = re.compile(r"^\$\{(\w+)\[[@*]\]\}$")
#: A bash array literal assigned in a script (``NAME=(``, ``NAME+=(``) up to its closing ``)``.
_ARRAY_LITERAL = re.compile(r"^[ \t]*(?:export[ \t]+|declare[ \t]+-a[ \t]+)?(\w+)(\+?)=\(", re.M)


#: Tools whose ``run`` starts a command in the project's environment (``uv run torchrun ...``).
ENV_RUNNERS = frozenset({"uv", "poetry", "pdm", "hatch", "pixi", "rye", "conda", "mamba",
                         "micromamba", "pipenv"})


def runner_python(words: Sequence[str]) -> int:
    """Index of the python word of ``uv run [options] python ...`` (any environment runner's
    ``run``) at the head of ``words``; 0 when they do not start so."""
    if len(words) < 3 or words[0].rsplit("/", 1)[-1] not in ENV_RUNNERS or words[1] != "run":
        return 0
    for k in range(2, min(len(words), 10)):
        if _PYTHON_WORD.fullmatch(words[k].rsplit("/", 1)[-1]):
            return k
        if words[k] == "--":
            continue
        if not words[k].startswith("-") and "=" not in words[k] and not (
                k > 2 and words[k - 1].startswith("--") and "=" not in words[k - 1]):
            return 0
    return 0



_RUNTIME_DEFAULT = re.compile(r"\$\{\w+:?-(apptainer|singularity)\}")


def _runtime_default(match: re.Match[str], variables: Mapping[str, str]) -> str:
    """The container runtime a quoted ``"$NAME"`` command word runs where the script sets
    ``NAME=${NAME:-singularity}`` (the job's environment may name another): ``singularity``;
    ``""`` otherwise."""
    name = match.group(1) or match.group(3)
    if not name or overridden_key(name) not in variables:
        return ""
    found = _RUNTIME_DEFAULT.fullmatch(variables.get(name, "").strip().strip('"'))
    return found.group(1) if found else ""


#: The Python tools a variable may hold as the command word of a launch: an interpreter or a
#: per-node launcher, by its name or its path (``/env/bin/python``, ``$VENV/bin/accelerate``).
_HELD_TOOL = re.compile(r"(?:[\w.~${}/-]*/)?(?:python[\d.]*|accelerate|torchrun|deepspeed)")


def held_tool(match: re.Match[str], variables: Mapping[str, str]) -> str:
    """The interpreter or launcher a quoted whole-variable word (``"${PYTHON_BIN}"``) runs
    where the script gives its value: set to it (``ACCELERATE_EXEC="$VENV_DIR/bin/accelerate"``)
    or defaulted to it (``PYTHON_BIN="${PYTHON_BIN:-/envs/ml/bin/python}"``: the default, as
    the job runs when its submitter sets nothing); ``""`` for any other value (a command with
    options, a path with spaces, a value from a command substitution)."""
    name = match.group(1) or match.group(3)
    value = variables.get(name, "").strip() if name else ""
    own = re.fullmatch(rf"\$\{{{name}:?[-=]({_DEFAULT_TEXT})\}}", value) if value else None
    if own:  # `X="${X:-default}"`: the default (the environment may override it)
        value = _unquote(own.group(1).strip())
    elif name and overridden_key(name) in variables:
        found = _INTERPRETER_DEFAULT.fullmatch(value.strip('"'))
        value = found.group(1) if found else ""
    if not value or COMMAND_SUBST.search(value) or re.search(r"\s", value):
        return ""
    resolved = expand(value, {k: v for k, v in variables.items() if k != name})
    return value if _HELD_TOOL.fullmatch(resolved if "$" not in resolved else value) else ""


def array_key(name: str) -> str:
    """The key of the array ``name``'s words in a variables mapping (no shell name)."""
    return name + "[@]"


def array_literals(text: str) -> dict[str, str]:
    """The script's literal bash arrays (``DISTRIBUTED_ARGS=( --nproc_per_node 8 ... )``,
    ``ARGS+=(--bf16)``), each as its words joined (keyed by :func:`array_key`), the last
    assignment winning; an array built by a command substitution has no known words."""
    found: dict[str, str] = {}
    for match in _ARRAY_LITERAL.finditer(text):
        body = _array_body(text, match.end())
        if body is None or COMMAND_SUBST.search(body):
            found.pop(array_key(match.group(1)), None)
            continue
        try:
            words = shlex.split(body, comments=True)
        except ValueError:
            continue
        joined = shlex.join(words)
        key = array_key(match.group(1))
        found[key] = (found.get(key, "") + " " + joined).strip() if match.group(2) else joined
    return found


def _array_body(text: str, start: int) -> str | None:
    """The text of an array literal from ``start`` (after its ``(``) to its closing ``)``,
    outside quotes and comments; None when it does not close."""
    quote, k = "", start
    while k < len(text):
        ch = text[k]
        if quote:
            if ch == "\\" and quote == '"':
                k += 1
            elif ch == quote:
                quote = ""
        elif ch == "\\":
            k += 1
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (k == start or text[k - 1] in " \t\n"):
            end = text.find("\n", k)
            k = len(text) if end < 0 else end
            continue
        elif ch == ")":
            return text[start:k]
        elif ch == "(":
            return None  # a nested `$(...)` or subshell: not a plain list of words
        k += 1
    return None


#: A script path under the working directory as a command substitution gives it
#: (`` `pwd`/train.py ``, ``$(pwd)/src/x.py``): one program word, known up to the directory.
_CWD_SCRIPT = re.compile(r"(?:`pwd`|\$\(pwd\))/[\w./-]+\.py")


def traced_split_words(
    words: Sequence[str], unquoted: Sequence[bool], variables: Mapping[str, str], depth: int = 0
) -> list[tuple[str, int]]:
    """:func:`split_words`, each resulting word with the index of the word it came from."""
    out: list[tuple[str, int]] = []
    for k, (word, bare) in enumerate(zip(words, unquoted, strict=True)):
        array = _ARRAY_ALL.match(word)
        held = shlex.split(variables.get(array_key(array.group(1)), "")) if array else []
        if held and (held[0].startswith("-") or held[0].rsplit("/", 1)[-1] in _AGENTS
                     or _PYTHON_WORD.fullmatch(held[0].rsplit("/", 1)[-1])
                     or runner_python(held) > 0):
            # options (`torchrun ${DISTRIBUTED_ARGS[@]}`) or a launcher's command
            # (`CMD=(torchrun ... x.py); srun "${CMD[@]}"`), or a Python command
            # (`CMD=(python x.py ...)`: see LaunchLine.array_command), quoted or not: one word
            # each; another command held in an array (`FIT=(mytool x)`) is not read
            out.extend((w, k) for w in held)
            continue
        quoted = _WHOLE_VAR.fullmatch(word) if not bare else None
        runtime = _runtime_default(quoted, variables) if quoted else ""
        if runtime:  # `"$CONTAINER_RUNTIME" exec ...`: one word, the runtime its default names
            out.append((runtime, k))
            continue
        tool = held_tool(quoted, variables) if quoted else ""
        if tool and _PYTHON_WORD.fullmatch(tool.rsplit("/", 1)[-1]):
            # `"${PYTHON_BIN}" x.py` with PYTHON_BIN="${PYTHON_BIN:-/envs/ml/bin/python}": the
            # interpreter it holds (a launcher it holds is read by port.kept_command)
            out.append((tool, k))
            continue
        match = _WHOLE_VAR.fullmatch(word) if bare else None
        name = (match.group(1) or match.group(3)) if match else None
        known = variables.get(name) if name else None
        if name and overridden_key(name) in variables and len(_split(known or "")) < 2:
            default = _INTERPRETER_DEFAULT.fullmatch((known or "").strip().strip('"'))
            # the environment can override it: a live reference stays; an interpreter with a
            # default (`PY=${PYTHON:-python}; srun $PY -u x.py`) is read as that interpreter
            out.append((default.group(1) if default else word, k))
            continue
        if known is not None and which_name(known):
            out.append((known.strip(), k))  # `TORCHRUN=$(which torchrun)`: that command
            continue
        if known is not None and not re.search(r"\$\(|`", known):
            value = known
        elif known is not None and not COMMAND_SUBST.search(known) and len(_split(known)) > 1:
            value = known  # a command with arithmetic in it (`accelerate launch ... $((N * G))`);
            # a value that is only a computed number (`accum=$((64 / ngpu))`) stays a reference
        elif match and match.group(2) is not None:
            value = _unquote(match.group(2))
        elif known is not None and _CWD_SCRIPT.fullmatch(known.strip()):
            value = known.strip()  # `TRAIN=`pwd`/train.py`: a script of the working directory
        else:
            out.append((word, k))
            continue
        parts = _split(value) if known is None else _field_split(value)
        if depth < 5 and any(_WHOLE_VAR.fullmatch(p) for p in parts):
            parts = split_words(parts, [True] * len(parts), variables, depth + 1)
        out.extend((part, k) for part in parts)
    return out


_IF_TEST = re.compile(r"^\s*if\s+(\[\[?)\s+(.+?)\s+(\]\]?)\s*;?\s*then\s*$")
_OTHER_BRANCH = re.compile(r"^\s*(?:elif|else)\b", re.M)
_INT_TESTS: dict[str, Callable[[int, int], bool]] = {
    "-eq": operator.eq, "-ne": operator.ne, "-lt": operator.lt,
    "-gt": operator.gt, "-le": operator.le, "-ge": operator.ge,
}
_STR_TESTS: dict[str, Callable[[str, str], bool]] = {
    "=": operator.eq, "==": operator.eq, "!=": operator.ne,
}


def branch_taken(block: str, variables: Mapping[str, str]) -> bool | None:
    """Whether an ``if [ A op B ]; then ... fi`` block (one branch, no ``else``) runs, when
    the script's own values decide its test (``USE_DS=1`` ... ``if [[ $USE_DS -eq 1 ]]``);
    None when they do not (an unknown value, another test, other branches)."""
    head, _, rest = block.partition("\n")
    match = _IF_TEST.match(head)
    if not match or _OTHER_BRANCH.search(rest) or (match.group(1) == "[") != (
            match.group(3) == "]"):
        return None
    try:
        words = shlex.split(expand(match.group(2), simple_values(variables)))
    except ValueError:
        return None
    if len(words) != 3 or any("$" in w for w in words):
        return None
    left, op, right = words
    if op in _STR_TESTS:
        return _STR_TESTS[op](left, right)
    if op in _INT_TESTS and re.fullmatch(r"-?\d+", left) and re.fullmatch(r"-?\d+", right):
        return _INT_TESTS[op](int(left), int(right))
    return None
