"""apply_fix(): every operation on rendered Slurm and PBS scripts, pure, idempotent, quoted;
the patched script still passes bash -n and shellcheck and parses back."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest
from debug_cases import rendered
from pydantic import ValidationError

from maple_flow.knowledge.clusters import get_profile
from maple_flow.knowledge.directives import parse_directives
from maple_flow.lint import shellcheck
from maple_flow.models import ClusterProfile
from maple_flow.repair import Fix, FixNotApplicable, apply_fix, script_diff
from maple_flow.repair import ops as o
from maple_flow.repair.layout import find_launch
from maple_flow.scriptparse import parse_script

HOSTILE = "a b'c\"d $(touch /tmp/pwned) `id` ;|&>x $HOME"
TEMPLATES = ["perlmutter-pytorch-ddp", "polaris-pytorch-ddp", "lonestar6-deepspeed-zero3",
             "aurora-accelerate-ddp", "bridges2-pytorch-fsdp", "vista-pytorch-ddp",
             "delta-accelerate-ddp"]


def _fix(*ops: Any) -> Fix:
    return Fix(record_id="test", cause="a test of the patcher", ops=list(ops))


def _profile(template_id: str) -> ClusterProfile:
    return get_profile(template_id.split("-")[0])


def _ops(template_id: str) -> list[Any]:
    """Every op that applies to the template, hostile values where a value is free text."""
    profile = _profile(template_id)
    script = rendered(template_id)
    launch = parse_script(script).launch
    stages = {s.name for s in launch.stages}
    queue = next(q for q in profile.queues.items if not q.default) if len(
        profile.queues.items) > 1 else profile.queues.default_queue
    found: list[Any] = [
        o.AddModule(name="cuda/12.4"), o.AddModule(name="modtree/gpu", first=True),
        o.RemoveModule(name=profile.software.modules[0].split("/")[0]),
        o.SwapModule(old=profile.software.modules[-1], new="pytorch/9.9"),
        o.ExportEnv(name="USER_HOSTILE", value=HOSTILE),
        o.ExportEnv(name="MASTER_PORT", value="30001"),
        o.UnsetEnv(name="CUDA_VISIBLE_DEVICES"),
        o.SetDirective(option="job-name",
                       value=HOSTILE if profile.scheduler == "slurm" else "maple2"),
        o.RemoveDirective(option="job-name"),
        o.SetQueue(name=queue.name),  # set_backend: the programs here take no backend arg
        o.SetWalltime(walltime="00:20:00"), o.SetNodes(nodes=3),
        o.SetGpusPerNode(gpus_per_node=1), o.AddArgument(name="--data-path", value=HOSTILE),
        o.SetShell(login=True), o.SetMasterAddr(),
    ]
    site = profile.launch.launcher
    found.append(o.SetLauncherArg(launcher=site, name="-l" if site != "srun" else "--label"))
    found.append(o.RemoveLauncherArg(launcher=site, name="--cpu-bind"))
    if site != "ibrun":
        found.append(o.PropagateEnv(launcher=site, names=["PATH"]))
    if "torchrun" in stages or "bash -c 'exec torchrun" in script:
        found.append(o.SetLauncherArg(launcher="torchrun", name="--max-restarts", value="0"))
    return found


CASES = [(t, op) for t in TEMPLATES for op in _ops(t)]


@pytest.mark.parametrize(("template_id", "op"), CASES,
                         ids=[f"{t}-{op.op}-{i}" for i, (t, op) in enumerate(CASES)])
def test_op_applies_idempotently_and_parses(template_id: str, op: Any) -> None:
    script = rendered(template_id)
    profile = _profile(template_id)
    once = apply_fix(script, _fix(op), profile)
    assert apply_fix(once, _fix(op), profile) == once
    assert apply_fix(script, _fix(op), profile) == once  # deterministic
    parse_script(once)
    proc = subprocess.run(["bash", "-n"], input=once, text=True, capture_output=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("template_id", TEMPLATES)
def test_all_ops_together_pass_shellcheck(template_id: str) -> None:
    script = rendered(template_id)
    ops = [op for op in _ops(template_id) if op.op != "remove_module"]  # swap needs the module
    patched = apply_fix(script, _fix(*ops), _profile(template_id))
    assert patched != script
    before = {f.code for f in shellcheck(script)}
    findings = [f for f in shellcheck(patched) if f.code not in before]
    assert not [f for f in findings if f.at_least("info")], findings


def _bash_value(script: str, name: str) -> str:
    line = next(ln for ln in script.splitlines() if ln.startswith(f"export {name}="))
    proc = subprocess.run(["bash", "-c", f'{line}; printf %s "${name}"'], text=True,
                          capture_output=True, check=True, env={"PATH": "/usr/bin:/bin"})
    return proc.stdout


def _bash_word(word: str) -> str:
    proc = subprocess.run(["bash", "-c", f"printf %s {word}"], text=True, capture_output=True,
                          check=True, env={"PATH": "/usr/bin:/bin"})
    return proc.stdout


def test_hostile_values_stay_data() -> None:
    script = rendered("perlmutter-pytorch-ddp")
    profile = get_profile("perlmutter")
    patched = apply_fix(script, _fix(
        o.ExportEnv(name="USER_HOSTILE", value=HOSTILE),
        o.AddArgument(name="--data-path", value=HOSTILE),
        o.SetDirective(option="comment", value=HOSTILE),
    ), profile)
    assert _bash_value(patched, "USER_HOSTILE") == HOSTILE
    launch = find_launch(patched)
    assert _bash_word(launch.words[-1].raw) == f"--data-path={HOSTILE}"
    assert any(a.startswith("--data-path=") for a in parse_script(patched).launch.args)
    comment = [d.value for d in parse_directives(patched, "slurm") if d.option == "comment"]
    assert comment == [HOSTILE]


def test_newline_values_are_refused() -> None:
    with pytest.raises(ValidationError):
        o.ExportEnv(name="A", value="x\nrm -rf ~")
    with pytest.raises(ValidationError):
        o.ExportEnv(name="A; rm", value="x")
    with pytest.raises(ValidationError):
        o.AddModule(name="cuda; rm -rf ~")
    sneaky = o.ExportEnv.model_construct(name="A", value="x\ny")
    with pytest.raises(FixNotApplicable, match="newline"):
        apply_fix(rendered("delta-pytorch-ddp"), _fix(sneaky), get_profile("delta"))


def test_variable_reference_expands_but_nothing_else() -> None:
    script = rendered("delta-pytorch-ddp")
    patched = apply_fix(script, _fix(o.SetLauncherArg(
        launcher="srun", name="--cpus-per-task", value="${SLURM_CPUS_PER_TASK}")),
        get_profile("delta"))
    srun = next(line for line in patched.splitlines() if line.startswith("srun "))
    assert '--cpus-per-task="${SLURM_CPUS_PER_TASK}"' in srun
    literal = apply_fix(script, _fix(o.ExportEnv(name="A", value="$HOME/x")), get_profile("delta"))
    assert _bash_value(literal, "A") == "$HOME/x"


def test_directive_rewritten_in_place() -> None:
    script = rendered("perlmutter-pytorch-ddp")
    patched = apply_fix(script, _fix(o.SetDirective(option="constraint", value="gpu&hbm80g")),
                        get_profile("perlmutter"))
    diff = script_diff(script, patched)
    assert "-#SBATCH -C gpu\n+#SBATCH -C 'gpu&hbm80g'\n" in diff  # the user's spelling
    assert [d.value for d in parse_directives(patched) if d.option == "constraint"] == [
        "gpu&hbm80g"]


def test_remove_directive_keeps_other_options_on_the_line() -> None:
    script = rendered("delta-pytorch-ddp").replace("#SBATCH -J maple", "#SBATCH -J maple --mem=0")
    patched = apply_fix(script, _fix(o.RemoveDirective(option="mem")), get_profile("delta"))
    assert "#SBATCH --job-name=maple\n" in patched
    assert "mem" not in {d.option for d in parse_directives(patched)}


def test_pbs_resources() -> None:
    script = rendered("polaris-pytorch-ddp")
    profile = get_profile("polaris")
    patched = apply_fix(script, _fix(o.SetNodes(nodes=4), o.SetWalltime(walltime="01:00:00"),
                                     o.SetDirective(option="filesystems", value="home:eagle")),
                        profile)
    assert "#PBS -l select=4:system=polaris\n" in patched
    assert "#PBS -l walltime=01:00:00\n" in patched
    assert "\nNNODES=4\n" in patched and "\nNRANKS=16\n" in patched
    with pytest.raises(FixNotApplicable, match="qsub does not take"):
        apply_fix(script, _fix(o.SetDirective(option="filesystems", value="a b")), profile)


def test_set_master_addr_fixes_literal_hosts() -> None:
    script = rendered("lonestar6-pytorch-ddp")
    broken = script.replace('MASTER_ADDR="${NODE_LIST%%$\'\\n\'*}"', "MASTER_ADDR=localhost")
    broken = broken.replace('--master_addr="$MASTER_ADDR"', "--master_addr=localhost")
    assert broken != script
    patched = apply_fix(broken, _fix(o.SetMasterAddr()), get_profile("lonestar6"))
    assert 'MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | sed -n 1p)' in patched
    assert '--master_addr="$MASTER_ADDR"' in patched
    pbs = rendered("polaris-pytorch-ddp").replace(
        'MASTER_ADDR="$(head -n 1 "$PBS_NODEFILE" | cut -d . -f 1).hsn.cm.polaris.alcf.anl.gov"',
        "MASTER_ADDR=polaris-login-01")
    fixed = apply_fix(pbs, _fix(o.SetMasterAddr()), get_profile("polaris"))
    assert fixed == rendered("polaris-pytorch-ddp")


def test_modules() -> None:
    script = rendered("anvil-pytorch-ddp")
    profile = get_profile("anvil")
    dropped = apply_fix(script, _fix(o.RemoveModule(name="modtree")), profile)
    assert "modtree/gpu" not in dropped
    back = apply_fix(dropped, _fix(o.AddModule(name="modtree/gpu", first=True)), profile)
    assert back == script
    swapped = apply_fix(script, _fix(o.SwapModule(old="ml-toolkit-gpu", new="ngc")), profile)
    assert "module load ngc\n" in swapped and "ml-toolkit-gpu" not in swapped
    with pytest.raises(FixNotApplicable, match="not loaded"):
        apply_fix(script, _fix(o.SwapModule(old="gcc", new="gcc/13.3.0")), profile)


def test_backend_argument_is_rewritten() -> None:
    script = rendered("delta-pytorch-ddp").replace(
        "train.py --config configs/small.yaml", "train.py --dist-backend nccl --epochs 3")
    patched = apply_fix(script, _fix(o.SetBackend(backend="gloo")), get_profile("delta"))
    assert "train.py --dist-backend gloo --epochs 3" in patched  # the user's spelling
    assert "MAPLE_" not in patched  # maple's own variables never go into a user's script


def test_shell_line() -> None:
    script = rendered("delta-pytorch-ddp")
    login = apply_fix(script, _fix(o.SetShell(login=True)), get_profile("delta"))
    assert login.startswith("#!/bin/bash -l\n")
    python = "#!/usr/bin/env python3\n" + script.split("\n", 1)[1]
    with pytest.raises(FixNotApplicable, match="not bash"):
        apply_fix(python, _fix(o.SetShell(login=True)), get_profile("delta"))


@pytest.mark.parametrize(("template_id", "op", "message"), [
    ("polaris-pytorch-ddp", o.SetLauncherArg(launcher="torchrun", name="--max-restarts",
                                             value="0"), "no torchrun stage"),
    ("delta-pytorch-ddp", o.SetQueue(name="nope"), "has no queue"),
    ("lonestar6-pytorch-ddp", o.PropagateEnv(launcher="ibrun"), "ibrun"),
    ("vista-pytorch-ddp", o.PropagateEnv(launcher="mpirun"), "name them"),
])
def test_not_applicable(template_id: str, op: Any, message: str) -> None:
    with pytest.raises(FixNotApplicable, match=message):
        apply_fix(rendered(template_id), _fix(op), _profile(template_id))


def test_script_without_launch_line() -> None:
    """A module goes above the script's last command when no Python program is launched
    (s37empty: ``./juldate`` needs its Intel runtime too); a script that runs no command has
    no place for it."""
    fixed = apply_fix("#!/bin/bash\n#SBATCH -N 1\necho hi\n", _fix(o.AddModule(name="cuda")),
                      get_profile("delta"))
    assert fixed.splitlines()[-2:] == ["module load cuda", "echo hi"]
    with pytest.raises(FixNotApplicable, match="runs no command"):
        apply_fix("#!/bin/bash\n#SBATCH -N 1\n", _fix(o.AddModule(name="cuda")),
                  get_profile("delta"))


def test_script_diff() -> None:
    assert script_diff("a\n", "a\n") == ""
    assert script_diff("a\nb\n", "a\nc\n").splitlines()[-2:] == ["-b", "+c"]


def test_empty_fix_is_identity() -> None:
    script = rendered("aurora-pytorch-ddp")
    assert apply_fix(script, _fix(), get_profile("aurora")) == script


def test_every_op_kind_has_a_handler() -> None:
    from maple_flow.repair.ops import OP_KINDS
    from maple_flow.repair.patch import _HANDLERS

    assert {cls.model_fields["op"].default for cls in _HANDLERS} == set(OP_KINDS)
