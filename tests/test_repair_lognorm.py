"""Other versions' wordings of an error are recognised by the records written for the current
one (issue 17, recognition): the old PyTorch, THC, NCCL, ONNX Runtime and driver-API forms
of a CUDA runtime error are read as ``CUDA error: <message>``."""

from __future__ import annotations

import itertools

import pytest

from maple_flow.repair import FailureEvidence, classify
from maple_flow.repair.lognorm import canonical_lines, normalised

SCRIPT = "#!/bin/bash\n#SBATCH --nodes=1\ntorchrun --standalone --nproc_per_node=4 train.py\n"


@pytest.mark.parametrize(("line", "message"), [
    ("RuntimeError: cuda runtime error (59) : device-side assert triggered at "
     "/pytorch/aten/src/THC/generic/THCTensorMathPointwise.cu:265", "device-side assert triggered"),
    ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingHostAllocator.cpp line=271 error=4 "
     ": unspecified launch failure", "unspecified launch failure"),
    ("[2025-05-04 23:32:59] host:94:94 [1] enqueue.cc:1556 NCCL WARN Cuda failure 700 "
     "'an illegal memory access was encountered'", "an illegal memory access was encountered"),
    ("include/alloc.h:125 NCCL WARN Cuda failure 'out of memory'", "out of memory"),
    ("could not synchronize on CUDA context: CUDA_ERROR_LAUNCH_FAILED: unspecified launch "
     "failure ::", "unspecified launch failure"),
    ("onnxruntime::CudaCall CUDA failure 700: an illegal memory access was encountered ; GPU=0",
     "an illegal memory access was encountered"),
])
def test_other_wordings_read_as_cuda_error(line: str, message: str) -> None:
    assert canonical_lines(line) == [f"CUDA error: {message}"]


def test_a_log_in_the_current_wording_gets_nothing_added() -> None:
    ev = FailureEvidence(stderr="RuntimeError: CUDA error: unspecified launch failure\n")
    assert canonical_lines(ev.stderr) == [] and normalised(ev) is ev


def test_each_error_is_added_once_in_order() -> None:
    text = ("THCudaCheck FAIL file=a.cpp line=1 error=4 : unspecified launch failure\n"
            "THCudaCheck FAIL file=a.cpp line=1 error=4 : unspecified launch failure\n"
            "RuntimeError: cuda runtime error (2) : out of memory at b.cpp:3\n")
    assert canonical_lines(text) == ["CUDA error: unspecified launch failure",
                                     "CUDA error: out of memory"]


@pytest.mark.parametrize(("log", "record"), [
    # pytorch/pytorch#21276 (old THC wording of a kernel failure after 9000 iterations)
    ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingHostAllocator.cpp line=271 "
     "error=4 : unspecified launch failure\nTraceback (most recent call last):\n"
     "  File \"model_run.py\", line 163, in train\n    loss.backward()\n",
     "cuda-unspecified-launch-failure"),
    ("RuntimeError: cuda runtime error (59) : device-side assert triggered at "
     "/pytorch/aten/src/THC/generic/THCTensorMathPointwise.cu:265\n", "label-out-of-range"),
])
def test_old_wordings_are_recognised_as_not_the_script(log: str, record: str) -> None:
    first = classify(FailureEvidence(cluster="delta", stderr=log, script=SCRIPT))[0]
    assert (first.record_id, first.method, first.verdict) == (record, "signature", "not_script")


# --------------------------------------------------------------------- lower-cased lines
SBATCH_SCRIPT = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --time=48:00:00\nsrun python train.py\n"


@pytest.mark.parametrize(("line", "record"), [
    ("srun: error: unable to create step for job 4242: more processors requested than "
     "permitted", "srun-more-processors-than-permitted"),
    ("slurmstepd: error: *** job 867816 on c0700a-s1 cancelled at 2021-05-11t12:06:17 due to "
     "time limit ***", "slurm-time-limit-reached"),
])
def test_a_lower_cased_line_is_recognised_by_its_signature(line: str, record: str) -> None:
    """A tool that lower-cases what it relays (BSC-ES/autosubmit#2854's output) keeps the
    words: the records written in the scheduler's own case recognise them by signature."""
    first = classify(FailureEvidence(cluster="delta", stderr=line, script=SBATCH_SCRIPT))[0]
    assert (first.record_id, first.method) == (record, "signature")


def test_every_example_lower_cased_is_still_recognised_and_no_negative_is() -> None:
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.classify import match_signature

    missed, wrong = [], []
    for record in load_knowledge_base().records:
        plain = [s for s in record.signatures if not (
            s.script or s.script_lacks or s.script_fact or s.job_states or s.exit_codes
            or s.scheduler)]
        for line, bad in [(e, False) for e in record.examples] + \
                         [(n, True) for n in record.negatives]:
            as_is = FailureEvidence(stderr=line, submit_message=line, reasons=[line])
            low = line.lower()
            lowered = FailureEvidence(stderr=low, submit_message=low, reasons=[low])
            hit = any(match_signature(s, lowered) for s in plain)
            if bad and hit:
                wrong.append((record.id, line))
            if not bad and not hit and any(match_signature(s, as_is) for s in plain):
                missed.append((record.id, line))
    assert not missed and not wrong


def test_mixed_case_lines_are_matched_with_their_case() -> None:
    from maple_flow.repair.matching import lower_case_lines

    assert lower_case_lines("Error: X\nsbatch: error: y\n12:00\n") == "sbatch: error: y"


# ------------------------------------------------------------- colour, spacing and quotes
MORE = "srun: error: Unable to create step for job 4242:{}More processors requested than permitted"


@pytest.mark.parametrize("line", [
    MORE.format(" \x1b[1;31m") + "\x1b[0m",  # a terminal's colour codes
    MORE.format(" ^[[1;31m") + "^[[0m",  # the same, as pasted into an issue thread
    MORE.format("  "),  # aligned columns
    MORE.format("\t"),  # a tab
])
def test_colour_and_spacing_do_not_hide_a_signature(line: str) -> None:
    first = classify(FailureEvidence(cluster="delta", stderr=line, script=SBATCH_SCRIPT))[0]
    assert (first.record_id, first.method) == ("srun-more-processors-than-permitted", "signature")


def test_typographic_quotes_read_as_ascii() -> None:
    line = ("CommandNotFoundError: Your shell has not been properly configured to use "
            "\u2018conda activate\u2019.")
    ascii_line = line.replace("\u2018", "'").replace("\u2019", "'")
    first = classify(FailureEvidence(cluster="delta", stderr=line, script=SBATCH_SCRIPT))[0]
    same = classify(FailureEvidence(cluster="delta", stderr=ascii_line, script=SBATCH_SCRIPT))[0]
    assert first.method == same.method == "signature" and first.record_id == same.record_id


def test_every_example_coloured_double_spaced_or_curly_quoted_is_still_recognised() -> None:
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.classify import match_signature
    from maple_flow.repair.logtext import bound_text

    variants = (lambda e: e.replace(" ", "  "), lambda e: e.replace("'", "\u2019"),
                lambda e: "\x1b[1;31m" + e.replace(" ", "\x1b[0m ", 1))
    missed = []
    for record in load_knowledge_base().records:
        plain = [s for s in record.signatures if not (
            s.script or s.script_lacks or s.script_fact or s.job_states or s.exit_codes
            or s.scheduler)]
        for example in record.examples:
            if not any(match_signature(s, FailureEvidence(stderr=example)) for s in plain):
                continue
            for variant in variants:
                text = bound_text(variant(example))
                ev = normalised(FailureEvidence(stderr=text))
                if not any(match_signature(s, ev) for s in plain):
                    missed.append((record.id, variant(example)))
    assert not missed


# ------------------------------------------------------------------------- wrapped lines
def test_a_message_wrapped_over_lines_is_recognised() -> None:
    log = ("torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection\n"
           "to the C10d store has failed. See inner exception for details.\n")
    first = classify(FailureEvidence(cluster="delta", stderr=log, script=SBATCH_SCRIPT))[0]
    assert (first.record_id, first.method) == ("c10d-store-connection-failed", "signature")


def test_rejoined_lines_join_only_runs_of_long_lines() -> None:
    from maple_flow.repair.matching import WRAP_WIDTH, rejoined_lines

    long_a, long_b = "a" * WRAP_WIDTH, "b" * WRAP_WIDTH
    assert rejoined_lines(f"short\nnext\n{long_a}\n{long_b}\nc\n\nd") == \
        f"{long_a} {long_b} c\n{long_b} c"


def test_two_unrelated_lines_never_make_a_third_record_match() -> None:
    """A match across a line break needs the message to go on there: two records' example
    lines one after the other are recognised as those records, never as a third one."""
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.classify import match_signature

    kb = load_knowledge_base()
    plain = {r.id: [s for s in r.signatures if not (
        s.script or s.script_lacks or s.script_fact or s.job_states or s.exit_codes
        or s.scheduler)] for r in kb.records}

    def matched(text: str) -> set[str]:
        ev = FailureEvidence(stderr=text)
        return {rid for rid, sigs in plain.items() if any(match_signature(s, ev) for s in sigs)}

    lines = [(r.id, e) for r in kb.records for e in r.examples + r.negatives]
    extra = []
    for (ra, a), (rb, b) in list(itertools.pairwise(lines))[::3]:
        if ra != rb and (found := matched(f"{a}\n{b}") - matched(a) - matched(b)):
            extra.append((found, a, b))
    assert not extra


# -------------------------------------------------------------------------- line prefixes
PREFIXES = ("[rank3]: ", "3: ", "[default3]:", "192.168.13.81: ", "[1,3]<stderr>:", "gpu187: ",
            "[gpu187:1]:", "[2025-03-04 10:11:12,345] ", "2025-03-04T10:11:12.345 - ")


def test_line_prefixes_come_off_but_tool_names_stay() -> None:
    from maple_flow.repair.classify import unprefixed_lines

    text = ("3: Last error:\n[rank3]: ncclInvalidUsage\n192.168.13.81: [rank19]:[E808] x\n"
            "srun: error: node107: task 0: Out Of Memory\nslurmstepd: error: y\n"
            "RuntimeError: z\n12:00:01 w\n[2025-03-04 10:11:12,345] Lmod has detected\n")
    assert unprefixed_lines(text) == ("Last error:\nncclInvalidUsage\n[E808] x\n"
                                      "srun: error: node107: task 0: Out Of Memory\n"
                                      "slurmstepd: error: y\nRuntimeError: z\n12:00:01 w\n"
                                      "Lmod has detected\n")


def test_every_multi_line_example_with_each_line_prefixed_is_still_recognised() -> None:
    """srun -l, torch >= 2.2, torchrun --tee, mpirun --tag-output and multi-node launchers put
    a prefix before every line: a message over several lines is still one message."""
    from maple_flow.repair import load_knowledge_base
    from maple_flow.repair.classify import match_signature

    missed = []
    for record in load_knowledge_base().records:
        plain = [s for s in record.signatures if not (
            s.script or s.script_lacks or s.script_fact or s.job_states or s.exit_codes
            or s.scheduler)]
        for example in (e for e in record.examples if "\n" in e):
            if not any(match_signature(s, FailureEvidence(stderr=example)) for s in plain):
                continue
            for prefix in PREFIXES:
                text = "\n".join(prefix + line for line in example.split("\n"))
                if not any(match_signature(s, FailureEvidence(stderr=text)) for s in plain):
                    missed.append((record.id, prefix))
    assert not missed


def test_similarity_reads_the_lines_without_their_prefixes() -> None:
    from maple_flow.repair.classify import evidence_text

    lines = ["RuntimeError: Address already in use", "ValueError: port number missing"]
    for prefix in PREFIXES:
        prefixed = FailureEvidence(stderr="\n".join(prefix + ln for ln in lines))
        assert evidence_text(prefixed) == evidence_text(FailureEvidence(stderr="\n".join(lines)))
