# ruff: noqa: E501
"""Write the s33not2 probe (cases.yaml): new real excerpts of not-script classes, look-alikes."""
import yaml

C = []


def case(cid, source, site, what, log, script="srun_torchrun.sh", cluster="delta", split="tune"):
    C.append({"id": cid, "split": split, "kind": "not_script", "source": source,
              "thread_site": site, "what": what + "; assumed shape - " + script + ", diagnosed as on Delta",
              "cluster": cluster, "script": script, "log": log, "expect": {}})


TB = "Traceback (most recent call last):\n  File \"train.py\", line 212, in <module>\n    main()\n"
case("m7c-sdpa-qkv-dtype-mismatch", "find_string:33106652939",
     "notes of a 125M-parameter training run: SDPA and Linear dtype mismatches under mixed precision",
     "the program mixes fp32 and bf16 tensors (autocast not covering a path) - program code",
     TB + "RuntimeError: Expected query, key, and value to have the same dtype, but got query.dtype: float key.dtype: c10::BFloat16 and value.dtype: c10::BFloat16\n")
case("laya-bf16-mat1-mat2-dtype", "find_string:68295873584",
     "evaluation notes: bf16 inference fails reproducibly, an internal buffer stays fp32",
     "the model's own buffer stays fp32 after a bf16 cast - program/library code",
     TB + "RuntimeError: mat1 and mat2 must have the same dtype, but got Float and BFloat16\n", split="heldout")
case("motion-double-float-mat1-mat2", "find_string:24300180794",
     "a motion-generation repo comment: batch tensors of float64 fed to a float32 model",
     "the program's data is float64 while the model is float32 - program code",
     TB + "RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float\n", script="torchrun_single.sh")
case("rm-vhead-expected-scalar-type-float-half", "find_string:35036616590",
     "reward-model training code comment: a fp32 value head on a fp16 model",
     "value head dtype differs from the model's - program code",
     TB + "RuntimeError: expected scalar type Float but found Half\n", script="deepspeed_hostfile.sh", split="heldout")
case("sae-backward-second-time", "find_string:29602859914",
     "notes of training an SAE on cached activations", "autograd graph reused across steps - program code",
     TB + "RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if you need to access saved tensors after calling backward.\n")
case("lstm-hidden-backward-second-time", "find_string:12481604254",
     "course notes: an RNN hidden state kept across batches", "hidden state not detached - program code",
     TB + "RuntimeError: Trying to backward through the graph a second time, but the buffers have already been freed. Specify retain_graph=True when calling backward the first time.\n", script="srun_python.sh", split="heldout")
case("airllm-safetensors-metadataincompletebuffer", "find_string:63257115316",
     "AirLLM README troubleshooting: disk filled while splitting the model",
     "a truncated .safetensors file (disk full / interrupted download) - re-download, not the script",
     TB + "safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer\n", script="accelerate.sh")
case("hf-cache-safetensors-invalid-json", "find_string:53829070635",
     "a loader's retry helper: a cached shard 0 bytes / truncated", "damaged cached weight shard - re-download",
     TB + "safetensors_rust.SafetensorError: Error while deserializing header: invalid JSON in header: EOF while parsing a value at line 1 column 0\n", split="heldout")
case("tts-safetensors-headertoolarge", "find_string:71583124080",
     "desktop app tests: a damaged voice file", "damaged weight file (e.g. a git-lfs pointer) - re-download",
     "Error: safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge\n", script="torchrun_single.sh")
# look-alikes that must stay as they are
case("lookalike-hf-dataparallel-two-gpus-mat1", "find_string:57996432839",
     "LOOK-ALIKE kept for the sweep: HF Trainer wraps in DataParallel when two GPUs are visible",
     "LOOK-ALIKE: recorded only to see the answer stays advice (no fix)",
     TB + "RuntimeError: mat1 and mat2 must have the same dtype, but got Float and Half\n", script="torchrun_single.sh")

# batch 2 (classes the start code leaves as hints): torch/Triton release skew at torch.compile,
# Hugging Face datasets' split/checksum verification, DDP's model check across ranks
case("aws-rank52-inductor-triton-key-import", "find_string:20362848408",
     "a user's AWS ParallelCluster setup notes: a pip-installed triton next to the NGC image's torch",
     "torch's inductor cannot import from the installed Triton (release skew) - the Python environment",
     "#6: [rank52]:     from triton.compiler.compiler import triton_key\n#6: [rank52]: torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n#6: [rank52]: ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' (/usr/local/lib/python3.10/dist-packages/triton/compiler/compiler.py)\n", script="srun_pyxis.sh")
case("nix-lowering-triton-key", "find_string:21238893",
     "a package recipe's disabled tests: inductor's lowering fails on a Triton of another release",
     "torch vs Triton release skew - the environment",
     "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nLoweringException: ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler'\n", split="heldout")
case("pyenv-codecache-triton-key", "find_string:1321043373",
     "a developer's notes on building Triton from source next to a torch release",
     "a self-built Triton that does not match torch - the environment",
     "    from triton.compiler.compiler import triton_key\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nImportError: cannot import name 'triton_key' from 'triton.compiler.compiler' (/data00/home/u/workspace/triton_dev/triton/python/triton/compiler/compiler.py)\n\nSet TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to PyTorch). For even more developer context, set TORCH_LOGS=\"+dynamo\"\n", script="torchrun_single.sh")
case("verl-npu-two-tritons-language-import", "find_string:51770230308",
     "a verl NPU image with two Triton distributions merged in one site-packages",
     "two Triton packages in one environment - the image's packages",
     "ImportError: cannot import name 'Language' from 'triton.backends.compiler' (/usr/local/python3.11/lib/python3.11/site-packages/triton/backends/compiler.py)\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised: ImportError: cannot import name 'Language' from 'triton.backends.compiler'\nTypeError: cannot pickle 'frame' object\n", split="heldout", script="ray_slurm.sh")
case("nanogpt-cannot-find-working-triton", "find_string:55901945223",
     "a user's nanoGPT notes: torch.compile with no usable Triton",
     "Triton is missing or unusable for the installed torch - environment or compile=False in the program",
     "RuntimeError: Cannot find a working triton installation. Either the package is not installed or it is too old. More information on installing Triton can be found at https://github.com/openai/triton\ntorch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised: ...\n", script="torchrun_single.sh")
case("lookalike-vllm-p100-too-old-for-triton", "find_string:56831247877",
     "LOOK-ALIKE: vLLM on two P100s; Triton needs compute capability 7.0",
     "LOOK-ALIKE: the GPU type (partition) is the cause - not torch/Triton skew; must not be read as such",
     "[rank0]: torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n[rank0]: RuntimeError: Found Tesla P100-PCIE-16GB which is too old to be supported by the triton GPU compiler, which is used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA capability 6.0\n")
case("lookalike-inductor-tmp-cache-file-missing", "find_string:7002322308",
     "LOOK-ALIKE: inductor's cache file under /tmp vanished",
     "LOOK-ALIKE: inductor's /tmp cache, not torch/Triton skew; stays as it is",
     "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nFileNotFoundError: [Errno 2] No such file or directory: '/tmp/torchinductor_xplv/triton/0/74f71ae78b2cfff6e4d076cf61bcb2f4/triton_.llir.tmp.pid_3793576_144376'\n", script="torchrun_single.sh")
case("hh-rlhf-nonmatching-splits-sizes", "find_string:6127079257",
     "a user's notes: load_dataset of a data_dir subset checks the sizes of the whole dataset",
     "datasets' split verification: recorded sizes differ from the metadata - the program's load_dataset call or the cache",
     "{\n \"name\": \"NonMatchingSplitsSizesError\",\n \"message\": \"[{'expected': SplitInfo(name='train', num_bytes=308571371, num_examples=160800, shard_lengths=None, dataset_name='hh-rlhf'), 'recorded': SplitInfo(name='train', num_bytes=56295642, num_examples=42537, shard_lengths=None, dataset_name='hh-rlhf')}]\"\n", script="srun_python.sh")
case("tokenized-parquet-expected-more-splits-test", "find_string:60477723567",
     "a fix note: asking the builder for one parquet shard enforces the README's train+test split contract",
     "datasets' split verification - the program's load_dataset call (verification_mode)",
     "datasets.exceptions.ExpectedMoreSplitsError: {'test'}\n", split="heldout")
case("multiwoz-nonmatching-checksum", "find_string:26538372471",
     "a data loader's docstring: the dataset's source files changed upstream (datasets#1876)",
     "datasets' checksum verification of the source files - the dataset or the program's load call",
     "datasets.utils.info_utils.NonMatchingChecksumError: Checksums didn't match for dataset source files:\n['https://github.com/budzianowski/multiwoz/raw/master/data/MultiWOZ_2.2/train/dialogues_001.json']\n", script="srun_python.sh")
case("ultrachat-expected-more-splits", "find_string:71583934034",
     "an experiment's notes: one data_files entry of a dataset declaring four splits (split names from the note)",
     "datasets' split verification - the program's load_dataset call",
     "datasets.exceptions.ExpectedMoreSplitsError: {'test_gen', 'test_sft', 'train_gen'}\n", script="accelerate.sh")
case("optuna-trial-ddp-params-inconsistent", "find_string:69516147575",
     "an HPO launcher's comment: a pruned trial leaves ranks in different trials; DDP re-init aborts (counts assumed)",
     "the ranks build different models (the program's HPO loop) - not the launch",
     "RuntimeError: DDP expects same model across all ranks, but Rank 0 has 201 params, while rank 1 has inconsistent 199 params.\n", split="heldout", script="accelerate.sh")
case("ddp-hidden-size-differs-param-sizes", "find_string:57980966732",
     "a write-up testing DDP with a hidden size that differs per rank",
     "the ranks build models of different shapes - the program's configuration",
     "RuntimeError: [1]: params[0] in this process with sizes [96, 32] appears not to match sizes of the same param in process 0.\n")
case("lookalike-ddp-inconsistent-0-params-straggler", "find_string:61795380876",
     "LOOK-ALIKE: a rank stuck in dataset setup; the aborted collective returns garbage (0 params)",
     "LOOK-ALIKE: 0 params is a broken or timed-out collective, not a model difference; the new record must not read it",
     "RuntimeError: DDP expects same model across all ranks, but Rank 1 has 70 params, while\nrank 0 has inconsistent 0 params\n")

# batch 3: a tokenizer without the pad token or chat template the program uses, a model config
# newer than the installed transformers (Llama 3.1 rope_scaling), DeepSpeed ZeRO reducing one
# parameter's gradient twice in a step, a Parquet file that is not one (cut short, not Parquet)
case("minimax-quant-tokenizer-no-pad-token", "find_string:59487960780",
     "a quantisation adapter's notes: some models' tokenizers set no pad_token",
     "the program pads with a tokenizer without a pad token - program code",
     TB + "ValueError: Asking to pad but the tokenizer does not have a padding token. Please select a token to use as `pad_token` `(tokenizer.pad_token = tokenizer.eos_token e.g.)` or add a new pad token via `tokenizer.add_special_tokens({'pad_token': '[PAD]'})`.\n", script="accelerate.sh")
case("textfooler-llama-mistral-no-pad-token", "find_string:70691585804",
     "an evaluation run's issues list: Llama/Mistral tokenizers have no pad token",
     "program code (set tokenizer.pad_token)",
     TB + "ValueError: Asking to pad but the tokenizer does not have a padding token. Please select a token to use as `pad_token` `(tokenizer.pad_token = tokenizer.eos_token e.g.)` or add a new pad token via `tokenizer.add_special_tokens({'pad_token': '[PAD]'})`.\n", split="heldout")
case("deepseek-math-base-no-chat-template", "find_string:62609281313",
     "an SFT blueprint's troubleshooting: a base model's tokenizer has no chat_template",
     "the program applies a chat template the tokenizer lacks - program/model choice",
     TB + "ValueError: Cannot use chat template functions because tokenizer.chat_template is not set and no template argument was passed! For information about writing templates and setting the tokenizer.chat_template attribute, please see the documentation at https://huggingface.co/docs/transformers/main/en/chat_templating\n")
case("verl-rollout-tiny-tokenizer-no-chat-template", "find_string:70991412638",
     "a verl reproduction's table: a self-trained tokenizer without a template",
     "the tokenizer lacks a chat template - the program's artifacts",
     "ValueError: Cannot use chat template functions because tokenizer.chat_template is not set and no template argument was passed!\n", split="heldout", script="ray_slurm.sh")
case("sglang-docker-llama31-rope-scaling", "find_string:67218419554",
     "an SGLang docker image's old transformers reading a Llama-3.1 config",
     "the installed transformers predates the model's config format - the environment",
     TB + "ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got {'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0, 'original_max_position_embeddings': 8192, 'rope_type': 'llama3'}\n")
case("kaggle-agent-llama31-rope-scaling", "find_string:36269530514",
     "a Kaggle agent submission loading a Llama 3.1 model with the image's transformers",
     "old transformers for a Llama 3.1 config - the environment",
     "Error loading model: rope_scaling must be a dictionary with two fields, type and factor, got {'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0, 'original_max_position_embeddings': 8192, 'rope_type': 'llama3'}\n", split="heldout", script="srun_python.sh")
case("grpo-zero2-grad-reduced-twice", "find_string:71415452535",
     "a GRPO trainer's docstring: one backward over two losses sharing every parameter under ZeRO-2",
     "the program's loss makes ZeRO-2 reduce a parameter twice - program code",
     "AssertionError: The parameter model.language_model.layers.35.mlp.down_proj.weight\n    has already been reduced. Gradient computed twice for this partition.\n", script="deepspeed_hostfile.sh")
case("sbert-cachedmnrl-deepspeed-grad-twice", "find_string:58437670121",
     "notes citing sentence-transformers#3173: DeepSpeed + CachedMNRL (message as DeepSpeed words it; parameter id assumed)",
     "the loss runs backward over the same parameters twice in a step - program/library",
     "AssertionError: The parameter 187 has already been reduced. Gradient computed twice for this partition. Multiple gradient reduction is currently not supported\n", split="heldout", script="deepspeed_hostfile.sh")
case("colab-upload-truncated-parquet", "find_string:71319694901",
     "a project's findings: files uploaded through a widget were cut at ~100 MB",
     "a truncated Parquet file - the data, not the script",
     TB + "pyarrow.lib.ArrowInvalid: Parquet magic bytes not found in footer. Either the file is corrupted or this is not a parquet file.\n", script="torchrun_single.sh")
case("power-bi-github-page-not-parquet", "find_string:47361518863",
     "a data README: a GitHub page URL given instead of the raw parquet file",
     "the file read is not Parquet - the program's data path",
     "Parquet: class parquet::ParquetInvalidOrCorruptedFileException (message: 'Invalid: Parquet magic bytes not found in footer. Either the file is corrupted or this is not a parquet file.')\n", split="heldout")
case("lerobot-meta-parquet-unflushed", "find_string:55575759058",
     "a converter's notes: reopening a dataset whose meta parquet is not flushed yet",
     "a Parquet file read before it is complete - the program",
     TB + "pyarrow.lib.ArrowInvalid: Parquet magic bytes not found in footer. Either the file is corrupted or this is not a parquet file.\n", script="srun_python.sh")

# batch 4: a JSON data file Arrow cannot read as one table, a model loaded with an Auto class
# that does not cover its configuration, DDP's static graph meeting a step that uses other
# parameters
case("axolotl-vlm-messages-content-string-vs-array", "find_string:48227344322",
     "axolotl VLM fine-tuning docs: message content as a string in one row, an array in others",
     "the data set's JSON rows disagree in type - the data",
     TB + "pyarrow.lib.ArrowInvalid: JSON parse error: Column(/messages/[]/content) changed from string to array in row 0\n", script="accelerate.sh")
case("donut-cord-json-missing-comma-row7", "find_string:7340674073",
     "a fine-tuning tutorial: one metadata line is not valid JSON",
     "malformed JSON line in the data - the data",
     "ArrowInvalid: JSON parse error: Missing a comma or '}' after an object member. in row 7\n", split="heldout", script="torchrun_single.sh")
case("chatts-output-array-vs-string", "find_string:18038762221",
     "ChatTS training notes: the output field is a list in some rows and a string in others",
     "the data's JSONL fields disagree in type - the data",
     TB + "pyarrow.lib.ArrowInvalid: JSON parse error: Column(/output) changed from array to string in row 27\n", script="deepspeed_hostfile.sh")
case("slurm-176205-episode-number-vs-string", "find_string:59144932776",
     "a speech model's training log: job 176205 fails after 67 s, two data sets disagree on the episode column",
     "two merged data sets use different types for one column - the data",
     "[rank0]: pyarrow.lib.ArrowInvalid: JSON parse error:\n[rank0]: Column(/episode) changed from number to string in row 37\n", split="heldout")
case("finetune-vlm-messages-array-vs-string", "find_string:52080941691",
     "a VLM fine-tuning write-up: content a list in message 0 and a string in message 1",
     "the data's rows disagree in schema - the data",
     "pyarrow.lib.ArrowInvalid: JSON parse error: Column(/messages/[]/content) changed from array to string in row 0\n", script="srun_python.sh")
case("qwen2vl-config-automodelforcausallm", "find_string:7825349109",
     "a project's blocker notes: the configured model path points at a multimodal embedding model",
     "the program loads a model its Auto class does not cover - program configuration",
     TB + "ValueError: Unrecognized configuration class <class 'transformers.models.qwen2_vl.configuration_qwen2_vl.Qwen2VLConfig'>\nfor this kind of AutoModel: AutoModelForCausalLM\n")
case("t5-config-automodelforcausallm", "find_string:47226766538",
     "a user's traceback: a T5 (seq2seq) checkpoint given to AutoModelForCausalLM",
     "wrong Auto class for the model - program code",
     "  File \"/home/u/.local/lib/python3.10/site-packages/transformers/models/auto/auto_factory.py\", line 470, in from_pretrained\n    raise ValueError(\nValueError: Unrecognized configuration class <class 'transformers.models.t5.configuration_t5.T5Config'> for this kind of AutoModel: AutoModelForCausalLM.\nModel type should be one of BartConfig, BertConfig, BertGenerationConfig, BigBirdConfig, BigBirdPegasusConfig, BioGptConfig, BlenderbotConfig\n", split="heldout", script="srun_python.sh")
case("smolvlm-idefics3-a40-automodel", "find_string:63403785632",
     "a node's model loader: a vision-language checkpoint loaded as a causal LM on an A40",
     "the Auto class lacks the model type - the program's loader",
     "    Unrecognized configuration class\n    <class 'transformers.models.idefics3.configuration_idefics3.Idefics3Config'>\n    for this kind of AutoModel: AutoModelForCausalLM.\n", script="torchrun_single.sh")
case("interleaved-qa-ddp-static-graph-multinode", "find_string:71622819226",
     "an E2E training fix note: each rank routes its batch through one of several modality paths, multi-node",
     "the program's per-step parameter use changes under static_graph - program code",
     TB + "RuntimeError: Your training graph has changed in this iteration, e.g.,\none parameter is unused in first iteration, but then got used in the\nsecond iteration. this is not compatible with static_graph set to True.\n", script="srun_torchrun_tpn.sh")
case("mixed-recipe-secondary-batch-static-graph", "find_string:60580189367",
     "a training review: a secondary data source's batches leave some parameters unused under static_graph",
     "the program's loss does not touch every parameter each step - program code",
     "RuntimeError: Your training graph has changed in this iteration, e.g., one parameter is unused in first iteration, but then got used in the second iteration. this is not compatible with static_graph set to True.\n", split="heldout")
case("gate-freeze-requires-grad-toggle-static-graph", "find_string:53854286289",
     "a model's docstring: toggling requires_grad at a freeze boundary under static_graph",
     "the program changes the trained parameters mid-run - program code",
     "[rank1]: RuntimeError: Your training graph has changed in this iteration, e.g., one parameter is used in first iteration, but then got unused in the second iteration. this is not compatible with static_graph set to True.\n", script="torchrun_batch_multinode.sh")

# batch 5: PEFT's LoRA target modules that the base model does not have, the Trainer refusing
# to fine-tune a quantized model without adapters
case("hpc-home-peft-target-query-value", "find_string:13495989663",
     "a user's job output on an HPC home: LoRA targets query/value on a model without such modules (ranks interleaved)",
     "LoRA target module names do not exist in the model - the program's PEFT configuration",
     "  File \"/hpc-home/u/.local/lib/python3.12/site-packages/peft/tuners/tuners_utils.py\", line 328, in inject_adapter\n        raise ValueError(\n    raise ValueError(ValueError\n: Target modules {'query', 'value'} not found in the base model. Please check the target modules and try again.\nValueError: Target modules {'value', 'query'} not found in the base model. Please check the target modules and try again.\n", script="srun_torchrun_tpn.sh")
case("gpt2-lora-q-v-proj-names", "find_string:68713947343",
     "a fine-tuning write-up: Llama module names copied to GPT-2 (fused Conv1D c_attn)",
     "LoRA target names of another architecture - program configuration",
     TB + "ValueError: Target modules {'q_proj', 'v_proj'} not found in the base model. Please check the target modules and try again.\n", script="torchrun_single.sh")
case("gpt2-lora-dense-kproj", "find_string:4416069593",
     "a notebook's error log: LoRA target modules for GPT-2",
     "LoRA target names - program configuration",
     "ValueError: Target modules {'q_proj', 'dense', 'v_proj', 'k_proj'} not found in the base model. Please check the target modules and try again.\n", split="heldout", script="accelerate.sh")
case("llamafactory-c-attn-on-llama3", "find_string:15816698076",
     "LLaMA-Factory usage notes: --lora_target c_attn on a Llama 3 model",
     "LoRA target of another architecture - the program's argument/config",
     "ValueError: Target modules {'c_attn'} not found in the base model. Please check the target modules and try again.\n", split="heldout", script="deepspeed_hostfile.sh")
case("trainer-v3-purely-quantized", "find_string:38868775478",
     "a session log: the second trainer built on a 4-bit model without peft_config",
     "the program fine-tunes a quantized model without adapters - program code",
     TB + "ValueError: You cannot perform fine-tuning on purely quantized models. Please attach trainable adapters on top of the quantized model to correctly perform fine-tuning. Please see: https://huggingface.co/docs/transformers/peft for more details\n", script="accelerate.sh")
case("load-in-8bit-trainer-purely-quantized", "find_string:9012690730",
     "a fine-tuning report: 8-bit model handed to Trainer before prepare_model_for_kbit_training/LoRA",
     "program code (attach adapters)",
     "ValueError: You cannot perform fine-tuning on purely quantized models. Please attach trainable adapters on top of the quantized model to correctly perform fine-tuning.\n", split="heldout")
case("tinylora-handwritten-purely-quantized", "find_string:51936027145",
     "RL training notes: a hand-written LoRA the Trainer does not see as a PeftModel on a 4-bit model",
     "program code (adapters not registered as PEFT)",
     "ValueError: You cannot perform fine-tuning on purely quantized models...\n", script="srun_python.sh")

# batch 6: transformers' TrainingArguments / Trainer refusing an inconsistent evaluation setup;
# a look-alike where the job script's own launch line sets those options (the script's value:
# the new record must leave it)
case("notebook-load-best-model-strategy-mismatch", "find_string:71546132727",
     "a fine-tuning notebook's traceback: load_best_model_at_end with eval and save strategies differing",
     "the program's TrainingArguments disagree - program configuration",
     "-> 1663                 raise ValueError(\n   1664                     \"--load_best_model_at_end requires the save and eval strategy to match, but found\\n- Evaluation \"\n\nValueError: --load_best_model_at_end requires the save and eval strategy to match, but found\n- Evaluation strategy: IntervalStrategy.STEPS\n- Save strategy: SaveStrategy.EPOCH\n", script="accelerate.sh")
case("seq2seq-readme-load-best-model-mismatch", "find_string:18362116878",
     "a seq2seq fine-tuning README's troubleshooting: evaluation_strategy and save_strategy differ in the training script",
     "TrainingArguments in the program - program configuration",
     TB + "ValueError: --load_best_model_at_end requires the save and eval strategy to match\n", split="heldout")
case("predict-with-generate-no-eval-dataset", "find_string:56426910371",
     "a training script's comments: eval_strategy steps without an eval_dataset, then save strategy vs eval NO",
     "the program's Trainer gets an evaluation strategy but no eval data set - program code",
     TB + "ValueError: You have set `args.eval_strategy` to IntervalStrategy.STEPS but you didn't pass an `eval_dataset` to `Trainer`. Either set `args.eval_strategy` to `no` or pass an `eval_dataset`.\n", script="torchrun_single.sh")
C.append({"id": "lookalike-trainer-strategy-set-on-launch-line", "split": "tune", "kind": "not_script",
          "source": "find_string:71546132727",
          "thread_site": "LOOK-ALIKE kept for the sweep: the same message with the options on the job script's launch line",
          "what": "LOOK-ALIKE: the launch line itself passes --eval_strategy/--save_strategy/--load_best_model_at_end; the new advice record must not claim it (the script's value); assumed shape - accelerate.sh, diagnosed as on Delta",
          "cluster": "delta", "script": "accelerate.sh",
          "replace": [["train_ppo.py", "train_ppo.py --eval_strategy steps --save_strategy epoch --load_best_model_at_end"]],
          "log": "ValueError: --load_best_model_at_end requires the save and eval strategy to match, but found\n- Evaluation strategy: IntervalStrategy.STEPS\n- Save strategy: SaveStrategy.EPOCH\n",
          "expect": {}})

# batch 7: a vLLM release without the model's architecture, token ids of a float dtype handed
# to an embedding
case("vllm-deepseek-ocr-arch-not-supported", "find_string:56713666518",
     "a vLLM feature request: the API server refuses a new OCR model's architecture",
     "the installed vLLM lacks the architecture - the environment (upgrade) - not the script",
     "(APIServer pid=352089) Value error, Model architectures ['DeepseekOCRForCausalLM'] are not supported for now. Supported architectures: dict_keys(['ApertusForCausalLM', 'AquilaModel', 'AquilaForCausalLM', 'ArceeForCausalLM', 'ArcticForCausalLM', 'MiniMaxForCausalLM'])\n", script="srun_python.sh")
case("vllm-dbrx-api-server-arch-not-supported", "find_string:56778130410",
     "a vLLM bug report: the OpenAI API server with --trust-remote-code refuses DbrxForCausalLM (older vLLM)",
     "vLLM release older than the model - the environment",
     "ValueError: Model architectures ['DbrxForCausalLM'] are not supported for now. Supported architectures: ['AquilaModel', 'AquilaForCausalLM', 'BaiChuanForCausalLM', 'BaichuanForCausalLM', 'BloomForCausalLM', 'ChatGLMModel', 'ChatGLMForConditionalGeneration', 'DeciLMForCausalLM', 'DeepseekForCausalLM']\n", split="heldout")
case("vllm-cohere-arch-not-supported", "find_string:30919236949",
     "a model-support request: CohereForCausalLM on an older vLLM",
     "vLLM release older than the model - the environment",
     TB + "ValueError: Model architectures ['CohereForCausalLM'] are not supported for now. Supported architectures: ['AquilaModel', 'AquilaForCausalLM', 'BaiChuanForCausalLM', 'BaichuanForCausalLM', 'BloomForCausalLM', 'ChatGLMModel']\n", script="torchrun_single.sh")
case("vllm-gptbigcode-arch-not-supported", "find_string:56901456774",
     "an early vLLM issue digest: GPTBigCode before its support landed",
     "vLLM release lacks the architecture - the environment",
     "ValueError: Model architectures ['GPTBigCodeForCausalLM'] are not supported for now. Supported architectures: ['GPT2LMHeadModel', 'GPTNeoXForCausalLM', 'LlamaForCausalLM', 'OPTForCausalLM']\n", split="heldout", script="srun_python.sh")
case("vlm2vec-rank7-embedding-float-indices", "find_string:27598010677",
     "VLM2Vec's collator comment: rank 7 of a multi-GPU run got float token ids",
     "the program feeds float ids to an embedding - program code",
     "[rank7]: RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.cuda.FloatTensor instead (while checking arguments for embedding)\n", script="srun_torchrun_tpn.sh")
case("d2l-premise-embedding-float-indices", "find_string:8482122636",
     "a course project's error log: a tensor of vocabulary ids created as float",
     "program code (.long())",
     "RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.cuda.FloatTensor instead (while checking arguments for embedding)\n", split="heldout", script="torchrun_single.sh")
case("nanovllm-tied-lm-head-bf16-indices", "find_string:67357583776",
     "a port of a model to a small inference engine: lm_head made an embedding (tie_word_embeddings)",
     "program code (an embedding fed bf16 activations)",
     "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CUDABFloat16Type instead\n", script="srun_python.sh")

# batch 8: a GPU the driver reports as needing a reset (NVML's own words, nvidia-smi's fields)
case("slurm-ng31301-nvml-gpu-requires-reset", "find_string:62837024694",
     "a research run log on a Slurm cluster: a job cancelled because its node emitted repeated NVML errors; the retry excluded the node",
     "a faulted GPU on one node - hardware; resubmit excluding the node",
     "NVML: GPU requires reset\nNVML: GPU requires reset\nNVML: GPU requires reset\n")
case("faq-nvidia-smi-gpu-requires-reset-err", "find_string:63581746164",
     "a project FAQ: torch.cuda.is_available() False, nvidia-smi shows the GPU needing a reset",
     "the GPU's driver state - a reboot or an admin's GPU reset; hardware",
     "|   0  NVIDIA GeForce RTX 3060        On  |   00000000:01:00.0 Off |                  N/A |\n| ERR!  ERR! ERR!             ERR! / ERR! |   GPU requires reset   |     ERR!         ERR! |\n", split="heldout", script="torchrun_single.sh")
case("launcher-refuses-gpu-requires-reset", "find_string:69433241605",
     "a project's launch checks: nodes of a partition read idle with a faulted GPU ([GPU requires reset])",
     "faulted GPUs on some nodes - hardware",
     "nvidia-smi --query-gpu=index,memory.used --format=csv,noheader\n0, [GPU requires reset]\n", script="srun_python.sh")
with open("cases.yaml", "w", encoding="utf-8") as fh:
    yaml.safe_dump({"schema": 1, "cases": C}, fh, sort_keys=False, width=100)
