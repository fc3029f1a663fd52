"""Every launch of a job is kept, in order (issue 14, probe bench/s26runs_probe): a check run of
inline code through the source's launcher (``srun python -c "import torch; ..."``, an mpi4py
hello under ``mpiexec``) before the training, and a program run once in a container with no
launcher (``apptainer exec --nv IMG python -m server ... &`` next to the main launch, two
``singularity exec ... python train.py &`` runs side by side) are ported as launches of their
own, never dropped or left half-rewritten among the set-up steps."""

from __future__ import annotations

from maple_flow.port.api import port
from maple_flow.scriptparse.inline_launch import PLACEHOLDER, inline_code_launch

CHECK = '''#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus=1
#SBATCH --time=00:30:00
srun python -c "import torch; print('cuda=', torch.cuda.is_available())"
srun python eval.py --config-name=pusht.yaml
'''

HELLO = '''#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l walltime=00:60:00
#PBS -q debug
#PBS -A myproject
cd $PBS_O_WORKDIR
NODES=`cat $PBS_NODEFILE | wc -l`
RANKS=$((NODES * 4))
mpiexec -n $RANKS --ppn 4 \\
   python -c "import mpi4py.MPI as mpi; print(mpi.COMM_WORLD.Get_rank())"
mpiexec -n $RANKS --ppn 4 python /home/me/run_training.py
'''

SIDE_BY_SIDE = '''#!/bin/bash
#PBS -A allocation_number
#PBS -l walltime=20:00:00
#PBS -l select=1:ncpus=12:mpiprocs=4:ngpus=2
cd $CODE
singularity exec --nv $STATICS/pytorch_v4.sif python train.py \\
    --name $NAME1 --seed '$SEED1'  &
singularity exec --nv $STATICS/pytorch.sif python train.py \\
    --name $NAME2 --seed '$SEED2'  &
wait
'''

SERVER = '''#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=00:30:00
SIF=/scratch/me/containers/pipeline.sif
apptainer exec --nv --bind /tmp:/tmp $SIF python -m vllm.entrypoints.openai.api_server \\
  --port 8001 > logs/vllm-${SLURM_JOB_ID}.out 2> logs/vllm-${SLURM_JOB_ID}.err &
VLLM_PID=$!
sleep 60
apptainer exec --nv $SIF python /scratch/me/scripts/client.py
kill $VLLM_PID
'''


def test_inline_code_is_read_as_a_program_file_and_given_back() -> None:
    swapped, code = inline_code_launch(
        '''srun -n 2 python -c "import torch; print('x', torch.cuda.device_count())"''') or ("", "")
    assert swapped == f"srun -n 2 python {PLACEHOLDER}"
    assert code == '''-c "import torch; print('x', torch.cuda.device_count())"'''
    assert inline_code_launch("srun python train.py") is None
    assert inline_code_launch('python -c "import torch"') is None  # no launcher: a set-up step


def test_a_check_run_of_inline_code_keeps_the_targets_launcher_before_the_main_launch() -> None:
    for target, launcher in (("perlmutter", "srun"), ("polaris", "mpiexec")):
        result = port(CHECK, [target])[target]
        assert result.status == "generated", result.notes
        script = result.script
        check = next(line for line in script.splitlines() if "-c \"import torch" in line)
        assert check.startswith(launcher), check
        assert '''-c "import torch; print('cuda=', torch.cuda.is_available())"''' in check
        assert script.index("import torch") < script.index("eval.py")
        assert not any("by hand" in n and "import torch" in n for n in result.notes)


def test_an_mpi_hello_before_the_training_is_kept_with_the_targets_launcher() -> None:
    result = port(HELLO, ["perlmutter"])["perlmutter"]
    assert result.status == "generated", result.notes
    lines = [line for line in result.script.splitlines() if line.startswith("srun")]
    assert "mpi4py.MPI" in lines[0] and '--ntasks="$NRANKS"' in lines[0]
    assert "run_training.py" in result.script.split(lines[0], 1)[1]


def test_two_container_runs_side_by_side_both_run_and_the_first_names_its_image() -> None:
    result = port(SIDE_BY_SIDE, ["delta"])["delta"]
    assert result.status == "generated", result.notes
    script = result.script
    first = next(line for line in script.splitlines() if "$NAME1" in line)
    assert first.split()[0].startswith("python") and first.endswith("&"), first
    assert "train.py --name $NAME1 --seed '$SEED1' &" in first
    assert any("pytorch_v4.sif" in n and "line 6" in n for n in result.notes)
    assert script.index("$NAME1") < script.index("$NAME2") < script.rindex("wait")


def test_a_server_in_its_container_runs_once_in_the_background_before_the_client() -> None:
    for target in ("polaris", "delta"):
        result = port(SERVER, [target])[target]
        assert result.status == "generated", result.notes
        server = next(line for line in result.script.splitlines() if "api_server" in line)
        assert server.startswith("apptainer exec --nv"), server  # once: no launcher in front
        assert "/scratch/me/containers/pipeline.sif python -m vllm" in server
        assert server.endswith("&")
        assert result.script.index("api_server") < result.script.index("client.py")


def test_a_container_run_the_target_cannot_run_refuses_naming_its_line() -> None:
    result = port(SERVER, ["perlmutter"])["perlmutter"]
    assert result.status == "refused"
    assert "line 7" in result.notes[0]


def test_runs_side_by_side_on_more_gpus_than_a_target_node_refuse_naming_them() -> None:
    """Two unpinned background runs share a node's 2 GPUs: on a 1-GPU node the refusal names
    the runs, not one process driving 2 GPUs."""
    result = port(SIDE_BY_SIDE, ["vista"])["vista"]
    assert result.status == "refused"
    assert "2 programs side by side" in result.notes[0] and "lines 6, 8" in result.notes[0]
    assert "one process drives" not in result.notes[0]



COMMANDS = '''#!/bin/bash
#SBATCH -N 1
#SBATCH -G 1
#SBATCH -t 1:00:00
srun hostname
srun python train.py
'''


def test_a_command_on_the_ranks_keeps_the_targets_launcher() -> None:
    """`srun hostname` is ported as a launch, the command verbatim, before the training; on
    another Slurm cluster srun is the target's launcher too: kept as written."""
    result = port(COMMANDS, ["polaris"])["polaris"]
    assert result.status == "generated", result.notes
    host = next(line for line in result.script.splitlines() if line.endswith(" hostname"))
    assert host.startswith("mpiexec"), host
    assert result.script.index(" hostname") < result.script.index("train.py")
    delta = port(COMMANDS, ["delta"])["delta"]
    assert "\nsrun hostname\n" in delta.script


def test_a_command_sharing_its_line_is_not_read_as_a_launch() -> None:
    """`srun ip addr show X || echo missing`: the line is not one launch; dropped with its
    note as before, never left half-ported."""
    source = COMMANDS.replace("srun hostname", "srun -N 1 ip addr show eno2 || echo missing")
    result = port(source, ["polaris"])["polaris"]
    assert result.status == "generated", result.notes
    assert "ip addr" not in result.script


def test_a_command_the_port_cannot_write_is_named_not_copied_not_refused(monkeypatch) -> None:
    """A command on the ranks the port cannot write for the target is dropped with a note that
    names it, as before such commands were ported: never a refusal of the whole port."""
    from maple_flow.port import stages

    monkeypatch.setattr(stages, "_port_stage", lambda *a, **k: ([], "cannot"))
    result = port(COMMANDS, ["polaris"])["polaris"]
    assert result.status == "generated", result.notes
    assert not any(line.endswith(" hostname") for line in result.script.splitlines())
    assert any("line 5 `srun hostname` is not copied" in n for n in result.notes)


def test_a_command_with_a_site_option_is_left_to_its_note() -> None:
    """`srun -p gpu date` names the source's partition: not ported without it (a note names
    the line), while `srun -n 2 hostname` (sizes only) is."""
    from maple_flow.scriptparse.inline_launch import command_launch

    assert command_launch("srun -p gpu date") is None
    assert command_launch("srun --gres=gpu:1 nvidia-smi") is None
    assert command_launch("srun -n 2 hostname") == ("srun -n 2 python maple_inline_code.py",
                                                    "hostname")
