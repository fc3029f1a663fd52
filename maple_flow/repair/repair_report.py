"""Readable reports of the repair loop: Markdown for people, plain data for --json (pure)."""

from __future__ import annotations

from typing import Any

from maple_flow.repair.ask_hints import how_to_find, question_advice
from maple_flow.repair.loop import Candidate, Plan, RepairResult, refused_answers

MARKS = {"verified": "✔ verified", "failed": "✘ failed", "unverified": "? unverified"}


def _op_text(op: dict[str, Any]) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in op.items() if k != "op" and v not in (None, []))
    return f"`{op['op']}({args})`"


def _fence(text: str, lang: str = "") -> list[str]:
    return [f"```{lang}", text.rstrip("\n"), "```"]


def result_markdown(result: RepairResult, title: str = "") -> str:
    """A repair's story: the first failure, each attempt (record, ops, diff, outcome), the end."""
    lines = [f"## {title or 'Repair'} on {result.cluster}: {MARKS[result.status]}", "",
             f"{result.stop_reason}; {len(result.attempts)} attempt(s), "
             f"{result.elapsed_s:.0f} s (run {result.run_id})", ""]
    if result.initial_reasons:
        lines += ["First failure:", *[f"- {r}" for r in result.initial_reasons[:6]], ""]
    for a in result.attempts:
        lines += [f"### Attempt {a.attempt}: {a.record_id} ({a.method}) -> {a.status}", "",
                  a.cause, "", "Operations: " + ", ".join(_op_text(op) for op in a.ops), ""]
        lines += [*_fence(a.diff, "diff"), ""]
        if a.status != "verified":
            lines += [*[f"- {r}" for r in a.reasons[:6]], ""]
    if result.skipped:
        lines += ["Not run:", *[f"- {s.record_id or 'LLM'} ({s.method}, {s.status}): {s.why}"
                                for s in result.skipped[:10]], ""]
    if result.needs:
        lines += [f"Needs from you: {', '.join(result.needs)}", ""]
    if result.variant_id:
        lines += [f"Learned variant `{result.variant_id}` of `{result.template_id}`.", ""]
    return "\n".join(lines)


def candidate_data(c: Candidate) -> dict[str, Any]:
    """A candidate fix as JSON-ready data."""
    return {"record_id": c.record_id, "method": c.method, "cause": c.fix.cause,
            "evidence": list(c.evidence), "ops": [op.model_dump() for op in c.fix.ops],
            "needs": list(c.needs), "unresolved": list(c.unresolved), "review": list(c.review),
            "verdict": c.verdict, "advice": c.fix.advice,
            "references": [r.model_dump() for r in c.fix.references]}


def proposal_data(candidates: list[Candidate], step: Plan,
                  scheduler: str | None = None) -> dict[str, Any]:
    """What ``maple repair --log`` found: the diagnoses and the fix it would apply; a question
    says where its answer is found on ``scheduler``'s sites."""
    from maple_flow.repair.loop import Apply

    data: dict[str, Any] = {"diagnoses": [candidate_data(c) for c in candidates],
                            "skipped": [{"record_id": c.record_id, "why": w}
                                        for c, w in step.skipped]}
    if isinstance(step.decision, Apply):
        data["verdict"] = "fix"
        data["proposed"] = {**candidate_data(step.decision.candidate),
                            "diff": step.decision.diff, "script": step.decision.script}
        return data
    stop = step.decision
    data.update(verdict=stop.kind, proposed=None, why_none=stop.reason)
    if stop.kind == "ask":
        asker = next(c for c in candidates if c.needs and set(c.needs) == set(stop.needs))
        found = how_to_find(list(stop.needs), scheduler=scheduler)
        data["question"] = {"record_id": asker.record_id, "cause": asker.fix.cause,
                            "advice": question_advice(asker.fix.advice, found),
                            "how_to_find": found, "needs": list(stop.needs),
                            "refused": refused_answers(asker),
                            "answer_with": [f"--answer {n}=VALUE" for n in stop.needs]}
    elif stop.kind == "not_script":
        first = next(c for c in candidates if c.verdict == "not_script")
        data["not_script"] = {"record_id": first.record_id, "cause": first.fix.cause,
                              "advice": first.fix.advice,
                              "references": [r.model_dump() for r in first.fix.references]}
    elif stop.kind == "not_recognised":
        data["hints"] = [c.record_id for c in candidates if c.verdict == "hint"]
    return data


def proposal_markdown(data: dict[str, Any], script_name: str, cluster: str) -> str:
    """``proposal_data`` for people."""
    lines = [f"## Diagnosis of {script_name} on {cluster}", ""]
    if not data["diagnoses"]:
        lines += ["No knowledge-base record matches this log.", ""]
    for i, d in enumerate(data["diagnoses"][:5], 1):
        mark = {"hint": ", hint only", "not_script": ", not the script"}.get(d["verdict"], "")
        lines += [f"{i}. **{d['record_id']}** ({d['method']}{mark}): {d['cause']}"]
        lines += [f"   - evidence: `{e}`" for e in d["evidence"][:3]]
        if d["needs"]:
            lines.append(f"   - needs from you: {', '.join(d['needs'])}")
    lines.append("")
    proposed = data["proposed"]
    if proposed is None:
        return "\n".join(lines + _no_fix_lines(data))
    lines += [f"## Proposed fix: {proposed['record_id']}", "",
              "Operations: " + ", ".join(_op_text(op) for op in proposed["ops"]), ""]
    if proposed["review"]:
        lines += ["**Needs your review** (not on the repair safety allowlist, "
                  "docs/repair-safety.md):", *[f"- {why}" for why in proposed["review"]], ""]
    lines += _fence(proposed["diff"], "diff")
    refs = proposed["references"]
    if refs:
        lines += ["", "References:", *[f"- [{r['title']}]({r['url']})" for r in refs]]
    return "\n".join(lines) + "\n"


def _no_fix_lines(data: dict[str, Any]) -> list[str]:
    """Why ``maple repair --log`` proposes no fix: a question, advice, hints, or the reason."""
    if data.get("verdict") == "ask":
        q = data["question"]
        advice = [q["advice"], ""] if q.get("advice") else []
        found = [h for h in q.get("how_to_find", []) if h["how"] not in (q.get("advice") or "")]
        if found:
            advice += ["Where to find it:", *[f"- {h['need']}: {h['how']} ({h['source']})"
                                              for h in found], ""]
        refused = [f"Your answer was not used: {u}" for u in q.get("refused", [])]
        return [f"## A value only you have: {', '.join(q['needs'])}", "", q["cause"], "",
                *advice, *refused, *([""] if refused else []),
                "Run again with " + " ".join(q["answer_with"]) + ".", ""]
    if data.get("verdict") == "not_script":
        ns = data["not_script"]
        refs = [f"- [{r['title']}]({r['url']})" for r in ns["references"]]
        return ["## Not a launch-script problem", "", ns["cause"], "", ns["advice"] or "", "",
                "No script fix is proposed.", *(["", "References:", *refs] if refs else []), ""]
    if data.get("verdict") == "not_recognised" and data.get("hints"):
        return ["## Not recognised", "",
                "No record is close enough to act on; closest (hints only): "
                + ", ".join(data["hints"]), "",
                f"No fix to propose: {data.get('why_none') or 'the failure is not recognised'}",
                ""]
    return [f"No fix to propose: {data['why_none']}", ""]
