"""A container runtime on the launch line given the GPU flag it needs to see the node's GPUs.

``apptainer exec``/``singularity run`` without ``--nv`` (or ``--nvccli``) bind no NVIDIA
driver into the container: the program inside finds no CUDA device although the job has
GPUs. The flag goes right after the runtime's verb, the rest of the line kept.
"""

from __future__ import annotations

import os

from maple_flow.repair.layout import find_launch
from maple_flow.repair.text import FixNotApplicable, replace

#: Runtimes that take ``--nv`` and the verbs that start a container.
NV_RUNTIMES = frozenset({"apptainer", "singularity"})
NV_VERBS = frozenset({"exec", "run", "shell"})
#: Flags that already bind the NVIDIA driver into the container.
NV_FLAGS = frozenset({"--nv", "--nvccli"})


def container_gpu_flag(text: str) -> str:
    """``text`` with ``--nv`` after the verb of each ``apptainer``/``singularity`` command
    of the launch line that lacks it; FixNotApplicable when the line runs none."""
    launch = find_launch(text)
    words = launch.words
    verbs = [words[i + 1] for i in range(len(words) - 1)
             if os.path.basename(words[i].value) in NV_RUNTIMES
             and words[i + 1].value in NV_VERBS]
    if not verbs:
        raise FixNotApplicable("the launch line runs no apptainer/singularity exec, run or "
                               "shell: no container to give --nv")
    if any(w.value in NV_FLAGS for w in words):
        return text
    for verb in reversed(verbs):  # from the end: earlier spans stay valid
        text = replace(text, verb.end, verb.end, " --nv")
    return text
