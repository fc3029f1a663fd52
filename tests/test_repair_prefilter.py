"""The literal prefilter of signature patterns (s40, repair/prefilter.py): a text that lacks
what every match of a pattern contains is not searched, and the prefilter never skips a
pattern that would have matched (alternations, case-insensitive flags, escapes, the
characters re.I matches with an ASCII letter)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maple_flow.repair import load_knowledge_base, prefilter
from maple_flow.repair.matching import compiled, log_views, match_signature
from maple_flow.repair.models import FailureEvidence, Signature


@cache
def _patterns() -> list[str]:
    kb = load_knowledge_base()
    return sorted({p for r in kb.records for sig in r.signatures
                   for p in (sig.pattern, sig.script, sig.script_lacks, sig.log_lacks) if p})


@cache
def _lines() -> list[str]:
    kb = load_knowledge_base()
    return sorted({line for r in kb.records for line in [*r.examples, *r.negatives]})


@cache
def _regex(pattern: str, anycase: bool) -> re.Pattern[str]:
    return re.compile(pattern, re.M | (re.I if anycase else 0))


def _sound(pattern: str, text: str, anycase: bool) -> None:
    if not prefilter.may_match(pattern, text, anycase):
        assert _regex(pattern, anycase).search(text) is None, (pattern, text, anycase)


def test_a_pattern_whose_literal_is_absent_is_skipped() -> None:
    pattern = r"srun: error: Unable to allocate resources: (?P<why>[^\n]+)"
    assert prefilter.read_needs(pattern)
    assert not prefilter.may_match(pattern, "Traceback (most recent call last):\nOSError: x")
    assert prefilter.may_match(pattern, "srun: error: Unable to allocate resources: QOS")
    assert not prefilter.may_match(r"(?i)out of memory", "all went well")


def test_a_skipped_signature_is_not_compiled() -> None:
    pattern = r"zq-never-in-a-log (?:alpha|beta)\d+ fails"
    ev = FailureEvidence(stderr="RuntimeError: something else\n", script="#!/bin/bash\n")
    compiled.cache_clear()
    assert match_signature(Signature(pattern=pattern), ev) is None
    assert compiled.cache_info().currsize == 0  # nothing was compiled
    assert match_signature(Signature(pattern=pattern),
                           ev.model_copy(update={"stderr": "zq-never-in-a-log beta7 fails"}))


@pytest.mark.parametrize(("pattern", "text", "anycase"), [
    (r"(?i)out of memory", "CUDA OUT OF MEMORY", False),
    (r"Out Of Memory", "cuda out of memory", True),
    (r"(?i:kill)ed by signal", "\u212aILLed by signal", False),  # KELVIN SIGN matches k
    (r"(?i)\u017ftop", "STOP", False),  # a non-ASCII literal may match an ASCII letter
    (r"(?i)ix", "\u0130x", False),  # CAPITAL I WITH DOT ABOVE lowers to two characters
    (r"(?i)missing", "M\u0130\u017f\u017f\u0131ng", False),
    (r"foo|bar(?:baz|qux)", "a barqux b", False),
    (r"lib\w+\.so\.\d+: cannot open", "libcuda.so.1: cannot open", False),
    (r"\x41\u00e9\n\tB", "A\u00e9\n\tB", False),
    (r"(?x) out \  of \s memory  # a comment", "out of\tmemory", False),
    (r"ab?c+(?:de)*f", "acf", False),
    (r"(?-i:Error) code", "Error CODE", True),
    (r"(?i)(?:^|\s)rank\s+\d+", "RANK 3", False),
])
def test_flags_alternations_and_escapes_are_never_wrongly_skipped(
        pattern: str, text: str, anycase: bool) -> None:
    assert _regex(pattern, anycase).search(text)
    assert prefilter.may_match(pattern, text, anycase)


def test_every_example_line_keeps_its_own_records_signatures() -> None:
    """Each record's example lines, in each view the classifier searches, never lose a
    pattern that matches them."""
    kb = load_knowledge_base()
    for record in kb.records:
        for line in record.examples:
            for view, anycase in log_views(line):
                for sig in record.signatures:
                    _sound(sig.pattern, view, anycase)


_ODD = "\u0130\u0131\u017f\u212a\u00e9\u00df\u03a3 \n\t:_-./"


def _mutated(draw: st.DrawFn, text: str) -> str:
    chars = list(text)
    for _ in range(draw(st.integers(0, 4))):
        if not chars:
            break
        i = draw(st.integers(0, len(chars) - 1))
        kind = draw(st.sampled_from(["swapcase", "delete", "insert", "fold"]))
        if kind == "swapcase":
            chars[i] = chars[i].swapcase()
        elif kind == "delete":
            del chars[i]
        elif kind == "insert":
            chars.insert(i, draw(st.sampled_from(_ODD)))
        else:
            chars[i] = {"i": "\u0131", "I": "\u0130", "s": "\u017f", "k": "\u212a",
                        "K": "\u212a"}.get(chars[i], chars[i])
    return "".join(chars)


@st.composite
def _texts(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.sampled_from(_lines()), min_size=1, max_size=3))
    text = "\n".join(lines)
    if draw(st.booleans()):
        text = text.upper() if draw(st.booleans()) else text.lower()
    return _mutated(draw, text)


@settings(max_examples=400, deadline=None)
@given(pattern=st.sampled_from(_patterns()), text=_texts(), anycase=st.booleans())
def test_the_prefilter_skips_only_what_the_regex_would_not_match(
        pattern: str, text: str, anycase: bool) -> None:
    _sound(pattern, text, anycase)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_record_line_mutated_keeps_every_matching_pattern(data: st.DataObject) -> None:
    """The lines a record's signatures match, changed a little: whenever a real pattern
    still matches, the prefilter lets it through."""
    kb = load_knowledge_base()
    record = data.draw(st.sampled_from(kb.records))
    text = _mutated(data.draw, data.draw(st.sampled_from(record.examples)))
    anycase = data.draw(st.booleans())
    for sig in record.signatures:
        _sound(sig.pattern, text, anycase)


def test_a_pattern_that_needs_nothing_is_always_searched() -> None:
    for pattern in (r"\d+", r"(?:abc)?x*", r"a|\d", r"[A-Z]{3}", r"(?i)(?=error)", "(", ""):
        assert prefilter.read_needs(pattern) == ()
        assert prefilter.may_match(pattern, "", False)
