# ruff: noqa: E501, W291
"""Write cases.yaml of the s23lognot probe (not-script failures left unrecognised, plus decoys).

Each log is text the user posted in the public thread of `source`, read through the tool
library's issue search (its excerpt is cached under /work/cache/s23lognot/<id>.txt with its
sha256 in sources.json); lines are kept as posted, never paraphrased. Split fixed before any
run by hash, not content: int(sha256(id), 16) % 2 == 0 -> tune, else heldout (HELPER_RULES).
"""
import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).parent
CACHE = Path("/work/cache/s23lognot")

CASES = [
    dict(id="dttnet2-musdb-preprocessed-dataset-dir-missing", kind="not_script",
         source="https://github.com/junyuchen-cjy/DTTNet-Pytorch/issues/2",
         thread_site="a Lightning training run; the data module lists a preprocessed dataset folder that was never made",
         what="the program's own data folder (built by its config from a preprocessing step) does not exist: data preparation, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''  File "/root/anaconda3/envs/DTT/lib/python3.9/site-packages/pytorch_lightning/trainer/trainer.py", line 1366, in _call_lightning_datamodule_hook
    return fn(*args, **kwargs)
  File "/notebooks/DTTNet-Pytorch/src/datamodules/musdb_datamodule.py", line 86, in setup
    self.data_train = MusdbTrainDataset(self.data_dir,
  File "/notebooks/DTTNet-Pytorch/src/datamodules/datasets/musdb.py", line 89, in __init__
    for track_name in sorted(os.listdir(dataset)):
FileNotFoundError: [Errno 2] No such file or directory: '/notebooks/DTTNet-Pytorch/dataset/train_p=-2_t=-20'
'''),
    dict(id="flame43-checkpoint-model-type-unrecognised", kind="not_script",
         source="https://github.com/fla-org/flame/issues/43",
         thread_site="flame training (train.sh) loading a model config; transformers does not know the model type",
         what="the installed transformers does not recognise the checkpoint's model type (library version / model registration), not the launch script",
         cluster="delta", script="torchrun_single.sh",
         log='''Traceback (most recent call last):
  File "/home/xxx/miniconda3/envs/flame/lib/python3.12/site-packages/transformers/models/auto/configuration_auto.py", line 1309, in from_pretrained
    config_class = CONFIG_MAPPING[config_dict["model_type"]]
                   ~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/home/xxx/miniconda3/envs/flame/lib/python3.12/site-packages/transformers/models/auto/configuration_auto.py", line 1004, in __getitem__
    raise KeyError(key)
KeyError: 'transformer'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "<string>", line 1, in <module>
  File "/home/xxx/miniconda3/envs/flame/lib/python3.12/site-packages/transformers/models/auto/configuration_auto.py", line 1311, in from_pretrained
    raise ValueError(
ValueError: The checkpoint you are trying to load has model type `transformer` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.
'''),
    dict(id="deepspeed6793-no-sync-zero3-assert", kind="not_script",
         source="https://github.com/deepspeedai/DeepSpeed/issues/6793",
         thread_site="a torchrun job training with DeepSpeed ZeRO-3 through the HF trainer; the trainer calls no_sync under gradient accumulation",
         what="a DeepSpeed assertion: no_sync is incompatible with ZeRO stage 3 (training config / library combination; lowering gradient accumulation worked), not the launch script",
         cluster="delta", script="torchrun_single.sh",
         log='''[rank0]:   File "/root/miniconda3/envs/llama/lib/python3.11/site-packages/deepspeed/runtime/engine.py", line 1997, in no_sync
[rank0]:     assert not self.zero_optimization_partition_gradients(), \\
[rank0]: AssertionError: no_sync context manager is incompatible with gradient partitioning logic of ZeRO stage 3
  0%|                                                  | 0/168 [00:00<?, ?it/s]
W1126 23:28:07.821000 402381 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 402434 closing signal SIGTERM
E1126 23:28:11.641000 402381 site-packages/torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 1 (pid: 402435) of binary: /root/miniconda3/envs/llama/bin/python
'''),
    dict(id="xr1-23-zero3-free-param-active-submodules-assert", kind="not_script",
         source="https://github.com/dhcode-cpp/X-R1/issues/23",
         thread_site="GRPO training with DeepSpeed ZeRO-3 on several GPUs; an assertion inside DeepSpeed's parameter partitioning",
         what="an assertion inside DeepSpeed's ZeRO-3 parameter partitioning (library / training-code interaction), not the launch script",
         cluster="delta", script="accelerate.sh",
         log='''[rank1]:     ret_val = func(*args, **kwargs)
[rank1]:               ^^^^^^^^^^^^^^^^^^^^^
[rank1]:   File "/usr/local/lib/python3.11/dist-packages/deepspeed/runtime/zero/partition_parameters.py", line 1568, in _partition_param
[rank1]:     free_param(param)
[rank1]:   File "/usr/local/lib/python3.11/dist-packages/deepspeed/utils/nvtx.py", line 18, in wrapped_fn
[rank1]:     ret_val = func(*args, **kwargs)
[rank1]:               ^^^^^^^^^^^^^^^^^^^^^
[rank1]:   File "/usr/local/lib/python3.11/dist-packages/deepspeed/runtime/zero/partition_parameters.py", line 284, in free_param
[rank1]:     assert not param.ds_active_sub_modules, param.ds_summary()
[rank1]:            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
[rank1]: AssertionError: {'id': 0, 'status': 'AVAILABLE', 'numel': 233373696, 'ds_numel': 233373696, 'shape': (151936, 1536), 'ds_shape': (151936, 1536), 'requires_grad': True, 'grad_shape': None, 'persist': False, 'active_sub_modules': {372}, 'ds_tensor.shape': torch.Size([58343424])}
'''),
    dict(id="yuan47-transformers-config-int-item-assignment", kind="not_script",
         source="https://github.com/IEIT-Yuan/Yuan-2.0/issues/47",
         thread_site="a torchrun job of the Yuan 2.0 tools; transformers' config loader fails in every worker, torchrun then reports the failed child",
         what="the installed transformers cannot read the model's config (library version / model files), not the launch script; the launcher frames are only torchrun's summary of the failed worker",
         cluster="delta", script="torchrun_single.sh",
         log='''  File "/usr/local/lib/python3.10/dist-packages/transformers/configuration_utils.py", line 706, in _get_config_dict
    config_dict["_commit_hash"] = commit_hash
TypeError: 'int' object does not support item assignment
ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 3172) of binary: /usr/bin/python
Traceback (most recent call last):
  File "/usr/local/bin/torchrun", line 33, in <module>
    sys.exit(load_entry_point('torch==2.1.0a0+4136153', 'console_scripts', 'torchrun')())
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper
    return f(*args, **kwargs)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 797, in main
    run(args)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 788, in run
    elastic_launch(
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 134, in __call__
    return launch_agent(self._config, self._entrypoint, list(args))
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 264, in launch_agent
    raise ChildFailedError(
torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
'''),
    dict(id="unilm866-layoutlmv3-name-already-used-by-transformers", kind="not_script",
         source="https://github.com/microsoft/unilm/issues/866",
         thread_site="layoutlmv3 fine-tuning launched on 8 GPUs; every rank fails at import and the launcher lists the failed ranks (the title holds the error line, the body the launcher's summary)",
         what="the program registers a model name a newer transformers already ships (library version), not the launch script",
         cluster="delta", script="torchrun_single.sh",
         log='''ValueError: 'layoutlmv3' is already used by a Transformers config, pick another name.
  rank      : 1 (local_rank: 1)
  exitcode  : 1 (pid: 4019)
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
[2]:
  time      : 2022-09-14_12:18:27
  host      : ip-172-29-152-106.cn-northwest-1.compute.internal
  rank      : 2 (local_rank: 2)
  exitcode  : 1 (pid: 4020)
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
'''),
    dict(id="gpuburn1-pcie-surprise-down-xid79", kind="not_script",
         source="https://github.com/wilicc/gpu-burn/issues/1",
         thread_site="a GPU stress run fails; dmesg shows the PCIe link of the GPU going down and Xid 79",
         what="the GPU fell off the bus (PCIe fatal error, Xid 79): hardware, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''[74889.542031] pcieport 0000:00:02.0: AER: Uncorrected (Fatal) error received: id=0010
[74889.542044] pcieport 0000:00:02.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, id=0010(Receiver ID)
[74889.542125] pcieport 0000:00:02.0:   device [8086:6f04] error status/mask=00000020/00000000
[74889.542184] pcieport 0000:00:02.0:    [ 5] Surprise Down Error    (First)
[74889.644138] NVRM: Xid (PCI:0000:02:00): 79, GPU has fallen off the bus.
'''),
    dict(id="codefuse3-model-config-class-inconsistent", kind="not_script",
         source="https://github.com/codefuse-ai/CodeFuse-Embeddings/issues/3",
         thread_site="loading the model with a newer transformers fails; it works with the version the model was written for",
         what="the model's remote code and the installed transformers disagree (library version), not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''ValueError: The model class you are passing has a `config_class` attribute that is not consistent with the config class you passed (model has None and you passed <class 'transformers_modules.codefuse-ai.CodeFuse-CGE-Small.fd0871aa546be63188628752a09c4d42dd07250d.configuration_codefuse_cge_small.CodeFuseCGESmallConfig'>. Fix one of those so they match!
'''),
    dict(id="resunet5-random-sampler-num-samples-zero", kind="not_script",
         source="https://github.com/rishikksh20/ResUnet/issues/5",
         thread_site="training a segmentation model; the data loader's sampler finds an empty training set",
         what="the program's dataset is empty (data files not where the program's config looks, or not prepared): data, not the launch script; DOUBTFUL - a data path given on the launch line could also leave it empty",
         cluster="delta", script="srun_python.sh",
         log='''Traceback (most recent call last):
  File "train.py", line 222, in <module>
    main(hp, num_epochs=args.epochs, resume=args.resume, name=args.name)
  File "train.py", line 76, in main
    mass_dataset_train, batch_size=hp.batch_size, num_workers=2, shuffle=True
  File "/home/lee/anaconda3/envs/maskrcnn_benchmark/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 213, in __init__
    sampler = RandomSampler(dataset)
  File "/home/lee/anaconda3/envs/maskrcnn_benchmark/lib/python3.6/site-packages/torch/utils/data/sampler.py", line 94, in __init__
    "value, but got num_samples={}".format(self.num_samples))
ValueError: num_samples should be a positive integer value, but got num_samples=0
'''),
    dict(id="samplernn10-monitor-epoch-zero-division-small-dataset", kind="not_script",
         source="https://github.com/deepsound-project/samplernn-pytorch/issues/10",
         thread_site="training on a reduced data set; the answer: the batch size is larger than the number of training files",
         what="the data set is smaller than one batch, so an epoch has no batches and the monitor divides by zero: data/program settings, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''Traceback (most recent call last):
  File "train.py", line 360, in <module>
    main(**vars(parser.parse_args()))
  File "train.py", line 258, in main
    trainer.run(params['epoch_limit'])
  File "/home/ubuntu/samplernn-pytorch/trainer/__init__.py", line 57, in run
    self.call_plugins('epoch', self.epochs)
  File "/home/ubuntu/samplernn-pytorch/trainer/__init__.py", line 44, in call_plugins
    getattr(plugin, queue_name)(*args)
  File "/home/ubuntu/anaconda3/envs/pytorch_p36/lib/python3.6/site-packages/torch/utils/trainer/plugins/monitor.py", line 56, in epoch
    stats['epoch_mean'] = epoch_stats[0] / epoch_stats[1]
ZeroDivisionError: division by zero
'''),
    # ------------------------------------------------------------ decoys: the launch is at fault
    dict(id="scipion2057-hosts-conf-template-nodefile-lines", kind="script",
         source="https://github.com/I2PC/scipion/issues/2057",
         thread_site="the site's Slurm submission template (hosts.conf) runs lines that treat a host name as a file; then the program's import fails",
         what="DECOY - the job script made from the submission template is wrong (its host-file lines fail; the maintainer: the shell is not set properly in the script); the final NameError inside the package comes after; must not be answered 'not the script'; no fix family expected from this log",
         cluster="anvil", script="srun_python.sh",
         log='''cp: cannot stat ‘triton-5’: No such file or directory
/var/spool/slurm/slurmd/job03639/slurm_script: line 23: triton-5: No such file or directory
uniq: triton-5: No such file or directory
cat: triton-5: No such file or directory
Traceback (most recent call last):
  File "/usr/local/em/scipion-2.0.0/pyworkflow/apps/pw_protocol_run.py", line 31, in <module>
    from pyworkflow.em import *
  File "/usr/local/em/scipion-2.0.0/pyworkflow/em/__init__.py", line 31, in <module>
    from data import *
  File "/usr/local/em/scipion-2.0.0/pyworkflow/em/data.py", line 36, in <module>
    from convert import ImageHandler
  File "/usr/local/em/scipion-2.0.0/pyworkflow/em/convert/__init__.py", line 28, in <module>
    from .image_handler import ImageHandler, DT_FLOAT
  File "/usr/local/em/scipion-2.0.0/pyworkflow/em/convert/image_handler.py", line 38, in <module>
    sys.exit(-1)
NameError: name 'sys' is not defined 
''', expect={"families": ["program", "environment", "user"]}),
    dict(id="bpr44-dist-train-sh-called-without-gpu-count", kind="script",
         source="https://github.com/chenhang98/BPR/issues/44",
         thread_site="dist_train.sh called without its arguments; the maintainer: the config path and the number of GPUs must be given to dist_train.sh",
         what="DECOY - the launch line passes an empty GPU count to the launcher's --nproc_per_node (the wrapper script was called without its arguments): the launch, must not be answered 'not the script'",
         cluster="delta", script="torchrun_single.sh",
         log='''ValueError: Unsupported nproc_per_node value: 
''', expect={"families": ["launcher"]}),
    dict(id="attentioneddeeppaint17-train-without-data-arguments", kind="script",
         source="https://github.com/ktaebum/AttentionedDeepPaint/issues/17",
         thread_site="train.py run without the command-line arguments its train.sh passes; the maintainer: configure the command-line arguments as train.sh does",
         what="DECOY - the same empty-sampler error as a missing data set, but here the launch line lacks the program's data arguments (the maintainer points at train.sh); must not be answered 'not the script'; no fix family expected from the log alone",
         cluster="delta", script="srun_python.sh",
         log='''Traceback (most recent call last):
  File "train.py", line 77, in <module>
    main(parser.parse_args())
  File "train.py", line 43, in main
    batch_size=args.batch_size,
  File "G:\\PYTHON\\python3.5.4\\lib\\site-packages\\torch\\utils\\data\\dataloader.py", line 176, in __init__
    sampler = RandomSampler(dataset)
  File "G:\\PYTHON\\python3.5.4\\lib\\site-packages\\torch\\utils\\data\\sampler.py", line 66, in __init__
    "value, but got num_samples={}".format(self.num_samples))
ValueError: num_samples should be a positive integer value, but got num_samples=0
''', expect={"families": ["program", "user"]}),
]


def main() -> None:
    out, sources = [], {}
    for case in CASES:
        digest = hashlib.sha256(case["id"].encode()).hexdigest()
        split = "tune" if int(digest, 16) % 2 == 0 else "heldout"
        row = {"id": case["id"], "split": split, **{k: v for k, v in case.items() if k != "id"}}
        row.setdefault("expect", {})
        if row["kind"] == "script":  # decoys: no fix is known from the log alone
            row["expect"].setdefault("fix", "(?!x)x")
        out.append(row)
        text = f"source: {case['source']}\n\n{case['log']}"
        path = CACHE / f"{case['id']}.txt"
        path.write_text(text, encoding="utf-8")
        sources[case["id"]] = {"source": case["source"], "cache": str(path),
                               "sha256": hashlib.sha256(text.encode()).hexdigest(),
                               "via": "tool library issue search excerpt (user's posted text)"}
    head = (__doc__ or "").strip().replace("\n", "\n# ")
    with open(HERE / "cases.yaml", "w", encoding="utf-8") as fh:
        fh.write("# " + head + "\n# Scripts from bench/reallogs/scripts/.\n")
        yaml.safe_dump({"schema": 1, "cases": out}, fh, sort_keys=False, allow_unicode=True,
                       width=200)
    (HERE / "sources.json").write_text(json.dumps(sources, indent=1) + "\n")


if __name__ == "__main__":
    main()
