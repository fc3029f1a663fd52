"""Classes of input found on bench/unseen9's tune half (issue 14), each with its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError
from maple_flow.knowledge.directives import slurm_file_pattern
from maple_flow.port.gpu_memory import asked_gpu_memory
from maple_flow.scriptparse import parse_script, read_facts

PBS_JOB = ("#!/bin/bash\n#PBS -l select=1:ncpus=8:ngpus=1\n#PBS -l walltime=01:00:00\n"
           "{lines}cd $PBS_O_WORKDIR\npython train.py\n")


def test_pbs_job_variables_in_an_output_path_become_slurm_file_patterns() -> None:
    assert slurm_file_pattern("$PBS_JOBID.err", "pbs") == "%j.err"
    assert slurm_file_pattern("${PBS_O_WORKDIR}/logs/${PBS_JOBNAME}.o", "pbs") == "logs/%x.o"
    assert slurm_file_pattern("$HOME/x.$JOB_ID", "sge") == "$HOME/x.%j"
    script = PBS_JOB.format(lines="#PBS -o $PBS_O_WORKDIR/logs/train_$PBS_JOBID.log\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --output=logs/train_%j.log" in r.script
    assert any("make sure `logs/` exists before you submit" in n for n in r.notes)
    assert "$PBS_JOBID" not in r.script.split("set -e")[0]


def test_an_output_path_with_a_variable_sbatch_cannot_expand_is_a_noted_comment() -> None:
    script = PBS_JOB.format(lines="#PBS -e $MYLOGS/run.err\n")
    r = port(script, ["delta"])["delta"]
    assert "#SBATCH --error" not in r.script
    assert "# source directive, not carried: #PBS -e $MYLOGS/run.err" in r.script
    assert any("sbatch does not expand" in n for n in r.notes)


def test_a_pbs_output_path_is_kept_verbatim_on_a_pbs_target() -> None:
    script = PBS_JOB.format(lines="#PBS -o $PBS_JOBID.out\n")
    assert "#PBS -o $PBS_JOBID.out" in port(script, ["polaris"])["polaris"].script


WHOLE_NODE = ("#!/bin/bash\n#SBATCH --ntasks 1\n#SBATCH --cpus-per-task=24\n#SBATCH --mem=0\n"
              "#SBATCH --constraint=A100\n#SBATCH --exclusive\nsrun $PY /share/me/train.py $1\n")


def test_a_whole_node_job_that_counts_no_gpu_is_asked_for_them() -> None:
    with pytest.raises(MissingInformation, match=r"takes its node whole \(`#SBATCH --mem=0`\)"):
        port(WHOLE_NODE, ["anvil"])
    answered = port(WHOLE_NODE.replace("--exclusive", "--exclusive\n#SBATCH --gpus-per-node=2"),
                    ["anvil"])["anvil"]
    assert answered.status == "generated"
    assert "--gpus-per-node=2" in answered.script


def test_a_whole_node_job_whose_srun_counts_its_gpus_is_not_asked() -> None:
    script = WHOLE_NODE.replace("srun $PY", "srun --gpus=4 $PY")
    assert port(script, ["anvil"])["anvil"].status == "generated"


def test_several_per_node_launchers_a_node_are_named_and_their_cpus_kept() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --tasks-per-node=2\n#SBATCH --gres=gpu:2\n"
              "#SBATCH --cpus-per-task=2\n#SBATCH -t 1:00:00\n"
              "srun python -m torch.distributed.launch --nproc_per_node=2 --use_env main.py\n")
    r = port(script, ["anvil"])["anvil"]
    assert any("starts 2 tasks a node and each runs" in n for n in r.notes)
    assert "#SBATCH --cpus-per-task=4" in r.script
    once = script.replace("srun python", "srun --ntasks-per-node=1 python")
    assert not any("tasks a node and each runs" in n for n in port(once, ["anvil"])["anvil"].notes)


@pytest.mark.parametrize(("line", "gb"), [
    ("#SBATCH --constraint=a100_80gb", 80), ("#SBATCH --gres=gpu:v100-32g:1", 32),
    ("#SBATCH -p gpu-a100-80g", 80), ("#SBATCH --gres=gpu:2,VRAM:48GB", 48),
    ("#PBS -l select=1:mem=96G:ngpus=1:gpu_type=a100_80gb", 80)])
def test_the_gpu_memory_the_source_asks_is_read(line: str, gb: int) -> None:
    directives = parse_script(f"#!/bin/bash\n{line}\npython x.py\n").directives
    assert asked_gpu_memory(directives) == (gb, line)


def test_a_port_to_smaller_gpus_says_so_and_to_larger_ones_says_nothing() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:4\n#SBATCH --constraint=a100_80gb\n"
              "#SBATCH --mem=64G\n#SBATCH -t 1:00:00\nsrun python x.py\n")
    assert any("GPU memory: the source asks 80 GB GPUs" in n
               for n in port(script, ["polaris"])["polaris"].notes)  # 40 GB A100s only
    delta = port(script, ["delta"])["delta"]  # its H200 nodes have the memory (node types)
    assert "#SBATCH -p gpuH200x8" in delta.script
    assert not any(n.startswith("GPU memory") for n in delta.notes)
    assert not any(n.startswith("GPU memory") for n in port(script, ["vista"])["vista"].notes)
    plain = script.replace("#SBATCH --mem=64G\n", "#SBATCH --mem=80G\n").replace(
        "--constraint=a100_80gb", "--constraint=a100")
    assert asked_gpu_memory(parse_script(plain).directives) is None


def test_a_pbs_chunks_host_memory_is_not_a_gpu_memory() -> None:
    directives = parse_script("#!/bin/bash\n#PBS -l select=2:ncpus=32:ngpus=8:mem=256gb\n"
                              "python x.py\n").directives
    assert asked_gpu_memory(directives) is None


def test_torchrun_without_its_count_on_several_gpus_a_node_is_asked() -> None:
    head = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:8\n#SBATCH -t 1:00:00\n"
    for launch in ("python -m torch.distributed.launch train.py", "srun torchrun train.py"):
        facts = read_facts(parse_script(head + launch + "\n"))
        assert facts.ranks is None
        assert "without --nproc_per_node starts one process a node" in facts.size_from
    abbreviated = read_facts(parse_script(head + "torchrun --nproc_per_nod=8 train.py\n"))
    assert (abbreviated.nodes, abbreviated.gpus_per_node) == (1, 8)
    one_gpu = read_facts(parse_script(head.replace("gpu:8", "gpu:1") + "torchrun train.py\n"))
    assert one_gpu.ranks == 1


def test_site_lines_inside_a_kept_block_are_made_no_ops_and_named() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=1\n#SBATCH -t 1:00:00\n"
              "if command -v module >/dev/null 2>&1; then\n  module purge || true\n"
              "  module load miniconda3/gh2 || true\n  echo loaded\nfi\npython train.py\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert ":  # not run on the target (modules belong to the source site): module purge || true"\
        in r.script
    assert "\n  module load miniconda3/gh2" not in r.script
    assert "  echo loaded\n" in r.script
    assert any("belong to the source site" in n and "made no-ops" in n for n in r.notes)
    shared = script.replace("  module purge || true\n  module load miniconda3/gh2 || true\n",
                            "  module purge; echo x\n")
    assert any("it still runs `module purge`" in n for n in port(shared, ["perlmutter"])[
        "perlmutter"].notes)


def test_a_script_run_in_a_containers_bash_c_body_is_the_one_named() -> None:
    script = ("#!/bin/bash\n#SBATCH --gres=gpu:1\n#SBATCH -t 1:00:00\n"
              'singularity exec --nv img.sif /bin/bash -c "\nsource /ext3/env.sh\nconda activate\n'
              'cd /home/me/proj\nsource setup.sh\nsh run.sh\n"\n')
    with pytest.raises(ParseError, match=r"the shell script run\.sh \(run inside the container"):
        port(script, ["delta"])


def test_a_source_on_other_cpus_is_noted() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1:ncpus=72:ngpus=1:model=gh200\n"
              "#PBS -l walltime=01:00:00\ncd $PBS_O_WORKDIR\nconda activate nn\npython x.py\n")
    notes = port(script, ["perlmutter"])["perlmutter"].notes
    assert any(n.startswith("CPU architecture: the source ran on aarch64 nodes") for n in notes)
    assert not any(n.startswith("CPU architecture") for n in port(script, ["vista"])["vista"].notes)


def test_a_scheduler_variable_inside_a_default_is_renamed() -> None:
    from maple_flow.port.rules import translate_scheduler_vars

    text, done = translate_scheduler_vars('cd -P "${PROJECT_ROOT:-${PBS_O_WORKDIR:?}}"', "slurm")
    assert text == 'cd -P "${PROJECT_ROOT:-${SLURM_SUBMIT_DIR:?}}"'
    assert done == ["$PBS_O_WORKDIR -> $SLURM_SUBMIT_DIR"]
