# ruff: noqa: E501
"""Write cases.yaml of the s30gpu probe (split by sha256(id) parity, fixed before any run)."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "reallogs"))

from make_cases import split_of

CASES = [
    {
        "id": "alloc-conf-key-without-value-valueerror",
        "kind": "script",
        "source": "https://github.com/pytorch/pytorch/pull/186607",
        "thread_site": "pytorch/pytorch#186607 (fixes #186453): `import torch` aborted with an INTERNAL ASSERT in ConfigTokenizer when PYTORCH_CUDA_ALLOC_CONF was `expandable_segments` (a key with no value); the PR's description shows the message torch prints after the fix for that value",
        "what": "the job script exports PYTORCH_CUDA_ALLOC_CONF=expandable_segments (no `:True`), the allocator's parser rejects it; the fix writes the value as key:value or drops the export; assumed shape - a Delta single-node torchrun job with that export above torchrun",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [["torchrun --standalone", "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments\ntorchrun --standalone"]],
        "log": "ValueError: Error parsing the allocator config: reached the end of the configuration string while more tokens were expected. The config is malformed, for example a key with no value or a trailing ':' or ','. It is set via PYTORCH_ALLOC_CONF (or PYTORCH_CUDA_ALLOC_CONF / PYTORCH_HIP_\n",
        "expect": {"families": ["environment"], "fix": r"(?m)(^\+export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True|^-export PYTORCH_CUDA_ALLOC_CONF)"},
    },
    {
        "id": "alloc-conf-option-unknown-to-old-torch",
        "kind": "script",
        "source": "https://github.com/ZhengPeng7/BiRefNet/issues/179",
        "thread_site": "ZhengPeng7/BiRefNet#179: torch 2.0.1 + CUDA 11.8 installed by conda, `./train_test.sh` fails; the maintainer: this option does not exist in low PyTorch versions (recommends 2.5.1 and adds a version check)",
        "what": "the launch script exports PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, an option the installed torch (2.0.1) does not know; within the script the fix drops that export (or the user upgrades torch); assumed shape - a Delta single-node torchrun job with that export above torchrun",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [["torchrun --standalone", "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\ntorchrun --standalone"]],
        "log": "RuntimeError: Unrecognized CachingAllocator option: expandable_segments\n",
        "expect": {"families": ["environment"], "fix": r"(?m)^-export PYTORCH_CUDA_ALLOC_CONF"},
    },
    {
        "id": "accelerate-config-file-relative-missing",
        "kind": "script",
        "source": "https://github.com/xxlong0/Wonder3D/issues/36",
        "thread_site": "xxlong0/Wonder3D#36: `accelerate launch --config_file 1gpu.yaml test_mvdiffusion_seq.py` run from a directory where 1gpu.yaml is not (Windows, anaconda)",
        "what": "the launch line names an accelerate config file that is not where the job runs; only the user knows where their config is, so the right answer asks for its path; assumed shape - a Delta accelerate job whose launch line is `accelerate launch --config_file 1gpu.yaml ...`",
        "cluster": "delta",
        "script": "accelerate.sh",
        "replace": [["--config_file ./deepspeed_zero2.yaml", "--config_file 1gpu.yaml"]],
        "log": "    raise FileNotFoundError(\nFileNotFoundError: The passed configuration file `1gpu.yaml` does not exist. Please pass an existing file to `accelerate launch`, or use the the default one created through `accelerate config` and run\n",
        "expect": {"families": ["filesystem", "environment", "launcher"], "ask": True, "ask_for": ["config", "path"]},
    },
    {
        "id": "accelerate-old-config-error-names-default",
        "kind": "script",
        "source": "https://github.com/huggingface/accelerate/pull/1074",
        "thread_site": "huggingface/accelerate#1074 (from #1073): `accelerate launch --config_file MY_CONFIG.yaml ...` with a config file that does not exist; accelerate before the PR fell back to the default config and failed naming that path instead",
        "what": "the launch line names a config file that does not exist; the old accelerate's error names the default config path, not the script's; only the user knows where their config is (ask), and no edit of the default path is right; assumed shape - a Delta accelerate job with `--config_file MY_CONFIG.yaml`",
        "cluster": "delta",
        "script": "accelerate.sh",
        "replace": [["--config_file ./deepspeed_zero2.yaml", "--config_file MY_CONFIG.yaml"]],
        "log": "FileNotFoundError: [Errno 2] No such file or directory: '/root/.cache/huggingface/accelerate/default_config.yaml'\n",
        "expect": {"families": ["filesystem", "environment", "launcher"], "ask": True, "ask_for": ["config", "path"]},
    },
    {
        "id": "new-wording-mat1-cpu-addmm",
        "kind": "not_script",
        "source": "https://github.com/ClownsharkBatwing/RES4LYF/pull/223",
        "thread_site": "ClownsharkBatwing/RES4LYF#223 (a ComfyUI node pack): the PR fixes this error in its own code (a tensor left on the CPU)",
        "what": "a tensor of the program is on the CPU while the model is on cuda:0 (torch's newer wording of the same-device error): a bug of the program; diagnosed on a Delta torchrun job",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [],
        "log": "ERROR !! Expected all tensors to be on the same device, but got mat1 is on cpu, different from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_addmm)\n",
        "expect": {},
    },
    {
        "id": "new-wording-cat-test-tensor-cpu",
        "kind": "not_script",
        "source": "find_string:59803440333",
        "thread_site": "a project's debugging notes (code search, text id 59803440333, the tool shows no repository name): a test built its input with torch.rand on the CPU while the fitted GP model was on cuda:0; fixed by creating the tensor on the model's device",
        "what": "program bug (a tensor created on the CPU beside a model on the GPU), newer wording; diagnosed on a Delta torchrun job",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [],
        "log": "    RuntimeError: Expected all tensors to be on the same device, but got tensors is on cpu, different from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_cat)\n",
        "expect": {},
    },
    {
        "id": "new-wording-index-select-two-gpus",
        "kind": "not_script",
        "source": "find_string:52567694809",
        "thread_site": "a project's bug ledger (code search, text id 52567694809): a TRL GRPOTrainer run of Qwen3-14B with the model on cuda:1 and input_ids built on cuda:0; traceback modeling_qwen3.py embed_tokens -> F.embedding",
        "what": "the trainer builds the inputs on another GPU than the model's (device placement in the program), newer wording; diagnosed on a Delta torchrun job",
        "cluster": "delta",
        "script": "torchrun_single.sh",
        "replace": [],
        "log": "RuntimeError: Expected all tensors to be on the same device, but got index is on cuda:0, different from other tensors on cuda:1 (when checking argument in method wrapper_CUDA__index_select)\n",
        "expect": {},
    },
]


def main() -> None:
    """Write cases.yaml beside this file."""
    out = []
    for case in CASES:
        out.append({"id": case["id"], "split": split_of(case["id"]),
                    **{k: v for k, v in case.items() if k != "id"}})
    head = ("# s30gpu probe: real error lines (public threads, claimed in /work/wt/claimed_threads.txt)\n"
            "# for the classes of bench/gpufaults batch 3's misses; written before any run.\n")
    Path(__file__).with_name("cases.yaml").write_text(
        head + yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True, width=200))


if __name__ == "__main__":
    main()
