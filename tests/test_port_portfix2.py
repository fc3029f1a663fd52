"""Classes of input found on bench/portfix2_probe (job scripts written for the ten clusters),
each with its fix: what the port does not understand is refused or noted, never silently
ported wrong (issue 14)."""

from __future__ import annotations

import re

from maple_flow import port

DELTA_4GPU = ("#!/bin/bash\n#SBATCH --partition=gpuA100x4\n#SBATCH --nodes=1\n"
              "#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n")


def test_a_wrapper_handed_the_program_and_several_gpus_is_kept_verbatim_naming_it() -> None:
    # s25wrap: the batch shell ran the wrapper once, on one node with its 4 GPUs, handed
    # main.py as its $1 (no interpreter written): kept as that one process, verbatim, the
    # wrapper named as unseen (it starts the node's workers itself, as on the source)
    script = DELTA_4GPU + "bash scripts/train.sh main.py configs/video.yaml\n"
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated"
    assert "\nbash scripts/train.sh main.py configs/video.yaml" in r.script
    assert any("your shell script scripts/train.sh" in n for n in r.notes)


def test_a_wrapper_handed_the_program_ports_with_the_ranks_given() -> None:
    script = DELTA_4GPU + "bash scripts/train.sh main.py configs/video.yaml\n"
    assert port(script, ["polaris"], ranks=1)["polaris"].status == "generated"


def test_a_cd_to_the_source_filesystem_before_python_m_is_kept_and_flagged() -> None:
    script = ("#!/bin/bash\n#SBATCH -C gpu\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n"
              "#SBATCH --gpus-per-node=4\nPROJECT_DIR=/pscratch/sd/e/me/proj/\n"
              'cd "$PROJECT_DIR"\nsrun python -m proj.train\n')
    r = port(script, ["polaris"])["polaris"]
    assert r.status == "generated"
    assert 'cd "$PROJECT_DIR"' in r.script
    assert any("module (python -m looks in the working directory first) proj.train" in n
               for n in r.notes)


def test_a_tmpdir_under_the_nodes_own_tmp_is_kept() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1:system=polaris\n#PBS -l walltime=0:30:00\n"
              "export TMPDIR=/tmp/$USER\nmkdir -p $TMPDIR\n"
              "mpiexec -n 4 --ppn 4 python main.py\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated"
    assert "TMPDIR" in r.script and "mkdir -p $TMPDIR" in r.script


def test_a_value_read_only_by_a_step_after_the_launch_is_kept() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2:ngpus=4\n#PBS -l walltime=0:30:00\n"
              'LOGGING="verbose"\nmpiexec -n 8 --ppn 4 python infer.py\n'
              'if [ $LOGGING = "verbose" ]; then\n    mkdir logs\nfi\n')
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated"
    assert 'LOGGING="verbose"' in r.script or "LOGGING=verbose" in r.script


def test_a_wrapper_under_a_per_rank_launcher_without_a_gpu_count_still_ports() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n"
              "srun ./run_wrapper.sh train.py --epochs 3\n")
    assert port(script, ["delta"], gpus_per_node=4)["delta"].status == "generated"


def test_a_command_word_the_script_sets_in_front_of_the_program_is_kept() -> None:
    script = ("#!/bin/bash\n#SBATCH -C gpu\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n"
              "#SBATCH --gpus-per-node=4\n"
              'if [ "${ENABLE_PROFILING:-0}" -eq 1 ]; then\n'
              '    export PROFILE_CMD="nsys profile -o prof"\nfi\n'
              "srun ${PROFILE_CMD} python train.py --epochs 2\n")
    r = port(script, ["delta"])["delta"]
    assert r.status == "generated"
    assert re.search(r"\$\{PROFILE_CMD\} python3? train\.py --epochs 2", r.script)


def test_a_processes_per_node_argument_of_the_program_is_checked_against_the_layout() -> None:
    script = ("#!/bin/bash\n#PBS -l select=2:ncpus=64:ngpus=4\n#PBS -l walltime=0:30:00\n"
              "mpiexec -n 8 --ppn 4 python infer.py --device cuda --ppn 4\n")
    r = port(script, ["lonestar6"])["lonestar6"]
    said = "\n".join(r.notes)
    assert r.status == "refused" or "--ppn 4" in said


def test_a_launchers_program_in_a_quoted_variable_is_read() -> None:
    script = (DELTA_4GPU + 'PROJ_ROOT=/u/me/proj\nMAIN_PY="${PROJ_ROOT}/main.py"\n'
              'torchrun --nnodes=1 --nproc_per_node=4 "${MAIN_PY}" --config_file c.yaml\n')
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated" and r.spec.entrypoint == "/u/me/proj/main.py"
    # the user's variable stays the program word, its lines kept above (s25keep)
    assert '"${MAIN_PY}" --config_file c.yaml' in r.script
    assert 'MAIN_PY="${PROJ_ROOT}/main.py"' in r.script


def test_a_count_set_differently_on_the_branches_of_an_if_is_not_a_literal() -> None:
    body = ("if command -v nvidia-smi >/dev/null 2>&1; then\n"
            "  NGPU=$(nvidia-smi --list-gpus | wc -l)\nelse\n  NGPU=1\nfi\n"
            'torchrun --nnodes=1 --nproc_per_node="${NGPU}" main.py\n')
    r = port(DELTA_4GPU + body, ["perlmutter"])["perlmutter"]
    assert r.status != "generated" or "NRANKS=4" in r.script


def test_a_module_named_through_a_variable_is_noted_with_its_value() -> None:
    script = ("#!/bin/bash\n#PBS -l select=1:ncpus=64:ngpus=4\n#PBS -l walltime=0:30:00\n"
              "MODULE=conda/2022-09-08\nmodule load $MODULE\n"
              "mpiexec -n 4 --ppn 4 python train.py\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    assert any("$MODULE (conda/2022-09-08)" in n for n in r.notes)


def test_the_wrapper_refusal_comes_before_the_one_process_gpu_rule() -> None:
    script = DELTA_4GPU + "bash scripts/train.sh main.py configs/video.yaml\n"
    r = port(script, ["vista"])["vista"]
    assert r.status == "refused"
    # s25wrap: kept as the wrapper's own command, its 4 GPUs do not fit a 1-GPU node
    assert "your script scripts/train.sh is what the source starts" in "\n".join(r.notes)
