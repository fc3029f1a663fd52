"""The user's container carried to the target's runtime (issue 14: "the site's modules,
environment, container runtime: replaced by the target's, with notes")."""

from __future__ import annotations

import itertools

import pytest
from pydantic import ValidationError

from maple_flow import port
from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import ClusterProfile

HEAD = """#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -A abc
#SBATCH -t 01:00:00
"""
SIF = HEAD + ("srun singularity exec --nv -B /scratch:/scratch /home/u/pytorch-24.01.sif "
             "python train.py --lr 1\n")
SHIFTER = HEAD + ("#SBATCH --image=nersc/pytorch:24.06.01\n#SBATCH --module=gpu,nccl-plugin\n"
                  "srun shifter python train.py --lr 1\n")


def _launch(script: str, target: str) -> tuple[str, str]:
    r = port(script, target)[target]
    line = next(x.strip() for x in r.script.splitlines() if "train.py" in x)
    return line, "\n".join(r.notes)


@pytest.mark.parametrize(("target", "runtime"), [
    ("delta", "apptainer"), ("deltaai", "apptainer"), ("bridges2", "singularity")])
def test_a_sif_runs_under_the_target_runtime(target: str, runtime: str) -> None:
    # the image's interpreter as the user named it (Delta's host stack calls it python3)
    line, notes = _launch(SIF, target)
    assert line == (f"{runtime} exec --nv -B /scratch:/scratch /home/u/pytorch-24.01.sif "
                    "python train.py --lr 1")
    assert "a file of the source's filesystem: copy it" in notes
    assert "bind mounts (/scratch:/scratch) name paths of the source's filesystem" in notes
    assert "is not used on the target" not in notes
    assert ("aarch64" in notes) == (target == "deltaai")


def test_a_shifter_image_becomes_a_docker_uri_for_apptainer() -> None:
    line, notes = _launch(SHIFTER, "delta")
    assert line == "apptainer exec --nv docker://nersc/pytorch:24.06.01 python train.py --lr 1"
    assert "pulled by the runtime from its registry" in notes


def test_a_sif_cannot_run_under_shifter_so_it_is_dropped_saying_why() -> None:
    line, notes = _launch(SIF, "perlmutter")
    assert "pytorch-24.01.sif" not in line and "exec" not in line
    assert "container /home/u/pytorch-24.01.sif (singularity) is not used on the target" in notes
    assert "runtime shifter runs registry images only: push the image to a registry" in notes


def test_a_cuda_image_is_not_carried_to_intel_gpus() -> None:
    line, notes = _launch(SIF, "aurora")
    assert "pytorch-24.01.sif" not in line
    assert "a CUDA image does not run there" in notes


@pytest.mark.parametrize(("target", "loads"), [
    ("polaris", "module load spack-pe-base/0.6.2 apptainer"),
    ("lonestar6", "module load tacc-apptainer"), ("vista", "module load tacc-apptainer")])
def test_the_target_runtime_is_loaded_before_the_launch(target: str, loads: str) -> None:
    r = port(SIF, target)[target]
    lines = r.script.splitlines()
    launch = next(i for i, x in enumerate(lines) if "train.py" in x)
    assert loads in [x.strip() for x in lines[:launch]]
    assert "apptainer exec --nv -B /scratch:/scratch /home/u/pytorch-24.01.sif" in r.script
    assert r.script.count("module use /soft/modulefiles") <= 1
    # a shellcheck directive written for the launch stays right above it
    assert not any(a.lstrip().startswith("# shellcheck") and b.lstrip().startswith("module ")
                   for a, b in itertools.pairwise(lines))


def test_a_sif_runs_on_anvil_under_singularity() -> None:
    line, _ = _launch(SIF, "anvil")
    assert "singularity exec --nv -B /scratch:/scratch /home/u/pytorch-24.01.sif" in line


def test_a_registry_image_goes_to_shifter_on_perlmutter() -> None:
    script = SIF.replace("/home/u/pytorch-24.01.sif", "docker://nvcr.io/nvidia/pytorch:24.01-py3")
    r = port(script, "perlmutter")["perlmutter"]
    assert "\n#SBATCH --image=nvcr.io/nvidia/pytorch:24.01-py3\n" in r.script
    assert "shifter --module=gpu -V /scratch:/scratch python train.py --lr 1" in r.script
    assert "NCCL shifter module" in "\n".join(r.notes)


def test_podman_hpc_run_is_carried_to_apptainer() -> None:
    script = HEAD + ("srun podman-hpc run --rm --gpu -v /data:/data -e A=1 me/torch:2 "
                     "python train.py --lr 1\n")
    line, notes = _launch(script, "delta")
    assert line == ("apptainer exec --nv -B /data:/data --env A=1 docker://me/torch:2 "
                    "python train.py --lr 1")
    assert "podman-hpc image" in notes


def test_the_container_goes_in_front_of_a_torchrun_launch() -> None:
    # Delta's template launches torchrun: no interpreter word; the image's torchrun runs it
    script = ("#!/bin/bash\n#PBS -l select=1\n#PBS -l walltime=1:00:00\n"
              "singularity exec --nv pt.sif python -m mypkg.train --lr 1\n")
    assert "apptainer exec --nv pt.sif python -m mypkg.train" in port(script, "delta")[
        "delta"].script  # one plain process: the image's python runs it
    r = port(script, "delta", ranks=1)["delta"]
    assert "apptainer exec --nv pt.sif torchrun" in r.script
    assert "your container is not carried" not in "\n".join(r.notes)
    assert "runs inside the image: the image must have it" in "\n".join(r.notes)


def test_a_shifter_env_with_a_source_path_is_dropped_and_named() -> None:
    script = SHIFTER.replace("srun shifter python",
                             "srun shifter --env PYTHONUSERBASE=/global/homes/u/x python")
    line, notes = _launch(script, "delta")
    assert "PYTHONUSERBASE" not in line
    assert "PYTHONUSERBASE=/global/homes/u/x name a path of the source's filesystem" in notes


def test_a_container_runtime_build_step_keeps_its_runtime_word() -> None:
    script = HEAD + ("srun apptainer build --fakeroot image.sif image.def\n"
                     "srun apptainer exec --nv image.sif python train.py --lr 1\n")
    r = port(script, "delta")["delta"]
    assert "\napptainer build --fakeroot image.sif image.def\n" in r.script
    assert " build --fakeroot" not in r.script.replace("apptainer build --fakeroot", "")


def test_runtime_profile_data_is_validated() -> None:
    data = get_profile("lonestar6").model_dump()
    data["container"]["gpu_flag"] = "--gpu"
    with pytest.raises(ValidationError, match="gpu_flag"):
        ClusterProfile.model_validate(data)
    data = get_profile("lonestar6").model_dump()
    data["container"]["modules"] = ["tacc-apptainer; rm -rf ~"]
    with pytest.raises(ValidationError, match="module"):
        ClusterProfile.model_validate(data)


@pytest.mark.parametrize("options", ["--security uid:0 --nv", "--nv --network none", "--rocm",
                                     "-B /scratch:/scratch"])
def test_an_option_not_understood_keeps_the_drop(options: str) -> None:
    line, notes = _launch(SIF.replace("--nv -B /scratch:/scratch", options), "delta")
    assert "apptainer" not in line and "singularity" not in line
    assert "container /home/u/pytorch-24.01.sif (singularity) is not used on the target" in notes


def test_singularity_run_is_carried_as_run_to_apptainer() -> None:
    line, _ = _launch(SIF.replace("singularity exec", "singularity run"), "delta")
    assert line.startswith("apptainer run --nv -B /scratch:/scratch /home/u/pytorch-24.01.sif ")


def test_singularity_run_is_not_carried_to_shifter() -> None:
    script = SIF.replace("singularity exec", "singularity run").replace(
        "/home/u/pytorch-24.01.sif", "docker://nvcr.io/nvidia/pytorch:24.01-py3")
    line, notes = _launch(script, "perlmutter")
    assert "shifter" not in line and "(the image's runscript) has no counterpart" in notes


@pytest.mark.parametrize("image", ["docker:me/torch:24", "torch:24"])
def test_a_shifter_option_image_is_carried(image: str) -> None:
    script = HEAD + f"srun shifter --image={image} python train.py --lr 1\n"
    line, _ = _launch(script, "bridges2")
    bare = image.removeprefix("docker:")
    assert line == f"singularity exec --nv docker://{bare} python train.py --lr 1"


def test_the_image_path_is_quoted() -> None:
    script = SIF.replace("/home/u/pytorch-24.01.sif", "'/home/u/my pt;x.sif'")
    line, _ = _launch(script, "delta")
    assert line.startswith("apptainer exec --nv -B /scratch:/scratch '/home/u/my pt;x.sif' ")


def test_a_container_with_an_unknown_source_is_rejected() -> None:
    data = get_profile("delta").model_dump()
    data["container"]["sources"] = ["NO-SUCH-SOURCE"]
    with pytest.raises(ValidationError, match="container"):
        ClusterProfile.model_validate(data)


def test_a_heredoc_body_running_a_callers_command_is_refused_naming_the_line() -> None:
    script = ("#!/bin/bash\nIMG=$1\nCMD=$2\necho start\npodman-hpc run -it \\\n"
              "    --volume $HOME:/home \\\n    $IMG <<EOF\ncd /home\n$CMD\nexit\nEOF\n")
    with pytest.raises(MapleError, match=r"line 5: `podman-hpc run \.\.\.` runs the heredoc "
                       r"that follows it \(up to `EOF`\) in the container, and its line `\$CMD`"):
        port(script, "delta")


def test_a_container_running_a_callers_command_is_refused_naming_the_line() -> None:
    script = "#!/bin/bash\nIMG=$1\nCMD=$2\npodman-hpc run -it --volume $HOME:/home $IMG $CMD\n"
    with pytest.raises(MapleError, match=r"line 4: `podman-hpc run \.\.\.` runs `\$CMD`"):
        port(script, "delta")


def test_positional_arguments_in_a_bash_c_body_stay_live() -> None:
    # `--rank=$4` in the source's double-quoted bash -c body is the caller's value; bash -c
    # splits the expanded body into words, so the port keeps the words unquoted, as written
    script = HEAD + ('srun singularity exec --nv /home/u/pytorch-24.01.sif bash -c '
                     '"python train.py --rank=$4 --world-size=$3"\n')
    r = port(script, "delta")["delta"]
    assert r.script.rstrip().endswith("train.py --rank=$4 --world-size=$3")


def test_a_launch_inside_a_container_heredoc_is_refused_naming_it() -> None:
    script = HEAD + ("srun singularity exec --nv /home/u/pytorch-24.01.sif bash << EOF\n"
                     "source /opt/venv/bin/activate\npython train.py --lr 1\nEOF\n")
    with pytest.raises(MapleError, match=r"runs the heredoc that follows it \(up to `EOF`\) in "
                       r"the container, and the launch `python train.py --lr 1` is inside it"):
        port(script, "delta")


def test_an_option_not_understood_is_named_in_the_drop_note() -> None:
    _, notes = _launch(SIF.replace("--nv -B /scratch:/scratch", "--nv --security uid:0"),
                       "delta")
    assert "its option --security is not one the port carries: take it off" in notes


DELTAAI_SIF = HEAD.replace("#SBATCH -A abc", "#SBATCH -A bbka-dtai-gh\n#SBATCH -p ghx4") + (
    "srun apptainer exec --nv /u/me/vllm-gh200.sif python train.py --lr 1\n")


def test_an_image_from_aarch64_nodes_is_flagged_on_x86_64_nodes_and_not_on_aarch64() -> None:
    # unseen5's DeltaAI (GH200) apptainer job ported to Delta ran its aarch64 image on x86_64
    # nodes with no word about it
    _, notes = _launch(DELTAAI_SIF, "delta")
    assert "the source's nodes are aarch64, Delta's are x86_64" in notes
    assert "a file image holds one architecture" in notes
    _, notes = _launch(DELTAAI_SIF, "vista")
    assert "the source's nodes are" not in notes and "must be built for aarch64" not in notes


def test_an_image_from_x86_64_nodes_is_flagged_on_aarch64_nodes() -> None:
    _, notes = _launch(SIF.replace("#SBATCH -A abc", "#SBATCH -A abc-delta-gpu\n"
                                   "#SBATCH -p gpuA100x4"), "deltaai")
    assert "the source's nodes are x86_64, DeltaAI's are aarch64" in notes


def test_a_registry_pull_on_alcf_compute_nodes_gets_the_documented_proxy() -> None:
    # Polaris compute nodes reach registries only through proxy.alcf.anl.gov (the profile's
    # container.pull_env, from ALCF's container guide); written before the launch
    r = port(SHIFTER.replace("#SBATCH --module=gpu,nccl-plugin\n", ""), "polaris")["polaris"]
    lines = r.script.splitlines()
    proxy = lines.index("export HTTPS_PROXY=http://proxy.alcf.anl.gov:3128")
    assert proxy < next(i for i, x in enumerate(lines) if "train.py" in x)
    assert "through the site's proxy" in "\n".join(r.notes)


def test_a_file_image_or_a_site_without_a_proxy_gets_no_proxy() -> None:
    assert "proxy" not in port(SIF, "polaris")["polaris"].script
    assert "proxy" not in port(SHIFTER, "delta")["delta"].script


PBS_SIF = """#!/bin/bash
#PBS -l select=1:system=polaris
#PBS -l walltime=0:10:00
#PBS -A abc
mpiexec -n 4 -ppn 4 singularity exec -B "${PBS_O_WORKDIR}":/fme --nv \\
    "${PBS_O_WORKDIR}/containers/dl.sif" python3 /fme/train.py fit
"""


def test_an_image_under_the_submit_directory_is_carried_with_the_targets_variable() -> None:
    r = port(PBS_SIF, "delta")["delta"]
    line = next(x.strip() for x in r.script.splitlines() if "train.py" in x)
    assert line.startswith('apptainer exec --nv -B "${SLURM_SUBMIT_DIR}:/fme" '
                           '"${SLURM_SUBMIT_DIR}/containers/dl.sif" python3 /fme/train.py')
    assert "PBS_O_WORKDIR" not in line


def test_a_dropped_container_names_a_program_that_lies_in_its_bind() -> None:
    # a stock image the target's stack stands in for (a user's own image is refused: below)
    stock = PBS_SIF.replace("containers/dl.sif", "containers/pytorch_24.01.sif")
    notes = "\n".join(port(stock, "perlmutter")["perlmutter"].notes)
    assert ("the program /fme/train.py is a path inside the container (the bind "
            "${PBS_O_WORKDIR}:/fme): on the host it is ${PBS_O_WORKDIR}/train.py") in notes


def test_the_source_sites_own_runtime_binds_are_not_carried() -> None:
    # Polaris's container guide binds /opt and /var/run/palsd/ for its Cray MPICH and PALS
    # (profile container.site_binds); they do not exist as such elsewhere
    script = PBS_SIF.replace('-B "${PBS_O_WORKDIR}":/fme',
                             '-B /opt -B /var/run/palsd/ -B "${PBS_O_WORKDIR}":/fme')
    r = port(script, "delta", source="polaris")["delta"]
    line = next(x.strip() for x in r.script.splitlines() if "train.py" in x)
    assert "/opt" not in line and "palsd" not in line and "/fme" in line
    assert "the bind(s) /opt, /var/run/palsd/ are the source site's own" in "\n".join(r.notes)
    other = port(script, "delta", source="aurora")["delta"].script  # a site with none
    assert "-B /opt -B /var/run/palsd/" in other


@pytest.mark.parametrize(("script", "inside"), [
    (HEAD + 'srun shifter --image=nersc/pytorch:24.06.01 bash -c "source vars.sh && '
            'python train.py"\n', True),
    (HEAD + 'srun bash -c "source vars.sh && python train.py"\n', False)])
def test_a_step_of_the_per_rank_body_kept_once_outside_is_named(script: str,
                                                                inside: bool) -> None:
    # a helper of the user's (it may set the ranks from Slurm's variables) runs once, before
    # the target's launch sets them; only an environment held in the image stays in it
    r = port(script, "delta")["delta"]
    assert "source vars.sh" in r.script
    note = next(n for n in r.notes if "`source vars.sh` ran in the launch's `bash -c` body" in n)
    assert ("inside your shifter image" in note) is inside
    assert ("outside the image" in note) is inside


def test_an_environment_the_body_sets_up_in_the_image_stays_in_the_image() -> None:
    # issue 14: `shifter ... bash -c "source /opt/venv/bin/activate && python train.py"` set
    # up the image's environment; the port ran it once in the batch shell, outside the image
    script = HEAD + ('srun shifter --image=nersc/pytorch:24.06.01 bash -c "source '
                     '/opt/venv/bin/activate && python train.py"\n')
    r = port(script, "delta")["delta"]
    launch = next(x for x in r.script.splitlines() if "train.py" in x)
    assert ('apptainer exec --nv docker://nersc/pytorch:24.06.01 bash -c "source '
            '/opt/venv/bin/activate && \\"\\$@\\"" bash python train.py') in launch
    assert r.script.count("source /opt/venv/bin/activate") == 1
    assert not any("ran in the launch's `bash -c` body" in n for n in r.notes)
    assert any("body runs in the image as you wrote it, its set-up (`source "
               "/opt/venv/bin/activate`)" in n for n in r.notes)


def test_a_users_own_image_the_target_cannot_run_refuses_the_port() -> None:
    # the job knows it breaks without the image (tests/test_port_severity.py): no script
    r = port(PBS_SIF, "perlmutter")["perlmutter"]
    assert r.status == "refused" and r.script == ""
    reason = next(n for n in r.notes if n.startswith("refused for Perlmutter"))
    assert "${PBS_O_WORKDIR}/containers/dl.sif" in reason
    assert "runs registry images only" in reason and "provide an image" in reason


@pytest.mark.parametrize(("body", "kept"), [
    ("cd CADRE/; python3 train.py > myjob.out", '"cd CADRE/; \\"\\$@\\" > myjob.out" bash'),
    ("python train.py 2>&1 | tee train.log", '"\\"\\$@\\" 2>&1 | tee train.log" bash')])
def test_a_body_sending_the_programs_output_to_a_file_is_kept_in_the_image(body: str,
                                                                            kept: str) -> None:
    # issue 14 (unseen29 tune): `apptainer run IMG /bin/bash -c "cd D; python3 x.py > out"`:
    # the port moved the cd out and dropped the user's redirect (the output went to the job's
    # log); and a `| tee` after the program ran again, alone, in the batch shell
    script = HEAD + f'srun singularity exec --nv /home/u/pytorch-24.01.sif bash -c "{body}"\n'
    r = port(script, "delta")["delta"]
    launch = next(x for x in r.script.splitlines() if "train.py" in x)
    assert launch.rstrip().endswith(f"{kept} python{'3' if '3' in body else ''} train.py")
    assert "tee train.log\n" not in r.script and "\ncd CADRE/" not in r.script
    assert not any("no longer sent" in n or "after the program, once" in n for n in r.notes)
    assert any("the program's output goes where the body sends it" in n for n in r.notes)
