"""Perturbed variants of the tune repair cases that `maple repair --log` gets right (issue 17).

Run: PYTHONPATH=$PWD /work/main/.venv/bin/python bench/repairgen/variants.py [--out PREFIX]
Writes PREFIX.json and PREFIX.md (default bench/out/repairgen) and prints the summary.

The bases are the TUNE script cases of bench/reallogs*/ and the repair probes (never a held-out
case) whose original is answered right on the code under test. Each base is perturbed one way
at a time; the expected outcome is the original's (its fix families and diff pattern, with a
renamed variable renamed in the pattern too):
- `script:NAME`  another users'-style base script of the same scheduler (the case's directives
  and replacements must still apply to it, else the variant is not made);
- `cluster:NAME` another cluster of the same scheduler family;
- `eq_space`     options spelled `--opt value` instead of `--opt=value` (launch lines);
- `hyphen`       torchrun options with `-` for `_` (and back);
- `rename`       the script's own (not exported) variables renamed;
- `value_var`    a literal launcher option value moved into a user variable (a new value of
  that variable is right too);
- `bash_c`       the srun payload run under `bash -c "..."`;
- `log_rank`, `log_label`, `log_stamp`, `log_wrap`: the log's lines prefixed with
  `[rank0]: `, srun's `0: ` label, a timestamp, or wrapped at 80 columns.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import textwrap
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "reallogs"))

from run import run_case, script_text  # type: ignore[import-not-found]  # noqa: E402

SETS = ("reallogs", "reallogs2", "reallogs3", "reallogs4", "reallogs5",
        "repairfix_probe", "repairlaunch_probe", "repairrec2_probe")
SLURM = ("perlmutter", "delta", "deltaai", "anvil", "lonestar6", "stampede3", "vista",
         "bridges2")
PBS = ("polaris", "aurora")
TORCHRUN_OPTS = ("nproc_per_node", "nnodes", "node_rank", "master_addr", "master_port",
                 "rdzv_endpoint", "rdzv_backend", "rdzv_id", "max_restarts")
#: Variables that a tool reads: never renamed.
TOOL_VAR = re.compile(r"^(MASTER_|NCCL_|CUDA_|SLURM_|PBS_|OMP_|MPICH_|FI_|HF_|TORCH|PYTORCH|"
                      r"LD_|PATH$|PYTHON|WORLD_SIZE|RANK|LOCAL_RANK|HOME)")
#: srun options that take the next word as their value when spelled without `=`.
SRUN_VALUE_OPTS = {"-N", "-n", "-c", "--nodes", "--ntasks", "--ntasks-per-node",
                   "--cpus-per-task", "--gpus-per-node", "--gres", "--cpu-bind", "--gpu-bind",
                   "--mpi", "--export", "--gpus-per-task", "--gpus", "-G", "-w", "--nodelist"}

Case = dict[str, Any]


def load_bases() -> list[tuple[str, Case, tuple[Path, ...]]]:
    """(set, case, script dirs) of every tune script case of SETS."""
    out = []
    for name in SETS:
        folder = ROOT / "bench" / name
        dirs = tuple(dict.fromkeys((folder / "scripts", ROOT / "bench/reallogs/scripts")))
        for case in yaml.safe_load((folder / "cases.yaml").read_text())["cases"]:
            if case["split"] == "tune" and case["kind"] == "script":
                out.append((name, case, dirs))
    return out


def all_scripts() -> dict[str, Path]:
    """Every users'-style base script of the sets, by file name (first found wins)."""
    found: dict[str, Path] = {}
    for name in SETS:
        for path in sorted((ROOT / "bench" / name / "scripts").glob("*.sh")):
            found.setdefault(path.name, path)
    return found


def is_pbs(text: str) -> bool:
    return "#PBS" in text


def launch_lines(text: str) -> list[int]:
    """Indices of the lines that are not comments/directives (where launchers are)."""
    return [i for i, line in enumerate(text.splitlines()) if not line.lstrip().startswith("#")]


def edit_lines(text: str, edit: Callable[[str], str]) -> str:
    lines = text.splitlines()
    for i in launch_lines(text):
        lines[i] = edit(lines[i])
    return "\n".join(lines) + "\n"


def eq_space(text: str) -> str:
    return edit_lines(text, lambda s: re.sub(r"(\s--[a-z][\w-]*)=(?=[^\s=])", r"\1 ", s))


def hyphen(text: str) -> str:
    def one(line: str) -> str:
        for opt in TORCHRUN_OPTS:
            dashed = opt.replace("_", "-")
            line = re.sub(rf"--{opt}\b", "--" + dashed, line) if f"--{opt}" in line \
                else re.sub(rf"--{dashed}\b", "--" + opt, line)
        return line
    return edit_lines(text, one)


def renames(text: str) -> dict[str, str]:
    """The script's own variables (assigned, not exported, not read by a tool) -> new names."""
    names = re.findall(r"(?m)^\s*([A-Za-z_][A-Za-z0-9_]*)=", text)
    exported = set(re.findall(r"(?m)^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)", text))
    return {n: f"MY_{n}" if n.isupper() else f"my_{n}" for n in dict.fromkeys(names)
            if n not in exported and not TOOL_VAR.match(n)}


def rename(text: str, table: dict[str, str]) -> str:
    for old, new in table.items():
        text = re.sub(rf"(?<![\w$]){old}=", f"{new}=", text)
        text = re.sub(rf"\$\{{{old}\}}", f"${{{new}}}", text)
        text = re.sub(rf"\${old}\b", f"${new}", text)
    return text


def value_var(text: str) -> str:
    """The first launch-line `--opt=N`/`--opt N` with a literal number -> `$LAUNCH_OPT`."""
    lines = text.splitlines()
    for i in launch_lines(text):
        m = re.search(r"(\s--([a-z][\w-]*)[= ])(\d+)\b", lines[i])
        if m and not lines[i].lstrip().startswith(("export", "module")):
            var = "LAUNCH_" + m.group(2).upper().replace("-", "_")
            lines[i] = lines[i][:m.start(3)] + f"${var}" + lines[i][m.end(3):]
            lines.insert(i, f"{var}={m.group(3)}")
            return "\n".join(lines) + "\n"
    return text


def hoisted_expect(case: Case, hoisted: str) -> dict[str, Any]:
    """The expectation of a `value_var` variant: the original's pattern, or a new value given
    to the variable that now holds the launcher option's value (the fix may edit either)."""
    expect = dict(case["expect"])
    var = re.search(r"(?m)^(LAUNCH_\w+)=", hoisted)
    if "fix" in expect and var:
        expect["fix"] = f"(?m)(?:{expect['fix'].removeprefix('(?m)')})|^\\+{var.group(1)}="
    return expect


def bash_c(text: str) -> str:
    """`srun OPTS CMD...` (one line) -> `srun OPTS bash -c "CMD..."`."""
    lines = text.splitlines()
    for i in launch_lines(text):
        words = lines[i].split()
        if not words or words[0] != "srun" or lines[i].rstrip().endswith("\\"):
            continue
        k = 1
        while k < len(words) and words[k].startswith("-"):
            k += 2 if words[k] in SRUN_VALUE_OPTS else 1
        if k >= len(words) or words[k] == "bash":
            continue
        body = " ".join(words[k:]).replace("\\", "\\\\").replace('"', '\\"')
        lines[i] = " ".join(words[:k]) + f' bash -c "{body}"'
        return "\n".join(lines) + "\n"
    return text


def log_variants(log: str) -> dict[str, str]:
    lines = log.splitlines()
    return {
        "log_rank": "\n".join(f"[rank0]: {s}" for s in lines) + "\n",
        "log_label": "\n".join(f"0: {s}" for s in lines) + "\n",
        "log_stamp": "\n".join(f"[2025-03-04 10:11:12,345] {s}" for s in lines) + "\n",
        "log_wrap": "\n".join(w for s in lines
                              for w in (textwrap.wrap(s, 80, break_long_words=False)
                                        or [""])) + "\n",
    }


def with_script(case: Case, text: str) -> Case:
    """The case with its full script text fixed (no directives/replacements left to apply)."""
    return {**case, "_text": text, "directives": [], "replace": []}


def variants(case: Case, dirs: tuple[Path, ...], others: dict[str, Path],
             rng: random.Random) -> Iterator[tuple[str, Case]]:
    """(kind, variant case) of one base case."""
    text = script_text(case, dirs)
    pbs = is_pbs(text)
    alts = [n for n, p in others.items() if n != case["script"]
            and is_pbs(p.read_text()) == pbs]
    rng.shuffle(alts)
    made = 0
    for name in alts:
        alt = {**case, "script": name}
        try:
            script_text(alt, (others[name].parent,))
        except SystemExit:
            continue
        yield f"script:{name}", {**alt, "_dirs": (others[name].parent,)}
        made += 1
        if made == 2:
            break
    family = [c for c in (PBS if pbs else SLURM) if c != case["cluster"]]
    for cluster in rng.sample(family, min(2, len(family))):
        yield f"cluster:{cluster}", {**case, "cluster": cluster}
    spaced = eq_space(text)
    if spaced != text:
        expect = dict(case["expect"])
        if "fix" in expect:  # the fix may keep the line's own spelling: `--opt value`
            expect["fix"] = re.sub(r"(--[a-z][\w-]*)=", r"\1[= ]", expect["fix"])
        yield "eq_space", {**with_script(case, spaced), "expect": expect}
    for kind, fn in (("hyphen", hyphen), ("bash_c", bash_c)):
        new = fn(text)
        if new != text:
            yield kind, with_script(case, new)
    hoisted = value_var(text)
    if hoisted != text:
        yield "value_var", {**with_script(case, hoisted), "expect": hoisted_expect(case, hoisted)}
    table = renames(text)
    if table:
        expect = dict(case["expect"])
        if "fix" in expect:
            expect["fix"] = rename(expect["fix"], table)
        yield "rename", {**with_script(case, rename(text, table)), "expect": expect}
    for kind, log in log_variants(case["log"]).items():
        if log.strip() != case["log"].strip():
            yield kind, {**case, "log": log}


def run_variant(case: Case, dirs: tuple[Path, ...]) -> dict[str, Any]:
    """run_case on a variant whose script text may be given whole (`_text`)."""
    if "_text" not in case:
        return run_case(case, case.get("_dirs", dirs))
    import run as runmod  # type: ignore[import-not-found]
    saved = runmod.script_text
    runmod.script_text = lambda c, d=(): case["_text"]
    try:
        return run_case(case, dirs)
    finally:
        runmod.script_text = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "bench" / "out" / "repairgen"))
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    others = all_scripts()
    rows: list[dict[str, Any]] = []
    for set_name, case, dirs in load_bases():
        base = run_case(case, dirs)
        if base["outcome"] != "right":
            continue
        for kind, variant in variants(case, dirs, others, rng):
            r = run_variant(variant, dirs)
            rows.append({"set": set_name, "base": case["id"], "kind": kind,
                         "outcome": r["outcome"], "proposed": r["proposed"],
                         "why_none": r["why_none"], "error": r["error"]})
    by_kind: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        by_kind[r["kind"].split(":")[0]][r["outcome"]] += 1
    right = sum(r["outcome"] == "right" for r in rows)
    summary = {"bases": len({(r["set"], r["base"]) for r in rows}), "variants": len(rows),
               "right": right, "right_pct": round(100 * right / len(rows), 1) if rows else None,
               "outcomes": dict(Counter(r["outcome"] for r in rows)),
               "by_kind": {k: dict(v) for k, v in sorted(by_kind.items())}}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps({"summary": summary, "rows": rows},
                                                   indent=2) + "\n")
    md = ["# Repair variants of tune cases", "", "```", json.dumps(summary, indent=2), "```", "",
          "| set | base | kind | outcome | proposed | why none |", "|---|---|---|---|---|---|"]
    md += [f"| {r['set']} | {r['base']} | {r['kind']} | {r['outcome']} | {r['proposed']} "
           f"| {(r['why_none'] or r['error'] or '')[:90]} |" for r in rows]
    out.with_suffix(".md").write_text("\n".join(md) + "\n")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
