"""The verification mini-apps (miniapps/*.py) and their report parser
(maple_flow.verify.miniapp_report).

Pure tests of the rank-env derivation, the device model, the rendezvous check, the parser and
assess(); the tiny GPT-2 (miniapps/_gpt2.py); then real 2-process runs on this CPU host
(torchrun with ``transformers`` made unimportable, plain python with PMI env, and two emulated
nodes in their own UTS namespaces when the twin's /etc/hosts block is present).
"""

from __future__ import annotations

import importlib.util
import math
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from maple_flow.verify.miniapp_report import (
    REPORT_PREFIX,
    MiniAppReport,
    ParsedOutput,
    assess,
    parse_output,
    parse_reports,
)

ROOT = Path(__file__).resolve().parents[1]
MINIAPPS = ROOT / "miniapps"
APPS = ("ddp", "fsdp", "zero3", "accelerate_ddp")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"maple_miniapp_{name}", MINIAPPS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


C = _load("_common")


# ---------------------------------------------------------------- rank env (pure)

@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"RANK": "3", "WORLD_SIZE": "8", "LOCAL_RANK": "1", "GROUP_RANK": "1"},
         (3, 1, 8, 1, "torchrun")),
        ({"OMPI_COMM_WORLD_RANK": "5", "OMPI_COMM_WORLD_SIZE": "8",
          "OMPI_COMM_WORLD_LOCAL_RANK": "1"}, (5, 1, 8, None, "openmpi")),
        ({"PALS_RANKID": "6", "PMI_RANK": "6", "PMI_SIZE": "8", "PALS_LOCAL_RANKID": "2",
          "PALS_NODEID": "1"}, (6, 2, 8, 1, "pals")),
        ({"PMI_RANK": "2", "PMI_SIZE": "4", "MPI_LOCALRANKID": "0"}, (2, 0, 4, None, "pmi")),
        ({"SLURM_PROCID": "7", "SLURM_NTASKS": "8", "SLURM_LOCALID": "3", "SLURM_NODEID": "1"},
         (7, 3, 8, 1, "slurm")),
        # torchrun inside srun: torchrun's variables win over the Slurm task's
        ({"RANK": "1", "WORLD_SIZE": "2", "LOCAL_RANK": "1", "SLURM_PROCID": "0",
          "SLURM_NTASKS": "1", "SLURM_LOCALID": "0"}, (1, 1, 2, None, "torchrun")),
        # mpiexec in a batch script: the stale SLURM_PROCID=0 of the batch step is ignored
        ({"PMI_RANK": "3", "PMI_SIZE": "4", "PMI_LOCAL_RANK": "1", "SLURM_PROCID": "0",
          "SLURM_NTASKS": "1", "SLURM_LOCALID": "0"}, (3, 1, 4, None, "pmi")),
        # PMI without a local rank under srun --mpi=pmi2: Slurm's local id fills in
        ({"PMI_RANK": "3", "PMI_SIZE": "4", "SLURM_PROCID": "3", "SLURM_NTASKS": "4",
          "SLURM_LOCALID": "1"}, (3, 1, 4, None, "pmi")),
    ],
)
def test_derive_rank_info(env: dict[str, str], expected: tuple[object, ...]) -> None:
    info = C.derive_rank_info(env)
    assert (info.rank, info.local_rank, info.world_size, info.node_rank, info.source) == expected


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({}, "no rank information"),
        ({"PMI_RANK": "1", "PMI_SIZE": "2"}, "no local-rank variable"),
        ({"RANK": "x", "WORLD_SIZE": "2", "LOCAL_RANK": "0"}, "RANK='x' is not an integer"),
        ({"RANK": "2", "WORLD_SIZE": "2", "LOCAL_RANK": "0"}, "inconsistent rank env"),
    ],
)
def test_derive_rank_info_errors(env: dict[str, str], message: str) -> None:
    with pytest.raises(C.MiniAppError, match=message):
        C.derive_rank_info(env)


def test_rendezvous_is_never_invented() -> None:
    assert C.rendezvous({"MASTER_ADDR": "nid200001", "MASTER_PORT": "29500"}) == (
        "nid200001", 29500)
    with pytest.raises(C.MiniAppError, match="MASTER_ADDR not set"):
        C.rendezvous({"MASTER_PORT": "29500"})
    with pytest.raises(C.MiniAppError, match="MASTER_ADDR and MASTER_PORT not set"):
        C.rendezvous({})


# ---------------------------------------------------------------- device model (pure)

@pytest.mark.parametrize(
    ("local_rank", "n_devices", "env", "expected"),
    [
        (2, None, {}, (2, "2")),
        (1, None, {"CUDA_VISIBLE_DEVICES": "3,2,1,0"}, (1, "2")),
        (3, None, {"CUDA_VISIBLE_DEVICES": "3"}, (0, "3")),  # per-rank binding
        (1, None, {"ZE_AFFINITY_MASK": "0.0,0.1"}, (1, "0.1")),
        (1, 4, {}, (1, "1")),
        (2, 1, {"CUDA_VISIBLE_DEVICES": "2"}, (0, "2")),
    ],
)
def test_pick_device(
    local_rank: int, n_devices: int | None, env: dict[str, str], expected: tuple[int, str]
) -> None:
    assert C.pick_device(local_rank, n_devices, env) == expected


def test_pick_device_errors() -> None:
    msg = "LOCAL_RANK 2 has no device in CUDA_VISIBLE_DEVICES=0,1"
    with pytest.raises(C.MiniAppError, match=msg):
        C.pick_device(2, None, {"CUDA_VISIBLE_DEVICES": "0,1"})
    with pytest.raises(C.MiniAppError, match="set but empty"):
        C.pick_device(0, None, {"CUDA_VISIBLE_DEVICES": ""})


def test_check_layout_of_a_part_node_job() -> None:
    two_of_four = [("a", "0"), ("a", "1"), ("b", "0"), ("b", "1")]
    assert C.check_layout(two_of_four, 4, wanted=2) == []
    assert C.check_layout(two_of_four, 4) == [
        "ranks per node 2 != modelled GPUs per node 4 (host a)",
        "ranks per node 2 != modelled GPUs per node 4 (host b)"]
    assert C.check_layout(two_of_four[:3], 4, wanted=2) == [
        "ranks per node 1 != 2 GPUs per node the job uses (host b)"]
    # a wish beyond the node is no excuse: the node's GPUs are the bound
    assert C.check_layout(two_of_four, 2, wanted=3) == []
    assert C.check_layout([("a", "0"), ("a", "0")], 4, wanted=2) == [
        "ranks 0 and 1 on host a both use device 0"]


@pytest.mark.parametrize(("text", "want"), [(None, None), ('{"ranks_per_node": 3}', 3)])
def test_ranks_per_node_wanted(text: str | None, want: int | None) -> None:
    assert C.ranks_per_node_wanted(text) == want


@pytest.mark.parametrize("text", ["{", "[]", '{"ranks_per_node": 0}', '{"ranks_per_node": "2"}'])
def test_ranks_per_node_wanted_rejects_a_bad_file(text: str) -> None:
    with pytest.raises(C.MiniAppError, match=r"job_layout\.json"):
        C.ranks_per_node_wanted(text)


def test_check_layout() -> None:
    good = [("nid200001", "0"), ("nid200001", "1"), ("nid200002", "0"), ("nid200002", "1")]
    assert C.check_layout(good, 2) == []
    assert C.check_layout(good, None) == []
    assert C.check_layout(good[:3], 2) == [
        "ranks per node 1 != modelled GPUs per node 2 (host nid200002)"]
    assert "ranks per node 3 != modelled GPUs per node 4 (host a)" in C.check_layout(
        [("a", "0"), ("a", "1"), ("a", "2")], 4)
    assert C.check_layout([("nid200001", "0"), ("nid200001", "0")], 2) == [
        "ranks 0 and 1 on host nid200001 both use device 0"]
    assert C.check_layout([("a", "0"), ("a", "5")], 2) == [
        "rank 1 on host a uses device 5, but a node has only 2 GPUs (0..1)"]
    assert C.check_layout([("a", "1.0"), ("a", "1.1")], 2) == []  # two tiles of GPU 1


def _resolver(table: dict[str, str]) -> object:
    def resolve(name: str) -> str:
        if name not in table:
            raise socket.gaierror(f"unknown host {name}")
        return table[name]
    return resolve


HOSTS = {"localhost": "127.0.0.1", "nid200001": "127.0.5.1", "nid200002": "127.0.5.2",
         "nid200001-hsn0": "10.1.0.1", "vm": "127.0.0.1"}


def test_check_rendezvous() -> None:
    two = ["nid200001", "nid200002"]
    resolve = _resolver(HOSTS)
    assert C.check_rendezvous("nid200001", two, resolve) == []
    by_ip = _resolver({**HOSTS, "127.0.5.1": "127.0.5.1"})
    assert C.check_rendezvous("127.0.5.1", two, by_ip) == []
    assert C.check_rendezvous("localhost", two, resolve) == [
        "MASTER_ADDR localhost is not rank 0's node nid200001 (127.0.5.1)"]
    assert C.check_rendezvous("nid200002", two, resolve) == [
        "MASTER_ADDR nid200002 is not rank 0's node nid200001 (127.0.5.1)"]
    assert C.check_rendezvous("localhost", ["nid200001", "nid200001"], resolve) == []
    # a second interface of rank 0's node (high-speed network name) is fine when rank 0 owns it
    assert C.check_rendezvous("nid200001-hsn0", two, resolve, lambda ip: True) == []
    assert C.check_rendezvous("nid200001-hsn0", two, resolve, lambda ip: False) == [
        "MASTER_ADDR nid200001-hsn0 (10.1.0.1) is not rank 0's node nid200001 (127.0.5.1)"]
    assert "does not resolve" in C.check_rendezvous("nosuch", two, resolve)[0]


def test_zero3_config_from_user_args(tmp_path: Path) -> None:
    z3 = _load("zero3")  # imports no torch at module level
    user = tmp_path / "ds.json"
    user.write_text('{"train_batch_size": 64, "fp16": {"enabled": true}, "gradient_clipping":'
                    ' "auto", "optimizer": {"type": "Adam"}, "zero_optimization": {"stage": 2,'
                    ' "offload_param": {"device": "cpu"}, "overlap_comm": true}}')
    assert z3.config_path(["--deepspeed_config", str(user), "--x"]) == str(user)
    assert z3.config_path(["--deepspeed=a.json"]) == "a.json"
    assert z3.config_path(["--lr", "1"]) is None
    cfg, source, notes = z3.ds_config(["--epochs", "3", "--deepspeed_config", str(user)], False)
    assert source == str(user)
    assert cfg["zero_optimization"] == {"stage": 3, "overlap_comm": True}
    assert "fp16" not in cfg and "optimizer" not in cfg and "gradient_clipping" not in cfg
    assert cfg["train_micro_batch_size_per_gpu"] == 2
    assert "zero_optimization.stage=2" in notes[0] and "gradient_clipping=auto" in notes[0]
    cfg, source, notes = z3.ds_config(["--deepspeed_config", str(tmp_path / "no.json")], True)
    assert source == "inline" and cfg["zero_optimization"] == {"stage": 3}
    assert "not found" in notes[0]


# ---------------------------------------------------------------- tiny GPT-2 (torch, in process)

def _gpt2() -> ModuleType:
    pytest.importorskip("torch")
    return _load("_gpt2")


def test_gpt2_initial_loss_determinism_and_tied_head() -> None:
    import torch

    g = _gpt2()
    cfg = g.GPT2Config(vocab_size=256, n_positions=64, n_embd=32, n_layer=2, n_head=2)
    model, again, other = g.build(cfg, seed=1234), g.build(cfg, seed=1234), g.build(cfg, seed=7)
    params = list(model.parameters())
    assert all(torch.equal(a, b) for a, b in zip(params, again.parameters(), strict=True))
    assert not torch.equal(params[0], next(other.parameters()))
    assert model.lm_head.weight is model.wte.weight
    assert abs(float(model.wte.weight.detach().std()) - 0.02) < 0.002  # GPT-2 init, not N(0, 1)
    proj = model.blocks[0].proj.weight.detach()
    assert abs(float(proj.std()) - 0.01) < 0.001  # residual projection: 0.02 / sqrt(2 * 2)
    tokens = torch.randint(0, 256, (4, 16), generator=torch.Generator().manual_seed(0))
    out = model(input_ids=tokens, labels=tokens)
    assert out.logits.shape == (4, 16, 256)
    assert abs(float(out.loss.detach()) - math.log(256)) < 0.3  # near-uniform prediction at init
    assert model(input_ids=tokens).loss is None


def test_gpt2_is_causal_and_trains() -> None:
    import torch

    g = _gpt2()
    model = g.build(g.GPT2Config(vocab_size=64, n_positions=16, n_embd=16, n_layer=1, n_head=4))
    tokens = torch.randint(0, 64, (1, 8), generator=torch.Generator().manual_seed(1))
    changed = tokens.clone()
    changed[0, 5:] = (changed[0, 5:] + 1) % 64
    a, b = model(input_ids=tokens).logits, model(input_ids=changed).logits
    assert torch.allclose(a[0, :5], b[0, :5]) and not torch.allclose(a[0, 5:], b[0, 5:])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    first = None
    for _ in range(5):
        loss = model(input_ids=tokens, labels=tokens).loss
        first = float(loss.detach()) if first is None else first
        opt.zero_grad()
        loss.backward()
        opt.step()
    assert float(model(input_ids=tokens, labels=tokens).loss.detach()) < first
    with pytest.raises(ValueError, match="sequence length 17 > n_positions 16"):
        model(input_ids=torch.zeros(1, 17, dtype=torch.long))
    with pytest.raises(ValueError, match="not a multiple of n_head"):
        g.GPT2Config(n_embd=30, n_head=4)


# ---------------------------------------------------------------- parser and assess (pure)

def _report(rank: int, world: int = 2, host: str = "nid200001", **kw: object) -> str:
    rep = C.Report(setup="ddp", host=host, world_size=world, rank=rank, local_rank=rank % 2,
                   modelled_device=str(rank % 2), backend="gloo")
    rep.collectives = {
        "allreduce": {"ok": True, "value": world * (world + 1) // 2,
                      "expected": world * (world + 1) // 2},
        "allgather": {"ok": True, "value": list(range(world)), "expected": list(range(world))}}
    rep.step = {"ok": True, "loss": 5.5}
    rep.timings = {"import_s": 1.0 + rank, "step_s": 0.1}
    for key, value in kw.items():
        setattr(rep, key, value)
    return str(rep.line())


def test_prefix_shared_with_the_miniapps() -> None:
    assert C.REPORT_PREFIX == REPORT_PREFIX


def test_parse_output_with_launcher_prefixes_and_noise() -> None:
    text = "\n".join([
        "some warning", "0: " + _report(0), "[rank1]:" + _report(1) + "trailing junk",
        REPORT_PREFIX + "{not json", REPORT_PREFIX + '{"setup": "ddp"}'])
    parsed = parse_output(text)
    assert isinstance(parsed, ParsedOutput)
    assert [r.rank for r in parsed.reports] == [0, 1]
    assert parsed.reports[0].collectives["allreduce"].value == 3
    assert parsed.reports[1].timings.import_s == 2.0
    assert len(parsed.malformed) == 2
    assert parse_reports("nothing here") == []


def _reports(*lines: str) -> list[MiniAppReport]:
    return parse_reports("\n".join(lines))


def test_assess_ok_and_layout() -> None:
    reps = _reports(*(_report(r, 4, "nid200001" if r < 2 else "nid200002") for r in range(4)))
    verdict = assess(reps, 4, 2, 2, expected_setup="ddp")
    assert verdict.ok and verdict.reasons == []
    assert verdict.ranks_per_host == {"nid200001": 2, "nid200002": 2}
    assert verdict.timings_max["import_s"] == 4.0
    bad = assess(reps, 4, 4, 1)
    assert not bad.ok
    assert "ranks per node 2 != 4 (host nid200001)" in bad.reasons
    assert "nodes 2 != expected 1 (nid200001, nid200002)" in bad.reasons
    assert "setup ddp != expected fsdp" in assess(reps, 4, expected_setup="fsdp").reasons


def test_assess_missing_and_world_size() -> None:
    verdict = assess(_reports(_report(0, 4), _report(1, 4), _report(2, 4)), 8)
    assert "ranks 3-7 missing" in verdict.reasons
    assert "world size 4 != expected 8 (ranks 0-2)" in verdict.reasons
    assert assess(_reports(_report(0), _report(1)), 4).reasons[0] == "ranks 2-3 missing"
    assert assess([], 2).reasons == ["no mini-app report found in the job output"]


def test_assess_failures_are_named() -> None:
    wrong = {"allreduce": {"ok": False, "value": 2, "expected": 3},
             "allgather": {"ok": True, "value": [0, 1], "expected": [0, 1]}}
    err = "MASTER_ADDR localhost is not rank 0's node nid200001 (127.0.5.1)"
    reps = _reports(_report(0, errors=[err]),
                    _report(1, collectives=wrong, errors=[err], step={"ok": False, "loss": None}))
    reasons = assess(reps, 2).reasons
    assert "collective allreduce wrong on rank 1" in reasons
    assert "training step failed on rank 1 (loss None)" not in reasons  # explained by its errors
    step_failed = _reports(_report(0), _report(1, step={"ok": False, "loss": float("nan")}))
    assert "training step failed on rank 1 (loss nan)" in assess(step_failed, 2).reasons
    assert f"{err} (ranks 0-1)" in reasons
    # real GPUs behind cgroups: every rank sees its own GPU as 0; the UUIDs tell them apart
    remapped = _reports(_report(0, modelled_device="0", device_uuid="GPU-a"),
                        _report(1, modelled_device="0", device_uuid="GPU-b"))
    assert assess(remapped, 2).ok
    assert C.check_layout([("h", "GPU-a"), ("h", "GPU-b")], 2) == []
    dup = assess(_reports(_report(0), _report(0), _report(1, modelled_device="0")), 2).reasons
    assert "rank 0 reported more than once (ranks launched twice?)" in dup
    assert "ranks 0 and 1 on host nid200001 both use device 0" in dup


# ---------------------------------------------------------------- real runs on this host

_RANK_VARS = {v for f in C.RANK_FAMILIES for v in (*f.rank, *f.size, *f.local_rank, *f.node_rank)}


def _env(**extra: str) -> dict[str, str]:
    drop = _RANK_VARS | set(C.VISIBILITY_VARS) | {"MASTER_ADDR", "MASTER_PORT", C.GPUS_PER_NODE_VAR}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(OMP_NUM_THREADS="1", MAPLE_MINIAPP_TIMEOUT_S="60", TRANSFORMERS_VERBOSITY="error",
               PYTHONWARNINGS="ignore", TOKENIZERS_PARALLELISM="false")
    env.update(extra)
    return env


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _without_transformers(tmp: Path) -> dict[str, str]:
    """Env under which ``import transformers`` fails in every process, as on a site whose PyTorch
    module does not ship it (a sitecustomize on PYTHONPATH puts None in sys.modules)."""
    (tmp / "sitecustomize.py").write_text("import sys\n\nsys.modules['transformers'] = None\n")
    path = os.pathsep.join(p for p in (str(tmp), os.environ.get("PYTHONPATH", "")) if p)
    return {"PYTHONPATH": path}


def test_transformers_blocker_works(tmp_path: Path) -> None:
    code = "import transformers"
    proc = subprocess.run([sys.executable, "-c", code], env=_env(**_without_transformers(tmp_path)),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "ModuleNotFoundError" in proc.stderr


def _torchrun(app: str, folder: Path = MINIAPPS, **extra: str
              ) -> tuple[int, ParsedOutput, str]:
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--nproc_per_node",
           "2", "--master_addr", "127.0.0.1", "--master_port", str(_port()),
           str(folder / f"{app}.py"), "--deepspeed_config", "ds_missing.json", "--epochs", "3"]
    proc = subprocess.run(cmd, env=_env(**extra), capture_output=True, text=True, timeout=180)
    text = proc.stdout + proc.stderr
    return proc.returncode, parse_output(text), text


def _processes(
    app: str, envs: list[dict[str, str]], wrappers: list[list[str]] | None = None
) -> list[tuple[int, str]]:
    wraps = wrappers or [[] for _ in envs]
    procs = [subprocess.Popen([*w, sys.executable, str(MINIAPPS / f"{app}.py"), "--user-arg"],
                              env=_env(**e), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True) for e, w in zip(envs, wraps, strict=True)]
    return [(p.wait(timeout=180), p.stdout.read() if p.stdout else "") for p in procs]


@pytest.mark.slow
@pytest.mark.parametrize("app", APPS)
def test_miniapp_passes_with_two_ranks_on_two_modelled_gpus(app: str, tmp_path: Path) -> None:
    """Runs with transformers unimportable: no code path of a mini-app may need it."""
    rc, parsed, text = _torchrun(app, MAPLE_TWIN_GPUS_PER_NODE="2",
                                 **_without_transformers(tmp_path))
    verdict = assess(parsed.reports, 2, 2, 1, expected_setup=app)
    assert verdict.ok, (verdict.reasons, text[-3000:])
    assert rc == 0
    # the loss of the first step, before any update: near ln(vocab), i.e. sane initial weights
    # (also for ZeRO-3, whose model is built inside zero.Init)
    assert all(abs((r.step.loss or 0.0) - math.log(256)) < 0.3 for r in parsed.reports), text
    assert sorted(r.modelled_device or "" for r in parsed.reports) == ["0", "1"]
    assert all(r.device == "cpu" and r.backend == "gloo" for r in parsed.reports)
    assert all(r.timings.step_s is not None for r in parsed.reports)


@pytest.mark.slow
def test_too_few_ranks_for_the_modelled_gpus_fails() -> None:
    rc, parsed, _ = _torchrun("ddp", MAPLE_TWIN_GPUS_PER_NODE="4")
    assert rc != 0
    assert len(parsed.reports) == 2 and not any(r.ok for r in parsed.reports)
    errors = parsed.reports[0].errors
    assert any("ranks per node 2 != modelled GPUs per node 4" in e for e in errors)
    assert "ranks per node 2 != 4 (host " + socket.gethostname() + ")" in assess(
        parsed.reports, 2, 4, 1).reasons


@pytest.mark.slow
def test_a_part_node_job_passes_with_the_ranks_it_means_to_run(tmp_path: Path) -> None:
    """A whole-node site shows 4 GPUs; the job means to use 2 per node (job_layout.json)."""
    for source in MINIAPPS.glob("*.py"):
        shutil.copy(source, tmp_path / source.name)
    (tmp_path / C.JOB_LAYOUT_FILE).write_text('{"ranks_per_node": 2}\n')
    rc, parsed, text = _torchrun("ddp", tmp_path, MAPLE_TWIN_GPUS_PER_NODE="4")
    assert rc == 0 and assess(parsed.reports, 2, 2, 1).ok, text[-3000:]
    assert all(r.device_model.get("ranks_per_node_wanted") == 2 for r in parsed.reports)


@pytest.mark.slow
def test_two_ranks_on_one_device_fails() -> None:
    rc, parsed, _ = _torchrun("ddp", MAPLE_TWIN_GPUS_PER_NODE="2", CUDA_VISIBLE_DEVICES="0")
    assert rc != 0
    reasons = assess(parsed.reports, 2, 2, 1).reasons
    host = socket.gethostname()
    assert f"ranks 0 and 1 on host {host} both use device 0 (ranks 0-1)" in reasons
    assert f"ranks 0 and 1 on host {host} both use device 0" in reasons


@pytest.mark.slow
def test_pmi_env_only_plain_python() -> None:
    port = str(_port())
    envs = [{"PMI_RANK": str(r), "PMI_SIZE": "2", "PMI_LOCAL_RANK": str(r),
             "MASTER_ADDR": "localhost", "MASTER_PORT": port} for r in range(2)]
    results = _processes("ddp", envs)
    reports = parse_reports("".join(out for _, out in results))
    assert assess(reports, 2, None, 1).ok, results
    assert {r.rank_source for r in reports} == {"pmi"}
    assert all(rc == 0 for rc, _ in results)
    assert any("MAPLE_TWIN_GPUS_PER_NODE unset" in n for n in reports[0].notes)


def test_missing_master_addr_is_reported_not_invented() -> None:
    [(rc, out)] = _processes("ddp", [{"RANK": "0", "WORLD_SIZE": "1", "LOCAL_RANK": "0"}])
    [report] = parse_reports(out)
    assert rc == 2 and not report.ok and report.rank == 0
    assert "MASTER_ADDR and MASTER_PORT not set" in report.errors[0]
    assert "MASTER_ADDR and MASTER_PORT not set" in assess([report], 1).reasons[0]


def _twin_nodes() -> list[str]:
    names = ["nid200001", "nid200002"]
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return []
    try:
        addrs = [socket.gethostbyname(n) for n in names]
    except OSError:
        return []
    return names if all(a.startswith("127.") and a != "127.0.0.1" for a in addrs) else []


@pytest.mark.slow
@pytest.mark.skipif(not _twin_nodes(), reason="needs root, unshare and the twin's /etc/hosts")
@pytest.mark.parametrize("master", ["localhost", "nid200001"])
def test_two_emulated_nodes_check_master_addr(master: str) -> None:
    port, nodes = str(_port()), _twin_nodes()
    envs = [{"SLURM_PROCID": str(r), "SLURM_NTASKS": "2", "SLURM_LOCALID": "0",
             "SLURM_NODEID": str(r), "MASTER_ADDR": master, "MASTER_PORT": port,
             "MAPLE_TWIN_GPUS_PER_NODE": "1"} for r, n in enumerate(nodes)]
    wrappers = [["unshare", "--uts", "sh", "-c", f'hostname {n} && exec "$0" "$@"']
                for n in nodes]
    results = _processes("ddp", envs, wrappers)
    reports = parse_reports("".join(out for _, out in results))
    verdict = assess(reports, 2, 1, 2)
    assert verdict.ranks_per_host == {"nid200001": 1, "nid200002": 1}, results
    if master == "nid200001":
        assert verdict.ok, verdict.reasons
    else:
        addr = socket.gethostbyname("nid200001")
        assert f"MASTER_ADDR localhost is not rank 0's node nid200001 ({addr}) (ranks 0-1)" in (
            verdict.reasons)
        assert all(rc != 0 for rc, _ in results)


# ---------------------------------------------------------------- data-parallel checksum (pure)

def test_param_checksums_agree_up_to_float32_rounding() -> None:
    sys.path.insert(0, str(MINIAPPS))
    try:
        runtime = _load("_runtime")
    finally:
        sys.path.remove(str(MINIAPPS))
    assert runtime.checksums_agree([636.7728302726721] * 8)
    # last-bit rounding of a rank whose optimizer loop was split differently (warm twin)
    assert runtime.checksums_agree([636.7728374885594] + [636.7728302726721] * 7)
    # one rank stepped with its own gradient: AdamW moves parameters by about lr = 1e-3
    assert not runtime.checksums_agree([636.7728302726721] * 7 + [636.7728302726721 + 0.05])
    assert not runtime.checksums_agree([1e-3, 2e-3])
