"""The module-system message catalogue of helper s35lmod as run.py cases (catalogue_cases.yaml).

Each message is one a job script can meet when it loads modules, read from the module systems'
own message tables:
  Lmod     TACC/Lmod@d4d27f9c0cfb22bead991304afcc47e4bb6b950d messageDir/en.lua (e_*, m_*, w_*;
           printed after "Lmod has detected the following error: " by LmodError, src/utils.lua);
  Modules  cea-hpc/modules@c5428c498a6a46f2393fafb09ea0f38b4c822ee9 tcl/report.tcl.in
           (getErrConflictMsg, getErrPrereqMsg, getErrReqLoMsg, getForbiddenMsg; printed as
           "Loading MOD" then "  ERROR: ..." / "    HINT: ..."), tcl/modfind.tcl.in:1266
           ("Unable to locate a modulefile for"), and the Modules 3 texts of
           doc/example/compiler-etc-dependencies/example-sessions/flavours/modules3/*.out.
Printed into base scripts that load the modules the message names (Delta, Perlmutter), and
labelled by class: SCRIPT (fix regex, or ask where only the user knows the value) or NOT
(the site's module tree or access rules; the script cannot change it).
Run: python bench/s35lmod_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s35lmod_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
LM = "TACC/Lmod@d4d27f9c messageDir/en.lua "
EM = "cea-hpc/modules@c5428c49 tcl/report.tcl.in "
EM3 = "cea-hpc/modules@c5428c49 doc/example/compiler-etc-dependencies/example-sessions/flavours/modules3/ "
HEAD = "Lmod has detected the following error:  "
ANCHOR = "export MASTER_ADDR=$(scontrol show hostnames"
PM_ANCHOR = "module load pytorch/2.3.1"


def loads(*mods: str) -> dict:
    """Replace edits putting `module load` lines before the Delta script's first export."""
    lines = "".join(f"{m}\n" if m.startswith("module ") else f"module load {m}\n" for m in mods)
    return {"replace": [[ANCHOR, lines + ANCHOR]]}


DELTA = {"cluster": "delta", "script": "srun_torchrun.sh"}
PM = {"cluster": "perlmutter", "script": "perlmutter_srun_gpu.sh"}
SCRIPT, NOT = "SCRIPT", "NOT"
UNKNOWN_TAIL = ('\n\nPlease check the spelling or version number. Also try "module spider ..."\n'
                "It is also possible your cache file is out-of-date; it may help to try:\n"
                "  $   module --ignore_cache load {m}\n\n"
                "Also make sure that all modulefiles written in TCL start with the string #%Module\n")

# (id, class, log, source, base, edits, expect: fix regex / 'ask' / None)
ENTRIES: list[tuple[str, str, str, str, dict, dict, str | None]] = [
    # ---- Lmod errors ----
    ("lm-unknown-site-cuda", SCRIPT,
     HEAD + 'The following module(s) are unknown: "cuda/11.7"' + UNKNOWN_TAIL.format(m='"cuda/11.7"'),
     LM + "e_Failed_Load", DELTA, loads("cuda/11.7"), r"(?m)^\+module load cuda\b"),
    ("lm-unknown-app-version", SCRIPT,
     HEAD + 'The following module(s) are unknown: "gromacs/2023.1"' + UNKNOWN_TAIL.format(m='"gromacs/2023.1"'),
     LM + "e_Failed_Load", DELTA, loads("gromacs/2023.1"), "ask"),
    ("lm-unknown-pm-cudatoolkit", SCRIPT,
     HEAD + 'The following module(s) are unknown: "cudatoolkit/11.7"' + UNKNOWN_TAIL.format(m='"cudatoolkit/11.7"'),
     LM + "e_Failed_Load", PM, {"replace": [[PM_ANCHOR, "module load cudatoolkit/11.7\n" + PM_ANCHOR]]},
     r"(?m)^\+module load cudatoolkit/12"),
    ("lm-exists-try-spider", SCRIPT,
     HEAD + 'These module(s) or extension(s) exist but cannot be loaded as requested: "hdf5/1.14.3"\n'
     '   Try: "module spider hdf5/1.14.3" to see how to load the module(s).\n',
     LM + "e_Failed_Load_2", DELTA, loads("hdf5/1.14.3"), "ask"),
    ("lm-exists-options", SCRIPT,
     HEAD + 'These module(s) or extension(s) exist but cannot be loaded as requested: "hdf5/1.14.3"\n'
     '   Try: "module spider hdf5/1.14.3" to see how to load the module(s).\n'
     '   Or load any one of these options:\n      module load gcc/11.4.0 openmpi/4.1.6 hdf5/1.14.3\n',
     LM + "e_Failed_Load_2 (suggest_cmd)", DELTA, loads("hdf5/1.14.3"),
     r"(?m)^\+module load gcc/11\.4\.0"),
    ("lm-prereq", SCRIPT,
     HEAD + 'Cannot load module "py-torch/2.3.1" without these module(s) loaded:\n   cuda/12.4\n',
     LM + "e_Prereq", DELTA, loads("py-torch/2.3.1"), r"(?m)^\+module load cuda/12\.4"),
    ("lm-prereq-any", SCRIPT,
     HEAD + 'Cannot load module "hdf5/1.14.3". At least one of these module(s) must be loaded:\n   gcc/11.4.0 intel/2023.2\n',
     LM + "e_Prereq_Any", DELTA, loads("hdf5/1.14.3"), "ask"),
    ("lm-conflict", SCRIPT,
     HEAD + 'Cannot load module "cuda/12.4" because these module(s) are loaded:\n   cudatoolkit/11.7\n',
     LM + "e_Conflict", DELTA, loads("cudatoolkit/11.7", "cuda/12.4"), r"(?m)^-module load cudatoolkit/11\.7"),
    ("lm-conflict-downstream", SCRIPT,
     HEAD + 'Cannot load module "openmpi/4.1.6" because this module set a conflict: "mpich/4.1.2"\n',
     LM + "e_Conflict_Downstream", DELTA, loads("mpich/4.1.2", "openmpi/4.1.6"), r"(?m)^-module load mpich/4\.1\.2$(?![\s\S]*^\+module load Module$)"),
    ("lm-family-conflict", SCRIPT,
     HEAD + "You can only have one compiler module loaded at a time.\nYou already have intel/2023.2 loaded.\n"
     "To correct the situation, please execute the following command:\n\n  $  module swap intel/2023.2 gcc/11.4.0\n\n"
     "Please submit a consulting ticket if you require additional assistance.\n",
     LM + "e_Family_Conflict", DELTA, loads("intel/2023.2", "gcc/11.4.0"), r"(?m)^-module load intel/2023\.2"),
    ("lm-no-autoswap", SCRIPT,
     HEAD + 'Your site prevents the automatic swapping of modules with same name. You must explicitly unload the loaded version of "cuda/11.8" before you can load the new one. Use swap to do this:\n\n'
     "   $ module swap cuda/11.8 cuda/12.4\n\nAlternatively, you can set the environment variable LMOD_DISABLE_NAME_AUTOSWAP to \"no\" to re-enable same name autoswapping.\n",
     LM + "e_No_AutoSwap", DELTA, loads("cuda/11.8", "cuda/12.4"), r"(?m)^-module load cuda/11\.8"),
    ("lm-require-fullname", SCRIPT,
     HEAD + 'Module "cuda" must be loaded with the version specified, e.g. "module load cuda/12.4". Use\n\n   $ module spider cuda\n\nfor available versions.',
     LM + "e_RequireFullName", DELTA, loads("cuda"), r"(?m)^\+module load cuda/12\.4"),
    ("lm-swap-failed", SCRIPT,
     HEAD + 'Swap failed: "intel" is not loaded.\n',
     LM + "e_Swap_Failed", DELTA, loads("module swap intel gcc/11.4.0"), r"(?m)^\+module load gcc/11\.4\.0"),
    ("lm-avail-no-modulepath", SCRIPT,
     HEAD + "module load is not possible. MODULEPATH is not set or not set with valid paths.\n",
     LM + "e_Avail_No_MPATH", DELTA, loads("cuda"), r"(?m)^\+#!/bin/bash -l"),
    ("lm-undef-modulepath", SCRIPT, "Lmod Warning:  MODULEPATH is undefined.\n",
     LM + "w_Undef_MPATH", DELTA, loads("cuda"), r"(?m)^\+#!/bin/bash -l"),
    ("lm-module-cmd-not-found", SCRIPT,
     "/var/spool/slurmd/job4012345/slurm_script: line 9: module: command not found\n",
     "TACC/Lmod#663 (no Lmod in a non-login batch shell)", DELTA, loads("cuda"), r"(?m)^\+#!/bin/bash -l"),
    ("lm-forbidden", NOT, HEAD + "Access to vasp/6.4.2 is denied\n",
     LM + "e_Forbidden", DELTA, loads("vasp/6.4.2"), None),
    ("lm-forbidden-msg", NOT,
     HEAD + "Access to matlab/R2023b is denied\nPlease join the matlab group: contact help@example.edu\n",
     LM + "e_Forbidden_w_msg", DELTA, loads("matlab/R2023b"), None),
    ("lm-load-storm", NOT,
     HEAD + 'A load storm (possibly an infinite loop) detected for module: "cuda/12.4" file: "/sw/modulefiles/cuda/12.4.lua". It was loaded more than 500 times.\n',
     LM + "e_Inf_Loop", DELTA, loads("cuda/12.4"), None),
    ("lm-load-any-site", NOT,
     HEAD + "The load_any function failed because it could not find any of the following modules : nccl/2.19 nccl/2.18\n\n"
     'Please check the spelling or version number. Also try "module spider ..."\n',
     LM + "e_Failed_Load_any", DELTA, loads("nccl"), None),
    ("lm-infoswap-then-oom", NOT,
     '\nLmod is automatically replacing "gcc/11.4.0" with "nvhpc/23.9".\n\n\nDue to MODULEPATH changes, the following have been reloaded:\n  1) openmpi/4.1.6\n\n'
     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 39.39 GiB of which 12.94 MiB is free.\n",
     LM + "m_Family_Swap, m_Reload_Modules (look-alike: informational lines before a program error)", DELTA,
     loads("gcc/11.4.0", "nvhpc/23.9"), None),
    ("lm-sticky-then-illegal-access", NOT,
     'The following modules were not unloaded:\n  (Use "module --force purge" to unload all):\n\n  1) xalt/3.0\n'
     "RuntimeError: CUDA error: an illegal memory access was encountered\n",
     LM + "m_Sticky_Mods (look-alike: informational line before a program error)", DELTA,
     loads("module purge", "cuda"), None),
    # ---- Environment Modules 4/5 (Tcl) ----
    ("em-unable-locate", SCRIPT,
     "Loading cuda/11.7\n  ERROR: Unable to locate a modulefile for 'cuda/11.7'\n",
     "cea-hpc/modules@c5428c49 tcl/modfind.tcl.in:1266", DELTA, loads("cuda/11.7"), r"(?m)^\+module load cuda\b"),
    ("em-conflict", SCRIPT,
     'Loading openmpi/4.1.6\n  ERROR: Module cannot be loaded due to a conflict.\n    HINT: Might try "module unload mpich/4.1.2" first.\n',
     EM + "getErrConflictMsg", DELTA, loads("mpich/4.1.2", "openmpi/4.1.6"), r"(?m)^-module load mpich/4\.1\.2$(?![\s\S]*^\+module load Module$)"),
    ("em-missing-prereq", SCRIPT,
     "Loading hdf5/1.14.3\n  ERROR: Module cannot be loaded due to missing prereq.\n    HINT: the following module must be loaded first: gcc/11.4.0\n",
     EM + "getErrPrereqMsg", DELTA, loads("hdf5/1.14.3"), r"(?m)^\+module load gcc/11\.4\.0"),
    ("em-missing-prereq-any", SCRIPT,
     "Loading hdf5/1.14.3\n  ERROR: Module cannot be loaded due to missing prereq.\n    HINT: at least one of the following modules must be loaded first: gcc intel\n",
     EM + "getErrPrereqMsg", DELTA, loads("hdf5/1.14.3"), "ask"),
    ("em-requirement-failed", NOT,
     "Loading py-torch/2.3.1\n  ERROR: Unable to locate a modulefile for 'cuda/12.9'\n  ERROR: Load of requirement cuda/12.9 failed\n",
     EM + "getErrReqLoMsg", DELTA, loads("py-torch/2.3.1"), None),
    ("em-forbidden", NOT, "Loading vasp/6.4.2\n  ERROR: Access to module vasp/6.4.2 is denied\n",
     EM + "getForbiddenMsg", DELTA, loads("vasp/6.4.2"), None),
    # ---- Environment Modules 3 (C modulecmd) ----
    ("em3-conflict", SCRIPT,
     "openmpi/4.1.6(28):ERROR:150: Module 'openmpi/4.1.6' conflicts with the currently loaded module(s) 'mpich/4.1.2'\n"
     "openmpi/4.1.6(28):ERROR:102: Tcl command execution failed: conflict mpi\n",
     EM3 + "(Modules 3 ERROR:150)", DELTA, loads("mpich/4.1.2", "openmpi/4.1.6"), r"(?m)^-module load mpich/4\.1\.2$(?![\s\S]*^\+module load Module$)"),
    ("em3-depends", SCRIPT,
     "hdf5/1.14.3(24):ERROR:151: Module 'hdf5/1.14.3' depends on one of the module(s) 'gcc/11.4.0'\n"
     "hdf5/1.14.3(24):ERROR:102: Tcl command execution failed: prereq gcc/11.4.0\n",
     EM3 + "bar-defaults.out (ERROR:151)", DELTA, loads("hdf5/1.14.3"), r"(?m)^\+module load gcc/11\.4\.0"),
    ("em3-depends-any", SCRIPT,
     "bar/5.4(24):ERROR:151: Module 'bar/5.4' depends on one of the module(s) 'gnu intel pgi'\n"
     "bar/5.4(24):ERROR:102: Tcl command execution failed: prereq gnu intel pgi\n",
     EM3 + "bar-defaults.out", DELTA, loads("bar/5.4"), "ask"),
]


def case(entry: tuple) -> dict:
    cid, cls, log, source, base, edits, expect = entry
    out: dict = {"id": cid, "split": "tune", "kind": "script" if cls == SCRIPT else "not_script",
                 "source": source, "what": cls, **base, **edits, "log": log}
    if cls != SCRIPT:
        out["expect"] = {}
    elif expect == "ask":
        out["expect"] = {"families": ["modules", "environment"], "ask": True}
    else:
        out["expect"] = {"families": ["modules", "environment"], "fix": expect}
    return out


def main() -> None:
    head = "# Generated by make_catalogue.py (edit there).\n"
    body = yaml.safe_dump({"schema": 1, "cases": [case(e) for e in ENTRIES]}, sort_keys=False,
                          allow_unicode=True, width=100)
    (HERE / "catalogue_cases.yaml").write_text(head + body, encoding="utf-8")
    print(len(ENTRIES), "messages")


if __name__ == "__main__":
    main()
