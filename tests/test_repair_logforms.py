"""The forms real posted logs take do not hide a signature (issue 17; bench/logvariants):
a GitHub reply's quote marks and fences, a scraped page's HTML entities, colour codes whose
ESC byte the paste lost, srun's padded labels, torchrun's role prefixes, Ray's actor
prefixes, PALS labels, CI and DeepSpeed logger prefixes, two ranks' lines interleaved, one
line repeated by several ranks; and a long log (training output before the failure) is
searched only where a signature's literal text can be."""

from __future__ import annotations

import pytest

from maple_flow.repair import FailureEvidence, load_knowledge_base
from maple_flow.repair.classify import match_signature
from maple_flow.repair.lognorm import normalised, posted_text
from maple_flow.repair.matching import distinct_lines, per_process_lines, unprefixed_lines
from maple_flow.repair.prefilter import may_match


def _plain_signatures() -> dict[str, list]:  # type: ignore[type-arg]
    return {r.id: [s for s in r.signatures if not (
        s.script or s.script_lacks or s.script_fact or s.job_states or s.exit_codes
        or s.scheduler)] for r in load_knowledge_base().records}


def test_what_a_post_adds_comes_off() -> None:
    posted = ("> ```shell\n> File &quot;a.py&quot;, line 1, in &lt;module&gt;\n"
              "> [1;31mRuntimeError: it&#39;s x[0m\n> ```\n")
    assert posted_text(posted) == ('\nFile "a.py", line 1, in <module>\n'
                                   "RuntimeError: it's x\n\n")


def test_a_log_whose_own_lines_start_with_gt_keeps_them() -> None:
    log = "> building GPT model ...\nTraceback (most recent call last):\nValueError: x\n"
    assert posted_text(log) == log


@pytest.mark.parametrize("prefix", [
    " 3: ", "[trainer2]:", "(RayTrainWorker pid=2657296, ip=10.0.0.12) ", "(pid=123) ",
    "x3102c0s1b0n0.hsn.cm.polaris.alcf.anl.gov 84: ", "2024-05-01T12:34:56.4840189Z ",
    "[2024-05-01 12:34:56,789] [INFO] [launch.py:151:main] ",
    "[rank1]:[2024-01-16 22:29:36,221] ", "[default1]:[rank1]: ",
])
def test_more_launchers_prefixes_come_off(prefix: str) -> None:
    text = "Traceback (most recent call last):\nRuntimeError: x\nsrun: error: y\n"
    prefixed = "".join(prefix + line + "\n" for line in text.splitlines())
    assert unprefixed_lines(prefixed) == text


def test_two_ranks_interleaved_read_apart() -> None:
    text = "[rank0]: a\n[rank1]: a\n[rank0]: b\n[rank1]: b\nsrun: error: x"
    assert per_process_lines(text) == "a\nb\na\nb\nsrun: error: x"
    assert per_process_lines("[rank0]: a\n[rank0]: b\n[rank1]: a\n") == ""  # not interleaved


def test_a_line_repeated_by_several_ranks_reads_once() -> None:
    assert distinct_lines("a\na\nb\nb\nb\n\n\nc") == "a\nb\n\n\nc"
    assert distinct_lines("a\nb\n") == ""


def test_the_literal_test_never_skips_a_match() -> None:
    """Over every example and negative of the knowledge base (and their lower-cased form),
    a signature that matches is never skipped by :func:`may_match`."""
    kb = load_knowledge_base()
    from maple_flow.repair.matching import compiled, compiled_anycase

    patterns = [s.pattern for r in kb.records for s in r.signatures]
    skipped_matches = []
    for text in (e for r in kb.records for e in r.examples + r.negatives):
        for view, anycase in ((text, False), (text.lower(), True)):
            for pattern in patterns:
                if not may_match(pattern, view, anycase):
                    search = (compiled_anycase if anycase else compiled)(pattern).search
                    if search(view):
                        skipped_matches.append((pattern, view))
    assert not skipped_matches


POSTED = (
    lambda e: "".join(f"> {line}\n" for line in ["```", *e.split("\n"), "```"]),
    lambda e: e.replace('"', "&quot;").replace("'", "&#39;").replace("<", "&lt;")
    .replace(">", "&gt;"),
    lambda e: "".join(f"[1;31m{line}[0m\n" for line in e.split("\n")),
    lambda e: "".join(f"(RayTrainWorker pid=2657296, ip=10.0.0.12) {line}\n"
                      for line in e.split("\n")),
    lambda e: "".join(f"x3102c0s1b0n0.hsn.cm.polaris.alcf.anl.gov 84: {line}\n"
                      for line in e.split("\n")),
    lambda e: "".join(f"[trainer2]:{line}\n" for line in e.split("\n")),
)


def test_every_multi_line_example_as_posted_is_still_recognised() -> None:
    missed = []
    for record_id, plain in _plain_signatures().items():
        record = load_knowledge_base().get(record_id)
        for example in (e for e in record.examples if "\n" in e):
            if not any(match_signature(s, FailureEvidence(stderr=example)) for s in plain):
                continue
            for n, form in enumerate(POSTED):
                ev = normalised(FailureEvidence(stderr=form(example)))
                if not any(match_signature(s, ev) for s in plain):
                    missed.append((record_id, n))
    assert not missed


# ------------------------------------------------------------------- script spellings
def test_script_conditions_read_every_spelling_of_a_directive() -> None:
    from maple_flow.repair.matching import script_views

    script = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH\t--module gpu\n#SBATCH -p gpu -t 1:00:00\nsrun x\n"
    assert script_views(script)[-1] == (
        "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --module=gpu\n#SBATCH --partition=gpu\n"
        "#SBATCH --time=1:00:00\nsrun x\n")
    plain = "#!/bin/bash\n#SBATCH --nodes=2\nsrun x\n"
    assert script_views(plain) == (plain,)


@pytest.mark.parametrize("directive", ["#SBATCH --module=gpu", "#SBATCH --module gpu",
                                       "#SBATCH\t--module gpu"])
def test_a_record_written_for_one_spelling_reads_the_others(directive: str) -> None:
    from maple_flow.repair import classify

    script = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --image=nersc/pytorch:24.06.01\n"
              f"{directive}\nsrun shifter python train.py\n")
    log = "host:1:1 [0] NCCL WARN Error: network AWS Libfabric not found\n"
    found = classify(FailureEvidence(cluster="perlmutter", stderr=log, script=script))
    assert found and found[0].record_id == "shifter-nccl-plugin-module-missing"
