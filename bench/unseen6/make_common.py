"""What the make_cases.py of the unseen sets share: the fact builders (S, T, R, case), the fixed
target rotation and writing cases.yaml with commit, sha256, targets and split computed, not typed.

A set's make_cases.py holds only its hand-written facts (CASES) and calls :func:`write_cases`.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import yaml

CLUSTERS = ["perlmutter", "polaris", "aurora", "lonestar6", "stampede3", "vista", "delta",
            "deltaai", "anvil", "bridges2"]


def S(step: str, keep: str = "or_note") -> dict[str, str]:
    return {"step": step, "keep": keep}


def T(flag: str, value: str, means: str) -> dict[str, str]:
    return {"flag": flag, "value": value, "means": means}


def R(program: str, args: list[str], launched: bool = False) -> dict[str, object]:
    return {"program": program, "args": args, "launched": launched}


def case(cid: str, repo: str, path: str, centre: str, source_cluster: str, patterns: list[str],
         *, launch_model: str, launcher: str, total_ranks: int | str, program: str,
         args: list[str], nodes: int | None = 1, gpus_per_node: int | None = 1,
         framework: str = "pytorch", strategy: str = "unknown", strategy_in_script: bool = False,
         module: bool = False, setup: list[dict[str, str]] | None = None,
         source_only: list[str] | None = None, accounts: list[str] | None = None,
         assumptions: list[str], **extra: object) -> dict[str, object]:
    out: dict[str, object] = {
        "id": cid, "centre": centre, "publisher": "user", "source_cluster": source_cluster,
        "repo": repo, "commit": "", "path": path, "sha256": "", "patterns": patterns,
        "framework": framework, "strategy": strategy, "strategy_in_script": strategy_in_script,
        "module": module, "args": args, "setup": setup or [], "source_only": source_only or [],
        "source_accounts": accounts or [], "device": "nvidia", "launch_model": launch_model,
        "launcher": launcher, "total_ranks": total_ranks,
    }
    if nodes is not None:
        out["nodes"] = nodes
    if gpus_per_node is not None:
        out["gpus_per_node"] = gpus_per_node
    out["program"] = program
    out.update(extra)
    out["assumptions"] = assumptions
    return out


#: scheduler family of each source (not a case field: used only to pick targets)
FAMILY: dict[str, str] = {}


def fam(cid: str, family: str) -> str:
    FAMILY[cid] = family
    return cid


OTHER = {"slurm": ["polaris", "aurora"], "pbs": ["perlmutter", "delta", "lonestar6"],
         "lsf": [], "sge": []}


def pick_targets(i: int, c: dict[str, object]) -> list[str]:
    """3 of the ten, rotated (case i starts at 3i mod 10), the source skipped, the last one
    swapped for one of the other family (Slurm <-> PBS Pro) when the window has none."""
    src = str(c["source_cluster"])
    out: list[str] = []
    k = 3 * i
    while len(out) < 3:
        cl = CLUSTERS[k % 10]
        k += 1
        if cl != src and cl not in out:
            out.append(cl)
    family = FAMILY[str(c["id"])]
    if family in ("lsf", "sge"):  # every one of the ten is of another scheduler family
        return out
    pbs = {"polaris", "aurora"}
    has_other = any((t in pbs) != (family == "pbs") for t in out)
    if not has_other:
        for cand in (OTHER[family][i % len(OTHER[family]):] + OTHER[family]):
            if cand != src and cand not in out:
                out[2] = cand
                break
    return out


def write_cases(folder: Path, cases: list[dict[str, object]], cache: Path, commits_file: Path,
                targets: Callable[[int, dict[str, object]], list[str]] = pick_targets) -> None:
    """``folder``/cases.yaml: its cases_header.txt, then ``cases`` with commit (from
    ``commits_file``: repo, path, commit, bytes a line), sha256 of the cached text, targets and
    split (parity of sha256(id)) added."""
    commits = {}
    for line in commits_file.read_text().splitlines():
        repo, path, commit, _size = line.split()
        commits[(repo, path)] = commit
    out = []
    for i, c in enumerate(cases):
        c["commit"] = commits[(c["repo"], c["path"])]
        text = (cache / f"{c['id']}.sh").read_text()
        c["sha256"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        c["targets"] = targets(i, c)
        assert c["source_cluster"] not in c["targets"]
        parity = int(hashlib.sha256(str(c["id"]).encode()).hexdigest(), 16) % 2
        c["split"] = "heldout" if parity else "tune"
        out.append(c)
    head = (folder / "cases_header.txt").read_text()
    body = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, width=200,
                          allow_unicode=True)
    (folder / "cases.yaml").write_text(head + body)
