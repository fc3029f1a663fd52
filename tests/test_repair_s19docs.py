"""Messages the ALCF user guides publish with their fix (issue 17, s19-repairdocs): harmless
PMIx dstore lines and the XALT preload warning, a node that went down during a job, builds
killed by the login nodes' per-user limits, a missing HPSS keytab, vLLM's ModelConfig
validation (none of them the script's), and three settings the guides give for a message -
ZES_ENABLE_SYSMAN=1 for the SYCL free-memory query, XLA_FLAGS for JAX's "no kernel image" on
Polaris, mpiexec --no-vni for DAOS's NA_HOSTUNREACH. Each log is the guide's text (page named
in templates/failures/s19_docs.yaml); the scripts are users' shapes with their own names."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log

AURORA = ("#!/bin/bash -l\n#PBS -l select=4\n#PBS -l walltime=00:30:00\n"
          "#PBS -l filesystems=flare:daos_user_fs\n#PBS -A Catalysis\n#PBS -q prod\n"
          "cd $PBS_O_WORKDIR\nmodule load frameworks\nRANKS=$(( $(wc -l < $PBS_NODEFILE) * 12 ))\n"
          "mpiexec -n $RANKS -ppn 12 --cpu-bind list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:"
          "61-68:69-76:77-84:85-92:93-100 gpu_tile_compact.sh ./bin/solver input.toml\n")
POLARIS = ("#!/bin/bash\n#PBS -l select=1:system=polaris\n#PBS -l walltime=0:20:00\n"
           "#PBS -l filesystems=home:eagle\n#PBS -q debug\n#PBS -A Dynamo\n"
           "cd ${PBS_O_WORKDIR}\nmodule use /soft/modulefiles; module load conda; conda activate\n"
           "mpiexec -n 4 --ppn 4 --depth=8 --cpu-bind depth python3 fit.py --steps 1000\n")


def _answer(log: str, cluster: str, script: str) -> dict[str, Any]:
    return diagnose_log(script, log, cluster, None, False)


def _advice_only(log: str, record: str, cluster: str, script: str) -> None:
    data = _answer(log, cluster, script)
    assert data["proposed"] is None, data["proposed"]
    first = data["diagnoses"][0]
    assert (first["record_id"], first["verdict"]) == (record, "not_script"), first


def _fix(log: str, record: str, cluster: str, script: str) -> str:
    data = _answer(log, cluster, script)
    assert data["proposed"] is not None, data.get("why_none")
    assert data["proposed"]["record_id"] == record, data["proposed"]
    return str(data["proposed"]["diff"])


@pytest.mark.parametrize("cluster,script", [("aurora", AURORA), ("polaris", POLARIS)])
def test_pmix_dstore_lines_are_harmless(cluster: str, script: str) -> None:
    log = ("PMIX ERROR: PMIX_ERR_NOT_FOUND in file dstore_base.c at line 1567\n"
           "PMIX ERROR: PMIX_ERROR in file dstore_base.c at line 2334\n")
    _advice_only(log, "pmix-dstore-messages-harmless", cluster, script)


def test_a_node_lost_during_the_job_is_hardware() -> None:
    log = ("ping failed on x4616c0s4b0n0: Application 047a3c9f-fb41-4595-a2ad-4a4d0ec1b6c1 "
           "not found\n")
    _advice_only(log, "pals-node-down-during-job", "aurora", AURORA)


@pytest.mark.parametrize("log", [
    "nvcc error   : 'cudafe++' died due to signal 9 (Kill signal)\n",
    "g++-12: fatal error: Killed signal terminated program cc1plus\n",
])
def test_a_build_killed_on_the_login_node_is_not_the_script(log: str) -> None:
    _advice_only(log, "login-node-limit-killed-build", "polaris", POLARIS)


def test_the_xalt_preload_warning_is_harmless() -> None:
    log = ("ERROR: ld.so: object '/soft/xalt/3.0.2-202408282050/lib64/libxalt_init.so' from "
           "LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored.\n")
    _advice_only(log, "xalt-preload-warning-harmless", "polaris",
                 POLARIS.replace("python3 fit.py", "apptainer exec --nv img.sif python3 fit.py"))


def test_a_missing_hpss_keytab_is_an_account_matter() -> None:
    log = ("*** HSI: (KEYTAB auth method) - keytab file missing or inaccessible: /\n"
           " home/username/.hpss/.ktb_username\n Error - authentication/initialization failed\n")
    _advice_only(log, "hpss-keytab-missing", "polaris", POLARIS)


def test_vllm_model_config_validation_is_the_library() -> None:
    script = AURORA.replace("gpu_tile_compact.sh ./bin/solver input.toml",
                            "vllm serve Qwen/Qwen2.5-7B-Instruct -tp 2")
    _advice_only("validation error for ModelConfig\n", "vllm-model-config-validation",
                 "aurora", script)


def test_the_sycl_free_memory_query_gets_sysman() -> None:
    log = ("x1921c1s4b0n0.hostmgmt2000.cm.americas.sgi.com 0: The device does not have the "
           "ext_intel_free_memory aspect -33 (PI_ERROR_INVALID_DEVICE)\n")
    diff = _fix(log, "sycl-free-memory-query-needs-sysman", "aurora", AURORA)
    assert "+export ZES_ENABLE_SYSMAN=1" in diff
    # the export goes above the user's own launch line, found by the parser
    lines = diff.splitlines()
    added = next(i for i, line in enumerate(lines) if line == "+export ZES_ENABLE_SYSMAN=1")
    assert "mpiexec" in lines[added + 1]


def test_jax_no_kernel_image_on_polaris_gets_the_xla_flag() -> None:
    log = ("jaxlib.xla_extension.XlaRuntimeError: UNKNOWN: no kernel image is available for "
           "execution on the device\n")
    diff = _fix(log, "jax-xla-no-kernel-image-polaris", "polaris", POLARIS)
    assert "+export XLA_FLAGS=--xla_gpu_force_compilation_parallelism=1" in diff


def test_a_cuda_no_kernel_image_is_not_the_jax_flag() -> None:
    log = "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
    data = _answer(log, "polaris", POLARIS)
    assert all(d["record_id"] != "jax-xla-no-kernel-image-polaris" for d in data["diagnoses"])
    proposed = data["proposed"]
    assert proposed is None or "XLA_FLAGS" not in proposed["diff"]


def test_daos_host_unreachable_adds_no_vni_to_the_users_mpiexec() -> None:
    log = "hg_core_send_input_cb() NA callback returned error (NA_HOSTUNREACH)\n"
    diff = _fix(log, "daos-na-hostunreach-vni", "aurora", AURORA)
    assert any(line.startswith("+mpiexec --no-vni -n $RANKS") for line in diff.splitlines()), diff
