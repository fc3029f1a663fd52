"""Site facts the repair answers need (s38facts): ALCF's documented ``no_proxy`` beside its
proxy (profile ``network.no_proxy``, set by the proxy fix of hub_s36.yaml)."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair.resolve_proxy import site_no_proxy
from maple_flow.repair.safety import env_allowed

POLARIS = """#!/bin/bash -l
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
pip install --user deepspeed
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n ${NNODES} --ppn 1 torchrun --nnodes=${NNODES} --nproc_per_node=4 train.py
"""
PIP = ("WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) "
       "after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection."
       "HTTPSConnection object at 0x7f3b2c>: Failed to establish a new connection: [Errno 101] "
       "Network is unreachable')': /simple/deepspeed/\n")
NO_PROXY = ("admin,polaris-adminvm-01,localhost,*.cm.polaris.alcf.anl.gov,polaris-*,"
            "*.polaris.alcf.anl.gov,*.alcf.anl.gov")


@pytest.mark.parametrize("cluster", ["polaris", "aurora"])
def test_alcf_profiles_carry_the_documented_no_proxy(cluster: str) -> None:
    profile = get_profile(cluster)
    assert profile.network.no_proxy == NO_PROXY
    keys = {s.key: s for s in profile.sources}
    login = keys[f"ALCF-{cluster.upper()}-LOGIN"]
    assert login.snapshot and login.key in profile.network.sources


@pytest.mark.parametrize("cluster", ["perlmutter", "delta", "vista"])
def test_sites_without_a_proxy_document_no_no_proxy(cluster: str) -> None:
    profile = get_profile(cluster)
    assert not profile.network.no_proxy
    with pytest.raises(ValueError):
        site_no_proxy(POLARIS, profile)


def test_no_proxy_may_be_set_by_a_fix() -> None:
    assert env_allowed("no_proxy")


@pytest.mark.parametrize("cluster", ["polaris", "aurora"])
def test_proxy_fix_keeps_the_site_hosts_out_of_the_proxy(cluster: str) -> None:
    data = diagnose_log(POLARIS, PIP, cluster, None, False)
    assert data["proposed"]["record_id"] == "compute-node-internet-through-site-proxy"
    diff = data["proposed"]["diff"].splitlines()
    line = f"+export no_proxy='{NO_PROXY}'"
    assert line in diff
    assert diff.index(line) < next(i for i, x in enumerate(diff) if "pip install" in x)


def test_the_scripts_own_no_proxy_is_kept() -> None:
    script = POLARIS.replace("conda activate\n", "conda activate\nexport no_proxy=localhost\n")
    data = diagnose_log(script, PIP, "polaris", None, False)
    diff = data["proposed"]["diff"]
    assert "+export https_proxy=http://proxy.alcf.anl.gov:3128" in diff
    assert "no_proxy" not in "".join(x for x in diff.splitlines() if x.startswith(("+", "-"))
                                     and not x.startswith(("+++", "---")))


HUB_WARNING = ("'[Errno 101] Network is unreachable' thrown while requesting HEAD "
               "https://huggingface.co/gpt2/resolve/main/config.json\n")


def test_hub_retry_warning_on_a_proxy_site_sets_the_proxy() -> None:
    data = diagnose_log(POLARIS, HUB_WARNING, "polaris", None, False)
    assert data["proposed"]["record_id"] == "compute-node-internet-through-site-proxy"
    assert "+export https_proxy=http://proxy.alcf.anl.gov:3128" in data["proposed"]["diff"]


def test_hub_retry_warning_elsewhere_is_the_hub_offline_record() -> None:
    script = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\nsrun python -u train.py\n"
    data = diagnose_log(script, HUB_WARNING, "delta", None, False)
    assert data["diagnoses"][0]["record_id"] == "hf-hub-unreachable"


PM_CONDA = """#!/bin/bash
#SBATCH -A m0000_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
module load conda
conda activate myenv
srun python train.py
"""
NO_NET = "nid001234:12345:12400 [1] net.cc:626 NCCL WARN Error: network AWS Libfabric not found.\n"


def test_perlmutter_names_its_nccl_plugin_module() -> None:
    software = get_profile("perlmutter").software
    assert software.net_plugin_modules == ["nccl"]
    assert "nccl" in software.available_modules
    assert not get_profile("polaris").software.net_plugin_modules


def test_host_job_without_the_plugin_loads_the_site_nccl_module() -> None:
    data = diagnose_log(PM_CONDA, NO_NET, "perlmutter", None, False)
    assert data["proposed"]["record_id"] == "host-nccl-ofi-plugin-module-not-loaded"
    assert "+module load nccl" in data["proposed"]["diff"].splitlines()


@pytest.mark.parametrize("change", [
    ("module load conda\n", "module load pytorch/2.3.1\n"),  # the module brings the plugin
    ("module load conda\n", "module load conda nccl/2.24.3\n"),
    ("srun python", "export NCCL_NET='AWS Libfabric'\nsrun python"),
    ("srun python", "srun shifter python"),
])
def test_plugin_module_record_stays_out(change: tuple[str, str]) -> None:
    data = diagnose_log(PM_CONDA.replace(*change), NO_NET, "perlmutter", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "host-nccl-ofi-plugin-module-not-loaded" not in ids


def test_plugin_module_record_needs_the_site_fact() -> None:
    data = diagnose_log(PM_CONDA, NO_NET, "delta", None, False)
    ids = [d["record_id"] for d in data["diagnoses"]]
    assert "host-nccl-ofi-plugin-module-not-loaded" not in ids
