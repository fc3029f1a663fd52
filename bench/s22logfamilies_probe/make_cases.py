# ruff: noqa: E501
"""Writes cases.yaml of the s22logfamilies probe (issue 17): new real public excerpts of launch-
script failures whose message names an option, a value or a directive of the script (launcher /
scheduler option errors), claimed in /work/wt/claimed_threads.txt by s22-logfamilies. Each
excerpt is the error text the thread shows; `what` says every assumption about the script shape.
Split by sha256(id) parity (even: tune, odd: heldout). Also caches each excerpt under
/work/cache/s22logfamilies/ with its sha256 (sources.tsv)."""
import hashlib
from pathlib import Path

import yaml

SRUN = "srun python -u train.py --batch-size 256 --epochs 32"
ACC = "accelerate launch --config_file ./deepspeed_zero2.yaml --num_processes 2 train_ppo.py"
cases = [
    dict(id="unifyfs113-openmpi2-mpirun-ppn-unknown", kind="script",
         source="https://github.com/llnl/UnifyFS/pull/113",
         thread_site="UnifyFS (LLNL catalyst), the unifycr utility starts its daemons with `mpirun -n N -ppn 1 "
                     "-hosts LIST`; with the openmpi/2.0.0 module mpirun refuses -ppn (an MPICH/Hydra option)",
         what="the launch line gives Open MPI's mpirun MPICH's `-ppn 1`; Open MPI does not know it; the fix takes it "
              "off (or writes Open MPI's --npernode / --map-by ppr:1:node); assumed shape - the srun_python job "
              "launching with `mpirun -n 2 -ppn 1 -hosts $HOSTS unifycrd`, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN, "mpirun -n 2 -ppn 1 -hosts $HOSTS unifycrd"]],
         log='mpirun: Error: unknown option "-ppn"\nType \'mpirun --help\' for usage.\n',
         expect=dict(families=["launcher"], fix=r"(?m)^\+\s*mpirun (?!.*-ppn)\S.*unifycrd")),
    dict(id="commander144-openmpi-mpiexec-env-intel-syntax", kind="script",
         source="https://github.com/Cosmoglobe/Commander/issues/144",
         thread_site="Commander3 compiled with oneapi; the run's mpiexec (an Open MPI one first on PATH) refuses "
                     "Intel MPI's -env; loading the intel_parallel_studio module (its mpiexec) fixed it",
         what="the launch line uses Intel MPI's `-env NAME VALUE` syntax while the job's mpiexec is Open MPI's; the "
              "fix loads the Intel MPI the program was built with (or writes the variable as an export); assumed "
              "shape - the srun_python job launching `mpiexec -n 64 -env OMP_NUM_THREADS 1 commander3 param.txt`, "
              "diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN, "mpiexec -n 64 -env OMP_NUM_THREADS 1 commander3 param.txt"]],
         log='mpiexec: Error: unknown option "-env"\n',
         expect=dict(families=["modules", "launcher", "environment"],
                     fix=r"(?m)^\+\s*module load \S*(intel|impi)|^\+\s*(export )?OMP_NUM_THREADS=1\b")),
    dict(id="gacode368-openmpi-mpiexec-env-two-words", kind="script",
         source="https://github.com/gafusion/gacode/issues/368",
         thread_site="GACODE on a local Ubuntu 22.04 (Open MPI 4.1.2 mpiexec first); the platform exec file runs "
                     "`mpiexec -env OMP_NUM_THREADS $nomp ...`; the user's workaround exports OMP_NUM_THREADS and "
                     "drops -env",
         what="the launch line passes a variable with MPICH/Intel `-env NAME VALUE`, which Open MPI's mpiexec "
              "refuses; the fix exports the variable and takes `-env NAME VALUE` off; assumed shape - the "
              "srun_python job launching `mpiexec -env OMP_NUM_THREADS 4 -n 8 ./cgyro`, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN, "mpiexec -env OMP_NUM_THREADS 4 -n 8 ./cgyro"]],
         log='mpiexec: Error: unknown option "-env"\n',
         expect=dict(families=["launcher", "environment"],
                     fix=r"(?m)^\+\s*(export )?OMP_NUM_THREADS=4\b")),
    dict(id="netpyne835-openmpi-mpiexec-hosts-single-dash", kind="script",
         source="https://github.com/suny-downstate-medical-center/netpyne/issues/835",
         thread_site="NetPyNE batchSGE example on the Downstate HPC; the generated job runs mpiexec with `-hosts`; "
                     "Open MPI refuses it (reporting it as --hosts); the fix PR #836 removes the -hosts argument",
         what="the launch line gives Open MPI's mpiexec MPICH's `-hosts LIST`; the fix takes it off (the scheduler "
              "gives the hosts); assumed shape - a Slurm job (in place of SGE) launching `mpiexec -hosts $HOSTS -n 4 "
              "nrniv -python -mpi init.py`, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN, "mpiexec -hosts $HOSTS -n 4 nrniv -python -mpi init.py"]],
         log=("--------------------------------------------------------------------------\n"
              "An unrecognized option was included on the mpiexec command line:\n\n  Option: --hosts\n\n"
              "Please use the \"mpiexec --help\" command to obtain a list of all\nsupported options.\n"
              "--------------------------------------------------------------------------\n"),
         expect=dict(families=["launcher"], fix=r"(?m)^\+\s*mpiexec (?!.*-hosts)\S.*nrniv")),
    dict(id="styleganv17-sbatch-export-list-split-by-blank", kind="script",
         source="https://github.com/universome/stylegan-v/issues/17",
         thread_site="StyleGAN-V's slurm=true mode; the generated sbatch command writes --export=ALL,--project_dir=... "
                     "followed by --python_bin=... --python_script=... as separate words; sbatch reads them as its "
                     "own options; the fix writes them as one comma-separated --export list",
         what="the variables meant for the job's environment are written after a blank instead of inside the "
              "--export list, so sbatch reads `--python_bin=...` as an option; the fix joins them into the export "
              "list (dropping them loses the variables); assumed shape - a script whose last line submits "
              "`sbatch --gres=gpu:2 --export=ALL,--project_dir=$EXP --python_bin=$HOME/env/bin/python "
              "--python_script=$EXP/src/infra/slurm_job.py src/infra/slurm_job_proxy.sh`, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN, "sbatch --gres=gpu:2 --export=ALL,--project_dir=$EXP --python_bin=$HOME/env/bin/python "
                         "--python_script=$EXP/src/infra/slurm_job.py src/infra/slurm_job_proxy.sh"]],
         log="sbatch: unrecognized option '--python_bin=~/mc/stylegan-v/env/bin/python'\n",
         expect=dict(families=["scheduler", "environment"],
                     fix=r"(?m)^\+\s*sbatch .*--export=ALL,\S*python_bin=")),
    dict(id="accelerate1703-program-rejects-config-path", kind="script",
         source="https://github.com/huggingface/accelerate/issues/1703",
         thread_site="accelerate launch with a config yaml and a training script argument; the maintainer: the "
                     "train.py script does not accept the argument",
         what="the launch line passes the program an option its parser does not define; the fix takes it off the "
              "line; assumed shape - the accelerate job launching `accelerate launch --config_file "
              "${ACCELERATOR_PATH} $PWD/train.py --config-path`, diagnosed as on Delta",
         cluster="delta", script="accelerate.sh",
         replace=[[ACC, "accelerate launch --config_file ${ACCELERATOR_PATH} $PWD/train.py --config-path"]],
         log="usage: accelerate <command> [<args>]\nAccelerate CLI tool: error: unrecognized arguments: --config-path\n",
         expect=dict(families=["launcher", "program"], fix=r"(?m)^\+\s*accelerate launch (?!.*--config-path)")),
    dict(id="mlcstorage59-openmpi-mpirun-hosts-read-as-o", kind="script",
         source="https://github.com/mlcommons/storage/issues/59",
         thread_site="MLCommons storage benchmark.sh (line 280) runs `mpirun -hosts $hosts -np N python3 "
                     "dlio_benchmark/main.py ...`; on several hosts Open MPI refuses an option; a commenter: Open "
                     "MPI takes -host, not -hosts",
         what="the launch line gives Open MPI's mpirun MPICH's `-hosts`; the message names `-o` (Open MPI's reading "
              "of it), not the word the script writes; the fix writes -host (or takes -hosts off); assumed shape - "
              "the srun_python job launching `mpirun -hosts $hosts -np 8 python3 dlio_benchmark/main.py "
              "workload=unet3d`, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN, "mpirun -hosts $hosts -np 8 python3 dlio_benchmark/main.py workload=unet3d"]],
         log='mpirun: Error: unknown option "-o"\n',
         expect=dict(families=["launcher"], fix=r"(?m)^\+\s*mpirun (?!.*-hosts\b)\S.*dlio")),
    dict(id="relion877-empty-gres-directive-tres", kind="script",
         source="https://github.com/3dem/relion/issues/877",
         thread_site="RELION's sbatch template on Slurm 21.08; a job without GPUs leaves `#SBATCH --gres=` empty; "
                     "older Slurm ignored it, 21.08 rejects the job",
         what="a directive asks for generic resources with an empty value; the fix deletes that directive; assumed "
              "shape - the srun_python job with `#SBATCH --gres=` added, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", directives=["#SBATCH --gres="],
         log="sbatch: error: Batch job submission failed: Invalid Trackable RESource (TRES) specification\n",
         expect=dict(families=["scheduler", "resources"], fix=r"(?m)^-#SBATCH --gres=\s*$")),
    dict(id="picongpu3334-hydra-unrecognized-am", kind="script",
         source="https://github.com/ComputationalRadiationPhysics/picongpu/issues/3334",
         thread_site="PIConGPU on a workstation (T7500) with an MPICH mpiexec first on PATH; the tbg submit file "
                     "passes Open MPI's `-am` (aggregate MCA parameter file) option; Hydra refuses it",
         what="the launch line gives MPICH's Hydra mpiexec Open MPI's `-am FILE`; the fix takes it off (or loads "
              "the Open MPI the template is written for); assumed shape - the srun_python job launching "
              "`mpiexec -am tbg/openib.conf -n 1 ./bin/picongpu -d 1 1 1`, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[[SRUN, "mpiexec -am tbg/openib.conf -n 1 ./bin/picongpu -d 1 1 1"]],
         log=("Running program...\n"
              "[mpiexec@T7500] match_arg (utils/args/args.c:163): unrecognized argument am\n"
              "[mpiexec@T7500] HYDU_parse_array (utils/args/args.c:178): argument matching returned error\n"
              "[mpiexec@T7500] parse_args (ui/mpich/utils.c:1642): error parsing input array\n"
              "[mpiexec@T7500] HYD_uii_mpx_get_parameters (ui/mpich/utils.c:1694): unable to parse user arguments\n"
              "[mpiexec@T7500] main (ui/mpich/mpiexec.c:148): error parsing parameters\n"),
         expect=dict(families=["launcher", "modules"],
                     fix=r"(?m)^\+\s*mpiexec (?!.*-am\b)\S.*picongpu|^\+\s*module load \S*openmpi")),
]
order = ["id", "split", "kind", "source", "thread_site", "what", "cluster", "script", "directives",
         "replace", "log", "expect"]
rows = []
for c in cases:
    c["split"] = "tune" if int(hashlib.sha256(c["id"].encode()).hexdigest(), 16) % 2 == 0 else "heldout"
    cache = Path("/work/cache/s22logfamilies") / f"{c['id']}.log"
    cache.write_text(c["log"])
    rows.append(f"{c['id']}\t{c['source']}\t{hashlib.sha256(c['log'].encode()).hexdigest()}")
out = [{k: c[k] for k in order if k in c} for c in cases]
head = Path(__file__).with_name("cases_header.txt").read_text()
Path(__file__).with_name("cases.yaml").write_text(
    head + yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, width=120, allow_unicode=True))
Path("/work/cache/s22logfamilies/sources.tsv").write_text("\n".join(rows) + "\n")
print({c["id"]: c["split"] for c in cases})
