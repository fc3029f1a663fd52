"""Scheduler directives and variables translated between schedulers (bench/schedmap_probe):
job arrays across Slurm, LSF, Grid Engine and PBS Pro, the array index inside arithmetic."""

from __future__ import annotations

from maple_flow import port
from maple_flow.port.rules import translate_scheduler_vars
from maple_flow.shellquote import kept_as_text, shell_word

LSF_ARRAY = """#!/bin/bash
#BSUB -J "fold[1-10]"
#BSUB -q gpuqueue
#BSUB -n 1
#BSUB -W 2:00
#BSUB -gpu "num=1"
python fold.py "$((${LSB_JOBINDEX}-1))"
"""

SLURM_ARRAY = """#!/bin/bash
#SBATCH --array=0-99%10
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
python job.py within $SLURM_ARRAY_TASK_ID $SLURM_ARRAY_JOB_ID
"""

PBS_ARRAY = """#!/bin/bash
#PBS -l select=1:ncpus=8:ngpus=1
#PBS -l walltime=02:00:00
#PBS -J 1-4
cd $PBS_O_WORKDIR
python3 train.py --seed $PBS_ARRAY_INDEX
"""


def test_an_lsf_array_becomes_a_pbs_array_with_its_index_variable() -> None:
    result = port(LSF_ARRAY, ["polaris"])["polaris"]
    assert result.status != "refused", result.notes
    assert "#PBS -J 1-10" in result.script
    assert '"$((${PBS_ARRAY_INDEX}-1))"' in result.script
    assert any("job array translated" in n and "$LSB_JOBINDEX" in n for n in result.notes)


def test_the_array_index_inside_arithmetic_stays_live_on_slurm() -> None:
    result = port(LSF_ARRAY, ["delta"])["delta"]
    assert "#SBATCH --array=1-10" in result.script
    assert 'fold.py "$((${SLURM_ARRAY_TASK_ID}-1))"' in result.script
    assert not any("literal text" in n for n in result.notes)


def test_a_slurm_array_onto_pbs_drops_its_limit_with_a_note_and_maps_both_ids() -> None:
    result = port(SLURM_ARRAY, ["aurora"])["aurora"]
    assert "#PBS -J 0-99" in result.script and "%10" not in result.script.split("\n#")[0]
    assert "$PBS_ARRAY_INDEX $PBS_ARRAY_ID" in result.script
    assert any("limit of 10 tasks running at once" in n for n in result.notes)


def test_a_list_of_indices_cannot_be_a_pbs_array_and_is_refused_with_why() -> None:
    result = port(SLURM_ARRAY.replace("0-99%10", "1,3,5"), ["polaris"])["polaris"]
    assert result.status == "refused"
    assert any("a list of indices" in n and "X-Y" in n for n in result.notes)


def test_a_pbs_array_onto_slurm() -> None:
    result = port(PBS_ARRAY, ["perlmutter"])["perlmutter"]
    assert "#SBATCH --array=1-4" in result.script
    assert "--seed $SLURM_ARRAY_TASK_ID" in result.script


def test_arithmetic_of_names_is_live_and_renamed_but_a_command_in_it_is_not() -> None:
    assert shell_word("$((${SLURM_ARRAY_TASK_ID}-1))") == '"$((${SLURM_ARRAY_TASK_ID}-1))"'
    assert not kept_as_text("--fold=$((SLURM_ARRAY_TASK_ID % 4))")
    assert kept_as_text("$(($(id -u)+1))") and kept_as_text("$((a[$(ls)]))")
    text, done = translate_scheduler_vars("i=$((LSB_JOBINDEX - 1))", "pbs")
    assert text == "i=$((PBS_ARRAY_INDEX - 1))" and done


def test_an_arithmetic_word_is_evaluated_by_the_shell() -> None:
    import subprocess
    out = subprocess.run(["bash", "-c", f"I=4; printf '%s' {shell_word('f$((${I}-1)).txt')}"],
                         capture_output=True, text=True, timeout=10, check=True).stdout
    assert out == "f3.txt"


SLURM_EXPORT_NONE = """#!/bin/bash -l
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
#SBATCH --export=NONE
unset SLURM_EXPORT_ENV
srun python train.py
"""

SGE_ENV = """#!/bin/bash
#$ -V -cwd
#$ -l h_rt=02:30:00
#$ -l coproc_v100=1
python train.py
"""


def test_export_none_onto_pbs_is_its_default_and_said_so() -> None:
    result = port(SLURM_EXPORT_NONE, ["polaris"])["polaris"]
    assert "--export=NONE" not in result.script.split("set -eo")[0].replace("# source", "")
    assert any("--export=NONE` is not needed" in n and "passes none without -V" in n
               for n in result.notes)
    kept = port(SLURM_EXPORT_NONE, ["perlmutter"])["perlmutter"]
    assert "#SBATCH --export=NONE" in kept.script and "unset SLURM_EXPORT_ENV" in kept.script


def test_export_all_and_named_variables_onto_pbs_and_back() -> None:
    script = SLURM_EXPORT_NONE.replace("--export=NONE", "--export=ALL,DATA=/scratch/d")
    result = port(script, ["polaris"])["polaris"]
    assert "#PBS -V\n#PBS -v DATA=/scratch/d" in result.script
    pbs = "#!/bin/bash\n#PBS -l select=1:ngpus=1\n#PBS -l walltime=01:00:00\n#PBS -V\n" \
          "#PBS -v SEED=3\npython train.py\n"
    back = port(pbs, ["delta"])["delta"]
    assert "#SBATCH --export=ALL\n" in back.script and "#SBATCH --export=ALL,SEED=3" in back.script


def test_grid_engine_site_gpu_resources_and_whole_environment_are_read() -> None:
    for target, line in (("delta", "#SBATCH --export=ALL"), ("aurora", "#PBS -V")):
        result = port(SGE_ENV, [target])[target]
        assert result.status != "refused", result.notes
        assert line in result.script
    ucl = SGE_ENV.replace("coproc_v100=1", "gpu=true")
    assert port(ucl, ["delta"])["delta"].spec.gpus_per_node == 1


REQUEUE = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --time=08:00:00
#SBATCH --signal=SIGUSR1@240
#SBATCH --requeue
srun python train.py
"""


def test_requeue_is_pbs_rerunnable_and_back() -> None:
    pbs = port(REQUEUE, ["polaris"])["polaris"]
    assert "#PBS -r y" in pbs.script
    back = "#!/bin/bash\n#PBS -l select=1:ngpus=1\n#PBS -l walltime=01:00:00\n#PBS -r n\n" \
           "python train.py\n"
    assert "#SBATCH --no-requeue" in port(back, ["delta"])["delta"].script


def test_a_signal_before_the_time_limit_onto_pbs_says_what_is_lost() -> None:
    notes = port(REQUEUE, ["aurora"])["aurora"].notes
    said = [n for n in notes if "--signal=SIGUSR1@240" in n]
    assert said and "240 s before the time limit" in said[0] and "SIGTERM" in said[0]
    assert "--signal=SIGUSR1@240" in port(REQUEUE, ["delta"])["delta"].script


CLSP = """#!/bin/bash
#$ -cwd
#$ -l gpu=1
#$ -l h_rt=04:00:00
#$ -o ./logs
source activate myenv
CUDA_VISIBLE_DEVICES=`free-gpu` python main.py --epochs 3
"""


def test_a_gpu_picked_by_another_centres_command_is_not_copied_and_visibility_is_set() -> None:
    result = port(CLSP, ["polaris"])["polaris"]
    assert "free-gpu" not in result.script
    assert "export CUDA_VISIBLE_DEVICES=0" in result.script
    assert any("`free-gpu` is JHU CLSP grid's own command" in n for n in result.notes)


def test_a_grid_engine_output_folder_is_said_to_be_a_file_name_for_sbatch() -> None:
    notes = port(CLSP, ["perlmutter"])["perlmutter"].notes
    assert any("write `./logs/%x.o%j`" in n for n in notes)


def test_mail_events_are_translated_between_slurm_grid_engine_and_pbs() -> None:
    sge = SGE_ENV.replace("#$ -V -cwd\n", "#$ -V -cwd\n#$ -m be\n")
    assert "#PBS -m be" in port(sge, ["aurora"])["aurora"].script
    pbs = "#!/bin/bash\n#PBS -l select=1:ngpus=1\n#PBS -l walltime=01:00:00\n#PBS -m abe\n" \
          "python train.py\n"
    assert "#SBATCH --mail-type=FAIL,BEGIN,END" in port(pbs, ["delta"])["delta"].script


def test_a_dependency_on_the_source_sites_jobs_is_not_carried() -> None:
    script = REQUEUE.replace("#SBATCH --requeue\n", "#SBATCH --dependency=afterok:4242424\n")
    for target in ("delta", "polaris"):
        result = port(script, [target])[target]
        assert "# source directive, not carried: #SBATCH --dependency=afterok:4242424" in (
            result.script)
        assert any("waits for job(s) 4242424 of the source site" in n for n in result.notes)
    single = REQUEUE.replace("#SBATCH --requeue\n", "#SBATCH --dependency=singleton\n")
    assert "#SBATCH --dependency=singleton" in port(single, ["delta"])["delta"].script
    pbs = "#!/bin/bash\n#PBS -l select=1:ngpus=1\n#PBS -l walltime=01:00:00\n" \
          "#PBS -W depend=afterok:12345.pbs01\npython train.py\n"
    assert "--dependency" not in port(pbs, ["delta"])["delta"].script.replace("`", "")
