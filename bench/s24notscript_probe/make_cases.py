# ruff: noqa: E501, W291, W293
"""Write cases.yaml of the s24notscript probe (failures that are not the launch script's:
damaged data/checkpoint files, the program's own bugs, a library's version, a collective that
hangs after many good steps; plus one decoy whose fix is a program flag on the job script's
command line).

Each log is text the user posted in the public thread of `source`, read through the tool
library's issue search (its excerpt is cached under /work/cache/s24notscript_probe/<id>.txt with
its sha256 in sources.json); lines are kept as posted, never paraphrased (where the excerpt cut
the final error line short, the same line as the user posted it in the thread's title is used,
and `what` says so). Split fixed before any run by hash, not content: int(sha256(id), 16) % 2
== 0 -> tune, else heldout (HELPER_RULES). Written and labelled before any run of maple on them.
"""
import hashlib
import json
from pathlib import Path

import yaml

HERE = Path(__file__).parent
CACHE = Path("/work/cache/s24notscript_probe")

CASES = [
    dict(id="xmodalctx8-h5py-features-file-truncated", kind="not_script",
         source="https://github.com/GT-RIPL/Xmodal-Ctx/issues/8",
         thread_site="python train.py of a captioning model reading a 32 GB HDF5 features file it was given by name",
         what="the HDF5 features file on disk is shorter than its own header says (eof < stored_eof): a download or copy cut short, the data, not the launch script; the final error line is the thread title's (the excerpt stops in h5py's frames)",
         cluster="delta", script="srun_python.sh",
         log='''Meshed-Memory Transformer Training
Traceback (most recent call last):
  File "train.py", line 243, in <module>
    max_detections=50, preload=args.preload
  File "/home/lianjunliang/anaconda3/envs/Xmodal-Ctx/m2/data/field.py", line 296, in __init__
    self.obj = h5py.File(obj_file, "r")
  File "/home/lianjunliang/anaconda3/envs/xmodal-ctx/lib/python3.7/site-packages/h5py/_hl/files.py", line 507, in __init__
    fid = make_fid(name, mode, userblock_size, fapl, fcpl, swmr=swmr)
  File "/home/lianjunliang/anaconda3/envs/xmodal-ctx/lib/python3.7/site-packages/h5py/_hl/files.py", line 220, in make_fid
    fid = h5f.open(name, flags, fapl=fapl)
  File "h5py/_objects.pyx", line 54, in h5py._objects.with_phil.wrapper
  File "h5py/_objects.pyx", line 55, in h5py._objects.with_phil.wrapper
OSError: Unable to open file (truncated file: eof = 27626007534, sblock->base_addr = 0, stored_eof = 32470737720)
'''),
    dict(id="h5py1179-training-generator-h5-truncated", kind="not_script",
         source="https://github.com/h5py/h5py/issues/1179",
         thread_site="a Keras training program opening its own .h5 data file (4.0K on disk, du -h) in a generator",
         what="the .h5 file is 96 bytes of a 2048-byte file (truncated): the data file, not the launch script; the final error line is the thread title's",
         cluster="delta", script="srun_python.sh",
         log='''Traceback (most recent call last):
  File "train.py", line 55, in <module>
    train()
  File "train.py", line 46, in train
    val_x, val_y, _ = next(generator(filename=filename, is_testset=True, testset_index=-1))
  File "/home/nbro/Desktop/learning-long-range-perception/code/simulation/model.py", line 125, in generator
    h5f = h5py.File(filename, 'r')
  File "/home/nbro/Desktop/env/local/lib/python2.7/site-packages/h5py/_hl/files.py", line 394, in __init__
    swmr=swmr)
  File "/home/nbro/Desktop/env/local/lib/python2.7/site-packages/h5py/_hl/files.py", line 170, in make_fid
    fid = h5f.open(name, flags, fapl=fapl)
IOError: Unable to open file (truncated file: eof = 96, sblock->base_addr = 0, stored_eof = 2048)
'''),
    dict(id="d4rl210-dataset-hdf5-truncated", kind="not_script",
         source="https://github.com/Farama-Foundation/D4RL/issues/210",
         thread_site="a D4RL offline-RL run loading its downloaded dataset (HDF5)",
         what="DOUBTFUL - no reply in the thread; the downloaded HDF5 dataset is shorter than its header says (eof 5 MB of 34 MB): an interrupted download, the data, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''  File "h5py/_objects.pyx", line 54, in h5py._objects.with_phil.wrapper
  File "h5py/_objects.pyx", line 55, in h5py._objects.with_phil.wrapper
  File "h5py/h5f.pyx", line 106, in h5py.h5f.open
OSError: Unable to open file (truncated file: eof = 5365760, sblock->base_addr = 0, stored_eof = 34720209)
'''),
    dict(id="mmagic876-test-checkpoint-zip-no-central-directory", kind="not_script",
         source="https://github.com/open-mmlab/mmagic/issues/876",
         thread_site="mmediting tools/test.py loading a trained checkpoint (iter_90000.pth) from its work_dirs",
         what="the checkpoint file is not a complete zip archive (torch.load finds no central directory): a checkpoint cut short when written or copied, the data, not the launch script; the final error line is the thread title's",
         cluster="delta", script="srun_python.sh",
         log='''load checkpoint from local path: work_dirs/formal_basicvsr_plusplus_360new_cb/iter_90000.pth
Traceback (most recent call last):
  File "tools/test.py", line 142, in <module>
    main()
  File "tools/test.py", line 99, in main
    _ = load_checkpoint(model, args.checkpoint, map_location='cpu')
  File "D:\\Anaconda3\\envs\\pytorch\\lib\\site-packages\\mmcv\\runner\\checkpoint.py", line 581, in load_checkpoint
  File "D:\\Anaconda3\\envs\\pytorch\\lib\\site-packages\\mmcv\\runner\\checkpoint.py", line 302, in load_from_local
    checkpoint = torch.load(filename, map_location=map_location)
  File "D:\\Anaconda3\\envs\\pytorch\\lib\\site-packages\\torch\\serialization.py", line 600, in load
    with _open_zipfile_reader(opened_file) as opened_zipfile:
  File "D:\\Anaconda3\\envs\\pytorch\\lib\\site-packages\\torch\\serialization.py", line 242, in __init__
    super(_open_zipfile_reader, self).__init__(torch._C.PyTorchFileReader(name_or_buffer))
RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
'''),
    dict(id="sovits169-spawned-trainer-pretrained-zip-incomplete", kind="not_script",
         source="https://github.com/innnky/so-vits-svc/issues/169",
         thread_site="so-vits-svc train.py (torch.multiprocessing.spawn workers) on a rented GPU instance, pretrained model fetched from a drive by id",
         what="the pretrained checkpoint the worker loads is not a complete zip archive (a download that failed or was cut short): the data, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''   raise ProcessRaisedException(msg, error_index, failed_process.pid)
torch.multiprocessing.spawn.ProcessRaisedException: 

-- Process 0 terminated with the following error:
Traceback (most recent call last):
  File "/usr/local/lib/python3.8/dist-packages/torch/multiprocessing/spawn.py", line 69, in _wrap
    fn(i, *args)
    
    ...

  File "/usr/local/lib/python3.8/dist-packages/torch/serialization.py", line 242, in __init__
    super(_open_zipfile_reader, self).__init__(torch._C.PyTorchFileReader(name_or_buffer))
RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
'''),
    dict(id="dddd36-resume-checkpoint-cut-by-full-disk", kind="not_script",
         source="https://github.com/sml2h3/dddd_trainer/issues/36",
         thread_site="dddd_trainer app.py resuming from its history checkpoints after a run was interrupted by a full disk (thread title)",
         what="the last checkpoint was written while the disk filled and is an incomplete zip archive; resuming reads it: the data (a damaged checkpoint), not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
2023-07-26 09:59:13.221 | INFO     | utils.train:__init__:52 - 
Search for history checkpoints...
Traceback (most recent call last):
  File "/www/wwwroot/dddd_trainer/app.py", line 33, in <module>
    fire.Fire(App)
  File "/www/wwwroot/dddd_trainer/11ddbaf3386aea1f2974eee984542152_venv/lib/python3.6/site-packages/fire/core.py", line 141, in Fire
    component_trace = _Fire(component, args, parsed_flag_args, context, name)
  File "/www/wwwroot/dddd_trainer/11ddbaf3386aea1f2974eee984542152_venv/lib/python3.6/site-packages/fire/core.py", line 480, in _Fire
    target=component.__name__)
  File "/www/wwwroot/dddd_trainer/11ddbaf3386aea1f2974eee984542152_venv/lib/python3.6/site-packages/fire/core.py", line 691, in _CallAndUpdateTrace
    component = fn(*varargs, **kwargs)
  File "/www/wwwroot/dddd_trainer/app.py", line 27, in train
    trainer = train.Train(project_name)
'''),
    dict(id="pytorchocr1-train-list-line-not-tab-separated", kind="not_script",
         source="https://github.com/BADBADBADBOY/pytorchOCR/issues/1",
         thread_site="pytorchOCR det_train.py building its dataset from a train list file named in its config",
         what="the data list file's lines are not separated by a tab as the loader expects (maintainer's answer, confirmed): the data's format meeting the program's parser, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''Traceback (most recent call last):
  File "det_train.py", line 259, in <module>
    TrainValProgram(config)
  File "det_train.py", line 145, in TrainValProgram
    train_dataset = create_module(config['trainload']['function'])(config)
  File "/home/z/liao/pytorchOCR-master/ptocr/dataloader/DetLoad/PANProcess.py", line 23, in __init__
    img_list, label_list = self.get_base_information(config['trainload']['train_file'])
  File "/home/z/liao/pytorchOCR-master/ptocr/dataloader/DetLoad/PANProcess.py", line 63, in get_base_information
    result = self.get_bboxes(line[1])
IndexError: list index out of range
'''),
    dict(id="poincare19-dataset-getitem-tensor-key", kind="not_script",
         source="https://github.com/facebookresearch/poincare-embeddings/issues/19",
         thread_site="poincare-embeddings example.sh (train.py with torch.multiprocessing workers) on a small example graph",
         what="the program's dataset indexes a dict with a tensor instead of an int in __getitem__ (a program/library-version bug of the code), not the launch script",
         cluster="delta", script="srun_python.sh",
         log=''''Traceback (most recent call last):\\n  File "/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader.py", line 57, in _worker_loop\\n    samples = collate_fn([dataset[i] for i in batch_indices])\\n  File "/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader.py", line 57, in <listcomp>\\n    samples = collate_fn([dataset[i] for i in batch_indices])\\n  File "/home/mldl/ub16_prj/poincare-embeddings/model.py", line 185, in __getitem__\\n    if n not in self._weights[t]:\\nKeyError: tensor(143)\\n'
Traceback (most recent call last):
  File "/home/mldl/ub16_prj/poincare-embeddings/train.py", line 19, in train_mp
    train(model, data, optimizer, opt, log, rank, queue)
  File "/home/mldl/ub16_prj/poincare-embeddings/train.py", line 46, in train
    for inputs, targets in loader:
  File "/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader.py", line 286, in __next__
    return self._process_next_batch(batch)
  File "/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader.py", line 307, in _process_next_batch
    raise batch.exc_type(b
'''),
    dict(id="horovod334-allreduce-stalled-in-epoch-73", kind="not_script",
         source="https://github.com/horovod/horovod/pull/334",
         thread_site="a Horovod PyTorch ImageNet run on 8 ranks that has trained 72 epochs; rank 0 and 6 stop submitting in epoch 73",
         what="DOUBTFUL - the thread (a typo PR's discussion) does not settle the cause; after 72 good epochs two ranks stop reaching the allreduce (a straggler: data, I/O or the node), which no launch setting causes - the launch wiring worked for 72 epochs",
         cluster="delta", script="srun_python.sh",
         log='''Train Epoch     #73:  82% 1027/1252 [36:43<1:25:55, 22.91s/it, loss=0.946, accuracy=77]WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. Stalled ops: allreduce.conv1.weight [ready ranks: 5, 1, 4, 7, 2, 3], allreduce.bn1.weight [ready ranks: 5, 1, 4, 7, 2, 3], allreduce.bn1.bias [ready ranks: 5, 1, 4, 7, 2, 3], allreduce.layer1.0.conv1.weight [ready ranks: 5, 1, 4, 7, 2, 3], allreduce.layer1.0.bn1.weight [ready ranks: 5, 1, 4, 7, 2, 3], allreduce.layer1.0.bn1.bias [ready ranks: 5, 1, 4, 7, 2, 3]
'''),
    dict(id="seine6-diffusers-version-module-init", kind="not_script",
         source="https://github.com/Vchitect/SEINE/issues/6",
         thread_site="SEINE sample script building its model through diffusers' config registration",
         what="the installed diffusers is not the version the code was written for (maintainer's answer; changing the version fixed it): the Python environment's library version, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''Traceback (most recent call last):
  File "C:\\Users\\xxxx\\AppData\\Local\\Packages\\PythonSoftwareFoundation.Python.3.10_qbz5n2kfra8p0\\LocalCache\\local-packages\\Python310\\site-packages\\diffusers\\configuration_utils.py", line 106, in register_to_config
    setattr(self, key, value)
  File "C:\\Users\\xxxx\\AppData\\Local\\Packages\\PythonSoftwareFoundation.Python.3.10_qbz5n2kfra8p0\\LocalCache\\local-packages\\Python310\\site-packages\\torch\\nn\\modules\\module.py", line 1723, in __setattr__
    raise AttributeError(
AttributeError: cannot assign module before Module.__init__() call
'''),
    dict(id="ance17-transformers-missing-tf-model-class", kind="not_script",
         source="https://github.com/microsoft/ANCE/issues/17",
         thread_site="ANCE run_train_warmup.sh (drivers/run_warmup.py) loading a model through transformers 2.3.0",
         what="DOUBTFUL - no answer in the thread; the code loads a checkpoint through transformers, which looks up a model class it does not have (the repository's own model class not registered in the installed transformers): program/library, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''Traceback (most recent call last):
  File "../drivers/run_warmup.py", line 758, in <module>
    main()
  File "../drivers/run_warmup.py", line 733, in main
    config, tokenizer, model, configObj = load_stuff(
  File "../drivers/run_warmup.py", line 312, in load_stuff
    model = configObj.model_class.from_pretrained(
  File "/home/coseven/anaconda3/lib/python3.8/site-packages/transformers-2.3.0-py3.8.egg/transformers/modeling_utils.py", line 432, in from_pretrained
    model = load_tf2_checkpoint_in_pytorch_model(model, resolved_archive_file, allow_missing_keys=True)
  File "/home/coseven/anaconda3/lib/python3.8/site-packages/transformers-2.3.0-py3.8.egg/transformers/modeling_tf_pytorch_utils.py", line 205, in load_tf2_checkpoint_in_pytorch_model
    tf_model_class = getattr(transformers, tf_model_class_name)
AttributeError: module 'transformers' has no attribute 'TFRobertaDot_NLL_LN'
'''),
    dict(id="endoscopy5-load-intermediate-flag-keyerror", kind="script",
         source="https://github.com/lppllppl920/EndoscopyDepthEstimation-Pytorch/issues/5",
         thread_site="the repository's training script run with its --load_intermediate_data option; the dataset looks up crop positions of a sequence in intermediate data shipped in the repository",
         what="DECOY - the maintainer's fix is to drop the --load_intermediate_data option from the training command (a flag on the job script's command line), not a data or program fault; assumed shape - the flag on the srun python line of srun_python.sh. The tool cannot be expected to derive that fix from the log: the acceptable answers are no answer or a hint, never 'not the script'",
         cluster="delta", script="srun_python.sh",
         replace=[["srun python -u train.py --batch-size 256 --epochs 32", "srun python -u train.py --load_intermediate_data --batch-size 256 --epochs 32"]],
         log='''Exception: KeyError:Traceback (most recent call last):
  File "/usr/local/lib/python3.5/dist-packages/torch/utils/data/_utils/worker.py", line 99, in _worker_loop
    samples = collate_fn([dataset[i] for i in batch_indices])
  File "/usr/local/lib/python3.5/dist-packages/torch/utils/data/_utils/worker.py", line 99, in <listcomp>
    samples = collate_fn([dataset[i] for i in batch_indices])
  File "/share/chyh/workspace/EndoscopyDepthEstimation-Pytorch/dataset.py", line 363, in __getitem__
    start_h, end_h, start_w, end_w = self.crop_positions_per_seq[folder]
KeyError: 'example_training_data_root/bag_1/_start_004259_end_004629_stride_25_segment_13'
''', expect={"fix": "(?m)^-srun python -u train.py --load_intermediate_data"}),
]


def main() -> None:
    out, sources = [], {}
    CACHE.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        digest = hashlib.sha256(case["id"].encode()).hexdigest()
        split = "tune" if int(digest, 16) % 2 == 0 else "heldout"
        row = {"id": case["id"], "split": split, **{k: v for k, v in case.items() if k != "id"}}
        row.setdefault("expect", {})
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
