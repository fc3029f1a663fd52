"""unseen7 tune causes (issue 14): refusals that name the line they could not read, sizes read
from deepspeed's device list, site interface names, a guard on the script's own arguments, an
accelerate config kept. Every fixture is our own script shape, none copied from a case."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script, read_facts


def test_deepspeed_include_list_with_a_blank_and_quotes_fixes_the_size() -> None:
    script = 'export X=1\ndeepspeed --include localhost:"3, 6, 7" --master_port 29600 fit.py --ds\n'
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (1, 3, 3)
    r = port(script, "delta")["delta"]
    assert (r.spec.nodes, r.spec.gpus_per_node) == (1, 3)


ARRAY_IN_VAR = """#!/bin/bash
#SBATCH -N 3 --ntasks-per-node=1 --gpus-per-node=4
first=$(scontrol show hostnames "$SLURM_NODELIST" | head -1)
addr=$(srun -N1 -n1 -w "$first" hostname -I | awk '{print $1}')
OPTS=(--nproc-per-node 4 --nnodes "$SLURM_NNODES" --rdzv-endpoint "$addr:3000")
run="torchrun ${OPTS[@]} fit.py --epochs 3"
srun --container-image=img.sqsh $run
"""


def test_a_launcher_running_a_variable_is_named_not_the_substitution_helper() -> None:
    with pytest.raises(ParseError) as err:
        parse_script(ARRAY_IN_VAR)
    text = str(err.value)
    assert "line 7: `srun --container-image=img.sqsh $run`" in text
    assert "$run (line 6:" in text and "${OPTS[@]}" in text
    assert "hostname" not in text


def test_a_substituted_helper_is_skipped_for_the_substituted_python_launch() -> None:
    script = "#!/bin/bash\n#SBATCH -N 1\nip=$(srun -N1 -n1 hostname -i)\n"
    script += "res=$(srun -n 2 python3 probe.py 2>&1)\necho \"$res\"\n"
    with pytest.raises(ParseError, match=r"line 4: the launch `srun -n 2 python3 probe.py"):
        parse_script(script)


def test_a_wrapper_given_the_program_as_an_option_text_is_named() -> None:
    script = ("  #PBS -l nodes=1:gpus=4\n  cd $PBS_O_WORKDIR\n"
              '  rundocker -v "/data:/data" -c "python3 /home/u/proj/fit.py --epochs 3" reg/img\n')
    with pytest.raises(ParseError) as err:
        parse_script(script)
    text = str(err.value)
    assert "line 3: `rundocker ... -c \"python3 /home/u/proj/fit.py --epochs 3\"" in text
    assert "wrapper or container launcher" in text


def test_library_interface_names_of_the_source_site_are_not_carried() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=1 --gpus-per-node=4\n"
              "export TP_SOCKET_IFNAME=eth7\nexport GLOO_SOCKET_IFNAME=eth7\n"
              "export MY_RUN=abc\nsrun torchrun --nnodes 2 --nproc_per_node 4 fit.py\n")
    r = port(script, "perlmutter")["perlmutter"]
    assert "eth7" not in r.script and "export MY_RUN=abc" in r.script
    assert any("TP_SOCKET_IFNAME=eth7" in n and "not copied" in n for n in r.notes)


GUARD = """#!/bin/bash
NODE_IDX=$1
[ -z "$NODE_IDX" ] && { echo "usage: $0 IDX"; exit 2; }
torchrun --nnodes 1 --nproc_per_node 4 fit.py --tag run
"""


def test_a_kept_guard_on_the_scripts_arguments_is_noted_on_pbs() -> None:
    r = port(GUARD, "polaris")["polaris"]
    assert 'NODE_IDX=$1' in r.script
    note = next(n for n in r.notes if "own arguments" in n)
    assert "line 2" in note and "submit-time inputs note" in note  # s24inputs: the how is there
    assert any(n.startswith("submit-time inputs") and "qsub passes no arguments" in n
               for n in r.notes)
    slurm = port(GUARD, "delta")["delta"]
    assert any("`sbatch SCRIPT ARG...`" in n for n in slurm.notes
               if n.startswith("submit-time inputs"))


def test_accelerate_with_a_deepspeed_config_stays_accelerate_on_a_torchrun_site() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2 --ntasks-per-node=1 --gpus-per-node=4\n"
              "accelerate launch --config_file cfg/ds_zero3.yaml --num_machines 2 "
              "--num_processes 8 --machine_rank $SLURM_NODEID fit.py --lr 1e-4\n")
    for target in ("perlmutter", "bridges2"):
        r = port(script, target)[target]
        assert r.status == "generated", r.notes[:2]
        assert "exec accelerate launch" in r.script and "torchrun" not in r.script
        assert "--config_file cfg/ds_zero3.yaml fit.py --lr 1e-4" in r.script


def test_the_source_launchers_device_pick_is_named_as_not_carried() -> None:
    script = "deepspeed --include localhost:4,5 --master_port 29600 fit.py --ds\n"
    r = port(script, "anvil")["anvil"]
    assert (r.spec.nodes, r.spec.gpus_per_node) == (1, 2)
    assert "localhost:4,5" not in r.script
    assert any("--include localhost:4,5" in n and "not carried" in n for n in r.notes)


def test_grid_engine_project_is_read_as_the_source_account_not_kept() -> None:
    script = ("#!/bin/bash\n#$ -P grp42x\n#$ -l h_rt=04:00:00\n#$ -l gpus=1\n"
              "python fit.py --epochs 2\n")
    r = port(script, "delta")["delta"]
    assert "grp42x" not in r.script
    assert any("grp42x" in n and "not copied" in n for n in r.notes)


def test_a_ray_job_submit_driver_is_named_not_called_absent() -> None:
    script = ('#!/bin/bash\nif [ "$NODE_RANK" -eq 0 ]; then\n  ray start --head --port=6380\n'
              'else\n  ray start --address "$HEAD:6380"\n  sleep infinity\nfi\n'
              'if [ "$NODE_RANK" -eq 0 ]; then\n'
              '  ray job submit --address=http://127.0.0.1:8265 -- python3 -m mypkg.rl.train '
              'trainer.nodes=2\nfi\n')
    with pytest.raises(ParseError) as err:
        parse_script(script)
    text = str(err.value)
    assert "mypkg.rl.train (submitted by `ray job submit` on line 9)" in text
    assert "no training program of its own" not in text


def test_a_launcher_options_value_is_not_read_as_its_program() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 2\nnode=$(hostname)\n"
              'srun --nodes=1 -w "$node" ./bin/worker --port 7000 &\nwait\n')
    # the compiled program under srun is the launch's program (issue 14), never "$node"
    assert parse_script(script).launch.entrypoint == "./bin/worker"


def test_ray_started_by_its_path_is_read_as_a_ray_job() -> None:
    script = ('#!/bin/bash\n#SBATCH -N 2\nhead=$(hostname)\n'
              'srun -N1 -n1 -w "$head" /opt/envs/rl/bin/ray start --head --block &\n'
              'srun -N1 -n1 /opt/envs/rl/bin/ray start --address "$head:6379" --block &\n'
              'ray job submit -- python3 -m rlpkg.main\n')
    with pytest.raises(ParseError) as err:
        parse_script(script)
    text = str(err.value)
    assert "starts a Ray cluster" in text and "line 4" in text
    assert "rlpkg.main" in text
    by_path = script.replace("ray job submit", "/opt/envs/rl/bin/ray job submit")
    with pytest.raises(ParseError, match=r"rlpkg\.main \(submitted by"):
        parse_script(by_path)


def test_a_ray_job_submit_of_a_shell_command_names_that_command() -> None:
    script = ('#!/bin/bash\n#SBATCH -N 2\nsrun -N1 ray start --head --block &\n'
              'ray job submit --no-wait -- sh -c "exec bash stage2.sh"\n')
    with pytest.raises(ParseError, match=r"sh -c exec bash stage2\.sh \(submitted by"):
        parse_script(script)
