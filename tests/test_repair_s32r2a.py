"""Script classes of the rl30 tune half (issue 17 round 2, s32r2a): MPI ranks each alone under
srun without a plugin, Lmod's prereq_any naming one module, the CXI event queue overflow on
Perlmutter, torch inductor's AttrsDescriptor import error, and data-loader workers that exhaust
a whole node's memory. Each answer is tied to the evidence that decides it; look-alikes stay
untouched."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_workers import (
    loader_worker_counts,
    loader_workers_above_two_on_whole_node,
    lower_loader_workers,
)
from maple_flow.repair.text import FixNotApplicable

MPI = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=16\n#SBATCH --time=01:00:00\n"
       "module load openmpi\n")
GPU = ("#!/bin/bash\n#SBATCH --nodes=4\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n"
       "#SBATCH --cpus-per-task=16\n#SBATCH --mem=0\n#SBATCH --time=12:00:00\n")
OOM = "slurmstepd: error: Detected 3 oom_kill events in StepId=269582.0\n"
INDUCTOR = ('TypeError: must be called with a dataclass type or instance\n'
            'File "torch/_inductor/runtime/hints.py", line 36, in <module>\n'
            '  attr_desc_fields = {f.name for f in fields(AttrsDescriptor)}\n')


def _proposed(script: str, log: str, cluster: str) -> dict | None:
    return diagnose_log(script, log, cluster, None, False)["proposed"]


@pytest.mark.parametrize("log", [
    "MPI Ranks: 1\n",
    "Hello world from processor n1, rank 0 out of 1 processors\n" * 3,
])
def test_srun_ranks_each_alone_get_an_mpi_plugin(log: str) -> None:
    proposed = _proposed(MPI + "srun -n 32 ./bin/mpi_2d\n", log, "anvil")
    assert proposed is not None and proposed["record_id"] == "srun-mpi-ranks-each-alone"
    assert "+srun --mpi=pmi2 -n 32 ./bin/mpi_2d" in proposed["diff"]


@pytest.mark.parametrize("script", [
    "#!/bin/bash\n#SBATCH --ntasks=1\nsrun ./hello\n",   # one task: rank 0 of 1 is right
    MPI + "mpirun -np 32 ./bin/mpi_2d\n",               # not srun
    MPI + "srun --mpi=pmix -n 32 ./bin/mpi_2d\n",       # a plugin already named
])
def test_rank_alone_lookalikes_get_no_plugin_fix(script: str) -> None:
    proposed = _proposed(script, "MPI Ranks: 1\n", "anvil")
    assert proposed is None or "--mpi=pmi2" not in proposed.get("diff", "")


def test_a_world_of_sixteen_is_not_rank_alone() -> None:
    proposed = _proposed(MPI + "srun -n 32 ./bin/mpi_2d\n", "MPI Ranks: 16\n", "anvil")
    assert proposed is None or "--mpi" not in proposed.get("diff", "")


def test_lmod_prereq_any_loads_the_one_module_first() -> None:
    log = ('Lmod has detected the following error:  Cannot load module "plexos/7.400.2". '
           "At least one of these module(s) must be loaded:\n   mono/4.6.2.7\n")
    proposed = _proposed(MPI.replace("openmpi", "plexos/7.400.2") + "srun ./plexos\n", log,
                         "anvil")
    assert proposed is not None and proposed["record_id"] == "lmod-prerequisite-any-one-named"
    assert "+module load mono/4.6.2.7\n module load plexos/7.400.2" in proposed["diff"]


def test_lmod_prereq_any_naming_several_modules_is_not_guessed() -> None:
    log = ('Lmod has detected the following error:  Cannot load module "gromacs/2018". '
           "At least one of these module(s) must be loaded:\n   gcc/6.4.0 intel/2018\n")
    proposed = _proposed(MPI.replace("openmpi", "gromacs/2018") + "srun gmx_mpi mdrun\n", log,
                         "anvil")
    assert proposed is None or proposed["record_id"] != "lmod-prerequisite-any-one-named"


def test_cxi_event_queue_overflow_on_perlmutter_raises_the_queue_size() -> None:
    script = ("#!/bin/bash\n#SBATCH -C gpu\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n"
              "torchrun --nproc-per-node=4 --standalone train.py\n")
    proposed = _proposed(script, "Cassini Event Queue overflow detected.\n", "perlmutter")
    assert proposed is not None and proposed["record_id"] == "slingshot-cq-overflow-cxi-sites"
    assert "+export FI_CXI_DEFAULT_CQ_SIZE=" in proposed["diff"]


def test_inductor_attrs_descriptor_import_disables_dynamo() -> None:
    script = "#!/bin/bash\n#SBATCH --ntasks=1\n#SBATCH --gpus-per-node=1\npython serve.py\n"
    proposed = _proposed(script, INDUCTOR, "delta")
    assert proposed is not None
    assert proposed["record_id"] == "inductor-attrs-descriptor-import-disable-dynamo"
    assert "+export TORCHDYNAMO_DISABLE=1" in proposed["diff"]
    bare = _proposed(script, "TypeError: must be called with a dataclass type or instance\n",
                     "delta")
    assert bare is None or "TORCHDYNAMO_DISABLE" not in bare.get("diff", "")


def test_loader_workers_on_a_whole_node_are_lowered() -> None:
    script = GPU + ("srun python run_training.py agent=x \\\n"
                    "    dataloader.params.num_workers=8 trainer.params.devices=4\n")
    proposed = _proposed(script, OOM, "delta")
    assert proposed is not None
    assert proposed["record_id"] == "loader-workers-exhaust-whole-node-memory"
    assert "+    dataloader.params.num_workers=2 trainer.params.devices=4" in proposed["diff"]


def test_a_partial_memory_request_keeps_the_memory_answer() -> None:
    script = GPU.replace("--mem=0", "--mem=64G") + "srun python train.py --num_workers 8\n"
    proposed = _proposed(script, OOM, "delta")
    assert proposed is None or proposed["record_id"] != "loader-workers-exhaust-whole-node-memory"


def test_loader_worker_spellings() -> None:
    text = GPU + ("srun python t.py --num_workers 8 --num-workers=6 --dataloader_num_workers 4 "
                  "data.num_workers=12 num_workers=1 --num_workers $NW\n# --num_workers 9\n")
    assert loader_worker_counts(text) == [8, 6, 4, 12, 1]
    assert loader_workers_above_two_on_whole_node(text)
    lowered = lower_loader_workers(text, 2)
    assert ("--num_workers 2 --num-workers=2 --dataloader_num_workers 2 data.num_workers=2 "
            "num_workers=1 --num_workers $NW") in lowered
    assert "# --num_workers 9" in lowered
    with pytest.raises(FixNotApplicable):
        lower_loader_workers(GPU + "srun python t.py --num_workers 2\n", 2)
    assert not loader_workers_above_two_on_whole_node(
        GPU.replace("#SBATCH --mem=0\n", "") + "srun python t.py --num_workers 8\n")
