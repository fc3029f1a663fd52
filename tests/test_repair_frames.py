"""s30review: one reader of Python's frame lines for the repair readers
(maple_flow/repair/frames.py): a traceback's frame with the statement under it, faulthandler's
dump, an excerpt's cut frame, a double-spaced paste, a frame line mixed with other output."""
from __future__ import annotations

from maple_flow.repair.frames import (
    frame_line,
    read_frames,
    traceback_frames,
    traceback_paths,
    traceback_start,
)

TRACEBACK = '''noise before
Traceback (most recent call last):
  File "train.py", line 12, in <module>
    main()
  File "/opt/conda/lib/python3.10/site-packages/lib/core.py", line 88, in fit
    images, labels = batch
ValueError: too many values to unpack (expected 2)
'''


def test_traceback_frame_with_its_statement() -> None:
    frames = read_frames(TRACEBACK)
    assert [(f.path, f.line, f.function) for f in frames] == [
        ("train.py", 12, "<module>"),
        ("/opt/conda/lib/python3.10/site-packages/lib/core.py", 88, "fit")]
    first = frames[0]
    assert (first.source.strip(), first.spaced, first.whole) == ("main()", False, True)
    assert not (first.cut or first.faulthandler)
    assert first.text == 'File "train.py", line 12, in <module>'
    assert TRACEBACK[first.start:first.end].strip() == first.text
    assert frames[1].source.strip() == "images, labels = batch"


def test_traceback_range_starts_at_the_last_head_before_the_exception() -> None:
    at = TRACEBACK.index("ValueError")
    assert traceback_start(TRACEBACK, at) == TRACEBACK.index("Traceback")
    assert traceback_start("no head here", 5) == 0
    earlier = 'Traceback (most recent call last):\n  File "old.py", line 1, in f\n    x\n'
    text = earlier + TRACEBACK
    assert traceback_frames(text, text.index("ValueError"))[0].path == "train.py"
    assert traceback_paths(text, text.index("ValueError"))[0] == "train.py"


def test_double_spaced_statement_is_read_past_one_blank_line() -> None:
    text = '  File "a.py", line 3, in f\n\n    x = y[0]\n\nIndexError: list index out of range\n'
    frame = read_frames(text)[0]
    assert (frame.source.strip(), frame.spaced) == ("x = y[0]", True)


def test_no_statement_when_the_next_line_is_a_frame_or_the_range_ends() -> None:
    text = '  File "a.py", line 3, in f\n  File "b.py", line 4, in g\n    g()\n'
    frames = read_frames(text)
    assert frames[0].source == "" and frames[1].source.strip() == "g()"
    assert read_frames(text, 0, text.index("    g()") + 3)[1].source == ""  # no newline in range


def test_frame_line_mixed_with_other_output_is_not_whole() -> None:
    frame = read_frames('  File "a.py", line 3, in f [rank 1]\n    x()\n')[0]
    assert frame.path == "a.py" and not frame.whole and frame.source == ""
    assert read_frames('  File "a.py", line 3, in f  \n    x()\n')[0].whole  # trailing blanks


def test_faulthandler_frame() -> None:
    text = ('Current thread 0x00007f (most recent call first):\n'
            '  File "/usr/lib/python3.10/site-packages/torch/nn/functional.py", line 2 in conv\n'
            '  File "train.py", line 40 in <module>\n')
    frames = read_frames(text)
    assert [(f.path, f.faulthandler) for f in frames] == [
        ("/usr/lib/python3.10/site-packages/torch/nn/functional.py", True), ("train.py", True)]
    assert traceback_paths(text, len(text)) == []  # not a traceback's own frames


def test_cut_frame_of_an_excerpt() -> None:
    text = 'ages/transformers/utils/import_utils.py", line 1002, in _get_module\n    raise e\n'
    frame = read_frames(text)[0]
    assert (frame.path, frame.cut, frame.function) == (
        "ages/transformers/utils/import_utils.py", True, "_get_module")
    assert traceback_paths(text, len(text)) == []  # read only where the caller asks
    assert read_frames('  "x.py", line 3, in f\n') == []  # no path before the quote


def test_a_path_never_spans_a_line_and_non_frames_are_not_read() -> None:
    assert read_frames('  File "a\nb.py", line 3, in f\n')[0].cut  # only the second line
    assert read_frames('[rank0]:   File "a.py", line 3, in f\n') == []
    assert read_frames('File "a.py", line x, in f\n') == []


def test_frame_line_reads_one_line() -> None:
    frame = frame_line('    File "a.py", line 3, in f')
    assert frame is not None and (frame.path, frame.whole, frame.source) == ("a.py", False, "")
    assert frame_line("Traceback (most recent call last):") is None
