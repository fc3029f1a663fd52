"""Classes of input found on the unseen sets' tune halves and bench/portfix_probe (issue 14),
each with its fix: what the port does not understand is refused or noted, never silently
ported wrong."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.errors import ParseError
from maple_flow.scriptparse import parse_script, read_facts

PBS_NO_GPUS = "#!/bin/bash\n#PBS -q gpu\n#PBS -l walltime=00:30:00\n"


def test_a_shell_script_started_once_per_node_without_gpu_count_is_refused_naming_it() -> None:
    script = PBS_NO_GPUS + "mpirun -np 8 --map-by ppr:1:node bash /work/me/launch_torch.sh\n"
    r = port(script, ["delta"])["delta"]
    assert r.status == "refused"
    assert "/work/me/launch_torch.sh is started once per node on 8 node(s)" in "\n".join(r.notes)


def test_a_shell_script_once_per_node_with_one_gpu_a_node_is_still_ported() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus=2\n"
              "srun run.sh\n")
    assert port(script, ["delta"])["delta"].status == "generated"


def test_deepspeed_started_by_the_shell_without_hostfile_runs_on_its_own_node() -> None:
    facts = read_facts(parse_script("deepspeed --num_gpus 2 ds_train.py --deepspeed\n"))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (1, 2, 2)


def test_deepspeed_with_a_hostfile_does_not_default_to_one_node() -> None:
    facts = read_facts(parse_script("deepspeed --hostfile hosts --num_gpus 2 ds.py\n"))
    assert facts.ranks is None


def test_the_site_launchers_node_count_around_a_per_node_launcher_is_read() -> None:
    script = ("srun -n 4 -N 4 --ntasks-per-node=1 torchrun --nproc_per_node 8 "
              "--rdzv_backend c10d --rdzv_endpoint 10.0.0.1:29500 train.py\n")
    facts = read_facts(parse_script(script))
    assert (facts.nodes, facts.gpus_per_node, facts.ranks) == (4, 8, 32)
    mpi = "mpirun -np 3 --map-by ppr:1:node torchrun --nproc_per_node 2 train.py\n"
    assert read_facts(parse_script(mpi)).ranks == 6



def test_a_node_count_no_directive_states_is_asked_naming_the_submission() -> None:
    script = ("#!/bin/bash\n#SBATCH --gres=gpu:4\n#SBATCH -t 1:00:00\n"
              "srun --ntasks-per-node 4 python train.py\n")
    facts = read_facts(parse_script(script))
    assert facts.ranks is None
    assert "given at submission (`sbatch -N 4`" in facts.size_from
    assert "computed at run time" not in facts.size_from
    bare = read_facts(parse_script("srun --ntasks-per-node 4 python train.py\n"))
    assert "given at submission" in bare.size_from


def test_python_c_in_a_command_substitution_is_a_computation_not_the_launch() -> None:
    script = ('lr=$(python -c "print(0.1 * 2)")\n'
              "uv run deepspeed --num_gpus=8 train.py training.lr=$lr\n")
    r = port(script, ["delta"])["delta"]
    assert r.status == "generated" and "train.py" in r.script
    assert "lr=$(python -c" in r.script
    assert "uv run torchrun" in r.script  # the user's runner kept (issue 14, bench/portres_probe)


def test_srun_with_no_task_count_starts_one_task_a_node() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gres=gpu:2\n#SBATCH -t 1:00:00\n"
              "srun python test.py\nsrun python run_all.py --dir out\n")
    facts = read_facts(parse_script(script))
    assert (facts.ranks, facts.gpus_per_process) == (1, 2)


def test_a_further_launch_without_its_size_runs_at_the_size_given_for_the_job() -> None:
    script = ("deepspeed train.py --deepspeed --deepspeed_config ds.json\n"
              "deepspeed eval.py --deepspeed --deepspeed_config ds.json\n")
    r = port(script, ["delta"], nodes=1, gpus_per_node=4)["delta"]
    assert r.status == "generated"
    assert "train.py --deepspeed" in r.script and "eval.py --deepspeed" in r.script
    assert "its size is not in the line: run at the job's size" in "\n".join(r.notes)


def test_a_per_node_launcher_without_its_count_is_asked_naming_the_option() -> None:
    facts = read_facts(parse_script("deepspeed train.py --deepspeed\n"))
    assert facts.ranks is None
    assert facts.size_from.startswith("deepspeed without --num_gpus starts one rank per GPU")


def test_the_scripts_arguments_as_a_site_launchers_options_are_not_its_program() -> None:
    script = ("srun \"$@\" sh -xeuc '\n  torchrun --nnodes $SLURM_NNODES --node-rank $SLURM_NODEID"
              " \\\n  --nproc-per-node gpu main1.py'\n")
    r = port(script, ["perlmutter"], nodes=2, gpus_per_node=2)["perlmutter"]
    assert r.status == "generated" and "main1.py" in r.script
    assert "took options from the script's command line (`$@`" in "\n".join(r.notes)
    with pytest.raises(ParseError, match="takes its program from the job's command line"):
        port("#!/bin/bash\n#SBATCH -N 1\nsrun python $@\n", ["perlmutter"])


def test_a_continuation_onto_the_end_of_the_script_adds_no_argument() -> None:
    for tail in ("\n", "\n\n", ""):
        p = parse_script("accelerate launch --num_processes=1 train.py --lr 1e-3 \\" + tail)
        assert (p.launch.entrypoint, p.launch.args) == ("train.py", ["--lr", "1e-3"])


def test_accelerate_without_its_process_count_is_asked_naming_its_config_file() -> None:
    facts = read_facts(parse_script("accelerate launch --config_file ./c.yaml train.py\n"))
    assert facts.ranks is None
    assert "accelerate without --num_processes (its count is in ./c.yaml" in facts.size_from


def test_a_directive_less_process_sees_the_gpus_its_cuda_visible_devices_lists() -> None:
    script = "CUDA_VISIBLE_DEVICES=0,1,2,3 nohup python -u train.py > a0.log 2>&1 &\n"
    r = port(script, ["anvil"])["anvil"]
    assert (r.spec.nodes, r.spec.gpus_per_node) == (1, 4)
    notes = "\n".join(r.notes)
    assert "one process per node drives 4 GPUs" in notes
    assert "runs in the background (`&`) and nothing after it waits" in notes
    waited = port(script + "wait\n", ["anvil"])["anvil"]
    assert "nothing after it waits" not in "\n".join(waited.notes)


def test_the_wait_for_a_background_launch_is_kept() -> None:
    script = ("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gres=gpu:1\n"
              "srun python train.py > a.log &\necho started\nwait\n")
    r = port(script, ["delta"])["delta"]
    # the wait stays where the source has it (s16-shellopts: `wait` then `exit 0` in order)
    assert r.script.rstrip().endswith("echo started\nwait")
    assert "nothing after it waits" not in "\n".join(r.notes)


def test_directives_of_a_scheduler_the_port_does_not_read_are_kept_as_comments_and_noted() -> None:
    script = ("#!/bin/bash\n#$ -cwd\n#$ -l rt_F=1\n#$ -l h_rt=05:00:00\n"
              "mpirun -n 4 python train.py\n")
    r = port(script, ["perlmutter"])["perlmutter"]
    # Grid Engine is read since h9-portsrc: its time limit is carried; a site's node type known
    # to templates/schedulers/grid_engine.yaml (ABCI's rt_F) is read as whole nodes and named
    # (s18-layout), one it does not know stays as a comment with a note
    assert "#SBATCH -t 05:00:00" in r.script
    assert "node type `rt_F` of ABCI 2.0" in "\n".join(r.notes)
    r = port(script.replace("rt_F=1", "rt_X.big=1"), ["perlmutter"])["perlmutter"]
    assert "# source directive, not carried: #$ -l rt_X.big=1" in r.script
    assert "the source's Grid Engine directives `#$ -l rt_X.big=1`" in "\n".join(r.notes)
    pjm = ('#!/bin/bash\n#PJM -L "node=1"\n#PJM -L "elapse=05:00:00"\n'
           "mpirun -n 4 python train.py\n")
    r = port(pjm, ["perlmutter"])["perlmutter"]
    assert '# source directive, not carried: #PJM -L "elapse=05:00:00"' in r.script
    assert "the source's Fujitsu PJM directives (`#PJM -L" in "\n".join(r.notes)


ACCEL_FSDP = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\n"
              "accelerate launch --config_file FSDP.yaml run.py --lr 1\n")


def test_an_accelerate_fsdp_config_keeps_accelerate_launch_with_the_file() -> None:
    r = port(ACCEL_FSDP, ["perlmutter"])["perlmutter"]
    launch = r.script.split("accelerate launch", 1)[1]
    assert "--config_file FSDP.yaml run.py --lr 1" in launch
    assert "selects fsdp: kept on accelerate launch" in "\n".join(r.notes)


def test_a_users_accelerate_config_file_is_not_overridden_by_multi_gpu() -> None:
    for target in ("perlmutter", "polaris", "delta"):
        r = port(ACCEL_FSDP, [target])[target]
        assert "--config_file FSDP.yaml" in r.script and "--multi_gpu" not in r.script
    plain = ACCEL_FSDP.replace("--config_file FSDP.yaml ", "")
    assert "--multi_gpu" in port(plain, ["delta"])["delta"].script


def test_an_interactive_srun_pty_step_is_named_as_one() -> None:
    script = ("#!/bin/bash\n#SBATCH -n 1\n#SBATCH --gpus=1\n"
              "srun --pty -n1 --gpus=1 bash\nsrun python train.py\n")
    notes = "\n".join(port(script, ["polaris"])["polaris"].notes)
    assert "an interactive shell step (`--pty`)" in notes


def test_torchrun_standalone_on_every_gpu_is_one_node_asked_for_its_gpus() -> None:
    facts = read_facts(parse_script(
        "#!/bin/bash\n#FLUX: --job-name=x\ntorchrun --standalone --nproc_per_node=gpu t.py\n"))
    assert facts.ranks is None and facts.nodes == 1
    assert facts.size_from.startswith("torchrun --nproc_per_node=gpu (every GPU of the node)")
    r = port("#!/bin/bash\n#FLUX: --job-name=x\ntorchrun --standalone --nproc_per_node=gpu t.py\n",
             ["delta"], gpus_per_node=4)["delta"]
    assert "# source directive, not carried: #FLUX: --job-name=x" in r.script


def test_a_job_that_asks_no_gpu_is_noted() -> None:
    script = "#!/bin/bash\n#SBATCH --gres gpu:0\n#SBATCH -t 0:30:00\npython ex.py --lr 0.1\n"
    notes = read_facts(parse_script(script)).notes
    assert any("the source asks no GPU (gpu:0)" in n for n in notes)
    one = script.replace("gpu:0", "gpu:1")
    assert not any("asks no GPU" in n for n in read_facts(parse_script(one)).notes)
