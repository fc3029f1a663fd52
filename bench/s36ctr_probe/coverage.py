# ruff: noqa: E501  (fixture lines are the libraries' messages quoted whole)
"""Coverage table: container-runtime fixture messages through diagnose_log.

Apptainer texts from github:apptainer/apptainer at 917d66577963ca297352a22e13c86f1748ddc645
(internal/pkg/runtime/launch/launcher_linux.go, pkg/util/loop/loop.go, cmd/internal/cli/,
internal/pkg/runtime/engine/apptainer/container_linux.go); Shifter / podman-hpc / pyxis texts as
their users quote them. Run: PYTHONPATH=$PWD python bench/s36ctr_probe/coverage.py
"""
import sys
from pathlib import Path

sys.path.insert(0, '.')
from maple_flow.cli.repair import diagnose_log

S = 'bench/reallogs28/scripts/'
APP = (S + 'apptainer_srun_torchrun.sh', 'delta')
SHI = (S + 'perlmutter_shifter.sh', 'perlmutter')
PYX = (S + 'srun_pyxis.sh', 'delta')
FIX = [
 ('app-open-missing', APP, "FATAL:   could not open image /u/x/pytorch_24.04.sif: failed to retrieve path for /u/x/pytorch_24.04.sif: lstat /u/x/pytorch_24.04.sif: no such file or directory"),
 ('app-open-format', APP, "FATAL:   could not open image /u/x/pytorch_24.04.sif: image format not recognized"),
 ('app-loop', APP, "FATAL:   container creation failed: mount /proc/self/fd/3->/usr/local/var/apptainer/mnt/session/rootfs error: while mounting image /proc/self/fd/3: failed to find loop device: no loop devices available"),
 ('app-squashfs-io', APP, "FATAL:   container creation failed: mount /proc/self/fd/3->/var/apptainer/mnt/session/rootfs error: while mounting image /proc/self/fd/3: failed to mount squashfs filesystem: input/output error"),
 ('app-bind-src', APP, "FATAL:   container creation failed: mount /scratch->/scratch error: while mounting /scratch: mount source /scratch doesn't exist"),
 ('app-bind-dest', APP, "FATAL:   container creation failed: mount /work/data->/data error: while mounting /work/data: destination /data doesn't exist in container"),
 ('app-session', APP, "FATAL:   failed to resolve session directory /var/apptainer/mnt/session: lstat /var/apptainer: no such file or directory"),
 ('app-nv-none', APP, "WARNING: Could not find any nv files on this host!"),
 ('app-nv-libs', APP, "INFO:    Could not find any nv libraries on this host!\nRuntimeError: Found no NVIDIA driver on your system."),
 ('app-userns', APP, "FATAL:   while extracting /u/x/pytorch_24.04.sif: root filesystem extraction failed: extract command failed: ERROR  : Failed to create user namespace: user namespace disabled"),
 ('app-userns-max', APP, "ERROR  : Failed to create user namespace: maximum number of user namespaces exceeded, check /proc/sys/user/max_user_namespaces"),
 ('app-fakeroot', APP, "FATAL:   --fakeroot requires either being in /etc/subuid, unprivileged user namespaces, or the fakeroot command"),
 ('app-exec-notfound', APP, "FATAL:   \"torchrun\": executable file not found in $PATH"),
 ('app-cmd-notfound', APP, "/var/spool/slurmd/job123/slurm_script: line 12: apptainer: command not found"),
 ('sing-cmd-notfound', APP, "srun: error: gpub001: task 0: Exited with exit code 127\nslurmstepd: error: execve(): singularity: No such file or directory"),
 ('app-underlay-warn', APP, "WARNING: underlay of /etc/localtime required more than 50 (81) bind mounts\nWARNING: underlay of /usr/bin/nvidia-smi required more than 50 (452) bind mounts"),
 ('app-env-warn', APP, "WARNING: Environment variable SINGULARITYENV_PYTHONPATH is set, but APPTAINERENV_PYTHONPATH is preferred"),
 ('app-nvccli', APP, "FATAL:   container creation failed: while running nvidia-container-cli: nvidia-container-cli: initialization error: nvml error: driver not loaded"),
 ('app-ext3', APP, "ERROR:   File \"/u/x/old.img\" is an ext3 format container image.\nERROR:   Only SIF and squashfs images can be extracted in unprivileged mode."),
 ('app-home', APP, "FATAL:   container creation failed: mount /u/x->/u/x error: while mounting /u/x: destination /u/x doesn't exist in container"),
 ('app-cachedir', APP, "FATAL:   Unable to handle docker://nvcr.io/nvidia/pytorch:24.04-py3 uri: failed to get checksum for docker://nvcr.io/nvidia/pytorch:24.04-py3: error pinging docker registry nvcr.io: Get \"https://nvcr.io/v2/\": dial tcp: lookup nvcr.io: no such host"),
 ('shifter-img', SHI, "shifter: ERROR: Failed to lookup image nersc/pytorch:24.06.01\nsrun: error: nid001: task 0: Exited with exit code 1"),
 ('shifter-imgid', SHI, "image nersc/pytorch:24.06.01 is not available\nFailed to lookup Image"),
 ('shifter-nomodule-nccl', SHI, "NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v6 symbol.\nNCCL INFO NET/Socket : Using [0]hsn0:10.100.0.1<0>"),
 ('podman-migrate', SHI, "Error: nersc/pytorch:24.06.01: image not known"),
 ('podman-shortname', SHI, "Error: short-name \"pytorch:latest\" did not resolve to an alias and no unqualified-search registries are defined in \"/etc/containers/registries.conf\""),
 ('pyxis-unrec', PYX, "srun: unrecognized option '--container-image=nvcr.io#nvidia/pytorch:24.01-py3'"),
 ('pyxis-import-401', PYX, "pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.01-py3\nslurmstepd: error: pyxis: child 123 failed with error code: 1\nslurmstepd: error: pyxis: failed to import docker image\nslurmstepd: error: pyxis: printing enroot log file:\nslurmstepd: error: pyxis:     [ERROR] URL https://nvcr.io/proxy_auth?scope=repository:nvidia/pytorch:pull returned error code: 401 Unauthorized"),
 ('pyxis-sqsh-missing', PYX, "slurmstepd: error: pyxis:     [ERROR] No such file or directory: /lustre/u/images/pytorch.sqsh\nslurmstepd: error: pyxis: failed to import docker image"),
 ('enroot-mount', PYX, "slurmstepd: error: pyxis:     enroot-mount: failed to mount: /lustre/data at /tmp/enroot-data/user-1000/pyxis_123/data: No such file or directory\nslurmstepd: error: pyxis: couldn't start container"),
 ('pyxis-start', PYX, "slurmstepd: error: pyxis: container start failed with error code: 1\nslurmstepd: error: spank: required plugin spank_pyxis.so: task_init() failed with rc=-1"),
 ('pyxis-space', PYX, "slurmstepd: error: pyxis:     [ERROR] Command not found: mksquashfs\nslurmstepd: error: pyxis: failed to import docker image"),
]
for k, (sp, cl), log in FIX:
    d = diagnose_log(Path(sp).read_text(), log + "\n", cl, None, False)
    diags = [f"{x['record_id']}/{x['method'][:3]}/{x.get('verdict','-')}" for x in d.get('diagnoses', [])][:2]
    p = d.get('proposed')
    print(f"{k:22} {d.get('verdict')!s:14} fix={p['record_id'] if p else '-':32} {diags}")
