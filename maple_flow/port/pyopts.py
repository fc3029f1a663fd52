"""The interpreter's own options of the source's launch (``python -u train.py``), carried.

The target's launch writes its own interpreter (or torchrun starts the program itself), so an
option in front of the program is kept as the environment variable Python reads for it:
``-u`` is ``PYTHONUNBUFFERED=1`` (output reaches the log as it is written), ``-W x`` is
``PYTHONWARNINGS=x``. An option with no such variable is named in a note.
"""

from __future__ import annotations

#: One-letter flags and the variable that has the same effect.
_FLAGS = {"u": ("PYTHONUNBUFFERED", "1"), "B": ("PYTHONDONTWRITEBYTECODE", "1"),
          "s": ("PYTHONNOUSERSITE", "1"), "O": ("PYTHONOPTIMIZE", "1")}
#: ``-X`` options with a variable of their own.
_X_OPTIONS = {"faulthandler": ("PYTHONFAULTHANDLER", "1"), "dev": ("PYTHONDEVMODE", "1"),
              "utf8": ("PYTHONUTF8", "1"), "utf8=1": ("PYTHONUTF8", "1"),
              "utf8=0": ("PYTHONUTF8", "0")}


def _flags(word: str) -> list[tuple[str, str]] | None:
    letters = word[1:]
    if letters == "OO":
        return [("PYTHONOPTIMIZE", "2")]
    if letters and all(ch in _FLAGS for ch in letters):
        return [_FLAGS[ch] for ch in letters]
    return None


def python_option_env(opts: list[str]) -> tuple[dict[str, str], list[str]]:
    """The variables that carry ``opts`` (the interpreter's options) and a note for each."""
    env: dict[str, str] = {}
    notes: list[str] = []
    i = 0
    while i < len(opts):
        word, value = opts[i], opts[i + 1] if i + 1 < len(opts) else ""
        pairs: list[tuple[str, str]] | None
        if word in {"-W", "-X"}:
            pairs = ([("PYTHONWARNINGS", value)] if word == "-W" else
                     [_X_OPTIONS[value]] if value in _X_OPTIONS else None)
            shown, i = f"{word} {value}", i + 2
        else:
            pairs, shown, i = _flags(word), word, i + 1
        if pairs is None:
            notes.append(f"the interpreter option `{shown}` of the source's launch is not "
                         "carried (the target's launch writes its own interpreter): add it "
                         "if the job needs it")
            continue
        env.update(pairs)
        notes.append(f"the interpreter option `{shown}` is kept as "
                     f"{', '.join(f'{k}={v}' for k, v in pairs)} (the target's launch writes "
                     "its own interpreter)")
    return env, notes
