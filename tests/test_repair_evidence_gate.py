"""Similarity acts only on evidence (issue 17, bench/repaircal_probe's tune rows): short or
generic logs get hints, not fixes; a launcher's summary sends the user to the first failing
rank's log."""

from __future__ import annotations

from pathlib import Path

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify, load_knowledge_base
from maple_flow.repair.evidence_gate import (
    SUMMARY_ADVICE,
    content_words,
    decided_by_figure,
    may_act,
    summary_only,
)

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"


def _script(name: str) -> str:
    return (SCRIPTS / name).read_text(encoding="utf-8")


def _proposed(log: str, script: str, cluster: str) -> str | None:
    data = diagnose_log(_script(script), log, cluster, None, False)
    return data["proposed"]["record_id"] if data["proposed"] else None


def test_a_thin_log_without_the_records_key_words_gets_hints() -> None:
    """meituan/YOLOv6#404 (tune): 'RuntimeError: Socket Timeout' at a barrier, rank 0 busy
    checking images. Similarity put port-in-use first with a port fix; the log names no port,
    no bind, no EADDRINUSE."""
    log = ('  File "/home/user/yv6/lib/python3.8/site-packages/torch/distributed/'
           'distributed_c10d.py", line 2420, in barrier\n'
           "    work = default_pg.barrier(opts=opts)\nRuntimeError: Socket Timeout\n")
    assert _proposed(log, "torchrun_single.sh", "lonestar6") is None
    found = classify(FailureEvidence(cluster="lonestar6", stderr=log,
                                     script=_script("torchrun_single.sh")))
    assert found and all(d.verdict != "script" for d in found)


def test_key_words_let_a_thin_log_act() -> None:
    """The same thin log with the record's own word (EADDRINUSE) carries its evidence."""
    kb = load_knowledge_base()
    record = kb.get("port-in-use")
    assert not may_act(record, "RuntimeError: Socket Timeout", "RuntimeError: Socket Timeout", kb)
    log = "RuntimeError: EADDRINUSE"
    assert may_act(record, log, log, kb)


def test_a_full_message_may_act_by_meaning() -> None:
    """marbl/canu (bench/reallogs2 canu-2073, tune): Slurm's 'Time limit specification required'
    shares no rare word with slurm-time-limit-invalid's signatures, but says enough in its own
    words for similarity to act (its right fix is kept). The message has its own record since
    (slurm-time-limit-required, found by its signature first), so the gate is checked on the
    record similarity matched."""
    log = ("sbatch: error: Batch job submission failed: Time limit specification required, "
           "but not provided\n")
    assert len(content_words(log)) >= 5
    kb = load_knowledge_base()
    assert may_act(kb.get("slurm-time-limit-invalid"), log, log, kb)
    assert _proposed(log, "srun_python.sh", "anvil") == "slurm-time-limit-required"


def test_a_record_decided_by_a_figure_never_acts_by_similarity() -> None:
    """speechbrain/speechbrain#1766 (tune): the watchdog line without its SeqNum. The record
    collective-timeout is decided by an early SeqNum (setup, not progress); a log without it
    got an NCCL transport fix while rank 0 was preprocessing data."""
    kb = load_knowledge_base()
    assert decided_by_figure(kb.get("collective-timeout"))
    assert not decided_by_figure(kb.get("port-in-use"))
    log = "Watchdog caught collective operation timeout: WorkNCCL\n"
    assert _proposed(log, "srun_torchrun.sh", "perlmutter") is None


def test_a_launchers_summary_says_to_read_the_first_failing_rank() -> None:
    """facebookresearch/habitat-lab#298 (tune): srun's segfault summary names no cause."""
    log = ("srun: error: nid04277: task 1: Segmentation fault (core dumped)\n"
           "srun: Terminating job step 20370799.1\n"
           "srun: error: nid04276: task 0: Segmentation fault (core dumped)\n")
    data = diagnose_log(_script("srun_python.sh"), log, "perlmutter", None, False)
    assert data["proposed"] is None
    assert SUMMARY_ADVICE in data["why_none"]


def test_summary_only_needs_every_error_line_to_be_a_summary() -> None:
    assert summary_only(["torch.distributed.elastic.multiprocessing.errors.ChildFailedError:",
                         "rank2 (local rank: 2)exitcode: -9 (pid: 36071)error file: <N/A>"])
    assert summary_only(["srun: error: taurusi2031: tasks 10-11: Exited with exit code 1"])
    assert summary_only(["Killed"])
    assert not summary_only(["torch.distributed.elastic.multiprocessing.errors.ChildFailedError",
                             "OSError: [Errno 98] Address already in use"])
    assert not summary_only([])


TORCHRUN_SUMMARY = (
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
    "============================================================\n"
    "pretrain_segmentation_model.py FAILED\n"
    "Root Cause (first observed failure):\n"
    "  host      : gpu-node-17.example.cluster\n"
    "  exitcode  : 1 (pid: 2410412)\n"
    "  error_file: <N/A>\n"
    "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html\n")


def test_no_script_record_acts_on_a_launchers_summary() -> None:
    """torchrun's failure summary (the shape of Chinese-Vicuna#113, ColossalAI#3677) names the
    script, the host and an exit code, not why the rank failed; torchrun-max-restarts' signature
    reads it and set --max-restarts 0 (torchrun's default already) on any such log."""
    script = _script("torchrun_single.sh")
    found = classify(FailureEvidence(cluster="delta", stderr=TORCHRUN_SUMMARY, script=script))
    assert found and all(d.verdict != "script" for d in found)
    data = diagnose_log(script, TORCHRUN_SUMMARY, "delta", None, False)
    assert data["proposed"] is None and SUMMARY_ADVICE in data["why_none"]
    assert summary_only([ln for ln in TORCHRUN_SUMMARY.splitlines()
                         if "FAILED" in ln or "error" in ln.lower() or "Failed" in ln])


def test_not_recognised_names_the_closest_records_families() -> None:
    """A peer that reset the connection (no record names its cause; the structural reader
    leaves a network word alone): no fix, the closest records as hints with their families.
    (A bare 'Bus error (core dumped)', point-transformer#50, is now read as a native crash:
    tests/test_repair_structure.py.)"""
    data = diagnose_log(_script("srun_python.sh"), "RuntimeError: Connection reset by peer\n",
                        "anvil", None, False)
    assert data["proposed"] is None
    assert "not recognised; closest records (hints only, family in brackets)" in data["why_none"]
    assert "gloo-peer-connection-closed (network)" in data["why_none"]
