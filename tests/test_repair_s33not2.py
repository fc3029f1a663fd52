"""s33not2: not-script classes read from the failing component's own words - torch's inductor
meeting a Triton of another release, Hugging Face datasets' split/checksum verification, DDP's
check that every rank built the same model, a tokenizer without the pad token or chat template
the program uses, a model config newer than transformers, DeepSpeed ZeRO reducing a gradient
twice, a file that is not a complete Parquet file, JSON data Arrow cannot read as one table, an
Auto class that does not cover the model's config, DDP's static graph changing, a PEFT setup
that does not fit the model, the Trainer's evaluation setup disagreeing (unless the launch line
sets those options), a vLLM without the model's architecture, float ids given to an embedding, a
GPU the driver says needs a reset -
are advice with no fix; their look-alikes (a GPU too old for Triton, DDP's check reading
"0 params", an import line naming a datasets exception) are not claimed by these records."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log

SRUN = ("#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
        "#SBATCH --time=02:00:00\nsrun torchrun --nnodes=2 --nproc_per_node=4 train.py\n")

STRATEGY_LOG = ("ValueError: --load_best_model_at_end requires the save and eval strategy to "
                "match, but found\n- Evaluation strategy: IntervalStrategy.STEPS\n")

CASES = [
    ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nLoweringException: "
     "ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler'\n",
     "torch-triton-release-skew"),
    ("RuntimeError: Cannot find a working triton installation. Either the package is not "
     "installed or it is too old.\n", "torch-triton-release-skew"),
    ("datasets.exceptions.ExpectedMoreSplitsError: {'test'}\n",
     "hf-datasets-verification-failed"),
    (' "name": "NonMatchingSplitsSizesError",\n "message": "[{\'expected\': SplitInfo('
     "name='train', num_bytes=3, num_examples=1)}]\"\n", "hf-datasets-verification-failed"),
    ("datasets.utils.info_utils.NonMatchingChecksumError: Checksums didn't match for dataset "
     "source files:\n", "hf-datasets-verification-failed"),
    ("RuntimeError: DDP expects same model across all ranks, but Rank 0 has 201 params, while "
     "rank 1 has inconsistent 199 params.\n", "ddp-model-differs-across-ranks"),
    ("RuntimeError: [1]: params[0] in this process with sizes [96, 32] appears not to match "
     "sizes of the same param in process 0.\n", "ddp-model-differs-across-ranks"),
    ("ValueError: Asking to pad but the tokenizer does not have a padding token. Please select "
     "a token to use as `pad_token`\n", "tokenizer-lacks-pad-token-or-chat-template"),
    ("ValueError: Cannot use chat template functions because tokenizer.chat_template is not set "
     "and no template argument was passed!\n", "tokenizer-lacks-pad-token-or-chat-template"),
    ("ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got "
     "{'factor': 8.0, 'rope_type': 'llama3'}\n", "transformers-older-than-model-config"),
    ("AssertionError: The parameter 187 has already been reduced. Gradient computed twice for "
     "this partition. Multiple gradient reduction is currently not supported\n",
     "deepspeed-zero-gradient-reduced-twice"),
    ("pyarrow.lib.ArrowInvalid: Parquet magic bytes not found in footer. Either the file is "
     "corrupted or this is not a parquet file.\n", "parquet-file-not-readable"),
    ("pyarrow.lib.ArrowInvalid: JSON parse error: Column(/output) changed from array to string "
     "in row 27\n", "arrow-json-data-not-tabular"),
    ("ArrowInvalid: JSON parse error: Missing a comma or '}' after an object member. in row 7\n",
     "arrow-json-data-not-tabular"),
    ("ValueError: Unrecognized configuration class <class 'transformers.models.t5.configuration_"
     "t5.T5Config'> for this kind of AutoModel: AutoModelForCausalLM.\n",
     "automodel-class-lacks-model-config"),
    ("RuntimeError: Your training graph has changed in this iteration, e.g., one parameter is "
     "unused in first iteration, but then got used in the second iteration. this is not "
     "compatible with static_graph set to True.\n", "ddp-static-graph-changed"),
    ("ValueError: Target modules {'c_attn'} not found in the base model. Please check the target "
     "modules and try again.\n", "peft-lora-setup-invalid"),
    ("ValueError: You cannot perform fine-tuning on purely quantized models. Please attach "
     "trainable adapters on top of the quantized model\n", "peft-lora-setup-invalid"),
    (STRATEGY_LOG, "hf-trainer-evaluation-setup-inconsistent"),
    ("ValueError: You have set `args.eval_strategy` to IntervalStrategy.STEPS but you didn't "
     "pass an `eval_dataset` to `Trainer`.\n", "hf-trainer-evaluation-setup-inconsistent"),
    ("ValueError: Model architectures ['CohereForCausalLM'] are not supported for now. Supported "
     "architectures: ['AquilaModel', 'LlamaForCausalLM']\n", "vllm-architecture-not-in-release"),
    ("[rank7]: RuntimeError: Expected tensor for argument #1 'indices' to have one of the "
     "following scalar types: Long, Int; but got torch.cuda.FloatTensor instead\n",
     "embedding-indices-not-integer"),
    ("NVML: GPU requires reset\nNVML: GPU requires reset\n", "gpu-requires-reset"),
]

LOOKALIKES = [
    "RuntimeError: Found Tesla P100-PCIE-16GB which is too old to be supported by the triton GPU "
    "compiler, which is used as the backend.\n",
    "RuntimeError: DDP expects same model across all ranks, but Rank 1 has 70 params, while\n"
    "rank 0 has inconsistent 0 params\n",
    "from datasets.exceptions import ExpectedMoreSplitsError\n",
    "nvidia-smi: Unable to determine the device handle for GPU0000:3B:00.0: Unknown Error\n",
]


@pytest.mark.parametrize(("log", "record"), CASES)
def test_recognised_as_not_the_script(log: str, record: str) -> None:
    data = diagnose_log(SRUN, log, "delta", None, False)
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record, "not_script")
    assert data["proposed"] is None


@pytest.mark.parametrize("log", LOOKALIKES)
def test_lookalikes_not_claimed(log: str) -> None:
    data = diagnose_log(SRUN, log, "delta", None, False)
    ours = {"torch-triton-release-skew", "hf-datasets-verification-failed",
            "ddp-model-differs-across-ranks", "tokenizer-lacks-pad-token-or-chat-template",
            "transformers-older-than-model-config", "deepspeed-zero-gradient-reduced-twice",
            "parquet-file-not-readable", "arrow-json-data-not-tabular",
            "automodel-class-lacks-model-config", "ddp-static-graph-changed",
            "peft-lora-setup-invalid", "hf-trainer-evaluation-setup-inconsistent",
            "vllm-architecture-not-in-release", "embedding-indices-not-integer",
            "gpu-requires-reset"}
    assert not any(d["record_id"] in ours and d["verdict"] != "hint" for d in data["diagnoses"])
    assert data["proposed"] is None


def test_trainer_options_on_the_launch_line_are_the_scripts() -> None:
    script = SRUN.replace("train.py", "train.py --eval_strategy steps --load_best_model_at_end")
    data = diagnose_log(script, STRATEGY_LOG, "delta", None, False)
    assert not any(d["record_id"] == "hf-trainer-evaluation-setup-inconsistent"
                   and d["verdict"] != "hint" for d in data["diagnoses"])
