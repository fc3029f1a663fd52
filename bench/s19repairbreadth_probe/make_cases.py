# ruff: noqa: E501  (the cases are data: one excerpt, one description a line)
"""Write cases.yaml of the s19repairbreadth probe and cache each excerpt (run once, before any run).

Each excerpt is the error text a user posted in the public thread of `source`, read with the
search tool (corpus issues) on 2026-11-27, checked against bench/, templates/failures/ and
/work/wt/claimed_threads.txt (none cited), and claimed as s19-repairbreadth. The split is fixed
here by sha256(id) parity: even -> tune, odd -> heldout.

    /work/main/.venv/bin/python bench/s19repairbreadth_probe/make_cases.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
CACHE = Path("/work/cache/s19repairbreadth")

OMPI_NOT_FOUND = """--------------------------------------------------------------------------
mpirun was unable to find the specified executable file, and therefore
did not launch the job.  This error was first reported for process
rank 0; it may have occurred for other processes as well.

NOTE: A common cause for this error is misspelling a mpirun command
      line parameter option (remember that mpirun interprets the first
      unrecognized command line token as the executable).

Node:       {node}
Executable: {exe}
--------------------------------------------------------------------------
{n} total processes failed to start
"""

CASES: list[dict] = [
    # ============================================================ PBS job names qsub refuses
    dict(id="ketrew451-qsub-illegal-N-long-name", kind="script",
         source="https://github.com/hammerlab/ketrew/issues/451",
         thread_site="ketrew's PBS backend passes a long generated job name with -N; qsub refuses it (title: the -N option has a character limit)",
         what="the PBS job name is longer than this PBS accepts (15 characters before PBS 13); the fix gives -N a short valid name; assumed shape - the Polaris torchrun job with a long -N, diagnosed as on Polaris",
         cluster="polaris", script="pbs_polaris_torchrun.sh",
         directives=["#PBS -N variant_calling_pipeline_step_2"],
         log="qsub: illegal -N value\n",
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#PBS -N [A-Za-z][A-Za-z0-9_]{0,14}$"}),
    dict(id="nextflow228-qsub-illegal-N-dot-script", kind="script",
         source="https://github.com/nextflow-io/nextflow/issues/228",
         thread_site="PBSPro 11.2; `qsub .command.run` fails because PBS takes the job name from the script file name, which starts with a dot; `qsub -N name` works",
         what="no -N in the script, and the default job name (the script file name) is not a valid PBS name; the fix writes a valid #PBS -N; assumed shape - the Polaris torchrun job without -N, diagnosed as on Polaris",
         cluster="polaris", script="pbs_polaris_torchrun.sh",
         log=("qsub: illegal -N value\nusage: qsub [-a date_time] [-A account_string] [-c interval\n"
              "       [-C directive_prefix] [-e path] [-h ] [-I [-X]] [-j oe|eo] [-J X-Y[:Z]]\n"
              "       [-k o|e|oe] [-l resource_list] [-m mail_options] [-M user_list]\n"
              "       [-N jobname] [-o path] [-p priority] [-q queue] [-r y|n]\n"),
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#PBS -N [A-Za-z][A-Za-z0-9_]*$"}),
    dict(id="cime4063-qsub-illegal-N-percent", kind="script",
         source="https://github.com/ESMCI/cime/issues/4063",
         thread_site="CIME on Cheyenne (PBS Pro) writes the test name into #PBS -N; the name holds `%` characters and qsub refuses it",
         what="the PBS job name holds characters PBS does not accept (%); the fix gives -N a valid name; assumed shape - the Polaris torchrun job with that -N, diagnosed as on Polaris",
         cluster="polaris", script="pbs_polaris_torchrun.sh",
         directives=["#PBS -N test.ERS_Vnuopc.T62_g37.2000_DATM%NYF_SLND_CICE6"],
         log="ERROR: Command: 'qsub -q regular -l walltime=12:00:00 -A P93300606  .case.test' failed with error 'qsub: illegal -N value.\n",
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#PBS -N [A-Za-z][A-Za-z0-9_]*$"}),
    dict(id="cylcdoc79-qsub-job-name-too-long", kind="script",
         source="https://github.com/cylc/cylc-doc/pull/79",
         thread_site="a test on PBS with a very long #PBS -N; qsub refuses it, one character less works (PBS 13+ allows 236 characters)",
         what="the PBS job name is longer than the server accepts; the fix gives -N a short valid name; assumed shape - the Polaris torchrun job with that -N, diagnosed as on Polaris",
         cluster="polaris", script="pbs_polaris_torchrun.sh",
         directives=["#PBS -N " + "thisisaremarkablylongjobnamedesignedtotestwhetherlongjobnameswork" + "a" * 180],
         log="qsub: Job name is too long \n",
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#PBS -N [A-Za-z][A-Za-z0-9_]{0,14}$"}),
    dict(id="prisms11-pbs-job-name-16-characters", kind="script",
         source="https://github.com/prisms-center/pbs/issues/11",
         thread_site="Torque/PBS cluster (Penn State); a submit filter rejects job names of 16 characters or more given with -N",
         what="the site's submit filter refuses the job name's length; the fix gives -N a name of at most 15 characters; assumed shape - the Polaris torchrun job with that -N, diagnosed as on Polaris",
         cluster="polaris", script="pbs_polaris_torchrun.sh",
         directives=["#PBS -N SCEL4_4_1_1_0_0_0.2"],
         log=('Specified job names must be less than 16 characters ("SCEL4_4_1_1_0_0_0.2" is 19)!\n'
              "qsub: Your job has been administratively rejected by the queueing system.\n"
              "qsub: There may be a more detailed explanation prior to this notice.\n"),
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#PBS -N [A-Za-z][A-Za-z0-9_]{0,14}$"}),
    # ============================================================ PBS: no queue takes the request
    dict(id="torque312-rejected-by-all-destinations", kind="script",
         source="https://github.com/adaptivecomputing/torque/issues/312",
         thread_site="Torque 5.1 with a routing queue; a job whose resources fit no execution queue is refused with this message (interactive qsub shows it)",
         what="the job goes to a routing queue and its node count / walltime fit none of the execution queues behind it (on Polaris: `prod` routes only jobs of 10+ nodes); the fix moves the 2-node job to a queue that takes it; assumed shape - the 2-node Polaris torchrun job sent to prod, diagnosed as on Polaris",
         cluster="polaris", script="pbs_polaris_torchrun.sh",
         replace=[["#PBS -q debug-scaling", "#PBS -q prod"]],
         log="qsub: waiting for job 3481328.egeon2 to start\nqsub: PBS: Job rejected by all possible destinations (check syntax,\nqueue resources, ...)\n",
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#PBS -q (debug|debug-scaling|preemptable)$"}),
    dict(id="cbio4-qsub-cannot-locate-feasible-nodes", kind="script",
         source="https://github.com/cBio/cbio-cluster/issues/4",
         thread_site="Torque/Moab cluster; the resource list names a node property `titan` that no node has (the right one is `gtxtitan`); qsub says no feasible nodes",
         what="the resource request names a node property or size no node of the queue has; only the user knows which they meant, so the answer asks; assumed shape - the Polaris torchrun job whose select names an unknown property, diagnosed as on Polaris",
         cluster="polaris", script="pbs_polaris_torchrun.sh",
         replace=[["#PBS -l select=2:system=polaris", "#PBS -l select=2:system=polaris:gputype=titan"]],
         log="qsub: submit error (Job exceeds queue resource limits MSG=cannot locate feasible nodes (nodes file is empty or all systems are busy))\n",
         expect={"families": ["scheduler", "resources", "user"], "ask": True, "ask_for": ["select", "constraint", "nodes", "value"]}),
    # ============================================================ Slurm submit refusals
    dict(id="olcf23-not-member-of-account", kind="script",
         source="https://github.com/olcf/olcf-test-harness/issues/23",
         thread_site="OLCF (Slurm) submit filter; the job names an account the user is not a member of; the filter lists the valid ones",
         what="the job charges an account the user does not belong to; the account is the user's value, so the answer asks (or takes the one the filter lists); assumed shape - the srun torchrun job with `--account=xxx`, diagnosed as on Delta",
         cluster="delta", script="srun_torchrun.sh", directives=["#SBATCH --account=xxx"],
         log=("sbatch: error: 2 ERRORS FOUND: \nsbatch: error:  \n"
              "sbatch: error: You are not a member of account xxx. Please specify a valid account with the -A flag. Valid accounts are: \n"
              "sbatch: error:     yy\n"),
         expect={"families": ["scheduler", "user"], "ask": True, "ask_for": ["account"]}),
    dict(id="babs195-memory-specification-not-satisfied", kind="script",
         source="https://github.com/PennLINC/babs/issues/195",
         thread_site="BABS end-to-end test on a small Slurm container cluster; the test job asks for more memory than its node has",
         what="--mem above any node's memory in the partition; the fix lowers or drops the memory request (never adds a partition); assumed shape - the srun python job with `--mem=512G` on Delta's 256 GB GPU nodes, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", directives=["#SBATCH --mem=512G"],
         log=("sbatch: error: Memory specification can not be satisfied\n"
              "sbatch: error: Batch job submission failed: Requested node configuration is not available\n"),
         expect={"families": ["resources", "scheduler"], "fix": r"(?m)^-#SBATCH --mem=512G$"}),
    dict(id="radicalsaga717-gpu-option-invalid-gres", kind="script",
         source="https://github.com/radical-cybertools/radical.saga/issues/717",
         thread_site="Bridges (Slurm 18.08); the generated script has both `--gres=gpu:p100:2` and `--gpu=2`; removing the `--gpu` line lets it through",
         what="a second GPU request (`--gpu=N`) next to a typed --gres; Slurm cannot reconcile them; the fix removes the extra request; assumed shape - the srun torchrun job with --gres=gpu:v100-32:2 and --gpu=2, diagnosed as on Bridges-2",
         cluster="bridges2", script="srun_torchrun.sh",
         replace=[["#SBATCH --gpus-per-node=4", "#SBATCH --gres=gpu:v100-32:2\n#SBATCH --gpu=2"]],
         log="sbatch: error: Batch job submission failed: Invalid GRES specification (with and without type identification)\n",
         expect={"families": ["scheduler", "resources", "devices"], "fix": r"(?m)^-#SBATCH --gpu=2$"}),
    dict(id="esm1340-nodes-with-distribution-arbitrary", kind="script",
         source="https://github.com/esm-tools/esm_tools/issues/1340",
         thread_site="esm_tools on NHR@ZIB writes a batch script with --nodes and an arbitrary task layout (taskset/hostfile); sbatch refuses the pair",
         what="--nodes together with --distribution=arbitrary (the layout comes from a host list); the fix drops one of the two; assumed shape - the srun MPI job with `--distribution=arbitrary` added, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh", directives=["#SBATCH --distribution=arbitrary"],
         log="sbatch: error: --nodes is incompatible with --distribution=arbitrary\n",
         expect={"families": ["scheduler", "launcher"], "fix": r"(?m)^-#SBATCH --(nodes=8|distribution=arbitrary)$"}),
    # ============================================================ mpirun/mpiexec cannot start the program
    dict(id="qe32-mpirun-executable-not-found-pwx", kind="script",
         source="https://github.com/QEF/q-e/issues/32",
         thread_site="Quantum ESPRESSO on CentOS 7; `mpirun -n 4 pw.x` and pw.x is not on the PATH the launcher sees",
         what="the program the launcher starts is not on PATH on the nodes (its module or bin folder is not set up in the job); which module/path is the user's, so the answer asks; assumed shape - an Anvil MPI job running `mpirun -n 4 pw.x`, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["srun --cpu-bind=cores ./solver input.dat", "mpirun -n 4 pw.x < pwscf.in"]],
         log=OMPI_NOT_FOUND.format(node="731-sc", exe="pw.x", n=4),
         expect={"families": ["environment", "modules", "launcher", "user"], "ask": True, "ask_for": ["path", "python_path", "program_path", "tool_module", "module"]}),
    dict(id="mpijl237-mpirun-executable-not-found-julia", kind="script",
         source="https://github.com/JuliaParallel/MPI.jl/issues/237",
         thread_site="MPI.jl example run with `mpirun -np 2 julia 01-hello.jl`; the reply - julia is not on the PATH mpirun uses",
         what="the interpreter the launcher starts is not on PATH in the job; the answer asks for its module/path; assumed shape - an Anvil MPI job running `mpirun -np 2 julia 01-hello.jl`, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["srun --cpu-bind=cores ./solver input.dat", "mpirun -np 2 julia 01-hello.jl"]],
         log=OMPI_NOT_FOUND.format(node="dsigler-31368s", exe="julia", n=2),
         expect={"families": ["environment", "modules", "launcher", "user"], "ask": True, "ask_for": ["path", "python_path", "program_path", "tool_module", "module"]}),
    dict(id="picongpu1984-mpiexec-executable-is-an-option-value", kind="script",
         source="https://github.com/ComputationalRadiationPhysics/picongpu/issues/1984",
         thread_site="PIConGPU's bash_mpiexec template; mpiexec reports the 'executable' LD_LIBRARY_PATH: an argument of the launcher line taken as the program",
         what="the launcher line passes a token mpiexec does not parse as an option's value (here LD_LIBRARY_PATH after an option that takes none), so mpiexec treats it as the program; the right option is the user's, so the answer asks about the launcher line; assumed shape - an Anvil job running `mpiexec -n 1 --bind-to none -x LD_LIBRARY_PATH ./picongpu`, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["srun --cpu-bind=cores ./solver input.dat", "mpiexec -n 1 --display-map -x LD_LIBRARY_PATH ./picongpu"]],
         log=OMPI_NOT_FOUND.replace("mpirun", "mpiexec").format(node="messi", exe="LD_LIBRARY_PATH", n=32),
         expect={"families": ["launcher", "user", "environment"], "ask": True, "ask_for": ["option_value", "option_spelling", "value"]}),
    dict(id="fastpm101-mpirun-cannot-access-executable", kind="script",
         source="https://github.com/fastpm/fastpm/issues/101",
         thread_site="fastpm at NERSC (Cori) installed from conda; the notebook runs `mpirun -n 4 ../src/fastpm`, a build path that does not exist in a binary install",
         what="the launch line names the program by a path that does not exist (or is not executable) on the node; the right path is the user's, so the answer asks; assumed shape - an Anvil MPI job running `mpirun -n 4 ../src/fastpm nbodykit.lua`, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["srun --cpu-bind=cores ./solver input.dat", "mpirun -n 4 ../src/fastpm nbodykit.lua"]],
         log=("--------------------------------------------------------------------------\n"
              "mpirun was unable to launch the specified application as it could not access\n"
              "or execute an executable:\n\nExecutable: ../src/fastpm\nNode: cori16\n\n"
              "while attempting to start process rank 0.\n"),
         expect={"families": ["environment", "user", "launcher", "program"], "ask": True, "ask_for": ["path", "program_path"]}),
    dict(id="hyphy1751-mpirun-cannot-access-unbuilt-binary", kind="script",
         source="https://github.com/veg/hyphy/issues/1751",
         thread_site="HyPhy under WSL/Ubuntu; `mpirun -np N build/HYPHYMPI` before the MPI build (`make MPI`) was done; building it fixed the run",
         what="the launch line names a program file that is not there (not built at that path); the answer asks for the right path / to build it; assumed shape - an Anvil MPI job running `mpirun -np 8 build/HYPHYMPI`, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         replace=[["srun --cpu-bind=cores ./solver input.dat", "mpirun -np 8 build/HYPHYMPI"]],
         log=("mpirun was unable to launch the specified application as it could not access\n"
              "or execute an executable:\n\nExecutable: build/HYPHYMPI\n"),
         expect={"families": ["environment", "user", "launcher", "program"], "ask": True, "ask_for": ["path", "program_path"]}),
    # ============================================================ DeepSpeed launcher
    dict(id="ds3669-hostfile-bad-entry", kind="script",
         source="https://github.com/deepspeedai/DeepSpeed/issues/3669",
         thread_site="DeepSpeed launcher; a hostfile line written `x.x.x.x lots=8` (not `slots=`) is refused with this message (the f-string prints {line} literally)",
         what="a hostfile line is not `HOST slots=N`; the script writes the hostfile, so the fix is in the line that writes it, which the answer cannot guess in general - it asks; assumed shape - the DeepSpeed hostfile job whose sed writes ` lots=4`, diagnosed as on Delta",
         cluster="delta", script="deepspeed_hostfile.sh",
         replace=[["sed 's/$/ slots=4/'", "sed 's/$/ lots=4/'"]],
         log="ValueError: Hostfile contains a bad entry: {line}, unable to proceed with launching\n",
         expect={"families": ["launcher", "user"], "ask": True, "ask_for": ["hostfile"]}),
    dict(id="molgen25-no-slot-on-localhost", kind="script",
         source="https://github.com/zjunlp/MolGen/issues/25",
         thread_site="MolGen generate.sh with the DeepSpeed launcher on one machine; the launcher turns the masked GPU list into --include=localhost:1, a slot the masked node does not have (the Yi#392 shape)",
         what="CUDA_VISIBLE_DEVICES set before the deepspeed launcher: it asks for slot 1 of a node that then shows only slot 0; the fix drops the mask (select GPUs with --include, or let the scheduler do it); assumed shape - a one-node job exporting CUDA_VISIBLE_DEVICES=1 before `deepspeed`, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
                   "export CUDA_VISIBLE_DEVICES=1\ndeepspeed --num_gpus 1 generate.py --input_path data.csv"]],
         log=("[2025-03-04 21:00:22,784] [WARNING] [runner.py:196:fetch_hostfile] Unable to find hostfile, will proceed with training with local resources only.\n"
              "Traceback (most recent call last):\n"
              "  File \"/root/miniconda3/envs/my_env/lib/python3.9/site-packages/deepspeed/launcher/runner.py\", line 296, in parse_resource_filter\n"
              "    raise ValueError(f\"No slot '{slot}' specified on host '{hostname}'\")\n"
              "ValueError: No slot '1' specified on host 'localhost'\n"),
         expect={"families": ["devices", "launcher"], "fix": r"(?m)^-export CUDA_VISIBLE_DEVICES=1$"}),
    dict(id="deepseekcoder167-no-slot-4-on-localhost", kind="script",
         source="https://github.com/deepseek-ai/DeepSeek-Coder/issues/167",
         thread_site="DeepSeek-Coder fine-tuning with the DeepSpeed launcher on one machine; after a first run, the launcher refuses slot 4 on localhost",
         what="GPUs masked with CUDA_VISIBLE_DEVICES before the deepspeed launcher, which then asks for slots the masked node does not show; the fix drops the mask; assumed shape - a one-node job exporting CUDA_VISIBLE_DEVICES=4,5,6,7 before `deepspeed`, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
                   "export CUDA_VISIBLE_DEVICES=4,5,6,7\ndeepspeed finetune_deepseekcoder.py --deepspeed configs/ds_config_zero3.json"]],
         log=("    raise ValueError(f\"No slot '{slot}' specified on host '{hostname}'\")\n"
              "ValueError: No slot '4' specified on host 'localhost'\n"),
         expect={"families": ["devices", "launcher"], "fix": r"(?m)^-export CUDA_VISIBLE_DEVICES=4,5,6,7$"}),
    # ============================================================ AMD GPU masking
    dict(id="parsl3858-rocr-and-cuda-visible-both-set", kind="script",
         source="https://github.com/Parsl/parsl/issues/3858",
         thread_site="Frontier (MI250X); Parsl sets both ROCR_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES per worker; with both set to the same index PyTorch sees no GPU",
         what="two GPU masks applied one after the other (ROCR_VISIBLE_DEVICES renumbers the visible GPUs, then CUDA/HIP_VISIBLE_DEVICES indexes the renumbered list) leave no device; the fix keeps one mask; assumed shape - the srun python job on Delta's MI100 nodes exporting both from SLURM_LOCALID, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[["srun python -u train.py --batch-size 256 --epochs 32",
                   "srun bash -c 'export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID; export CUDA_VISIBLE_DEVICES=$SLURM_LOCALID; python -u train.py --batch-size 256 --epochs 32'"]],
         log=("  File \"/autofs/nccs-svm1_proj/mat291/lward/mof-generation-at-scale/env/lib/python3.10/site-packages/torch/cuda/__init__.py\", line 372, in _lazy_init\n"
              "    torch._C._cuda_init()\nRuntimeError: No HIP GPUs are available\n"),
         expect={"families": ["devices", "environment"], "fix": r"(?m)^\+(?!.*ROCR_VISIBLE_DEVICES.*CUDA_VISIBLE_DEVICES).*python -u train\.py"}),
    # ============================================================ not the launch script
    dict(id="ompi3144-mpi-init-null-communicator", kind="not_script",
         source="https://github.com/open-mpi/ompi/issues/3144",
         thread_site="Open MPI 2.0.2 mpiexec starting mpiblast; every rank aborts in MPI_Init (ompi_rte_init failed): the program was built against a different MPI than the mpiexec that starts it",
         what="MPI_Init fails inside the program before any communication (an MPI library / launcher mismatch of the installation); not a setting of the launch script; assumed shape - an Anvil MPI job, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         log=("*** An error occurred in MPI_Init\n*** on a NULL communicator\n"
              "*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,\n"
              "***    and potentially your MPI job)\n"
              "[iq218:27487] Local abort before MPI_INIT completed completed successfully, but am not able to aggregate error messages, and not able to guarantee that all other processes were killed!\n"),
         expect={}),
    dict(id="nrn581-pmpi-init-thread-gni-invalid-state", kind="not_script",
         source="https://github.com/neuronsimulator/nrn/issues/581",
         thread_site="Piz Daint (Cray XC); NEURON initialises MPI and then mpi4py is imported: the second initialisation fails in the Cray GNI layer",
         what="the program initialises MPI twice (two libraries); the program's import order, not the launch script; assumed shape - an srun MPI job on Perlmutter, diagnosed as on Perlmutter",
         cluster="perlmutter", script="srun_mpi_app.sh",
         log=("Rank 1 [Thu Jun  4 15:19:55 2020] [c2-0c1s0n1] Fatal error in PMPI_Init_thread: Other MPI error, error stack:\n"
              "MPIR_Init_thread(537)..:\nMPID_Init(296).........: channel initialization failed\n"
              "MPIDI_CH3_Init(102)....:\nMPID_nem_init(367).....:\n"
              "MPID_nem_gni_init(1586): GNI_CdmAttach (GNI_RC_INVALID_STATE)\n"),
         expect={}),
    dict(id="bout765-mpi-comm-rank-null-communicator", kind="not_script",
         source="https://github.com/boutproject/BOUT-dev/issues/765",
         thread_site="BOUT++ python interface with Open MPI 3.0; MPI_Comm_rank is called before MPI is initialised, with and without mpirun",
         what="the program calls MPI before MPI_Init (a bug of the program/its interface); not the launch script; assumed shape - an Anvil MPI job, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         log=("*** An error occurred in MPI_Comm_rank\n*** on a NULL communicator\n"
              "*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,\n"
              "***    and potentially your MPI job)\n"
              "[snow:23864] Local abort before MPI_INIT completed completed successfully, but am not able to aggregate error messages, and not able to guarantee that all other processes were killed!\n"),
         expect={}),
    dict(id="pymultinest38-mpi-init-called-twice", kind="not_script",
         source="https://github.com/JohannesBuchner/PyMultiNest/issues/38",
         thread_site="PyMultiNest with the cmake MultiNest under mpirun -np 2; the library calls MPI_Init after mpi4py already did",
         what="a library initialises MPI a second time; a bug of the library/program, not the launch script; assumed shape - an Anvil MPI job, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         log=("--------------------------------------------------------------------------\n"
              "Calling MPI_Init or MPI_Init_thread twice is erroneous.\n"
              "--------------------------------------------------------------------------\n"
              "Error starting MPI. Terminating.\n"),
         expect={}),
    dict(id="radicalpilot2980-pml-base-open-not-found", kind="not_script",
         source="https://github.com/radical-cybertools/radical.pilot/issues/2980",
         thread_site="Summit; the raptor example's MPI workers abort in MPI_INIT because the Open MPI in use lacks a PML component (an MPI installation mismatch)",
         what="MPI_INIT fails inside the MPI library (a component of the installation missing); not a setting of the launch script; assumed shape - an Anvil MPI job, diagnosed as on Anvil",
         cluster="anvil", script="srun_mpi_app.sh",
         log=("It looks like MPI_INIT failed for some reason; your parallel process is\n"
              "likely to abort.  There are many reasons that a parallel process can\n"
              "fail during MPI_INIT; some of which are due to configuration or environment\n"
              "problems.  This failure appears to be an internal failure; here's some\n"
              "additional information (which may only be relevant to an Open MPI\ndeveloper):\n\n"
              "  mca_pml_base_open() failed\n  --> Returned \"Not found\" (-13) instead of \"Success\" (0)\n"),
         expect={}),
    dict(id="mpich6958-ze-affinity-mask-assert", kind="not_script",
         source="https://github.com/pmodels/mpich/issues/6958",
         thread_site="MPICH 4.2.0 on Intel Data Center GPU Flex nodes; with ZE_AFFINITY_MASK selecting the second device MPI_Init asserts; the maintainers treat it as an MPICH bug",
         what="an assertion inside MPICH's GPU device mapping (a library bug); not the launch script; assumed shape - the Aurora mpiexec job, diagnosed as on Aurora",
         cluster="aurora", script="pbs_aurora_mpiexec.sh",
         log="mpitest: mpich-4.2.0/src/mpl/src/gpu/mpl_gpu_ze.c:466: int MPL_gpu_init_device_mappings(int, int): Assertion `local_dev_id == local_ze_device_count' failed.\n",
         expect={}),
    dict(id="zson4-slurm-conf-missing", kind="not_script",
         source="https://github.com/gunagg/zson/issues/4",
         thread_site="a user runs the project's sbatch script on a machine whose Slurm client has no configuration (no Slurm cluster behind it)",
         what="the Slurm client of this machine has no slurm.conf: the site / machine is not set up for Slurm; not the launch script; assumed shape - the srun torchrun job, diagnosed as on Delta",
         cluster="delta", script="srun_torchrun.sh",
         log="sbatch: error: s_p_parse_file: unable to status file /etc/slurm-llnl/slurm.conf: No such file or directory, retrying in 1sec up to 60sec\n",
         expect={}),
    dict(id="jade40-cuda-devices-busy-or-unavailable", kind="not_script",
         source="https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/40",
         thread_site="JADE (DGX-1, Slurm) `big` partition, all 8 GPUs of a node; the run sometimes works and often fails at the first CUDA call",
         what="the node's GPUs are busy (exclusive-process mode, held by other processes) or unavailable; the node's state, not a setting of the script; assumed shape - the one-node torchrun job, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log="THCudaCheck FAIL file=/opt/conda/conda-bld/pytorch_1518244421288/work/torch/lib/THC/THCStream.cpp line=40 error=46 : all CUDA-capable devices are busy or unavailable\n",
         expect={}),
    dict(id="jade59-cuda-busy-other-process-on-gpu", kind="not_script",
         source="https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/59",
         thread_site="JADE (Slurm); the job's GPU (CUDA_VISIBLE_DEVICES=7) is already used by another process, so the CUDA context cannot be created",
         what="another process holds the job's GPU (exclusive mode); the node/site state, not the launch script; assumed shape - the one-node torchrun job, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log=("Cuda Visible devices: \n7\nSLURM JOB ID: \n121062\n"
              "THCudaCheck FAIL file=/pytorch/aten/src/THC/THCTensorRandom.cu line=25 error=46 : all CUDA-capable devices are busy or unavailable\n"),
         expect={}),
    dict(id="megatronbridge665-mpi-init-thread-tp-overlap", kind="not_script",
         source="https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/665",
         thread_site="Megatron-Bridge recipes with tensor-parallel communication overlap; the overlap's bootstrap initialises MPI inside a torchrun job and every rank aborts in MPI_Init_thread",
         what="a library of the program (the TP comm-overlap bootstrap) calls MPI in a job that has no MPI launcher; the program's configuration / library, not a setting of the launch script; assumed shape - the srun torchrun job, diagnosed as on Perlmutter",
         cluster="perlmutter", script="srun_torchrun.sh",
         log=("*** An error occurred in MPI_Init_thread\n*** on a NULL communicator\n"
              "*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now abort,\n"
              "***    and potentially your MPI job)\n"),
         expect={}),
]


def split_of(case_id: str) -> str:
    return "tune" if int(hashlib.sha256(case_id.encode()).hexdigest(), 16) % 2 == 0 else "heldout"


def main() -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    out, index = [], []
    for case in CASES:
        row = {"id": case["id"], "split": split_of(case["id"]), "kind": case["kind"]}
        row.update({k: v for k, v in case.items() if k not in row})
        out.append(row)
        text = case["log"]
        path = CACHE / f"{case['id']}.txt"
        path.write_text(text, encoding="utf-8")
        index.append({"id": case["id"], "source": case["source"],
                      "sha256": hashlib.sha256(text.encode()).hexdigest()})
    (CACHE / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    header = (HERE / "cases_header.txt").read_text(encoding="utf-8")
    body = yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True,
                          width=200)
    (HERE / "cases.yaml").write_text(header + body, encoding="utf-8")
    print(len(out), "cases;", sum(r["split"] == "tune" for r in out), "tune")


if __name__ == "__main__":
    main()
