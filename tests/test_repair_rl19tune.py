"""Classes the diagnosis missed on bench/reallogs19's tune half (issue 17, helper s22-rl19tune):
fixtures written anew, each failing without its fix."""

from __future__ import annotations

from maple_flow.cli.repair import diagnose_log

NODELIST_LOG = ("srun: error: Required nodelist includes more nodes than permitted by max-node "
                "count (3 > 2). Eliminating nodes from the nodelist.\n")
SRUN_W = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=2\n#SBATCH -t 01:00:00\n"
          "module load python\n"
          "srun -N 2 -n 4 -w gpu01,gpu01,gpu02 python run.py --steps 10\n")


def test_srun_nodelist_over_the_node_count_drops_the_steps_list() -> None:
    for script in (SRUN_W, SRUN_W.replace("-w gpu01,gpu01,gpu02", "--nodelist=gpu01,gpu01,gpu02")):
        data = diagnose_log(script, NODELIST_LOG, "delta", None, False)
        assert data["proposed"] is not None, data.get("why_none")
        assert data["proposed"]["record_id"] == "srun-nodelist-over-node-count"
        diff = data["proposed"]["diff"]
        assert "-srun -N 2 -n 4" in diff and "+srun -N 2 -n 4 python run.py" in diff, diff


def test_nodelist_message_without_a_srun_list_is_not_this_fix() -> None:
    script = SRUN_W.replace(" -w gpu01,gpu01,gpu02", "").replace("#SBATCH -N 2",
                                                                 "#SBATCH -N 2\n#SBATCH -w gpu01")
    data = diagnose_log(script, NODELIST_LOG, "delta", None, False)
    assert (data.get("proposed") or {}).get("record_id") != "srun-nodelist-over-node-count"
