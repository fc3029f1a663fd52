# ruff: noqa: E501
"""Probe set of helper s36rl3536 (session 36): NEW real excerpts of the classes left by the
reallogs35/36 tune misses and s35's known gaps (c10d errno 99 read as a busy port; bare Slurm
pending reasons; a venv's libpython where the site's Python module has no version), and
look-alikes that must stay untouched. Written before any run of the new code."""
from pathlib import Path

import yaml

C = []


def case(id, kind, source, site, what, cluster, script, replace, log, expect=None):
    C.append({"id": id, "split": "tune", "kind": kind, "source": source, "thread_site": site,
              "what": what, "cluster": cluster, "script": script, "replace": replace,
              "log": log, "expect": expect or {}})


# --- c10d errno 99 (EADDRNOTAVAIL): never a busy port
case("fairseq-log-client-socket-localhost-errno99-warnings-training-goes-on", "not_script",
     "find_string:21068969228",
     "a fairseq training log kept in a repository: 8 ranks of one node initialise with tcp://localhost:18630; each prints the c10d warning that the client socket failed to connect to [localhost] with errno 99, and the log goes on with training",
     "torch tries localhost's IPv6 address first where IPv6 is off and goes on with IPv4: a warning, nothing to fix; a port change would be invented; assumed shape - one node, 8 ranks under torchrun (mapped to Delta)",
     "delta", "torchrun_single.sh", [],
     "2023-06-13 17:29:37 | INFO | fairseq.distributed_utils | distributed init (rank 3): tcp://localhost:18630\n[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:18630 (errno: 99 - Cannot assign requested address).\n2023-06-13 17:29:37 | INFO | fairseq.distributed_utils | distributed init (rank 1): tcp://localhost:18630\n[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:18630 (errno: 99 - Cannot assign requested address).\n")
case("cardiomegaly-diffusion-client-socket-errno99-then-loads-model", "not_script",
     "find_string:35215868019",
     "a diffusion-model training log in a repository: after the config dump, three c10d warnings (client socket failed to connect to [localhost]:12355, errno 99), then the program loads its model and data and goes on",
     "the warnings are torch's IPv6-first attempt on a host without IPv6; the run goes on; nothing in the job script to change; assumed shape - one node torchrun job (Delta)",
     "delta", "torchrun_single.sh", [],
     "[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:12355 (errno: 99 - Cannot assign requested address).\n[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:12355 (errno: 99 - Cannot assign requested address).\n[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:12355 (errno: 99 - Cannot assign requested address).\n01/14 12:14:06 AM (Elapsed: 00:00:00) Loaded model and architecture configurations from 'configs/', successfully.\n")
case("pippy158-ci-client-socket-localhost-29500-errno99", "not_script",
     "https://github.com/pytorch/PiPPy/issues/158",
     "pytorch/PiPPy issue: CI tests print the c10d client-socket warning to [localhost]:29500 with errno 99",
     "a warning of the IPv6-first connection attempt, reported from CI; not a job-script matter; assumed shape - one-node torchrun job (Delta)",
     "delta", "torchrun_single.sh", [],
     "[W socket.cpp:558] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 - Cannot assign requested address).\n")
case("dgl2560-rpc-server-bind-ip-errno99", "not_script",
     "https://github.com/dmlc/dgl/issues/2560",
     "dmlc/dgl issue: distributed GraphSAGE training; the RPC server fails to bind the IP address listed in the program's ip_config file (errno 99); maintainers ask to test a bind on that address",
     "the address the program's own IP list gives is not one of this machine's; the port is not at fault and the launch script names neither; assumed shape - a Slurm job running the program (Delta)",
     "delta", "srun_python.sh", [["srun python -u train.py --batch-size 256 --epochs 32", "srun python3 train_dist.py --graph_name ogb-product --ip_config ip_config.txt --num_epochs 30"]],
     "/opt/dgl/src/rpc/network/tcp_socket.cc:69: Failed bind on 16x.1xx.1xx.1xx:3026 ,errno=99\n\ndgl._ffi.base.DGLError: [11:33:22] /opt/dgl/src/rpc/network/socket_communicator.cc:197: Cannot bind to 16x.1xx.1xx.1xx:3026\n")
# --- a bare Slurm pending reason (group / per-user caps): wait, not the script
case("hpc-primer-qosgrpgres-group-gpu-quota-wait", "not_script",
     "find_string:56173468511",
     "a lab's HPC primer: 'Common error: QOSGrpGRES - your group has hit the shared GPU quota. Wait for others' jobs to finish or check with your admin.'",
     "the group's GPU cap of the QOS is reached by running jobs; the job waits; nothing to change; assumed shape - one-GPU srun job (Delta)",
     "delta", "srun_python.sh", [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"]],
     "QOSGrpGRES\n")
case("greatlakes-notes-assocgrpgres-account-gpus-held-by-group", "not_script",
     "find_string:70078453802",
     "a project's cluster rules (Great Lakes, Slurm): '(AssocGrpGRES) means the account's GPU quota is used up by other users of the group; only wait for their jobs to end, do not switch account or partition'",
     "the account's GPU cap is held by the group's running jobs: wait; assumed shape - a one-GPU job (mapped to Delta)",
     "delta", "srun_python.sh", [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"]],
     "(AssocGrpGRES)\n")
case("b200-partition-notes-qosgrpgres-pending-starts-automatically", "not_script",
     "find_string:28327001995",
     "a lab's partition table notes (B200/H200 partitions): 'Job may show QOSGrpGRES (pending) if GPU quota reached - it will start automatically when available'",
     "a group GPU quota reached: the job waits and starts by itself; assumed shape - a 2-GPU job (Delta)",
     "delta", "srun_python.sh", [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=2"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=2"]],
     "QOSGrpGRES (pending)\n")
case("csf3-gate-job-pending-assocgrpgres-lookalike", "not_script",
     "find_string:57970051892",
     "a research log (CSF3, Slurm): the gate job requesting one H200 is 'zero-step PENDING (AssocGrpGRES)' - 'resource queueing, not ... failure'",
     "look-alike already covered (a PENDING line with its reason); must stay recognised; assumed shape - one-GPU job (Delta)",
     "delta", "srun_python.sh", [["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-node=1"], ["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=1"]],
     "PENDING (AssocGrpGRES)\n")
# --- venv on a module Python, module not loaded, the site's Python module without a version
LIBPY = {"families": ["modules", "environment"],
         "fix": r"(?m)^\+\s*(module\s+load\s+\S*[Pp]ython|ml\s+\S*[Pp]ython)"}
case("cluster-notes-ml-python-every-job-libpython312", "script",
     "find_string:60797800999",
     "a user's cluster notes: 'The venv cannot be used without its ml Python/... line' - python: error while loading shared libraries: libpython3.12.so.1.0 - 'put the identical ml line in every job script'",
     "the job activates a venv built on the module Python 3.12 without loading it; the site's module name and version are the user's (a question or the module line); assumed shape - a Slurm job activating the venv (mapped to Delta, whose python module has no version in its profile)",
     "delta", "srun_python.sh", [["export MASTER_PORT=12802\n", "export MASTER_PORT=12802\nsource $HOME/envs/proj/bin/activate\n"]],
     "python: error while loading shared libraries: libpython3.12.so.1.0:\n        cannot open shared object file: No such file or directory\n",
     # s38relabel: the log names libpython3.12 but the Delta profile lists no python module of that version, so the module that built the venv is the user's: asks python_module
     {'families': ['modules', 'environment'], 'ask': True, 'ask_for': ['python_module', 'module']})
case("hpc-docs-module-purge-before-venv-libpython310", "script",
     "find_string:49924752005",
     "a centre's Python documentation: module load Python/3.10.8-GCCcore-12.2.0; python -m venv myenv; module purge (WRONG!); source myenv/bin/activate; python -> libpython3.10.so.1.0 cannot be opened; the solution is to load the same python module before activating the venv",
     "the venv's Python module is purged before activation; fix: load that module; assumed shape - a job script that purges modules and activates the venv (mapped to Delta)",
     "delta", "srun_python.sh", [["export MASTER_PORT=12802\n", "export MASTER_PORT=12802\nmodule purge\nsource myenv/bin/activate\n"]],
     "python: error while loading shared libraries: libpython3.10.so.1.0: cannot open shared object file: No such file or directory\n",
     # s38relabel: the log names libpython3.10 but the Delta profile lists no python module of that version and the script names none before its purge, so the module is the user's: asks python_module
     {'families': ['modules', 'environment'], 'ask': True, 'ask_for': ['python_module', 'module']})
case("vista-grpo-notes-compute-node-needs-python3-module-libpython311", "script",
     "find_string:62558212067",
     "a project's notes for TACC Vista GH nodes: immediately after source $VENV/bin/activate on a compute node, python cannot load libpython3.11.so.1.0; the venv's python links /opt/apps/gcc14/cuda12/python3/3.11.8; the modules of setup_env.sh are not inherited",
     "the venv is activated without the python3/3.11.8 module the venv was built on; the site lists python3/3.11.8 (look-alike: the version is known, a fix); assumed shape - a Vista job activating the venv",
     "vista", "srun_python.sh", [["export MASTER_PORT=12802\n", "export MASTER_PORT=12802\nsource $VENV/bin/activate\n"]],
     "python: error while loading shared libraries: libpython3.11.so.1.0:\n        cannot open shared object file: No such file or directory\n",
     LIBPY)

# --- batch 2 (written before its run): vLLM's engine-core start-up poll as the last line
VLLM = [["srun python -u train.py --batch-size 256 --epochs 32", "srun vllm serve $MODEL --tensor-parallel-size 4"]]
case("hami261-vllm-tp2-waiting-for-core-engine-under-vgpu-library", "not_script",
     "https://github.com/Project-HAMi/HAMi-core/issues/261",
     "HAMi-core issue: vLLM v0.25 with TP > 1 hangs under the HAMi vGPU library, the API server printing the engine start-up poll every 10 s; an issue of the GPU-sharing library",
     "the engine process never finishes starting because of the GPU-sharing layer under it; nothing in the job script; assumed shape - one-node vllm serve job with TP 4 (Delta)",
     "delta", "srun_python.sh", VLLM,
     "(APIServer pid=1) DEBUG 08-09 20:55:10 [v1/engine/utils.py:1262] Waiting for 1 local, 0 remote core engine proc(s) to start.\n(APIServer pid=1) DEBUG 08-09 20:55:20 [v1/engine/utils.py:1262] Waiting for 1 local, 0 remote core engine proc(s) to start.\n(APIServer pid=1) DEBUG 08-09 20:55:30 [v1/engine/utils.py:1262] Waiting for 1 local, 0 remote core engine proc(s) to start.\n")
case("vllm24133-glm45-tp8-stuck-after-model-load", "not_script",
     "https://github.com/vllm-project/vllm/issues/24133",
     "vllm issue: serving GLM-4.5 with -tp 8 on 8xH100, after model loading the server waits for the engine process forever; another MoE model works",
     "a model-specific hang inside vLLM's engine start-up; not the job script; assumed shape - one-node vllm serve job (Delta)",
     "delta", "srun_python.sh", VLLM,
     "(APIServer pid=300606) DEBUG 09-02 17:29:06 [utils.py:777] Waiting for 1 local, 0 remote core engine proc(s) to start.\n(APIServer pid=300606) DEBUG 09-02 17:29:16 [utils.py:777] Waiting for 1 local, 0 remote core engine proc(s) to start.\n")
case("vllmascend2416-blackwell-cudagraph-capture-then-waiting", "not_script",
     "https://github.com/vllm-project/vllm-ascend/issues/2416",
     "vllm-ascend issue comment: on two RTX Pro 6000 Blackwell GPUs vLLM always hangs after capturing CUDA graphs, the server waiting for the engine; NCCL flags did not help",
     "an engine start-up hang of the library on that hardware; not the job script; assumed shape - one-node vllm serve job (Delta)",
     "delta", "srun_python.sh", VLLM,
     "vllm     | (Worker_TP0_EP0 pid=42) DEBUG 09-13 16:16:38 [compilation/cuda_graph.py:134] Capturing a cudagraph on (PIECEWISE,BatchDescriptor(num_tokens=2, uniform_decode=False))\nvllm     | (APIServer pid=1) DEBUG 09-13 16:16:48 [utils.py:741] Waiting for 1 local, 0 remote core engine proc(s) to start.\n")

doc = {"schema": 1, "cases": C}
Path(__file__).with_name("cases.yaml").write_text(
    "# s36rl3536 probe (see make_cases.py)\n" + yaml.safe_dump(doc, sort_keys=False, width=120), encoding="utf-8")
