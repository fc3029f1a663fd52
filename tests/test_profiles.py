"""Cluster profiles: every profile loads, cites its sources, and resolves from its aliases."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from maple_flow.errors import UnknownCluster
from maple_flow.knowledge.clusters import (
    CLUSTER_IDS,
    all_profiles,
    get_profile,
    load_profile_file,
    normalise_name,
    resolve_cluster,
)
from maple_flow.models import ClusterProfile
from maple_flow.paths import templates_dir

PROFILE_DIR = templates_dir() / "clusters"
HOSTNAME_RE = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")


@pytest.fixture(scope="module")
def profiles() -> dict[str, ClusterProfile]:
    return all_profiles()


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_profile_file_loads_and_validates(cid: str) -> None:
    path = PROFILE_DIR / f"{cid}.yaml"
    assert path.is_file(), f"missing profile {path}"
    profile = load_profile_file(path)
    assert profile.id == cid


def test_all_profiles_in_canonical_order(profiles: dict[str, ClusterProfile]) -> None:
    assert tuple(profiles) == CLUSTER_IDS


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_every_fact_group_has_resolving_sources(cid: str) -> None:
    profile = get_profile(cid)
    known = {s.key for s in profile.sources}
    assert len(known) == len(profile.sources), "duplicate source keys"
    groups = profile.fact_sources()
    core = ("gpu", "node", "queues", "account", "directives", "software", "launch", "network")
    for group in core:
        assert groups[group], f"{cid}.{group} cites no source"
    for group, keys in groups.items():
        assert keys, f"{cid}.{group} cites no source"
        assert set(keys) <= known, f"{cid}.{group}: {sorted(set(keys) - known)} not in sources"


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_every_source_is_cited_and_has_a_url(cid: str) -> None:
    profile = get_profile(cid)
    cited = {k for keys in profile.fact_sources().values() for k in keys}
    for source in profile.sources:
        assert source.url.startswith("https://"), f"{cid}: {source.key} url {source.url!r}"
        assert source.key in cited, f"{cid}: source {source.key} is never cited"


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_quirk_ids_unique(cid: str) -> None:
    ids = [q.id for q in get_profile(cid).quirks]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_exactly_one_default_queue(cid: str) -> None:
    queues = get_profile(cid).queues
    assert sum(q.default for q in queues.items) == 1
    default = queues.default_queue
    assert default.min_nodes <= default.max_nodes
    names = [q.name for q in queues.items]
    assert len(names) == len(set(names)), f"{cid}: duplicate queue names"


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_queue_choice_facts_are_consistent(cid: str) -> None:
    """The default queue may be chosen unasked; a queue held back says why; a partial-node
    queue is one node; a per-GPU share fits in the node."""
    profile = get_profile(cid)
    assert profile.queues.default_queue.auto
    assert profile.queues.default_queue.node_use != "partial"
    for q in profile.queues.items:
        assert q.auto or q.notes, f"{cid}: {q.name} is held back without a reason"
        assert q.node_use != "partial" or q.max_nodes == 1
        assert q.max_gpus is None or q.max_gpus <= q.max_nodes * profile.gpu.per_node
    share = profile.directives.partial_share
    if share is not None:
        node_cpus = profile.node.cpus_per_node * profile.node.threads_per_core
        assert share.cpus_per_gpu * profile.gpu.per_node <= node_cpus
        assert share.memory_mb_per_gpu * profile.gpu.per_node <= profile.node.memory_gb * 1024


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_site_set_up_invents_no_paths(cid: str) -> None:
    """Activation lines are documented ones: no environment under the user's own folders
    (those are the user's choice, carried by the job's set-up steps)."""
    for line in get_profile(cid).software.activate:
        assert not re.search(r"\$\{?(SCRATCH|WORK|HOME|PSCRATCH)\b|maple", line), (cid, line)


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_available_modules_cover_loaded_modules(cid: str) -> None:
    software = get_profile(cid).software
    missing = [m for m in software.modules if m not in software.available_modules]
    assert not missing, f"{cid}: modules {missing} not in available_modules"


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_node_names_distinct_valid_hostnames(cid: str) -> None:
    profile = get_profile(cid)
    names = [profile.node_name(i) for i in range(8)]
    assert len(set(names)) == 8, f"{cid}: node names repeat: {names}"
    for name in names:
        assert HOSTNAME_RE.match(name), f"{cid}: {name!r} is not a valid host name"
    if profile.node.domain:
        fqdn = f"{names[0]}.{profile.node.domain}"
        assert all(HOSTNAME_RE.match(label) for label in fqdn.split("."))


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_directive_rules_are_well_formed(cid: str) -> None:
    directives = get_profile(cid).directives
    for rule in [*directives.required, *directives.forbidden]:
        assert not rule.option.startswith("-"), f"{cid}: option {rule.option!r} carries dashes"
        assert len(rule.short) <= 1
        re.compile(rule.value_pattern)
        assert rule.message
    for rule in directives.required:
        assert rule.render, f"{cid}: required rule {rule.option} has no render"
    if directives.gpu_request == "typed-gpus":
        assert directives.gpu_type


def _shellcheck() -> str | None:
    local = Path(sys.executable).parent / "shellcheck"
    return str(local) if local.is_file() else shutil.which("shellcheck")


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_software_lines_are_shellcheck_clean(cid: str) -> None:
    """Shebang, module lines, activate lines and network exports pass shellcheck verbatim."""
    checker = _shellcheck()
    if checker is None:
        pytest.skip("shellcheck not installed")
    profile = get_profile(cid)
    sw = profile.software
    lines = [sw.shell, *(f"module use {shlex.quote(u)}" for u in sw.module_use)]
    lines += [sw.purge] if sw.purge else []
    lines += [f"module load {shlex.quote(m)}" for m in sw.modules]
    lines += sw.activate
    lines += [f"export {k}={shlex.quote(v)}" for k, v in profile.network.env.items()]
    script = "\n".join(lines) + "\n"
    result = subprocess.run(
        [checker, "-s", "bash", "-"], input=script, text=True, capture_output=True, check=False
    )
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_account_example_matches_pattern(cid: str) -> None:
    account = get_profile(cid).account
    assert re.fullmatch(account.pattern, account.example), f"{cid}: {account.example!r}"
    assert not re.fullmatch(account.pattern, ""), f"{cid}: pattern accepts an empty account"


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_gpu_facts_consistent(cid: str) -> None:
    profile = get_profile(cid)
    gpu = profile.gpu
    assert gpu.per_node % gpu.cards_per_node == 0
    expected = {"cuda": ("nvidia", "nccl", "CUDA_VISIBLE_DEVICES"),
                "xpu": ("intel", "xccl", "ZE_AFFINITY_MASK")}[gpu.device_api]
    assert (gpu.vendor, profile.network.backend, gpu.visible_devices_var) == expected


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_launcher_matches_scheduler(cid: str) -> None:
    profile = get_profile(cid)
    assert profile.launch.launcher in profile.launchers
    if profile.scheduler == "pbs":
        assert profile.launch.launcher == "mpiexec"
        assert profile.directives.gpu_request == "pbs-select"
    else:
        assert profile.directives.gpu_request != "pbs-select"


def test_aliases_resolve_to_own_cluster_and_never_collide(
    profiles: dict[str, ClusterProfile],
) -> None:
    owner: dict[str, str] = {}
    for profile in profiles.values():
        for name in [profile.id, profile.name, *profile.aliases]:
            key = normalise_name(name)
            assert key, f"{profile.id}: alias {name!r} normalises to nothing"
            assert owner.setdefault(key, profile.id) == profile.id, (
                f"alias {name!r} of {profile.id} collides with {owner[key]}"
            )
            assert resolve_cluster(name) == profile.id, f"{name!r} -> {resolve_cluster(name)}"


ALIAS_TABLE = [
    ("PM", "perlmutter"),
    ("NERSC Perlmutter", "perlmutter"),
    ("perlmutter", "perlmutter"),
    ("ALCF Polaris", "polaris"),
    ("polaris", "polaris"),
    ("ALCF Aurora", "aurora"),
    ("Aurora", "aurora"),
    ("LS6", "lonestar6"),
    ("TACC LS6", "lonestar6"),
    ("Lonestar 6", "lonestar6"),
    ("Lonestar", "lonestar6"),
    ("TACC Lonestar6", "lonestar6"),
    ("lonestar-6", "lonestar6"),
    ("Stampede 3", "stampede3"),
    ("S3", "stampede3"),
    ("TACC Stampede3", "stampede3"),
    ("Stampede", "stampede3"),
    ("TACC Vista", "vista"),
    ("vista", "vista"),
    ("NCSA Delta", "delta"),
    ("Delta", "delta"),
    ("delta's", "delta"),
    ("Delta AI", "deltaai"),
    ("Delta-AI", "deltaai"),
    ("NCSA DeltaAI", "deltaai"),
    ("dtai", "deltaai"),
    ("DELTAAI", "deltaai"),
    ("Purdue Anvil", "anvil"),
    ("Anvil GPU", "anvil"),
    ("anvil", "anvil"),
    ("Bridges2", "bridges2"),
    ("Bridges-2", "bridges2"),
    ("PSC Bridges-2", "bridges2"),
    ("PSC Bridges2", "bridges2"),
    ("Bridges", "bridges2"),
    ("B2", "bridges2"),
    ("  psc   bridges 2 ", "bridges2"),
]


@pytest.mark.parametrize(("phrase", "cid"), ALIAS_TABLE)
def test_alias_table(phrase: str, cid: str) -> None:
    assert resolve_cluster(phrase) == cid
    assert get_profile(phrase).id == cid


@pytest.mark.parametrize("phrase", ["Frontier", "Summit", "", "Delta Force", "Polaris2"])
def test_unknown_cluster_raises(phrase: str) -> None:
    with pytest.raises(UnknownCluster, match="known clusters"):
        resolve_cluster(phrase)


def test_profile_dir_holds_only_known_clusters() -> None:
    stems = {p.stem for p in Path(PROFILE_DIR).glob("*.yaml")}
    assert stems == set(CLUSTER_IDS)


def test_container_modules_must_exist_in_the_profile() -> None:
    """A runtime module the profile's module list lacks is refused (the twin had no such
    module: `module load spack-pe-base/0.6.2 apptainer` failed every Polaris container port)."""
    from maple_flow.knowledge.clusters import load_yaml

    data = load_yaml((PROFILE_DIR / "polaris.yaml").read_text(encoding="utf-8"))
    data["container"]["modules"] = ["spack-pe-base/0.6.2", "no-such-runtime"]
    with pytest.raises(ValueError, match=r"container.modules \['no-such-runtime'\]"):
        ClusterProfile.model_validate(data)


@pytest.mark.parametrize("cid", CLUSTER_IDS)
def test_twin_module_tree_has_the_container_runtime_modules(cid: str) -> None:
    from maple_flow.twin.lmod import module_files

    profile = get_profile(cid)
    files = module_files(profile, Path("/py/bin"), Path("/conda/bin"))
    for module in profile.container.modules if profile.container else []:
        assert f"{module}.lua" in files, f"{cid}: the twin has no module {module}"
