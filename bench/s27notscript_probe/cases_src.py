# ruff: noqa: E501, F821
# Case list for make_cases.py (exec'd there; `case` is defined by make_cases.py). s27notscript probe:
# NEW real failures that are NOT the launch script's (fabric, file system, site, GPU, the program's
# own exception or memory, data, hang after many good collectives), gathered with the tool
# library's issue search; every line is the user's posted text (a title line where the excerpt
# cut the message, said in `thread_site`).

case(
    id='ucx2684-orion-rc-verbs-transport-retry-counter-exceeded',
    kind='not_script',
    source='https://github.com/openucx/ucx/issues/2684',
    thread_site='Mellanox MTT run on the orion cluster (15 nodes, RoCE, mpirun with UCX pml); an MPICH collective test dies with a UCX FATAL send-completion error on clx-orion-097; not reproduced in 50 later iterations, the team notes no ROCE configuration changed',
    what='the fabric dropped the transport (the HCA retried a send until its retry counter ran out): a network / link fault of the nodes, transient; not the launch script; assumed shape - the Anvil srun MPI job',
    cluster='anvil',
    script='srun_mpi_app.sh',
    log='''
Tue Jun 12 18:14:48 2018[1,15]<stderr>:[clx-orion-097:26451:0:26451] rc_verbs_iface.c:63   FATAL: send completion with error: transport retry counter exceeded
''',
)

case(
    id='nengo913-sharcnet-decoder-cache-stale-file-handle',
    kind='not_script',
    source='https://github.com/nengo/nengo/issues/913',
    thread_site='many nengo jobs on SHARCNET crashed half an hour in; the program stats a file of its decoder cache in the home file system and the NFS server answers with a stale handle (another job removed it); the site epilogue follows',
    what='a shared (NFS) file system error on a file of the program\'s own cache, raced by concurrent jobs: a file-system / program-cache problem, not the launch script; assumed shape - the Delta srun python job',
    cluster='delta',
    script='srun_python.sh',
    log='''
Traceback (most recent call last):
  File "/home/jgosmann/Documents/projects/n-back/models/nback3.py", line 226, in <module>
    sim = nengo.Simulator(model)
  File "/home/jgosmann/.virtualenvs/n-back/lib/python2.7/site-packages/nengo-2.0.0_dev-py2.7.egg/nengo/simulator.py", line 113, in __init__
    self.model.decoder_cache.shrink()
  File "/home/jgosmann/.virtualenvs/n-back/lib/python2.7/site-packages/nengo-2.0.0_dev-py2.7.egg/nengo/cache.py", line 155, in shrink
    stat = safe_stat(path)
  File "/home/jgosmann/.virtualenvs/n-back/lib/python2.7/site-packages/nengo-2.0.0_dev-py2.7.egg/nengo/cache.py", line 23, in safe_stat
    return os.stat(path)
OSError: [Errno 116] Stale file handle: '/home/jgosmann/.cache/nengo/decoders/00/19de1d82bc7f5fb5d28561bec9328558539f59.nco'
--- SharcNET Job Epilogue ---
              job id: 11695269
         exit status: 1
            cpu time: 226s / 16.0h (0 %)
        elapsed time: 1838s / 16.0h (3 %)
''',
)

case(
    id='gemmaker233-back-queue-job-cancelled-due-to-preemption',
    kind='not_script',
    source='https://github.com/SystemsGenetics/GEMmaker/issues/233',
    thread_site='a university cluster\'s back (scavenger) queue; the scheduler preempts the job for another user\'s; the project documents retrying',
    what='the site preempted the job (a policy of the partition): resubmit or use a non-preemptible partition; nothing in the script failed; assumed shape - the Delta srun python job',
    cluster='delta',
    script='srun_python.sh',
    log='''
slurmstepd: error: *** JOB 32391783 ON cn119 CANCELLED AT 2021-06-18T13:05:36 DUE TO PREEMPTION ***
''',
)

case(
    id='openrlhf621-ray-ppo-mlx5-completion-error-at-epoch-end',
    kind='not_script',
    source='https://github.com/OpenRLHF/OpenRLHF/issues/621',
    thread_site='multi-node PPO with Ray and vLLM; at the end of a training epoch a worker dies, the mlx5 driver reports a completion with error and NCCL reports that a remote process exited or the network failed',
    what='a worker died (the raylet names OOM kill or a crash as candidates) and the InfiniBand completion failed: a fabric fault or the program\'s own worker death, seen after training ran; not the launch script; assumed shape - the Delta Ray-in-Slurm job',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. RayTask ID: fffffffffffffffff274c61d686e9942cf058dcc11000000 Worker ID: d893621a96e2f86610a449412008b6be271a3f20fb114a86dc99951c Node ID: 8440b94a47cd6aec9329c5f1a1ac0cc7ea3b7fe6586ac18245731034 Worker IP address: 172.19.24.110 Worker port: 10185 Worker PID: 90738 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.
(RayWorkerWrapper pid=92234, ip=172.19.24.110) mlx5: host_unknown: got completion with error: [repeated 2x across cluster]
(RayWorkerWrapper pid=92234, ip=172.19.24.110) [rank1]:[E1224 13:23:05.483840160 ProcessGroupNCCL.cpp:542] [Rank 12] Collective WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=778567680, NumelOut=778567680, Timeout(ms)=1800000) raised the following async exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5
''',
)

case(
    id='gencad24-ccip-trainer-cuda-oom-in-validation-after-5-epochs',
    kind='not_script',
    source='https://github.com/ferdous-alam/GenCAD/issues/24',
    thread_site='the GenCAD CCIP trainer runs 5 epochs, then runs out of GPU memory when its validation step starts (traceback from the description; its final line is the issue title, the excerpt cut the message)',
    what='the program\'s own validation step needs more GPU memory than training (batch / no_grad in its code): the program\'s memory use, not the launch script; assumed shape - the Delta srun python job',
    cluster='delta',
    script='srun_python.sh',
    log='''
Traceback (most recent call last):
  File "/media/collabgear/SSD-M2-1TB/PycharmProjects/GenCAD/GenCAD/train_gencad.py", line 187, in <module>
    train_model(args.model, args)
  File "/media/collabgear/SSD-M2-1TB/PycharmProjects/GenCAD/GenCAD/train_gencad.py", line 108, in train_model
    ccip_trainer.train(train_loader=train_loader, val_loader=val_loader, ckpt=args.ckpt_path)
  File "/media/collabgear/SSD-M2-1TB/PycharmProjects/GenCAD/GenCAD/trainer/ccip_trainer.py", line 164, in train
    val_loss = self.val_one_epoch(val_loader)
  File "/media/collabgear/SSD-M2-1TB/PycharmProjects/GenCAD/GenCAD/trainer/ccip_trainer.py", line 77, in val_one_epoch
    loss = self.model(batch_cad, batch_image, return_loss=True, freeze_cad_encoder=True)
  File "/home/collabgear/miniconda3/envs/gencad_env/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1751, in _wrapped_call_impl
    return self._call_impl(*args, **kwargs)
torch.OutOfMemoryError: CUDA out of memory
''',
)

case(
    id='nnunet1784-preprocessed-pkl-input-output-error',
    kind='not_script',
    source='https://github.com/MIC-DKFZ/nnUNet/issues/1784',
    thread_site='nnU-Net training on a workstation mount (/media/project); the data loader\'s reads of preprocessed case files fail with EIO on several files',
    what='the storage returned input/output errors on the program\'s preprocessed data files (a failing disk or mount): file-system / storage, not the launch script; assumed shape - the Delta srun python job',
    cluster='delta',
    script='srun_python.sh',
    log='''
    with open(file, mode) as f:
OSError: [Errno 5] Input/output error: '/media/project/nnUNet/nnUNet_preprocessed/Dataset002_CCTA_3D/nnUNetPlans_3d_fullres/L0550_RCA_sagital.pkl'
OSError: [Errno 5] Input/output error: '/media/project/nnUNet/nnUNet_preprocessed/Dataset002_CCTA_3D/nnUNetPlans_3d_fullres/FA1791_LAD_axial.pkl'
OSError: [Errno 5] Input/output error: '/media/project/nnUNet/nnUNet_preprocessed/Dataset002_CCTA_3D/nnUNetPlans_3d_fullres/FA2766_RCA_2_axial.pkl'
OSError: [Errno 5] Input/output error: '/media/project/nnUNet/nnUNet_preprocessed/Dataset002_CCTA_3D/nnUNetPlans_3d_fullres/D0195_RCA_axial.pkl'
Traceback (most recent call last):
  File "/home/nicvi/anaconda3/envs/nnUNet/lib/python3.10/site-packages/batchgenerators/dataloading/nondet_multi_threaded_augmenter.py", line 53, in producer
    item = next(data_loader)
  File "/home/nicvi/anaconda3/envs/nnUNet/lib/python3.10/site-packages/batchgenerators/dataloading/data_loader.py", line 126, in __next__
    return self.generate_train_batch()
  File "/home/nicvi/nnUNet/nnunetv2/training/dataloading/data_loader_3d.py", line 19, in generate_train_batch
    data, seg, properties = self._data.load_case(i)
  File "/home/nicvi/nnUNet/nnunetv2/training/dataloading/nnunet_dataset.py", line 86, in load_case
    data = np.load(entry['data_file'][:-4] + ".npy", 'r')
''',
)

case(
    id='bench2drive25-vad-dataloader-keyerror-old-data-version',
    kind='not_script',
    source='https://github.com/Thinklab-SJTU/Bench2DriveZoo/issues/25',
    thread_site='training VAD from Bench2DriveZoo; a DataLoader worker fails looking up a town name in the map info; the maintainer answers that the data is of an old version (route names changed)',
    what='the program\'s data set does not match the program (an old data version): data, not the launch script; assumed shape - the Delta srun torchrun job',
    cluster='delta',
    script='srun_torchrun.sh',
    log='''
KeyError: Caught KeyError in DataLoader worker process 4.
Original Traceback (most recent call last):
  File "/usr/local/lib/python3.8/dist-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop
    data = fetcher.fetch(index)
  File "/usr/local/lib/python3.8/dist-packages/torch/utils/data/_utils/fetch.py", line 58, in fetch
    data = [self.dataset[idx] for idx in possibly_batched_index]
  File "/usr/local/lib/python3.8/dist-packages/torch/utils/data/_utils/fetch.py", line 58, in <listcomp>
    data = [self.dataset[idx] for idx in possibly_batched_index]
  File "/nvme_17t/project/e2e/mmcv/datasets/B2D_vad_dataset.py", line 361, in __getitem__
    data = self.prepare_train_data(idx)
  File "/nvme_17t/project/e2e/mmcv/datasets/B2D_vad_dataset.py", line 92, in prepare_train_data
    gt_labels,gt_bboxes = self.get_map_info(index)
  File "/nvme_17t/project/e2e/mmcv/datasets/B2D_vad_dataset.py", line 253, in get_map_info
    map_info = self.map_infos[town_name]
KeyError: 'Junction'
''',
)

case(
    id='openrlhf624-reinforce-watchdog-timeout-after-17284-collectives',
    kind='not_script',
    source='https://github.com/OpenRLHF/OpenRLHF/issues/624',
    thread_site='multi-node REINFORCE training with Ray; at the make-experience stage the reference model\'s all-gather times out after two hours, with 17,283 collectives already completed',
    what='a hang after many good collectives (one rank stopped taking part: the program\'s stage or a stalled peer): not the launch script; assumed shape - the Delta Ray-in-Slurm job',
    cluster='delta',
    script='ray_slurm.sh',
    log='''
(ReferenceModelRayActor pid=5823, ip=10.164.227.153) [rank0]:[E1225 12:58:32.712922209 ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=17284, OpType=_ALLGATHER_BASE, NumelIn=415236096, NumelOut=1245708288, Timeout(ms)=7200000) ran for 7200031 milliseconds before timing out. [repeated 14x across cluster]
(ReferenceModelRayActor pid=5823, ip=10.164.227.153) [rank0]:[E1225 12:58:32.713134032 ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank 0] Exception (either an error or timeout) detected by watchdog at work: 17284, last enqueued NCCL work: 17290, last completed NCCL work: 17283. [repeated 14x across cluster]
''',
)

case(
    id='pytorch74235-rtx4090-xid109-ctx-switch-timeout-unspecified-launch-failure',
    kind='not_script',
    source='https://github.com/pytorch/pytorch/issues/74235',
    thread_site='training on an RTX 4090 fails at random, 20 minutes to 20 hours in, with CUDA "unspecified launch failure" (the issue title) and dmesg shows an Xid 109; the poster later suspects pinned memory',
    what='a GPU fault reported by the driver (Xid, context-switch timeout) after a long good run: GPU / driver (or the program\'s pinned-memory use), not the launch script; assumed shape - the Delta srun python job',
    cluster='delta',
    script='srun_python.sh',
    log='''
RuntimeError: CUDA error: unspecified launch failure
NVRM: Xid (PCI:0000:01:00): 109, pid=4124, name=python, Ch 00000028, errorString CTX SWITCH TIMEOUT, Info 0x2c014
''',
)

case(
    id='soperator2058-srun-spank-plugin-dlopen-missing',
    kind='not_script',
    source='https://github.com/nebius/soperator/pull/2058',
    thread_site='a Slurm-on-Kubernetes cluster (soperator); the node\'s plugstack.conf names SPANK plugins that are not in the node\'s plugin folder, so every srun prints this; fixed by the operator (link the plugin files into the image)',
    what='the site\'s Slurm configuration loads a plugin the node lacks: a site installation problem, nothing the job script can change; assumed shape - the Delta pyxis srun job',
    cluster='delta',
    script='srun_pyxis.sh',
    log='''
srun: error: plugin_load_from_file: dlopen(spanknccldebug.so): spanknccldebug.so: cannot open shared object file: No such file or directory
''',
)

case(
    id='pysot55-siammask-model-builder-typeerror-nonetype',
    kind='not_script',
    source='https://github.com/STVIR/pysot/issues/55',
    thread_site='training SiamMask with pysot under python -m torch.distributed.launch; the model builder adds a mask loss that is None for this config (the traceback\'s final line is completed from the issue title, the excerpt cut it)',
    what='an exception in the program\'s own model code (its config and loss do not agree): the program, not the launch script; assumed shape - the Delta single-node torchrun job',
    cluster='delta',
    script='torchrun_single.sh',
    log='''
Traceback (most recent call last):
  File "../../tools/train.py", line 316, in <module>
    main()
  File "../../tools/train.py", line 311, in main
    train(train_loader, dist_model, optimizer, lr_scheduler, tb_writer)
  File "../../tools/train.py", line 211, in train
    outputs = model(data)
  File "/data/anaconda3/envs/tang0.4.1/lib/python3.7/site-packages/torch/nn/modules/module.py", line 477, in __call__
    result = self.forward(*input, **kwargs)
  File "/data/anaconda3/envs/tang0.4.1/lib/python3.7/site-packages/pysot/utils/distributed.py", line 43, in forward
    return self.module(*args, **kwargs)
  File "/data/anaconda3/envs/tang0.4.1/lib/python3.7/site-packages/pysot/models/model_builder.py", line 113, in forward
    outputs['total_loss'] += cfg.TRAIN.MASK_WEIGHT * mask_loss
TypeError: unsupported operand type(s) for *: 'int' and 'NoneType'
''',
)

case(
    id='transferablememory1-adaptive-model-nonetype-getitem',
    kind='not_script',
    source='https://github.com/thuml/transferable-memory/issues/1',
    thread_site='training the transferable-memory model (run.py); the adaptive model indexes a teacher output that is None',
    what='an exception in the program\'s own model code (a teacher memory not loaded): the program, not the launch script; assumed shape - the Delta srun python job',
    cluster='delta',
    script='srun_python.sh',
    log='''
Traceback (most recent call last):
  File "run.py", line 199, in <module>
    train_wrapper(model)
  File "run.py", line 129, in train_wrapper
    trainer.train(model, ims, real_input_flag, args, itr)
  File "/home/dongwei/Desktop/transferable-memory-master/core/trainer.py", line 12, in train
    cost = model.train(ims, real_input_flag, itr)
  File "/home/dongwei/Desktop/transferable-memory-master/core/models/model_factory.py", line 52, in train
    next_frames, _ = self.network(frames_tensor, mask_tensor)
  File "/home/dongwei/.local/lib/python2.7/site-packages/torch/nn/modules/module.py", line 493, in __call__
    result = self.forward(*input, **kwargs)
  File "/home/dongwei/Desktop/transferable-memory-master/core/models/adaptive_model.py", line 78, in forward
    l2_loss += self.mse_criterion(c_s_1, c_teacher1[t]) + self.mse_criterion(c_s_2, c_teacher2[t])
TypeError: 'NoneType' object has no attribute '__getitem__'
''',
)
