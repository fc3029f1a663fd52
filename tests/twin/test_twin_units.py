"""Unit tests of the twin's pure parts: layout, slurm.conf, hosts block, modules, launchers."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.knowledge.clusters import all_profiles, get_profile
from maple_flow.twin.frontend import qos_time_option, split_cli, with_cli_directives
from maple_flow.twin.hosts import with_block, without_block
from maple_flow.twin.launchers import (
    LaunchError,
    pals_main,
    parse_ibrun,
    parse_mpirun,
    parse_pals,
    srun_argv,
)
from maple_flow.twin.layout import layout_for
from maple_flow.twin.lmod import module_files, provides_python
from maple_flow.twin.node_types import twin_modules
from maple_flow.twin.pbs import syntax_problems
from maple_flow.twin.programs import launcher_names
from maple_flow.twin.slurmconf import gpu_files, partitions, render_gres_conf, render_slurm_conf
from maple_flow.twin.userenv import conda_envs, login_env, venv_links

STATE = Path("/tmp/maple-twin-unit")
PROFILES = list(all_profiles().values())


def test_layouts_never_share_ports_addresses_or_names() -> None:
    ports, addrs, names = [], [], []
    for p in PROFILES:
        lay = layout_for(p, STATE)
        ports += [lay.ctl_port, *(n.port for n in lay.nodes)]
        addrs += [lay.ctl_addr, *(n.addr for n in lay.nodes)]
        names += [lay.ctl_name, *(n.name for n in lay.nodes)]
        assert all(a.startswith("127.0.") for a in addrs)
    assert len(set(ports)) == len(ports)
    assert len(set(addrs)) == len(addrs)
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_node_names_follow_the_profile(profile) -> None:  # type: ignore[no-untyped-def]
    lay = layout_for(profile, STATE)
    assert [n.name for n in lay.nodes] == [profile.node_name(i) for i in range(4)]
    if profile.node.domain:
        assert all(n.fqdn == f"{n.name}.{profile.node.domain}" for n in lay.nodes)


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_slurm_conf_carries_the_profile_facts(profile) -> None:  # type: ignore[no-untyped-def]
    lay = layout_for(profile, STATE)
    conf = render_slurm_conf(profile, lay, STATE / "munge.socket")
    gres = f"gpu:{profile.directives.gpu_type}:" if profile.directives.gpu_type else "gpu:"
    assert f"Gres={gres}" in conf
    assert "SlurmdParameters=config_overrides" in conf
    for view in [profile, *(profile.on_node_type(t.id) for t in profile.node_types)]:
        for q in view.queues.items:
            if q.kind != "qos":
                minutes = -(-q.max_walltime_seconds // 60)
                assert f"PartitionName={q.name} Nodes=ALL MaxTime={minutes}" in conf
    assert "Count" not in render_gres_conf(profile, lay)


def test_node_types_run_on_the_twin_nodes() -> None:
    """Each node type's queues, typed GPUs, constraint features and modules exist on the
    personality's nodes (a port to another node type is run, not refused at submission)."""
    b2 = get_profile("bridges2")
    lay = layout_for(b2, STATE)
    conf = render_slurm_conf(b2, lay, STATE / "s")
    assert "Gres=gpu:v100-32:8,gpu:h100-80:8,gpu:l40s-48:8 " in conf
    gres = render_gres_conf(b2, lay)
    assert "Type=l40s-48 File=" in gres and f"{lay.root}/dev/gpu[16-23]" in gres
    assert len(gpu_files(b2, lay)) == 24
    delta = get_profile("delta")
    conf = render_slurm_conf(delta, layout_for(delta, STATE), STATE / "s")
    assert "Gres=gpu:8 " in conf  # the A100x8 / H200x8 nodes' count
    names = [p.name for p in partitions(delta, 4)]
    assert {"gpuA100x4", "gpuA40x4", "gpuH200x8-interactive"} <= set(names)
    assert [p.name for p in partitions(delta, 4) if p.default] == ["gpuA100x4"]
    pm = render_slurm_conf(get_profile("perlmutter"), layout_for(get_profile("perlmutter"), STATE),
                           STATE / "s")
    assert "Features=gpu,hbm80g " in pm
    s3 = get_profile("stampede3")
    h100 = next(t for t in s3.node_types if t.software)
    assert h100.software is not None
    assert set(h100.software.available_modules) <= set(
        twin_modules(s3).software.available_modules)


def test_qos_personality_gets_one_partition_with_the_longest_qos_limit() -> None:
    pm = get_profile("perlmutter")
    (part,) = partitions(pm, 4)
    assert part.max_minutes == max(q.max_walltime_seconds for q in pm.queues.items) // 60
    conf = render_slurm_conf(pm, layout_for(pm, STATE), STATE / "s")
    assert "Features=gpu" in conf  # the required -C gpu finds nodes


def test_qos_default_time_is_the_qos_limit() -> None:
    pm = get_profile("perlmutter")
    assert qos_time_option(pm, "#!/bin/bash\n#SBATCH -q debug\n") == ["--time=00:30:00"]
    assert qos_time_option(pm, "#!/bin/bash\n#SBATCH -t 5\n") == []
    assert qos_time_option(get_profile("delta"), "#!/bin/bash\n") == []


def test_hosts_block_is_added_replaced_and_removed_alone() -> None:
    base = "127.0.0.1 localhost\n"
    one = with_block(base, "polaris", [("127.0.101.1", ["a.example", "a"])])
    two = with_block(one, "polaris", [("127.0.101.2", ["b"])])
    assert "127.0.101.1" not in two and "127.0.101.2\tb" in two
    assert without_block(two, "polaris") == base
    assert without_block(two, "aurora") == two


def test_module_tree_has_exactly_the_profile_names() -> None:
    pm = get_profile("perlmutter")
    files = module_files(pm, Path("/venv/bin"), Path("/c/bin"))
    lua = {f[:-4] for f in files if f.endswith(".lua")}
    site_default = {"StdEnv"}  # what `module reset` loads on the twin
    names = set(pm.software.available_modules) | set(pm.software.modules)
    # a bare name beside versions of its family ('nccl' beside 'nccl/2.24.3') is that family's
    # default version, not a file of its own (test_bare_family_name_becomes_the_default_version)
    bare_defaults = {n for n in names if "/" not in n and any(m.startswith(n + "/") for m in names)}
    assert lua == names - bare_defaults | site_default
    assert all(f"{n}/default" in files for n in bare_defaults)
    assert 'prepend_path("PATH", "/venv/bin")' in files["pytorch/2.6.0.lua"]
    assert "/venv/bin" not in files["cudatoolkit/12.4.lua"]
    assert provides_python("conda", get_profile("polaris"))


def test_bare_family_name_becomes_the_default_version() -> None:
    pol = get_profile("polaris")
    files = module_files(pol, Path("/v/bin"), Path("/c/bin"))
    assert "conda.lua" not in files and "conda/default" in files


def test_activate_lines_give_venv_links_and_conda_envs() -> None:
    ls6 = get_profile("lonestar6")
    assert venv_links(ls6) == []  # Lonestar6 documents no venv path: the user's set-up names it
    line = 'source "${SCRATCH}/torch-env/bin/activate"'
    sw = ls6.software.model_copy(update={"activate": [line]})
    assert venv_links(ls6.model_copy(update={"software": sw})) == [("SCRATCH", "torch-env")]
    assert conda_envs(get_profile("stampede3")) == ["pytorch"]


def test_pbs_users_have_no_usable_slurm_config() -> None:
    pol = get_profile("polaris")
    env = login_env(pol, layout_for(pol, STATE))
    assert env["SLURM_CONF"] == "/dev/null"
    assert "BASH_ENV" not in env  # the login-shell quirk: module only in login shells


def test_pals_mpiexec_arguments() -> None:
    hostfile = STATE / "hosts"
    hostfile.parent.mkdir(parents=True, exist_ok=True)
    hostfile.write_text("x1.hsn.example\nx2.hsn.example\n")
    launch = parse_pals(["-n", "8", "--ppn", "4", "--depth=16", "--cpu-bind", "depth",
                         "--env", "A=1", "--envall", "python", "t.py"], str(hostfile))
    assert (launch.ntasks, launch.ppn, launch.hosts, launch.env) == (8, 4, ["x1", "x2"],
                                                                      {"A": "1"})
    argv = srun_argv(launch, "/w")
    assert "--ntasks=8" in argv and "--ntasks-per-node=4" in argv and "--nodelist=x1,x2" in argv
    assert argv[-4:] == ["/w", "pals", "python", "t.py"]
    with pytest.raises(LaunchError):
        parse_pals(["-n", "12", "--ppn", "4", "python"], str(hostfile))
    with pytest.raises(LaunchError):
        parse_pals(["--bogus", "python"], str(hostfile))


def test_pals_takes_alcf_cpu_bind_lists_under_both_names(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """ALCF's getting-started script launches with ``mpirun ... --cpu-bind=list:...``: on a
    PBS personality that name is PALS too (not the system's MPICH hydra, which refuses it)."""
    hostfile = STATE / "hosts"
    hostfile.parent.mkdir(parents=True, exist_ok=True)
    hostfile.write_text("x1\nx2\n")
    for polaris_aurora in ("polaris", "aurora"):
        assert launcher_names(get_profile(polaris_aurora)) == ["mpiexec", "mpirun"]
    assert "mpirun" not in launcher_names(get_profile("perlmutter"))
    launch = parse_pals(["-n", "8", "--ppn", "4", "--cpu-bind=list:24:16:8:1", "--genv=A=1",
                         "python", "t.py"], str(hostfile))
    assert (launch.ntasks, launch.ppn, launch.env) == (8, 4, {"A": "1"})
    aurora = parse_pals(["--np", "24", "--ppn", "12", "--cpu-bind",
                         "verbose,list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:"
                         "77-84:85-92:93-100", "python"], str(hostfile))
    assert (aurora.ntasks, aurora.ppn) == (24, 12)
    monkeypatch.setenv("PBS_NODEFILE", str(hostfile))
    monkeypatch.delenv("MAPLE_TWIN_SLURM_JOB_ID", raising=False)
    monkeypatch.delenv("SLURM_JOB_ID", raising=False)
    assert pals_main(["/r/bin/mpirun", "-n", "8", "--ppn", "4", "--cpu-bind=list:0-7:8-15",
                      "python", "t.py"]) == 2
    assert "mpirun: error: not inside a job" in capsys.readouterr().err  # parsed, then run
    assert pals_main(["/r/bin/mpirun", "--bind-to", "none", "python"]) == 2
    assert "unknown option --bind-to" in capsys.readouterr().err


def test_ibrun_and_mpirun_arguments() -> None:
    assert parse_ibrun(["-np", "2", "./run.sh", "h"]).ntasks == 2
    launch = parse_mpirun(["-np", "2", "--map-by", "ppr:1:node", "-x", "A=b", "run.sh"])
    assert (launch.ntasks, launch.ppn, launch.env, launch.command) == (2, 1, {"A": "b"},
                                                                        ["run.sh"])


def test_cli_options_are_seen_by_the_submit_filter_after_the_script_directives() -> None:
    opts, script, rest = split_cli(["-C", "gpu", "--time=5", "--exclusive", "job.sh", "x"],
                                   frozenset({"exclusive"}))
    assert (opts, script, rest) == (["-C", "gpu", "--time=5", "--exclusive"], "job.sh", ["x"])
    text = with_cli_directives("#!/bin/bash\n#SBATCH -N 1\necho hi\n", "#SBATCH", ["-N", "2"])
    assert text == "#!/bin/bash\n#SBATCH -N 1\n#SBATCH -N 2\necho hi\n"


def test_pbs_syntax_checks() -> None:
    from maple_flow.knowledge.directives import parse_directives

    pol = get_profile("polaris")
    ds = parse_directives("#PBS -l nodes=2\n#PBS -l place=everywhere\n"
                          "#PBS -l select=2:system=aurora\n", "pbs")
    errors = syntax_problems(ds, pol)
    assert any("Unknown resource: nodes" in e for e in errors)
    assert any("place" in e for e in errors) and any("select" in e for e in errors)
