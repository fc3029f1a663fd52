"""Entity-anchored option errors (issue 17, s22-logfamilies): a launcher's or submit command's
message that names an option the script gives is tied, through scriptparse, to the line that
holds it; the launcher's option is taken off that line (drop_option), the submit command's is
asked for; a program the launcher cannot execute is asked for at its line."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.entity import same_thing
from maple_flow.repair.patch_entity import drop_option
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n"


def _proposed(script: str, log: str, **answers: str) -> dict:
    data = diagnose_log(script, log, "delta", None, False, answers=answers or None)
    return data


def test_an_unknown_mpirun_option_with_its_value_is_taken_off_its_line() -> None:
    data = _proposed(HEAD + "mpirun -n 2 -ppn 1 -hosts $HOSTS ./daemon\n",
                     'mpirun: Error: unknown option "-ppn"\nType \'mpirun --help\' for usage.\n')
    assert data["proposed"]["record_id"] == "entity-launch-option-unrecognized"
    assert "+mpirun -n 2 -hosts $HOSTS ./daemon" in data["proposed"]["diff"]


def test_a_program_argument_the_parser_refuses_goes_with_the_value_the_log_names() -> None:
    script = HEAD + ("torchrun --standalone --nproc_per_node=4 finetune.py \\\n"
                     "    --DDP-impl local --bf16\n")
    data = _proposed(script, "finetune.py: error: unrecognized arguments: --DDP-impl local\n")
    assert data["proposed"]["record_id"] == "entity-launch-option-unrecognized"
    assert "-    --DDP-impl local --bf16\n+    --bf16" in data["proposed"]["diff"]


def test_open_mpi_reports_a_single_dash_option_with_two_dashes() -> None:
    log = ("An unrecognized option was included on the mpiexec command line:\n\n"
           "  Option: --hosts\n\nPlease use the \"mpiexec --help\" command\n")
    data = _proposed(HEAD + "mpiexec -hosts $HOSTS -n 4 nrniv -mpi init.py\n", log)
    assert "+mpiexec -n 4 nrniv -mpi init.py" in data["proposed"]["diff"]
    assert same_thing("--hosts", "-hosts", "option")
    assert same_thing("oversubscribe", "--oversubscribe", "option")
    assert not same_thing("--host", "-hosts", "option")


def test_a_refused_submit_option_is_asked_for_not_dropped() -> None:
    script = HEAD + "#SBATCH --foo=/scratch/x\nsrun python train.py\n"
    log = "sbatch: unrecognized option '--foo=/scratch/x'\n"
    data = _proposed(script, log)
    assert data["proposed"] is None and "needs from you: option_spelling" in data["why_none"]
    assert "+#SBATCH --chdir=/scratch/x" in _proposed(
        script, log, option_spelling="--chdir")["proposed"]["diff"]
    assert "-#SBATCH --foo=/scratch/x" in _proposed(
        script, log, option_spelling="none")["proposed"]["diff"]


def test_an_option_at_no_line_of_the_script_is_not_anchored() -> None:
    data = _proposed(HEAD + "mpirun -hosts $hosts -np 8 python3 main.py\n",
                     'mpirun: Error: unknown option "-o"\n')
    assert data["proposed"] is None or data["proposed"]["record_id"] != \
        "entity-launch-option-unrecognized"


def test_drop_option_takes_the_value_only_when_it_can_tell() -> None:
    assert drop_option("mpirun --bind-to core -np 4 python x.py", 1, "--bind-to") == \
        "mpirun -np 4 python x.py"
    assert drop_option("srun --foo python x.py", 1, "--foo") == "srun python x.py"
    assert drop_option("srun --quotatype=auto python x.py", 1, "--quotatype") == \
        "srun python x.py"
    assert drop_option("#!/bin/bash\n#SBATCH --workdir=/x\nsrun a", 2, "--workdir") == \
        "#!/bin/bash\nsrun a"
    with pytest.raises(FixNotApplicable, match="value"):
        drop_option("mpiexec -env OMP_NUM_THREADS 4 ./a.out", 1, "-env")
    with pytest.raises(FixNotApplicable):
        drop_option("srun python x.py", 1, "--foo")


def test_an_executable_the_launcher_cannot_start_is_asked_for_at_its_line() -> None:
    script = HEAD + "cd examples/potts\nmpirun -np 24 ./spk_mpi < in.potts\n"
    log = ("[proxy:0:0@node17] HYDU_create_process (utils/launch/launch.c:74): "
           "execvp error on file ./spk_mpi (No such file or directory)\n")
    data = _proposed(script, log)
    assert data["proposed"] is None and "needs from you: path" in data["why_none"]
    assert "line 5" in data["why_none"]
    answered = _proposed(script, log, path="/home/u/spparks/src/spk_mpi")
    assert "+mpirun -np 24 /home/u/spparks/src/spk_mpi < in.potts" in answered["proposed"]["diff"]
