"""Port bugs the twin found (bench/realport --verify): our own fixtures of each pattern.

- a source ``--cpus-per-task`` that the target's node cannot hold for its ranks (Slurm:
  "CPU count per node can not be satisfied");
- a kept step that assigns a variable the target's script sets (``let NRANKS=...``), which
  changed the number of ranks the launch started ("ranks 2-3 missing").
"""

from __future__ import annotations

from maple_flow import port
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.fit import fit_cpus_per_task, script_var_setters
from maple_flow.scriptparse.steps import Step

PERLMUTTER = """#!/bin/bash
#SBATCH -A m1234 -C gpu -q regular -t 00:10:00
#SBATCH --nodes=2 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-task=32
srun python train.py
"""
PBS_NRANKS = """#!/bin/bash -l
#PBS -A datascience
#PBS -l select=2
#PBS -l walltime=00:30:00
#PBS -q debug
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=2
let NRANKS=${NNODES}*${NRANKS_PER_NODE}
echo "ranks: $NRANKS"
mpiexec -n ${NRANKS} -ppn ${NRANKS_PER_NODE} python train.py
"""


def test_cpus_per_task_is_fitted_to_the_target_node() -> None:
    delta = get_profile("delta")  # 64 CPUs, 4 GPUs per node
    assert fit_cpus_per_task(16, delta, 4) == (16, [])
    assert fit_cpus_per_task(None, delta, 4) == (None, [])
    cpus, notes = fit_cpus_per_task(32, delta, 4)
    assert cpus == 16 and "32 x 4 task(s) per node" in notes[0] and "64 CPUs" in notes[0]
    assert fit_cpus_per_task(32, delta, 1) == (32, [])  # one launcher task per node


def test_ported_cpus_per_task_fits_every_target_node() -> None:
    for target in ("delta", "stampede3", "bridges2", "perlmutter"):
        r = port(PERLMUTTER, target)[target]
        profile = get_profile(target)
        node = profile.node.cpus_per_node * profile.node.threads_per_core
        assert r.spec.cpus_per_task is not None
        assert r.spec.cpus_per_task * r.spec.gpus_per_node <= node, (target, r.spec)
        assert f"--cpus-per-task={r.spec.cpus_per_task}" in r.script.replace(" ", "=")
    assert port(PERLMUTTER, "perlmutter")["perlmutter"].spec.cpus_per_task == 32
    delta = port(PERLMUTTER, "delta")["delta"]
    assert delta.spec.cpus_per_task == 16 and any("64 CPUs" in n for n in delta.notes)


def test_steps_assigning_the_target_scripts_variables_are_not_kept() -> None:
    steps = [Step(1, "let NRANKS=${NNODES}*2", True), Step(2, "echo $NRANKS", True),
             Step(3, "NNODES=4", None, name="NNODES"),
             Step(4, "MY_NRANKS=3", None, name="MY_NRANKS"),
             Step(5, "export MASTER_PORT=1234", True, name="MASTER_PORT", export=True)]
    kept, notes = script_var_setters(steps)
    assert [s.line for s in kept] == [2, 4, 5]
    assert "sets $NRANKS" in notes[0] and "sets $NNODES" in notes[1]


def test_a_kept_let_nranks_does_not_change_the_ported_launch() -> None:
    for target in ("polaris", "deltaai"):
        r = port(PBS_NRANKS, target, ranks=4)[target]
        assert "let NRANKS" not in r.script, target
        assert any("sets $NRANKS" in n for n in r.notes), r.notes
        assert 'echo "ranks: $NRANKS"' in r.script  # the user's other steps stay


NO_ERREXIT = """#!/bin/bash
#SBATCH -A m1234 -C gpu -q regular -t 00:10:00
#SBATCH --nodes=1 --ntasks-per-node=4 --gpus-per-node=4
echo "== CCL variables =="
printenv | grep "CCL"
srun python train.py
"""


def _steps_block(script: str) -> str:
    block = script.split("# The job's own set-up steps, as given.\n", 1)[1]
    return block.split("\n\n", 1)[0]


def test_steps_of_a_source_without_set_e_do_not_end_the_job_on_the_target() -> None:
    import subprocess

    r = port(NO_ERREXIT, "stampede3")["stampede3"]
    assert r.spec.setup_errexit is False and any("without `set -e`" in n for n in r.notes)
    block = _steps_block(r.script)
    assert block.startswith("set +eo pipefail") and block.endswith("set -eo pipefail")
    assert 'printenv | grep "CCL"' in block
    run = subprocess.run(["bash", "-c", f"set -eo pipefail\n{block}\necho reached"],
                         capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"},
                         check=False)
    assert run.returncode == 0 and run.stdout.strip().endswith("reached"), run


def test_steps_of_a_source_with_set_e_keep_the_targets_strict_mode() -> None:
    script = NO_ERREXIT.replace('echo "== CCL', 'set -euo pipefail\necho "== CCL')
    r = port(script, "stampede3")["stampede3"]
    assert r.spec.setup_errexit is True
    assert "set +eo pipefail" not in r.script
