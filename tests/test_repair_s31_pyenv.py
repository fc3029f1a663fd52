"""An extension built in the job whose compilers are killed for memory (issue 17, s31-pyenv,
templates/failures/s31_pyenv.yaml): with the kill in the log beside a ninja / extension build
(or nvcc's own front ends killed), and no bound of the job's own, the fix bounds the build's
parallelism with ``export MAX_JOBS``; a real compile error, a bare "Ninja build failed", one
killed cicc alone, or a job that already bounds its build get no such fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
RECORD = "jit-build-compilers-oom-killed-unbounded"

KILLED = [
    "[9/16] c++ -MMD -MF texture.o.d -DTORCH_EXTENSION_NAME=plugin -c texture.cpp -o texture.o\n"
    "c++: fatal error: Killed signal terminated program cc1plus\ncompilation terminated.\n"
    "ninja: build stopped: subcommand failed.\n",
    "Killed\n    raise RuntimeError(message) from e\n"
    "  RuntimeError: Error compiling objects for extension\n",
    "nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n"
    "nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n",
]


def _ids(result: dict[str, object]) -> list[str]:
    diagnoses = result["diagnoses"]
    assert isinstance(diagnoses, list)
    return [d["record_id"] for d in diagnoses if d.get("method") == "signature"]


@pytest.mark.parametrize("log", KILLED)
def test_killed_extension_build_bounds_max_jobs(log: str) -> None:
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    assert "+export MAX_JOBS=4" in _diff(result)


@pytest.mark.parametrize("log", [
    "../../src/neural/encoder.cc:116:14: error: 'X' is not a member of 'Y'\n"
    "ninja: build stopped: subcommand failed.\n",
    "subcommand failed\nNinja build failed\n",
    "nvcc error   : 'cicc' died due to signal 9 (Kill signal)\n",
    "Building extension module fused_adam...\nAllowing ninja to set a default number of "
    "workers... (overridable by setting the environment variable MAX_JOBS=N)\n"
    "RuntimeError: Error building extension 'fused_adam'\n",
])
def test_no_kill_evidence_no_max_jobs(log: str) -> None:
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    assert RECORD not in _ids(result)
    assert "MAX_JOBS" not in _diff(result)


@pytest.mark.parametrize("bound", ["export MAX_JOBS=32\n", "make -j 64 -C ext\n",
                                   "cmake --build build -j\n", "make -C ext\n"])
def test_a_job_that_bounds_its_build_is_left_alone(bound: str) -> None:
    script = SRUN_PY.replace("srun python", bound + "srun python")
    result = diagnose_log(script, KILLED[0], "delta", None, False)
    assert RECORD not in _ids(result)
