"""Classes of input found on the unseen sets' tune halves and bench/portfix_probe (issue 14),
each with its fix: what the port does not understand is refused or noted, never silently
ported wrong."""

from __future__ import annotations

from maple_flow import port

PBS_NO_GPUS = "#!/bin/bash\n#PBS -q gpu\n#PBS -l walltime=00:30:00\n"


def test_a_shell_script_started_once_per_node_without_gpu_count_is_refused_naming_it() -> None:
    script = PBS_NO_GPUS + "mpirun -np 8 --map-by ppr:1:node bash /work/me/launch_torch.sh\n"
    r = port(script, ["delta"])["delta"]
    assert r.status == "refused"
    assert "/work/me/launch_torch.sh is started once per node on 8 nodes" in "\n".join(r.notes)


def test_a_shell_script_once_per_node_with_one_gpu_a_node_is_still_ported() -> None:
    script = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus=2\n"
              "srun run.sh\n")
    assert port(script, ["delta"])["delta"].status == "generated"
