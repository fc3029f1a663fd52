"""Missing shared libraries that a module or a software environment provides (s37notprec).

The loader's "cannot open shared object file" for an operating-system library (libGL,
libicu, libssl) is the node's or the image's to fix (``system-library-missing``). A library of
Intel oneAPI (oneMKL, the SYCL and compiler runtimes, OpenMP) or of an MPI comes with a module,
``setvars.sh`` or the user's environment, never with the node's OS on an HPC site: the job's
environment is in play, so a record found only by similarity must not say "not the script"
for it (the job script's module loads or library path may be the cure).

Sources: Intel oneAPI programming guide, "Use the setvars and oneapi-vars scripts with Linux"
(the oneAPI runtime libraries are found once setvars.sh or the modulefiles set the library
path); Intel Extension for PyTorch known issues (docs/tutorials/known_issues.md at 15495147697e,
libmkl_intel_lp64.so.2 not found - preload oneMKL); Amber-MD/cpptraj#764 (libmpicxx.so.12 not
found - put the MPI's lib directory on LD_LIBRARY_PATH in the job script).
"""

from __future__ import annotations

import re

#: A missing library of oneAPI (oneMKL, SYCL, the compiler and OpenMP runtimes, oneCCL) or of
#: an MPI (MPICH, Open MPI, Intel MPI, Cray MPICH sonames), as the loader reports it.
MODULE_LIBRARY = re.compile(
    r"\blib(?:mkl_[a-z0-9_]+|sycl|imf|svml|irng|intlc|iomp5|ccl|mpi(?:cxx|fort|_cxx|_mpifh"
    r"|_gnu_\d+|_cray|_intel)?|open-(?:pal|rte)|pmpi)\.so(?:\.\d+)*: cannot open shared "
    r"object file")


def module_library_missing(text: str) -> bool:
    """Whether ``text`` reports a missing library that a module or environment provides."""
    return bool(MODULE_LIBRARY.search(text))
