"""Write cases.yaml of the s33not probe (split by sha256(id): even -> tune, odd -> heldout)."""
import hashlib
from pathlib import Path

import yaml

HEAD = """# s33not probe (issue 17, not-script classes): NEW real excerpts of each class the helper s33not
# builds records for, and look-alikes that must stay as they are. Written before any run of the
# new code. Format of bench/reallogs29/cases.yaml; scripts from bench/reallogs/scripts (apptainer_srun_torchrun.sh copied from bench/reallogs28/scripts).
# Sources: find_string ids (the code search shows no repository name) or issue threads.
"""

CASES = [
    # --- NCCL: a topology attribute missing where NCCL reads the node's (or injected) XML topology
    dict(id="nccl1125-clima-busid-of-node-nic-not-found-usb-nic", kind="not_script",
         source="https://github.com/NVIDIA/nccl/issues/1125",
         thread_site="a workstation with 4 GPUs: NCCL cannot initialise on 1 or 2 devices; a NIC on a USB path has no PCI bus id in NCCL's topology; maintainer gives a patch to NCCL's xml.cc",
         what="NCCL's topology detection fails on the node's hardware layout (a NIC that is not a PCI device), fixed by a patch in NCCL; not the launch script; assumed shape - single-node torchrun, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log="clima:810632:810657 [0] NCCL INFO Topology detection: network path /sys/devices/pci0000:2b/0000:2b:08.1/0000:2e:00.3/usb1/1-1/1-1.2/1-1.2:2.0 is not a PCI device (usb). Attaching to first CPU\nclima:810632:810657 [0] graph/xml.h:85 NCCL WARN Attribute busid of node nic not found\n"),
    dict(id="azhpc-health-checks-busid-of-node-nic-not-found", kind="not_script",
         source="find_string:130475619",
         thread_site="Azure HPC node image health checks: NCCL fails with this warning until the site's persistent RDMA NIC naming script is run on the node",
         what="the node's NIC naming (node image configuration) breaks NCCL's topology; fixed on the node by the admins' naming script, not in the job script; assumed shape - srun torchrun on 2 nodes, diagnosed as on Delta",
         cluster="delta", script="srun_torchrun.sh",
         log="elsah100:176:302 [1] NCCL INFO NET/IB : GPU Direct RDMA Enabled for HCA 1 'mlx5_1'\n\nelsah100:176:302 [1] graph/xml.h:85 NCCL WARN Attribute busid of node nic not found\n"),
    dict(id="nccl601-info-attribute-coll-of-node-net-lookalike", kind="not_script",
         source="https://github.com/NVIDIA/nccl/issues/601",
         thread_site="NCCL multi-NIC Ethernet question; the INFO lines are NCCL's normal topology dump",
         what="LOOK-ALIKE: an INFO line of NCCL's normal topology dump (not a failure); the new NCCL record must not read it; assumed shape - srun torchrun on 2 nodes, diagnosed as on Delta",
         cluster="delta", script="srun_torchrun.sh",
         log="gpu23:1513:1528 [2] NCCL INFO Attribute coll of node net not found\ngpu23:1513:1528 [2] NCCL INFO === System : maxWidth 1.2 ===\n"),
    # --- container image file that cannot be mounted (damaged / unsupported squashfs)
    dict(id="nextflow-uppmax-apptainer-bad-superblock-squashfs", kind="not_script",
         source="find_string:37425750748",
         thread_site="a Nextflow pipeline on an HPC cluster (crex project storage): a process fails when apptainer creates the container",
         what="the image file cannot be mounted (damaged pull or compression the node kernel cannot read) - re-pull/rebuild the image, not a launch-script change; assumed shape - apptainer under srun, diagnosed as on Delta",
         cluster="delta", script="apptainer_srun_torchrun.sh",
         log="  FATAL:   container creation failed: mount hook function failure: mount /proc/self/fd/3->/var/apptainer/mnt/session/rootfs error: while mounting image /proc/self/fd/3: kernel reported a bad superblock for squashfs image partition, possible causes are that your kernel doesn't support the compression algorithm or the image is corrupted\n"),
    dict(id="modulefile-deepvariant-singularity-bad-superblock", kind="not_script",
         source="find_string:6275226432",
         thread_site="a site's module build script for a containerised variant caller notes this error of singularity exec",
         what="the image cannot be mounted by the node's kernel (image/site problem); assumed shape - apptainer under srun, diagnosed as on Delta",
         cluster="delta", script="apptainer_srun_torchrun.sh",
         log="FATAL:   container creation failed: mount /proc/self/fd/3->/var/lib/singularity/mnt/session/rootfs error: while mounting image /proc/self/fd/3: kernel reported a bad superblock for squashfs image partition, possible causes are that your kernel doesn't support the compression algorithm or the image is corrupted\n"),
    dict(id="rfdiffusion-aa-sif-lz4-bad-superblock-rebuild", kind="not_script",
         source="find_string:37401899762",
         thread_site="a lab's guide for running a Baker-lab image on its HPC cluster: the image's squashfs compression is not supported there; rebuild the SIF on the cluster",
         what="the image's filesystem cannot be mounted on the site's kernel - rebuild the image, not a launch-script change; assumed shape - apptainer under srun, diagnosed as on Delta",
         cluster="delta", script="apptainer_srun_torchrun.sh",
         log="FATAL: kernel reported a bad superblock for squashfs image partition,possible causes are that your kernel doesn't support the compression algorithm or the image is corrupted.\n"),
    dict(id="singularity-no-loop-devices-lookalike", kind="script",
         source="find_string:36794025986",
         thread_site="notes on running singularity images; no loop device available on the host",
         what="LOOK-ALIKE: a container that cannot be mounted because no loop device is free - the existing record's class; must stay as it was; assumed shape - apptainer under srun, diagnosed as on Delta",
         cluster="delta", script="apptainer_srun_torchrun.sh",
         log="container creation failed: mount /proc/self/fd/3->/usr/local/var/singularity/mnt/session/rootfs error: while mounting image /proc/self/fd/3: failed to find loop device: could not attach image file to loop device: no loop devices available\n"),
    # --- torch DataLoader refuses a combination of its own options (the program's code)
    dict(id="notebook-dataloader-prefetch-factor-zero-workers", kind="not_script",
         source="find_string:71425807432",
         thread_site="a notebook's output cell: the program builds a DataLoader with num_workers=0 and a prefetch_factor",
         what="the program passes DataLoader a prefetch_factor with no worker processes; fixed in the program; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="    269         if num_workers == 0 and prefetch_factor is not None:\n--> 270             raise ValueError(\n\nValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.\n"),
    dict(id="semantic-datamodule-persistent-workers-hardcoded", kind="not_script",
         source="find_string:58220198631",
         thread_site="a patch note: the data module hard-codes persistent_workers=True, so data.num_workers=0 crashes; the patch makes the flag follow the worker count",
         what="the program's data module passes persistent_workers with no workers; fixed in the program; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="ValueError: persistent_workers option needs num_workers > 0\n"),
    dict(id="hydra-dataloader-sampler-with-shuffle", kind="not_script",
         source="find_string:5700145485",
         thread_site="a training library's comment quoting the torch error it hit when its config passed shuffle together with a sampler",
         what="the program gives DataLoader both a sampler and shuffle; fixed in the program/config; assumed shape - single-node torchrun, diagnosed as on Delta",
         cluster="delta", script="torchrun_single.sh",
         log="ValueError: sampler option is mutually exclusive with shuffle\n"),
    dict(id="ddp-launch-line-num-workers-zero-prefetch-lookalike", kind="script",
         source="find_string:56878887068",
         thread_site="notes on a skeleton-action training program: with num_worker 0 the DataLoader refuses prefetch_factor; here the worker count comes from the launch line",
         what="LOOK-ALIKE: the launch line itself sets the worker count to 0 (the script's own value), so the new program record must not claim it; assumed shape - srun python with --num_workers 0, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         replace=[["--epochs 32", "--epochs 32 --num_workers 0"]],
         log="ValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.\n"),
    # --- torch tensor / module API misused by the program
    dict(id="notebook-plot-cuda-tensor-to-numpy", kind="not_script",
         source="find_string:71329078319",
         thread_site="a notebook's traceback: a CUDA tensor handed to numpy (np.asarray) without .cpu()",
         what="the program converts a GPU tensor to numpy; fixed in the program; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="-> 1194             return self.numpy()\n   1195         else:\n   1196             return self.numpy().astype(dtype, copy=False)\n\nTypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.\n"),
    dict(id="genesis-wrapper-cuda-tensor-to-numpy", kind="not_script",
         source="find_string:12088028938",
         thread_site="a robotics environment wrapper's troubleshooting notes: the simulator returns GPU tensors, the wrapper converts them",
         what="the program converts a GPU tensor to numpy; fixed in the program; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="TypeError: can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.\n"),
    dict(id="libero-act-wrapper-module-before-init", kind="not_script",
         source="find_string:46345872883",
         thread_site="a project's notes on porting a policy: a wrapper class assigned a submodule before calling nn.Module.__init__",
         what="the program's class assigns a module before Module.__init__; fixed in the program; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="AttributeError: cannot assign module before Module.__init__() call\n"),
    dict(id="aip-h100-attention-viz-numpy-requires-grad", kind="not_script",
         source="find_string:56147278415",
         thread_site="a project's Slurm job ledger (1 H100 node): the attention-visualisation stage failed after the first outputs; fix: a @torch.no_grad() decorator",
         what="the program converts a tensor that requires grad to numpy; fixed in the program; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.\n"),
    # --- the CUDA driver reports an unknown error (node driver / GPU state)
    dict(id="tf-session-cuinit-unknown-kernel-driver-not-running", kind="not_script",
         source="find_string:35402291942",
         thread_site="a host (DataLX01) whose NVIDIA kernel driver is not loaded: TensorFlow's cuInit fails",
         what="the node's driver is not running - node state for the admins; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="2018-04-20 22:28:17.493627: E tensorflow/stream_executor/cuda/cuda_driver.cc:406] failed call to cuInit: CUDA_ERROR_UNKNOWN\n2018-04-20 22:28:17.493738: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:145] kernel driver does not appear to be running on this host (DataLX01): /proc/driver/nvidia/version does not exist\n"),
    dict(id="gym-crawling-robot-device-attribute-cuda-error-unknown", kind="not_script",
         source="find_string:28534912025",
         thread_site="a project README: this TensorFlow abort is cured by updating the NVIDIA driver",
         what="the node's driver - fixed by a driver update, not the job script; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="2022-05-26 00:28:32.360589: F tensorflow/stream_executor/lib/statusor.cc:34] Attempting to fetch value instead of handling error Internal: failed to get device attribute 13 for device 0: CUDA_ERROR_UNKNOWN: unknown error\n"),
    dict(id="tf-gpu-cuinit-unknown-nvidia-uvm-reload", kind="not_script",
         source="find_string:27311091592",
         thread_site="a user's notes: cured by reloading the nvidia_uvm kernel module (and enabling the driver's suspend/resume services)",
         what="the node's driver module state (nvidia_uvm) - an admin fix, not the job script; assumed shape - srun python, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="1. Error encountered: failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error\n"),
    dict(id="container-without-gpu-cuinit-unknown-lookalike", kind="script",
         source="find_string:4118767040",
         thread_site="TensorFlow run inside a container that was started without the GPU (the container has no NVIDIA driver)",
         what="LOOK-ALIKE: the container is started without the GPU flag - the script's fault (apptainer exec without --nv); the new hardware record must not claim it; assumed shape - apptainer exec without --nv under srun, diagnosed as on Delta",
         cluster="delta", script="apptainer_srun_torchrun.sh",
         replace=[["apptainer exec --nv --bind", "apptainer exec --bind"]],
         log="2020-06-01 16:16:58.387976: E tensorflow/stream_executor/cuda/cuda_driver.cc:318] failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error\n2020-06-01 16:16:58.388120: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:156] kernel driver does not appear to be running on this host (a668c372cb86): /proc/driver/nvidia/version does not exist\n"),
]


def main() -> None:
    out = []
    for case in CASES:
        split = "tune" if int(hashlib.sha256(case["id"].encode()).hexdigest(), 16) % 2 == 0 else "heldout"
        row = {"id": case["id"], "split": split}
        row.update({k: v for k, v in case.items() if k != "id"})
        row.setdefault("expect", {})
        out.append(row)
    text = HEAD + yaml.safe_dump({"schema": 1, "cases": out}, sort_keys=False, allow_unicode=True, width=200)
    Path(__file__).with_name("cases.yaml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
