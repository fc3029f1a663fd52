"""A job reaching the internet or a model hub from a compute node (s36hub,
templates/failures/hub_s36.yaml and the records it extends): on a site whose compute nodes go
out only through its proxy (ALCF Polaris, Aurora) the proxy is exported above the job's first
download; on a site without one a non-Hub download is advice; the Hub's refusals (access not
granted, a server error), a TLS-intercepting network, a refused proxy and a cache that lacks
a file with offline mode already on are not the script's; a local server's refused connection
gets no proxy."""

from __future__ import annotations

from typing import Any

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.patch_download_env import export_before_download, first_download

POLARIS = """#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n ${NNODES} --ppn 1 torchrun --nnodes=${NNODES} --nproc_per_node=4 train.py
"""
SLURM = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python -u train.py
"""
PIP = ("WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) "
       "after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection."
       "HTTPSConnection object at 0x7f3b2c>: Failed to establish a new connection: [Errno 101] "
       "Network is unreachable')': /simple/deepspeed/\n")
HUB = ("OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't "
       "find it in the cached files and it looks like gpt2 is not the path to a directory "
       "containing a file named config.json.\n")
HUB_DNS = ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='huggingface.co', "
           "port=443): Max retries exceeded with url: /api/datasets/imdb (Caused by "
           "NameResolutionError(\"<urllib3.connection.HTTPSConnection object at 0x7f>: Failed to "
           "resolve 'huggingface.co' ([Errno -3] Temporary failure in name resolution)\"))\n"
           "socket.gaierror: [Errno -3] Temporary failure in name resolution\n")
LOCAL = ("urllib3.exceptions.MaxRetryError: HTTPConnectionPool(host='localhost', port=8097): Max "
         "retries exceeded with url: /env/main (Caused by NewConnectionError('<urllib3.connection"
         ".HTTPConnection object at 0x7f57>: Failed to establish a new connection: [Errno 111] "
         "Connection refused',))\n")


def _diag(script: str, log: str, cluster: str) -> tuple[dict[str, Any], str]:
    data = diagnose_log(script, log, cluster, None, False)
    first = data["diagnoses"][0] if data["diagnoses"] else {}
    return data, f"{first.get('record_id')}/{first.get('verdict')}"


def test_first_download_finds_installs_clones_and_fetches() -> None:
    text = "#!/bin/bash\n# pip install x\nmodule load conda\npython -m pip install -r r.txt\n"
    assert first_download(text) == 3
    assert first_download("cd x && git clone https://github.com/a/b\n") == 0
    assert first_download("srun python train.py\necho pip\n") is None


def test_export_before_download_goes_above_the_first_download() -> None:
    text = "#!/bin/bash\nmodule load conda\npip install --user x\nsrun python train.py\n"
    out = export_before_download(text, "https_proxy", "http://proxy.example:3128")
    assert out.splitlines()[2] == "export https_proxy=http://proxy.example:3128"
    assert out.splitlines()[3] == "pip install --user x"


def test_export_before_download_without_a_download_goes_above_the_launch() -> None:
    text = "#!/bin/bash\nmodule load conda\nsrun python train.py\n"
    out = export_before_download(text, "https_proxy", "http://proxy.example:3128")
    assert out.splitlines()[-2] == "export https_proxy=http://proxy.example:3128"


@pytest.mark.parametrize("log", [PIP, HUB, HUB_DNS])
@pytest.mark.parametrize("cluster", ["polaris", "aurora"])
def test_proxy_site_exports_its_proxy_above_the_download(log: str, cluster: str) -> None:
    script = POLARIS.replace("conda activate\n", "conda activate\npip install --user deepspeed\n")
    data, first = _diag(script, log, cluster)
    assert first == "compute-node-internet-through-site-proxy/script"
    diff = data["proposed"]["diff"]
    assert "+export https_proxy=http://proxy.alcf.anl.gov:3128" in diff
    after = diff.splitlines()
    assert after.index("+export https_proxy=http://proxy.alcf.anl.gov:3128") < next(
        i for i, ln in enumerate(after) if "pip install" in ln)


def test_proxy_already_set_is_not_proposed_again() -> None:
    script = POLARIS.replace("cd ${PBS_O_WORKDIR}\n", "cd ${PBS_O_WORKDIR}\n"
                             "export https_proxy=http://proxy.alcf.anl.gov:3128\n")
    _, first = _diag(script, PIP, "polaris")
    assert not first.startswith("compute-node-internet-through-site-proxy")


def test_site_without_proxy_gives_advice_for_pip_and_offline_for_the_hub() -> None:
    data, first = _diag(SLURM, PIP, "delta")
    assert first == "compute-node-without-internet-download/not_script"
    assert data["proposed"] is None
    data, first = _diag(SLURM, HUB_DNS, "delta")
    assert first == "hf-hub-unreachable/script"
    assert "HF_HUB_OFFLINE" in data["proposed"]["diff"]


@pytest.mark.parametrize("cluster", ["polaris", "delta"])
def test_local_server_refused_gets_no_proxy_or_offline_fix(cluster: str) -> None:
    data, first = _diag(POLARIS if cluster == "polaris" else SLURM, LOCAL, cluster)
    assert data["proposed"] is None
    assert not first.startswith(("compute-node-", "hf-hub-unreachable"))


@pytest.mark.parametrize(("log", "record"), [
    ("huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the "
     "disk cache and outgoing traffic has been disabled. To enable hf.co look-ups and downloads "
     "online, set 'local_files_only' to False.\n", "hf-offline-file-not-cached"),
    ("huggingface_hub.errors.GatedRepoError: 403 Client Error.\n\nCannot access gated repo for "
     "url https://huggingface.co/meta-llama/Llama-2-7b-hf/resolve/main/config.json.\nAccess to "
     "model meta-llama/Llama-2-7b-hf is restricted and you are not in the authorized list.\n",
     "hf-hub-access-not-granted"),
    ("huggingface_hub.errors.HfHubHTTPError: 503 Server Error: Service Temporarily Unavailable "
     "for url: https://huggingface.co/api/models/gpt2\n", "hf-hub-server-error"),
    ("(Caused by SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] "
     "certificate verify failed: self signed certificate in certificate chain (_ssl.c:1007)')))\n",
     "tls-certificate-intercepted"),
    ("requests.exceptions.ProxyError: HTTPSConnectionPool(host='huggingface.co', port=443): Max "
     "retries exceeded with url: /api/models/gpt2 (Caused by ProxyError('Cannot connect to "
     "proxy.', NewConnectionError('x: Failed to establish a new connection: [Errno 111] "
     "Connection refused')))\n", "http-proxy-refused"),
])
def test_hub_and_network_refusals_are_not_the_script(log: str, record: str) -> None:
    data, first = _diag(POLARIS, log, "polaris")
    assert first == f"{record}/not_script"
    assert data["proposed"] is None


def test_gated_repo_without_a_token_still_asks_for_it() -> None:
    log = ("huggingface_hub.errors.GatedRepoError: 401 Client Error. (Request ID: Root=1-66f4b037)"
           " Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.2-1B/"
           "resolve/main/config.json.\n")
    _, first = _diag(SLURM, log, "delta")
    assert first == "hf-authentication/script"
