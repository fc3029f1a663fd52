"""The real-script porting benchmark's checks (bench/realport): each one can fail and pass.

The scripts here are small reproductions of each pattern written for these tests.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import maple_flow

REALPORT = Path(__file__).resolve().parent.parent / "bench" / "realport"
sys.path.insert(0, str(REALPORT))

import rp_cases  # noqa: E402
import rp_checks  # noqa: E402
import rp_verify  # noqa: E402
from rp_checks import Ported, read_back  # noqa: E402
from rp_verify import VerifyOutcome  # noqa: E402


def _load_run() -> ModuleType:
    spec = importlib.util.spec_from_file_location("realport_run", REALPORT / "run.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


RUN = _load_run()

BASE: dict[str, Any] = {
    "id": "t", "centre": "test", "publisher": "centre", "source_cluster": "perlmutter",
    "repo": "o/r", "commit": "0" * 40, "path": "job.sh", "patterns": ["p"],
    "framework": "pytorch", "strategy": "ddp", "launch_model": "per_rank", "launcher": "srun",
    "total_ranks": 8, "nodes": 2, "gpus_per_node": 4, "program": "train.py", "module": False,
    "args": ["--epochs", "3"], "setup": [], "source_only": [], "source_accounts": [],
    "device": "nvidia", "targets": ["polaris", "delta", "aurora"], "assumptions": [],
}

PER_RANK_PORT = """#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
srun python train.py --epochs 3
"""

TORCHRUN_PORT = """#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
srun --ntasks-per-node=1 torchrun --nnodes=2 --nproc_per_node=4 train.py --epochs 3
"""


def case(**changes: Any) -> rp_cases.Case:
    return rp_cases.Case.model_validate({**BASE, **changes})


def ported(text: str = PER_RANK_PORT, **changes: Any) -> Ported:
    fields: dict[str, Any] = {
        "target": "delta", "text": text, "notes": [], "nodes": 2, "gpus_per_node": 4,
        "vendor": "nvidia",
    }
    return Ported(**{**fields, **changes})


def check(name: str, c: rp_cases.Case, p: Ported, source: str = "") -> list[str]:
    if name in rp_checks.SOURCE_CHECKS:
        return rp_checks.SOURCE_CHECKS[name](c, p, read_back(p.text), source)
    return rp_checks.CHECKS[name](c, p, read_back(p.text))


# -- program and arguments ---------------------------------------------------------------

def test_program_kept_passes() -> None:
    assert check("program", case(), ported()) == []


def test_program_args_changed_fails() -> None:
    text = PER_RANK_PORT.replace("--epochs 3", "--epochs 4")
    assert check("program", case(), ported(text))[0].startswith("args:")


def test_program_args_reordered_fails() -> None:
    c = case(args=["--a", "1", "--b"])
    text = PER_RANK_PORT.replace("--epochs 3", "--b --a 1")
    assert check("program", c, ported(text))


def test_program_other_entry_point_fails() -> None:
    text = PER_RANK_PORT.replace("train.py", "generate_config.py")
    assert check("program", case(), ported(text))[0].startswith("program:")


def test_program_installed_command_run_through_python_fails() -> None:
    """``fairseq-train`` (a console script) must run as itself: ``python fairseq-train`` is
    a wrong port even with the right words after it."""
    c = case(program="fairseq-train")
    good = PER_RANK_PORT.replace("python train.py", "fairseq-train")
    assert check("program", c, ported(good)) == []
    text = PER_RANK_PORT.replace("srun python train.py", "srun python fairseq-train")
    assert any("installed command" in f for f in check("program", c, ported(text)))


def test_program_home_written_as_tilde_or_home_matches() -> None:
    """``~/run.sh`` and ``"$HOME/run.sh"`` (how the templates write it) are the same file."""
    c = case(program="~/bin/run.sh", args=["anemoi-training", "train"])
    text = PER_RANK_PORT.replace("python train.py --epochs 3",
                                 '"$HOME/bin/run.sh" anemoi-training train')
    assert check("program", c, ported(text)) == []


def test_program_variable_and_its_value_match() -> None:
    c = case(args=["--run_num=$run_num"], vars={"run_num": "r1"})
    text = PER_RANK_PORT.replace("--epochs 3", "--run_num=r1")
    assert check("program", c, ported(text)) == []


def test_program_args_written_as_the_source_writes_them_match() -> None:
    """The port keeps ``CFG=...`` and writes ``--config "$CFG" $EXTRA`` as the source does:
    the read-back expands the port's own lines, the written words are the case's."""
    c = case(args=["--config", '"$CFG"', "$EXTRA"])
    text = PER_RANK_PORT.replace("srun", 'CFG=c.yaml\nEXTRA="--lr 1"\nsrun').replace(
        "--epochs 3", '--config "$CFG" $EXTRA')
    assert check("program", c, ported(text)) == []
    other = text.replace('"$CFG" $EXTRA', '"$CFG" --lr 2')
    assert check("program", c, ported(other))[0].startswith("args:")


def test_program_all_args_braced_or_not_match() -> None:
    c = case(args=["$@"])
    assert check("program", c, ported(PER_RANK_PORT.replace("--epochs 3", '"${@}"'))) == []


def test_program_scheduler_variables_renamed_across_schedulers_match() -> None:
    c = case(args=["--out=$SCRATCH/$SLURM_JOB_ID"])
    text = PER_RANK_PORT.replace("--epochs 3", "--out=$SCRATCH/$PBS_JOBID")
    assert check("program", c, ported(text)) == []
    other = PER_RANK_PORT.replace("--epochs 3", "--out=$SCRATCH/$PBS_O_WORKDIR")
    assert check("program", c, ported(other))


PBS_PER_RANK_PORT = """#!/bin/bash
#PBS -l select=2:ncpus=64:ngpus=4
GPUS_PER_NODE=4
mpiexec -n 8 --ppn 4 python train.py --per-node=$GPUS_PER_NODE
"""


def test_program_size_variable_follows_the_target_job() -> None:
    c = case(args=["--per-node=${SLURM_NTASKS_PER_NODE}"])
    on_pbs = ported(PBS_PER_RANK_PORT, target="polaris")
    assert check("program", c, on_pbs) == []
    frozen = PBS_PER_RANK_PORT.replace("=$GPUS_PER_NODE", "=2")  # a value not the target's
    assert check("program", c, ported(frozen, target="polaris"))[0].startswith("args:")
    on_slurm = PER_RANK_PORT.replace("--epochs 3", "--per-node=4")  # frozen on Slurm
    assert check("program", c, ported(on_slurm))[0].startswith("args:")
    live = PER_RANK_PORT.replace("--epochs 3", '--per-node="$SLURM_NTASKS_PER_NODE"')
    assert check("program", c, ported(live)) == []


def test_program_unparsable_port_fails() -> None:
    assert "does not parse" in check("program", case(), ported("#!/bin/bash\necho hi\n"))[0]


# -- ranks -------------------------------------------------------------------------------

def test_ranks_kept_passes() -> None:
    assert check("ranks", case(), ported()) == []


def test_ranks_changed_without_note_fails() -> None:
    assert check("ranks", case(), ported(nodes=3, gpus_per_node=3))


def _shape(nodes: int, gpn: int) -> str:
    return PER_RANK_PORT.replace("-N 2", f"-N {nodes}").replace("node=4", f"node={gpn}")


def test_ranks_changed_with_arithmetic_note_passes() -> None:
    note = "the source ran 8 ranks; 3 node(s) x 3 rank(s) per node gives 9"
    p = ported(_shape(3, 3), nodes=3, gpus_per_node=3, notes=[note])
    assert check("ranks", case(), p) == []


def test_ranks_script_disagreeing_with_spec_fails() -> None:
    note = "the source ran 8 ranks; 3 node(s) x 3 rank(s) per node gives 9"
    assert check("ranks", case(), ported(nodes=3, gpus_per_node=3, notes=[note]))


def test_ranks_known_from_page_used_when_script_leaves_it_open() -> None:
    known = {"total": 6, "nodes": 2, "gpus_per_node": 3, "why": "the page"}
    c = case(total_ranks="unknown", known_ranks=known)
    assert check("ranks", c, ported(nodes=2, gpus_per_node=4))
    assert check("ranks", c, ported(_shape(2, 3), nodes=2, gpus_per_node=3)) == []


# -- launch model ------------------------------------------------------------------------

def test_per_rank_stays_per_rank_passes() -> None:
    assert check("launch_model", case(), ported()) == []


def test_per_rank_to_torchrun_without_note_fails() -> None:
    assert check("launch_model", case(), ported(TORCHRUN_PORT))


def test_per_rank_to_torchrun_with_note_passes() -> None:
    note = "launch: the program reads RANK from torchrun's environment, so torchrun is used"
    assert check("launch_model", case(), ported(TORCHRUN_PORT, notes=[note])) == []


def test_launcher_stays_launcher_passes_and_fails() -> None:
    c = case(launch_model="launcher", launcher="torchrun")
    assert check("launch_model", c, ported(TORCHRUN_PORT)) == []
    assert check("launch_model", c, ported(PER_RANK_PORT))


# -- strategy ----------------------------------------------------------------------------

def test_strategy_kept_passes_and_changed_fails() -> None:
    c = case(strategy="fsdp")
    assert check("strategy", c, ported(strategy="fsdp")) == []
    assert check("strategy", c, ported(strategy="ddp"))


def test_zero2_needs_a_note_when_not_kept() -> None:
    c = case(strategy="zero2")
    assert check("strategy", c, ported(strategy="ddp"))
    note = "ZeRO stage 2 of the accelerate config is not a maple_flow template: zero3 used"
    assert check("strategy", c, ported(strategy="zero3", notes=[note])) == []


def test_strategy_only_the_program_knows_is_not_judged() -> None:
    c = case(strategy="fsdp", strategy_in_script=False)
    assert check("strategy", c, ported(strategy="ddp")) == []


def test_deepspeed_config_strategy_is_not_judged() -> None:
    assert check("strategy", case(strategy="deepspeed-config"), ported(strategy="zero3")) == []


# -- launcher configuration and rendezvous ----------------------------------------------

def test_launcher_config_kept_or_noted() -> None:
    c = case(launcher_config=["$CFG"], vars={"CFG": "acc.yaml"})
    assert check("launcher_config", c, ported())
    assert check("launcher_config", c, ported(PER_RANK_PORT + "# --config_file acc.yaml\n")) == []
    note = "accelerate config 'acc.yaml' reads as ZeRO-2: ported as ddp"
    assert check("launcher_config", c, ported(notes=[note])) == []


def test_rendezvous_overwritten_by_a_kept_source_step_fails() -> None:
    text = "MASTER_ADDR=n1\nexport MASTER_ADDR\n" + PER_RANK_PORT
    assert check("rendezvous", case(), ported(text)) == []
    clobbered = text + "declare -xr MASTER_ADDR=$(hostname -i)\n"
    assert check("rendezvous", case(), ported(clobbered))
    commented = text + "# export MASTER_ADDR=other\n"
    assert check("rendezvous", case(), ported(commented)) == []


# -- setup -------------------------------------------------------------------------------

SETUP = [
    {"step": "git clone https://example.org/x.git", "keep": "required"},
    {"step": "cd x", "keep": "required"},
]


def test_setup_in_order_passes() -> None:
    text = PER_RANK_PORT.replace("srun", "git clone https://example.org/x.git\ncd x\nsrun")
    assert check("setup", case(setup=SETUP), ported(text)) == []


def test_setup_missing_fails() -> None:
    assert len(check("setup", case(setup=SETUP), ported())) == 2


def test_setup_out_of_order_fails() -> None:
    text = PER_RANK_PORT.replace("srun", "cd x\ngit clone https://example.org/x.git\nsrun")
    assert "out of order" in " ".join(check("setup", case(setup=SETUP), ported(text)))


def test_setup_kept_with_scheduler_variables_renamed_passes() -> None:
    c = case(setup=[{"step": 'echo "Done with job $SLURM_JOB_ID"', "keep": "required"}])
    text = PBS_PER_RANK_PORT + 'echo "Done with job $PBS_JOBID"\n'
    assert check("setup", c, ported(text, target="aurora")) == []
    other = PBS_PER_RANK_PORT + 'echo "Done with job"\n'
    assert check("setup", c, ported(other, target="aurora"))


def test_setup_or_note_matches_the_file_a_note_names() -> None:
    c = case(setup=[{"step": "> out.txt", "keep": "or_note"}])
    assert check("setup", c, ported())
    assert check("setup", c, ported(notes=["the output redirection to out.txt is dropped"])) == []


def test_setup_or_note_accepts_a_note() -> None:
    c = case(setup=[{"step": "source /site/envs/a/bin/activate", "keep": "or_note"}])
    assert check("setup", c, ported())
    note = "environment activation `source /site/envs/a/bin/activate` is not copied"
    assert check("setup", c, ported(notes=[note])) == []


# -- account -----------------------------------------------------------------------------

def test_account_copied_fails_and_absent_passes() -> None:
    c = case(source_accounts=["myproj42"])
    assert check("account", c, ported()) == []
    text = PER_RANK_PORT.replace("#SBATCH -N 2", "#SBATCH -A myproj42\n#SBATCH -N 2")
    assert check("account", c, ported(text))


def test_account_as_directory_of_a_kept_path_is_not_the_account() -> None:
    c = case(source_accounts=["myproj42"])
    text = PER_RANK_PORT.replace("train.py", "/fs/myproj42/me/train.py")
    assert check("account", c, ported(text)) == []


def test_account_export_carried_over_fails() -> None:
    source = "export SBATCH_ACCOUNT=other\n" + PER_RANK_PORT
    text = "export SBATCH_ACCOUNT=$ACCT\n" + PER_RANK_PORT
    assert check("account", case(), ported(text), source)
    assert check("account", case(), ported(), source) == []


def test_account_in_target_hint_comment_is_not_a_copy() -> None:
    hint = "lists your projects (e.g. myproj42)"
    c = case(source_accounts=["myproj42"])
    p = ported(PER_RANK_PORT + f"# {hint}\n", target_knowledge=f"hint: {hint}")
    assert check("account", c, p) == []


# -- single quotes -----------------------------------------------------------------------

SOURCE_WITH_VAR = "#!/bin/bash\nmycfg=a.yaml\nsrun python train.py --cfg $mycfg\n"


def test_user_variable_frozen_in_single_quotes_fails() -> None:
    text = PER_RANK_PORT.replace("--epochs 3", "--cfg '$mycfg'")
    assert check("frozen_quotes", case(), ported(text), SOURCE_WITH_VAR)


def test_user_variable_double_quoted_or_exported_passes() -> None:
    text = PER_RANK_PORT.replace("--epochs 3", '--cfg "$mycfg"')
    assert check("frozen_quotes", case(), ported(text), SOURCE_WITH_VAR) == []
    text = "export mycfg=a.yaml\n" + PER_RANK_PORT.replace("srun", "srun bash -c 'echo $mycfg';")
    assert check("frozen_quotes", case(), ported(text), SOURCE_WITH_VAR) == []


def test_scheduler_variable_in_single_quotes_is_fine() -> None:
    text = PER_RANK_PORT.replace("srun", "srun bash -c 'echo $SLURM_PROCID';")
    assert check("frozen_quotes", case(), ported(text), SOURCE_WITH_VAR) == []


# -- device family -----------------------------------------------------------------------

def test_device_change_without_backend_note_fails() -> None:
    assert check("device_note", case(), ported(vendor="intel"))


def test_device_change_with_backend_note_passes() -> None:
    note = "the source used nccl on CUDA GPUs; on Intel GPUs the backend is xccl (device xpu)"
    assert check("device_note", case(), ported(vendor="intel", notes=[note])) == []


def test_amd_to_nvidia_needs_no_note_amd_to_intel_does() -> None:
    assert check("device_note", case(device="amd"), ported(vendor="nvidia")) == []
    assert check("device_note", case(device="amd"), ported(vendor="intel"))
    note = "ROCm builds use torch.cuda and nccl; Intel GPUs need xpu and xccl"
    assert check("device_note", case(device="amd"), ported(vendor="intel", notes=[note])) == []


def test_same_device_family_needs_no_note() -> None:
    assert check("device_note", case(), ported(vendor="nvidia")) == []


# -- source-only values ------------------------------------------------------------------

def test_source_only_value_copied_fails() -> None:
    c = case(source_only=["list:1:2:3"])
    text = "export CPU_AFFINITY=list:1:2:3\n" + PER_RANK_PORT
    assert check("source_only", c, ported(text))
    assert check("source_only", c, ported()) == []


def test_a_container_image_carried_to_the_target_runtime_with_a_note_is_right() -> None:
    c = case(source_only=["/site/pt.sif"], container_image="/site/pt.sif")
    text = PER_RANK_PORT.replace("python train", "apptainer exec --nv /site/pt.sif python train")
    note = ["your container (singularity image /site/pt.sif) runs the program on Delta"]
    assert check("source_only", c, ported(text, notes=note)) == []
    assert check("source_only", c, ported(text))  # no note naming it: wrong
    copied = PER_RANK_PORT.replace("train.py", "train.py /site/pt.sif")
    assert check("source_only", c, ported(copied, notes=note))  # not run by the runtime
    assert check("source_only", case(source_only=["/site/pt.sif"]), ported(text, notes=note))


def test_source_only_value_in_a_kept_directive_comment_is_not_a_copy() -> None:
    c = case(source_only=["tensorflow/1.8"])
    kept = "# source directive, not carried: #PBS -l software=tensorflow/1.8\n"
    head, rest = PER_RANK_PORT.split("\n", 1)
    assert check("source_only", c, ported(f"{head}\n{kept}{rest}")) == []
    assert check("source_only", c, ported(f"{head}\nmodule load tensorflow/1.8\n{rest}"))


def test_source_only_value_known_to_target_is_not_a_copy() -> None:
    c = case(source_only=["list:1:2:3"])
    p = ported("export CPU_AFFINITY=list:1:2:3\n" + PER_RANK_PORT, target_knowledge="list:1:2:3")
    assert check("source_only", c, p) == []


def test_source_module_loaded_by_port_fails() -> None:
    source = "module load mysite-torch/1.0\n" + PER_RANK_PORT
    assert check("source_only", case(), ported("module load mysite-torch/1.0\n" + PER_RANK_PORT),
                 source)
    assert check("source_only", case(), ported("module load torch/2\n" + PER_RANK_PORT),
                 source) == []


def test_hsn_address_from_source_not_copied() -> None:
    source = "MASTER_ADDR=n1.hsn.cm.site\n" + PER_RANK_PORT
    assert check("source_only", case(), ported("A=n1.hsn.cm.site\n" + PER_RANK_PORT), source)


# -- vendor tools ------------------------------------------------------------------------

def test_nvidia_tool_on_intel_target_fails_and_passes_elsewhere() -> None:
    text = "N=$(nvidia-smi -L | wc -l)\n" + PER_RANK_PORT
    assert check("vendor_tools", case(), ported(text, vendor="intel"))
    assert check("vendor_tools", case(), ported(text, vendor="nvidia")) == []
    assert check("vendor_tools", case(), ported("# nvidia-smi\n" + PER_RANK_PORT,
                                                 vendor="intel")) == []


@pytest.mark.parametrize("line", ["nvidia-cuda-mps-control -d",
                                  "export CUDA_MPS_PIPE_DIRECTORY=/tmp/mps"])
def test_nvidia_mps_on_intel_target_fails_and_passes_elsewhere(line: str) -> None:
    text = line + "\n" + PER_RANK_PORT
    assert check("vendor_tools", case(), ported(text, vendor="intel"))
    assert check("vendor_tools", case(), ported(text, vendor="nvidia")) == []


def test_unsetting_a_vendor_variable_is_harmless() -> None:
    text = "unset CUDA_VISIBLE_DEVICES\n" + PER_RANK_PORT
    assert check("vendor_tools", case(), ported(text, vendor="intel")) == []


def test_vendor_word_the_target_uses_is_fine() -> None:
    text = "export ZE_AFFINITY_MASK=0\n" + PER_RANK_PORT
    assert check("vendor_tools", case(), ported(text, vendor="nvidia"))
    assert check("vendor_tools", case(), ported(text, vendor="nvidia",
                                                 target_knowledge="ZE_AFFINITY_MASK")) == []


# -- policy and shellcheck ---------------------------------------------------------------

def test_policy_and_shellcheck_lists_fail_and_pass() -> None:
    assert check("policy", case(), ported(policy_problems=["nodes: too many"]))
    assert check("policy", case(), ported()) == []
    assert check("shellcheck", case(), ported(shellcheck_errors=["SC1009"]))
    assert check("shellcheck", case(), ported()) == []


def _real_port(target: str = "delta") -> maple_flow.PortResult:
    return maple_flow.port(PER_RANK_PORT, [target])[target]


def test_ported_record_runs_shellcheck_and_policy() -> None:
    result = _real_port()
    assert RUN.ported_record(result).shellcheck_errors == []
    broken = dataclasses.replace(result, script=result.script + "\nif [ x = y ]; then\n")
    assert RUN.ported_record(broken).shellcheck_errors
    too_big = dataclasses.replace(result, script=result.script.replace(
        "#SBATCH -N 2", "#SBATCH -N 100000"))
    assert too_big.script != result.script
    assert RUN.ported_record(too_big).policy_problems


# -- classification of sizes the script does not fix -------------------------------------

UNKNOWN_SIZE = """#!/bin/bash
#PBS -l walltime=00:10:00
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $((NNODES*4)) --ppn 4 python train.py --epochs 3
"""


def test_port_that_guesses_an_open_size_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    c = case(total_ranks="unknown", known_ranks=None, source_cluster="polaris")
    out = RUN.port_unknown_size(c, "delta", UNKNOWN_SIZE)
    if out.asked_for_size is False:
        assert out.status == "wrong" and "size" in out.failures
    monkeypatch.setattr(RUN, "attempt", lambda *a, **k: _real_port())
    forced = RUN.port_unknown_size(c, "delta", UNKNOWN_SIZE)
    assert forced.status == "wrong" and "size" in forced.failures


def test_port_that_asks_for_the_size_is_correct_or_rerun(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []

    def fake(script: str, target: str, **overrides: Any) -> Any:
        calls.append(overrides)
        return "MissingInformation: pass --nodes N" if not overrides else _real_port(target)

    monkeypatch.setattr(RUN, "attempt", fake)
    c = case(total_ranks="unknown", known_ranks=None)
    assert RUN.port_unknown_size(c, "delta", UNKNOWN_SIZE).status == "correct"
    known = {"total": 8, "nodes": 2, "gpus_per_node": 4, "why": "the page"}
    rerun = RUN.port_unknown_size(case(total_ranks="unknown", known_ranks=known), "delta",
                                  UNKNOWN_SIZE)
    assert rerun.asked_for_size and rerun.rerun_with and calls[-1]


def test_asking_only_for_gpus_per_node_is_not_asking_for_the_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RUN, "attempt", lambda *a, **k: "MissingInformation: gpus_per_node=N")
    c = case(total_ranks="unknown", known_ranks=None)
    assert RUN.port_unknown_size(c, "delta", UNKNOWN_SIZE).status == "refused"


def test_refusal_that_does_not_say_how_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RUN, "attempt", lambda *a, **k: "ParseError: no launch line found")
    c = case(total_ranks="unknown", known_ranks=None)
    assert RUN.port_unknown_size(c, "delta", UNKNOWN_SIZE).status == "refused"


# -- the case file -----------------------------------------------------------------------

def test_case_file_loads_and_covers_the_brief() -> None:
    cases = rp_cases.load_cases()
    assert len(cases) >= 25
    assert len({c.centre for c in cases}) >= 8
    assert all(len(c.targets) >= 3 for c in cases)
    assert any(t in {"aurora", "stampede3"} for c in cases for t in c.targets)


def test_case_file_rejects_unknown_target(tmp_path: Path) -> None:
    bad = tmp_path / "cases.yaml"
    data = {**BASE, "targets": ["polaris", "delta", "nowhere"]}
    import yaml
    bad.write_text(yaml.safe_dump({"schema": 1, "cases": [data]}))
    with pytest.raises(ValueError, match="unknown targets"):
        rp_cases.load_cases(bad)


def test_cache_dir_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MAPLE_REALPORT_CACHE", str(tmp_path))
    assert rp_cases.cache_dir(None) == tmp_path
    assert rp_cases.cache_dir("x") == Path("x")
    monkeypatch.delenv("MAPLE_REALPORT_CACHE")
    assert rp_cases.cache_dir(None) == rp_cases.DEFAULT_CACHE


def test_check_cache_lists_missing_scripts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert RUN.main(["--cache", str(tmp_path), "--check-cache"]) == 1
    assert "nersc-multigpu-modules" in capsys.readouterr().out


def test_summary_and_markdown_count_each_status() -> None:
    c1, c2 = case(id="a", patterns=["x", "y"]), case(id="b", patterns=["y"])
    outs = [
        RUN.Outcome("a", "delta", "correct"),
        RUN.Outcome("a", "aurora", "wrong", failures={"device_note": ["device: ..."]}),
        RUN.Outcome("b", "delta", "refused", reason="ParseError: no launch line found"),
    ]
    summ = RUN.summary([c1, c2], outs)
    assert summ["status"] == {"correct": 1, "wrong": 1, "refused": 1}
    assert summ["by_pattern"]["y"] == {"correct": 1, "wrong": 1, "refused": 1}
    assert summ["pattern_reasons"]["y"] == {"device_note": 1, "refused: ParseError": 1}
    page = RUN.markdown([c1, c2], outs, summ)
    assert "**1 correct**, 1 refused, 1 wrong" in page
    assert "| a | test | aurora | wrong: device_note |" in page


def test_a_crash_of_port_is_wrong_not_a_harness_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("x")

    monkeypatch.setattr(RUN, "port", boom)
    out = RUN.run_case(case(), "delta", PER_RANK_PORT)
    assert out.status == "wrong" and "crash" in out.failures


def test_validate_flags_a_claim_missing_from_the_script_and_a_changed_text() -> None:
    import hashlib

    script = PER_RANK_PORT
    assert rp_cases.validate(case(), script) == []
    assert rp_cases.validate(case(args=["--epochs", "9"]), script)
    digest = hashlib.sha256(script.encode()).hexdigest()
    assert rp_cases.validate(case(sha256=digest), script) == []
    assert rp_cases.validate(case(sha256=digest), script + "\n")


def test_a_port_refused_by_the_target_rules_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    refused = dataclasses.replace(_real_port(), script="", status="refused",
                                  notes=["refused for Delta: nodes: too many"])
    monkeypatch.setattr(RUN, "port", lambda *a, **k: {"delta": refused})
    out = RUN.run_case(case(), "delta", PER_RANK_PORT)
    assert out.status == "refused" and "too many" in out.reason


# -- a launch inside a loop --------------------------------------------------------------

LOOP_SOURCE = PER_RANK_PORT.replace(
    "srun python train.py --epochs 3\n",
    "for SEED in 1 2 3\ndo\n    srun python train.py --epochs 3\ndone\n")


def test_launch_taken_out_of_its_loop_fails() -> None:
    fails = check("loop", case(), ported(), LOOP_SOURCE)
    assert fails and "for SEED" in fails[0]


def test_launch_in_another_loop_fails_and_in_the_same_loop_passes() -> None:
    other = LOOP_SOURCE.replace("for SEED in 1 2 3", "for LR in 0.1 0.2")
    assert check("loop", case(), ported(other), LOOP_SOURCE)
    assert check("loop", case(), ported(LOOP_SOURCE), LOOP_SOURCE) == []


def test_no_loop_in_the_source_needs_none() -> None:
    assert check("loop", case(), ported(), PER_RANK_PORT) == []
# --- the --verify pass's bookkeeping (rp_verify; no twin) ------------------------------------

SRUN_BASH_C = """#!/bin/bash
srun --nodes="$NNODES" --ntasks="$NRANKS" \\
    bash -c 'export RANK="$SLURM_PROCID"; exec "$@"' maple-rank \\
    python train.py --epochs 3
"""
PALS = """#!/bin/bash -l
# mpiexec python train.py (a comment is not a launch line)
mpiexec -n "$NRANKS" --ppn 4 --cpu-bind=depth python3 /home/u/train.py --x 1
"""


def test_launch_chain_reads_the_line_that_runs_the_program() -> None:
    assert rp_verify.launch_chain(SRUN_BASH_C, "train.py") == "srun > bash -c > python"
    assert rp_verify.launch_chain(PALS, "/home/u/train.py") == "mpiexec > python3"
    assert rp_verify.launch_chain(TORCHRUN_PORT, "train.py") == "srun > torchrun"
    assert rp_verify.launch_chain(PALS, "other.py") == ""


def test_launch_kind_names_per_rank_and_per_node_models() -> None:
    assert rp_verify.launch_kind("srun > bash -c > python") == "per-rank srun via bash -c"
    assert rp_verify.launch_kind("mpiexec > python3") == "per-rank mpiexec"
    assert rp_verify.launch_kind("srun > torchrun") == "torchrun (under srun)"
    assert rp_verify.launch_kind("mpiexec > deepspeed") == "deepspeed (under mpiexec)"
    assert rp_verify.launch_kind("accelerate") == "accelerate"


def test_user_environment_names_the_users_missing_file_or_the_network() -> None:
    source = "source export_DDP_vars.sh\nsrun python train.py\n"
    err = "/x/slurm_script: line 28: export_DDP_vars.sh: No such file or directory\n"
    assert "export_DDP_vars.sh is not in the job's folder" in rp_verify.user_environment(
        err, "", source)
    net = "fatal: unable to access 'https://github.com/a/b.git/': Could not resolve host: x"
    assert "needs the network" in rp_verify.user_environment(net, "", source)
    # a missing file the source does not name, or the mini-app's own, is not the user's
    assert rp_verify.user_environment("/opt/x/lib.so: No such file or directory", "",
                                      source) == ""
    mini = "python: can't open file '/j/maple_miniapps/train.py': [Errno 2]"
    assert rp_verify.user_environment(mini, "", source + "train.py") == ""
    # a tool the source itself runs (a profiler) that the twin lacks; a command the source
    # does not name is not the user's
    prof = "srun bash -c 'exec \"$@\"' r nsys profile python train.py\n"
    assert "command nsys is not installed" in rp_verify.user_environment(
        "r: line 1: exec: nsys: not found", "", prof)
    assert rp_verify.user_environment("bash: ncu: command not found", "", prof) == ""


def test_a_container_port_on_a_twin_without_runtime_is_not_verifiable_not_the_users_file(
) -> None:
    from types import SimpleNamespace

    script = "#!/bin/bash\nsrun apptainer exec --nv pt.sif python train.py\n"
    spec = SimpleNamespace(entrypoint="train.py", launch_model="per_rank", nodes=1,
                           gpus_per_node=1)
    it = rp_verify.Item("c", "delta", "port", SimpleNamespace(spec=spec, script=script),
                        "#!/bin/bash\nsrun apptainer exec --nv pt.sif python train.py\n")
    err = "slurmstepd: error: execve(): apptainer: No such file or directory\n"
    report = SimpleNamespace(status="failed", reasons=["the job ended FAILED"], stderr=err,
                             stdout="", ranks_per_node={}, job_id="7", elapsed_s=3.0,
                             log_excerpt=[err])
    out = rp_verify.outcome_of(it, report)
    assert out.status == rp_verify.NOT_VERIFIABLE
    assert out.cause.startswith("not verifiable on the twin: it has no container runtime")
    assert "apptainer: No such file" in out.cause
    # the user's own missing file stays the user's
    assert rp_verify.container_runtime_missing("line 3: setup.sh: No such file", "") == ""
    summ = rp_verify.verify_tally([out])
    assert summ["port"]["status"] == {rp_verify.NOT_VERIFIABLE: 1}
    page = rp_verify.verify_markdown([out], summ)
    assert "1 not verifiable on the twin (no container runtime)" in page


def _vo(status: str, launch: str, cause: str = "", at: str = "port") -> VerifyOutcome:
    return VerifyOutcome("c", "delta", status, at=at, launch=launch, cause=cause,
                         expected="1x4", seen={"gpua001": 4} if status == "verified" else {})


def test_verify_tally_and_page_count_every_status_cause_and_launch_model() -> None:
    cold = _vo("verified", "srun > bash -c > python3")
    cold.warm_cause = "step: parameters differ across ranks"
    cold.user_step_failed = "the user's file setup.sh is not in the job's folder"
    vos = [_vo("verified", "srun > bash -c > python"), _vo("verified", "mpiexec > python"),
           _vo("failed", "srun > torchrun", "rejected at submission: x"),
           _vo("unverified", "mpiexec > python", "too small"),
           _vo("unverified", "mpiexec > python", "too small"), cold,
           _vo("verified", "mpiexec > python", at="twin size"),
           _vo("unverified", "", "the port is wrong at this size: x", at="twin size")]
    summ = rp_verify.verify_tally(vos)
    port, twin = summ["port"], summ["twin size"]
    assert port["status"] == {"verified": 3, "failed": 1, "unverified": 2}
    assert port["by_cause"]["unverified"] == {"too small": 2}
    assert port["by_launch"]["per-rank mpiexec"] == {"verified": 1, "unverified": 2}
    assert port["by_launch"]["per-rank srun via bash -c"] == {"verified": 2}
    assert port["warm_failed_then_cold"] == {"verified": 1}
    assert twin["status"] == {"verified": 1, "unverified": 1}
    assert twin["by_launch"] == {"per-rank mpiexec": {"verified": 1}}  # no launch: not run
    page = rp_verify.verify_markdown(vos, summ | {"wall_s": 12.0, "mode": "warm"})
    assert "6 ports: **3 verified**, 1 failed, 2 unverified" in page
    assert "2 ports: **1 verified**, 0 failed, 1 unverified" in page
    assert "| per-rank mpiexec | 1 | 0 | 2 |" in page and "- 2 x too small" in page
    assert "verified (gpua001=4" in page and "warm run failed: step: parameters" in page
    assert "Failed warm, then run cold (the cold verdict counts): 1 verified" in page
    assert port["verified_with_user_step_failing"] == 1
    assert "1 of the verified jobs ran a user's step that failed" in page
    assert "as on the source: the user's file setup.sh" in page


def test_only_a_job_that_ran_and_failed_is_rerun_cold() -> None:
    ran = _vo("failed", "srun > python", "the job ended FAILED with exit code 1")
    ran.job_id = "12"
    rejected = _vo("failed", "srun > python", "rejected at submission: x")
    rejected.job_id = "13"
    assert rp_verify.ran_and_failed(ran)
    assert not rp_verify.ran_and_failed(rejected)
    assert not rp_verify.ran_and_failed(_vo("failed", "srun > python", "x"))  # no job
    assert not rp_verify.ran_and_failed(_vo("unverified", "srun > python", "x"))


def test_verify_outcome_survives_its_json_for_resume() -> None:
    vo = _vo("failed", "srun > python", "x", at="twin size")
    vo.diagnosis, vo.size_given, vo.warm_cause = "rec", {"nodes": 2}, "w"
    again = VerifyOutcome(**json.loads(json.dumps(dataclasses.asdict(vo))))
    assert again == vo


def test_twin_fit_gives_full_nodes_the_twin_has() -> None:
    assert rp_verify.twin_fit(2, "delta") is None  # the twin runs it as it is
    assert rp_verify.twin_fit(1, "aurora") is None  # part of a node: told to the mini-apps
    assert rp_verify.twin_fit(16, "polaris") == {"nodes": 2, "gpus_per_node": 4}


def test_verify_items_take_correct_ports_and_a_twin_size_where_needed() -> None:
    calls: list[tuple[str, str, dict[str, Any]]] = []
    big = dataclasses.replace(_real_port(), spec=_real_port().spec.model_copy(
        update={"nodes": 8}))

    def judged(case_id: str, target: str, script: str, **kw: Any) -> Any:
        calls.append((case_id, target, kw))
        if target == "vista":
            return "refused at this size: x"
        return big if case_id == "big" and not kw else _real_port()

    outs = [RUN.Outcome("a", "delta", "correct"),
            RUN.Outcome("a", "aurora", "wrong", failures={"x": ["y"]}),
            RUN.Outcome("b", "delta", "correct", asked_for_size=True, rerun_with={"ranks": 16}),
            RUN.Outcome("c", "delta", "correct", asked_for_size=True),
            RUN.Outcome("big", "delta", "correct"), RUN.Outcome("a", "vista", "correct")]
    items = rp_verify.verify_items(outs, {"a": "s", "b": "s", "c": "s", "big": "s"}, judged)
    got = [(i.case, i.target, i.at, i.size, isinstance(i.port, str)) for i in items]
    assert got == [
        ("a", "delta", "port", {}, False), ("b", "delta", "port", {}, False),
        ("c", "delta", "port", {}, True),
        ("c", "delta", "twin size", {"nodes": 2, "gpus_per_node": 4}, False),
        ("big", "delta", "port", {}, False),
        ("big", "delta", "twin size", {"nodes": 2, "gpus_per_node": 4}, False),
        ("a", "vista", "port", {}, True)]
    assert ("b", "delta", {"ranks": 16}) in calls


def test_cause_kind_groups_the_reasons_a_port_was_not_verified() -> None:
    kind = rp_verify.cause_kind
    assert kind("unverified (the twin is too small): the job needs 8 nodes and the twin's "
                "delta has 4") == "twin too small: more nodes than a personality has"
    assert kind("the user's file setup_env.sh is not in the job's folder").startswith(
        "needs the user's files")
    assert kind("the port is wrong at this size: args: x").startswith("port wrong at twin")
    assert kind("the job ended FAILED with exit code 1;\n no report") == (
        "the job ended FAILED with exit code 1; no report")


def test_normalise_keeps_a_braced_name_apart_from_the_text_after_it() -> None:
    # ``${PP}_TP`` is $PP then "_TP": stripping the braces first would read $PP_TP
    values = {"PP": "1", "TP": "2"}
    assert rp_checks.normalise("out/PP${PP}_TP${TP}_x", values) == "out/PP1_TP2_x"
    assert rp_checks.normalise("out/PP1_TP2_x", values) == "out/PP1_TP2_x"
    assert rp_checks.normalise("$PP_TP", values) == "$PP_TP"


# -- realusers: a kept step re-quoted, and job arrays --------------------------------------

def test_setup_step_requoted_with_the_same_shell_words_passes() -> None:
    c = case(setup=[{"step": 'export HF_TOKEN="hf_xxx"', "keep": "required"},
                    {"step": "export CPATH=$CONDA_PREFIX/include:$CPATH", "keep": "required"}])
    text = PER_RANK_PORT.replace(
        "srun", 'export HF_TOKEN=hf_xxx\nexport CPATH="$CONDA_PREFIX/include:$CPATH"\nsrun')
    assert check("setup", c, ported(text)) == []


def test_setup_step_with_another_value_still_fails() -> None:
    c = case(setup=[{"step": 'export HF_TOKEN="hf_xxx"', "keep": "required"}])
    text = PER_RANK_PORT.replace("srun", "export HF_TOKEN=hf_yyy\nsrun")
    assert "neither kept" in " ".join(check("setup", c, ported(text)))


ARRAY_SOURCE = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --array=1-100\nsrun python train.py\n"


def test_array_job_ported_as_one_job_fails() -> None:
    fails = check("array", case(), ported(), ARRAY_SOURCE)
    assert fails and "1-100" in fails[0]


def test_array_job_kept_as_an_array_passes() -> None:
    text = PER_RANK_PORT.replace("#SBATCH -N 2", "#SBATCH -N 2\n#SBATCH --array=1-100")
    assert check("array", case(), ported(text), ARRAY_SOURCE) == []
    pbs = "#!/bin/bash\n#PBS -l select=2\n#PBS -J 1-100\nmpiexec -n 8 python train.py\n"
    assert check("array", case(), ported(pbs, target="polaris"), ARRAY_SOURCE) == []


def test_array_check_ignores_a_job_that_is_not_an_array() -> None:
    assert check("array", case(), ported(), PER_RANK_PORT) == []


# -- judging: refusals and assumed sizes ---------------------------------------------------


def test_refusal_asking_for_ranks_is_not_a_right_gpu_refusal() -> None:
    big = case(gpus_per_rank=8)
    shortage = "one process drives 8 GPUs; a delta node has 4 GPUs"
    assert RUN.right_refusal(big, "delta", shortage)
    asks = "the GPUs of this job are not fixed by the script: give ranks=N"
    assert not RUN.right_refusal(big, "delta", asks)


def test_a_size_assumed_without_a_note_is_silent() -> None:
    assert RUN.size_assumed_silently(["modules replaced by the target's"])
    assert not RUN.size_assumed_silently(["assumed 4 ranks: the script does not say"])



def test_a_registry_image_carried_to_shifter_in_the_header_is_right() -> None:
    c = case(source_only=["me/pt:1"], container_image="me/pt:1")
    head, rest = PER_RANK_PORT.split("\n", 1)
    text = head + "\n#SBATCH --image=me/pt:1\n" + rest.replace("python train",
                                                                "shifter --module=gpu python train")
    note = ["your container (apptainer image docker://me/pt:1) runs the program on Perlmutter"]
    assert check("source_only", c, ported(text, notes=note)) == []
    assert check("source_only", c, ported(text))  # no note naming it: wrong


def test_a_source_path_kept_as_a_noted_bind_mount_is_flagged_not_copied() -> None:
    c = case(source_only=["/pscratch/sd/u"])
    text = PER_RANK_PORT.replace("python train", "apptainer exec --nv -B /pscratch/sd/u:/data "
                                 "/site/pt.sif python train")
    note = ["...; the bind mounts (/pscratch/sd/u:/data) name paths of the source's filesystem"]
    assert check("source_only", c, ported(text, notes=note)) == []
    assert check("source_only", c, ported(text))


def test_a_source_overlay_kept_on_the_carried_container_and_noted_is_flagged_not_copied() -> None:
    c = case(source_only=["env.ext3:ro"])
    text = PER_RANK_PORT.replace("python train", "apptainer exec --nv --overlay env.ext3:ro "
                                 "/site/pt.sif python train")
    note = ["...; the overlay(s) env.ext3:ro (your environment or data images) are files of the "
            "source's filesystem: copy them to Delta"]
    assert check("source_only", c, ported(text, notes=note)) == []
    assert check("source_only", c, ported(text))  # no note naming it: wrong
