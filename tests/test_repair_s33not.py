"""s33not: not-script classes read from the failing component's own words - NCCL's topology
reader missing a node attribute, a container image the node cannot mount, torch's DataLoader
refusing its own option combination, the program misusing torch's tensor/module API, the CUDA
driver's CUDA_ERROR_UNKNOWN, a module lacking a name (version skew), an HTTP route the server
does not serve, a Triton kernel beyond the GPU's shared memory, a tokenizer class the installed
transformers lacks, a YAML file that does not parse, Python's recursion limit, a NumPy 1.x
extension under NumPy 2, an object spawned workers cannot receive, unequal samples
collated, a module left on the meta device, torchvision built for another torch - are advice
with no fix; their look-alikes are not claimed."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import FailureEvidence, classify

SRUN = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --time=02:00:00\nsrun python -u train.py --epochs 4\n")
APPTAINER = ("#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=1\n"
             "#SBATCH --gpus-per-node=4\n#SBATCH --time=02:00:00\nmodule load apptainer\n"
             "srun apptainer exec --nv image.sif python train.py\n")

VLLM = SRUN.replace("python -u train.py --epochs 4", "vllm serve ./model --port 8000")

CASES = [
    (SRUN, "host:1:2 [0] graph/xml.h:85 NCCL WARN Attribute busid of node nic not found\n",
     "nccl-topology-attribute-missing"),
    (APPTAINER, "FATAL:   container creation failed: mount hook function failure: mount "
     "/proc/self/fd/3, kernel reported a bad superblock for squashfs image partition\n",
     "container-image-unmountable"),
    (APPTAINER, "FATAL:   could not open image my.sif: SIF image my.sif is corrupted: wrong "
     "partition size\n", "container-image-unmountable"),
    (SRUN, "ValueError: persistent_workers option needs num_workers > 0\n",
     "dataloader-option-conflict"),
    (SRUN, "ValueError: sampler option is mutually exclusive with shuffle\n",
     "dataloader-option-conflict"),
    (SRUN, "TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to "
     "copy the tensor to host memory first.\n", "torch-tensor-api-misuse"),
    (SRUN, "AttributeError: cannot assign module before Module.__init__() call\n",
     "torch-tensor-api-misuse"),
    (SRUN, "cuInit returned error 999 CUDA_ERROR_UNKNOWN\n", "cuda-driver-error-unknown"),
    (APPTAINER, "E cuda_driver.cc:406] failed call to cuInit: CUDA_ERROR_UNKNOWN\n",
     "cuda-driver-error-unknown"),
    (SRUN, "AttributeError: module 'numpy' has no attribute 'float'.\n",
     "python-module-missing-attribute"),
    (VLLM, 'INFO:     127.0.0.1:35474 - "POST /generate HTTP/1.1" 404 Not Found\n',
     "server-route-not-served"),
    (SRUN, "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: "
     "81920, Hardware limit: 65536. Reducing block sizes or `num_stages` may help.\n",
     "triton-kernel-shared-memory-exceeded"),
    (SRUN, "ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently "
     "imported.\n", "tokenizer-class-not-in-transformers"),
    (SRUN, "yaml.scanner.ScannerError: mapping values are not allowed here\n  in "
     "\"configs/train.yaml\", line 12, column 9\n", "yaml-config-syntax-error"),
    (SRUN, "RecursionError: maximum recursion depth exceeded while calling a Python object\n",
     "python-recursion-limit"),
    (SRUN, "A module that was compiled using NumPy 1.x cannot be run in\nNumPy 2.2.6 as it may "
     "crash.\n", "numpy-abi-version-skew"),
    (SRUN, "AttributeError: Can't pickle local object 'Data.__init__.<locals>.<lambda>'\n",
     "object-not-picklable-for-worker"),
    (SRUN, "_pickle.PicklingError: Can't pickle <function <lambda> at 0x7f>: attribute lookup "
     "<lambda> on __main__ failed\n", "object-not-picklable-for-worker"),
    (SRUN, "RuntimeError: Trying to resize storage that is not resizable\n",
     "batch-collate-unequal-samples"),
    (SRUN, "NotImplementedError: Cannot copy out of meta tensor; no data!\n",
     "module-left-on-meta-device"),
    (SRUN, "RuntimeError: operator torchvision::nms does not exist\n",
     "torchvision-built-for-other-torch"),
]


@pytest.mark.parametrize(("script", "log", "record"), CASES)
def test_recognised_as_not_the_script(script: str, log: str, record: str) -> None:
    data = diagnose_log(script, log, "delta", None, False)
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record, "not_script")
    assert data["proposed"] is None


def _ids(script: str, log: str) -> set[str]:
    return {d.record_id for d in classify(FailureEvidence(cluster="delta", stderr=log,
                                                          script=script))}


def test_nccls_info_dump_of_the_same_words_is_not_a_failure() -> None:
    log = "gpu23:1513:1528 [2] NCCL INFO Attribute coll of node net not found\n"
    assert "nccl-topology-attribute-missing" not in _ids(SRUN, log)


def test_a_worker_count_of_zero_on_the_launch_line_is_the_scripts_value() -> None:
    script = SRUN.replace("--epochs 4", "--epochs 4 --num_workers 0")
    log = ("ValueError: prefetch_factor option could only be specified in multiprocessing.let "
           "num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.\n")
    assert "dataloader-option-conflict" in _ids(SRUN, log)
    assert "dataloader-option-conflict" not in _ids(script, log)


def test_a_container_started_without_the_gpu_is_not_the_nodes_driver() -> None:
    script = APPTAINER.replace("exec --nv ", "exec ")
    log = "E cuda_driver.cc:318] failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error\n"
    assert "cuda-driver-error-unknown" not in _ids(script, log)


def test_no_loop_device_is_not_a_damaged_image() -> None:
    log = ("FATAL:   container creation failed: while mounting image /proc/self/fd/3: failed to "
           "find loop device: could not attach image file to loop device: no loop devices "
           "available\n")
    assert "container-image-unmountable" not in _ids(APPTAINER, log)


def test_torch_without_xpu_is_left_to_its_own_record() -> None:
    log = "AttributeError: module 'torch' has no attribute 'xpu'\n"
    assert "python-module-missing-attribute" not in _ids(SRUN, log)


def test_a_404_on_chat_completions_names_a_model_not_a_route() -> None:
    log = 'INFO:     172.18.0.1:49352 - "POST /v1/chat/completions HTTP/1.1" 404 Not Found\n'
    assert "server-route-not-served" not in _ids(VLLM, log)


def test_a_script_that_requests_a_url_path_itself_is_not_claimed() -> None:
    script = VLLM + "curl -s http://localhost:8000/generate -d @prompt.json\n"
    log = 'INFO:     127.0.0.1:35474 - "POST /generate HTTP/1.1" 404 Not Found\n'
    assert "server-route-not-served" in _ids(VLLM, log)
    assert "server-route-not-served" not in _ids(script, log)


def test_a_server_line_without_its_trust_remote_code_flag_is_not_claimed() -> None:
    log = "ValueError: Tokenizer class QWenTokenizer does not exist or is not currently imported.\n"
    assert "tokenizer-class-not-in-transformers" not in _ids(VLLM, log)


def test_a_yaml_file_the_script_writes_itself_is_not_claimed() -> None:
    script = SRUN.replace("srun python", "cat > config.yaml <<EOF\nlr: 1\nEOF\nsrun python")
    log = "yaml.scanner.ScannerError: mapping values are not allowed here\n"
    assert "yaml-config-syntax-error" in _ids(SRUN, log)
    assert "yaml-config-syntax-error" not in _ids(script, log)
