"""The batch lints what a port does not share with its template rendered alone (issue 14):
the findings are the ones the whole port gets, line for line (maple_flow.lint_scope)."""

from __future__ import annotations

from pathlib import Path

import pytest
from launch_cases import TEMPLATE_IDS, case, spec_for

from maple_flow import lint_scope
from maple_flow.knowledge.clusters import all_profiles
from maple_flow.lint import LintAhead, _run_shellcheck, linting_ahead, shellcheck
from maple_flow.lint_scope import HOLE, findings_on_script, reduce_for_lint
from maple_flow.port.api import PortResult
from maple_flow.port.template_alone import template_alone
from maple_flow.workflows.scale import batch_port

DATA = Path(__file__).resolve().parent / "data" / "lint_scope"
SCRIPTS = {p.stem: p.read_text() for p in sorted(DATA.glob("*.sh"))}
TARGETS = [c for c in sorted(all_profiles()) if c != "bridges2"]

TEMPLATE = f"""#!/bin/bash
#SBATCH -N 2
set -eo pipefail
node_list=$(scontrol show hostnames "$SLURM_JOB_NODELIST")
first="${{node_list%%$'\\n'*}}"
NRANKS=8
export first NRANKS
# shellcheck disable=SC2016
srun --ntasks="$NRANKS" bash -c 'exec "$@"' rank \\
    python {HOLE}
"""


def _port(user: str, args: str = "train.py", template: str = TEMPLATE) -> str:
    """``template`` with the user's lines before the launch and ``args`` as its program."""
    head, launch = template.split("# shellcheck disable=SC2016\n")
    return head + user + "# shellcheck disable=SC2016\n" + launch.replace(HOLE, args)


def _both(script: str, template: str = TEMPLATE) -> tuple[list[str], list[str] | None, str]:
    """The whole script's findings, the reduced text's mapped back, and the reduced text."""
    reduced = reduce_for_lint(script, template)
    assert reduced is not None
    whole = [str(f) for f in _run_shellcheck(script, "bash")]
    mapped = findings_on_script(_run_shellcheck(reduced.text, "bash"), reduced)
    return whole, None if mapped is None else [str(f) for f in mapped], reduced.text


def _shellcheck_notes(result: PortResult) -> list[str]:
    return [n for n in result.notes if n.startswith("shellcheck")]


def test_batch_findings_are_the_whole_ports_findings(monkeypatch: pytest.MonkeyPatch) -> None:
    reduced: list[int] = []
    real = lint_scope.reduce_for_lint

    def counting(script: str, template: str) -> lint_scope.Reduction | None:
        found = real(script, template)
        reduced.append(0 if found is None else found.text.count("\n"))
        return found

    monkeypatch.setattr(lint_scope, "reduce_for_lint", counting)
    batch = batch_port(SCRIPTS, TARGETS)
    ports = [r for per in batch.results.values() for r in per.values()]
    assert len(ports) >= 40 and len(reduced) == len(ports) and all(reduced)
    # read much less: 706 of 1995 lines (35 %) since the per-rank wrapper sets SLURM_* for the
    # program and a loop keeps the source's `set +e` (660 of 1986, 33 %, before); the speed
    # itself is bench/batch_speed's
    assert sum(reduced) * 5 < sum(r.script.count("\n") for r in ports) * 2
    with_findings = 0
    for result in ports:
        whole = [f"shellcheck: {f}" for f in _run_shellcheck(result.script, "bash")
                 if f.at_least("info")]
        assert _shellcheck_notes(result) == whole, result.cluster
        with_findings += bool(whole)
    assert with_findings >= 10  # not a vacuous comparison


def test_every_template_alone_is_clean_at_every_severity() -> None:
    """What the reduction leaves out is the template's own: no finding of any severity."""
    rendered = []
    for template_id in TEMPLATE_IDS:
        template, profile = case(template_id)
        full = profile.gpu.per_node
        for nodes, per_node, model in [(1, full, "per_rank"), (3, max(1, full // 2), None)]:
            spec = spec_for(template, profile, nodes=nodes, gpus_per_node=per_node,
                            cpus_per_task=8, **({"launch_model": model} if model else {}))
            text = template_alone(spec, template_id)
            assert text is not None and HOLE in text
            rendered.append((template_id, nodes, text))
    with linting_ahead() as ahead:
        for *_, text in rendered:
            shellcheck(text)
        ahead.finish()
        assert [(t, n, shellcheck(text)) for t, n, text in rendered
                if shellcheck(text)] == []


def test_the_templates_set_e_is_kept() -> None:
    whole, mapped, text = _both(_port("cd $SCRATCH/run\n"))
    assert mapped == whole and any("SC2086" in f for f in whole)
    assert not any("SC2164" in f for f in whole)  # set -e: no `cd ... || exit` warning
    assert "set -eo pipefail" in text


def test_variables_shared_with_the_template_are_exported_once() -> None:
    user = "echo \"$node_list\"\nNRANKS=4\nunused=1\n"  # reads the template's, sets one it reads
    whole, mapped, text = _both(_port(user))
    assert mapped == whole and [f for f in whole if "SC2034" in f] == [
        _line_of(_port(user), "unused=1") + ": warning SC2034: unused appears unused. Verify "
        "use (or export if used externally). (shellcheck)"]
    assert "export NRANKS node_list" in text and "NRANKS=8" in text and "scontrol" not in text


def test_a_template_variable_set_to_a_plain_word_is_kept_as_its_line() -> None:
    """The user's ``--ranks $NRANKS`` unquoted (the port writes the words as the user did):
    the template sets NRANKS=8, so shellcheck finds nothing to quote, as in the whole port."""
    whole, mapped, text = _both(_port("", args="train.py --ranks $NRANKS --tag $TAG"))
    assert mapped == whole and [f for f in whole if "SC2086" in f] != []
    assert not any("SC2086" in f and "NRANKS" in f for f in whole)
    assert len([f for f in whole if "SC2086" in f]) == 1 and "NRANKS=8" in text


def test_only_a_loops_own_variable_is_the_templates() -> None:
    loop = 'for host in alpha beta; do echo "$host"; done\n'
    template = TEMPLATE.replace("NRANKS=8\n", "NRANKS=8\n" + loop)
    script = _port("alpha=1\n", template=template)  # unused here, as in the whole port
    whole, mapped, text = _both(script, template)
    assert mapped == whole and any("alpha appears unused" in f for f in whole)
    assert "for host" not in text


def _line_of(script: str, text: str) -> str:
    return f"line {script.split(chr(10)).index(text) + 1}"


@pytest.mark.parametrize("old, new", [
    ("NRANKS", "N"),  # the template's NRANKS=8 is now unused (its readers read N)
    ('first="${node_list', 'first="${nodes'),  # the template's node_list is now unused
])
def test_a_template_line_with_a_finding_here_lints_the_whole_port(old: str, new: str) -> None:
    script = _port("echo hi\n").replace(old, new).replace("N=8", "NRANKS=8")
    assert any("SC2034" in str(f) for f in _run_shellcheck(script, "bash"))
    assert reduce_for_lint(script, TEMPLATE) is None


def test_launch_words_of_the_template_are_left_out_and_lines_map_back() -> None:
    script = _port("", "train.py --out $OUT --glob *.cfg")
    whole, mapped, text = _both(script)
    assert mapped == whole and len(whole) == 2
    assert all(f.startswith(_line_of(script, "    python train.py --out $OUT --glob *.cfg"))
               for f in whole)
    assert "maple-launch train.py --out $OUT --glob *.cfg" in text and "srun" not in text


def test_a_program_inside_the_templates_quotes_is_not_cut_out() -> None:
    template = TEMPLATE.replace(f"    python {HOLE}", f'    bash -c "python {HOLE} $*"')
    script = _port("", "train.py --msg 'a b'", template)
    whole, mapped, text = _both(script, template)
    assert mapped == whole and "maple-launch" not in text and 'bash -c "python' in text


@pytest.mark.parametrize("before, after, runs", [
    ("echo a >> log\n", "echo c >> log\necho d >> log\n", 0),  # x a | DIR | c d: no run of 3
    ("echo a >> log\necho b >> log\n", "", 1),  # the template's x, then a b: one run
])
def test_runs_of_redirects_are_those_of_the_whole_port(before: str, after: str,
                                                        runs: int) -> None:
    template = TEMPLATE.replace("NRANKS=8\n", "NRANKS=8\necho x >> log\nexport DIR=/tmp\n")
    script = template.replace("log\n", "log\n" + before).replace("/tmp\n", "/tmp\n" + after)
    whole, mapped, text = _both(script.replace(HOLE, "train.py"), template)
    assert mapped == whole and len([f for f in whole if "SC2129" in f]) == runs
    assert "echo x >> log" in text and "DIR=/tmp" not in text


def test_a_directive_governs_its_own_command_only() -> None:
    user = "echo start\n# shellcheck disable=SC2086\necho $ONE\necho $TWO\n"
    whole, mapped, _ = _both(_port(user))
    assert mapped == whole and len([f for f in whole if "SC2086" in f]) == 1


@pytest.mark.parametrize("user", ["exit 0\n", "[ -f x ] || exec bash\n"])
def test_an_exit_before_template_lines_lints_the_whole_port(user: str) -> None:
    script = TEMPLATE.replace("pipefail\n", "pipefail\n" + user).replace(HOLE, "train.py")
    unreachable = any("SC2317" in str(f) for f in _run_shellcheck(script, "bash"))
    assert unreachable == user.startswith("exit")  # on the template's lines: not in a reduction
    assert reduce_for_lint(script, TEMPLATE) is None
    assert reduce_for_lint(_port(user), TEMPLATE) is not None  # nothing of it left out after


def test_a_template_with_a_function_lints_the_whole_port() -> None:
    template = TEMPLATE.replace("NRANKS=8\n", "NRANKS=8\nsetup() { :; }\nsetup\n")
    assert reduce_for_lint(_port("echo hi\n", template=template), template) is None


def test_a_reduction_that_does_not_parse_lints_the_whole_port() -> None:
    script = _port("if [ -n \"$X\" ]; then\n  echo yes\n")  # never closed
    whole, mapped, _ = _both(script)
    assert mapped is None and any("error SC10" in f for f in whole)
    ahead = LintAhead()
    try:
        ahead.take(script, TEMPLATE)
        ahead.finish()
        assert ahead.take(script) == _run_shellcheck(script, "bash")
    finally:
        ahead.close()


def test_a_lint_ahead_answers_many_ports_from_one_reduced_text() -> None:
    other = TEMPLATE.replace("NRANKS=8", "NRANKS=16").replace("srun", "mpiexec")
    pairs = [(_port("cd $A\n", "train.py $X"), TEMPLATE),
             (_port("cd $A\n", "train.py $X", other), other)]
    ahead = LintAhead()
    try:
        for script, template in pairs:
            ahead.take(script, template)
        ahead.finish()
        assert len(ahead._index) == 1  # one text linted for both targets
        for script, _ in pairs:
            assert ahead.take(script) == _run_shellcheck(script, "bash") != []
    finally:
        ahead.close()


def test_template_alone_renders_for_the_node_type_in_force() -> None:
    """A render on a cluster's default nodes is not reused for a port on another node type:
    the lint would read the port against the wrong template text."""
    from maple_flow.knowledge.clusters import get_profile, on_node_type

    template_id = next(t for t in TEMPLATE_IDS if case(t)[1].node_types)
    template, profile = case(template_id)
    spec = spec_for(template, profile, nodes=1)
    default = template_alone(spec, template_id)
    seen = {default}
    for node_type in profile.node_types:
        with on_node_type(profile.on_node_type(node_type.id)):
            assert get_profile(profile.id).seen_on == node_type.id
            text = template_alone(spec, template_id)
        assert text is not None and HOLE in text
        seen.add(text)
    assert len(seen) > 1  # some node type renders another header (queue, constraint, GPUs)
    assert template_alone(spec, template_id) == default
