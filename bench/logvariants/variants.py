"""Metamorphic benchmark: real logs and scripts in the forms users post them (issue 17).

Run: PYTHONPATH=$PWD HF_HUB_OFFLINE=1 .venv/bin/python bench/logvariants/variants.py \
    --out bench/logvariants/NAME [--sample bench/logvariants/sample.json] [--make-sample]

Every case of every released log set and probe (the sweep's sets, ``bench/*/cases.yaml``
holding ``log:`` cases; the sealed sets bench/reallogs37..49 are never read) that the code
answers right - a script case "right", a not-script case "recognised" - is perturbed one way
at a time (:data:`LOG_FORMS`, :data:`SCRIPT_FORMS`; README.md says where each form was seen)
and must keep its answer: a script case a proposal (or question) of the same record family
whose diff the case's label accepts; a not-script case still recognised, with no fix.

Because the full product (3,000 cases x 30 forms) is too slow on two shared cores, a seeded
sample is drawn once (``--make-sample``): BASES cases of each kind, run on the code under
test; of those answered right, at most MAX_PAIRS (case, form) pairs. The sample (with each
base's answer on the code that drew it) is written to sample.json, and a later run
(``--sample``) runs the same pairs, so figures before and after a change are comparable.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import signal
import sys
import textwrap
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "reallogs"))

import run as runmod  # type: ignore[import-not-found]  # noqa: E402

#: Held-out test sets that are never read (not even listed).
SEALED = re.compile(r"^reallogs(?:3[7-9]|4\d)$")
BASES = 90
MAX_PAIRS = 1500
#: Seconds one variant may take; past it the row is an error (TimeoutError).
PAIR_LIMIT = 60
Case = dict[str, Any]


# ------------------------------------------------------------------------------ the cases

def log_sets() -> list[str]:
    """The sweep's sets (bench/reallogs/sweep.py), sealed ones left out before any read."""
    names = []
    for path in sorted((ROOT / "bench").glob("*/cases.yaml")):
        name = path.parent.name
        if SEALED.match(name):
            continue
        text = path.read_text(encoding="utf-8")
        if any(line.lstrip().startswith("log:") for line in text.splitlines()):
            names.append(name)
    return names


def load_cases() -> dict[tuple[str, str], tuple[Case, tuple[Path, ...]]]:
    """(set, id) -> (case, script dirs) of every case of the released sets."""
    out = {}
    for name in log_sets():
        folder = ROOT / "bench" / name
        dirs = tuple(dict.fromkeys((folder / "scripts", ROOT / "bench/reallogs/scripts")))
        for case in yaml.safe_load((folder / "cases.yaml").read_text(encoding="utf-8"))["cases"]:
            out[(name, str(case["id"]))] = (case, dirs)
    return out


def rng_for(*keys: str) -> random.Random:
    """A generator seeded by the keys (the same variant in every run)."""
    return random.Random(int(hashlib.sha256("|".join(keys).encode()).hexdigest()[:12], 16))


# ------------------------------------------------------------------------------ log forms

def per_line(prefix: str) -> Callable[[str, random.Random], str]:
    return lambda log, _r: "".join(f"{prefix}{s}\n" for s in log.splitlines())


def md_quote(log: str, _r: random.Random) -> str:
    """A GitHub reply quoting the post: ``> `` before each line, the fence quoted too."""
    return "".join(f"> {s}".rstrip() + "\n" for s in ["```", *log.splitlines(), "```"])


def md_fence(log: str, _r: random.Random) -> str:
    """The log pasted between markdown fences with a language tag, the fences left in."""
    return "```shell\n" + log.rstrip("\n") + "\n```\n"


def crlf(log: str, _r: random.Random) -> str:
    return log.replace("\r\n", "\n").replace("\n", "\r\n")


_LOUD = re.compile(r"(?i)error|traceback|fail|warn|exception|killed|abort")


def _colour(log: str, esc: str) -> str:
    """Lines that say something failed in red (bold on a traceback), the others dim green."""
    out = []
    for s in log.splitlines():
        if not s.strip():
            out.append(s)
        elif _LOUD.search(s):
            out.append(f"{esc}[1;31m{s}{esc}[0m")
        else:
            out.append(f"{esc}[32m{s}{esc}[0m")
    return "\n".join(out) + "\n"


def ansi(log: str, _r: random.Random) -> str:
    return _colour(log, "\x1b")


def ansi_bare(log: str, _r: random.Random) -> str:
    """Colour codes whose ESC byte the paste lost (``[1;31m ... [0m``)."""
    return _colour(log, "")


def html_entities(log: str, _r: random.Random) -> str:
    """The log as a scraped web page gives it: ``&amp; &lt; &gt; &quot; &#39;``."""
    return (log.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def interleave(prefixed: bool) -> Callable[[str, random.Random], str]:
    """Two ranks printing the same failure at once: the copies cut in runs of 1-3 lines and
    interleaved (each line with its rank's ``[rankN]: `` when ``prefixed``)."""
    def form(log: str, r: random.Random) -> str:
        lines = log.splitlines()
        tags = ("[rank0]: ", "[rank1]: ") if prefixed else ("", "")
        pos, out = [0, 0], []
        while pos[0] < len(lines) or pos[1] < len(lines):
            who = r.randrange(2) if pos[0] < len(lines) and pos[1] < len(lines) \
                else (0 if pos[0] < len(lines) else 1)
            take = r.randint(1, 3)
            out += [tags[who] + s for s in lines[pos[who]:pos[who] + take]]
            pos[who] += take
        return "\n".join(out) + "\n"
    return form


def dup_lines(log: str, r: random.Random) -> str:
    """Several ranks printing each line of the failure: every line 2-4 times in a row."""
    out = []
    for s in log.splitlines():
        out += [s] * (r.randint(2, 4) if s.strip() else 1)
    return "\n".join(out) + "\n"


def _progress(r: random.Random, n: int) -> list[str]:
    """``n`` lines of a training run's normal output (HF Trainer, Lightning, Megatron, NCCL
    INFO), none saying anything failed."""
    lines = ["Loading checkpoint shards: 100%|##########| 4/4 [00:05<00:00,  1.31s/it]",
             "[2024-05-01 12:00:01,100] [INFO] [real_accelerator.py:203:get_accelerator] "
             "Setting ds_accelerator to cuda (auto detect)",
             "gpu-node01:1234:1234 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.11<0>",
             "gpu-node01:1234:1234 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0",
             "Map: 100%|##########| 52002/52002 [00:21<00:00, 2411.05 examples/s]"]
    step = r.randint(10, 400)
    while len(lines) < n:
        step += 10
        loss = 2.8 * 0.999 ** step + r.random() * 0.05
        style = r.randrange(3)
        if style == 0:
            lines.append(f"{{'loss': {loss:.4f}, 'grad_norm': {0.5 + r.random():.3f}, "
                         f"'learning_rate': {2e-5 * (1 - step / 1e5):.3e}, "
                         f"'epoch': {step / 5000:.2f}}}")
        elif style == 1:
            lines.append(f"Epoch 0:  {step // 100:2d}%|#         | {step}/10000 "
                         f"[{step // 60:02d}:{step % 60:02d}<41:10,  1.93it/s, "
                         f"loss={loss:.3f}, v_num=0]")
        else:
            lines.append(f" iteration {step:8d}/  100000 | consumed samples: {step * 128:10d} | "
                         f"elapsed time per iteration (ms): {500 + r.random() * 30:.1f} | "
                         f"learning rate: 2.950E-04 | lm loss: {loss:.6E} | "
                         f"grad norm: {0.5 + r.random():.3f} |")
    return lines[:n]


#: A job that never ran (its submission refused) prints no training output.
_SUBMIT_REFUSAL = re.compile(r"(?m)^\s*(?:sbatch|qsub|salloc|bsub)\b|Batch job submission failed")


def noise_head(log: str, r: random.Random) -> str | None:
    """A few hundred lines of normal training output before the failure."""
    if _SUBMIT_REFUSAL.search(log):
        return None
    return "\n".join(_progress(r, r.randint(200, 400))) + "\n" + log


def noise_tail(log: str, r: random.Random) -> str | None:
    """Unrelated output after the failure: other ranks' progress, the tracker's shutdown."""
    if _SUBMIT_REFUSAL.search(log):
        return None
    tail = [*_progress(r, r.randint(20, 40)),
        "wandb: Waiting for W&B process to finish... (success).",
        "wandb: Run summary:", "wandb:   train/loss 2.41873",
        "wandb: View run glad-sun-12 at: https://wandb.ai/user/proj/runs/3k2j1h0g",
        "wandb: Find logs at: ./wandb/run-20240501_120001-3k2j1h0g/logs"]
    return log.rstrip("\n") + "\n" + "\n".join(tail) + "\n"


_FRAME = re.compile(r'^\s*(?:\[rank\d+\]: )?File "[^"]+", line \d+')


def elide(log: str, r: random.Random) -> str | None:
    """The user's own cut: the frames between the first and the last of the longest
    traceback as ``...`` or ``[...]``; a log with fewer than three frames gets the marks
    around it instead (the user cut what came before and after)."""
    lines = log.splitlines()
    frames = [i for i, s in enumerate(lines) if _FRAME.match(s)]
    mark = r.choice(("...", "[...]", "    ...", "[... 12 lines cut ...]"))
    if len(frames) >= 3:
        return "\n".join([*lines[:frames[1]], mark, *lines[frames[-1]:]]) + "\n"
    return "\n".join([mark, *lines, r.choice(("...", "[...]"))]) + "\n"


def wrap80(log: str, _r: random.Random) -> str:
    return "\n".join(w for s in log.splitlines()
                     for w in (textwrap.wrap(s, 80, break_long_words=False) or [""])) + "\n"


LogForm = Callable[[str, random.Random], "str | None"]
#: name -> form of the log. README.md gives a real thread for each.
LOG_FORMS: dict[str, LogForm] = {
    "md_quote": md_quote,
    "md_fence": md_fence,
    "crlf": crlf,
    "ansi": ansi,
    "ansi_bare": ansi_bare,
    "html": html_entities,
    "srun_label": per_line("12: "),
    "srun_label_pad": per_line(" 3: "),
    "rank": per_line("[rank3]: "),
    "default": per_line("[default0]:"),
    "default_rank": per_line("[default1]:[rank1]: "),
    "role": per_line("[trainer2]:"),
    "rank_stamp": per_line("[rank1]:[2024-01-16 22:29:36,221] "),
    "ds_worker": per_line("worker-0: "),
    "ds_logger": per_line("[2024-05-01 12:34:56,789] [INFO] [launch.py:151:main] "),
    "pals_host": per_line("x3006c0s13b0n0.hsn.cm.polaris.alcf.anl.gov: "),
    "pals_label": per_line("x3102c0s1b0n0.hsn.cm.polaris.alcf.anl.gov 84: "),
    "ray_actor": per_line("(RayTrainWorker pid=2657296, ip=10.0.0.12) "),
    "gha_stamp": per_line("2024-05-01T12:34:56.4840189Z "),
    "interleave": interleave(True),
    "interleave_bare": interleave(False),
    "dup_lines": dup_lines,
    "noise_head": noise_head,
    "noise_tail": noise_tail,
    "elide": elide,
    "wrap80": wrap80,
}


# --------------------------------------------------------------------------- script forms

#: Slurm long options and their one-letter forms (sbatch(1)).
SHORT = {"nodes": "N", "partition": "p", "account": "A", "time": "t", "ntasks": "n",
         "cpus-per-task": "c", "job-name": "J", "output": "o", "error": "e", "qos": "q",
         "gpus": "G", "constraint": "C"}
_DIRECTIVE = re.compile(r"^#(SBATCH|PBS)[ \t]+(.*)$")


def _directive_lines(text: str) -> list[int]:
    return [i for i, s in enumerate(text.split("\n")) if _DIRECTIVE.match(s)]


def _edit_directives(text: str, edit: Callable[[int, str], str]) -> str | None:
    lines = text.split("\n")
    for k, i in enumerate(_directive_lines(text)):
        lines[i] = edit(k, lines[i])
    new = "\n".join(lines)
    return new if new != text else None


def s_crlf(text: str) -> str | None:
    return text.replace("\n", "\r\n")


def s_directive_space(text: str) -> str | None:
    """``#SBATCH  --opt`` and ``#SBATCH<TAB>--opt`` (alternating)."""
    return _edit_directives(text, lambda k, s: re.sub(r"^(#SBATCH|#PBS)[ \t]+",
                                                      r"\1\t" if k % 2 else r"\1   ", s))


def s_opt_value(text: str) -> str | None:
    """``#SBATCH --opt value`` for ``#SBATCH --opt=value``."""
    return _edit_directives(text, lambda _k, s: re.sub(r"^(#SBATCH[ \t]+--[\w-]+)=", r"\1 ", s))


def s_short(text: str) -> str | None:
    """``#SBATCH -N 2``, ``-p gpu``, ``-A acct``, ``-t 1:00:00`` for the long options."""
    def one(_k: int, s: str) -> str:
        m = re.match(r"^(#SBATCH[ \t]+)--([\w-]+)[= ](.*)$", s)
        if m and m.group(2) in SHORT:
            return f"{m.group(1)}-{SHORT[m.group(2)]} {m.group(3)}"
        return s
    return _edit_directives(text, one)


def s_directive_gap(text: str) -> str | None:
    """A blank line and a comment line among the directives (sbatch and qsub read on)."""
    found = _directive_lines(text)
    if len(found) < 2:
        return None
    lines = text.split("\n")
    lines[found[0] + 1:found[0] + 1] = ["", "# resources"]
    return "\n".join(lines)


def s_srun_cont(text: str) -> str | None:
    """The first one-line ``srun OPTS CMD ...`` written as ``srun OPTS \\`` and the command
    on the next line."""
    lines = text.split("\n")
    for i, s in enumerate(lines):
        m = re.match(r"^(\s*srun(?:\s+-{1,2}[\w-]+(?:[= ](?!-)\S+)?)*)\s+(?=[^-\s])(.*)$", s)
        if m and not s.rstrip().endswith("\\") and m.group(2):
            indent = re.match(r"\s*", s).group(0)  # type: ignore[union-attr]
            lines[i:i + 1] = [m.group(1) + " \\", f"{indent}    {m.group(2)}"]
            return "\n".join(lines)
    return None


#: name -> form of the script, and how the label's diff pattern is loosened for it (a fix
#: may keep the line's own spelling).
SCRIPT_FORMS: dict[str, tuple[Callable[[str], str | None], Callable[[str], str]]] = {
    "s_crlf": (s_crlf, lambda p: p),
    "s_directive_space": (s_directive_space,
                          lambda p: re.sub(r"#(SBATCH|PBS)(?: |\\s\+?|\\s\*)", r"#\1\\s+", p)),
    "s_opt_value": (s_opt_value, lambda p: re.sub(r"(--[a-z][\w-]*)=", r"\1[= ]", p)),
    "s_short": (s_short, lambda p: re.sub(
        r"--([a-z][\w-]*)(=|\[=:?\]|\\s\*=)",
        lambda m: (f"(?:--{m.group(1)}[= ]|-{SHORT[m.group(1)]} ?)" if m.group(1) in SHORT
                   else m.group(0)), p)),
    "s_directive_gap": (s_directive_gap, lambda p: p),
    "s_srun_cont": (s_srun_cont, lambda p: p),
}


# ------------------------------------------------------------------------------- running

def family(record_id: str | None) -> str | None:
    return runmod._family(record_id)


def run(case: Case, dirs: tuple[Path, ...], text: str | None = None) -> dict[str, Any]:
    """run.py's run_case, with the script text given whole when ``text``."""
    if text is None:
        return runmod.run_case(case, dirs)
    saved = runmod.script_text
    runmod.script_text = lambda c, d=(): text
    try:
        return runmod.run_case(case, dirs)
    finally:
        runmod.script_text = saved


def answer_family(row: dict[str, Any]) -> str | None:
    """The family of the record that proposed the fix (or asked the question)."""
    return family(row.get("proposed")) or family(row.get("question_record"))


def run_row(case: Case, dirs: tuple[Path, ...], text: str | None = None) -> dict[str, Any]:
    data_holder: dict[str, Any] = {}
    real = runmod.diagnose_log

    def spy(*args: Any, **kwargs: Any) -> dict[str, Any]:
        data = real(*args, **kwargs)
        data_holder["q"] = (data.get("question") or {}).get("record_id") \
            if data.get("verdict") == "ask" else None
        return data
    runmod.diagnose_log = spy
    try:
        row = run(case, dirs, text)
    finally:
        runmod.diagnose_log = real
    row["question_record"] = data_holder.get("q")
    return row


def variant(form: str, case: Case, dirs: tuple[Path, ...]) -> tuple[Case, str | None] | None:
    """The variant case (and its whole script text for a script form), or None when the form
    does not apply (changes nothing)."""
    if form in LOG_FORMS:
        log = LOG_FORMS[form](case["log"], rng_for(case["id"], form))
        if log is None or log == case["log"]:
            return None
        return {**case, "log": log}, None
    make, loosen = SCRIPT_FORMS[form]
    try:
        text = runmod.script_text(case, dirs)
    except SystemExit:
        return None
    new = make(text)
    if new is None or new == text:
        return None
    expect = dict(case.get("expect") or {})
    if "fix" in expect:
        expect["fix"] = loosen(expect["fix"])
    return {**case, "expect": expect}, new


def kept(base: dict[str, Any], row: dict[str, Any]) -> str:
    """``kept``, or how the variant's answer differs from the base's."""
    if row["kind"] == "not_script":
        return "kept" if row["outcome"] == "recognised" else row["outcome"]
    if row["outcome"] != "right":
        return row["outcome"]
    return "kept" if answer_family(row) == base["family"] else "right_other_family"


def make_sample(cases: dict[tuple[str, str], tuple[Case, tuple[Path, ...]]], seed: int,
                bases: int, max_pairs: int) -> list[dict[str, Any]]:
    """Seeded bases of each kind run on this code; the (case, form) pairs of those answered
    right, at most ``max_pairs``."""
    rng = random.Random(seed)
    keys = sorted(cases)
    rng.shuffle(keys)
    pairs = []
    for kind in ("script", "not_script"):
        chosen = [k for k in keys if cases[k][0]["kind"] == kind][:bases]
        for set_name, cid in chosen:
            case, dirs = cases[(set_name, cid)]
            base = run_row(case, dirs)
            good = "right" if kind == "script" else "recognised"
            print(f"base {set_name}/{cid}: {base['outcome']}", flush=True)
            if base["outcome"] != good:
                continue
            for form in [*LOG_FORMS, *SCRIPT_FORMS]:
                if variant(form, case, dirs) is not None:
                    pairs.append({"set": set_name, "id": cid, "kind": kind, "form": form,
                                  "base_outcome": base["outcome"],
                                  "base_family": answer_family(base)})
    rng.shuffle(pairs)
    pairs = pairs[:max_pairs]
    return sorted(pairs, key=lambda p: (p["set"], p["id"], p["form"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="output prefix (PREFIX.json, PREFIX.md)")
    parser.add_argument("--sample", default=str(HERE / "sample.json"))
    parser.add_argument("--make-sample", action="store_true",
                        help="draw the sample on this code and write it to --sample")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--bases", type=int, default=BASES)
    parser.add_argument("--max-pairs", type=int, default=MAX_PAIRS)
    parser.add_argument("--forms", nargs="*", help="only these forms")
    parser.add_argument("--extend-form", help="add up to --extend-count pairs of this (new) "
                        "form for the sample's bases to the sample")
    parser.add_argument("--extend-count", type=int, default=50)
    parser.add_argument("--add-to", action="store_true",
                        help="merge the rows run into the existing --out PREFIX.json")
    args = parser.parse_args()
    start = time.perf_counter()

    def _timeout(_sig: int, _frame: Any) -> None:
        raise TimeoutError(f"the diagnosis took over {PAIR_LIMIT} s")
    signal.signal(signal.SIGALRM, _timeout)
    cases = load_cases()
    sample_path = Path(args.sample)
    if args.make_sample:
        pairs = make_sample(cases, args.seed, args.bases, args.max_pairs)
        sample_path.write_text(json.dumps({"seed": args.seed, "bases": args.bases,
                                           "max_pairs": args.max_pairs, "pairs": pairs},
                                          indent=1) + "\n", encoding="utf-8")
    if args.extend_form:
        extend_sample(sample_path, cases, args.extend_form, args.extend_count)
    pairs = json.loads(sample_path.read_text(encoding="utf-8"))["pairs"]
    if args.forms:
        pairs = [p for p in pairs if p["form"] in args.forms]
    rows = []
    for n, p in enumerate(pairs, 1):
        case, dirs = cases[(p["set"], p["id"])]
        made = variant(p["form"], case, dirs)
        if made is None:
            rows.append({**p, "outcome": "not_made", "kept": "not_made"})
            continue
        vcase, text = made
        t0 = time.perf_counter()
        signal.alarm(PAIR_LIMIT)  # a form that makes the diagnosis hang is a finding, not a stop
        try:
            r = run_row(vcase, dirs, text)
        finally:
            signal.alarm(0)
        if time.perf_counter() - t0 > 5:
            print(f"slow {time.perf_counter() - t0:.0f}s {p['set']}/{p['id']} {p['form']}",
                  flush=True)
        row = {**p, "outcome": r["outcome"], "proposed": r["proposed"],
               "first": r["diagnoses"][:2], "why_none": (r["why_none"] or "")[:160],
               "error": r["error"], "seconds": r["seconds"]}
        row["kept"] = kept({"family": p["base_family"]}, {**r, **row, "kind": p["kind"]})
        rows.append(row)
        if n % 25 == 0:
            print(f"{n}/{len(pairs)} {time.perf_counter() - start:.0f}s", flush=True)
    seconds = time.perf_counter() - start
    if args.add_to:
        old = json.loads(Path(args.out).with_suffix(".json").read_text(encoding="utf-8"))
        done = {r["form"] for r in rows}
        rows = [r for r in old["rows"] if r["form"] not in done] + rows
        seconds += old["summary"]["seconds"]
    write(Path(args.out), rows, seconds)


def extend_sample(path: Path, cases: dict[tuple[str, str], tuple[Case, tuple[Path, ...]]],
                  form: str, count: int) -> None:
    """Pairs of a form added after the sample was drawn: of the sample's bases (their answers
    as drawn), seeded, at most ``count``; the other pairs unchanged."""
    sample = json.loads(path.read_text(encoding="utf-8"))
    pairs = sample["pairs"]
    if any(p["form"] == form for p in pairs):
        return
    bases = {(p["set"], p["id"]): p for p in pairs}
    new = []
    for key in sorted(bases):
        case, dirs = cases[key]
        if variant(form, case, dirs) is not None:
            b = bases[key]
            new.append({k: b[k] for k in ("set", "id", "kind", "base_outcome", "base_family")}
                       | {"form": form})
    random.Random(f"{sample['seed']}:{form}").shuffle(new)
    sample["pairs"] = sorted(pairs + new[:count], key=lambda p: (p["set"], p["id"], p["form"]))
    sample.setdefault("extended", []).append(form)
    path.write_text(json.dumps(sample, indent=1) + "\n", encoding="utf-8")


def write(out: Path, rows: list[dict[str, Any]], seconds: float) -> None:
    by_form: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        by_form[r["form"]][r["kept"]] += 1
    forms = {f: {"pairs": sum(c.values()), "kept": c["kept"],
                 "kept_pct": round(100 * c["kept"] / sum(c.values()), 1),
                 "other": {k: v for k, v in c.items() if k != "kept"}}
             for f, c in by_form.items()}
    by_kind = {k: Counter(r["kept"] for r in rows if r["kind"] == k)
               for k in ("script", "not_script")}
    total = sum(r["kept"] == "kept" for r in rows)
    summary = {"pairs": len(rows), "bases": len({(r["set"], r["id"]) for r in rows}),
               "kept": total, "kept_pct": round(100 * total / len(rows), 1) if rows else None,
               "by_kind": {k: dict(v) for k, v in by_kind.items()},
               "seconds": round(seconds)}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(
        {"summary": summary, "forms": forms, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    order = [*LOG_FORMS, *SCRIPT_FORMS]
    md = ["# Real-world forms of the released cases: answers kept", "", "```",
          json.dumps(summary, indent=1), "```", "",
          "| form | pairs | kept | % | other outcomes |", "|---|---|---|---|---|"]
    md += [f"| {f} | {forms[f]['pairs']} | {forms[f]['kept']} | {forms[f]['kept_pct']} "
           f"| {forms[f]['other'] or ''} |" for f in order if f in forms]
    md += ["", "## Pairs not kept", "", "| set | case | kind | form | outcome | proposed | first |",
           "|---|---|---|---|---|---|---|"]
    md += [f"| {r['set']} | {r['id']} | {r['kind']} | {r['form']} | {r['kept']} "
           f"| {r.get('proposed') or '-'} | {', '.join(r.get('first') or [])} |"
           for r in rows if r["kept"] != "kept"]
    out.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print(json.dumps(summary, indent=1))
    for f in order:
        if f in forms:
            print(f"{f:18s} {forms[f]['kept']:4d}/{forms[f]['pairs']:<4d} {forms[f]['other']}")


if __name__ == "__main__":
    main()
