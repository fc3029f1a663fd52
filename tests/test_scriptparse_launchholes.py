"""Launch lines maple read badly (bench/launchholes_probe): programs found on PATH
(``$(which X)``, `` `command -v X` ``, a variable holding such a look-up), ``colossalai run``,
Horovod layouts and pyxis container launches. Fixtures written here, not copied."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import MissingInformation, ParseError
from maple_flow.scriptparse import parse_script, read_facts

HEAD = "#!/bin/bash\n#SBATCH --nodes={n}\n#SBATCH --gpus-per-node={g}\n#SBATCH -t 1:00:00\n"


def _launch(script: str) -> tuple[str, str, list[str]]:
    line = parse_script(script).launch
    return line.launcher, line.entrypoint, [s.name for s in line.stages]


def test_command_v_in_front_of_a_torch_run_module_is_the_interpreter() -> None:
    """``$(command -v python3) -m torch.distributed.run ...``: torchrun, program train.py."""
    script = HEAD.format(n=1, g=4) + (
        "$(command -v python3) -m torch.distributed.run --nproc_per_node=4 train.py --lr 1\n")
    assert _launch(script)[:2] == ("torchrun", "train.py")
    assert read_facts(parse_script(script)).ranks == 4


def test_backtick_command_v_and_which_name_the_launcher_they_find() -> None:
    """`` srun `command -v torchrun` `` and ``srun $(which torchrun)`` start torchrun."""
    for found in ("`command -v torchrun`", "$(which torchrun)", "$(command -v torchrun)"):
        script = HEAD.format(n=2, g=4) + (
            f"srun --ntasks-per-node=1 {found} --nnodes=2 --nproc_per_node=4 train.py\n")
        assert _launch(script) == ("torchrun", "train.py", ["srun", "torchrun"]), found


def test_a_variable_holding_a_path_lookup_is_that_command() -> None:
    """``TORCHRUN=$(which torchrun)`` then ``srun ${TORCHRUN} --nnodes=4 ...``: torchrun with
    its own options, 4 nodes x 8 ranks; not srun options around a one-process program."""
    script = ("#!/bin/bash\n#SBATCH --nodes=4\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --gres=gpu:8\n#SBATCH -t 1:00:00\nTORCHRUN=$(which torchrun)\n"
              "srun -N 4 ${TORCHRUN} --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d "
              "--rdzv_endpoint=$HEAD_NODE:29511 train.py -c cfg.yml\n")
    assert _launch(script) == ("torchrun", "train.py", ["srun", "torchrun"])
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (4, 8, 32)
    r = port(script, ["delta"])["delta"]
    assert r.status == "generated"
    assert "= 32 ranks" in r.script


COLOSSAL = HEAD.format(n=1, g=4) + (
    "colossalai run --nproc_per_node 4 --master_port 29501 train.py --plugin gemini\n")


def test_colossalai_run_is_torchrun_on_each_host() -> None:
    """``colossalai run --nproc_per_node 4 prog.py``: a per-node launcher (torchrun on each host);
    4 ranks on the job's one node, ported onto the target's own launch with a note naming it."""
    assert _launch(COLOSSAL) == ("torchrun", "train.py", ["torchrun"])
    assert parse_script(COLOSSAL).launch.stages[0].via == "colossalai run"
    assert read_facts(parse_script(COLOSSAL)).ranks == 4
    r = port(COLOSSAL, ["delta"])["delta"]
    assert r.status == "generated", r.notes[:3]
    assert "train.py --plugin gemini" in r.script and "colossalai run" not in r.script
    assert any("`colossalai run`" in n and "launch_from_torch" in n for n in r.notes)


def test_colossalai_run_on_a_hostfile_asks_for_the_node_count() -> None:
    """``--hostfile $HOSTFILE``: the hosts are in a file the script does not show; the size is
    asked for, naming the hostfile, never taken as one node; --hostfile never reaches torchrun."""
    script = ("#!/bin/bash\nHOSTFILE=$(realpath hosts.txt)\n"
              "colossalai run --nproc_per_node 8 --hostfile $HOSTFILE bench.py -b 2\n")
    assert read_facts(parse_script(script)).ranks is None
    with pytest.raises(MissingInformation, match=r"--hostfile \$HOSTFILE.*node count"):
        port(script, ["delta"])
    sized = port(script, ["delta"], ranks=16)["delta"]
    assert sized.status == "generated", sized.notes[:3]
    assert "--hostfile" not in sized.script


def test_colossalai_run_host_list_gives_the_node_count() -> None:
    """``--host a,b`` with 2 per node: 4 ranks; the host choice is named as not carried."""
    script = ("#!/bin/bash\n#SBATCH -t 1:00:00\n"
              "colossalai run --nproc_per_node 2 --host 10.0.0.5,10.0.0.6 --master_addr "
              "10.0.0.6 train.py --epoch 20\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (2, 2, 4)
    r = port(script, ["perlmutter"])["perlmutter"]
    assert r.status == "generated"
    assert "--host " not in r.script
    assert any("--host 10.0.0.5,10.0.0.6" in n and "not carried" in n for n in r.notes)


def _hvd(launch: str, nodes: int = 2, gpus: int = 4) -> str:
    return (f"#!/bin/bash\n#SBATCH --nodes={nodes}\n#SBATCH --ntasks-per-node={gpus}\n"
            f"#SBATCH --gres=gpu:{gpus}\n#SBATCH -t 1:00:00\n{launch}\n")


def test_horovodrun_host_slots_give_the_layout() -> None:
    """``-H gpu01:2,...,gpu04:2``: 4 hosts x 2 slots; ``-H localhost:4``: one node of 4."""
    four = _hvd("horovodrun -np 8 -H gpu01:2,gpu02:2,gpu03:2,gpu04:2 python hvd.py", 4, 2)
    facts = read_facts(parse_script(four))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (4, 2, 8)
    one = _hvd("horovodrun -np 4 -H localhost:4 python hvd.py", 1, 4)
    facts = read_facts(parse_script(one))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (1, 4, 4)


def test_more_ranks_than_host_slots_is_not_a_size() -> None:
    """``mpirun -np 8 -H localhost:4``: Open MPI refuses to start 8 ranks on 4 slots; the port
    asks for the size naming the host list, it does not invent 2 nodes x 4."""
    script = _hvd("mpirun -np 8 -H localhost:4 -bind-to none -map-by slot -x NCCL_DEBUG=INFO "
                  "-x LD_LIBRARY_PATH python train.py")
    assert read_facts(parse_script(script)).ranks is None
    with pytest.raises(MissingInformation, match=r"-H localhost:4.*slots \(4\)"):
        port(script, ["perlmutter"])
    ok = script.replace("-np 8 -H localhost:4", "-np 8 -H localhost:4 --oversubscribe")
    assert read_facts(parse_script(ok)).ranks == 8


def test_elastic_horovod_options_are_named_not_read_as_a_wrapper() -> None:
    """``--host-discovery-script discover_hosts.sh`` takes a value (not the program's
    wrapper); the elastic options are named as not carried."""
    script = ("#!/usr/bin/env bash\nhorovodrun -np 8 --min-np 4 --max-np 8 "
              "--host-discovery-script discover_hosts.sh python3 train.py --epochs 3\n")
    line = parse_script(script).launch
    assert (line.entrypoint, line.wrapper_script) == ("train.py", "")
    r = port(script, ["vista"])["vista"]
    assert r.status == "generated"
    assert not any("wrapper discover_hosts.sh" in n for n in r.notes)
    assert any("--min-np=4" in n and "elastic Horovod" in n for n in r.notes), r.notes


def test_a_launcher_glued_to_an_assignment_is_named() -> None:
    """``HOSTS=${HOSTS%?}horovodrun -np 8 ...`` (a lost line break): bash runs ``-np`` as the
    command; the refusal names the line and the launcher, not only 'no launch line'."""
    script = ('#!/bin/bash\n#SBATCH -N 2\nHOSTS="-H "\n'
              'HOSTS=${HOSTS%?}horovodrun -np $SLURM_NTASKS $HOSTS python3 hvd.py --epochs 1\n')
    with pytest.raises(ParseError, match=r"line 4 .*ends in horovodrun.*line break"):
        parse_script(script)


ONE = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=1\n"


def _pyxis_notes(script: str, target: str = "delta") -> list[str]:
    r = port(script, [target])[target]
    assert r.status == "generated", r.notes[:3]
    return [n for n in r.notes if "pyxis" in n]


def test_every_container_mounts_option_is_named() -> None:
    """pyxis adds the mounts of each ``--container-mounts``; the note names both, and says
    where the program inside the container is on the host (a stock PyTorch image, which the
    target's stack stands in for)."""
    script = ONE + ("srun --container-image=/s/u/pytorch_24.01.sqsh --container-mounts=/ds:/ds "
                    "--container-mounts=/s/u/code:/src python /src/train.py --data /ds\n")
    (note,) = _pyxis_notes(script)
    assert "/ds:/ds,/s/u/code:/src" in note
    assert "on the host it is `/s/u/code/train.py`" in note


def test_a_named_container_takes_the_image_of_the_step_that_made_it() -> None:
    """``srun --container-name=pyt --container-image=I true`` then ``srun --container-name=pyt
    python train.py``: the program ran in I; carried to the target's runtime."""
    script = ONE + ("srun --container-name=pyt --container-image=nvcr.io/nvidia/pytorch:24.01-py3"
                    " true\nsrun --container-name=pyt --container-mounts=$PWD:/work "
                    "--container-workdir=/work python train.py\n")
    r = port(script, ["delta"])["delta"]
    assert "apptainer exec --nv" in r.script and "docker://nvcr.io/nvidia/pytorch:24.01-py3" in (
        r.script)


def test_a_named_container_of_unknown_image_is_named() -> None:
    """A ``--container-name`` whose image the script does not show: not silently dropped."""
    script = ONE + "srun --container-name=mine --container-mounts=/d:/d python train.py\n"
    (note,) = _pyxis_notes(script)
    assert "named `mine`" in note and "/d:/d" in note


def test_a_pyxis_directive_says_what_it_was_and_what_the_target_needs() -> None:
    """``#SBATCH --container-image=nvcr.io#nvidia/pytorch:24.01-py3`` (the `#` is the image's,
    not a comment): named as pyxis's container, with the target runtime's command for it."""
    script = ONE + "#SBATCH --container-image=nvcr.io#nvidia/pytorch:24.01-py3\nsrun python t.py\n"
    r = port(script, ["delta"])["delta"]
    assert any("is pyxis's" in n and "apptainer exec --nv docker://nvcr.io/nvidia/pytorch:24.01"
               in n for n in r.notes), r.notes


def test_a_refusal_names_the_variable_that_hides_the_program_not_the_launcher() -> None:
    """``srun ${TORCHRUN} --nnodes=4 ... ${APP}`` with ``TORCHRUN=$(which torchrun)`` and
    ``APP`` built with ``$(pwd)``: the program is what the port cannot read, named as APP."""
    script = ("#!/bin/bash\n#SBATCH --nodes=4\n#SBATCH --gres=gpu:8\n"
              'APP="${SLURM_SUBMIT_DIR:-$(pwd)}/app/train.py -c cfg.yml"\n'
              "TORCHRUN=$(which torchrun)\n"
              "srun -N 4 ${TORCHRUN} --nnodes=4 --nproc_per_node=8 ${APP}\n")
    with pytest.raises(ParseError, match=r"runs the command held in \$APP"):
        parse_script(script)


def test_open_mpi_capital_n_is_ranks_per_node() -> None:
    """Open MPI's ``mpirun -N 4`` starts 4 ranks on each node (``--npernode``): 2 nodes x 4,
    not the directives' one task a node; srun's ``-N`` stays its node count."""
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n"
              "#SBATCH --gres=gpu:4\n#SBATCH -t 1:00:00\n"
              "mpirun -N 4 -bind-to none -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH python hvd.py\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (2, 4, 8)
    srun = script.replace("mpirun -N 4 -bind-to none -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH",
                          "srun -N 2")
    assert read_facts(parse_script(srun)).ranks == 2


def test_a_quoted_variable_holding_a_path_lookup_is_that_command() -> None:
    """``PY=$(command -v python3)`` then ``srun "$PY" -m torch.distributed.run ...``."""
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gres=gpu:4\n"
              'PY=$(command -v python3)\nsrun "$PY" -m torch.distributed.run --nnodes=2 '
              "--nproc_per_node=4 train.py\n")
    assert _launch(script) == ("torchrun", "train.py", ["srun", "torchrun"])
    assert read_facts(parse_script(script)).ranks == 8
