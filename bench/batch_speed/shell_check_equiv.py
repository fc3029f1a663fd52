"""The batch shell check answers what ``bash -n`` answers, text by text (issue 14, batch speed).

    PYTHONPATH=$PWD python bench/batch_speed/shell_check_equiv.py \
        [--cache /work/cache] [--ports /work/wt/s29/base] [--out FILE]

The texts: every released script under ``--cache`` (one folder per set; folders named on the
command line with ``--skip`` are not read), every released port's script in the port dumps
under ``--ports`` (``<set>/ports/*.txt``, the lines after ``SCRIPT:``), and for each of them
two broken copies made by a seeded random edit of the kinds a port's edit could make (a
``fi``/``done``/``esac``/``}``/heredoc end line dropped, a stray closer or opener added, a
quote, ``$(``, ``${`` or ``((`` left open, the text cut short, an unterminated heredoc).

Each text's answer inside one ``parsing_session`` (``maple_flow.port.shell_check._bash_error``:
one bash reading every text), the texts read in three orders (as listed, reversed, shuffled),
so that a text read after any other is read the same, is compared, verdict and message with
line numbers, with (1) the answer of session s25's reader (``FORKED_READER``: each text
parsed in a subshell forked for it, the code 97af9555 runs; a port's check must answer as
before) and (2) its answer outside a session (one ``bash -n`` process a text). Writes a JSON
summary (counts, and each differing text's first 300 characters).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from maple_flow.port import shell_check

CLOSERS = ("fi", "done", "esac", "}", "EOF", ")", ";;")
OPENERS = ("if true; then", "while true; do", "case $x in", "{", "f() {", "for i in 1; do")
LEFT_OPEN = ("'", '"', "$(", "${", "$((", "`", "[[ -n x", "cat <<EOF")


#: Session s25's reader (maple_flow/port/shell_check.py of 97af9555): a subshell forked a text.
FORKED_READER = ("while IFS= read -r n; do IFS= read -r -d '' -N \"$n\" text; "
                 "err=$( { eval \"set -n; $text\"; } 2>&1 ); "
                 "printf '%d\\n%s\\0' \"$?\" \"$err\"; done")


def forked_answers(corpus: list[str]) -> list[str | None]:
    """Each text's answer from ``FORKED_READER`` (as 97af9555's ``_Reader.error`` gives it)."""
    bash = shutil.which("bash") or "bash"
    proc = subprocess.Popen([bash, "-c", FORKED_READER, bash], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env={**os.environ, "LC_ALL": "C"})
    assert proc.stdin is not None and proc.stdout is not None
    answers: list[str | None] = []
    for text in corpus:
        data = text.encode("utf-8", "surrogateescape")
        if b"\0" in data or data.endswith(b"\\"):
            answers.append(shell_check._bash_error(text))  # not sent to the reader: bash -n
            continue
        proc.stdin.write(b"%d\n" % len(data) + data)
        proc.stdin.flush()
        reply = b""
        while not reply.endswith(b"\0"):
            reply += proc.stdout.read1(65536)
        status, _, messages = reply[:-1].decode("utf-8", "replace").partition("\n")
        answers.append(shell_check._first_complaint(
            int(status), messages.replace(": eval: line ", ": line ")))
    proc.stdin.close()
    proc.wait()
    return answers


def texts(cache: Path, ports: Path, skip: set[str]) -> list[str]:
    """The released scripts and ports' scripts (see the module's docstring)."""
    found: list[str] = []
    for folder in sorted(p for p in cache.iterdir() if p.is_dir() and p.name not in skip):
        for script in sorted(folder.glob("*")):
            if script.is_file():
                found.append(script.read_bytes().decode("utf-8", "replace"))
    for dump in sorted(ports.glob("*/ports/*.txt")):
        if dump.parts[-3] in skip:
            continue
        text = dump.read_text(encoding="utf-8", errors="replace")
        if "\nSCRIPT:\n" in text:
            found.append(text.split("\nSCRIPT:\n", 1)[1])
    return found


def broken(text: str, rng: random.Random) -> str:
    """``text`` with one random edit that may break its structure."""
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    kind = rng.randrange(5)
    if kind == 0:  # a closing line dropped
        closing = [i for i, line in enumerate(lines) if line.strip().split(" ")[0] in CLOSERS]
        if closing:
            del lines[rng.choice(closing)]
            return "\n".join(lines)
        kind = 1
    if kind == 1:
        lines.insert(at, rng.choice(CLOSERS))
    elif kind == 2:
        lines.insert(at, rng.choice(OPENERS))
    elif kind == 3:
        lines[at] = lines[at] + " " + rng.choice(LEFT_OPEN)
    else:
        return text[: rng.randrange(len(text) + 1)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", default="/work/cache")
    ap.add_argument("--ports", default="/work/wt/s29/base")
    ap.add_argument("--skip", action="append", default=[],
                    help="a set's folder not to read (repeat)")
    ap.add_argument("--broken-per-text", type=int, default=2)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    base = texts(Path(args.cache), Path(args.ports), set(args.skip))
    corpus = base + [broken(t, rng) for t in base for _ in range(args.broken_per_text)]
    start = time.perf_counter()
    alone = [shell_check._bash_error(t) for t in corpus]  # one bash -n a text
    alone_s = time.perf_counter() - start
    start = time.perf_counter()
    forked = forked_answers(corpus)
    forked_s = time.perf_counter() - start
    orders = {"listed": list(range(len(corpus)))}
    orders["reversed"] = orders["listed"][::-1]
    orders["shuffled"] = rng.sample(orders["listed"], len(corpus))
    differing: dict[int, dict[str, str | None]] = {}
    session_s: dict[str, float] = {}
    for name, order in orders.items():
        start = time.perf_counter()
        with shell_check.parsing_session():
            answers = {i: shell_check._bash_error(corpus[i]) for i in order}
        session_s[name] = round(time.perf_counter() - start, 2)
        for i, answer in answers.items():
            if answer != forked[i]:
                differing.setdefault(i, {"forked (97af9555)": forked[i]})[name] = answer
    not_bash_n = [i for i in range(len(corpus)) if forked[i] != alone[i]]
    result = {
        "command": "PYTHONPATH=$PWD python bench/batch_speed/shell_check_equiv.py "
                   + " ".join(argv if argv is not None else sys.argv[1:]),
        "texts": len(corpus), "released_texts": len(base),
        "broken_by_bash_n": sum(bool(a) for a in alone),
        "broken_by_session": sum(bool(forked[i]) for i in range(len(corpus))),
        "differing_from_forked_reader": len(differing),
        "forked_reader_differing_from_bash_n": len(not_bash_n),
        "forked_vs_bash_n_kinds": sorted({f"{(forked[i] or '').split(': ', 2)[-1][:60]} | "
                                          f"bash -n: {(alone[i] or '')[:40]!r}"
                                          for i in not_bash_n}),
        "seconds": {"bash_n_alone": round(alone_s, 2), "forked_reader": round(forked_s, 2),
                    "session": session_s},
        "examples": [{"text": corpus[i][:300], **d} for i, d in sorted(differing.items())[:20]],
    }
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    json.dump({k: v for k, v in result.items() if k != "examples"}, sys.stdout, indent=1)
    print()
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
