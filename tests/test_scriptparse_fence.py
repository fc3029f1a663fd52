"""Job scripts kept in a Markdown code fence (bench/unseen29 ucf-markdown-fenced-2node-srun,
bench/s28port_probe): refused, naming the fence lines, instead of misread as a script with no
directives. Every fixture is our own script shape."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse.fence import fence_lines, fence_reason

BODY = ("#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=2\n#SBATCH --gres=gpu:2\n"
        "#SBATCH -t 04:00:00\n\nsource venv/bin/activate\nsrun python train.py --epochs 5\n")


def _refusal(script: str) -> str:
    with pytest.raises(ParseError) as err:
        port(script, "polaris")
    return str(err.value)


@pytest.mark.parametrize("fence", ["```", "```bash", "``` sh", "~~~", "```{bash}"])
def test_a_fenced_script_is_refused_naming_the_fence_and_the_unread_directives(
        fence: str) -> None:
    reason = _refusal(f"{fence}\n{BODY}```\n")
    assert "Markdown code fence" in reason and f"line 1 ({fence.strip()})" in reason
    assert "line 9 (```)" in reason  # the closing fence is named too
    assert "lines 3-5 below the fence are not read" in reason
    assert "the shebang is line 2" in reason and "Remove the fence lines" in reason
    assert "no scheduler directive" not in reason


def test_a_fence_with_no_closing_line_and_no_trailing_newline_is_named() -> None:
    reason = _refusal("```\n" + BODY.rstrip("\n"))
    assert "line 1 (```)" in reason and "line 9" not in reason


def test_a_fence_written_by_a_heredoc_is_text_not_a_fence() -> None:
    script = BODY + "cat > notes.md <<'EOF'\n```bash\nsrun python train.py\n```\nEOF\n"
    assert fence_lines(script) == [] and fence_reason(script) == ""
    r = port(script, "polaris")["polaris"]
    assert r.status != "refused" or "Markdown" not in " ".join(r.notes)


def test_backquotes_in_a_command_are_not_a_fence() -> None:
    script = BODY + "echo ```date``` > stamp.txt\nV=`hostname`\n"
    assert fence_lines(script) == []
