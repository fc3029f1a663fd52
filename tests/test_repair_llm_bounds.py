"""The LLM call is bounded (issue 19, defect 2): a total deadline, a byte cap, no
RecursionError, no huge answer echoed. A real HTTP server on 127.0.0.1, started here; every
handler stops by itself after HANDLER_LIMIT_S, so no test can hang on it."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from maple_flow.repair import FailureEvidence, Fix
from maple_flow.repair.llm import (
    MAX_KEPT_RAW,
    OpenAICompatProposer,
    Rejected,
    post_bounded,
    validate_output,
)

HANDLER_LIMIT_S = 20.0
EVIDENCE = FailureEvidence(cluster="perlmutter", stderr="error: something broke")
GOOD = json.dumps({"cause": "the constraint is missing",
                   "ops": [{"op": "set_directive", "option": "constraint", "value": "gpu"}]})


def _chat(content: str) -> bytes:
    return json.dumps({"choices": [{"message": {"content": content}}]}).encode()


class Handler(BaseHTTPRequestHandler):
    sent: ClassVar[dict[str, int]] = {}
    writes: ClassVar[dict[str, int]] = {}

    def log_message(self, *args: object) -> None:
        pass

    def _send(self, data: bytes, length: int | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data) if length is None else length))
        self.end_headers()
        self.wfile.write(data)

    def _stream(self, chunk: bytes, pause: float, total: int) -> None:
        """Write ``chunk`` every ``pause`` s until ``total`` bytes, the client leaves, or
        HANDLER_LIMIT_S pass."""
        end, sent = time.monotonic() + HANDLER_LIMIT_S, 0
        try:
            while sent < total and time.monotonic() < end:
                self.wfile.write(chunk)
                self.wfile.flush()
                sent += len(chunk)
                Handler.sent[self.path.split("/v1")[0]] = sent
                Handler.writes[self.path.split("/v1")[0]] = sent // len(chunk)
                time.sleep(pause)
        except OSError:
            pass

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        path = self.path.split("/v1")[0]
        if path == "/good":
            self._send(_chat(GOOD))
        elif path == "/trickle":  # a valid answer, one byte at a time
            body = _chat(GOOD)
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self._stream(b" ", 0.05, 10**6)
        elif path == "/slow-headers":
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            self._stream(b"X-A: b\r\n", 0.05, 10**6)
        elif path == "/huge-declared":
            self.send_response(200)
            self.send_header("Content-Length", str(200 * 2**20))
            self.end_headers()
            self._stream(b"x" * 65536, 0.0, 200 * 2**20)
        elif path == "/huge-streamed":  # no length: read until the server closes
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            self._stream(b"[" * 65536, 0.0, 200 * 2**20)
        elif path == "/deep":
            self._send(b"[" * 200_000 + b"]" * 200_000)
        elif path == "/deep-content":
            self._send(_chat("{\"a\": " * 50_000 + "1" + "}" * 50_000))
        elif path == "/big-content":
            self._send(_chat("I cannot decide. " * 30_000))


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def propose(base: str, path: str, deadline_s: float = 1.0) -> Fix | Rejected:
    return OpenAICompatProposer(f"{base}{path}/v1", "m", deadline_s=deadline_s,
                                max_bytes=1 << 20).propose(EVIDENCE, None)


def test_a_normal_answer_still_works(base: str) -> None:
    assert isinstance(propose(base, "/good"), Fix)


@pytest.mark.parametrize("path", ["/trickle", "/slow-headers"])
def test_a_trickling_server_meets_the_total_deadline(base: str, path: str) -> None:
    out = propose(base, path, deadline_s=1.0)
    assert isinstance(out, Rejected) and "within 1 s" in out.why
    time.sleep(0.3)
    assert Handler.writes[path] < 100, "cut after about 1 s (20 writes), not when the server " \
        "gave up (400 writes in 20 s)"


def test_a_declared_huge_answer_is_not_read(base: str) -> None:
    out = propose(base, "/huge-declared")
    assert isinstance(out, Rejected) and "more than 1048576" in out.why
    assert len(out.raw) == 0


def test_a_streamed_huge_answer_is_cut_at_the_cap(base: str) -> None:
    out = propose(base, "/huge-streamed", deadline_s=10.0)
    assert isinstance(out, Rejected) and "more than 1048576 bytes" in out.why
    time.sleep(0.3)
    assert Handler.sent["/huge-streamed"] < 64 * 2**20, "the server stopped well short of 200 MB"


@pytest.mark.parametrize("path", ["/deep", "/deep-content"])
def test_deeply_nested_json_is_a_rejection_not_a_recursion_error(base: str, path: str) -> None:
    out = propose(base, path, deadline_s=10.0)
    assert isinstance(out, Rejected)
    assert len(out.raw) <= MAX_KEPT_RAW + 100


def test_an_oversized_answer_is_not_echoed(base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from maple_flow.cli.repair import diagnose_log

    out = propose(base, "/big-content", deadline_s=10.0)
    assert isinstance(out, Rejected) and "characters" in out.why
    assert len(out.raw) <= MAX_KEPT_RAW + 100
    data = diagnose_log("#!/bin/bash\nsrun python t.py\n", "something odd", "perlmutter",
                        f"openai:{base}/big-content/v1#m", True)
    assert data["llm_rejected"] is not None
    assert len(json.dumps(data["llm_rejected"])) < MAX_KEPT_RAW + 1000


def test_post_bounded_refuses_other_schemes() -> None:
    from maple_flow.repair.llm import LLMUnavailable

    with pytest.raises(LLMUnavailable, match="not an http"):
        post_bounded("file:///etc/passwd", b"", {}, deadline_s=1, max_bytes=10)


@pytest.mark.parametrize("raw", [
    "{" * 100_000, "[" * 100_000, '{"cause": ' * 30_000, "{" + '"a":[' * 5000,
    "{}" * 50_000, "x" * 40_000,
])
def test_validate_output_is_bounded_on_hostile_text(raw: str) -> None:
    out = validate_output(raw, "m")
    assert isinstance(out, Rejected) and len(out.raw) <= MAX_KEPT_RAW + 100
