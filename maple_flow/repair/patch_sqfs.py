"""Give squashfs-mount its image behind ``-s`` (issue 17, helper s33r32).

The squashfs-mount tool (CSCS's image mounter) once took the image as its first word
(``squashfs-mount IMAGE:MOUNTPOINT -- CMD``); from version 10 the image is given with
``-s/--sqfs IMAGE:MOUNTPOINT`` and the first word is the command to run, so the old form fails
with ``unable to exec 'IMAGE:MOUNTPOINT'``. The fix writes ``-s`` before each image word of
the old form; a script without one is refused with the reason.
"""

from __future__ import annotations

import re

from maple_flow.repair.text import FixNotApplicable

#: squashfs-mount with an IMAGE:MOUNTPOINT word first, not behind -s/--sqfs.
OLD_FORM = re.compile(r"(\bsquashfs-mount[ \t]+)(?=[^-\s][^\s:]*:/)")


def squashfs_mount_image_flag(text: str) -> str:
    """``text`` with ``-s`` before each image word of the old squashfs-mount form (module
    docstring); FixNotApplicable when the script has none."""
    if OLD_FORM.search(text) is None:
        raise FixNotApplicable("no squashfs-mount line gives its image as the first word")
    return OLD_FORM.sub(r"\1-s ", text)
