"""Every fix operation on every user script either applies cleanly (``bash -n`` and no new
shellcheck error) or says why not (a MapleError with a reason): never another exception.

The scripts: bench/realport's cached users' scripts when the cache is there
(``$MAPLE_REALPORT_CACHE``, else /work/cache/realport once its READY file exists, else
bench/realport/.cache), and always the users' scripts of tests/data/repair_user and the
programs that are not Python of tests/data/repair_apps (launcher options go on their srun/mpiexec).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.lint import shellcheck, shellcheck_binary
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op

ROOT = Path(__file__).resolve().parent.parent
CLUSTERS = ("perlmutter", "polaris", "aurora", "lonestar6", "stampede3", "vista", "delta",
            "deltaai", "anvil", "bridges2")


def _cache() -> Path | None:
    given_dir = os.environ.get("MAPLE_REALPORT_CACHE")
    for folder in (Path(given_dir) if given_dir else None, Path("/work/cache/realport"),
                   ROOT / "bench" / "realport" / ".cache"):
        if folder is not None and folder.is_dir() and (
                folder.name != "realport" or (folder / "READY").is_file()):
            return folder
    return None


def _scripts() -> list[Path]:
    found = sorted((ROOT / "tests" / "data" / "repair_user").glob("*.sh"))
    found += sorted((ROOT / "tests" / "data" / "repair_apps").glob("*.sh"))
    cache = _cache()
    return found + (sorted(cache.glob("*.sh")) if cache else [])


def _cluster(path: Path) -> str:
    text = path.read_text(encoding="utf-8", errors="replace").lower()
    hits = [c for c in CLUSTERS if c in path.name or c in text]
    if hits:
        return hits[0]
    return "polaris" if "#pbs" in text else "perlmutter"


def ops_for(cluster: str) -> list[o.FixOp]:
    profile = get_profile(cluster)
    return [
        o.AddModule(name="cudatoolkit/12.4"), o.AddModule(name="gcc/12", first=True),
        o.AddModule(name="gcc/12", before="cudatoolkit"),
        o.RemoveModule(name="pytorch"), o.SwapModule(old="pytorch", new="pytorch/2.6.0"),
        o.ExportEnv(name="NCCL_DEBUG", value="INFO"),
        o.ExportEnv(name="MASTER_PORT", value="29631"),
        o.ExportEnv(name="MY_SETTING", value="a b$c'd\"e"), o.UnsetEnv(name="CUDA_VISIBLE_DEVICES"),
        o.ExportEnvBeforeRead(name="SCRATCH", value="${PSCRATCH}"),
        o.ExportEnvBeforeDownload(name="https_proxy", value="http://proxy.alcf.anl.gov:3128"),
        o.PropagateEnv(launcher="srun"), o.PropagateEnv(launcher="mpiexec"),
        o.PropagateEnv(launcher="mpirun", names=["PATH"]), o.PropagateEnv(launcher="ibrun"),
        o.SetDirective(option="constraint", value="gpu"), o.RemoveDirective(option="gres"),
        o.SetLauncherArg(launcher="srun", name="--cpu-bind", value="none"),
        o.SetLauncherArg(launcher="torchrun", name="--rdzv_backend", value="c10d"),
        o.SetLauncherArg(launcher="mpiexec", name="--ppn", value="4"),
        o.SetLauncherArg(launcher="horovodrun", name="--gloo"),
        o.RemoveLauncherArg(launcher="srun", name="--gres"),
        o.RemoveLauncherArg(launcher="mpirun", name="-map-by"),
        o.UnderscoreOptions(launcher="torchrun"),
        o.RespellLauncherArg(launcher="mpiexec", name="--ppn", spelling="-ppn"),
        o.SetBackend(backend="gloo"), o.SetQueue(name=profile.queues.default_queue.name),
        o.SetWalltime(walltime="00:30:00"), o.SetNodes(nodes=2),
        o.SetGpusPerNode(gpus_per_node=profile.gpu.per_node),
        o.AddArgument(name="--epochs", value="1"), o.SetShell(login=True), o.SetMasterAddr(),
        o.GresGpus(), o.ContainerGpuFlag(), o.UseTorchrun(nproc_per_node=profile.gpu.per_node),
        o.LaunchOnEveryNode(),
        o.RayHeadAddress(), o.CshSetenv(), o.TorchrunThroughPython(),
        o.LauncherThroughPython(launcher="deepspeed"),
        o.LauncherThroughPython(launcher="accelerate"),
        o.MpiHostLoopback(), o.MpiHostSlots(ranks=4),
        o.ReplaceWord(line=2, old="train.py", new="/a b/train.py"),
        o.RunThroughInterpreter(line=3, word="train.py", interpreter="python"),
        o.DropOption(line=3, option="--nodes"), o.DropOption(line=5, option="-n", value="4"),
        o.DropOption(line=2, option="--ntasks", spelling="--ntasks-per-node"),
        o.JoinContinuation(option="--deepspeed"),
        o.ContainerBindSpec(mode="absolute_destination"), o.ContainerBindSpec(mode="drop_options"),
        o.ContainerWritableTmpfs(), o.ContainerDropLimits(), o.RaiseOpenFiles(),
        o.SetRankCount(count=2),
        o.ContainerPython3(), o.RegistryHostHash(host="nvcr.io"), o.MpiSingleCopyOff(),
        o.JobDirCache(name="NUMBA_CACHE_DIR"), o.ContainerHostMpi(),
        o.StripInvisible(), o.LaunchWithSrun(), o.PbsSelectMpiprocs(),
        o.UnsetBeforeProgram(names=["SLURM_CPUS_PER_TASK"]), o.PurgeModules(),
        o.LaunchWithSiteMpiexec(),
        o.PbsSelectMend(mode="into", resource="ngpus"),
        o.PbsSelectMend(mode="out_of", resource="walltime"), o.PbsSelectMend(mode="empty_fields"),
        o.DropPbsDirective(words="--gres=gpu:4"),
        o.MendPbsDirective(words="mem=4000MB"), o.WrapperGpuCount(gpus="2"),
        o.LocalRankFromLocalId(), o.WorldSizeFromJob(), o.BindRankGpus(),
        o.ColossalaiRunPerNode(),
        o.DropEmptyDirective(), o.TasksPerNode(), o.RemoveArgument(name="-ntmpi"),
        o.PlainSpaces(), o.AllocationConstraint(value="gpu"), o.GresGpuName(),
        o.LowerLoaderWorkers(workers=2),
        o.UnixLineEndings(), o.ContinueLaunchCommand(launcher="torchrun"),
        o.UseSiteLauncher(),
        o.IbrunLaunch(), o.SiteMpiLaunch(),
        o.DeepspeedSlurmHostfile(), o.RootFromSubmitDir(),
        o.PbsRaiseMem(used="59756048kb", limit="20971520kb"),
        o.PbsRaiseNcpus(used="19.38", limit="8"),
        o.ShowHiddenDevices(), o.ContainerSiteLibrary(directory="/soft/libraries/hwloc/lib"),
        o.ContainerNetPlugin(plugin="/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib/libnccl-net.so"),
        o.AllocConf(), o.AllocConf(option="expandable_segments"),
        o.BoundPortArithmetic(),
        o.RayBlockSteps(), o.RayPinPorts(), o.RayQuoteJson(), o.RayDriverOnHead(),
        o.SrunEnvExport(), o.ServingFlag(server="vllm", flag="--disable-custom-all-reduce"),
        o.ServingEnv(server="vllm", name="VLLM_WORKER_MULTIPROC_METHOD", value="spawn"),
        o.ServingHeadAddress(server="vllm"),
        o.ProgramFromStdinFile(),
        o.ServingModelName(server="vllm", model="Qwen/Qwen2.5-7B-Instruct"),
        o.RespellCommand(command="torch_run"),
        o.SitePolicy(), o.CondaShellHook(), o.SrunRankEnv(),
        o.UnloadModule(name="python", before="pytorch"),
        o.UnloadDependentFirst(name="cudnn", unloading="cuda"),
        o.ContainerOptionToSrun(), o.UnindentDirectives(), o.SquashfsMountImageFlag(),
        o.ContainerRuntimeSetup(program="apptainer"),
        o.ExactParallelSteps(), o.VenvForVirtualenv(),
        o.ProgramOverride(key="ray_init.num_cpus", value="16"), o.SiteNetPluginPath(),
        o.ProgramFromInlineFile(), o.ForeignResources(), o.SiteModuleReset(),
        o.JoinOptionalValue(word="0"),
    ]


def _errors(text: str) -> set[str]:
    return {f.code for f in shellcheck(text) if f.at_least("error")}


def _bash_n(text: str) -> bool:
    return subprocess.run(["bash", "-n"], input=text, text=True, capture_output=True,
                          check=False).returncode == 0


def _check(text: str, op: o.FixOp, cluster: str) -> None:
    try:
        after = apply_op(text, op, get_profile(cluster))
    except MapleError as exc:
        assert str(exc).strip(), f"{op.op}: a refusal without a reason"
        return
    if after == text:
        return
    assert _bash_n(after) or not _bash_n(text), f"{op.op} broke bash -n"
    new = _errors(after) - _errors(text)
    assert not new, f"{op.op} added shellcheck errors {new}"


def test_every_op_kind_is_exercised() -> None:
    assert {op.op for op in ops_for("perlmutter")} == set(o.OP_KINDS)


@pytest.mark.skipif(not _scripts(), reason="no user scripts")
@pytest.mark.parametrize("path", _scripts(), ids=lambda p: p.stem)
def test_every_op_applies_cleanly_or_says_why(path: Path) -> None:
    shellcheck_binary()
    text = path.read_text(encoding="utf-8", errors="replace")
    cluster = _cluster(path)
    for op in ops_for(cluster):
        _check(text, op, cluster)


_VALUES = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=24)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0, max_value=10_000), value=_VALUES,
       stage=st.sampled_from(["srun", "torchrun", "mpiexec", "deepspeed", "accelerate"]))
def test_any_launcher_value_applies_cleanly_or_says_why(index: int, value: str,
                                                        stage: str) -> None:
    scripts = _scripts()
    path = scripts[index % len(scripts)]
    op = o.SetLauncherArg(launcher=stage, name="--maple-test", value=value)  # type: ignore[arg-type]
    _check(path.read_text(encoding="utf-8", errors="replace"), op, _cluster(path))
