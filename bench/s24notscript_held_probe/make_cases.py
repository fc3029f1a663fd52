# ruff: noqa: E501
"""Write cases.yaml of the s24notscript HELD-OUT probe: new public logs of the classes the
s24notscript fix reads (a file cut short by its own structure, ranks falling behind in a
collective after many good steps), gathered AFTER the fix was written (commit 3626362c) and
labelled before any run, to see whether the readings transfer; plus one decoy (a data file of
the wrong format where a commenter points at the training command's arguments).

Each log is text the user posted in the public thread of `source`, read through the tool
library's issue search (its excerpt is cached under /work/cache/s24notscript_held_probe/<id>.txt with
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
CACHE = Path("/work/cache/s24notscript_held_probe")

CASES = [
    dict(id="neuralenhance60-bz2-model-pickle-cut-short", kind="not_script",
         source="https://github.com/alexjc/neural-enhance/issues/60",
         thread_site="neural-enhance's enhance.py loading its trained model from a downloaded .pkl.bz2 file",
         what="the bz2-compressed model file ends before its end-of-stream marker: a download cut short, the data, not the launch script (the thread was closed without a stated fix; the message itself says the file is incomplete)",
         cluster="delta", script="srun_python.sh",
         log='''Enhancing 1 image(s) specified on the command-line.
  - Loaded file `ne1x-small-0.2.pkl.bz2` with trained model.
Traceback (most recent call last):
  File "enhance.py", line 590, in <module>
    enhancer = NeuralEnhancer(loader=False)
  File "enhance.py", line 490, in __init__
    self.model = Model()
  File "enhance.py", line 278, in __init__
    config, params = self.load_model()
  File "enhance.py", line 415, in load_model
    return pickle.load(bz2.open(filename, 'rb'))
  File "/usr/lib/python3.4/bz2.py", line 275, in peek
    if not self._fill_buffer():
  File "/usr/lib/python3.4/bz2.py", line 203, in _fill_buffer
    raise EOFError("Compressed file ended before the "
EOFError: Compressed file ended before the end-of-stream marker was reached
'''),
    dict(id="hfdatasets3060-openwebtext-archive-ended-early", kind="not_script",
         source="https://github.com/huggingface/datasets/issues/3060",
         thread_site="a training program's data set creation through datasets.load_dataset('openwebtext') (download and prepare)",
         what="DOUBTFUL - a downloaded archive of the data set ends before its end-of-stream marker (a download cut short or a bad mirror); the data set's download, not the launch script; the final line is as the user quotes it in the description (the excerpt's traceback is cut)",
         cluster="delta", script="srun_python.sh",
         log='''File "/home/rschaef/CoCoSci-Language-Distillation/distillation_v2/ratchet_learning/tasks/base.py", line 37, in create_dataset
    dataset_str,
  File "/home/rschaef/CoCoSci-Language-Distillation/cocosci/lib/python3.6/site-packages/datasets/load.py", line 1117, in load_dataset
    use_auth_token=use_auth_token,
  File "/home/rschaef/CoCoSci-Language-Distillation/cocosci/lib/python3.6/site-packages/datasets/builder.py", line 637, in download_and_prepare
    dl_manager=dl_manager, verify_infos=verify_infos, **download_and_prepare_kwargs
  File "/home/rschaef/CoCoSci-Language-Distillation/cocosci/lib/python3.6/site-packages/datasets/builder.py", line 704, in _download_and_prepare
    split_generators = self._split_generators(dl_manager, **split_generators_kwargs)
EOFError: Compressed file ended before the end-of-stream marker was reached
'''),
    dict(id="niftynet148-inference-subject-image-cut-short", kind="not_script",
         source="https://github.com/NifTK/NiftyNet/issues/148",
         thread_site="NiftyNet segmentation inference over a folder of 66 compressed images; two are segmented, then the run stops",
         what="one of the compressed input images ends before its end-of-stream marker (an incomplete image file): the data, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''Number of subjects 66, input section names: ['subject_id', 'Brain']
-- using all subjects (without data partitioning).
EOFError: Compressed file ended before the end-of-stream marker was reached
'''),
    dict(id="pnet10-smoothed-subject-file-not-compressed-well", kind="not_script",
         source="https://github.com/MLDataAnalytics/pNet/issues/10",
         thread_site="pNet group FN computation over 786 subjects on a cluster (CBICA); reading HCP-YA subjects in bootstrap folders",
         what="the subjects' smoothed files were written incompletely (the reporter redid the smoothing step and this error went away): the data, not the launch script",
         cluster="delta", script="srun_python.sh",
         log='''EOFError: Compressed file ended before the end-of-stream marker was reached
'''),
    dict(id="dfine75-gloo-and-nccl-timeouts-at-epoch-72", kind="not_script",
         source="https://github.com/Peterande/D-FINE/issues/75",
         thread_site="D-FINE training under torchrun that fails at the start of epoch 72 (thread title)",
         what="DOUBTFUL - no resolution in the thread; a collective times out after 71 epochs and 40 million collectives (SeqNum): the launch and transport worked; a rank fell behind (data, an evaluation step, a node), not the launch script",
         cluster="delta", script="torchrun_single.sh",
         log='''RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:133] Timed out waiting 1800000ms for send operation to completeRuntimeError
: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for recv operation to complete
    work.wait()
RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for recv operation to complete
[rank0]:[E1112 23:34:28.613510957 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=40402014, OpType=_ALLGATHER_BASE, NumelIn=513, NumelOut=2052, Timeout(ms)=1800000) ran for 1800046 milliseconds before timing out.
[rank0]:[E1112 23:34:28.617797496 ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank 0] Exception (either an error or timeout) detected by watchdog at work: 40402014, last enqueued NCCL work: 40402014, last completed NCCL work: 40402013.
W1112 23:34:29.122000 2366719 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2366797 closing signal SIGTERM
W1112 23:34:29.125000 2366719 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2366798 closing signal SIGTERM
'''),
    dict(id="horovod1442-stalled-ranks-after-step-20999", kind="not_script",
         source="https://github.com/horovod/horovod/issues/1442",
         thread_site="a Horovod (mpirun) BERT pre-training run that hangs intermittently after about 21,000 steps (labelled bug)",
         what="ranks stop joining the allreduce after 20,999 good steps (an intermittent hang the maintainers took as a bug): not the launch script, which worked for 21,000 steps",
         cluster="delta", script="srun_python.sh",
         log='''INFO:root:[step 20999]  mlm_loss=1.41707  nsp_loss= 0.02   throughput=16.2K tks/s  lr=0.0008969 time=13229.62, latency=13229.6 ms/batch
INFO:root:[step 20999]  mlm_loss=1.40945  nsp_loss= 0.02   throughput=16.2K tks/s  lr=0.0008969 time=13229.59, latency=13229.6 ms/batch
INFO:root:[step 20999]  mlm_loss=1.41457  nsp_loss= 0.02   throughput=16.2K tks/s  lr=0.0008969 time=13229.62, latency=13229.6 ms/batch
[1,0]<stderr>:[2019-10-09 05:33:38.249493: W horovod/common/stall_inspector.cc:105] One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remaind
er of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock.
[1,0]<stderr>:Stalled ranks:
'''),
    dict(id="horovod457-metric-allreduce-stalled-128-nodes", kind="not_script",
         source="https://github.com/horovod/horovod/issues/457",
         thread_site="a Keras Horovod run on 128 TACC nodes; the reporter says the stall happens after validation in the 2nd or 3rd epoch (prose, not in the log lines)",
         what="DOUBTFUL - ranks miss the metric-averaging allreduce after validation (different ranks in different code paths after some epochs): the program, not the launch script; the log lines alone show no progress, so an honest tool may not know",
         cluster="delta", script="srun_python.sh",
         log='''MetricAverageCallback/HorovodAllreduce_MetricAverageCallback_acc_0 [missing ranks: 0, 1, 3, 4]
MetricAverageCallback/HorovodAllreduce_MetricAverageCallback_acc_0 [missing ranks: 0, 1, 3, 4]
MetricAverageCallback/HorovodAllreduce_MetricAverageCallback_acc_0 [missing ranks: 0, 1, 4]
MetricAverageCallback/HorovodAllreduce_MetricAverageCallback_acc_0 [missing ranks: 0, 1, 4]
'''),
    dict(id="dncnn10-h5-file-signature-train-needs-preprocess-args", kind="script",
         source="https://github.com/SaoYan/DnCNN-PyTorch/issues/10",
         thread_site="DnCNN-PyTorch train.py opening train.h5 in its data set; a commenter says train must be run with the command-line arguments of the README (the data preparation step)",
         what="DECOY, DOUBTFUL - the .h5 file is not an HDF5 file (file signature not found), and a commenter points at the training command's arguments (a line of the job script); no fix is derivable from the log, so the acceptable answers are no answer or a hint, never a damaged-file reading; assumed shape - the srun python line of srun_python.sh",
         cluster="delta", script="srun_python.sh",
         log='''  File "h5py\\_objects.pyx", line 54, in h5py._objects.with_phil.wrapper
  File "h5py\\_objects.pyx", line 55, in h5py._objects.with_phil.wrapper
  File "h5py\\h5f.pyx", line 106, in h5py.h5f.open
OSError: Unable to open file (file signature not found)
''', expect={"fix": "(?m)^\\+srun python -u train.py --preprocess"}),
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
