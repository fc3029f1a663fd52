"""Fixes on users' own scripts (tests/data/repair_user): the line at fault is found through
scriptparse, never by maple_flow's own variable names."""

from __future__ import annotations

from pathlib import Path

import pytest

from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import ops as o
from maple_flow.repair.patch import apply_op
from maple_flow.repair.text import FixNotApplicable, logical_span, scan_words
from maple_flow.scriptparse import parse_script

DATA = Path(__file__).parent / "data" / "repair_user"


def _script(name: str) -> str:
    return (DATA / f"{name}.sh").read_text(encoding="utf-8")


def _changed(before: str, after: str) -> list[tuple[str, str]]:
    pairs = list(zip(before.splitlines(), after.splitlines(), strict=False))
    return [(a, b) for a, b in pairs if a != b]


@pytest.mark.parametrize("op", [o.AddModule(name="cudatoolkit"), o.ExportEnv(name="A", value="1"),
                                o.SetLauncherArg(launcher="srun", name="--export", value="ALL"),
                                o.SetMasterAddr()])
def test_multiline_bash_c_body_is_one_launch_command(op: o.FixOp) -> None:
    """srun -l bash -c "<multi-line body>": was IndexError in scan_words."""
    text = _script("pm_srun_bash_c")
    after = apply_op(text, op, get_profile("perlmutter"))
    assert after != text
    assert after.rstrip().endswith('$cmd\n    "')
    parse_script(after)


def test_scan_words_stops_at_an_unclosed_quote() -> None:
    assert [w.raw for w in scan_words('srun -l \\\n    bash -c "')] == \
        ["srun", "-l", "bash", "-c", '"']


def test_logical_span_covers_a_quoted_body_over_lines() -> None:
    text = _script("pm_srun_bash_c")
    line = text.splitlines().index("srun -l \\") + 1
    start, end = logical_span(text, line)
    assert text[start:end].endswith('$cmd\n    "')


def test_nranks_per_node_variable_is_fixed_where_it_is_set() -> None:
    """Polaris, NRANKS_PER_NODE=8 on 4-GPU nodes: was 'no GPUS_PER_NODE= line'."""
    text = _script("polaris_nranks_per_node")
    after = apply_op(text, o.SetGpusPerNode(gpus_per_node=4), get_profile("polaris"))
    assert _changed(text, after) == [("NRANKS_PER_NODE=8", "NRANKS_PER_NODE=4")]


def test_nproc_inside_a_bash_c_body() -> None:
    text = _script("ls6_srun_bash_c_torchrun")
    after = apply_op(text, o.SetGpusPerNode(gpus_per_node=3), get_profile("lonestar6"))
    (_old, new), = _changed(text, after)
    assert "--nproc_per_node=3 --nnodes=2" in new and new.endswith("x.h5ad'\"")


def test_several_launchers_per_node_become_one() -> None:
    text = _script("pm_srun_torchrun_per_gpu")
    after = apply_op(text, o.SetGpusPerNode(gpus_per_node=4), get_profile("perlmutter"))
    launch = parse_script(after).launch.stage("srun")
    assert launch is not None and launch.get("--ntasks-per-node") == "1"
    assert launch.get("--ntasks") == "${SLURM_JOB_NUM_NODES}"
    assert apply_op(after, o.SetGpusPerNode(gpus_per_node=4), get_profile("perlmutter")) == after


def test_literal_rendezvous_port_follows_the_exported_master_port() -> None:
    text = _script("pm_srun_torchrun_per_gpu")
    after = apply_op(text, o.SetMasterAddr(), get_profile("perlmutter"))
    assert '--rdzv_endpoint="$MASTER_ADDR:$MASTER_PORT"' in after
    assert "localhost" not in after


def test_bad_qos_is_removed_not_the_partition_moved() -> None:
    text = _script("delta_bad_qos")
    profile = get_profile("delta")
    after = apply_op(text, o.SetQueue(name=profile.queues.default_queue.name), profile)
    assert "qos" not in after
    assert "#SBATCH --partition=gpuA100x4" in after


def test_gres_on_the_srun_line_is_the_one_fixed() -> None:
    text = _script("delta_bad_qos").replace("srun --qos=gpu_premium", "srun --gres=gpu:8")
    after = apply_op(text, o.SetGpusPerNode(gpus_per_node=4), get_profile("delta"))
    assert "srun --gres=gpu:4 torchrun" in after
    assert "#SBATCH --gpus-per-node=4" in after


def test_typed_gpus_keep_their_type() -> None:
    text = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH -p GPU\n#SBATCH --gpus=v100-32:32\n"
            "#SBATCH -t 01:00:00\nsrun --ntasks-per-node=1 torchrun --nproc_per_node=16 x.py\n")
    after = apply_op(text, o.SetGpusPerNode(gpus_per_node=8), get_profile("bridges2"))
    assert "#SBATCH --gpus=v100-32:16" in after
    assert "--nproc_per_node=8" in after


def test_no_per_node_count_anywhere_says_why() -> None:
    text = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 01:00:00\npython train.py\n"
    with pytest.raises(FixNotApplicable, match="says nowhere"):
        apply_op(text, o.SetGpusPerNode(gpus_per_node=4), get_profile("delta"))


def test_export_env_is_linear_on_long_unquoted_exports() -> None:
    """A line like mila's ``export WORLD_SIZE=${WORLD_SIZE:=$(($A * $B))}`` made the
    single-export pattern backtrack exponentially (found by the property test)."""
    import re

    from maple_flow.repair.patch_env import _SINGLE_EXPORT

    line = "export X=" + "a" * 40 + " $(( B * C ))"
    assert not _SINGLE_EXPORT.match(line)
    assert isinstance(_SINGLE_EXPORT, re.Pattern)
    text = f"#!/bin/bash\n#SBATCH -N 1\n{line}\n" + "srun python train.py\n"
    assert "export NCCL_DEBUG=INFO" in apply_op(text, o.ExportEnv(name="NCCL_DEBUG",
                                                                  value="INFO"),
                                                get_profile("delta"))


def test_cores_over_the_node_are_fitted() -> None:
    """"Requested node configuration is not available" when cores, not GPUs, are at fault."""
    text = _script("delta_bad_qos").replace("--cpus-per-task=16", "--cpus-per-task=256")
    profile = get_profile("delta")
    after = apply_op(text, o.SetGpusPerNode(gpus_per_node=4), profile)
    assert f"#SBATCH --cpus-per-task={profile.node.cpus}" in after


def test_remove_gres_also_leaves_the_srun_line() -> None:
    text = _script("delta_bad_qos").replace("srun --qos=gpu_premium", "srun --gres=gpu:8")
    after = apply_op(text, o.RemoveDirective(option="gres"), get_profile("delta"))
    assert "--gres" not in after and "srun torchrun" in after


def test_ppn_reading_a_variable_sets_the_variable() -> None:
    text = _script("polaris_nranks_per_node")
    after = apply_op(text, o.SetLauncherArg(launcher="mpiexec", name="--ppn", value="4"),
                     get_profile("polaris"))
    assert _changed(text, after) == [("NRANKS_PER_NODE=8", "NRANKS_PER_NODE=4")]


def test_bridges2_gets_the_typed_gpu_request() -> None:
    text = ("#!/bin/bash\n#SBATCH -N 2\n#SBATCH -p GPU\n#SBATCH --gres=gpu:8\n"
            "#SBATCH -t 01:00:00\nsrun --ntasks-per-node=1 torchrun --nproc_per_node=8 x.py\n")
    profile = get_profile("bridges2")
    text = apply_op(text, o.RemoveDirective(option="gres"), profile)
    after = apply_op(text, o.SetDirective(option="gpus-per-node", value="8"), profile)
    assert "#SBATCH --gpus=v100-32:16" in after and "gpus-per-node" not in after
