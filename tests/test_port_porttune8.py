"""Issue 14, bench/porttune8_probe: the classes of silently wrong ports left in bench/unseen8's
tune half. A centre-only command (``ncar_pylib``) is not copied, with what it did; a ``cd`` into
the source's filesystem is kept and flagged; the user's ``PYTHONPATH`` is kept as their export;
a container's flags and working directory survive; a program behind ``nice``/``numactl`` is
named. Fixtures written here, not copied."""

from __future__ import annotations

from maple_flow import port
from maple_flow.knowledge.site_commands import site_command, site_commands
from maple_flow.port.rules import classify_env

HEAD = "#!/bin/bash\n#SBATCH -n 1\n#SBATCH --gres=gpu:1\n#SBATCH -t 2:00:00\n"


def _notes(r: object) -> str:
    return "\n".join(r.notes)  # type: ignore[attr-defined]


def test_the_centre_only_command_data_loads_and_names_its_sites() -> None:
    data = site_commands()
    assert "ncar_pylib" in data.commands and all(c.sources for c in data.commands.values())
    assert site_command("ncar_pylib", "delta") is not None
    assert site_command("interact", "bridges2") is None  # PSC's own, on PSC's cluster
    assert site_command("python", "delta") is None
    assert site_command("shifterimg", "perlmutter") is None
    assert site_command("/usr/bin/shifterimg", "delta") is not None


def test_a_centre_only_env_command_is_not_copied_and_says_what_it_did() -> None:
    script = (HEAD + "module load python/3.7.5\nncar_pylib my_clone\n"
              "pip install -e .\npython train.py cfg.yml\n")
    for target in ("delta", "polaris"):
        r = port(script, target)[target]
        assert "ncar_pylib" not in r.script.split("# The job's own set-up steps")[-1], target
        assert "`ncar_pylib` is NCAR's own command" in _notes(r)
        assert "pip install -e ." in r.spec.setup_steps  # the user's own lines stay


def test_a_centre_only_command_is_kept_on_its_own_centre() -> None:
    script = HEAD + "interact -p GPU-shared\npython train.py\n"
    r = port(script, "bridges2")["bridges2"]
    assert "interact -p GPU-shared" in r.spec.setup_steps
    assert "is PSC's own command" not in _notes(r)


def test_a_cd_into_the_source_filesystem_stays_for_an_absolute_program() -> None:
    script = (HEAD + "cd /usr/stud/me/code/proj\n"
              "srun -u /usr/stud/me/envs/x/bin/python3 /usr/stud/me/code/proj/run.py "
              "--config /usr/stud/me/code/proj/cfg.yaml -f\n")
    r = port(script, "lonestar6")["lonestar6"]
    assert r.spec.setup_steps[0] == "cd /usr/stud/me/code/proj"
    assert "/usr/stud/me/code/proj is on the source's filesystem: make it exist" in _notes(r)


def test_a_site_variable_cd_stays_too() -> None:
    # `cd $WORK` then relative paths: dropping it ran everything from the submit directory
    script = HEAD + "cd $WORK/proj\npython $HOME/code/train.py --data data/\n"
    r = port(script, "delta")["delta"]
    assert "cd $WORK/proj" in r.spec.setup_steps


def test_pythonpath_to_the_users_code_is_kept_as_their_export_and_flagged() -> None:
    verdict = classify_env("PYTHONPATH", "/mmfs1/gscratch/me/LLaVA:$PYTHONPATH")
    assert verdict.kind == "step" and "source's filesystem" in verdict.why
    script = (HEAD + 'export PYTHONPATH="/mmfs1/gscratch/me/LLaVA:$PYTHONPATH"\n'
              "python llava/train/train_mem.py\n")
    r = port(script, "vista")["vista"]
    assert 'export PYTHONPATH="/mmfs1/gscratch/me/LLaVA:$PYTHONPATH"' in r.script
    assert "import path names directories of the source's filesystem" in _notes(r)


def test_a_path_export_is_named_as_a_path_not_a_network_setting() -> None:
    verdict = classify_env("PATH", "/glade/u/home/me/env/bin:$PATH")
    assert verdict.kind == "path"
    assert classify_env("PATH", "$CONDA_PREFIX/bin:$PATH").kind == "step"


def test_apptainer_flags_without_a_value_do_not_swallow_the_image() -> None:
    script = HEAD + "apptainer exec --nv --writable-tmpfs env.sif python example.py\n"
    r = port(script, "delta")["delta"]
    assert "--writable-tmpfs env.sif torchrun" in r.script or (
        "--writable-tmpfs env.sif python" in r.script and "python torchrun" not in r.script)
    assert "image python" not in _notes(r)


def test_a_container_working_directory_from_the_shell_stays_live() -> None:
    script = HEAD + 'srun singularity exec --nv --pwd "$(pwd)" img.sif python train.py\n'
    r = port(script, "delta")["delta"]
    assert '--pwd "$PWD" img.sif' in r.script and "'$(pwd)'" not in r.script
    cwd = HEAD + "apptainer exec --nv --cwd /code img.sif python train.py\n"
    assert "--pwd /code img.sif" in port(cwd, "bridges2")["bridges2"].script


def test_a_dropped_container_names_its_working_directory_on_the_host() -> None:
    script = (HEAD + "apptainer exec --nv -B /home/me/proj:/code --pwd /code/run img.sif "
              "python train.py\n")
    r = port(script, "aurora")["aurora"]  # a CUDA image does not run on Intel GPUs
    assert "put `cd /home/me/proj/run` before the launch" in _notes(r)
    same = HEAD + "apptainer exec --nv -B $PWD:/w --pwd /w img.sif python train.py\n"
    assert "(--pwd)" not in _notes(port(same, "aurora")["aurora"])


def test_a_program_behind_nice_or_numactl_is_read_and_the_prefix_kept() -> None:
    """The prefix is kept on the target's launch with a note (bench/runners_probe; it was
    named as not carried before)."""
    pbs = ("#!/bin/bash\n#PBS -l walltime=01:00:00\n#PBS -l nodes=1:ppn=1:gpus=1\n"
           "nice -19 python run.py a.yaml\n")
    r = port(pbs, "vista")["vista"]
    assert r.status == "generated" and "run.py a.yaml" in r.script
    assert "nice -19 " in r.script
    assert "your `nice -19` in front of the program is kept" in _notes(r)
    bound = port(HEAD + "numactl --cpunodebind=0 python run.py\n", "delta")["delta"]
    assert "numactl --cpunodebind=0 " in bound.script
    assert "`numactl --cpunodebind=0` in front of the program is kept" in _notes(bound)


def test_source_activate_of_an_env_on_the_source_filesystem_is_an_env_activation() -> None:
    script = HEAD + "source activate /remote/me/conda/venv\npython run.py\n"
    r = port(script, "stampede3")["stampede3"]
    # the user's env on the source's filesystem: kept, the path flagged (issue 14)
    assert "source activate /remote/me/conda/venv" in r.spec.setup_steps
    assert "your conda env /remote/me/conda/venv is your own environment" in _notes(r)
    named = port(HEAD + "source activate myenv\npython run.py\n", "delta")["delta"]
    assert "source activate myenv" in named.spec.setup_steps


def test_a_users_path_variable_is_kept_flagged_so_the_arguments_reading_it_are_not_empty() -> None:
    script = (HEAD + "export DATA=/scratch/me/set\nexport TZ=/usr/share/zoneinfo/UTC\n"
              "UV_PROJECT=/home/me/proj uv run train.py --data $DATA\n")
    r = port(script, "polaris")["polaris"]
    assert "export DATA=/scratch/me/set" in r.script
    assert "export UV_PROJECT=/home/me/proj" in r.script
    assert "`export DATA=/scratch/me/set`: names a location of the source's filesystem" in (
        _notes(r))
    assert "TZ=/usr/share/zoneinfo/UTC points to" not in _notes(r)  # every node has it


def test_a_proxy_is_the_sites_and_a_url_is_no_path() -> None:
    assert classify_env("https_proxy", "http://proxy.example.org:3128").kind == "site"
    assert classify_env("WANDB_BASE_URL", "https://wandb.example.org").kind == "keep"


def test_a_dropped_container_names_the_environment_it_gave_the_program() -> None:
    script = (HEAD + "apptainer exec --nv --env PYTHONPATH=$(pwd) img.sif "
              "python tools/train.py cfg.py\n")
    r = port(script, "aurora")["aurora"]  # a CUDA image does not run on Intel GPUs
    assert "its environment settings (PYTHONPATH=$(pwd)) no longer reach the program" in (
        _notes(r))


def test_a_bare_source_activate_goes_with_the_dropped_path_export_it_relied_on() -> None:
    script = (HEAD + "export PATH=/vol/bitbucket/me/venv/bin/:$PATH\nsource activate\n"
              "python distributed.py\n")
    r = port(script, "delta")["delta"]
    assert "source activate" not in r.spec.setup_steps
    assert "activates the env whose `activate` comes first on $PATH" in _notes(r)
    kept = port(HEAD + "source activate\npython distributed.py\n", "delta")["delta"]
    assert "source activate" in kept.spec.setup_steps


def test_container_environment_variables_follow_the_container() -> None:
    script = (HEAD + 'SINGULARITYENV_PYTHONPATH="$(pwd)"\nexport SINGULARITYENV_PYTHONPATH\n'
              "srun singularity exec --nv pytorch_24.01-py3.sif python train.py\n")
    carried = port(script, "delta")["delta"]  # the image runs under Delta's apptainer
    assert 'export SINGULARITYENV_PYTHONPATH="$(pwd)"' in carried.script
    assert "passes PYTHONPATH into your container" in _notes(carried)
    dropped = port(script, "aurora")["aurora"]  # a CUDA image does not run on Intel GPUs
    assert 'export PYTHONPATH="$(pwd)"' in dropped.script
    assert "set as `export PYTHONPATH=$(pwd)` for the program" in _notes(dropped)
