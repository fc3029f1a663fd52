"""Ports of scripts written for centres outside the ten clusters (bench/portother_probe):
the user's job kept, only what is the source site's dropped or replaced, each with a note."""

from __future__ import annotations

from maple_flow import port
from maple_flow.scriptparse import parse_script

PBS = """#!/bin/bash -l
#PBS -A datascience
#PBS -l select=2:ncpus=64:ngpus=4:mpiprocs=4
#PBS -l walltime=01:00:00
#PBS -q prod
"""
#: IDRIS Jean Zay's documented set-up: purge, clear the inherited env, load the site's PyTorch.
IDRIS = """#!/bin/bash
#SBATCH --job-name=t
#SBATCH -C v100-32g
#SBATCH --qos=qos_gpu-t3
#SBATCH --account abc@v100
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
module purge
conda deactivate
module load pytorch-gpu/py3/1.8.1
"""


def _notes(result: object) -> str:
    return "\n".join(result.notes)


def test_background_launch_in_a_loop_keeps_the_loop_and_its_concurrency() -> None:
    """``for S ...; do launch &; done; wait``: each pass starts the launch in the background;
    the launch stands on its own line (issue 14 item 8), so the loop is kept, with the `&`
    and the `wait` after it (the passes run at once, as in the source)."""
    body = "for S in 1 2\ndo\n    mpiexec -n 8 --ppn 4 python bench.py $S &\ndone\nwait\n"
    assert parse_script(PBS + body).launch_tail == "&"
    r = port(PBS + body, "perlmutter")["perlmutter"]
    assert r.status == "generated", _notes(r)
    lines = r.script.splitlines()
    start = lines.index("for S in 1 2")
    end = lines.index("done")
    launch_end = next(i for i in range(start, end) if "bench.py" in lines[i])
    assert lines[launch_end].rstrip().endswith("python bench.py $S &")
    assert any(ln.startswith("wait") for ln in lines[end + 1:])
    assert "shares its line" not in _notes(r)


def test_inherited_conda_deactivate_is_not_copied_to_a_target_that_activates_its_env() -> None:
    """Kept after the target's ``conda activate pytorch`` the user's ``conda deactivate``
    would undo it and the program would run without PyTorch: not copied, with a note."""
    # the PVC nodes, named: the V100 the source asks would otherwise take it to the h100 queue
    r = port(IDRIS + "python train.py\n", "stampede3", queue="pvc")["stampede3"]
    assert r.status == "generated", _notes(r)
    assert "conda activate pytorch" in r.script
    assert "conda deactivate" not in r.script
    assert "`conda deactivate` is not copied" in _notes(r)


def test_deactivate_after_the_users_own_activation_is_kept() -> None:
    script = (IDRIS.replace("conda deactivate\n", "")
              + "conda activate myenv\npython prep.py\nconda deactivate\npython train.py\n")
    r = port(script, "stampede3")["stampede3"]
    assert "conda activate myenv" in r.script
    assert "conda deactivate" in r.script


def test_source_activate_of_an_env_on_the_source_filesystem_is_kept_flagged() -> None:
    """conda's old ``source activate ENV`` is read as ``conda activate ENV``: an env the user
    built in a project area of the source site (Frontier's /lustre/orion) is the user's own
    environment: kept (the program needs its packages), the path flagged (issue 14); one in
    the site's software tree (/sw) is the site's, replaced by the target's stack."""
    script = (IDRIS.replace("conda deactivate\n", "")
              + "source activate /lustre/orion/abc123/proj-shared/envs/torch\npython train.py\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert "source activate /lustre/orion/abc123/proj-shared/envs/torch" in r.script
    assert ("your conda env /lustre/orion/abc123/proj-shared/envs/torch is your own environment "
            "(on the source's filesystem): kept") in _notes(r)
    site = port(script.replace("/lustre/orion/abc123/proj-shared", "/sw/frontier/anaconda3"),
                "perlmutter")["perlmutter"]
    assert "source activate /sw/frontier" not in site.script
    assert "the source site's own (in its software tree" in _notes(site)
    mine = port(script.replace("/lustre/orion/abc123/proj-shared/envs/torch", "torch"),
                "perlmutter")["perlmutter"]
    assert "source activate torch" in mine.script
    assert "your conda env torch" in _notes(mine)


SLURM_1 = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
"""
#: LUMI's own partition and account form (templates/sites/other_sites.yaml): AMD GPUs.
LUMI = SLURM_1.replace("#SBATCH --nodes=1\n", "#SBATCH --nodes=1\n#SBATCH --partition=small-g\n"
                       "#SBATCH --account=project_465000999\n")


def _launch_line(script: str) -> str:
    lines = script.splitlines()
    return next(ln.strip() for ln in lines if " train.py" in ln)


def test_apptainer_mount_bind_is_carried_as_a_bind() -> None:
    script = SLURM_1 + ("srun singularity exec --nv --mount type=bind,src=/scratch/p1,dst=/data "
                        "img.sif python train.py\n")
    r = port(script, "delta")["delta"]
    assert _launch_line(r.script).startswith("apptainer exec --nv -B /scratch/p1:/data img.sif")


def test_an_amd_sites_image_is_not_carried_and_the_note_says_it_is_a_rocm_build() -> None:
    image = "pytorch-v2.5.1-rocm.sif"  # a current build: the target's stack may stand in
    r = port(LUMI + f"srun singularity exec {image} python train.py\n", "polaris")["polaris"]
    assert image not in _launch_line(r.script)
    assert "runs on the source's AMD GPUs (a ROCm build" in _notes(r)
    assert "by hand" not in _notes(r)  # a ROCm image does not run on the target's GPUs


def test_an_image_run_without_nv_on_an_unnamed_site_is_dropped_saying_what_to_do() -> None:
    image = "pytorch_24.01-py3.sif"  # a current build: the target's stack may stand in
    r = port(SLURM_1 + f"srun apptainer exec {image} python train.py\n", "delta")["delta"]
    assert image not in _launch_line(r.script)
    assert "add --nv to the apptainer line if the image is a CUDA one" in _notes(r)


def test_an_nvidia_sites_image_run_without_nv_gets_the_targets_gpu_option() -> None:
    """CSCS Alps (its own --uenv directive; GH200) gives the GPUs to images without --nv."""
    script = SLURM_1 + ("#SBATCH --uenv=pytorch/v2.6.0:v1\n"
                        "srun apptainer exec img.sif python train.py\n")
    r = port(script, "delta")["delta"]
    assert _launch_line(r.script).startswith("apptainer exec --nv img.sif python train.py")
    assert "has no --nv (its site's GPUs are NVIDIA ones" in _notes(r)


def test_a_site_plugin_directive_is_named_for_what_it_did() -> None:
    script = SLURM_1 + ("#SBATCH --environment=/users/me/ngc.toml\n"
                        "#SBATCH --uenv=pytorch/v2.6.0:v1\nsrun python train.py\n")
    r = port(script, "polaris")["polaris"]
    assert "# source directive, not carried: #SBATCH --environment=/users/me/ngc.toml" in r.script
    notes = _notes(r)
    assert "runs the job in a container of CSCS's Container Engine" in notes
    assert "runs the job in a CSCS uenv" in notes
    assert "has no counterpart the port can carry" not in notes


def test_an_amd_site_named_by_its_partition_gets_the_device_family_note() -> None:
    r = port(LUMI + "srun python train.py\n", "aurora")["aurora"]
    assert "the source runs on AMD GPUs" in _notes(r)


def test_a_sites_runscript_for_python_is_the_interpreter_not_the_program() -> None:
    """LUMI's container runscript ``conda-python-distributed -u x.py`` is python there: the
    program is x.py, run with the target's interpreter (was kept as an installed command)."""
    script = LUMI + "srun singularity exec $SIFPYTORCH conda-python-distributed -u mnist.py --gpu\n"
    back = parse_script(script)
    assert (back.launch.entrypoint, back.launch.args) == ("mnist.py", ["--gpu"])
    r = port(script, "delta")["delta"]
    assert "conda-python-distributed" not in r.script
    assert "mnist.py --gpu" in r.script
    assert "`conda-python-distributed` is LUMI's own command for python" in _notes(r)


def test_a_site_plugin_option_on_srun_is_named_for_what_it_did() -> None:
    r = port(SLURM_1 + "srun --environment=/users/me/ngc.toml python train.py\n",
             "delta")["delta"]
    assert "runs the job in a container of CSCS's Container Engine" in _notes(r)


SUMMIT = """#!/bin/bash
#BSUB -P ABC123
#BSUB -W 1:00
#BSUB -nnodes 2
#BSUB -alloc_flags "nvme smt4"
#BSUB -N
#BSUB -u me@lab.org
#BSUB -o run.%J.out
module load open-ce/1.5.0-py38-0
jsrun -n 12 -r 6 -a 1 -g 1 -c 7 python train.py --x 1
"""


def test_an_lsf_directive_the_port_does_not_map_is_kept_as_a_comment_with_a_note() -> None:
    """Issue 14: a directive is never dropped without a note (``-alloc_flags``, ``-N`` were)."""
    r = port(SUMMIT, "delta")["delta"]
    assert r.spec.nodes * r.spec.gpus_per_node == 12
    assert '# source directive, not carried: #BSUB -alloc_flags "nvme smt4"' in r.script
    assert "# source directive, not carried: #BSUB -N" in r.script
    notes = _notes(r)
    assert "`#BSUB -alloc_flags \"nvme smt4\"` has no counterpart" in notes
    assert "#SBATCH --mail-user=me@lab.org" in r.script
    # LSF's %J is the job id: Slurm's is %j (its %J is job id.step id)
    assert "your directive `#BSUB -o run.%J.out` is kept as `#SBATCH --output=run.%j.out`" in notes


def test_lsf_one_host_span_is_read_as_one_node() -> None:
    from maple_flow.scriptparse.lsf import lsf_directives

    text = '#BSUB -n 4\n#BSUB -R "span[hosts=1]"\n#BSUB -gpu "num=4"\n'
    assert [(d.option, d.value) for d in lsf_directives(text)] == [
        ("ntasks", "4"), ("nodes", "1"), ("gpus-per-node", "4")]
    summit = '#BSUB -nnodes 2\n#BSUB -R "span[hosts=1]"\n'
    assert [(d.option, d.value) for d in lsf_directives(summit)] == [("nodes", "2")]


def test_amd_build_targets_are_not_copied_to_nvidia_gpus() -> None:
    """``PYTORCH_ROCM_ARCH=gfx90a`` (Frontier/LUMI's MI250X) names AMD GPUs."""
    r = port(SLURM_1 + "export PYTORCH_ROCM_ARCH=gfx90a\nsrun python train.py\n",
             "delta")["delta"]
    assert "gfx90a" not in r.script
    assert "`PYTORCH_ROCM_ARCH` belongs to amd GPUs" in _notes(r)


LSF_ARRAY = """#!/bin/bash
#BSUB -P ABC123
#BSUB -W 0:30
#BSUB -nnodes 1
#BSUB -J sweep[1-10]%2
jsrun -n 6 -r 6 -a 1 -g 1 -c 7 python train.py --seed $LSB_JOBINDEX
"""


def test_an_lsf_job_array_is_kept_on_slurm_with_its_index_renamed() -> None:
    """``#BSUB -J name[1-10]%2`` is an array (was read as a job name with odd characters,
    dropped, and $LSB_JOBINDEX left unset)."""
    r = port(LSF_ARRAY, "delta")["delta"]
    assert "#SBATCH --array=1-10%2" in r.script and "#SBATCH -J sweep" in r.script
    assert r.spec.args == ["--seed", "$SLURM_ARRAY_TASK_ID"]
    pbs = port(LSF_ARRAY, "polaris")["polaris"]  # issue 14: translated (was refused)
    assert pbs.status == "generated" and "#PBS -J 1-10\n" in pbs.script
    assert "limit of 2 tasks running at once (%2) is not carried" in _notes(pbs)


def test_a_sites_own_launcher_is_read_as_the_launcher_it_stands_for() -> None:
    """IDRIS's ``srun idr_accelerate [accelerate options] train.py`` is accelerate launch, once
    a node (was: no launch line found)."""
    script = (IDRIS.replace("#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:1",
                            "#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:4")
              .replace("conda deactivate\n", "")
              + "srun idr_accelerate --mixed_precision fp16 train.py --lr 0.5\n")
    back = parse_script(script)
    assert [s.name for s in back.launch.stages] == ["srun", "accelerate"]
    assert (back.launch.entrypoint, back.launch.args) == ("train.py", ["--lr", "0.5"])
    r = port(script, "delta")["delta"]
    assert r.status == "generated", _notes(r)
    assert r.spec.nodes * r.spec.gpus_per_node == 8
    assert "accelerate launch" in r.script and "idr_accelerate" not in r.script
    assert "--mixed_precision fp16 train.py --lr 0.5" in r.script
    assert "`idr_accelerate` is IDRIS Jean Zay's own launcher command" in _notes(r)


def test_the_source_gpus_build_architectures_are_not_copied() -> None:
    """``TORCH_CUDA_ARCH_LIST=7.0`` (Summit's V100) would build extensions that do not run on
    the target's GPUs; unset, PyTorch builds them for the GPUs it finds."""
    r = port(SUMMIT.replace("module load", 'export TORCH_CUDA_ARCH_LIST="7.0"\nmodule load'),
             "delta")["delta"]
    assert "TORCH_CUDA_ARCH_LIST" not in r.script
    assert "the source's GPU architectures, that CUDA extensions are built for" in _notes(r)


def test_other_sites_are_named_only_by_what_none_of_the_ten_has() -> None:
    """A site outside the ten is recognised by its own partitions: none is a queue of the ten
    clusters (a Delta script must never be read as LUMI's)."""
    from maple_flow.knowledge.clusters import CLUSTER_IDS, get_profile
    from maple_flow.knowledge.other_sites import other_sites

    ours = {q.name.lower() for c in CLUSTER_IDS for q in get_profile(c).queues.items}
    theirs = {p.lower() for s in other_sites().values() for p in s.partitions}
    assert theirs and not theirs & ours
    assert {"lumi", "jean-zay", "leonardo", "jsc", "alps"} <= set(other_sites())


def test_a_container_without_nv_on_a_named_nvidia_site_is_carried() -> None:
    script = SLURM_1.replace("#SBATCH --nodes=1\n",
                             "#SBATCH --nodes=1\n#SBATCH -p boost_usr_prod\n")
    r = port(script + "srun singularity exec $HOME/img.sif python train.py\n", "delta")["delta"]
    assert _launch_line(r.script).startswith('apptainer exec --nv "$HOME/img.sif"')


def test_a_named_sites_gpu_count_sizes_a_per_node_launch_as_the_tens_do() -> None:
    """LUMI's 8 GCDs a node, as a known cluster's count: ``torchrun --nproc_per_node=gpu`` on
    2 LUMI nodes is 16 ranks, with the note the ten's scripts get (was: asked)."""
    script = (LUMI.replace("#SBATCH --nodes=1\n", "#SBATCH --nodes=2\n#SBATCH --exclusive\n")
              .replace("#SBATCH --gpus-per-node=1\n", "")
              + "srun torchrun --nnodes=2 --nproc_per_node=gpu train.py\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert r.spec.nodes * r.spec.gpus_per_node == 16
    assert "read as one per GPU of a LUMI node (8), 16 ranks in total" in _notes(r)


SITE_ENV_HEAD = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:1
#SBATCH --time=02:00:00
"""


def test_users_env_at_an_absolute_path_is_kept_and_the_site_one_replaced() -> None:
    """Issue 14 (bench/s22siteenv_probe, BluePebble): an environment line is classed by what
    it provides. The user's conda env / venv / conda install at a path of the source's
    filesystem (work, home, project areas) is kept and flagged; a conda or env in the site's
    software tree (/apps, /opt, /sw, /soft, /usr, /share/apps) is the site's stack, replaced by
    the target's."""
    own = (SITE_ENV_HEAD + "module load lang/python/anaconda/3.7-2019.03\n"
           "source activate /user/work/al18709/.conda/envs/jungle\n"
           "source /home/me/proj/.venv/bin/activate\n"
           "source /u/me/miniconda3/etc/profile.d/conda.sh\nsrun python make_predictions.py\n")
    for target in ("polaris", "perlmutter"):
        r = port(own, target)[target]
        for line in ("source activate /user/work/al18709/.conda/envs/jungle",
                     "source /home/me/proj/.venv/bin/activate",
                     "source /u/me/miniconda3/etc/profile.d/conda.sh"):
            assert line in r.script, (target, line)
        notes = _notes(r)
        assert "/user/work/al18709/.conda/envs/jungle is your own environment" in notes
        assert "re-create it there: it was built against the source's" in notes
    # on GPUs of another vendor it cannot run: not carried, the note says to re-create it
    aurora = port(own.replace("module load lang", "module load cuda/11.8 lang"), "aurora")["aurora"]
    assert "/user/work/al18709/.conda/envs/jungle" not in aurora.script
    assert ("built for the source's NVIDIA GPUs, and Aurora has Intel GPUs: it cannot run there"
            in _notes(aurora))
    assert "your conda install /u/me/miniconda3 is your own environment" in _notes(
        port(own, "delta")["delta"])
    site = (SITE_ENV_HEAD + "source /apps/anaconda3/etc/profile.d/conda.sh\n"
            "conda activate /opt/conda/envs/pytorch\nsrun python train.py\n")
    r = port(site, "polaris")["polaris"]
    assert "/apps/anaconda3" not in r.script and "/opt/conda/envs" not in r.script
    assert "the source site's own (in its software tree" in _notes(r)


def test_conda_module_tool_note_names_the_tool_not_the_shell_builtin() -> None:
    """`module load anaconda3` then `source activate env`: the module provided conda's
    `activate`; the note named the shell's `source` (bench/s22siteenv_probe)."""
    script = (SITE_ENV_HEAD + "module load anaconda3/2021.05\nsource activate pytorch_env\n"
              "python3 ./train.py\n")
    notes = _notes(port(script, "lonestar6")["lonestar6"])
    assert "(line 6) provided `activate`, which the job runs later" in notes
    assert "provided `source`" not in notes
