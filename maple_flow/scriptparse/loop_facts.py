"""What a script's loops do around one of its commands, as a refusal names it: the loops still
open at the command (also inside a function's body: ``run () { for ...; do for ...; do jsrun
... & done; done; }``), the function it sits in and the lines that call it, and whether it runs
in the background with no ``wait`` after it (the job ends when its script does, stopping the
runs still going). Read from the script's blocks, never guessed."""

from __future__ import annotations

import re

from maple_flow.scriptparse.shell import Block, ShellCommand, bare_line, one_line

#: A loop's header at the start of a line (``for split in ...; do``, ``while read x``).
_LOOP_OPEN = re.compile(r"^\s*(?:for|while|until|select)\b")
#: A loop's ``done`` closing it (``done``, ``done < file``, ``; done``).
_LOOP_CLOSE = re.compile(r"(?:^|[;&|]\s*)done\b")
#: A function definition's first line: ``name () {``, ``function name {``.
_FUNCTION = re.compile(r"^\s*(?:function\s+([\w.:@+-]+)|([\w.:@+-]+)\s*\(\s*\))")


def open_loops(block: Block, line: int) -> list[tuple[int, str]]:
    """The loop headers of ``block`` still open at script line ``line`` (outermost first),
    each with its line number; ``[]`` where the line is in no loop of the block."""
    stack: list[tuple[int, str]] = []
    for number, text in enumerate(block.text.split("\n"), start=block.line):
        if number >= line:
            break
        bare = bare_line(text)
        if _LOOP_OPEN.match(bare):
            stack.append((number, text.strip()))
        for _ in _LOOP_CLOSE.findall(bare):
            if stack:
                stack.pop()
    return stack


def function_of(block: Block, blocks: list[Block]) -> tuple[str, list[int]] | None:
    """The function ``block`` defines and the lines that call it, or None when the block is
    no function definition."""
    match = _FUNCTION.match(bare_line(block.text.split("\n", 1)[0]))
    if not match:
        return None
    name = match.group(1) or match.group(2)
    calls = [c.line for b in blocks if b is not block for c in b.commands
             if c.words and c.words[0] == name]
    return name, calls


def in_background(cmd: ShellCommand) -> bool:
    """Whether ``cmd`` ends with a lone ``&`` (runs in the background)."""
    bare = bare_line(cmd.text.split("\n")[-1]).rstrip()
    return bare.endswith("&") and not bare.endswith(("&&", ">&", "|&"))


def waited(blocks: list[Block], line: int) -> bool:
    """Whether a ``wait`` runs on a line after ``line`` (anywhere in the script)."""
    return any(c.words and c.words[0] == "wait" and c.line > line
               for b in blocks for c in b.commands)


def loop_launch_said(block: Block, cmd: ShellCommand, blocks: list[Block], word: str) -> str:
    """What the script does where ``cmd`` (starting ``word``) runs inside loops of ``block``:
    the line, its loops, the function they sit in and its callers, and a background run with
    no ``wait`` after it; ``""`` where no loop of the block is open at ``cmd``."""
    heads = open_loops(block, cmd.line)
    if not heads:
        return ""
    loops = " and ".join(f"`{one_line(h, 60)}` (line {n})" for n, h in heads[:2])
    said = (f"line {cmd.line} `{one_line(cmd.text, 80)}` runs inside the loop"
            f"{'s' if len(heads) > 1 else ''} {loops}")
    func = function_of(block, blocks)
    if func:
        called = ", ".join(str(n) for n in func[1][:3]) or "no line"
        said += f" of the function {func[0]} (line {block.line}; called on line {called})"
    said += f", on no named host: it starts {word} once per pass of the loop, not once per node"
    if word.endswith(".sh"):
        said += f" ({word}, your script, holds the program: the port does not read it)"
    return said + unwaited_said(cmd, blocks)


#: The words that say a launch runs in the background with no ``wait`` after it.
UNWAITED = "no `wait` follows"
#: The words that say a loop's launch runs in the background.
BACKGROUND = "in the background (`&`)"


def unwaited_said(cmd: ShellCommand, blocks: list[Block]) -> str:
    """The clause for a loop's launch ``cmd`` run in the background, saying whether a ``wait``
    follows it (``""`` for a launch in the foreground)."""
    if not in_background(cmd):
        return ""
    if waited(blocks, cmd.line):
        return f"; each pass starts it {BACKGROUND}, side by side with the others"
    return (f"; each pass starts it {BACKGROUND} and {UNWAITED}, so the job ends "
            "when the script does, stopping the runs still going (on the source too)")


__all__ = ["BACKGROUND", "UNWAITED", "function_of", "in_background", "loop_launch_said",
           "open_loops", "unwaited_said", "waited"]
