"""The hub / internet-access message catalogue of helper s36hub as run.py cases (catalogue_cases.yaml).

Messages as the libraries print them, read from their sources:
  HFH  huggingface/huggingface_hub@ee0a4510f4bc15e26cb722be2efc2bdb01383ca0:
       src/huggingface_hub/file_download.py (LocalEntryNotFoundError texts),
       src/huggingface_hub/utils/_http.py (offline mode, GatedRepo, RepoNotFound, 403 texts);
  urllib3/requests/pip/wandb/torch.hub: their exception reprs as printed in tracebacks.
Each is set in a base script and labelled: fix (the site's proxy on ALCF Polaris/Aurora, whose
compute nodes reach the internet only through proxy.alcf.anl.gov:3128; offline mode elsewhere),
ask (a token or key only the user has) or not-script (the hub, the user's access, a library).
Run: python bench/s36hub_probe/make_catalogue.py, then bench/reallogs/run.py --cases
bench/s36hub_probe/catalogue_cases.yaml.
"""
# ruff: noqa: E501
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
HFH = "huggingface/huggingface_hub@ee0a4510 "
POL = {"cluster": "polaris", "script": "pbs_polaris_torchrun.sh"}
AUR = {"cluster": "aurora", "script": "pbs_aurora_mpiexec.sh"}
DEL = {"cluster": "delta", "script": "srun_python.sh"}
PROXY = {"families": ["environment", "network"], "fix": r"(?m)^\+\s*export\s+https_proxy=\S*proxy\.alcf\.anl\.gov:3128"}
OFFLINE = {"families": ["environment", "user"], "fix": r"(?m)^\+.*(HF_HUB_OFFLINE|TRANSFORMERS_OFFLINE)=1"}
WANDB_OFF = {"families": ["environment", "user"], "fix": r"(?m)^\+.*WANDB_MODE=(offline|disabled)"}

NOCONN_HF = ("requests.exceptions.ConnectionError: (MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /bert-base-uncased/resolve/main/config.json "
             "(Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f2a1c>: Failed to establish a new connection: [Errno 101] Network is unreachable'))\"), '(Request ID: 4f1d)')\n"
             "OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached files and it looks like bert-base-uncased is not the path to a directory containing a file named config.json.\n")
PIP = ("WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f3b2c>: Failed to establish a new connection: [Errno 101] Network is unreachable')': /simple/deepspeed/\n"
       "ERROR: Could not find a version that satisfies the requirement deepspeed (from versions: none)\nERROR: No matching distribution found for deepspeed\n")
TORCHHUB = ("Downloading: \"https://download.pytorch.org/models/resnet50-0676ba61.pth\" to /home/alice/.cache/torch/hub/checkpoints/resnet50-0676ba61.pth\n"
            "urllib.error.URLError: <urlopen error [Errno -3] Temporary failure in name resolution>\n")
DNS_HF = ("socket.gaierror: [Errno -3] Temporary failure in name resolution\n"
          "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /api/datasets/imdb (Caused by NameResolutionError(\"<urllib3.connection.HTTPSConnection object at 0x7f>: Failed to resolve 'huggingface.co' ([Errno -3] Temporary failure in name resolution)\"))\n")
WANDB_NET = "wandb: Network error (ConnectTimeout), entering retry loop.\n"
WANDB_INIT = "wandb.errors.CommError: Run initialization has timed out after 90.0 sec. \nPlease refer to the documentation for additional information: https://docs.wandb.ai/guides/track/tracking-faq#initstarterror-error-communicating-with-wandb-process-\n"

CASES: list[tuple[str, str, dict, str, str, dict]] = [
    # id, class, base, source, log, expect  (expect {} = not-script)
    ("hfh-couldnt-connect-polaris", "hub unreachable, ALCF", POL, "HFH utils/_http.py + transformers", NOCONN_HF, PROXY),
    ("hfh-couldnt-connect-aurora", "hub unreachable, ALCF", AUR, "HFH", NOCONN_HF, PROXY),
    ("hfh-couldnt-connect-delta", "hub unreachable, no proxy site", DEL, "HFH", NOCONN_HF, OFFLINE),
    ("hfh-locate-file-polaris", "hub unreachable, ALCF", POL, HFH + "file_download.py",
     "huggingface_hub.errors.LocalEntryNotFoundError: An error happened while trying to locate the file on the Hub and we cannot find the requested files in the local cache. Please check your connection and try again or make sure your Internet connection is on.\n", PROXY),
    ("hfh-dns-datasets-aurora", "hub DNS, ALCF", AUR, "urllib3", DNS_HF, PROXY),
    ("hfh-dns-datasets-delta", "hub DNS, no proxy site", DEL, "urllib3", DNS_HF, OFFLINE),
    ("hfh-offline-not-cached", "offline set, file not cached", DEL, HFH + "file_download.py",
     "huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache and outgoing traffic has been disabled. To enable hf.co look-ups and downloads online, set 'local_files_only' to False.\n", {}),
    ("hfh-offline-mode-enabled", "offline set, listing asked", DEL, HFH + "utils/_http.py",
     "huggingface_hub.errors.OfflineModeIsEnabled: Cannot reach https://huggingface.co/api/models/meta-llama/Llama-3.1-8B/revision/main: offline mode is enabled. To disable it, please unset the `HF_HUB_OFFLINE` environment variable.\n", {}),
    ("hfh-gated-403", "gated, no access", DEL, HFH + "utils/_http.py",
     "huggingface_hub.errors.GatedRepoError: 403 Client Error. (Request ID: Root=1-66)\n\nCannot access gated repo for url https://huggingface.co/meta-llama/Llama-2-7b-hf/resolve/main/config.json.\nAccess to model meta-llama/Llama-2-7b-hf is restricted and you are not in the authorized list. Visit https://huggingface.co/meta-llama/Llama-2-7b-hf to ask for access.\n", {}),
    ("hfh-repo-not-found", "repo id / private", DEL, HFH + "utils/_http.py",
     "huggingface_hub.errors.RepositoryNotFoundError: 401 Client Error. (Request ID: Root=1-67)\n\nRepository Not Found for url: https://huggingface.co/alice/my-llama/resolve/main/config.json.\nPlease make sure you specified the correct `repo_id` and `repo_type`.\nIf you are trying to access a private or gated repo, make sure you are authenticated and your token has the required permissions.\n", {}),
    ("hfh-403-token-perms", "token permissions", DEL, HFH + "utils/_http.py",
     "huggingface_hub.errors.HfHubHTTPError: (Request ID: Root=1-68)\n\n403 Forbidden: Please enable access to public gated repositories in your fine-grained token settings to view this repository..\nCannot access content at: https://huggingface.co/meta-llama/Llama-3.2-1B/resolve/main/config.json.\nMake sure your token has the correct permissions.\n", {}),
    ("pip-unreachable-polaris", "pip from compute node, ALCF", POL, "pip", PIP, PROXY),
    ("pip-unreachable-aurora", "pip from compute node, ALCF", AUR, "pip", PIP, PROXY),
    ("pip-unreachable-delta", "pip from compute node, no proxy site", DEL, "pip", PIP, {}),
    ("torchhub-dns-polaris", "torch.hub download, ALCF", POL, "torch/hub.py", TORCHHUB, PROXY),
    ("torchhub-dns-delta", "torch.hub download, no proxy site", DEL, "torch/hub.py", TORCHHUB, {}),
    ("wandb-net-polaris", "wandb unreachable, ALCF", POL, "wandb", WANDB_NET, {"families": ["environment", "user", "network"], "fix": r"(?m)^\+\s*export\s+(https_proxy=\S*proxy\.alcf\.anl\.gov:3128|WANDB_MODE=offline)"}),
    ("wandb-net-delta", "wandb unreachable", DEL, "wandb", WANDB_NET, WANDB_OFF),
    ("wandb-init-timeout-delta", "wandb init timed out", DEL, "wandb", WANDB_INIT, WANDB_OFF),
    ("wandb-nokey-delta", "wandb key missing", DEL, "wandb",
     "wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])\n", WANDB_OFF),
    ("proxy-error-polaris", "proxy refused", POL, "urllib3",
     "requests.exceptions.ProxyError: HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /api/models/gpt2 (Caused by ProxyError('Cannot connect to proxy.', NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno 111] Connection refused')))\n", {}),
    ("ssl-cert-delta", "TLS interception", DEL, "urllib3",
     "requests.exceptions.SSLError: (MaxRetryError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /gpt2/resolve/main/config.json (Caused by SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self signed certificate in certificate chain (_ssl.c:1007)')))\"), '(Request ID: 9e)')\n", {}),
    ("hub-5xx", "hub down", DEL, HFH + "utils/_http.py",
     "huggingface_hub.errors.HfHubHTTPError: 503 Server Error: Service Temporarily Unavailable for url: https://huggingface.co/api/models/gpt2\n", {}),
]


def main() -> None:
    cases = []
    for cid, what, base, source, log, expect in CASES:
        kind = "script" if expect else "not_script"
        cases.append({"id": cid, "split": "tune", "kind": kind, "source": "catalogue:" + source,
                      "thread_site": "catalogue fixture", "what": what, **base, "log": log, "expect": expect})
    (HERE / "catalogue_cases.yaml").write_text(yaml.safe_dump({"schema": 1, "cases": cases}, sort_keys=False, width=200))


if __name__ == "__main__":
    main()
