"""The port's safety net (maple_flow.port.foreign): another site's launcher, scheduler command
or variable left on an executable line of a port, in shapes the port does not rewrite. Fixtures
written from the shapes of bench/unseen5's perlmutter-two-srun-stages-timeout-resubmit and the
issue-14 list (prefix commands, functions, eval, a command in a variable)."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.knowledge.clusters import get_profile
from maple_flow.port.foreign import leftovers
from maple_flow.scriptparse.steps import past_prefixes

HEAD = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH --ntasks-per-node=4\n"
#: Two srun stages, the second behind `timeout` (the real case's shape).
TIMEOUT_STAGE = (HEAD + "srun bash prep.sh\nsource venv/bin/activate\n"
                 "timeout 11h srun python3 trainer.py 100 0.05 A1\necho done\n")


def test_a_launch_behind_timeout_gets_the_targets_launcher() -> None:
    """`timeout 11h srun python3 trainer.py` on a PBS target: the prefix kept, srun gone."""
    r = port(TIMEOUT_STAGE, ["aurora"])["aurora"]
    assert r.status == "generated"
    lines = r.script.splitlines()
    end = next(i for i, x in enumerate(lines) if "trainer.py" in x)
    start = end
    while start and lines[start - 1].rstrip().endswith("\\"):
        start -= 1  # the launch command, its continuation lines included
    line = " ".join(lines[start:end + 1])
    assert line.startswith("timeout 11h mpiexec ") and "srun" not in line
    assert "srun" not in "\n".join(x for x in r.script.splitlines() if not x.startswith("#"))


@pytest.mark.parametrize("prefix", ["nice -n 5", "stdbuf -oL", "env X=1", "nohup",
                                    "numactl --interleave=all"])
def test_other_prefixes_are_translated_or_refused_never_left(prefix: str) -> None:
    script = TIMEOUT_STAGE.replace("timeout 11h", prefix)
    r = port(script, ["polaris"])["polaris"]
    body = [x for x in r.script.splitlines() if not x.lstrip().startswith("#")]
    assert r.status == "refused" or not any(" srun " in f" {x} " for x in body)


@pytest.mark.parametrize("shape", [
    'eval "srun python3 prep.py"\n',
    'bash -c "srun python3 prep.py"\n',
    'PREP="srun python3 prep.py"\n$PREP\n',
    "ls *.cfg | xargs -n1 srun python3 prep.py\n",
])
def test_a_launcher_the_target_lacks_in_a_shape_not_rewritten_refuses(shape: str) -> None:
    """A set-up stage the port keeps verbatim, with srun inside: refused on a PBS target,
    naming the line and what to change."""
    script = HEAD + shape + "srun python main.py\n"
    r = port(script, ["aurora"])["aurora"]
    assert r.status == "refused"
    refusal = next(n for n in r.notes if n.startswith("refused"))
    assert "line 5:" in refusal and "srun, which Aurora does not have" in refusal
    assert "replace srun by mpiexec" in refusal


def test_a_word_that_names_a_launcher_is_no_command() -> None:
    """`LAUNCH_MODE="srun"` (bench/realport cambridge-dawn-apptainer-ddp) runs nothing."""
    text = '#!/bin/bash\nLAUNCH_MODE="srun"\nmpiexec -n 4 python z.py\n'
    assert not leftovers(text, get_profile("polaris"), text).refusals


def test_a_launch_the_port_rewrites_is_not_refused() -> None:
    """`CMD="srun ..."` then `$CMD`: the port reads it as the launch and rewrites it."""
    script = HEAD + "srun python main.py\n" + 'CMD="srun python3 trainer.py"\n$CMD\n'
    r = port(script, ["aurora"])["aurora"]
    assert r.status == "generated" and "python3 trainer.py" in r.script


def test_the_same_script_on_a_slurm_target_is_not_refused() -> None:
    script = HEAD + 'eval "srun python3 prep.py"\n' + "srun python main.py\n"
    assert port(script, ["perlmutter"])["perlmutter"].status == "generated"


def test_queries_and_variables_of_another_scheduler_are_notes_naming_the_line() -> None:
    """A kept line that queries Slurm or reads an unmapped $SLURM_* on a PBS target: notes,
    each naming the user's line (the port's carry drops most such lines itself)."""
    source = (HEAD + 'echo "nodes: $(squeue -j $SLURM_JOB_ID -h -o %D)"\n'
              "echo $SLURM_CLUSTER_NAME\nsrun python main.py\n")
    kept = "#!/bin/bash\n#PBS -l select=1\n" + "\n".join(source.splitlines()[4:6]) + "\n"
    found = leftovers(kept, get_profile("polaris"), source)
    assert not found.refusals
    assert any("squeue" in n and n.startswith("line 5:") for n in found.notes)
    assert any("$SLURM_CLUSTER_NAME" in n and n.startswith("line 6:") for n in found.notes)
    assert not leftovers(kept, get_profile("perlmutter"), source).notes


def test_comments_and_heredoc_bodies_are_not_read() -> None:
    text = ("#!/bin/bash\n#PBS -l select=1\n# was: srun python x.py\n"
            "cat > job.sh <<EOF\nsrun python y.py\necho $SLURM_JOB_ID\nEOF\n"
            "mpiexec -n 4 python z.py\n")
    found = leftovers(text, get_profile("polaris"), text)
    assert not found.refusals and not found.notes


def test_variables_the_script_sets_itself_are_its_own() -> None:
    text = "#!/bin/bash\nPBS_JOBID_NUMBER=7\necho $PBS_JOBID_NUMBER\n"
    assert not leftovers(text, get_profile("perlmutter"), text).notes


def test_pals_only_mpiexec_and_lsf_launcher_are_foreign_on_slurm() -> None:
    text = "#!/bin/bash\nmpiexec -n 8 --ppn 4 python a.py\njsrun -n 2 python b.py\n"
    found = leftovers(text, get_profile("perlmutter"), text)
    assert len(found.refusals) == 2 and "line 2" in found.refusals[0]


def test_past_prefixes() -> None:
    assert past_prefixes(("timeout", "11h", "srun", "python")) == 2
    assert past_prefixes(("nice", "-n", "5", "env", "A=1", "srun")) == 5
    assert past_prefixes(("srun", "python")) == 0
