"""The batch shell check (one bash reading every port, ``parsing_session``) answers exactly
what ``bash -n`` answers, text by text: verdict and message, line numbers included."""

from __future__ import annotations

import importlib
import shutil
import subprocess

import pytest

shell_check = importlib.import_module("maple_flow.port.shell_check")

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")

TEXTS = [
    "#!/bin/bash\necho hi\n",
    "if true; then\n echo x\n",
    "f() {\n echo\n}\n}\n",
    "function train {\n  python train.py \"$@\"\n}\ntrain\n",
    "cat <<EOF\nabc\n",
    "x=1\ncat <<'EOF' > cfg.yaml\nlr: 1\nEOF\nsrun python t.py\n",
    "echo 'abc\n",
    "case $x in\n a) echo;;\nesac\n",
    "case $x in\n (a) echo;;\n",
    "exit 3\necho never\n",
    "echo $((1+\n",
    "echo ${x\n",
    "echo é\necho 'ü\n",
    "for i in 1 2; do\n  CUDA_VISIBLE_DEVICES=$i python t.py &\ndone\nwait\n",
    "if x; then\n a \\",
    "a\0b\n",
    "",
    "a=(1 2\n",  # ends the subshell that reads it (bash exits on it): the loop answers
    "cat <<'EOF'\nx\n",
    "f() {\n  [[ -n $x ]] && echo \"${x%/*}\"\n}\nf\n",
]


def _bash_n(text: str) -> str:
    proc = subprocess.run([shutil.which("bash") or "bash", "-n"], input=text, text=True,
                          capture_output=True, check=False)
    return shell_check._first_complaint(proc.returncode, proc.stderr)


@pytest.mark.parametrize("text", TEXTS)
def test_session_reads_like_bash_n(text: str) -> None:
    with shell_check.parsing_session():
        assert shell_check._bash_error(text) == _bash_n(text)


def test_session_answers_many_texts_in_turn_and_ends_its_bash() -> None:
    with shell_check.parsing_session():
        reader = shell_check._SESSION
        assert reader is not None
        answers = [shell_check._bash_error(t) for t in TEXTS * 3]
    assert answers == [_bash_n(t) for t in TEXTS * 3]
    assert reader.proc.returncode is not None  # reaped when the session closed
    assert shell_check._SESSION is None


def test_broken_port_named_the_same_in_a_session() -> None:
    source = "f() {\n  echo\n}\nf\n"
    port = "f() {\n  echo\n\nf\n"
    alone = shell_check.broken_shell(source, port)
    with shell_check.parsing_session():
        assert shell_check.broken_shell(source, port) == alone
    assert "does not parse" in alone


def test_each_text_read_after_any_other_reads_as_alone() -> None:
    """One bash reads the texts in turn, not a subshell forked for each: a text read after
    another (one it complained about, one that ended its subshell) is read as alone."""
    texts = [*TEXTS, "if [[ -n $x ]]; then\n  echo y\nfi\n"]
    alone = {t: _bash_n(t) for t in texts}
    with shell_check.parsing_session():
        for before in [*TEXTS, "echo a\n[[ -n x\n"]:  # the last leaves bash in a [[ ]]
            for text in texts:
                shell_check._bash_error(before)
                assert shell_check._bash_error(text) == alone[text], (before, text)


def test_an_unclosed_test_is_read_as_the_forked_reader_read_it() -> None:
    """``bash -n`` exits 0 on a ``[[`` left open (it says the error, but passes): the session,
    like session s25's reader (a subshell forked a text), says the error."""
    text = "#!/bin/bash\n [[ -n x\necho b\n"
    with shell_check.parsing_session():
        assert shell_check._bash_error(text).endswith(
            "line 2: syntax error in conditional expression")
