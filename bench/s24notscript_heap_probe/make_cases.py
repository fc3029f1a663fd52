# ruff: noqa: E501
"""Write cases.yaml of the s24notscript HEAP probe: new public logs of glibc's malloc
consistency aborts (a corrupted heap found by malloc/free: the program's or a library's native
memory corruption), gathered and labelled before any run, first run on the starting code
(c99b0a30) and on 3626362c, before the reading of these aborts was widened; one case the
starting code already reads ("double free or corruption") as a regression check.

Each log is text the user posted in the public thread of `source`, read through the tool
library's issue search (its excerpt is cached under /work/cache/s24notscript_heap_probe/<id>.txt with
its sha256 in sources.json); lines are kept as posted, never paraphrased (where the excerpt cut
the final error line short, the same line as the user posted it in the thread's title is used,
and `what` says so). Split fixed before any run by hash, not content: int(sha256(id), 16) % 2
== 0 -> tune, else heldout (HELPER_RULES). Written and labelled before any run of maple on them.
"""
import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).parent
CACHE = Path("/work/cache/s24notscript_heap_probe")

CASES = [
    dict(id="marker824-malloc-unsorted-list-corrupted-abort", kind="not_script",
         source="https://github.com/datalab-to/marker/issues/824",
         thread_site="the marker PDF-conversion program (torch models) run from the command line; it aborts (labelled bug: breaking)",
         what="glibc's malloc found its heap corrupted and aborted the process: native memory corruption in the program or a library (a bug the maintainers labelled), not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''malloc(): unsorted double linked list corrupted
Aborted (core dumped)
'''),
    dict(id="infinity928-malloc-corrupted-sigabrt-in-tests", kind="not_script",
         source="https://github.com/infiniflow/infinity/issues/928",
         thread_site="the infinity database server's test run; the abort happens occasionally (labelled bug, closed)",
         what="a heap corruption in the program's own threads (a bug fixed in the program), found by glibc's malloc: not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''malloc(): unsorted double linked list corrupted

Thread 19 "infinity" received signal SIGABRT, Aborted.
[Switching to Thread 0x7fffef3ee6c0 (LWP 1135618)]
'''),
    dict(id="nwnxee1477-free-corrupted-unsorted-chunks", kind="not_script",
         source="https://github.com/nwnxee/unified/issues/1477",
         thread_site="a game-server program with native plugins that crashes now and then",
         what="DOUBTFUL - no resolution (closed as old); glibc's free() found the heap corrupted: native memory corruption of the program or a plugin, not a launch setting",
         cluster="delta", script="srun_python.sh",
         log='''free(): corrupted unsorted chunks
'''),
    dict(id="aerialdetection84-double-free-midway-training", kind="not_script",
         source="https://github.com/dingjiansw101/AerialDetection/issues/84",
         thread_site="AerialDetection (mmdetection) training that aborts midway after a few runs; works again after a reboot",
         what="DOUBTFUL - glibc's double-free/corruption abort midway through training (a native crash; the reporter's reboot suggests node state): not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''    double free or corruption（！prev）
    已放弃（核心已转储）
'''),
]


def main() -> None:
    out, sources = [], {}
    CACHE.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        digest = hashlib.sha256(case["id"].encode()).hexdigest()
        split = "tune" if int(digest, 16) % 2 == 0 else "heldout"
        row = {"id": case["id"], "split": split, **{k: v for k, v in case.items() if k != "id"}}
        row.setdefault("expect", {})
        out.append(row)
        text = f"source: {case['source']}\n\n{case['log']}"
        path = CACHE / f"{case['id']}.txt"
        path.write_text(text, encoding="utf-8")
        sources[case["id"]] = {"source": case["source"], "cache": str(path),
                               "sha256": hashlib.sha256(text.encode()).hexdigest(),
                               "via": "tool library issue search excerpt (user's posted text)"}
    head = (__doc__ or "").strip().replace("\n", "\n# ")
    with open(HERE / "cases.yaml", "w", encoding="utf-8") as fh:
        fh.write("# " + head + "\n# Scripts from bench/reallogs/scripts/.\n")
        yaml.safe_dump({"schema": 1, "cases": out}, fh, sort_keys=False, allow_unicode=True,
                       width=200)
    (HERE / "sources.json").write_text(json.dumps(sources, indent=1) + "\n")


if __name__ == "__main__":
    main()
