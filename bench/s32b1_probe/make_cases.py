# ruff: noqa: E501, RUF005
"""Probe set of helper s32b1 (scheduler and launcher messages): real excerpts, written before
any run of the helper's new code on them. Run make_cases.py to rewrite cases.yaml."""
import hashlib
from pathlib import Path

import yaml

C = []


def case(id, kind, source, thread_site, what, cluster, script, log, expect, **kw):
    split = "heldout" if int(hashlib.sha256(id.encode()).hexdigest(), 16) % 2 else "tune"
    C.append({"id": id, "split": split, "kind": kind, "source": source,
              "thread_site": thread_site, "what": what, "cluster": cluster, "script": script,
              **kw, "log": log, "expect": expect})


SRUN1 = [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"],
         ["#SBATCH --gpus-per-node=4\n", ""]]

# class A: "Job dependency problem" - the dependency names a job Slurm no longer knows
case("dagrecovery-allocation-failure-dependency-on-completed-job", "script",
     "find_string:68961312624",
     "a project's run notes of a prediction DAG on a Slurm GPU cluster (node s-004; found with the code "
     "search, text id 68961312624); the first recovery submission was rejected before any job id came back; "
     "cause given: the old completed freeze job 910062 was no longer a valid scheduler dependency; fix given: "
     "removing only that obsolete dependency from the submission",
     "the submission names, on the sbatch command line (the DAG's submitter), an afterok dependency on a job "
     "that has completed and left the controller; the batch script has no dependency directive, so nothing in "
     "it can be changed: the right answer names the dependency and advises (no fix); assumed shape - the "
     "srun_python job on one node with one GPU, diagnosed as on Delta",
     "delta", "srun_python.sh", "allocation failure: Job dependency problem\n",
     {"families": ["scheduler"], "ask": True, "ask_for": ["dependency"]}, replace=SRUN1)
case("tier1pilot-cpu-submitter-stale-afterok-dependency", "script", "find_string:54498574523",
     "a project's experiment log of multi-node pilot runs (Slurm GPU cluster; found with the code search, "
     "text id 54498574523); a CPU submitter job failed while submitting the next training job; cause given: "
     "it carried a now-stale afterok:172706 dependency although the preflight had passed; fix given: "
     "resubmission without the stale dependency (a RUN_SUFFIX change to the submit script)",
     "the job's submission names a dependency on a job that already finished; the dependency is given on the "
     "sbatch command line of the submitter, so the answer is advice, not a change of the batch script; the "
     "line is the notes' own quotation with its `...`; assumed shape - the srun_python job, diagnosed as on "
     "Delta",
     "delta", "srun_python.sh", "sbatch: ... Job dependency problem\n",
     {"families": ["scheduler"], "ask": True, "ask_for": ["dependency"]}, replace=SRUN1)
case("e38chains-completed-job-not-valid-afterok-directive", "script", "find_string:71193284724",
     "a project's experiment diary (Slurm H100 cluster, chains of 8 h links; found with the code search, "
     "text id 71193284724); gate lesson: a COMPLETED job is no longer a valid afterok target (\"Job "
     "dependency problem\"), so the verified cells were launched ungated",
     "the dependency names a job that has completed; only the user knows whether to drop it or name a live "
     "job, so the answer asks for the dependency; assumed shape - the dependency as a header directive of "
     "the srun_python job (the diary's chains put it on sbatch's command line), diagnosed as on Delta",
     "delta", "srun_python.sh", "Job dependency problem\n",
     {"families": ["scheduler"], "ask": True, "ask_for": ["dependency"]},
     directives=["#SBATCH --dependency=afterok:66289463"])

# class B: srun asks more nodes than the job allocation holds
case("slurmdocker-batch-srun-n2-in-one-node-job", "script", "find_string:65786060797",
     "a Chinese guide to a Slurm-in-Docker test cluster (nodes c1, c2; found with the code search, text id "
     "65786060797); a batch script without a node request runs `srun -N 2 hostname`; the output file shows "
     "this error; fix given: add `#SBATCH -N 2` to the script, after which the same steps succeed",
     "the batch allocation holds one node (no node request) while its srun step asks for two; the fix raises "
     "the job's node request to what the step asks; assumed shape - the srun_python job without a nodes "
     "directive, its step `srun -N 2 hostname`, diagnosed as on Delta",
     "delta", "srun_python.sh", "srun: error: Only allocated 1 nodes asked for 2\n",
     {"families": ["scheduler", "launcher", "resources"], "fix": r"(?m)^\+#SBATCH (?:--nodes=|-N ?)2\b"},
     replace=[["#SBATCH --nodes=1\n", ""], ["srun python -u train.py --batch-size 256 --epochs 32",
                                             "srun -N 2 hostname"]] + SRUN1)
case("nccl-sriov-pmix-two-node-step-one-node-alloc", "script", "find_string:61167897339",
     "a project's validation notes of NCCL over SR-IOV with PMIx on a Slurm GPU cluster (partition gpu-b4, "
     "found with the code search, text id 61167897339); the first two-node submission failed with this "
     "output; cause given: the sbatch allocation did not request two nodes while the inner `srun -N 2` asked "
     "for two; fix given: `#SBATCH --nodes=2` (with --ntasks-per-node=1)",
     "the step asks more nodes than the batch allocation; the fix puts the node count on the allocation; "
     "the lines are the notes' own quotation of sacct fields; assumed shape - the srun_python job with one "
     "node and `srun -N 2 --mpi=pmix` running the NCCL test, diagnosed as on Delta",
     "delta", "srun_python.sh", "JobID=2\nState=FAILED\nOutput=srun: error: Only allocated 1 nodes asked for 2\n",
     {"families": ["scheduler", "launcher", "resources"], "fix": r"(?m)^\+#SBATCH (?:--nodes=|-N ?)2\b"},
     replace=[["srun python -u train.py --batch-size 256 --epochs 32",
               "srun -N 2 --mpi=pmix ./all_reduce_perf -b 8 -e 1G -f 2 -g 1"]] + SRUN1)
case("perlmutter-al-vasp-step-two-nodes-in-one-node-job", "script", "find_string:60931071003",
     "a project's Perlmutter deployment troubleshooting notes for an active-learning DFT workflow (found with "
     "the code search, text id 60931071003); symptom: every DFT step of a case fails at once with this "
     "message; root cause given: the config's nodes_per_job (2) exceeds the job's node count; fix given: "
     "submit with -N >= 2",
     "the job allocation has one node while each step asks for two; the fix raises the job's node count to "
     "the step's; assumed shape - a one-node Perlmutter job whose step runs `srun -N 2 -n 8 vasp_std`, "
     "diagnosed as on Perlmutter",
     "perlmutter", "srun_mpi_app.sh", "srun: error: Only allocated 1 nodes asked for 2\n",
     {"families": ["scheduler", "launcher", "resources"], "fix": r"(?m)^\+#SBATCH (?:--nodes=|-N ?)2\b"},
     replace=[["#SBATCH --nodes=8", "#SBATCH --nodes=1"],
              ["srun --cpu-bind=cores ./solver input.dat", "srun -N 2 -n 8 --cpu-bind=cores vasp_std"]])
case("hetjob-intelmpi-hydra-bootstrap-slurm-counts-group0", "script", "find_string:56144552097",
     "a project's notes on coupling an MPI solver and a Python ML process in a Slurm heterogeneous job (CPU "
     "nodes + one GPU node, Intel MPI; found with the code search, text id 56144552097); with "
     "I_MPI_HYDRA_BOOTSTRAP=slurm the launch fails with this error (then hits the time limit); cause given: "
     "in the het job the node list counts only het-group 0; fix given: I_MPI_HYDRA_BOOTSTRAP=ssh",
     "LOOK-ALIKE: the message is the same, but the script's own steps ask no more nodes than the job; the "
     "Intel MPI launcher's srun bootstrap counts only the first het group; the fix is the bootstrap variable, "
     "never a node count; assumed shape - a one-node Delta job running `mpirun -machinefile hostfile -np 1 "
     "example.exe : -np 1 python3 -u example.py` with I_MPI_HYDRA_BOOTSTRAP=slurm, diagnosed as on Delta",
     "delta", "srun_python.sh", "srun: error: Only allocated 1 nodes asked for 2\n",
     {"families": ["environment", "launcher"], "fix": r"(?m)^\+.*I_MPI_HYDRA_BOOTSTRAP=ssh"},
     replace=[["srun python -u train.py --batch-size 256 --epochs 32",
               "export I_MPI_HYDRA_BOOTSTRAP=slurm\nmpirun -machinefile hostfile -np 1 example.exe : -np 1 "
               "python3 -u example.py"]] + SRUN1)

# class C: a node list (--exclude/--nodelist) names a node the controller does not know
case("lambda-runbook-exclude-decommissioned-node", "script", "find_string:68502504251",
     "a project's runbook for RL fine-tuning on a Slurm cluster (a100 partition c[002-003,007]; found with "
     "the code search, text id 68502504251); node c001 was decommissioned and leaving it in an --exclude "
     "list makes sbatch reject the whole submission with this message; fix given: verify names with sinfo "
     "and use the current exclude list",
     "the job's --exclude names a node the controller no longer has; only the user (or sinfo) knows the "
     "current names, so the answer asks for the node list (or removes the stale name); assumed shape - the "
     "srun_python job with `#SBATCH --exclude=c001,h06,n02`, diagnosed as on Delta",
     "delta", "srun_python.sh", "Batch job submission failed: Invalid node name specified\n",
     {"families": ["scheduler", "user"], "ask": True, "ask_for": ["exclude_nodes", "nodelist"]}, directives=["#SBATCH --exclude=c001,h06,n02"])
case("gfm-wrapper-hardcoded-exclude-unknown-node", "script", "find_string:67269488431",
     "a project's sbatch wrapper for a genomics model (Slurm GPU cluster; found with the code search, text "
     "id 67269488431); its header explains: Slurm validates --exclude at submission and rejects the whole "
     "job if one name is unknown, with this message; node lists go stale, so a hard-coded #SBATCH --exclude "
     "line is a submission-time landmine; fix given: pass only names that exist",
     "the hard-coded --exclude directive names a node that no longer exists; the answer asks for the list "
     "(or drops the stale name); assumed shape - the srun_python job with a hard-coded exclude directive, "
     "diagnosed as on Delta",
     "delta", "srun_python.sh", "sbatch: error: Batch job submission failed: Invalid node name specified\n",
     {"families": ["scheduler", "user"], "ask": True, "ask_for": ["exclude_nodes", "nodelist"]}, directives=["#SBATCH --exclude=gpu017,gpu042"])

# class D: a reservation the controller does not accept
case("vista-tapis-requested-reservation-invalid", "script", "find_string:66205136423",
     "a project's web front end for Tapis jobs (its code comment quotes a real failure on TACC Vista: "
     "JOBS_SUBMIT_ERROR2 ... sbatch tapisjob.sh ... Welcome to the Vista Supercomputer ... sbatch: error: "
     "Batch job submission failed: Requested reservation is invalid; found with the code search, text id "
     "66205136423); no fix is given",
     "DOUBTFUL: the job names a reservation the controller does not accept (ended, not begun, misspelt, not "
     "the user's); only the user knows the right one, so the answer asks for it (or advises dropping it); "
     "assumed shape - the TACC per-node torchrun job with `#SBATCH --reservation=hackathon`, diagnosed as on "
     "Vista",
     "vista", "tacc_torchrun_per_node.sh",
     "sbatch: error: Batch job submission failed:\n Requested reservation is invalid\n",
     {"families": ["scheduler", "user"], "ask": True, "ask_for": ["reservation"]}, directives=["#SBATCH --reservation=hackathon"])

# class E: a torch launcher's integer option given an empty (or swallowed) variable
TR = "torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml"
case("cursorchat-torchrun-master-port-empty-one-8gpu-server", "script", "find_string:43314198564",
     "a user's exported assistant chat about fine-tuning on one 8-GPU server (found with the code "
     "search, text id 43314198564); the launch script's torchrun prints its usage and this error; "
     "\"how to specify master port because I only have one 8 GPU server\"; the answer: master_port is "
     "set to an empty string - give it a port (or use --standalone)",
     "the launch line passes --master_port from a variable the script never sets, so torchrun gets "
     "an empty value; the fix gives the option a port; assumed shape - a one-node, eight-GPU Delta "
     "job running `torchrun --nproc_per_node=8 --master_port=$MASTER_PORT train.py`, diagnosed as on "
     "Delta",
     "delta", "torchrun_single.sh",
     "torchrun: error: argument --master-port/--master_port: invalid int value: ''\n",
     {"families": ["launcher", "rendezvous"],
      "fix": r"(?m)^\+.*(?:--master[-_]port[= ]\d+|export MASTER_PORT=\d+)"},
     replace=[["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=8"],
              [TR, "torchrun --nproc_per_node=8 --master_port=$MASTER_PORT train.py"]])
case("earthvqa15-launch-master-port-random-under-sh", "script",
     "https://github.com/Junjue-Wang/EarthVQA/issues/15",
     "Junjue-Wang/EarthVQA#15: `sh ./scripts/train_sfpnr50.sh` fails at once with the launcher's usage "
     "and this error; the user's fix: replace `--master_port $RANDOM` by `--master_port=1234` (sh has no "
     "$RANDOM, so the empty word lets the script name become the port)",
     "the launch line's --master_port reads $RANDOM, which the shell running the script (sh) does not "
     "set, so the option swallows the next word; the fix writes a port number; assumed shape - a "
     "one-node Delta job whose script runs `python -m torch.distributed.launch --nproc_per_node=4 "
     "--master_port $RANDOM train_lovedav2_seg.py`, diagnosed as on Delta",
     "delta", "torchrun_single.sh",
     "launch.py: error: argument --master_port: invalid int value: 'train_lovedav2_seg.py'\n",
     {"families": ["launcher", "rendezvous"],
      "fix": r"(?m)^\+.*(?:--master[-_]port[= ]\d+|#!/bin/bash)"},
     replace=[[TR, "python -m torch.distributed.launch --nproc_per_node=4 --master_port $RANDOM "
                   "train_lovedav2_seg.py --config configs/small.yaml"]])
case("mmdet-finetune-dist-train-reads-other-port-variable", "script", "find_string:70639995951",
     "a project's fine-tuning README troubleshooting table (found with the code search, text id "
     "70639995951): this error; cause given: tools/dist_train.sh reads MLP_WORKER_0_PORT, not "
     "MASTER_PORT; fix given: export MLP_WORKER_0_PORT=28600",
     "the launch line takes its port from a variable the job never sets (the user set another); the fix "
     "sets a port (the variable, or the option); the line is the table's own quotation (no value shown); "
     "assumed shape - a one-node Delta job with `export MASTER_PORT=28600` and `torchrun "
     "--nproc_per_node=4 --master-port=$MLP_WORKER_0_PORT tools/train.py`, diagnosed as on Delta",
     "delta", "torchrun_single.sh",
     "torchrun: error: argument --master-port: invalid int value\n",
     {"families": ["launcher", "rendezvous"],
      "fix": r"(?m)^\+.*(?:--master[-_]port[= ]\d+|export MLP_WORKER_0_PORT=\d+)"},
     replace=[[TR, "export MASTER_PORT=28600\ntorchrun --nproc_per_node=4 "
                   "--master-port=$MLP_WORKER_0_PORT tools/train.py configs/ft.py"]])
case("painter23-launch-node-rank-empty-one-node", "script",
     "https://github.com/baaivision/Painter/issues/23",
     "baaivision/Painter#23: the toy training script fails with this error; a commenter's fix: set "
     "RANK=0 (with WORLD_SIZE and MASTER_ADDR) at the top of train_painter_vit_large.sh before "
     "`python -m torch.distributed.launch --nproc_per_node=8 --nnodes=${WORLD_SIZE} --node_rank=$RANK "
     "--master_addr=$MASTER_ADDR --master_port=12358`",
     "the launch line reads the node rank from a variable nothing sets, so the launcher gets an empty "
     "value; on one node the rank is 0; assumed shape - a one-node, eight-GPU Delta job running that "
     "launch line with MASTER_ADDR set but not RANK, --nnodes=1, diagnosed as on Delta",
     "delta", "torchrun_single.sh",
     "launch.py: error: argument --node_rank: invalid int value: ''\n",
     {"families": ["launcher", "rendezvous"],
      "fix": r"(?m)^\+.*(?:--node[-_]rank[= ]0\b|RANK=0\b)"},
     replace=[["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=8"],
              [TR, "MASTER_ADDR=127.0.0.1\npython -m torch.distributed.launch --nproc_per_node=8 "
                   "--nnodes=1 --node_rank=$RANK --master_addr=$MASTER_ADDR --master_port=12358 "
                   "main_train.py --batch_size 2"]])
case("torchx759-aws-batch-node-rank-literal-variable", "not_script",
     "https://github.com/meta-pytorch/torchx/pull/759",
     "meta-pytorch/torchx#759: a revert of a change that added --node_rank to the torchrun command "
     "torchx builds; the AWS Batch integration test failed with this error (the scheduler passes the "
     "argument unexpanded)",
     "LOOK-ALIKE: the launcher library (torchx) writes the node rank as a variable the scheduler never "
     "expands, so torchrun gets the literal text; the cause is the library's command builder, fixed by a "
     "revert in the library, not by the user's job script; assumed shape - a two-node Delta job with "
     "srun starting torchrun per node, diagnosed as on Delta",
     "delta", "torchrun_single.sh",
     "main/0 torchrun: error: argument --node-rank/--node_rank: invalid int value: "
     "'$AWS_BATCH_JOB_NODE_INDEX'\n",
     {}, replace=[["#SBATCH --nodes=1", "#SBATCH --nodes=2"], ["#SBATCH --ntasks=1", "#SBATCH --ntasks=2"],
                  [TR, "srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d "
                       "--rdzv_endpoint=$MASTER_ADDR:29500 train.py"]])

# class F: PBS refuses the project the job is charged to (not valid for the user/system)
case("metoffice-rose-qsub-pbsinvalidproject-trustzone", "script", "find_string:9001474845",
     "a user's notes on running a UM/UKESM rose suite on the Met Office XCS (PBS Pro; found with the code "
     "search, text id 9001474845): tasks stuck on submit-retrying; the job-activity.log shows this qsub "
     "error; fix given: change the suite's PROJECT_USER from jmmp to ukesm",
     "the job names a project the user may not charge on this system; only the user knows the right "
     "one, so the answer asks for the project; assumed shape - the Polaris PBS mpiexec job with "
     "`#PBS -A jmmp`, diagnosed as on Polaris",
     "polaris", "pbs_mpiexec.sh",
     "(xcslc0) 2023-04-21T13:52:09Z [STDERR] qsub: error: [PBSInvalidProject] 'jmmp' is not valid for "
     "collaboration trustzone on XCS\n",
     {"families": ["scheduler"], "ask": True, "ask_for": ["account"]}, replace=[["#PBS -A MyProject", "#PBS -A jmmp"]])
case("nci-are-qsub-not-member-of-project", "script", "find_string:62275772220",
     "a training guide's troubleshooting section for NCI Gadi's ARE sessions (PBS Pro; found with the code "
     "search, text id 62275772220): unable to launch a session with this error; possible cause given: not a "
     "member of the project used (or membership not yet synced); solution: join the project or use one "
     "you belong to",
     "the job is charged to a project the user is not a member of; only the user knows the project, so "
     "the answer asks for it; assumed shape - the Polaris PBS mpiexec job with `#PBS -A vp91`, diagnosed "
     "as on Polaris",
     "polaris", "pbs_mpiexec.sh",
     "qsub: Error: You are not a member of project vp91. You must be a member of a project to submit a "
     "job under that project.\n",
     {"families": ["scheduler"], "ask": True, "ask_for": ["account"]}, replace=[["#PBS -A MyProject", "#PBS -A vp91"]])

HEAD = """# Probe set of helper s32b1 (issue 17, round 3, area: scheduler and launcher messages).
# Real excerpts (sources: find_string ids, checked uncited under bench/, templates/failures/,
# maple_flow/knowledge and unclaimed), written before the helper's new code ran on them.
# Generated by make_cases.py. Same format as bench/reallogs29/cases.yaml.
"""
out = Path(__file__).with_name("cases.yaml")
out.write_text(HEAD + yaml.safe_dump({"schema": 1, "cases": C}, sort_keys=False, width=110,
                                     allow_unicode=True), encoding="utf-8")
print(len(C), "cases")
