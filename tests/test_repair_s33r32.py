"""Records and op of helper s33r32 (issue 17, templates/failures/s33_r32.yaml): Cray PMI's
stale-secret refusal (PMI_SHARED_SECRET cleared; the no-IP-address look-alike untouched), a
container option on the batch header moved to srun (patch_container_header.py; without it the
plugin failure stays not-script), AlphaFold's Triton attention on an old GPU (xla), and the
not-script offline datasets cache, mmCIF database and uenv image permission records."""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_container_header import container_option_to_srun
from maple_flow.repair.patch_indented import unindent_directives
from maple_flow.repair.patch_sqfs import squashfs_mount_image_flag
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
HEADER_ENV = SRUN_PY.replace("#SBATCH --nodes=1",
                             "#SBATCH --nodes=1\n#SBATCH --environment=ngc.toml")
SLINGSHOT = (
    "srun: error: plugin_load_from_file: dlopen(/usr/lib64/slurm/switch_hpe_slingshot.so): "
    "libjson-c.so.3: cannot open shared object file: No such file or directory\n"
    "srun: error: Couldn't load specified plugin name for switch/hpe_slingshot: Dlopen of "
    "plugin file failed\nsrun: fatal: Can't find plugin for switch/hpe_slingshot\n")


def _record(result: dict) -> str | None:
    proposed = result["proposed"]
    return proposed["record_id"] if proposed else None


def test_pmi_refusal_clears_the_shared_secret() -> None:
    result = diagnose_log(SRUN_PY, "[unset]:_pmi_set_af_in_use:PMI ERROR\n", "perlmutter",
                          None, False)
    assert _record(result) == "cray-pmi-stale-shared-secret"
    assert "export PMI_SHARED_SECRET=" in _diff(result)


def test_pmi_refusal_for_want_of_an_address_gets_no_secret_fix() -> None:
    log = "[PE_0]:_pmi_set_af_in_use:PMI ERROR: Unable to obtain IP address information on nid1\n"
    result = diagnose_log(SRUN_PY, log, "perlmutter", None, False)
    assert "PMI_SHARED_SECRET" not in _diff(result)


def test_container_option_moves_from_header_to_srun() -> None:
    result = diagnose_log(HEADER_ENV, SLINGSHOT, "perlmutter", None, False)
    assert _record(result) == "container-option-on-batch-header"
    diff = _diff(result)
    assert "-#SBATCH --environment=ngc.toml" in diff
    assert "+srun --environment=ngc.toml python" in diff


def test_plugin_failure_without_header_container_stays_not_script() -> None:
    result = diagnose_log(SRUN_PY, SLINGSHOT, "perlmutter", None, False)
    assert result["proposed"] is None


def test_container_option_to_srun_refuses_without_header_option() -> None:
    with pytest.raises(FixNotApplicable):
        container_option_to_srun(SRUN_PY)


def test_triton_attention_on_old_gpu_runs_xla() -> None:
    script = SRUN_PY.replace("srun python -u train.py --batch-size 256 --epochs 32",
                             "srun python run_alphafold.py --json_path=in.json "
                             "--flash_attention_implementation=triton")
    log = "ValueError: implementation='triton' is unsupported on this GPU generation.\n"
    result = diagnose_log(script, log, "bridges2", None, False)
    assert _record(result) == "alphafold-triton-attention-unsupported-gpu"
    assert "--flash_attention_implementation=xla" in _diff(result)


@pytest.mark.parametrize(("log", "record"), [
    ("ValueError: Couldn't find cache for cais/mmlu for config 'abstract_algebra'\n",
     "hf-datasets-offline-cache-config-missing"),
    ("Failed to get mmCIF for 1abc (author chain A).\n", "alphafold-template-mmcif-unreadable"),
    ("error: invalid squashfs mount /s/u/.uenv-images/images/ab/store.squashfs:/user-environment"
     " - invalid squashfs /user-environment (Permission denied)\n", "uenv-image-permission-denied"),
])
def test_not_script_records_give_advice_only(log: str, record: str) -> None:
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == record


JSV = "Unable to run job: Rejected by ucl_jsv4h Reason:Unable to determine job requirements.\n"
NO_PART = ("sbatch: error: Batch job submission failed: No partition specified or system "
           "default partition\n")


def _indented(script: str) -> str:
    return "\n".join("  " + line if line.startswith("#SBATCH") else line
                     for line in script.splitlines()) + "\n"


@pytest.mark.parametrize("log", [JSV, NO_PART])
def test_indented_directives_are_written_at_line_start(log: str) -> None:
    script = _indented(SRUN_PY.replace("#SBATCH --nodes=1", "#SBATCH -p RM\n#SBATCH --nodes=1"))
    result = diagnose_log(script, log, "bridges2", None, False)
    assert _record(result) == "indented-directives-not-read"
    assert "+#SBATCH -p RM" in _diff(result)


def test_directives_at_line_start_keep_other_records() -> None:
    result = diagnose_log(SRUN_PY, NO_PART, "bridges2", None, False)
    assert _record(result) != "indented-directives-not-read"


def test_unindent_refuses_a_script_without_indented_directives() -> None:
    with pytest.raises(FixNotApplicable):
        unindent_directives(SRUN_PY)


def test_binary_of_another_mpi_asks_for_its_module() -> None:
    result = diagnose_log(SRUN_PY, "Program not started through mpirun. Exiting...\n",
                          "bridges2", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == "mpi-program-not-started-by-its-mpirun"
    assert result["diagnoses"][0].get("needs")


@pytest.mark.parametrize("option", ["--uenv=pytorch/v2.6.0:v1", "--environment=ngc.toml"])
def test_other_site_environment_option_is_not_dropped(option: str) -> None:
    script = SRUN_PY.replace("srun python", f"srun {option} python")
    result = diagnose_log(script, f"srun: unrecognized option '{option}'\n", "perlmutter",
                          None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == "container-plugin-option-of-another-site"


def test_old_squashfs_mount_form_gets_the_image_flag() -> None:
    script = SRUN_PY.replace(
        "srun python -u train.py --batch-size 256 --epochs 32",
        "IMG=$PWD/venv.squashfs\nsquashfs-mount $IMG:/user-environment -- bash -c 'srun app'")
    log = "error: unable to exec '/s/venv.squashfs:/user-environment': No such file or directory\n"
    result = diagnose_log(script, log, "perlmutter", None, False)
    assert _record(result) == "squashfs-mount-old-image-form"
    assert "+squashfs-mount -s $IMG:/user-environment --" in _diff(result)


def test_squashfs_mount_with_the_flag_is_refused() -> None:
    with pytest.raises(FixNotApplicable):
        squashfs_mount_image_flag("squashfs-mount -s img.sqfs:/user-environment -- true\n")


def test_uenv_tool_refusal_without_squashfs_mount_is_not_script() -> None:
    script = SRUN_PY.replace("srun python", "uenv run pytorch/v2.6.0:v1 -- srun python")
    log = "error: unable to exec '/c/.uenv-images/images/61d1.squashfs:/user-environment'\n"
    result = diagnose_log(script, log, "deltaai", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == "uenv-tool-incompatible-squashfs-mount"


def test_crlf_script_bash_invalid_option_gets_unix_line_endings() -> None:
    script = SRUN_PY.replace("#!/bin/bash\n", "#!/bin/bash -l\r\n")
    result = diagnose_log(script, "/bin/bash: - : invalid option\n", "delta", None, False)
    assert _record(result) == "script-crlf-bash-invalid-option"
    assert "+#!/bin/bash -l\n" in _diff(result) + "\n"


def test_bash_invalid_option_without_crlf_gets_no_line_ending_fix() -> None:
    result = diagnose_log(SRUN_PY, "/bin/bash: - : invalid option\n", "delta", None, False)
    assert _record(result) != "script-crlf-bash-invalid-option"


def test_qlogic_mpirun_in_openmpi_environment_loads_openmpi() -> None:
    script = SRUN_PY.replace("srun python", "module load mpi/qlogic/1.2.7/gnu\nmpirun python")
    result = diagnose_log(script, "ssh: Unsupported option - -x\n", "bridges2", None, False)
    assert _record(result) == "qlogic-mpirun-in-openmpi-environment"
    assert "+module load openmpi" in _diff(result)


@pytest.mark.parametrize(("log", "record"), [
    ("Failed to add the RSA host key for IP address '10.1.1.1' to the list of known hosts "
     "(/home/u/.ssh/known_hosts)\n", "ssh-known-hosts-not-writable-warning"),
    ("Unable to run job: JSV stderr: perl: warning: Setting locale failed.\n",
     "submit-filter-locale-from-client"),
])
def test_client_and_ssh_warnings_are_not_script(log: str, record: str) -> None:
    result = diagnose_log(SRUN_PY, log, "bridges2", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == record


JAX_NO_GPU = ("RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are "
              "instances of gpu are present. Platforms present are: cpu\n")


def test_jax_without_gpu_in_container_without_nv_gets_the_flag() -> None:
    script = SRUN_PY.replace("srun python", "srun singularity exec af3.sif python")
    result = diagnose_log(script, JAX_NO_GPU, "delta", None, False)
    assert _record(result) == "jax-no-gpu-platform-container-without-nv"
    assert "singularity exec --nv af3.sif" in _diff(result)


def test_jax_without_gpu_in_job_asking_none_asks_gpus() -> None:
    script = SRUN_PY.replace("#SBATCH --gpus-per-node=4\n", "")
    result = diagnose_log(script, JAX_NO_GPU, "delta", None, False)
    assert _record(result) == "jax-no-gpu-platform-no-gpu-request"


def test_jax_without_gpu_in_job_asking_gpus_is_the_environment() -> None:
    result = diagnose_log(SRUN_PY, JAX_NO_GPU, "delta", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == "jax-no-gpu-platform-environment"


def test_cray_pmi_port_in_use_is_the_launchers() -> None:
    log = ("[PE_0]:inet_listen_socket_setup:inet_setup_listen_socket: bind failed port 1371 "
           "listen_sock = 3 Address already in use\n"
           "[PE_0]:_pmi_inet_listen_socket_setup:socket setup failed\n")
    result = diagnose_log(SRUN_PY, log, "perlmutter", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == "cray-pmi-control-port-in-use"


def test_c10d_ipv6_warning_gets_no_port_edit() -> None:
    log = ("[W socket.cpp:697] [c10d] The client socket cannot be initialized to connect to "
           "[frontier00123.frontier.olcf.ornl.gov]:3442 (errno: 97 - Address family not "
           "supported by protocol).\n")
    result = diagnose_log(SRUN_PY, log, "perlmutter", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == "c10d-ipv6-client-socket-warning"


@pytest.mark.parametrize(("log", "record"), [
    ("unable to read root page from file:sizeStorer.wt: WT_ERROR: non-specific WiredTiger "
     "error\n", "application-database-unreadable"),
    ("unix:///tmp/cryosparc-supervisor-64106.sock refused connection (already shut down?)\n",
     "cryosparc-stale-supervisor-socket"),
])
def test_application_state_failures_are_not_script(log: str, record: str) -> None:
    result = diagnose_log(SRUN_PY, log, "delta", None, False)
    assert result["proposed"] is None
    assert result["diagnoses"][0]["record_id"] == record
