"""The final launch-by-launch check of a port against its source (port/launches_kept.py, issue 14):
each source launch has its counterpart in the port, with its program, argument words, process
count, background `&` and output files, or a note names what changed."""

from __future__ import annotations

from maple_flow.port.api import port
from maple_flow.port.launches_kept import launches, unkept_launch_note, unkept_launches

SRC = """#!/bin/bash
#SBATCH -N 1
#SBATCH --gres=gpu:4
python prep.py --out data/ > prep.log
srun -n 4 python train.py --epochs 3 --world_size 4
python predict.py --ckpt ~/ckpt/last.pt
"""

KEPT = """#!/bin/bash
#PBS -l select=1
NNODES=1
GPUS_PER_NODE=4
python prep.py --out data/ > prep.log
mpiexec -n 4 python train.py --epochs 3 --world_size 4
python predict.py --ckpt $HOME/ckpt/last.pt
"""


def _whats(source: str, script: str, notes: list[str] | None = None) -> list[str]:
    return [what for _, _, what in unkept_launches(source, script, notes or [])]


def test_launches_read_every_program_with_its_count() -> None:
    found = launches(KEPT)
    assert [launch.program for launch in found] == ["prep.py", "train.py", "predict.py"]
    assert [launch.procs for launch in found] == [1, 4, 1]
    assert found[0].outputs == ("prep.log",)


def test_a_port_that_keeps_every_launch_needs_no_note() -> None:
    """Variables renamed, `~/` written `$HOME/`, the main launch under the target's launcher."""
    assert unkept_launches(SRC, KEPT, []) == []
    assert unkept_launch_note([], "Polaris") == []


def test_a_stage_dropped_is_named() -> None:
    port_text = KEPT.replace("python prep.py --out data/ > prep.log\n", "")
    assert _whats(SRC, port_text) == ["not launched in the port"]
    note = unkept_launch_note(unkept_launches(SRC, port_text, []), "Polaris")
    assert "line 4 `python prep.py --out data/ > prep.log`" in note[0]


def test_a_stage_the_notes_name_is_not_named_again() -> None:
    port_text = KEPT.replace("python prep.py --out data/ > prep.log\n", "")
    assert _whats(SRC, port_text, ["line 4 `python prep.py` is not copied: ..."]) == []


def test_two_launches_of_one_program_merged_into_one() -> None:
    source = "#!/bin/bash\npython run.py --seed 1\npython run.py --seed 2\n"
    assert _whats(source, "#!/bin/bash\npython run.py --seed 1\n") == [
        "merged into the port's other launch of it"]


def test_an_argument_lost_is_named_even_where_a_note_quotes_the_line() -> None:
    port_text = KEPT.replace("--epochs 3 --world_size 4", "--world_size 4")
    quoting = ["line 5 `srun -n 4 python train.py --epochs 3 --world_size 4` is the launch"]
    assert _whats(SRC, port_text, quoting) == ["launched without --epochs 3"]
    assert _whats(SRC, port_text, ["`--epochs` is dropped: the target sets it"]) == []


def test_a_one_process_stage_put_under_several_ranks_is_named() -> None:
    port_text = KEPT.replace("python predict.py", "torchrun --nproc_per_node=4 predict.py")
    assert _whats(SRC, port_text) == [
        "started as 4 process(es), the source starts 1"]


def test_the_count_reads_the_ports_own_size_variables() -> None:
    source = "#!/bin/bash\ntorchrun --nnodes=2 --nproc_per_node=4 train.py\n"
    port_text = ("#!/bin/bash\nNNODES=2\nGPUS_PER_NODE=4\nsrun --ntasks=\"$NNODES\" torchrun "
                 "--nnodes=\"$NNODES\" --nproc_per_node=\"$GPUS_PER_NODE\" train.py\n")
    assert launches(source)[0].procs == 8
    assert launches(port_text)[0].procs == 8
    assert _whats(source, port_text) == []


def test_a_world_size_argument_left_at_the_sources_count() -> None:
    source = "#!/bin/bash\nsrun -n 8 python train.py --world_size 8\n"
    port_text = "#!/bin/bash\nmpiexec -n 4 python train.py --world_size 8\n"
    assert _whats(source, port_text) == [
        "started as 4 process(es), the source starts 8",
        "its `--world_size 8` kept while the port starts 4 process(es): set it to the port's "
        "count"]


def test_background_and_output_lost_are_named() -> None:
    source = "#!/bin/bash\npython a.py --x 1 > a.log 2>&1 &\npython b.py &\nwait\n"
    port_text = "#!/bin/bash\npython a.py --x 1\npython b.py &\nwait\n"
    assert _whats(source, port_text) == [
        "run in the foreground, where the source runs it in the background (`&`)",
        "its output no longer sent to a.log"]


def test_a_commented_redirect_is_no_output() -> None:
    source = "#!/bin/bash\npython a.py --x 1 \\\n  #  > a.log\n"
    assert launches(source)[0].outputs == ()


def test_real_two_stage_port_keeps_both_launches() -> None:
    """The whole port: two stages of one process each, ported to a PBS and a Slurm target,
    keep both launches (the check adds no note)."""
    source = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
              "#SBATCH -t 01:00:00\n"
              "srun python find_beta.py --data data --num_parallel 30 --num_updates 10\n"
              "srun python fit.py --data data --num_updates 10000\n")
    for target in ("polaris", "perlmutter"):
        result = port(source, [target])[target]
        assert result.status == "generated", result.notes
        assert not [n for n in result.notes if n.startswith("launches of the source")]
        assert "find_beta.py --data data --num_parallel 30 --num_updates 10" in result.script


def test_a_groups_redirect_is_the_output_of_its_launches() -> None:
    source = "#!/bin/bash\n{\n  echo start\n  python a.py --x 1\n} > run.log 2>&1\n"
    assert launches(source)[0].outputs == ("run.log",)
    port_text = "#!/bin/bash\necho start\npython a.py --x 1\n"
    assert _whats(source, port_text) == ["its output no longer sent to run.log"]
    assert _whats(source, source) == []


def test_a_launch_whose_program_the_port_made_up_is_refused() -> None:
    """`python $script_path ...` with `script_path=` empty was ported as `python 0`: the
    port cannot tell what the launch runs, and says so instead of a made-up program."""
    source = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=8\n"
              "#SBATCH --ntasks-per-node=8\n#SBATCH -t 01:00:00\n"
              "script_path=\npath_to_yaml=\nfold=0\n"
              "srun python $script_path --path_to_yaml $path_to_yaml --fold $fold\n")
    result = port(source, ["perlmutter"])["perlmutter"]
    assert result.status == "refused"
    assert "is not launched in the port, which launches `0` instead" in result.notes[0]


def test_a_program_written_from_a_variable_is_no_made_up_program() -> None:
    source = "#!/bin/bash\nsetup_file=src/train.py\npython $setup_file -cfg $CFG\n"
    port_text = "#!/bin/bash\nsetup_file=src/train.py\npython3 src/train.py -cfg $CFG\n"
    assert _whats(source, port_text) == []
