"""How the knowledge base's own examples fare when a log says them another way.

Run: PYTHONPATH=$PWD .venv/bin/python bench/repairrec_probe/variants.py [--out PATH]
For every record example its signatures recognise as written (signatures without conditions on
the job or the script), each transform below is applied and the example is classified again
the way `classify` reads a log (bounded, normalised, all signature views); a miss is a record
no longer recognised. Prints and writes JSON: per transform, examples tried and missed.
Transforms: a tool that lower-cases what it relays; terminal colour codes; blanks doubled; a
tab; typographic quotes; the message wrapped at 72 columns; a per-line prefix (srun -l,
torch >= 2.2, a multi-node launcher's host) on multi-line examples; the old PyTorch, THC and
NCCL wordings of a ``CUDA error: <message>`` example.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from maple_flow.repair import FailureEvidence, load_knowledge_base  # noqa: E402
from maple_flow.repair.classify import match_signature  # noqa: E402
from maple_flow.repair.logtext import bound_evidence  # noqa: E402

Transform = Callable[[str], "str | None"]
CUDA = re.compile(r"CUDA error: ([a-z][a-z \-]+[a-z])")


def _prefixed(prefix: str) -> Transform:
    return lambda e: "\n".join(prefix + ln for ln in e.split("\n")) if "\n" in e else None


def _cuda(form: str) -> Transform:
    return lambda e: form.format(m.group(1)) if (m := CUDA.search(e)) else None


TRANSFORMS: dict[str, Transform] = {
    "lower_case": str.lower,
    "colour": lambda e: "\x1b[1;31m" + e.replace(" ", "\x1b[0m ", 1),
    "blanks_doubled": lambda e: e.replace(" ", "  ") if " " in e else None,
    "tab": lambda e: e.replace(" ", "\t", 1) if " " in e else None,
    "curly_quotes": lambda e: e.replace("'", "\u2019") if "'" in e else None,
    "wrapped_72": lambda e: "\n".join(textwrap.wrap(e, 72, break_long_words=False,
                                                    break_on_hyphens=False))
    if len(e) > 72 else None,
    "prefix_srun_l": _prefixed("3: "),
    "prefix_rank": _prefixed("[rank3]: "),
    "prefix_host": _prefixed("192.168.13.81: "),
    "cuda_runtime_error": _cuda("RuntimeError: cuda runtime error (4) : {} at THCGeneral.cpp:50"),
    "cuda_thcudacheck": _cuda("THCudaCheck FAIL file=THCGeneral.cpp line=70 error=4 : {}"),
    "cuda_nccl_failure": _cuda("enqueue.cc:1556 NCCL WARN Cuda failure 700 '{}'"),
}


def _recognised(record_signatures: list, text: str) -> bool:
    from maple_flow.repair.lognorm import normalised

    ev = normalised(bound_evidence(FailureEvidence(stderr=text)))
    return any(match_signature(s, ev) for s in record_signatures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write the JSON here too")
    args = parser.parse_args()
    result: dict[str, dict[str, object]] = {}
    for record in load_knowledge_base().records:
        plain = [s for s in record.signatures if not (
            s.script or s.script_lacks or s.script_fact or s.job_states or s.exit_codes
            or s.scheduler)]
        for example in record.examples:
            if not _recognised(plain, example):
                continue
            for name, transform in TRANSFORMS.items():
                text = transform(example)
                if text is None:
                    continue
                row = result.setdefault(name, {"tried": 0, "missed": 0, "missed_records": []})
                row["tried"] = int(row["tried"]) + 1  # type: ignore[call-overload]
                if not _recognised(plain, text):
                    row["missed"] = int(row["missed"]) + 1  # type: ignore[call-overload]
                    row["missed_records"].append(record.id)  # type: ignore[attr-defined]
    text = json.dumps(result, indent=1)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(json.dumps({k: f"{v['missed']}/{v['tried']}" for k, v in result.items()}))


if __name__ == "__main__":
    main()
